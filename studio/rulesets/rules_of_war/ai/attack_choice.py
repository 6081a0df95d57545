"""Choosing attacks: the best single attack in a movement phase, and the set of attacks to
declare together in a reaction or response window.

An attack's worth is the target's value times the share one attack takes of it (see
`estimates`). Values favour the enemy Army Leader when destroying it wins, damaged units
(a hit that destroys is worth the whole unit) and units attacked already this round (R26:
every attacker after the first gets the combined-attack bonus), so picking the best attack
again and again focuses the side's attacks on few targets.
"""
from __future__ import annotations

from ..actions import Attack, Volley

from .intent import on_map


def target_value(est, intent, e) -> float:
    """What destroying enemy `e` is worth to the side: its points, three times more for the
    enemy Army Leader when destroying it wins (half as much again otherwise: its loss costs
    the enemy morale and initiative), less when it is routed (it may flee off the map)."""
    v = est.unit_value(e.profile)
    if e.leader:
        v *= 3.0 if intent.wants_enemy_leader else 1.5
    if e.routed:
        v *= 0.6
    return v


def attack_share(est, state, a, t, aid: int = 0) -> float:
    """Share of `t` one attack by `a` takes, from where both stand now (with `aid` on its
    attack from the Aid spell)."""
    board = state.game.board
    d = board.distance(a.hex, t.hex)
    rear = d == 1 and not board.in_arc(t.hex, t.facing, a.hex)
    prior = t.targeted_count if t.targeted_round == state.round else 0
    return est.share(a, t, a.hex, d, rear=rear, prior=prior,
                     charging=a.charge_round == state.round, aid=aid)


def attack_worth(est, intent, state, a, t) -> float:
    return target_value(est, intent, t) * attack_share(est, state, a, t)


def best_attack(est, intent, state, candidates, targets_of, *, min_distance: int = 1):
    """(worth, attacker, target) of the best legal attack among `candidates` (UnitStates),
    `targets_of(unit) -> [target UnitState]` giving the legal targets; None if none."""
    board = state.game.board
    best = None
    for a in candidates:
        if not on_map(a) or a.routed or a.attacked_round == state.round:
            continue
        for t in targets_of(a):
            if board.distance(a.hex, t.hex) < min_distance:
                continue
            w = attack_worth(est, intent, state, a, t)
            if w > 0 and (best is None or w > best[0]):
                best = (w, a, t)
    return best


def window_declaration(est, intent, state, side_id: str, attacks: list, patient_share: float):
    """What to declare in a react/respond window, given its legal `Attack`s: every unit's
    best attack that is worth making now, together (a Volley), or None to pass. A shot
    taking less than `patient_share` of its target waits when the side's own movement phase
    (with better shots, maybe) is still to come this round: a unit attacks once a round."""
    units = state.units
    index = state.game.unit_index
    per_unit: dict[int, tuple[float, object]] = {}
    for act in attacks:
        a = units[index[act.unit]]
        t = units[index[act.target]]
        share = attack_share(est, state, a, t)
        d = state.game.board.distance(a.hex, t.hex)
        if d >= 2 and intent.later_phase and share < patient_share:
            continue    # keep the shot for our own phase
        w = target_value(est, intent, t) * share
        if w <= 0:
            continue
        if a.leader and d >= 2:
            continue
        cur = per_unit.get(a.i)
        if cur is None or w > cur[0]:
            per_unit[a.i] = (w, act)
    if not per_unit:
        return None
    chosen = [act for _, act in sorted(per_unit.values(), key=lambda x: (-x[0], x[1]))]
    if len(chosen) == 1:
        return chosen[0]
    return Volley(tuple(Attack(a.unit, a.target) for a in chosen))
