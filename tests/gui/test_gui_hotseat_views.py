"""Hotseat in a game that hides units (the Quick and Dirty three armies sample): a curtain
covers the window until the person playing the side to act takes the screen; the map and the
game log then show that side's view only, never a hidden unit or its moves."""
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from studio.ai import HeuristicAI
from studio.engine.visibility import never_seen
from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/qnd-battle-of-three-armies.yaml"
SIDES = ["elves", "orcs", "companies"]


@pytest.fixture
def window(make_window):
    w = make_window(SAMPLE, size=(1366, 768), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def hidden_from(state, side_id):
    return {u.uid for u in never_seen(state, state.game.side_index[side_id])}


def covered(window, widget) -> bool:
    """Whether the curtain lies over all of `widget` (in window coordinates)."""
    curtain = window.play_menu.mode.hand_over
    top_left = widget.mapTo(window, QPoint(0, 0))
    return curtain.isVisible() and curtain.geometry().contains(QRect(top_left, widget.size()))


def take_screen(qtbot, mode):
    curtain = mode.hand_over
    qtbot.mouseClick(curtain.button, Qt.LeftButton)
    assert not curtain.isVisible()


def act_as_a_person(mode, seeds):
    """The person at the screen plays one action: what an AI would choose from their view."""
    s = mode.session
    side = s.state.to_act
    view = s.state.game.rules.view(s.state, side)
    s.act(seeds.setdefault(side, HeuristicAI(len(seeds))).choose(view))


def test_a_curtain_hands_the_screen_over_between_people(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4))
    s = mode.session
    first = s.state.to_act
    curtain = mode.hand_over
    # nothing of any side is shown before its person has the screen
    assert curtain.isVisible() and f"Pass to {s.names.side(first)}" in curtain.title.text()
    qtbot.waitUntil(lambda: mode.view.mapTo(window, QPoint(0, 0)) != QPoint(0, 0))  # laid out
    assert covered(window, mode.view) and covered(window, mode.log_dock)
    assert covered(window, mode.dock)
    # Ctrl+Return under the curtain does not end the unseen side's phase
    position = s.position
    mode.end_phase_action.trigger()
    assert s.position == position
    take_screen(qtbot, mode)
    assert s.viewer() == first
    drawn = {m.name for m in mode.handler.markers}
    assert drawn and not drawn & hidden_from(s.state, first)
    # the first side plays until another side is to act: the curtain comes back for it
    seeds: dict = {}
    while s.state.to_act == first:
        act_as_a_person(mode, seeds)
    second = s.state.to_act
    assert curtain.isVisible() and f"Pass to {s.names.side(second)}" in curtain.title.text()
    assert s.viewer() == first           # until the next person takes over
    take_screen(qtbot, mode)
    assert s.viewer() == second
    drawn = {m.name for m in mode.handler.markers}
    assert not drawn & hidden_from(s.state, second)


def test_the_log_shows_each_person_only_what_their_side_saw(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4))
    s = mode.session
    seeds: dict = {}
    unseen_moves = {side: set() for side in SIDES}      # entry numbers
    checked = 0
    while not s.state.over and s.position < 120:
        if mode.hand_over.covering:
            take_screen(qtbot, mode)
        viewer = s.viewer()
        before = {side: hidden_from(s.state, side) for side in SIDES}
        count = len(s.entries)
        act_as_a_person(mode, seeds)
        for e in s.entries[count:]:
            for side in SIDES:
                if e.kind == "move" and e.event["unit"] in before[side]:
                    unseen_moves[side].add(e.number)
        shown = {e.number for e in mode.log_dock.visible_entries()}
        assert not shown & unseen_moves[viewer], \
            f"{viewer}'s log lists moves of units hidden from it"
        assert all(s.entries[n].seen(viewer) for n in shown)
        checked += bool(unseen_moves[viewer])
        if not s.state.over and unseen_moves[viewer]:
            # what this person's log says while the game is on (once it is over, the log
            # shows everything)
            last = (viewer, {e.text for e in mode.log_dock.visible_entries()})
    assert checked, "no unit moved while hidden: the test saw nothing to hide"
    # the log's words for such a move ("Griffon Pack moves from 0206 to 1010") are not there
    viewer, texts = last
    hidden_texts = {s.entries[n].text for n in unseen_moves[viewer]}
    assert hidden_texts and not hidden_texts & texts


def test_a_person_against_ais_never_gets_a_curtain(window, qtbot):
    kinds = {"orcs": "heuristic", "companies": "heuristic"}
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4, kinds))
    s = mode.session
    s.set_running(False)
    assert not mode.hand_over.isVisible()
    assert s.viewer() == "elves"
    s.set_running(True)
    s.set_speed(60)
    qtbot.waitUntil(lambda: s.state.to_act == "elves" or s.state.over, timeout=20000)
    assert not mode.hand_over.isVisible()
    shown = mode.log_dock.visible_entries()
    assert all(e.seen("elves") for e in shown)
    QApplication.processEvents()


def test_stepping_back_keeps_the_screen_with_its_person(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(SIDES, 4))
    s = mode.session
    take_screen(qtbot, mode)
    first = s.viewer()
    seeds: dict = {}
    while s.state.to_act == first:
        act_as_a_person(mode, seeds)
    take_screen(qtbot, mode)
    second = s.viewer()
    act_as_a_person(mode, seeds)
    s.seek(1)                       # back to the first side's turn: its person is not asked for
    assert s.state.to_act == first and not mode.hand_over.isVisible()
    assert s.viewer() == second
    s.to_end()
    assert s.viewer() == second and mode.hand_over.isVisible() == (s.state.to_act != second)
