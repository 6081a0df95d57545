"""Orders (M9-M10): who must test to obey, the test, and the Evil cavalry that cajoles."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Obedience:
    obeys: bool
    roll: int | None     # None: the class obeys without a test
    total: int | None


def must_test(tables, cls: str, stresses) -> bool:
    """M9: classes A B C D T obey; E and O obey unless under stress (any listed factor)."""
    return cls in tables.o["obey_classes"] and bool(list(stresses))


def obey(tables, cls: str, stresses, charisma: int, dice, cajoled_by: str | None = None) \
        -> Obedience:
    """M9: a d6 plus the stress factors plus the leader's charisma (and M10's cajoling
    bonus) must be above `obey_needs_above`; a unit that fails does not move this turn
    (it still defends itself)."""
    stresses = list(stresses)
    if not must_test(tables, cls, stresses):
        return Obedience(True, None, None)
    roll = dice.roll(6)
    total = roll + sum(int(tables.o["obey_factors"][s]) for s in stresses) + charisma
    total += cajole_bonus(tables, cls, cajoled_by)
    return Obedience(total > int(tables.o["obey_needs_above"]), roll, total)


def cajole_bonus(tables, cls: str, cajoler_class: str | None) -> int:
    """M10: an Evil cavalry unit of a higher class close behind adds the table's bonus."""
    if cajoler_class is None or not higher_class(tables, cajoler_class, cls):
        return 0
    return int(tables.o["cajole_bonus"][cls])


def higher_class(tables, a: str, b: str) -> bool:
    """Whether class `a` ranks above `b` (A best, then B, C, D, E; O and T are ranked by
    the project as O below E and T beside B: C)."""
    rank = {"A": 0, "B": 1, "T": 1, "C": 2, "D": 3, "E": 4, "O": 5}
    return rank[a] < rank[b]
