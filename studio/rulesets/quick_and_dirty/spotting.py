"""Q2: hidden units stay unknown to a side until one of its units is adjacent to them or
sees them within the sight range; a unit that attacks shows itself to every side (the
kernel's `reveal`)."""
from __future__ import annotations

from studio.engine.state import ON
from studio.engine.visibility import reveal, spot, spotted

__all__ = ["known_to", "reveal", "update_spotting"]


def update_spotting(state, events: list) -> None:
    hidden = state.hidden
    if not hidden:
        return
    board = state.game.board
    rng = state.game.options.sight_range
    sides = range(len(state.game.sides))
    hexes = {s: [u.hex for u in state.units if u.side == s and u.status == ON] for s in sides}
    for u in state.units:
        seen = hidden.get(u.i)
        if seen is None or u.status != ON:
            continue
        for s in sides:
            if s != u.side and s not in seen and spotted(board, hexes[s], u.hex, rng):
                spot(state, u, s, events)


def known_to(state, u, side: int) -> bool:
    seen = state.hidden.get(u.i)
    return seen is None or u.side == side or side in seen
