"""Morale (M11-M15): the dice of each class, the factors, the reaction and desperation.

A test is the class's dice plus the sum of the factors that apply (the caller lists them:
which apply depends on the field, see `situation.py`); the score is read in the reactions
table; a desperation result throws 2d6 on the desperation table.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rolls import d6s, half

WITHDRAWALS = ("retire", "retreat", "rout", "rout-unrallyable")


@dataclass(frozen=True, slots=True)
class MoraleResult:
    dice: int            # the class's dice alone
    modifier: int        # the factors' sum
    score: int
    reaction: str        # a reaction of the table (advance-2 ... rout-unrallyable)
    desperation: int | None = None   # the 2d6 when the score fell to desperation


def class_dice(tables, cls: str, dice) -> int:
    """M11: A one die; B and T half a die; C one die (the playsheet's reading); D and O one
    die less another; E none."""
    spec = tables.o["morale_dice"][cls]
    return (d6s(dice, int(spec["n"])) + sum(half(dice) for _ in range(int(spec["half"])))
            - d6s(dice, int(spec["minus"])))


def factor_sum(tables, cls: str, factors) -> int:
    """M14: the sum of the named factors for class `cls`. `factors` holds (table, name,
    sign) triples: table is morale_plus, morale_minus, law_minus, rohan_plus,
    flyer_falls_enemy or flyer_falls_friend; sign +1 or -1. A factor the class does not
    take (an x or - in the booklet) adds nothing."""
    total = 0
    for table, name, sign in factors:
        v = tables.class_value(table, name, cls)
        if v is not None:
            total += sign * int(v)
    return total


def test(tables, cls: str, modifier: int, dice) -> MoraleResult:
    """M12-M13: throw the class's dice, add `modifier`, read the reaction (and the
    desperation throw when the score falls that low)."""
    rolled = class_dice(tables, cls, dice)
    score = rolled + modifier
    reaction = tables.reaction(score)
    if reaction != "desperation":
        return MoraleResult(rolled, modifier, score, reaction)
    throw = d6s(dice, 2)
    return MoraleResult(rolled, modifier, score, tables.desperation(throw), throw)


def distribution(tables, cls: str, modifier: int) -> dict[str, float]:
    """The chance of each reaction of a test at `modifier` (exact, by enumerating the
    class's dice and the desperation throw)."""
    spec = tables.o["morale_dice"][cls]
    sums = {0: 1.0}

    def add(faces):
        nonlocal sums
        out: dict[int, float] = {}
        for s, p in sums.items():
            for f in faces:
                out[s + f] = out.get(s + f, 0.0) + p / len(faces)
        sums = out
    for _ in range(int(spec["n"])):
        add(range(1, 7))
    for _ in range(int(spec["half"])):
        add([(d + 1) // 2 for d in range(1, 7)])
    for _ in range(int(spec["minus"])):
        add(range(-6, 0))
    desperate: dict[str, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            r = tables.desperation(a + b)
            desperate[r] = desperate.get(r, 0.0) + 1 / 36
    out: dict[str, float] = {}
    for s, p in sums.items():
        r = tables.reaction(s + modifier)
        if r == "desperation":
            for rr, q in desperate.items():
                out[rr] = out.get(rr, 0.0) + p * q
        else:
            out[r] = out.get(r, 0.0) + p
    return out


def half_strength(tables, cls: str, strength_share: float, dice) -> tuple[bool, int | None, int]:
    """M15: a unit that has fallen below 50 % (or 25 %) of its figures throws a die to fight
    on. Returns (fights on, the die or None when no test was due, the morale penalty it
    carries from now on)."""
    if strength_share >= 0.5:
        return True, None, 0
    key, pen = (("half_strength_25", "half_strength_25_penalty") if strength_share < 0.25
                else ("half_strength_50", "half_strength_50_penalty"))
    roll = dice.roll(6)
    return roll in tables.o[key][cls], roll, int(tables.o[pen])
