"""The balance window shows what decided every win of a three-sided Quick and Dirty battle:
no side has a win without a cause in the "what decided the games" chart."""
from __future__ import annotations

import os

from studio.gui.balance.window import BalanceWindow
from studio.io import default_library, load_file


def test_three_sided_wins_all_have_a_cause(qtbot):
    library = default_library()
    scenario = load_file("templates/scenarios/qnd-battle-of-three-armies.yaml").model
    w = BalanceWindow(lambda: scenario, library, lambda: scenario.name)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    finished = []
    w.runFinished.connect(finished.append)
    assert w.run(games=12, seed=5, workers=1)
    qtbot.waitUntil(lambda: bool(finished), timeout=120000)
    report = finished[0].report
    bars = w.report_view.victory_chart.bars
    assert sum(s.wins for s in report.sides) > 0
    for side in report.sides:
        mine = [b for b in bars if b.label.startswith(f"{side.name}: ")]
        counted = sum(int(b.text.split()[0]) for b in mine)
        assert counted >= side.wins, (side.name, counted, side.wins)
        for b in mine:
            cause = b.label.split(": ", 1)[1]
            assert cause in report.cause_words.values() and cause != "cause not recorded"
    shots = os.environ.get("STUDIO_SHOTS")
    if shots:
        w.grab().save(os.path.join(shots, "balance-three-sided-1366.png"))
