"""The balance window on the samples of the rulesets other than Rules of War (a three-sided
Quick and Dirty battle, the Action Dice border skirmish): every side in the report and its
charts, the same numbers as `run_batch`, and units credited with kills."""
import copy

import pytest

from studio.gui.balance.window import BalanceWindow
from studio.io import default_library, load_file
from studio.simulate import run_batch

# sample, its sides in order, games to play
SAMPLES = {"quick-and-dirty": ("templates/scenarios/qnd-battle-of-three-armies.yaml",
                               ["elves", "orcs", "companies"], 20),
           "action-dice": ("templates/scenarios/ad-border-skirmish.yaml", ["men", "orcs"], 6)}


@pytest.fixture(params=list(SAMPLES))
def window(request, qtbot):
    library = default_library()
    sample, sides, games = SAMPLES[request.param]
    scenario = load_file(sample).model
    w = BalanceWindow(lambda: scenario, library, lambda: scenario.name)
    qtbot.addWidget(w)
    w.show()
    yield w, scenario, library, sides, games
    if w.running:
        w.thread.cancel()
        w.wait()


def test_every_side_in_the_report_and_charts(window, qtbot, tmp_path):
    w, scenario, library, sides, games = window
    finished = []
    w.runFinished.connect(finished.append)
    assert w.run(games=games, seed=5, workers=1)
    qtbot.waitUntil(lambda: bool(finished), timeout=120000)
    report = finished[0].report
    assert report.to_dict() == run_batch(copy.deepcopy(scenario), library, games, 5,
                                         workers=1).to_dict()
    assert [s.side for s in report.sides] == sides
    view = w.report_view
    assert [b.value for b in view.win_chart.bars[:len(sides)]] == [s.win_rate for s in report.sides]
    assert view.units.rowCount() == sum(len(s.unit_types) for s in report.sides)
    assert sum(u.kills_per_game for s in report.sides for u in s.unit_types) > 0
    for side in report.sides:
        assert side.name in view.summary.text() or side.side in view.summary.text()
    from pypdf import PdfReader
    pdf = w.export(tmp_path / "balance.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    for side in report.sides:
        assert side.name in text
