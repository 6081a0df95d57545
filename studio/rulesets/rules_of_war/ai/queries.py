"""The engine queries the AI asks, in the engine's own terms (hex and facing indices, MP in
board units, UnitStates).

The public queries (`move_options`, `attack_targets`) speak in labels, facing names and
Fractions, which costs more than the AI's own scoring when asked a thousand times a game;
these call the engine's movement and combat functions underneath the same answers. Every
answer is the engine's: the AI never decides legality itself.
"""
from __future__ import annotations

from ..combat import legal_targets
from ..allowance import move_block_reason
from ..movement import can_exit, charge_destinations, charge_required
from ..occupancy import occupancy
from ..reach import destination_hexes, destinations


def squares(state, unit) -> dict:
    """{(hex, facing): MP units} the unit may end an ordinary move on (its own square
    excluded: not moving is not a move); empty when it may not move."""
    if move_block_reason(state, unit) is not None:
        return {}
    return destinations(state, unit)


def square_hexes(state, unit) -> dict:
    """`squares` grouped by hex: {hex: (facings...)} in the same order."""
    if move_block_reason(state, unit) is not None:
        return {}
    return destination_hexes(state, unit)


def charge_squares(state, unit) -> dict:
    """{(hex, facing): MP units} of charge moves (charge ability), empty when none."""
    if not unit.profile.has("charge") or move_block_reason(state, unit) is not None:
        return {}
    return charge_destinations(state, unit)


def landing_hexes(state, unit) -> frozenset | None:
    """must-land: the hexes the unit must end this round on (its airfield terrain), or None
    when it need not land this round."""
    land = unit.profile.by_name.get("must-land")
    if land is None or not land.landing_round(state):
        return None
    board = state.game.board
    return frozenset(h for h in range(board.n) if land.lands_on(state, h))


def must_charge(state, unit) -> bool:
    """always-charge: the unit must charge now (ordinary moves and ending the phase are
    refused until it does)."""
    return unit.profile.has("always-charge") and charge_required(state, unit)


def may_exit(state, unit) -> bool:
    return can_exit(state, unit)


def occupied(state) -> dict:
    """{hex: [UnitStates there]} of the units on the map now (read-only)."""
    return occupancy(state).by_hex


def targets(state, unit) -> list:
    """UnitStates the unit may attack now."""
    return legal_targets(state, unit)
