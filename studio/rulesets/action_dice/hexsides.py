"""What hexside features do in Action Dice, in the rules' terms (S4): an edge is crossed as
open ground, as broken ground (the unit ends its move disordered) or not at all; walls and
hedges block sight past them (S4, S13). The rules give terrain no effect on combat, so no kind
changes a fight; roads do nothing. docs/rulesets/action-dice.md lists them."""
from __future__ import annotations

from fractions import Fraction

from studio.engine.contract import HexsideCapability, HexsideEffect

BROKEN_EDGE = Fraction(1)      # any extra MP: the step is over broken ground

HEXSIDES = HexsideCapability({
    "river": HexsideEffect(blocks_move=True, words="impassable but at a ford or bridge"),
    "stream": HexsideEffect(extra_mp=BROKEN_EDGE, words="crossed as broken ground"),
    "ford": HexsideEffect(extra_mp=BROKEN_EDGE, negates=("river", "stream"),
                          words="crosses a river as broken ground"),
    "bridge": HexsideEffect(negates=("river", "stream"),
                            words="crosses a river or stream as open ground"),
    "wall": HexsideEffect(extra_mp=BROKEN_EDGE, blocks_sight=True,
                          words="crossed as broken ground; blocks sight past it"),
    "hedge": HexsideEffect(extra_mp=BROKEN_EDGE, blocks_sight=True,
                           words="crossed as broken ground; blocks sight past it"),
    "cliff": HexsideEffect(blocks_move=True, words="impassable"),
})


def edge_extra(kinds) -> int | None:
    """0 (open) or 1 (broken) more for a step across an edge of `kinds`; None: blocked."""
    active = HEXSIDES.active(kinds)
    if any(e.blocks_move for e in active):
        return None
    return 1 if any(e.extra_mp for e in active) else 0
