"""The balance report as PDF: what it says, its embedded fonts, the comparison pages,
cancelling."""
import threading

import pytest
from pypdf import PdfReader

from studio.rulesets.rules_of_war.sample import line_battle
from studio.export.balance_report import Comparison, export_balance_report
from studio.export.progress import ExportCancelled
from studio.playtest.report_compare import scenario_digest
from studio.simulate import run_batch


@pytest.fixture(scope="module")
def reports():
    sc, lib = line_battle(units_per_side=4, columns=12, rows=14, seed=1, round_limit=6)
    first = run_batch(sc, lib, 16, 5)
    sc.round_limit = 4
    second = run_batch(sc, lib, 16, 5)
    return sc, first, second


def _text(path) -> str:
    reader = PdfReader(str(path))
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def test_report_pdf_says_what_the_report_says(reports, tmp_path):
    sc, first, _second = reports
    seen = []
    out = tmp_path / "report.pdf"
    pages = export_balance_report(first, out, colours={"red": "#b03a2e"},
                                  settings=scenario_digest(sc),
                                  progress=lambda d, t, m: seen.append(m))
    assert pages >= 1 and seen[-1] == f"page {pages}"
    text = _text(out)
    assert f"Balance report — {first.scenario_name}" in text
    red = first.side("red")
    assert f"{100 * red.win_rate:.1f}%" in text
    lo, hi = red.win_rate_ci95
    assert f"{100 * lo:.1f}% – {100 * hi:.1f}%" in text
    assert f"Mean {first.rounds['mean']:.2f} rounds" in text
    for u in red.unit_types:
        assert u.name in text
    assert "Every ability in play is simulated." in text
    assert "Round limit 4" in text or "Round limit" in text
    reader = PdfReader(str(out))
    for page in reader.pages:
        for f in page["/Resources"]["/Font"].values():
            font = f.get_object()
            assert "Vera" in str(font["/BaseFont"])
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_comparison_pages(reports, tmp_path):
    sc, first, second = reports
    out = tmp_path / "compare.pdf"
    changes = ["Round limit: 6 → 4"]
    pages = export_balance_report(second, out, compare=Comparison("Run 1", first, "Run 2",
                                                                  second, changes))
    text = _text(out)
    assert pages >= 2
    assert "Run 2 against Run 1" in text and "Round limit: 6 to 4" in text
    assert "Mean rounds" in text and "Difference" in text


def test_cancel_leaves_no_file(reports, tmp_path):
    _sc, first, _second = reports
    out = tmp_path / "cancelled.pdf"
    stop = threading.Event()
    stop.set()
    with pytest.raises(ExportCancelled):
        export_balance_report(first, out, cancel=stop)
    assert not out.exists()
