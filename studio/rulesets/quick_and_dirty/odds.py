"""Exact odds of an attack described in words (the CLI's `studio odds`): strengths, the
side it comes from, the defender's terrain; computed from every face of the die."""
from __future__ import annotations

import math

from .chart import outcome_odds
from .options import options_from
from .profile import Profile

ASPECTS = ("front", "flank", "rear")


def unit_odds(library, attacker: tuple, defender: tuple, situation: dict) -> dict:
    (a_list, a_type), (d_list, d_type) = attacker, defender
    opts = options_from(library.ruleset(a_list.ruleset))
    a, d = Profile(a_list, a_type), Profile(d_list, d_type)
    side = situation.get("aspect") or ("rear" if situation.get("rear") else "front")
    if side not in ASPECTS:
        raise ValueError(f"aspect {side!r}: use front, flank or rear")
    distance = int(situation.get("distance") or 1)
    if distance > 1 and not a.missile:
        raise ValueError(f"{a.name} is not a missile unit: it attacks only the unit its front "
                         "touches (distance 1)")
    if a.missile and distance > a.range:
        raise ValueError(f"{a.name} shoots {a.range} hexes, not {distance}")
    att, dfn = a.strength, d.strength
    if opts.missiles_halved_in_melee and distance <= 1 and a.missile != d.missile:
        # Q12: the missile unit of a melee with non-missile troops counts half, either way
        if a.missile:
            att = math.ceil(att / 2)
        else:
            dfn = math.ceil(dfn / 2)
    mod = {"front": 0, "flank": opts.flank_bonus, "rear": opts.rear_bonus}[side] + a.attack_bonus
    terrain = situation.get("terrain")
    if terrain:
        ts = library.terrain_set(d_list.terrain_set)
        t = ts.by_id(terrain) if ts else None
        if t is None:
            raise ValueError(f"no terrain {terrain!r} in terrain set {d_list.terrain_set!r}")
        if t.mp is None:
            raise ValueError(f"{t.name} is impassable: no unit stands there to be attacked")
        if "rough" in t.tags or t.mp > 1:
            mod += opts.rough_attack_modifier
    out = dict(outcome_odds(opts.table, att - dfn, mod, opts.die_sides))
    loss = out["defender-loss"]
    if a.missile and opts.missile_loss_is_retreat:
        saved = 1.0
    elif a.missile and opts.missile_save and side == "front" and not d.mob:
        saved = min(opts.missile_save_retreat_max, opts.die_sides) / opts.die_sides
    else:
        saved = 0.0
    out["defender-destroyed"] = loss * (1 - saved)
    out["defender-saved"] = loss * saved
    return {"outcomes": out, "attack": att, "defence": dfn,
            "difference": att - dfn, "modifier": mod}
