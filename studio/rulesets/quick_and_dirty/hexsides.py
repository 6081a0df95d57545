"""What hexside features do in Quick and Dirty, in the rules' own terms (Q8): an edge is
crossed like clear ground, like rough ground, or not at all; an attack across a wall,
hedge or stream counts as an attack on rough ground; walls and hedges block sight past
them (spotting, Q2, and missiles, Q19). Kinds not listed (roads) do nothing: the rules
have no road movement. docs/rulesets/quick-and-dirty.md lists them."""
from __future__ import annotations

from fractions import Fraction

from studio.engine.contract import HexsideCapability, HexsideEffect

ROUGH_EDGE = Fraction(1)      # any extra MP: the step counts as rough ground

HEXSIDES = HexsideCapability({
    "river": HexsideEffect(blocks_move=True, defense=1,
                           words="impassable but at a ford or bridge; attacks across it are "
                                 "attacks on rough ground"),
    "stream": HexsideEffect(extra_mp=ROUGH_EDGE, defense=1,
                            words="crossed as rough ground; attacks across it are attacks "
                                  "on rough ground"),
    "ford": HexsideEffect(extra_mp=ROUGH_EDGE, negates=("river", "stream"),
                          words="crosses a river as rough ground"),
    "bridge": HexsideEffect(negates=("river", "stream"),
                            words="crosses a river or stream as clear ground"),
    "wall": HexsideEffect(extra_mp=ROUGH_EDGE, defense=1, blocks_sight=True,
                          words="crossed as rough ground; attacks across it are attacks on "
                                "rough ground; blocks sight (spotting, missiles) past it"),
    "hedge": HexsideEffect(extra_mp=ROUGH_EDGE, defense=1, blocks_sight=True,
                           words="crossed as rough ground; attacks across it are attacks on "
                                 "rough ground; blocks sight (spotting, missiles) past it"),
    "cliff": HexsideEffect(blocks_move=True, words="impassable"),
})


def edge_cost(kinds, cost: int, rough: int) -> int | None:
    """The cost of a step of `cost` (1 clear, `rough` rough) across an edge of `kinds`."""
    active = HEXSIDES.active(kinds)
    if any(e.blocks_move for e in active):
        return None
    return max(cost, rough) if any(e.extra_mp for e in active) else cost


def attacked_across_cover(board, attackers, target_hex: int) -> bool:
    return any(HEXSIDES.defense(board.sides.get((a.hex, target_hex), ())) for a in attackers)
