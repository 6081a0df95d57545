"""What each side can see: hidden units stay unknown to the other sides until spotted.

The kernel keeps the mechanism; a ruleset decides what spots a unit (adjacency, sight
within a range) and hands its AI and hotseat view `masked(state, side)`, never the whole
state. A masked unit is still in the state's list (indexes stay valid) but off the map,
with the status HIDDEN, so no rule reaches it.
"""
from __future__ import annotations

from .board import OFF
from .state import ON

HIDDEN = "hidden"


def spotted(board, watcher_hexes, h: int, sight_range: int) -> bool:
    """A unit in hex `h` is spotted by watchers in `watcher_hexes`: one is adjacent, or one
    has a line of sight to it within `sight_range` hexes (terrain and elevation)."""
    row = board.dist_row(h)
    for w in watcher_hexes:
        d = row[w]
        if d <= 1 or (d <= sight_range and board.terrain_los(w, h)):
            return True
    return False


def unseen(state, side: int) -> list:
    """The enemy units `side` does not know of: hidden and not yet revealed to it. A unit is
    hidden while the ruleset keeps it in `state.hidden` (unit index -> set of side indexes
    it has been revealed to)."""
    hidden = getattr(state, "hidden", None)
    if not hidden:
        return []
    return [u for u in state.units if u.side != side and u.status == ON
            and u.i in hidden and side not in hidden[u.i]]


def masked(state, side: int):
    """A copy of `state` as `side` knows it: enemy units it has not spotted are off the map
    with the status HIDDEN. The state itself when nothing is hidden from it."""
    secret = unseen(state, side)
    if not secret:
        return state
    view = state.copy()
    for u in secret:
        v = view.units[u.i]
        v.hex = OFF
        v.status = HIDDEN
    return view
