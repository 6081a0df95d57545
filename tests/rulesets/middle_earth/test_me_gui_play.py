"""The studio's play mode runs a Middle Earth game: a person gives orders and casts a spell
from the panel, the AIs finish the game and the log reads in words."""
import os

import pytest

from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/me-ford-of-the-river.yaml"
SIDES = ["west", "mordor"]


@pytest.fixture
def window(make_window):
    w = make_window(SAMPLE, size=(1366, 768), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_a_person_orders_a_unit_and_casts_a_spell(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4))
    s, h, dock = mode.session, mode.handler, mode.dock
    assert "Middle Earth" in dock.turn_label.text() and s.state.to_act == "west"
    h.select("gandalf")
    assert h.selected == "gandalf" and dock.unit_actions.count() == len(h.actions) > 0
    texts = [dock.unit_actions.item(i).text() for i in range(dock.unit_actions.count())]
    spell = next(i for i, t in enumerate(texts) if "casts" in t)
    start = s.position
    dock.unit_actions.setCurrentRow(spell)
    dock.do_button.click()
    assert s.position == start + 1
    assert any("casts" in mode.log_dock.list.item(i).text()
               for i in range(mode.log_dock.list.count()))
    shot = os.environ.get("ME_SHOTS")
    if shot:
        window.grab().save(os.path.join(shot, "me-play-1366.png"))


def test_ais_finish_a_game_and_the_log_reads(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4, {s: "heuristic" for s in SIDES}))
    s = mode.session
    s.set_speed(60)
    qtbot.waitUntil(lambda: s.state.over, timeout=120000)
    assert "Game over" in mode.dock.turn_label.text()
    texts = [mode.log_dock.list.item(i).text() for i in range(mode.log_dock.list.count())]
    assert any("tests morale" in t for t in texts)
    assert not any("{" in t for t in texts)
