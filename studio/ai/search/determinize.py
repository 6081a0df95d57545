"""One determinization of a side's view: a copy of the view a ruleset can play on to the
end, with new dice.

A view holds the enemy units its side has never seen as placeholders (no type, no stats, no
hex). A ruleset's turn logic touches every unit of a side (fresh orders each turn), so the
placeholders are filled with stand-ins: a copy of a unit the view does know, of the
placeholder's side when the side has shown one (else of any side), given the placeholder's
number, id and side, kept off the map and unseen (status "hidden"). What the stand-in is
copied from is in the view, so nothing the side has not seen reaches the search; the
stand-in never fights, so the determinization is "nothing unseen interferes before the
playout stops", which short rollouts make a small bet.
"""
from __future__ import annotations

from typing import Any

from studio.engine.board import OFF
from studio.engine.dice import Dice
from studio.engine.visibility import HIDDEN, UnseenUnit


def stand_ins(view: Any) -> list[tuple[int, Any]]:
    """(unit number, known unit to copy) for every placeholder of `view`."""
    known = [u for u in view.units if not isinstance(u, UnseenUnit) and u.profile is not None]
    out = []
    for u in view.units:
        if isinstance(u, UnseenUnit):
            same_side = [k for k in known if k.original_side == u.original_side]
            model = (same_side or known)[0]
            out.append((u.i, model))
    return out


def determinized(view: Any, dice_seed: int, fill: list[tuple[int, Any]]) -> Any:
    """A copy of `view` to play on: stand-ins for its placeholders (`stand_ins`), and dice
    reseeded with `dice_seed`."""
    state = view.copy()
    state.dice = Dice(dice_seed)
    for i, model in fill:
        placeholder = view.units[i]
        u = model.copy()
        u.i, u.uid = i, placeholder.uid
        u.side, u.original_side = placeholder.side, placeholder.original_side
        u.hex, u.status, u.routed, u.leader = OFF, HIDDEN, False, False
        state.units[i] = u
    return state
