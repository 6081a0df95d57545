"""Leaders (M17): charisma, born and hereditary leaders, and the death of a unit's leader."""
from __future__ import annotations

import math

from .rolls import average


def charisma(tables, dice) -> tuple[int, int]:
    """M17: an ordinary leader's charisma, by an average die: (die, charisma)."""
    die = average(dice, tables.o["average_die"])
    table = {int(k): int(v) for k, v in tables.o["charisma_by_average_die"].items()}
    return die, table[die]


def leader_dies(could_be_hit: int, hit: int, dice) -> tuple[bool, int | None, int | None]:
    """M27: divide the figures that could be hit by those hit; below 1 the leader falls,
    else he survives on a d20 of at least 20 divided by that figure (rounded up: C).
    Returns (dies, the d20, the score needed)."""
    if hit <= 0:
        return False, None, None
    ratio = could_be_hit / hit
    if ratio < 1:
        return True, None, None
    need = math.ceil(20 / ratio)
    roll = dice.roll(20)
    return roll < need, roll, need
