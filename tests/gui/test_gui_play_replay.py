"""Stepping through a played game in play mode: every position shows the kernel's replay
of the log prefix; rounds, the set-up and the end are a click away; games are saved as
JSON lines and opened again."""
import json

import pytest
from PySide6.QtCore import Qt

from studio.ai import HeuristicAI, derive_seed, play_game
from studio.rulesets.rules_of_war import GameLog, Move, move_options, new_game, replay
from studio.io import default_library, load_file
from studio.playtest.game_file import game_text
from studio.playtest.players import PlaySetup
from studio.playtest.timeline import Timeline
from studio.io.samples import sample_scenario_path

SEED = 5


def signature(state):
    return (state.round, state.phase, state.to_act, state.window, state.result,
            [(u.uid, u.hex, u.facing, u.hits, u.status, u.routed, u.side) for u in state.units],
            [e.to_dict() for e in state.events()])


@pytest.fixture(scope="module")
def recorded():
    """A whole AI-against-AI game of Marathon, as `studio play --seed 5` plays it."""
    model = load_file(sample_scenario_path()).model
    lib = default_library()
    players = {s.id: HeuristicAI(derive_seed(SEED, "ai", s.id)) for s in model.sides}
    state, log = play_game(model, lib, SEED, players)
    return model, lib, log


@pytest.fixture
def window(make_window):
    w = make_window(size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


@pytest.fixture
def saved_game(recorded, tmp_path):
    model, lib, log = recorded
    t = Timeline.from_log(model, lib, log)
    setup = PlaySetup.default([s.id for s in model.sides], SEED,
                              {"athenians": "heuristic", "persians": "heuristic"})
    path = tmp_path / "marathon-seed5.jsonl"
    path.write_text(game_text(t, sample_scenario_path(), setup.to_dict()), encoding="utf-8")
    return path


def prefix_state(recorded, n):
    """The kernel's replay of the first `n` actions of the recorded game."""
    model, lib, log = recorded
    cut = GameLog(log.scenario, log.seed, log.options_override, log.actions[:n],
                  per_action=log.per_action[:n], opening=log.opening)
    return replay(model, lib, cut)


def test_step_back_and_forward_matches_the_kernels_replay(window, qtbot, recorded, saved_game):
    mode = window.play_menu.open_game(saved_game)
    s, bar = mode.session, mode.toolbar
    total = len(recorded[2].actions)
    assert s.timeline.length == total and s.position == total
    assert s.state.over and "wins" in mode.stage.task.text()
    # the result names the side, not its id (issue 15 item 6)
    assert "persians:" not in mode.stage.task.text()
    assert mode.stage.task.text().count("Persian expedition") == 2
    assert not s.running                        # an opened game waits
    bar.back_action.trigger()
    bar.back_action.trigger()
    assert s.position == total - 2
    assert signature(s.state) == signature(prefix_state(recorded, total - 2))
    assert "replaying: action" in mode.stage.headline.text()
    bar.forward_action.trigger()
    assert signature(s.state) == signature(prefix_state(recorded, total - 1))
    # Far back (past several snapshots) and forward again.
    for n in (3, 137, 61, total):
        s.seek(n)
        assert signature(s.state) == signature(prefix_state(recorded, n)), n
    # Greyed log: entries after the position shown.
    s.seek(40)
    log = mode.log_dock
    future = [i for i, e in enumerate(s.entries) if e.position > 40]
    assert future
    assert log.list.item(future[0]).foreground().color().name() == "#969696"
    assert log.list.item(0).foreground().color().name() != "#969696"


def test_jump_to_a_round_restart_and_latest(window, qtbot, recorded, saved_game):
    mode = window.play_menu.open_game(saved_game)
    s, bar = mode.session, mode.toolbar
    starts = s.timeline.round_starts()
    assert sorted(starts) == list(range(1, s.state.result.round + 1))
    index = bar.round_box.findData(3)
    bar.round_box.activated.emit(index)
    assert s.position == starts[3]
    assert s.state.round == 3 and s.state.window == "order"
    assert bar.round_box.currentData() == 3
    bar.restart_action.trigger()
    assert s.position == 0
    model, lib, _log = recorded
    assert signature(s.state) == signature(new_game(model, lib, SEED))
    assert not bar.back_action.isEnabled()
    bar.end_action.trigger()
    assert s.position == s.timeline.length and s.state.over


def test_save_and_open_a_game(window, qtbot, tmp_path):
    w = window
    mode = w.play_menu.play(PlaySetup.default(["athenians", "persians"], 9))
    s = mode.session
    qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
    h = mode.handler
    for _ in range(3):
        uid = next(u.uid for u in s.state.units if s.state.side_id(u.side) == s.state.to_act
                   and u.moved_phase != s.state.phase_serial and move_options_of(s, u.uid))
        h.select(uid)
        h.set_destination(sorted(h.reach_labels())[-1])
        assert h.confirm()
        while s.state.window in ("react", "respond"):
            assert mode.dock.pass_window()
    path = tmp_path / "game.jsonl"
    assert mode.save(path) == path
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "game" and header["seed"] == 9
    assert header["scenario"] == "marathon" and "scenario_yaml" in header
    assert header["players"]["athenians"] == {"kind": "human", "seed": None}
    assert sum(1 for x in lines if json.loads(x)["type"] == "action") == s.timeline.length
    actions = list(s.timeline.actions)
    events = [e.to_dict() for e in s.state.events()]
    w.play_menu.leave()

    mode2 = w.play_menu.open_game(path)
    s2 = mode2.session
    assert s2.timeline.actions == actions
    assert [e.to_dict() for e in s2.state.events()] == events
    assert s2.position == len(actions)
    assert [e.text for e in s2.entries] == [e.text for e in s.entries]


def move_options_of(session, uid):
    return move_options(session.state, uid)


def test_playing_on_from_an_earlier_point_drops_the_later_actions(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(["athenians", "persians"], 2))
    s, h = mode.session, mode.handler
    qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
    side = s.state.to_act
    movers = [u.uid for u in s.state.units if s.state.side_id(u.side) == side][:2]
    for uid in movers:
        h.select(uid)
        h.set_destination(sorted(h.reach_labels())[0])
        assert h.confirm()
    assert s.timeline.length == 3
    mode.toolbar.back_action.trigger()
    assert s.position == 2 and s.timeline.length == 3
    h.select(movers[1])
    target = sorted(h.reach_labels())[-1]
    h.set_destination(target)
    assert h.confirm()
    assert s.timeline.length == 3 and s.position == 3
    assert isinstance(s.timeline.actions[-1], Move) and s.timeline.actions[-1].to == target
    assert "dropped" in window.statusBar().currentMessage()
    assert [e.text for e in s.entries][-1].startswith(s.names.unit(movers[1]) + " moves")


def test_a_game_whose_log_does_not_replay_is_refused(window, saved_game, monkeypatch):
    shown = []
    monkeypatch.setattr("studio.gui.play.menu.prompts.show_error",
                        lambda _p, title, text: shown.append(text))
    lines = saved_game.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        d = json.loads(line)
        if d["type"] == "event" and d["kind"] == "roll":
            d["value"] = 99
            lines[i] = json.dumps(d)
            break
    saved_game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert window.play_menu.open_game(saved_game) is None
    assert shown and "differs" in shown[0]
