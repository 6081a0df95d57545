"""Exact odds of one attack (R25–R30), by enumerating the die faces through the very modifier
code the engine rolls against (`modifiers.py`).

>>> from studio.rulesets.rules_of_war.sample import unit, army_list, ruleset
>>> hop = unit("hoplites", melee=7, defense=7); lst = army_list("greek", [hop])
>>> o = attack_odds(hop, lst, hop, lst, ruleset())
>>> round(o.p_hit, 2), round(o.p_unsaved, 3)
(0.8, 0.45)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .abilities import fixed_block
from .combat import attack_range, make_context
from .modifiers import (AttackContext, attack_total, defense_total, is_hit, overkill,
                        terrain_save, terrain_saves)
from .profile import Profile
from .options import options_from


@dataclass(frozen=True)
class Odds:
    p_hit: float
    p_unsaved: float            # the defender takes the hit (after every save)
    p_destroyed: float
    p_morale_check: float       # hit, not destroyed, and it has a morale rating
    p_terrain_save: float       # a failed save rescued by the terrain (R29)
    needed: int | None          # modified attack (None: no attack possible)
    save_needed: int | None     # modified defense before overkill (None: no save roll)
    reason: str | None = None   # why no attack is possible, when a rule forbids it


NO_ATTACK = Odds(0.0, 0.0, 0.0, 0.0, 0.0, None, None)


def enumerate_attack(ctx: AttackContext, o, hits_taken: int, hits_rating: int,
                     has_morale: bool) -> Odds:
    at = attack_total(ctx, o)
    if at is None:
        return NO_ATTACK
    total = at[2]
    dt = defense_total(ctx, o)
    ts = terrain_save(ctx)
    sides = o.die_sides
    p_ts = Fraction(sum(1 for r in range(1, sides + 1) if terrain_saves(r, ts, o)), sides) \
        if ts else Fraction(0)
    p_hit = p_unsaved = p_tsave = Fraction(0)
    for roll in range(1, sides + 1):
        if not is_hit(roll, total, o):
            continue
        p_hit += 1
        if dt is None:
            fail = Fraction(1)
        else:
            need = dt[2] - overkill(roll, total)
            fail = 1 - Fraction(min(max(need, 0), sides), sides)
        p_unsaved += fail * (1 - p_ts)
        p_tsave += fail * p_ts
    p_hit /= sides
    p_unsaved /= sides
    p_tsave /= sides
    # (A superlaser's hit destroys whatever it hits.)
    outright = ctx.source == "superlaser" or hits_taken + 1 >= hits_rating
    destroyed = p_unsaved if outright else Fraction(0)
    morale = (p_unsaved - destroyed) if has_morale else Fraction(0)
    return Odds(float(p_hit), float(p_unsaved), float(destroyed), float(morale),
                float(p_tsave), total, dt[2] if dt else None)


def attack_odds(attacker_type, attacker_list, defender_type, defender_list, ruleset,
                distance=1, terrain=None, rear=False, elevation="level", prior_attackers=0,
                defender_hits_taken=0, options_override=None, attacker_terrain=None) -> Odds:
    """Odds of one attack between two unit types. `elevation` is the attacker's hex compared
    with the defender's: "level", "higher" or "lower". `terrain`: the defender's hex."""
    o = options_from(ruleset, options_override)
    a = Profile(attacker_list, attacker_type)
    d = Profile(defender_list, defender_type)
    if distance > a.range:
        return NO_ATTACK
    forbidden = fixed_block(a, d, distance)
    if forbidden:
        return replace(NO_ATTACK, reason=forbidden)
    ctx = AttackContext(a, d, distance, rear=rear and distance == 1, elevation=elevation,
                        prior_attackers=prior_attackers, defender_terrain=terrain,
                        attacker_terrain=attacker_terrain, defender_hits=defender_hits_taken)
    return enumerate_attack(ctx, o, defender_hits_taken, d.hits, d.morale is not None)


def state_odds(state, attacker_id: str, target_id: str) -> Odds:
    """Odds of `attacker_id` attacking `target_id` in the game as it stands."""
    a = state.unit(attacker_id)
    t = state.unit(target_id)
    if attack_range(state, a) < state.game.board.distance(a.hex, t.hex):
        return NO_ATTACK
    ctx = make_context(state, a, t)
    return enumerate_attack(ctx, state.game.options, t.hits, t.profile.hits,
                            t.profile.morale is not None)
