"""Play mode and the balance report window rendered offscreen.

`STUDIO_SCREENSHOTS=docs/images python3 -m pytest tests/gui/test_gui_play_screenshots.py`
refreshes the pictures of docs/playtest.md (play-*.png, balance-*.png); otherwise they go
to a temporary folder and are only checked.
"""
import copy
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from studio.ai import HeuristicAI, derive_seed, play_game
from studio.rulesets.rules_of_war import GameLog, attack_targets, move_options
from studio.rulesets.rules_of_war.sample import line_battle
from studio.gui.balance.window import BalanceWindow
from studio.io import default_library, load_file
from studio.playtest.game_file import game_text
from studio.playtest.timeline import Timeline
from studio.io.samples import sample_scenario_path

SEED = 5


def out_dir(tmp_path) -> Path:
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def contact_position(model, lib, log):
    """The first point where the Athenians move and one of their units can attack."""
    t = Timeline.from_log(model, lib, log)
    for p in range(len(log.actions)):
        state = t.seek(p)
        if state.to_act != "athenians" or state.window is not None or \
                state.phase != "movement":
            continue
        for u in state.units_of_side(0):
            if u.status == "on" and attack_targets(state, u.uid) and move_options(state, u.uid):
                return p, u.uid
    raise AssertionError("no contact in the recorded game")


@pytest.fixture
def window(make_window):
    w = make_window(size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_play_mode_screenshot(window, qtbot, tmp_path):
    out = out_dir(tmp_path)
    model = load_file(sample_scenario_path()).model
    lib = window.library
    players = {s.id: HeuristicAI(derive_seed(SEED, "ai", s.id)) for s in model.sides}
    _state, log = play_game(model, lib, SEED, players)
    p, uid = contact_position(model, lib, log)
    prefix = GameLog(log.scenario, log.seed, log.options_override, log.actions[:p],
                     per_action=log.per_action[:p], opening=log.opening)
    game = tmp_path / "contact.jsonl"
    game.write_text(game_text(Timeline.from_log(model, lib, prefix), sample_scenario_path(),
                              {"athenians": {"kind": "human"},
                               "persians": {"kind": "heuristic",
                                            "seed": derive_seed(SEED, "ai", "persians")}}),
                    encoding="utf-8")
    mode = window.play_menu.open_game(game)
    s, h, view = mode.session, mode.handler, mode.view
    assert s.human_to_act()
    h.select(uid)
    assert h.reach and h.targets
    target = h.targets[0]
    view.zoom_to_radius(40)
    view.center_on_hex(h.units_hex(uid))
    h.set_destination(max(h.reach, key=lambda x: view.doc.geometry.label(x)))
    h.cancel()                             # show the reach, not a half-made move
    assert h.selected == uid and h.pending is None
    h.hover = next(iter(h.reach))
    qtbot.wait(50)
    view.flush()
    image = window.grab().toImage()
    assert image.save(str(out / "play-marathon.png"))
    centre = view.mapTo(window, view.viewport().rect().center())
    assert QColor(image.pixel(centre)).name() != "#787c82"
    assert mode.dock.targets.rowCount() == len(h.targets)

    # Attack: the dice results appear on the map and in the log.
    assert h.attack(target.uid)
    s.set_speed(60)
    s.set_running(True)                    # the Persian AI answers (or not) the attack
    qtbot.waitUntil(lambda: bool(h.labels), timeout=10000)
    s.set_running(False)
    qtbot.waitUntil(lambda: not s.thinking, timeout=5000)
    view.flush()
    image = window.grab().toImage()
    assert image.save(str(out / "play-attack.png"))
    assert any(e.kind == "attack" for e in s.entries[-6:])


def test_balance_report_screenshots(qtbot, tmp_path):
    out = out_dir(tmp_path)
    model = load_file(sample_scenario_path()).model
    w = BalanceWindow(lambda: model, default_library(), lambda: "marathon.yaml")
    qtbot.addWidget(w)
    w.resize(1250, 860)
    w.show()
    qtbot.waitExposed(w)
    done = []
    w.runFinished.connect(done.append)
    w.run(games=16, seed=1, workers=2)
    qtbot.waitUntil(lambda: bool(done), timeout=300000)
    qtbot.wait(50)
    image = w.grab().toImage()
    assert image.save(str(out / "balance-report.png"))
    assert w.report_view.win_chart.bars

    # Two quick runs of a small battle, before and after shortening it, compared.
    sc, lib = line_battle(units_per_side=5, columns=12, rows=14, seed=1, round_limit=8)
    sc.name = "Line battle"
    sc.sides[0].colour, sc.sides[1].colour = "#b03a2e", "#2b5fa8"
    holder = {"scenario": sc}
    c = BalanceWindow(lambda: holder["scenario"], lib, lambda: "line-battle.yaml")
    qtbot.addWidget(c)
    c.resize(1250, 860)
    c.show()
    finished = []
    c.runFinished.connect(finished.append)
    c.run(games=40, seed=3, workers=1)
    qtbot.waitUntil(lambda: len(finished) == 1, timeout=120000)
    shorter = copy.deepcopy(sc)
    shorter.round_limit = 4
    holder["scenario"] = shorter
    c.run(games=40, seed=3, workers=1)
    qtbot.waitUntil(lambda: len(finished) == 2, timeout=120000)
    c.tabs.setCurrentWidget(c.compare_view)
    qtbot.wait(50)
    image = c.grab().toImage()
    assert image.save(str(out / "balance-compare.png"))
    assert c.compare_view.table.rowCount() > 10
