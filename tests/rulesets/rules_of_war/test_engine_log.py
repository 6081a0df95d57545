"""Game logs: JSON lines round trip, replay with event checks, plain-words descriptions."""
import json

import pytest

from studio.rulesets.rules_of_war import (Attack, Dice, EndPhase, Move, ReplayMismatch, apply, describe,
                           from_jsonl, legal_actions, new_game, record, replay, to_jsonl)
from studio.rulesets.rules_of_war.actions import Cast, Volley, action_from_dict, action_to_dict
from studio.rulesets.rules_of_war.sample import line_battle

from test_engine_rules import game, one


def _played(seed=3, actions=60):
    sc, lib = line_battle(5, columns=10, rows=8, seed=1)
    st = new_game(sc, lib, seed=seed)
    pick = Dice(seed)
    for _ in range(actions):
        if st.over:
            break
        acts = legal_actions(st)
        apply(st, acts[pick.roll(len(acts)) - 1])
    return sc, lib, st


def test_jsonl_round_trip_and_replay_reaches_the_same_state():
    sc, lib, st = _played()
    text = to_jsonl(record(st))
    lines = [json.loads(x) for x in text.splitlines()]
    assert lines[0]["type"] == "game" and lines[0]["seed"] == 3
    assert {x["type"] for x in lines} == {"game", "action", "event"}
    log = from_jsonl(text)
    assert log.actions == st.actions()
    again = replay(sc, lib, log)
    assert [e.to_dict() for e in again.events()] == [e.to_dict() for e in st.events()]
    assert to_jsonl(record(again)) == text


def test_replay_detects_changed_events():
    sc, lib, st = _played()
    text = to_jsonl(record(st))
    rolls = [i for i, x in enumerate(text.splitlines()) if '"kind": "roll"' in x]
    lines = text.splitlines()
    d = json.loads(lines[rolls[-1]])
    d["value"] = 11
    lines[rolls[-1]] = json.dumps(d, sort_keys=True)
    with pytest.raises(ReplayMismatch, match="differs"):
        replay(sc, lib, from_jsonl("\n".join(lines)))


def test_bad_log_text_says_which_line():
    with pytest.raises(ValueError, match="line 1: not JSON"):
        from_jsonl("{nope")
    with pytest.raises(ValueError, match="first line must be the game header"):
        from_jsonl('{"type": "action", "action": {"type": "EndPhase", "side": "red"}}')
    with pytest.raises(ValueError, match="unknown action type 'Teleport'"):
        from_jsonl('{"type": "game", "seed": 1, "scenario": "x"}\n'
                   '{"type": "action", "action": {"type": "Teleport"}}')


def test_actions_serialise_both_ways():
    for a in (Move("a", "0101", "N", True, None, ("0101",)), Attack("a", "b"),
              Volley((Attack("a", "b"), Attack("c", "d"))), Cast("w", "aid", ("x",), (), "attack", -1),
              EndPhase("red")):
        assert action_from_dict(json.loads(json.dumps(action_to_dict(a)))) == a


def test_describe_reads_as_plain_words():
    s = game([("a", "inf", "0505", "N")], [("b", "hvy", "0504", "N")], rolls=[4, 3])
    ev = apply(s, Attack("a", "b"))
    assert describe(one(ev, "attack")) == (
        "a attacks b from the rear: needs 8 (6 +2), rolled 4, hit; overkill 4; "
        "b cannot save (needs 0): 1 hit (1/2)")
    assert describe(one(ev, "morale")) == "b checks morale (hit): needs 8, rolled 3, holds"
    assert describe(ev[0]) == "a rolls 4 for attack (needs 8)"
