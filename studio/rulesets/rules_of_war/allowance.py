"""A unit's movement allowance (R14, with abilities, spells and charges) and why it may not
move now."""
from __future__ import annotations

from fractions import Fraction

from .abilities import charge_move_bonus
from .board import OFF
from .state import ON


def move_allowance(state, unit, charge=False) -> int:
    """MP units the unit has left this phase (R14, with abilities and spells)."""
    prof = unit.profile
    board = state.game.board
    rnd = state.round
    hooks = prof.hooks.get("move_mods")
    aid = unit.aid.get("move") if unit.aid_round == rnd and unit.aid else None
    if not hooks and not aid and unit.haste_round != rnd and not charge:
        total = board.move_units(prof)          # the common case: no Fractions on the hot path
    else:
        mp = prof.move
        if hooks:
            mods = []
            for a in hooks:
                a.move_mods(state, unit, mods)
            mp += sum((Fraction(v) for _, v in mods), Fraction(0))
        if aid:
            mp += aid
        if unit.haste_round == rnd:
            mp += unit.haste
        if charge:
            mp += charge_move_bonus(prof)
        total = int(max(mp, Fraction(0)) * board.mp_unit)
    used = unit.mp_used if unit.mp_phase == state.phase_serial else 0
    return max(0, total - used)


def move_block_reason(state, unit) -> str | None:
    """Why the unit may not move now (its own-side checks: phase and turn order aside)."""
    if unit.status != ON:
        return "it is no longer on the map"
    if unit.routed:
        return "routed units cannot move by choice (R34)"
    if unit.moved_phase == state.phase_serial:
        return "it has already moved this phase"
    for a in unit.profile.hooks.get("move_block", ()):
        reason = a.move_block(state, unit)
        if reason:
            return reason
    if unit.carried_by != OFF:
        carrier = state.units[unit.carried_by]
        mount = state.board.mount_units
        if move_allowance(state, carrier) < mount:
            return f"its carrier {carrier.uid} has no MP left to let it dismount (R18)"
    return None


def damaged(unit) -> bool:
    return unit.hits > 0
