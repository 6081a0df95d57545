"""AI watch: AIs play at the chosen pace (a QTimer), pause and step; their choices are the
ones `studio play` makes with the same seed. A person can play against an AI."""
import pytest

from studio.ai import HeuristicAI, derive_seed, play_game
from studio.io import load_file
from studio.playtest.players import PlaySetup
from studio.io.samples import sample_scenario_path

SEED = 11
BOTH_AI = {"athenians": "heuristic", "persians": "heuristic"}


@pytest.fixture
def window(make_window):
    w = make_window(size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_ai_against_ai_plays_the_game_studio_play_plays(window, qtbot):
    model = load_file(sample_scenario_path()).model
    players = {s.id: HeuristicAI(derive_seed(SEED, "ai", s.id)) for s in model.sides}
    _state, log = play_game(model, window.library, SEED, players)

    mode = window.play_menu.play(PlaySetup.default(["athenians", "persians"], SEED, BOTH_AI))
    s = mode.session
    assert s.running
    s.set_speed(60)
    qtbot.waitUntil(lambda: s.position >= 40, timeout=20000)
    mode.toolbar.run_action.trigger()                  # pause
    assert not s.running
    qtbot.waitUntil(lambda: not s.thinking, timeout=5000)
    n = s.position
    qtbot.wait(150)
    assert s.position == n                             # paused: nothing moves
    assert s.timeline.actions == log.actions[:n]
    mode.toolbar.step_action.trigger()                 # one AI action
    qtbot.waitUntil(lambda: s.position == n + 1, timeout=5000)
    qtbot.wait(100)
    assert s.position == n + 1
    assert s.timeline.actions == log.actions[:n + 1]
    assert mode.log_dock.list.count() == len(s.entries)


def test_speed_control_paces_the_ai(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(["athenians", "persians"], SEED, BOTH_AI))
    s = mode.session
    mode.toolbar.speed.setValue(1)                     # 1 action per second
    assert s.speed == 1 and mode.toolbar.speed_label.text() == "1/s"
    assert s.timer.interval() == 1000 or not s.timer.isActive()
    start = s.position
    qtbot.wait(400)
    assert s.position - start <= 1
    mode.toolbar.speed.setValue(7)                     # 60 per second
    qtbot.waitUntil(lambda: s.position >= start + 10, timeout=10000)


def test_a_person_against_the_ai(window, qtbot):
    mode = window.play_menu.play(PlaySetup.default(["athenians", "persians"], 1,
                                                   {"persians": "heuristic"}))
    s = mode.session
    s.set_speed(60)
    # Persians win the initiative with seed 1 and choose; then whoever moves, the person
    # is asked sooner or later, and the AI waits for them.
    qtbot.waitUntil(lambda: s.human_to_act(), timeout=20000)
    assert s.state.to_act == "athenians"
    n = s.position
    qtbot.wait(200)
    assert s.position == n and s.running
    assert s.state.phase == "movement" and s.state.window is None
    assert mode.dock.end_phase_button.isEnabled()
    mode.end_phase_action.trigger()                    # Ctrl+Enter
    assert s.position == n + 1
    qtbot.waitUntil(lambda: s.human_to_act() or s.state.over, timeout=30000)
    assert s.position > n + 1                          # the AI played on by itself
