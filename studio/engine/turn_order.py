"""The order in which 2..N sides act: each rolls a die (plus its modifier), highest first;
sides that tie roll again among themselves, so every order is possible and none is
favoured by the sides' listing.

>>> from studio.engine.dice import ScriptedDice
>>> initiative_order(ScriptedDice([3, 7, 7, 2, 5]), 3, 10)
[2, 1, 0]
>>> initiative_order(ScriptedDice([4, 4, 9, 1]), 2, 10, modifiers=[0, 0])
[0, 1]
"""
from __future__ import annotations

from collections.abc import Sequence

from .dice import Roller


def initiative_order(dice: Roller, sides: int, die_sides: int,
                     modifiers: Sequence[int] | None = None,
                     rolls: list[tuple[int, int]] | None = None) -> list[int]:
    """Side indexes, first to act first. `rolls`, when a list, receives (side, roll) for
    every die rolled, ties included, so a ruleset can log them."""
    modifiers = list(modifiers) if modifiers is not None else [0] * sides
    return _order(dice, list(range(sides)), die_sides, modifiers, rolls)


def _order(dice: Roller, group: list[int], die_sides: int, modifiers: list[int],
           rolls: list[tuple[int, int]] | None) -> list[int]:
    if len(group) == 1:
        return group
    scores: dict[int, int] = {}
    for side in group:
        value = dice.roll(die_sides)
        if rolls is not None:
            rolls.append((side, value))
        scores[side] = value + modifiers[side]
    order: list[int] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [s for s in group if scores[s] == score]
        order.extend(_order(dice, tied, die_sides, modifiers, rolls) if len(tied) > 1 else tied)
    return order


def next_side(order: list[int], active: int, done: set[int]) -> int | None:
    """The position in `order` after `active` of the next side not in `done` (None when
    every side has had its turn)."""
    for pos in range(active + 1, len(order)):
        if order[pos] not in done:
            return pos
    return None
