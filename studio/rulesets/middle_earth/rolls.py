"""The dice of the booklet, all thrown through the game's seeded dice (`roll(sides)`).

An average die has the faces 2 3 3 4 4 5 (M19); a half die is a normal die halved, halves
rounded up (M11).
"""
from __future__ import annotations


def average(dice, faces) -> int:
    """One average die: a d6 read through the table's faces."""
    return int(faces[dice.roll(6) - 1])


def half(dice) -> int:
    return (dice.roll(6) + 1) // 2


def d6s(dice, n: int) -> int:
    return sum(dice.roll(6) for _ in range(n))


def distribution_average_difference(faces) -> dict[int, float]:
    """The chance of each value of one average die less another (the melee's +/- pair)."""
    out: dict[int, float] = {}
    for a in faces:
        for b in faces:
            out[a - b] = out.get(a - b, 0.0) + 1 / 36
    return out
