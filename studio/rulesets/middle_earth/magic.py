"""Magic (M29-M35): energy levels, the depletion charts, recovery, the struggle of will, the
spells' dice and the black shadow of the Nazgul.

A wizard's energy is a number; these functions return the new numbers and never keep
state, so a test checks every branch with fixed dice.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rolls import average


@dataclass(frozen=True, slots=True)
class Cast:
    success: bool
    level: int           # the caster's level after the spell
    drop: int            # the chart's drop
    roll: int | None     # the d10 when the drop was more than the level
    need: int | None


def cast(tables, wizard: str, spell: str, level: int, dice, extra_drop: int = 0) -> Cast:
    """M30: a spell always works and costs the chart's drop, unless the drop is more than
    the level: then a d10 must reach (drop - level) + 1, and the wizard falls to 0
    whatever the die says."""
    drop = tables.depletion(wizard, spell, level) + extra_drop
    if drop <= level:
        return Cast(True, level - drop, drop, None, None)
    need = drop - level + 1
    roll = dice.roll(10)
    return Cast(roll >= need, 0, drop, roll, need)


def recovered(tables, level: int, full: int, rest_moves: int, semi_moves: int) -> int:
    """M31: the level after a move of rest (`rest_moves`: this is the n-th move running at
    rest) or of semi-rest (moved or fought but cast nothing). Never above the full level."""
    if rest_moves:
        gains = tables.o["recovery_rest"]
        n = rest_moves
    elif semi_moves:
        gains = tables.o["recovery_semi_rest"]
        n = semi_moves
    else:
        return level
    gain = int(gains[min(n, len(gains)) - 1])
    return min(full, level + gain)


@dataclass(frozen=True, slots=True)
class Will:
    success: bool
    roll: int
    need: int
    assailant: int       # levels after
    victim: int


def struggle(tables, assailant: int, victim: int, dice, again: bool = False) -> Will:
    """M32: a d20 must reach 20 - (assailant's level - victim's), at most 20 (at least
    `will_min_need`). A first success costs the victim 4 levels and the assailant 2; a
    success on the next move while holding him costs the victim 1; a failure costs the
    assailant 3."""
    need = min(20, max(int(tables.o["will_min_need"]),
                       int(tables.o["will_base"]) - (assailant - victim)))
    roll = dice.roll(20)
    if roll >= need:
        gain = tables.o["will_again_success" if again else "will_first_success"]
        return Will(True, roll, need, max(0, assailant + int(gain["assailant"])),
                    max(0, victim + int(gain["victim"])))
    fail = tables.o["will_failure"]
    return Will(False, roll, need, max(0, assailant + int(fail["assailant"])), victim)


def break_staff_need(tables, caster: int, victim: int) -> int | None:
    """M33: the d20 score a Break Staff needs (None: the victim is above level 3, or the
    caster leads by nothing, so it may not be tried)."""
    if victim > int(tables.o["break_staff_max_victim_level"]):
        return None
    lead = caster - victim
    if lead < 1:
        return None
    table = {int(k): int(v) for k, v in tables.o["break_staff_need"].items()}
    return table[min(lead, max(table))]


def cause_fire(tables, small: bool, dice) -> tuple[int, list[int]]:
    """M33 Cause Fire (and Fire Burst's outer circle): an average die of potential victims,
    each a casualty on the table's d6 scores. Returns (casualties, the d6s)."""
    victims = average(dice, tables.o["average_die"])
    scores = tables.o["cause_fire_small" if small else "cause_fire_large"]
    throws = [dice.roll(6) for _ in range(victims)]
    return sum(1 for t in throws if t in scores), throws


def limited_command(tables, dice) -> int:
    """M33: figures disarmed, an average die (2-5)."""
    return average(dice, tables.o["average_die"])


def rout_spell_stands(tables, protector: str | None, dice) -> tuple[bool, int | None]:
    """M33 Rout: a unit within 50 m routs for a period unless a figure with it holds it:
    `protector` hero (charisma 7+), special-5 or special-4; None: it routs."""
    if protector is None:
        return False, None
    roll = dice.roll(6)
    return roll in tables.o["rout_spell_stand"][protector], roll


def spell_morale(tables, event: str, cls: str, good: bool) -> int:
    """M34: the morale effect of a spell's event on a unit of class `cls` of the side of
    good (`good`) or of evil."""
    pair = tables.o["spell_morale"][event][cls]
    return int(pair[0] if good else pair[1])


def shadow(tables, nazgul: str, cls: str, *, hero_near: bool = False,
           gandalf_near: bool = False, grounded: bool = False) -> int | None:
    """M35: the deduction of the morale test a Nazgul forces within 50 m (None: the class is
    not listed, O and T being Evil's own)."""
    table = tables.o["shadow_witch_king" if nazgul == "witch-king" else "shadow_ringwraith"]
    if cls not in table:
        return None
    value = int(table[cls])
    if grounded:
        value += int(tables.o["shadow_grounded"])
    if gandalf_near:
        value += int(tables.o["shadow_gandalf_relief"])
    elif hero_near:
        value += int(tables.o["shadow_hero_relief"])
    return min(0, value)
