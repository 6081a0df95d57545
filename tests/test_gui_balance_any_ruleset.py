"""The balance window on a three-sided Quick and Dirty battle: three sides in the report and
its charts, the same numbers as `run_batch`, and units credited with kills."""
import copy

import pytest

from studio.gui.balance.window import BalanceWindow
from studio.io import default_library, load_file
from studio.simulate import run_batch

SAMPLE = "templates/scenarios/qnd-battle-of-three-armies.yaml"


@pytest.fixture
def window(qtbot):
    library = default_library()
    scenario = load_file(SAMPLE).model
    w = BalanceWindow(lambda: scenario, library, lambda: scenario.name)
    qtbot.addWidget(w)
    w.show()
    yield w, scenario, library
    if w.running:
        w.thread.cancel()
        w.wait()


def test_three_sides_in_the_report_and_charts(window, qtbot, tmp_path):
    w, scenario, library = window
    finished = []
    w.runFinished.connect(finished.append)
    assert w.run(games=20, seed=5, workers=1)
    qtbot.waitUntil(lambda: bool(finished), timeout=120000)
    report = finished[0].report
    assert report.to_dict() == run_batch(copy.deepcopy(scenario), library, 20, 5,
                                         workers=1).to_dict()
    assert [s.side for s in report.sides] == ["elves", "orcs", "companies"]
    view = w.report_view
    assert [b.value for b in view.win_chart.bars[:3]] == [s.win_rate for s in report.sides]
    assert view.units.rowCount() == sum(len(s.unit_types) for s in report.sides)
    assert sum(u.kills_per_game for s in report.sides for u in s.unit_types) > 0
    for side in report.sides:
        assert side.name in view.summary.text() or side.side in view.summary.text()
    from pypdf import PdfReader
    pdf = w.export(tmp_path / "balance.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    for side in report.sides:
        assert side.name in text
