"""Play mode for the rulesets other than Rules of War (the Quick and Dirty three-sided
sample, the Action Dice border skirmish), through the generic panel: hotseat shows each side
only what it may see, a person plays a unit's action from the panel or the map, AIs finish a
game, and the log has words."""
import pytest
from PySide6.QtCore import Qt

from studio.gui.play.rules_dock import RulesDock
from studio.gui.play.rules_handler import RulesHandler
from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/qnd-battle-of-three-armies.yaml"
SIDES = ["elves", "orcs", "companies"]
# (sample, its sides, what its turn label names) for the tests every ruleset must pass
ANY = {"quick-and-dirty": (SAMPLE, SIDES, "Quick and Dirty"),
       "action-dice": ("templates/scenarios/ad-border-skirmish.yaml", ["men", "orcs"],
                       "Action Dice")}


@pytest.fixture
def window(make_window):
    w = make_window(SAMPLE, size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


@pytest.fixture(params=list(ANY))
def any_window(request, make_window):
    sample, sides, label = ANY[request.param]
    w = make_window(sample, size=(1400, 900), exposed=True, validation_delay_ms=0)
    w.sample_sides, w.sample_label = sides, label
    yield w
    w.play_menu.leave()


def _hidden_from(state, side_index):
    return {u.uid for u in state.units if u.side != side_index
            and u.i in state.hidden and side_index not in state.hidden[u.i]}


def test_hotseat_shows_a_side_only_what_it_may_see(window):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4))
    assert isinstance(mode.handler, RulesHandler) and isinstance(mode.dock, RulesDock)
    s = mode.session
    state = s.state
    acting = state.game.side_index[state.to_act]
    unseen = _hidden_from(state, acting)
    assert unseen, "the sample hides the enemy's set-up"
    drawn = {m.name for m in mode.handler.markers}      # a marker is named by its unit id
    assert not drawn & unseen
    assert {u.uid for u in state.units if state.side_id(u.side) == state.to_act} <= drawn
    assert "Quick and Dirty" in mode.dock.turn_label.text()


def test_a_person_plays_a_move_from_the_panel_and_on_the_map(any_window, qtbot, monkeypatch):
    window = any_window
    offered = []
    mode = window.play_menu.play(PlaySetup.default(window.sample_sides, 4))
    s, h, dock = mode.session, mode.handler, mode.dock
    assert window.sample_label in dock.turn_label.text()
    # several actions lead to one hex (a move and its facings): the menu's first choice
    monkeypatch.setattr(h, "choose", lambda options, where: offered.append(options) or options[0])
    own = next(m for m in h.markers if m.side_id == s.state.to_act)
    h.select_in(own.hex)                                # a click on the unit's hex
    assert h.selected == own.name
    h.select(None)
    h.next_unit()
    assert h.selected is not None and dock.unit_actions.count() == len(h.actions) > 0
    assert s.names.unit(h.selected) in dock.unit_label.text()
    # actions name units as people read them, not by id
    assert h.selected not in dock.unit_actions.item(0).text()
    assert s.names.unit(h.selected) in dock.unit_actions.item(0).text()
    start = s.position
    dock.unit_actions.setCurrentRow(0)
    qtbot.mouseClick(dock.do_button, Qt.LeftButton)
    assert s.position == start + 1
    # the next unit, by a click on a hex its actions lead to
    h.next_unit()
    target = next(iter(h.by_hex))
    assert h.play_at(target)
    assert s.position == start + 2
    assert len(offered) <= 1
    assert mode.log_dock.list.count() >= 2


def test_ais_finish_a_game_and_the_log_reads(any_window, qtbot):
    window = any_window
    sides = window.sample_sides
    mode = window.play_menu.play(PlaySetup.default(sides, 4, {s: "heuristic" for s in sides}))
    s = mode.session
    s.set_speed(60)
    qtbot.waitUntil(lambda: s.state.over, timeout=60000)
    assert "Game over" in mode.dock.turn_label.text()
    texts = [mode.log_dock.list.item(i).text() for i in range(mode.log_dock.list.count())]
    assert any(w in t.lower() for t in texts for w in ("initiative", "turn", "order of play"))
    assert not any("{" in t or "uid" in t for t in texts)
