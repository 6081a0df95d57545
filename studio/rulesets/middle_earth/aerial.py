"""Aerial combat (M28): eagles against winged steeds, with a d20 and hit sustention totals."""
from __future__ import annotations


def to_hit(tables, attacker: str, defender: str) -> int:
    """The d20 score `attacker` needs against `defender` (eagle, hero-eagle,
    ringwraith-steed, witch-king-steed). Eagles fight in pairs: a pair's score is the
    eagles'."""
    t = tables.o["aerial_to_hit"]
    if attacker in ("eagle", "hero-eagle"):
        prefix = "eagles" if attacker == "eagle" else "hero-eagle"
        target = "witch-king" if defender == "witch-king-steed" else "ringwraith"
        return int(t[f"{prefix}-v-{target}"])
    key = "witch-king-v-eagles" if attacker == "witch-king-steed" else "ringwraith-v-eagles"
    return int(t[key])


def attack(tables, attacker: str, defender: str, hits_taken: int, dice) -> tuple[bool, int, bool]:
    """One aerial attack: (hit, the d20, whether the defender is now dead: its hits exceed
    its hit sustention total)."""
    roll = dice.roll(20)
    hit = roll >= to_hit(tables, attacker, defender)
    taken = hits_taken + (1 if hit else 0)
    return hit, roll, taken > int(tables.o["hit_sustention"][defender])
