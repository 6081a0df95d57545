"""Napoleonic formations (R40 formations, square): instead of attacking, a unit may put on
or take off a column marker (or, with `square`, a square marker). The change needs a morale
check; a unit that fails it does nothing more this round. One marker at a time: a unit
stands in line (no marker), column or square.

What a formation does to ratings and movement, and disruption, are in
`abilities.Formations`.
"""
from __future__ import annotations

from .board import OFF
from .morale import morale_roll
from .state import ON

FORMATIONS = ("line", "column", "square")


def form_block_reason(state, unit, formation: str) -> str | None:
    """Why `unit` may not try to change to `formation` now (phase and turn aside)."""
    if formation not in FORMATIONS:
        return f"unknown formation {formation!r}: one of {', '.join(FORMATIONS)}"
    prof = unit.profile
    if not prof.has("formations"):
        return f"{unit.uid} does not use formations"
    if formation == "square" and not prof.has("square"):
        return f"{unit.uid} cannot form square"
    if unit.status != ON or unit.hex == OFF or unit.carried_by != OFF:
        return f"{unit.uid} is not on the map"
    if unit.routed:
        return "routed units cannot change formation (R34)"
    if unit.attacked_round == state.round:
        return f"{unit.uid} has already attacked (or changed formation) this round"
    if unit.formation == formation:
        return f"{unit.uid} already stands in {formation}"
    return None


def change_formation(state, unit, formation: str, events: list) -> None:
    """The morale check, then the new formation, or nothing more this round."""
    unit.attacked_round = state.round           # instead of attacking
    if unit.profile.morale is None:
        mods, needed, roll, passed = [], None, None, True
    else:
        mods, needed, roll, passed = morale_roll(state, unit, "formation", events)
    if passed:
        unit.formation = formation
    else:
        unit.moved_phase = state.phase_serial   # it does nothing more this round
        unit.moved_round = state.round
    events.append(state.event("formation", unit=unit.uid, formation=formation,
                              modifiers=[list(m) for m in mods], needed=needed, roll=roll,
                              passed=passed))
    state._cache.clear()
