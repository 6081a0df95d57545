""""Compare two runs" refuses runs of different scenarios or rulesets instead of comparing
"Orc Horde" across two scenarios (issue 28 item 6); runs of one scenario still compare."""
import copy

import pytest

from studio.playtest.balance_runs import RunHistory
from studio.playtest.report_compare import scenario_digest
from studio.simulate import run_batch
from test_gui_balance_window import battle, small_battle  # noqa: F401


def test_the_window_refuses_to_compare_two_scenarios(battle, qtbot):  # noqa: F811
    w, holder, _lib = battle
    done = []
    w.runFinished.connect(done.append)
    w.run(games=6, seed=1, workers=1)
    qtbot.waitUntil(lambda: len(done) == 1, timeout=60000)
    other = copy.deepcopy(holder.scenario)
    other.id, other.name = "another-battle", "Another battle"
    holder.scenario = other                            # another scenario opened
    w.run(games=6, seed=1, workers=1)
    qtbot.waitUntil(lambda: len(done) == 2, timeout=60000)
    cv = w.compare_view
    a, b = cv.runs()
    assert (a.number, b.number) == (1, 2)
    assert cv.table.rowCount() == 0 and cv.rows == []
    text = cv.changes.text()
    assert "Not compared" in text and "different scenarios" in text
    assert "Another battle (another-battle)" in cv.refused
    cv.choose(2, 2)                                    # one scenario: compared again
    assert cv.refused == "" and cv.table.rowCount() > 0


def test_history_refuses_runs_of_different_rulesets():
    sc, lib = small_battle()
    report = run_batch(sc, lib, 2, seed=1)
    history = RunHistory()
    first = history.add(report, scenario_digest(sc))
    other = copy.deepcopy(sc)
    other.ruleset = "quick-and-dirty"
    second = history.add(report, scenario_digest(other))
    with pytest.raises(ValueError, match="different rulesets \\(rules-of-war and "
                                         "quick-and-dirty\\)"):
        history.compare(first, second)
    rows, changes = history.compare(first, first)
    assert rows and changes == []
