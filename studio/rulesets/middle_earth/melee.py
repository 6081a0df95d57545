"""Melee (M18-M22, M24): weapon factor, tactical factors, the two average dice, the
casualty chart, impetus and push-back; and heroes' combat (M37).

Every function takes plain numbers and names, so a test fixes the dice and checks the
booklet's arithmetic; `play.py` works out the situation on the map.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .rolls import average, d6s, distribution_average_difference, half


@dataclass(frozen=True, slots=True)
class Strike:
    weapon_factor: int
    tactical: int
    plus: int            # the average die added
    minus: int           # the average die taken off
    factor: int          # the combat factor
    figures: int         # figures fighting
    casualties: int


def fighting_figures(figures: int, ranks: float, frontage: int) -> int:
    """M18: the figures in the ranks that fight: `ranks` ranks (1.5: the first and half the
    second) of `frontage` figures across one hexside, at most the unit."""
    return max(0, min(figures, math.floor(frontage * ranks)))


def tactical_factor(tables, *, attacker_kind: str = "others", charging: bool = False,
                    uphill: bool = False, wood: bool = False, dark: bool = False,
                    underground: bool = False, cover: str | None = None,
                    enemy_shieldless: bool = False) -> int:
    """M19: the melee tactical factors. `attacker_kind`: orcs, dwarves, elves or others (the
    factors that differ by kind); `cover`: the enemy's, "hard" or "soft"."""
    mf = tables.o["melee_factors"]

    def by_kind(entry):
        if isinstance(entry, dict):
            return int(entry.get(attacker_kind, entry["others"]))
        return int(entry)
    total = 0
    if charging:
        total += by_kind(mf["charging"])
        if uphill:
            total += by_kind(mf["charging-uphill"])
    if wood:
        total += by_kind(mf["wood"])
    if dark:
        total += by_kind(mf["dark"])
    if underground:
        total += by_kind(mf["underground"])
    if cover == "hard":
        total += by_kind(mf["enemy-hard-cover"])
    elif cover == "soft":
        total += by_kind(mf["enemy-soft-cover"])
    if enemy_shieldless:
        total += by_kind(mf["enemy-shieldless"])
    return total


def impetus_bonus(tables, impetus_key: str, *, downhill: bool = False,
                  uphill: bool = False) -> int:
    """M21: the impetus a charge adds on the move it hits home."""
    imp = tables.o["impetus"]
    total = int(imp.get(impetus_key, 0))
    if downhill:
        total += int(imp["downhill"])
    if uphill:
        total += int(imp["uphill"])
    return total


def strike(tables, weapon: str, defends_as: str, figures: int, frontage: int, tactical: int,
           dice, extra: int = 0) -> Strike:
    """M18-M20: one side's blow in a round of melee (or a charge's impetus: `extra` then
    carries the impetus bonus)."""
    wf, ranks = tables.weapon_factor(weapon, defends_as)
    faces = tables.o["average_die"]
    plus = average(dice, faces)
    minus = average(dice, faces)
    factor = wf + tactical + extra + plus - minus
    n = fighting_figures(figures, ranks, frontage)
    return Strike(wf, tactical + extra, plus, minus, factor, n, tables.casualties(n, factor))


def casualty_distribution(tables, weapon: str, defends_as: str, figures: int, frontage: int,
                          tactical: int, extra: int = 0) -> dict[int, float]:
    """The exact chance of each number of casualties of `strike` (odds)."""
    wf, ranks = tables.weapon_factor(weapon, defends_as)
    n = fighting_figures(figures, ranks, frontage)
    out: dict[int, float] = {}
    for diff, p in distribution_average_difference(tables.o["average_die"]).items():
        c = tables.casualties(n, wf + tactical + extra + diff)
        out[c] = out.get(c, 0.0) + p
    return dict(sorted(out.items()))


def loser(casualties_a: int, casualties_b: int) -> str | None:
    """M20: the side that suffered more casualties loses the round ("a" or "b"; None when
    even)."""
    if casualties_a == casualties_b:
        return None
    return "a" if casualties_a > casualties_b else "b"


def push_back_metres(tables, charger_push: str, charged_push: str, ranks_behind: int) -> int:
    """M22: metres an impetus pushes the charged unit back (0 where the table is blank):
    the table's figure and `push_per_rank` for every rank of the charger behind its first."""
    if charger_push not in tables.o["push_back"] or charged_push not in tables.o["push_columns"]:
        return 0
    cell = tables.o["push_back"][charger_push][tables.o["push_columns"].index(charged_push)]
    if cell is None:
        return 0
    return int(cell) + max(0, ranks_behind) * int(tables.o["push_per_rank"])


def push_back_hexes(tables, metres: int) -> int:
    """M22 on the map: the metres to the nearest whole hex (25 m and more push one hex of
    50 m: C)."""
    return int(metres / tables.o["metres_per_hex"] + 0.5)


# -- M37 heroes -----------------------------------------------------------------------------

def attack_dice_roll(dice, attack_dice: float) -> int:
    """The damage of a hit: the attacker's attack dice in d6 (a half: a half die)."""
    whole = int(attack_dice)
    return d6s(dice, whole) + (half(dice) if attack_dice - whole >= 0.5 else 0)


def defence_score(dice, hit_dice: int) -> int:
    """M36: a hero's defence score is his hit dice thrown (Aragorn: 7 to 42)."""
    return d6s(dice, hit_dice)


def hero_blow(tables, attack_dice: float, defender_dice: float, dice) -> tuple[bool, int, int]:
    """M37: a d20 against the table; (hit, the d20, the score needed)."""
    need = tables.hero_to_hit(attack_dice, defender_dice)
    roll = dice.roll(20)
    return roll >= need, roll, need
