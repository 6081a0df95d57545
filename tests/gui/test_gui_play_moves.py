"""Play mode on the real widgets: selecting a unit shows the engine's reach and odds; a
move and an attack made with the mouse and keys give the engine's own game, and the log
says it in plain words."""
import copy

import pytest
from PySide6.QtCore import QPoint, Qt

from studio.rulesets.rules_of_war import (Attack, ChooseOrder, Move, Pass, apply, attack_targets,
                           move_options, new_game)
from studio.rulesets.rules_of_war.odds import state_odds
from studio.gui.document import ScenarioDocument
from studio.io import default_library, load_file
from studio.playtest.players import PlaySetup
from studio.io.samples import sample_scenario_path
from studio.simulate.mirror import mirror_scenario

SEED = 1


def marathon_close():
    """Marathon with the first Immortals two hexes from the Athenian line."""
    model = load_file(sample_scenario_path()).model
    immortals = model.sides[1].army.units[1]
    assert immortals.type == "immortals"
    immortals.hex, immortals.facing = "0805", "NW"
    return model


@pytest.fixture
def window(make_window):
    def open_close_armies(w) -> None:
        w.set_document(ScenarioDocument(marathon_close(), None, library=w.library))
    w = make_window(load=open_close_armies, size=(1400, 900), exposed=True,
                    validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def play_humans(w):
    setup = PlaySetup.default([s.id for s in w.doc.model.sides], dice_seed=SEED)
    return w.play_menu.play(setup)


def click_hex(qtbot, mode, label, button=Qt.LeftButton):
    h = mode.view.doc.geometry.parse_label(label)
    mode.view.center_on_hex(h)
    p = mode.view.hex_to_viewport(h)
    qtbot.mouseClick(mode.view.viewport(), button, pos=QPoint(round(p.x()), round(p.y())))


def test_selecting_a_unit_shows_the_engines_reach_and_odds(window, qtbot):
    mode = play_humans(window)
    s = mode.session
    qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)      # Persians move first
    assert s.state.to_act == "persians" and s.state.window is None
    click_hex(qtbot, mode, "0805")
    assert mode.handler.selected == "immortals-1"
    options = move_options(s.state, "immortals-1")
    expected = {}
    for (label, _facing), mp in options.items():
        expected[label] = min(mp, expected.get(label, mp))
    assert expected and mode.handler.reach_labels() == expected
    targets = attack_targets(s.state, "immortals-1")
    assert targets                                 # the Immortals shoot: range 6
    odds = mode.handler.target_odds()
    assert sorted(odds) == sorted(targets)
    for t in targets:
        assert odds[t] == state_odds(s.state, "immortals-1", t)
    # The side panel lists the same targets and odds, rounded.
    table = mode.dock.targets
    assert table.rowCount() == len(targets)
    first = mode.handler.targets[0]
    assert table.item(0, 4).text() == f"{100 * first.odds.p_hit:.0f}%"
    assert table.item(0, 6).text() == f"{100 * first.odds.p_destroyed:.0f}%"
    # Hovering a reachable hex tells its MP cost.
    some = next(iter(mode.handler.reach))
    assert "MP" in mode.handler.hover_text(some)


def test_a_move_and_an_attack_with_a_fixed_seed(window, qtbot):
    mode = play_humans(window)
    s, h, view = mode.session, mode.handler, mode.view
    qtbot.mouseClick(mode.dock.second_button, Qt.LeftButton)     # Persians let Athens move
    click_hex(qtbot, mode, "0604")
    assert h.selected == "athenian-hoplites-1"
    click_hex(qtbot, mode, "0705")                                # destination
    assert h.pending is not None and h.pending.label == "0705"
    for _ in range(6):                                            # turn with the E key
        if h.pending.facing == "SE":
            break
        qtbot.keyClick(view, Qt.Key_E)
    assert h.pending.facing == "SE"
    qtbot.keyClick(view, Qt.Key_Return)                           # confirm
    assert s.state.window == "react" and s.state.to_act == "persians"
    assert mode.dock.decision_box.isVisibleTo(mode.dock)
    qtbot.mouseClick(mode.dock.pass_button, Qt.LeftButton)
    click_hex(qtbot, mode, "0705")
    assert h.selected == "athenian-hoplites-1"
    assert [t.uid for t in h.targets] == ["immortals-1"]
    click_hex(qtbot, mode, "0805")                                # attack
    assert s.state.window == "respond"
    qtbot.mouseClick(mode.dock.pass_button, Qt.LeftButton)

    expected_actions = [ChooseOrder("persians", False),
                        Move("athenian-hoplites-1", "0705", "SE"), Pass("persians"),
                        Attack("athenian-hoplites-1", "immortals-1"), Pass("persians")]
    assert s.timeline.actions == expected_actions
    engine = new_game(copy.deepcopy(marathon_close()), window.library, SEED)
    for a in expected_actions:
        apply(engine, a)
    assert [e.to_dict() for e in s.state.events()] == [e.to_dict() for e in engine.events()]
    assert s.state.unit("immortals-1").status == engine.unit("immortals-1").status == "destroyed"
    assert s.state.hex_label(s.state.unit("athenian-hoplites-1")) == "0705"

    texts = [e.text for e in s.entries]
    assert "Athenian Hoplites 1 moves 0705, facing SE, 1 MP" in texts
    assert "Persian expedition does not react" in texts
    assert ("Athenian Hoplites 1 attacks Immortals 1: needs 7, rolled 1, hit; overkill 6; "
            "Immortals 1 cannot save (needs 0): 1 hit (1/1); destroyed") in texts
    # The log dock shows them, and a click on the attack centres and flashes its hex.
    log = mode.log_dock
    row = texts.index(next(t for t in texts if "attacks Immortals 1" in t))
    item = log.list.item(row)
    assert item.text() == texts[row]
    log.list.itemClicked.emit(item)
    assert view._flash is not None
    assert view._flash[0] == view.doc.geometry.parse_label("0805")
    # Dice results appear on the map for a moment.
    assert any("hit" in lab.text for lab in h.labels)


def test_an_illegal_order_is_refused_in_the_status_bar(window, qtbot):
    mode = play_humans(window)
    s = mode.session
    qtbot.mouseClick(mode.dock.second_button, Qt.LeftButton)
    before = s.position
    assert not s.try_act(Move("athenian-hoplites-1", "1510", "SE"))
    assert s.position == before
    assert window.statusBar().currentMessage().startswith("Not allowed:")


def test_log_filters_by_side_and_round(window, qtbot):
    mode = play_humans(window)
    s = mode.session
    qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
    h = mode.handler
    h.select("immortals-1")
    h.set_destination(sorted(h.reach_labels())[0])
    assert h.confirm()
    log = mode.log_dock
    log.set_filter("athenians")
    shown = log.visible_entries()
    assert shown and all(not e.sides or "athenians" in e.sides for e in shown)
    assert not any("Immortals 1 moves" in e.text for e in shown)
    log.set_filter("persians", 1)
    shown = log.visible_entries()
    assert any("Immortals 1 moves" in e.text for e in shown)
    assert all(e.round == 1 for e in shown)


def test_a_ship_hyper_jumps_from_the_other_actions(make_window, qtbot):
    lst = default_library().army_list("star-wars-rebel-fleet")
    ships = [u.id for u in lst.units     # ships that jump, none with a gravity well
             if {a.name for a in lst.effective_abilities(u)} & {"hyper-jump", "gravity-well"}
             == {"hyper-jump"}]
    model = mirror_scenario(lst, ships[0], ships[1:3], columns=11, rows=8)
    w = make_window(load=lambda w: w.set_document(ScenarioDocument(model, None,
                                                                   library=w.library)),
                    size=(1400, 900), exposed=True, validation_delay_ms=0)
    mode = play_humans(w)
    try:
        s = mode.session
        qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
        side = s.state.to_act
        ship = next(u for u in s.state.units if s.state.side_id(u.side) == side
                    and not u.leader)
        click_hex(qtbot, mode, s.state.game.board.labels[ship.hex])
        assert mode.handler.selected == ship.uid
        words = [mode.dock.other_list.item(i).text()
                 for i in range(mode.dock.other_list.count())]
        jump = [i for i, t in enumerate(words) if "hyper jumps out of the battle" in t]
        assert jump, words
        mode.dock.other_list.setCurrentRow(jump[0])
        qtbot.mouseClick(mode.dock.other_button, Qt.LeftButton)
        assert s.state.unit(ship.uid).status == "jumped"
        name = s.names.unit(ship.uid)
        assert any(f"{name} hyper jumps out of the battle" in e.text
                   for e in mode.log_dock.visible_entries())
    finally:
        w.play_menu.leave()


def test_a_unit_changes_formation_from_the_other_actions(make_window, qtbot):
    lst = default_library().army_list("napoleonic")
    model = mirror_scenario(lst, "general-staff", ["line-infantry", "dragoons"], columns=11,
                            rows=8)
    w = make_window(load=lambda w: w.set_document(ScenarioDocument(model, None,
                                                                   library=w.library)),
                    size=(1400, 900), exposed=True, validation_delay_ms=0)
    mode = w.play_menu.play(PlaySetup.default([s.id for s in model.sides], dice_seed=5))
    try:
        s = mode.session
        qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
        side = s.state.to_act
        inf = next(u for u in s.state.units if s.state.side_id(u.side) == side
                   and u.profile.id == "line-infantry")
        click_hex(qtbot, mode, s.state.game.board.labels[inf.hex])
        words = [mode.dock.other_list.item(i).text()
                 for i in range(mode.dock.other_list.count())]
        name = s.names.unit(inf.uid)
        assert f"{name} tries to form column (morale check)" in words
        assert f"{name} tries to form square (morale check)" in words
        mode.dock.other_list.setCurrentRow(words.index(f"{name} tries to form column "
                                                       "(morale check)"))
        qtbot.mouseClick(mode.dock.other_button, Qt.LeftButton)
        entry = [e.text for e in mode.log_dock.visible_entries() if "column" in e.text]
        assert len(entry) == 1
        formed = s.state.unit(inf.uid).formation == "column"
        assert formed                       # (dice seed 5: the check passes)
        assert (f"{name} forms column" in entry[0]) is formed
        assert ("in column" in mode.dock.unit_label.text()) is formed
    finally:
        w.play_menu.leave()
