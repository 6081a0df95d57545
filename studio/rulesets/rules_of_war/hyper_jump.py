"""Hyper jumps (R40 hyper-jump, gravity-well): a ship leaves the battle from wherever it
stands, as its move. The enemies that could attack it may do so first (their reaction
windows open as for a move); if it is still on the map when those close, it is gone, with
whatever it carries. No ship jumps while a unit with a gravity well, of any side, is on the
map.

A jumped ship is out of the battle: it counts as lost for `eliminate` (like a unit that
fled) but was not destroyed, so it gives the enemy no victory points.
"""
from __future__ import annotations

from .board import OFF
from .allowance import move_block_reason
from .occupancy import carried_by
from .phases import open_react_windows
from .state import JUMPED, ON


def jump_block_reason(state, unit) -> str | None:
    """Why the unit may not hyper jump now (phase and turn order aside), or None."""
    if not unit.profile.has("hyper-jump"):
        return f"{unit.uid} cannot hyper jump (no hyper-jump ability)"
    if unit.carried_by != OFF:
        return f"{unit.uid} is aboard a carrier; it jumps only with its carrier"
    reason = move_block_reason(state, unit)
    if reason:
        return reason
    board = state.game.board
    for u in state.units:
        if u.status == ON and u.hex != OFF and u.profile.has("gravity-well"):
            return f"the gravity well of {u.uid} in {board.labels[u.hex]} keeps every ship " \
                   "from jumping"
    return None


def start_jump(state, unit, events: list) -> None:
    """The jump is declared (it is the unit's move): the enemies' windows come first."""
    unit.moved_phase = state.phase_serial
    unit.moved_round = state.round
    events.append(state.event("jump", unit=unit.uid, at=state.game.board.labels[unit.hex]))
    open_react_windows(state, unit, events)
    state.pending.append(("jump", unit.side, unit.i))


def finish_jumps(state, events: list) -> None:
    """Jumps whose windows have all closed take the ships off the map."""
    while state.pending and state.pending[0][0] == "jump":
        u = state.units[state.pending.pop(0)[2]]
        if u.status != ON or u.routed:
            continue                # destroyed or routed by the reactions: no jump
        at = state.game.board.labels[u.hex]
        for c in carried_by(state, u):
            c.status, c.hex = JUMPED, OFF
        u.status, u.hex = JUMPED, OFF
        events.append(state.event("jumped", unit=u.uid, at=at))
        state._cache.clear()        # nothing worked out before the jump still holds
