"""Reinforcements, events and the turn track, run by the kernel (studio.engine.scenario_events),
shown on Quick and Dirty games built in code."""
from __future__ import annotations

import pytest

from studio.engine import victory
from studio.engine.board import OFF
from studio.engine.contract import ScenarioEventsCapability
from studio.engine.dice import Dice
from studio.engine.state import DESTROYED, ON, WAITING
from studio.io.to_model import scenario as to_scenario
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import EndPhase

from qnd_helpers import library


def scenario(extra_units=(), blocker=None, **parts):
    """A 10x8 field: side s0 a knight at 0304, side s1 a footman at 0904 (and one at
    `blocker`); `extra_units` go to s0's roster; `parts` are the scenario's other keys."""
    s1 = [{"id": "foe", "type": "footmen", "hex": "0904", "facing": "NW"}]
    if blocker:
        s1.append({"id": "blocker", "type": "footmen", "hex": blocker, "facing": "NW"})
    data = {"kind": "scenario", "format": 1, "id": "t", "name": "t",
            "ruleset": "quick-and-dirty", "terrain_set": "quick-and-dirty-field",
            "round_limit": 10,
            "map": {"columns": 10, "rows": 8, "terrain": "..........\n" * 8},
            "sides": [{"id": "s0", "name": "Side 0", "colour": "#336699",
                       "army_list": "qnd-free-companies",
                       "units": [{"id": "knight", "type": "knights", "hex": "0304",
                                  "facing": "NE"}, *extra_units]},
                      {"id": "s1", "name": "Side 1", "colour": "#993366",
                       "army_list": "qnd-free-companies", "units": s1}],
            **parts}
    return to_scenario(data)


def game(sc, seed=0, options=None):
    opts = {"setup": "all-clear", "army_break_fraction": 0.0, **(options or {})}
    return RULES.new_game(sc, library(), seed, opts, dice=Dice(seed))


def to_round(state, n):
    """End phases (no moves, no attacks) until round `n` has begun."""
    events = []
    while state.round < n and not state.over:
        events += RULES.apply(state, EndPhase(state.phase))
    return events


def kinds(events):
    return [e.kind for e in events]


WAVE = [{"id": "fresh", "type": "footmen", "count": 2, "arrives": "relief"}]


def test_a_wave_waits_off_the_map_then_enters_by_its_edge_on_its_round():
    sc = scenario(WAVE, reinforcements=[{"id": "relief", "side": "s0", "round": 3,
                                         "edge": "west"}])
    state = game(sc)
    waiting = [state.unit("fresh.1"), state.unit("fresh.2")]
    assert [(u.status, u.hex) for u in waiting] == [(WAITING, OFF)] * 2
    to_round(state, 2)
    assert state.unit("fresh.1").status == WAITING
    events = to_round(state, 3)
    arrived = [e for e in events if e.kind == "reinforcements-arrive"]
    assert len(arrived) == 1 and arrived[0]["arrived"] == ["fresh.1", "fresh.2"]
    board = state.game.board
    for u in (state.unit("fresh.1"), state.unit("fresh.2")):
        assert u.status == ON
        assert board.edge_distance(u.hex, "west") == 0
        # Facing into the map: the hex ahead is further from the west edge.
        assert board.edge_distance(board.nbr[u.hex][u.facing], "west") == 1
    # The middle of the west edge first (rows 4 and 5 of 8).
    assert sorted(board.labels[u.hex] for u in waiting) == ["0104", "0105"]


def test_a_reinforcement_is_no_loss_and_counts_for_its_side_while_it_waits():
    sc = scenario(WAVE, reinforcements=[{"id": "relief", "side": "s0", "round": 5,
                                         "edge": "west"}])
    state = game(sc)
    fresh = state.unit("fresh.1")
    assert not victory.lost(state, fresh, 0)
    assert not state.leader_lost(1)


@pytest.mark.parametrize("if_blocked", ["delay", "nearest", "lost"])
def test_what_happens_when_the_entry_is_blocked(if_blocked):
    sc = scenario([{"id": "late", "type": "footmen", "arrives": "relief"}], blocker="0101",
                  reinforcements=[{"id": "relief", "side": "s0", "round": 2, "hexes": ["0101"],
                                   "if_blocked": if_blocked}])
    state = game(sc)
    events = to_round(state, 2)
    late = state.unit("late")
    board = state.game.board
    if if_blocked == "delay":
        assert late.status == WAITING
        delayed = [e for e in events if e.kind == "reinforcements-delayed"]
        assert delayed and delayed[0]["round"] == 3 and delayed[0]["held_back"] == ["late"]
    elif if_blocked == "nearest":
        assert late.status == ON
        assert board.distance(late.hex, board.index_of_label("0101")) == 1
    else:
        assert late.status == DESTROYED
        assert "reinforcement-lost" in kinds(events)
        assert victory.lost(state, late, 0)


def test_a_delayed_wave_arrives_once_its_entry_is_free():
    sc = scenario([{"id": "late", "type": "footmen", "arrives": "relief"}], blocker="0101",
                  reinforcements=[{"id": "relief", "side": "s0", "round": 2, "hexes": ["0101"]}])
    state = game(sc)
    to_round(state, 2)
    blocker = state.unit("blocker")
    blocker.status = DESTROYED           # the entry clears
    to_round(state, 3)
    late = state.unit("late")
    assert late.status == ON and state.game.board.labels[late.hex] == "0101"


def test_an_event_fires_once_when_a_side_enters_an_area_and_its_effects_apply():
    sc = scenario(WAVE,
                  reinforcements=[{"id": "relief", "side": "s0", "edge": "west"}],
                  events=[{"id": "ford", "name": "The ford is crossed",
                           "when": {"kind": "enters", "side": "s0", "hexes": ["0304"]},
                           "then": [{"kind": "message", "text": "To the ford!"},
                                    {"kind": "victory-points", "side": "s0", "points": 7},
                                    {"kind": "reinforcements", "wave": "relief"}]}])
    state = game(sc)
    # The knight starts in the area: the event fires with the opening.
    opening = list(state.opening_events)
    assert kinds(opening).count("scenario-event") == 1
    assert "To the ford!" in [e.get("text") for e in opening]
    assert state.unit("fresh.1").status == ON           # the wave had no round of its own
    assert victory.vp_total(state, 0) == 7
    later = to_round(state, 3)
    assert "scenario-event" not in kinds(later)          # once a game


def test_round_trigger_turn_track_and_words_in_the_log():
    sc = scenario(turn_track=[{"round": 1, "time_of_day": "day", "weather": "clear"},
                              {"round": 2, "weather": "rain"}],
                  events=[{"id": "dusk", "when": {"kind": "round-begins", "round": 3},
                           "then": [{"kind": "time-of-day", "value": "dusk"}]}])
    state = game(sc)
    assert (state.time_of_day, state.weather) == ("day", "clear")
    to_round(state, 2)
    assert (state.time_of_day, state.weather) == ("day", "rain")
    events = to_round(state, 3)
    assert (state.time_of_day, state.weather) == ("dusk", "rain")
    lines = [RULES.describe(e) for e in events if e.kind in ("scenario-event",
                                                             "time-and-weather")]
    assert lines == ["Event: dusk", "Round 3: dusk, rain"]


def test_losses_destroyed_and_leader_triggers():
    sc = scenario(events=[
        {"id": "foe-gone", "when": {"kind": "destroyed", "unit": "foe"},
         "then": [{"kind": "message", "text": "gone"}]},
        {"id": "half", "when": {"kind": "losses", "side": "s1", "share": 100},
         "then": [{"kind": "message", "text": "all"}]},
        {"id": "leader", "when": {"kind": "leader-dies", "side": "s0"},
         "then": [{"kind": "message", "text": "leader"}]}])
    state = game(sc)
    state.unit("foe").status = DESTROYED
    events = RULES.apply(state, EndPhase(state.phase))
    texts = [e.get("text") for e in events if e.kind == "scenario-message"]
    assert texts == ["gone", "all"]


def test_an_option_switch_changes_this_game_from_now_on_only():
    sc = scenario(events=[{"id": "rout", "when": {"kind": "round-begins", "round": 2},
                           "then": [{"kind": "option", "name": "initiative",
                                     "value": "once"}]}])
    state = game(sc, options={"initiative": "each-turn"})
    before = state.copy()
    events = to_round(state, 2)
    assert state.game.options.initiative == "once"
    assert before.game.options.initiative == "each-turn"
    assert "option-switched" in kinds(events)


def test_a_ruleset_adds_its_own_effect_through_the_capability(monkeypatch):
    seen = []

    def heal(state, params, events):
        seen.append(params["amount"])
        events.append(state.event("scenario-message", text=f"heal {params['amount']}"))

    monkeypatch.setattr(RULES, "scenario_events",
                        ScenarioEventsCapability(effects={"heal": heal}))
    sc = scenario(events=[{"id": "h", "when": {"kind": "round-begins", "round": 2},
                           "then": [{"kind": "heal", "amount": 2}]}])
    state = game(sc)
    to_round(state, 2)
    assert seen == [2]


def test_same_seed_same_game_with_events():
    sc = scenario(WAVE, reinforcements=[{"id": "relief", "side": "s0", "round": 2,
                                         "edge": "west"}],
                  events=[{"id": "e", "when": {"kind": "round-ends", "round": 1},
                           "then": [{"kind": "victory-points", "side": "s1", "points": 1}]}])
    a, b = game(sc, seed=5), game(sc, seed=5)
    assert [e.to_dict() for e in to_round(a, 4)] == [e.to_dict() for e in to_round(b, 4)]


def test_a_scenario_without_events_has_no_plan():
    state = game(scenario())
    assert state.game.plan is None and state.script is None
    assert state.time_of_day is None and state.weather is None
