"""Morale (R32–R36): checks, routs and their cascade, rallying (fleeing is `rout`)."""
from __future__ import annotations

from .board import OFF
from .state import ON


def morale_modifiers(state, unit) -> list:
    """R33 and abilities: [(reason, value)] on the unit's morale now."""
    o = state.game.options
    mods = []
    if o.leader_morale_penalty and state.leader_lost(unit.side):
        mods.append(("leader destroyed", -o.leader_morale_penalty))
    if o.outnumbered_penalty and unit.hex != OFF:
        board = state.game.board
        radius = o.outnumbered_radius
        friends = enemies = 0
        for v in state.units:
            if v.status != ON or v.hex == OFF or v.carried_by != OFF:
                continue
            if board.distance(v.hex, unit.hex) <= radius:
                if v.side == unit.side:
                    friends += 1
                else:
                    enemies += 1
        if enemies and enemies >= o.outnumbered_ratio * friends:
            mods.append(("outnumbered", -o.outnumbered_penalty))
    for a in unit.profile.hooks.get("morale_mods", ()):
        a.morale_mods(state, unit, mods)
    if unit.aid_round == state.round and unit.aid and unit.aid.get("morale"):
        mods.append(("aid", unit.aid["morale"]))
    return mods


def morale_roll(state, unit, why: str, events: list, extra=None) -> tuple:
    """R32: the die against the unit's modified morale, for a unit that has a morale
    rating: (modifiers, needed, roll, passed)."""
    mods = morale_modifiers(state, unit)
    if extra:
        mods.extend(extra)
    needed = unit.profile.morale + sum(v for _, v in mods)
    roll = state.roll(unit.uid, why, needed, events, success=lambda r: r <= needed)
    return mods, needed, roll, roll <= needed


def check(state, unit, reason: str, events: list, extra=None) -> bool:
    """R32: one morale check; a failure routs the unit (and may cascade, R36)."""
    if unit.status != ON or unit.routed or unit.carried_by != OFF:
        return True
    base = unit.profile.morale
    if base is None:
        return True        # no morale rating: the unit never checks
    mods, needed, roll, passed = morale_roll(state, unit, "morale", events, extra)
    events.append(state.event("morale", unit=unit.uid, reason=reason, morale=base,
                              modifiers=[list(m) for m in mods], needed=needed, roll=roll,
                              passed=passed))
    if not passed:
        rout(state, unit, events)
    return passed


def rout(state, unit, events: list) -> None:
    """R12, R34, R36: turn about at once; every adjacent friend checks morale, cascading."""
    queue = [unit]
    board = state.game.board
    while queue:
        u = queue.pop(0)
        if u.routed or u.status != ON:
            continue
        u.routed = True
        u.routed_round = state.round
        u.facing = (u.facing + 3) % 6
        events.append(state.event("routed", unit=u.uid, facing=board.facing_names[u.facing]))
        for v in state.units:
            if (v is u or v.side != u.side or v.status != ON or v.routed or v.hex == OFF
                    or v.carried_by != OFF or board.distance(v.hex, u.hex) != 1):
                continue
            base = v.profile.morale
            if base is None:
                continue
            mods, needed, roll, passed = morale_roll(state, v, "morale", events)
            events.append(state.event("morale", unit=v.uid, reason="friend-routed", morale=base,
                                      modifiers=[list(m) for m in mods], needed=needed,
                                      roll=roll, passed=passed))
            if not passed:
                queue.append(v)


def rally(state, unit, events: list) -> bool:
    """R35: at most ceil(modified morale / rally_divisor) restores a routed unit."""
    base = unit.profile.morale
    if base is None:
        unit.routed = False
        events.append(state.event("rallied", unit=unit.uid))
        return True
    mods = morale_modifiers(state, unit)
    modified = base + sum(v for _, v in mods)
    div = state.game.options.rally_divisor
    needed = -((-modified) // div)
    roll = state.roll(unit.uid, "rally", needed, events, success=lambda r: r <= needed)
    if roll <= needed:
        unit.routed = False
        events.append(state.event("rallied", unit=unit.uid))
        return True
    return False
