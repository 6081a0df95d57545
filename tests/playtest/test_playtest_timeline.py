"""The replay timeline: every position is the kernel's replay of the log prefix, from
snapshots or not; branching drops the future; logs round-trip; saved game files."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from studio.ai import HeuristicAI, RandomPlayer, play_game
from studio.rulesets.rules_of_war import (EndPhase, GameLog, IllegalAction, ReplayMismatch, from_jsonl,
                           legal_actions, new_game, replay, to_jsonl)
from studio.rulesets.rules_of_war.sample import line_battle, mixed_battle
from studio.playtest.game_file import game_text, header_of, read_game, scenario_of
from studio.playtest.timeline import Timeline, unit_positions


def signature(state):
    return (state.round, state.phase, state.to_act, state.window, state.result,
            [(u.uid, u.hex, u.facing, u.hits, u.status, u.routed, u.side, u.carried_by)
             for u in state.units],
            [e.to_dict() for e in state.events()], state.dice.copy().roll(1000))


@pytest.fixture(scope="module")
def game():
    """A varied game of several rounds (random players: the first seed giving one)."""
    for seed in range(1, 30):
        sc, lib = mixed_battle(units_per_side=10, seed=2, round_limit=5)
        players = {s.id: RandomPlayer(seed + i) for i, s in enumerate(sc.sides)}
        state, log = play_game(sc, lib, seed, players)
        if len(log.actions) > 60 and state.round >= 3:
            return sc, lib, log
    raise AssertionError("no random game of mixed_battle lasted three rounds")


_PREFIXES: dict = {}


def kernel_prefix(game, n):
    """The signature of the kernel's replay of the first `n` actions (memoised)."""
    key = (id(game), n)
    if key not in _PREFIXES:
        sc, lib, log = game
        _PREFIXES[key] = signature(replay(sc, lib, GameLog(
            log.scenario, log.seed, log.options_override, log.actions[:n],
            per_action=log.per_action[:n], opening=log.opening)))
    return _PREFIXES[key]


@pytest.fixture(scope="module")
def timeline(game):
    sc, lib, log = game
    return Timeline.from_log(sc, lib, log, snapshot_every=7)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(min_value=-5, max_value=130), min_size=1, max_size=5))
def test_any_seek_sequence_gives_the_kernels_replay(timeline, game, positions):
    for p in positions:
        timeline.seek(p)
        n = max(0, min(timeline.length, p))
        assert timeline.position == n
        assert signature(timeline.state) == kernel_prefix(game, n)


def test_round_starts_are_initiative_decisions(timeline):
    starts = timeline.round_starts()
    assert starts[1] == 0 and sorted(starts) == list(range(1, len(starts) + 1))
    for r, p in starts.items():
        state = timeline.seek(p)
        assert state.round == r and state.phase == "initiative" and state.window == "order"
        assert timeline.round_at(p) == r
    timeline.to_round(2)
    assert timeline.position == starts[2]
    with pytest.raises(ValueError, match="round 99 has not been played"):
        timeline.to_round(99)


def test_the_log_round_trips_through_json_lines(timeline, game):
    sc, lib, log = game
    text = to_jsonl(timeline.log())
    again = from_jsonl(text)
    assert again.actions == log.actions
    assert signature(replay(sc, lib, again)) == signature(replay(sc, lib, log))
    assert timeline.log(upto=5).actions == log.actions[:5]


def test_playing_from_the_middle_drops_the_future():
    sc, lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    t = Timeline(sc, lib, seed=4, snapshot_every=2)
    for _ in range(6):
        t.play(legal_actions(t.state)[0])
    recorded = list(t.actions)
    t.seek(3)
    alternative = next(a for a in legal_actions(t.state) if a != recorded[3])
    t.play(alternative)
    assert t.actions == recorded[:3] + [alternative] and t.position == 4
    assert max(t._snapshots) <= 4
    # The new branch replays like the kernel.
    sc2, lib2 = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    expect = new_game(sc2, lib2, 4)
    from studio.rulesets.rules_of_war import apply
    for a in t.actions:
        apply(expect, a)
    t.seek(0)
    t.to_end()
    assert signature(t.state) == signature(expect)


def test_an_illegal_action_changes_nothing():
    sc, lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    t = Timeline(sc, lib, seed=4)
    for _ in range(3):
        t.play(legal_actions(t.state)[0])
    t.seek(1)
    before = (list(t.actions), t.position, signature(t.state))
    idle = next(s.id for s in sc.sides if s.id != t.state.to_act)
    with pytest.raises(IllegalAction):
        t.play(EndPhase(idle))
    assert (list(t.actions), t.position, signature(t.state)) == before


def test_positions_before_each_action_are_recorded(timeline):
    for i in (0, 10, 30):
        state = timeline.seek(i)
        assert timeline.before[i] == unit_positions(state)


def test_a_log_that_does_not_match_is_refused(game):
    sc, lib, log = game
    bad = from_jsonl(to_jsonl(log))
    bad.per_action[2] = list(bad.per_action[2])[:-1]
    with pytest.raises(ReplayMismatch, match="action 3"):
        Timeline.from_log(sc, lib, bad)
    Timeline.from_log(sc, lib, bad, check_events=False)      # still playable unchecked


def test_saved_game_files(tmp_path):
    from studio.io import default_library, load_file
    from studio.io.samples import sample_scenario_path
    lib = default_library()
    model = load_file(sample_scenario_path()).model
    players = {s.id: HeuristicAI(i) for i, s in enumerate(model.sides)}
    t = Timeline(model, lib, 8)
    for _ in range(30):
        t.play(players[t.state.to_act].choose(t.state))
    text = game_text(t, sample_scenario_path(), {"athenians": {"kind": "heuristic", "seed": 0}},
                     position=12)
    header = header_of(text)
    assert header["seed"] == 8 and header["scenario"] == "marathon"
    assert header["scenario_path"] == str(sample_scenario_path().resolve())
    assert header["position"] == 12
    saved = read_game(text)
    assert saved.log.actions == t.actions and saved.position == 12
    assert saved.players["athenians"]["kind"] == "heuristic"
    again = Timeline.from_log(scenario_of(saved), lib, saved.log)
    assert signature(again.state) == signature(t.state)
    # Without its copy of the scenario, the file named in the header is read.
    saved.scenario_text = None
    assert scenario_of(saved).id == "marathon"
    saved.scenario_path = str(tmp_path / "gone.yaml")
    with pytest.raises(ValueError, match="gone.yaml cannot be read"):
        scenario_of(saved)
    with pytest.raises(ValueError, match="line 1 is not a game header"):
        header_of(json.dumps({"type": "action"}) + "\n")
    with pytest.raises(ValueError, match="line 1 is not JSON"):
        read_game("hello\n")
