"""Issue 29 item 4: a target band that runs past 0 % or 100 % is shown as the win rates it
can hold (70 %-100 %, not 70 %-110 %), in the text report and on the PDF's chart."""
from studio.balance.report import StudyReport, format_study


def _report(target: float, band: float) -> StudyReport:
    return StudyReport("s", "S", "sc", "Sc", "a", "A", target, band, 0.05, 1, 100, [])


def test_a_band_past_100_percent_ends_at_100():
    report = _report(0.9, 0.2)
    assert report.band_edges == (0.7, 1.0)
    assert "70.0%–100.0%" in format_study(report)
    assert "110" not in format_study(report)


def test_a_band_below_0_percent_starts_at_0():
    report = _report(0.05, 0.1)
    assert report.band_edges == (0.0, 0.15000000000000002)
    assert "0.0%–15.0%" in report.suggestion_text()
