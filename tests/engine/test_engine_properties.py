"""Properties over many random games played by a random legal player."""
from collections import defaultdict

from hypothesis import given, settings, strategies as st

from studio.rulesets.rules_of_war import (Attack, Dice, EndPhase, IllegalAction, Move, apply, from_jsonl,
                           legal_actions, new_game, record, replay, to_jsonl)
from studio.engine.board import OFF
from studio.rulesets.rules_of_war.sample import line_battle, mixed_battle


def ONE(alist, ut):
    return 1


def snapshot(state):
    units = tuple((u.uid, u.side, u.hex, u.facing, u.hits, u.status, u.routed, u.carried_by,
                   u.attacked_round, u.moved_phase, u.mp_used, u.magic)
                  for u in state.units)
    return (units, state.round, state.phase, state.to_act, tuple(state.pending), state.result,
            tuple(map(tuple, state.offmap)), tuple(sorted(state.barriers.items())))


def check_invariants(state):
    limit = state.options.stacking_limit
    by_hex = defaultdict(list)
    for u in state.units:
        if u.status == "on":
            assert u.hex != OFF
            assert u.hits < u.profile.hits, f"{u.uid} has {u.hits} hits of {u.profile.hits}"
            by_hex[u.hex].append(u)
        else:
            assert u.hex == OFF
    for h, here in by_hex.items():
        assert len({u.side for u in here}) == 1, f"two sides in {state.board.labels[h]}"
        for flying in (False, True):
            layer = [u for u in here if u.carried_by == OFF and not u.profile.is_hero
                     and u.profile.flying == flying]
            assert len(layer) <= limit, f"stacking broken in {state.board.labels[h]}"


def play_random(sc, lib, seed, pick_seed, checks=True, max_actions=5000):
    state = new_game(sc, lib, seed=seed, unit_points=ONE)
    pick = Dice(pick_seed)
    attacked = set()
    routed = set()
    n = 0
    while not state.over and n < max_actions:
        acts = legal_actions(state)
        assert acts, f"no legal action for {state.to_act} in {state!r}"
        action = acts[pick.roll(len(acts)) - 1]
        events = apply(state, action)
        n += 1
        if checks:
            check_invariants(state)
            for e in events:
                if e.kind == "attack" and not e["attacker"].startswith(("red:", "blue:")) \
                        and e["attacker"] in state.game.unit_index:
                    assert e["attacker"] not in routed or e.get("rout_attack"), \
                        "a routed unit attacked"
                    key = (state.round, e["attacker"], e["target"])
                    if e.get("distance") and e["attacker"] in state.game.unit_index:
                        attacked.add(key)
                elif e.kind == "routed":
                    routed.add(e["unit"])
                elif e.kind == "rallied":
                    routed.discard(e["unit"])
                elif e.kind == "captured":
                    routed.discard(e["unit"])
    assert state.over, "the game did not end"
    return state


def attacks_per_round(state):
    """(round, attacker) -> set of targets of its attack rolls (pila throws included)."""
    seen = defaultdict(set)
    rnd = 0
    for e in state.events():
        if e.kind == "round":
            rnd = e["round"]
        elif e.kind == "attack" and e["attacker"] in state.game.unit_index and \
                not e.get("passing"):
            seen[(rnd, e["attacker"])].add(e["target"])
    return seen


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**16))
def test_random_line_battles_keep_the_rules_and_replay(seed, pick):
    sc, lib = line_battle(6, columns=10, rows=10, seed=seed % 7)
    state = play_random(sc, lib, seed, pick)
    for targets in attacks_per_round(state).values():
        assert len(targets) == 1, "a unit attacked twice in one round"
    log = from_jsonl(to_jsonl(record(state)))
    again = replay(sc, lib, log, unit_points=ONE)
    assert snapshot(again) == snapshot(state)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**16))
def test_random_mixed_battles_keep_the_rules_and_replay(seed, pick):
    sc, lib = mixed_battle(seed=seed % 11)
    state = play_random(sc, lib, seed, pick)
    for targets in attacks_per_round(state).values():
        assert len(targets) == 1
    again = replay(sc, lib, from_jsonl(to_jsonl(record(state))), unit_points=ONE)
    assert snapshot(again) == snapshot(state)


def test_same_seed_same_game_and_copies_are_independent():
    sc, lib = mixed_battle(seed=3)
    a = play_random(sc, lib, 11, 5, checks=False)
    b = play_random(sc, lib, 11, 5, checks=False)
    assert [e.to_dict() for e in a.events()] == [e.to_dict() for e in b.events()]
    state = new_game(sc, lib, seed=11, unit_points=ONE)
    pick = Dice(2)
    for _ in range(40):
        if state.over:
            break
        before = snapshot(state)
        twin = state.copy()
        acts = legal_actions(twin)
        apply(twin, acts[pick.roll(len(acts)) - 1])
        assert snapshot(state) == before
        acts = legal_actions(state)
        apply(state, acts[pick.roll(len(acts)) - 1])


def test_illegal_actions_leave_the_state_untouched():
    sc, lib = mixed_battle(seed=5)
    state = new_game(sc, lib, seed=1, unit_points=ONE)
    pick = Dice(9)
    uids = [u.uid for u in state.units]
    labels = state.board.labels
    tried = 0
    for _ in range(150):
        if state.over:
            break
        legal = set(legal_actions(state))
        for _ in range(5):
            u = uids[pick.roll(len(uids)) - 1]
            cand = [Move(u, labels[pick.roll(len(labels)) - 1], "N"),
                    Attack(u, uids[pick.roll(len(uids)) - 1]), EndPhase("blue"), EndPhase("red")]
            for c in cand:
                if c in legal:
                    continue
                before = snapshot(state)
                rolls_before = state.dice.state
                try:
                    apply(state, c)
                except IllegalAction as err:
                    assert repr(c) in str(err)
                    assert snapshot(state) == before and state.dice.state == rolls_before
                    tried += 1
                else:
                    # Legal after all (e.g. a Move with a path the list leaves implicit).
                    legal = set(legal_actions(state))
        acts = legal_actions(state)
        apply(state, acts[pick.roll(len(acts)) - 1])
    assert tried > 100
