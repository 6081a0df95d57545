"""The Balance lab (issue 28 items 25-26): its table shows the interval the verdict uses and
what would decide an open variant, says "no effect on these games" of a change the games
never meet, and Resume goes on after a Cancel to the report of an uninterrupted run."""
from __future__ import annotations

import copy

from PySide6.QtCore import Qt

from studio.balance import prepare_study, run_study
from test_gui_balance_lab import add, lab, library  # noqa: F401


def test_lab_resumes_after_a_cancel_and_reports_no_effect(lab, qtbot, library):  # noqa: F811
    w, view, sc = lab
    assert add(view, "round_limit", None, "", str(sc.round_limit + 6)) is not None
    view.band.setValue(0.1)
    view.max_games.setValue(150)
    assert not view.resume_button.isEnabled()
    stopped = []
    view.studyStopped.connect(stopped.append)
    view.run()
    qtbot.waitUntil(lambda: view.progress.value() >= 120, timeout=120000)
    view.cancel()
    qtbot.waitUntil(lambda: bool(stopped), timeout=120000)
    assert stopped == ["cancelled"] and view.resume_button.isEnabled()
    cut = view.report
    done = []
    view.studyFinished.connect(done.append)
    qtbot.mouseClick(view.resume_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: bool(done), timeout=120000)
    resumed = done[0]
    assert not resumed.cancelled and resumed.games >= cut.games
    expected = run_study(prepare_study(view.study(), library, scenario=copy.deepcopy(sc)),
                         library)
    assert resumed.to_json() == expected.to_json()
    header = view.table.horizontalHeaderItem(4).text()
    assert header == "Verdict interval"
    base, longer = resumed.variants
    low, high = resumed.verdict_interval(base)
    assert view.table.item(0, 4).text() == f"{100 * low:.1f}% – {100 * high:.1f}%"
    assert view.table.item(1, 5).text() == "no effect on these games"
    assert "no game reached round" in view.table.item(1, 5).toolTip()
    assert "no effect on these games: no game reached round" in view.suggestion.text()
    if base.verdict == "open":
        assert "more games" in view.table.item(0, 5).text()
        assert "not decided" in view.suggestion.text()
