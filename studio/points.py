"""Point costs of unit types: one formula per army list, overridable unit by unit.

An army list names its formula under ``points: {formula: ..., params: {...}}``; a unit's own
``points:`` always wins. ``docs/points.md`` states every formula with a worked example; the
numbers here must stay in step with that page.

>>> from studio.model import ArmyList, UnitType, Attack, ListDefaults
>>> hoplites = UnitType("hoplites", "Hoplites", move=2, attack=Attack.flat_rating(7),
...                     defense=7, morale=6)
>>> greek = ArmyList("greek", "Greek", "ancients", ["tactical"], "basic-ground",
...                  defaults=ListDefaults(hits=2), units=[hoplites])
>>> unit_points(greek, hoplites)
6
>>> formula_breakdown(greek, hoplites)
'rules-of-war: (attack 7 + 0.6×defense 7 + 0.3×morale 6 + 0.7×mobility 3.17) = 15.22; × 2 (hits 2) ÷ 5 = 6.09 → 6'
"""
from __future__ import annotations

import difflib
import math
from dataclasses import dataclass
from typing import Any, Callable

from studio.model import Army, ArmyList, PointsTable, UnitType

Number = int | float


class PointsError(ValueError):
    """A unit's cost cannot be worked out; the message says which figure is missing."""


@dataclass(frozen=True, slots=True)
class Costing:
    value: Number
    explanation: str


@dataclass(frozen=True, slots=True)
class Formula:
    name: str
    summary: str
    params: tuple[str, ...]                       # the `points.params` keys it reads
    compute: Callable[[ArmyList, UnitType, Any], Costing]


def _tidy(value: float) -> Number:
    """Whole numbers as int (12, not 12.0) so counters and tables print cleanly."""
    return int(value) if float(value).is_integer() else value


def _round_half_up(value: float) -> int:
    # Python's round() sends 6.5 to 6 and 7.5 to 8; costs should not depend on parity.
    return math.floor(value + 0.5)


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if not float(value).is_integer() else str(int(value))


# --------------------------------------------------------------------------------------------
# rules-of-war
# --------------------------------------------------------------------------------------------

# Restrictions written as abilities; paying extra for a handicap would make a worse unit
# dearer, so these add nothing.
DRAWBACKS = frozenset({
    "no-ranged-after-move", "no-attack-after-move", "always-charge", "every-other-round",
    "out-of-ammo", "must-land", "half-at-half-hull", "degrade-per-hit", "capture-on-destroy",
    "rout-attacks-friends", "water-only", "immobile", "forward-arc-only", "leaderless-morale",
    "never-second-disruption",
})

RW_DEFENSE_WEIGHT = 0.6
RW_MORALE_WEIGHT = 0.3
RW_MOBILITY_WEIGHT = 0.7
RW_FLYING_FACTOR = 1.5
RW_SCALE = 5
RW_ABILITY_ADD = 0.5
RW_OTHER_ARC_WEIGHT = 0.25


def _attack_dice_factor(unit: UnitType) -> float:
    """Attacks a round, counting the front arc fully and other arcs (both sides) at a quarter."""
    if not unit.attack_dice:
        return 1.0
    dice = unit.attack_dice
    front = max(0, dice.get("front", 0) or 0)
    aft = max(0, dice.get("aft", 0) or 0)
    sides = max(0, dice.get("sides", 0) or 0)
    return front + RW_OTHER_ARC_WEIGHT * (aft + 2 * sides)


def _priced_abilities(army_list: ArmyList, unit: UnitType) -> list[str]:
    names: list[str] = []
    for ability in army_list.effective_abilities(unit):
        if ability.name not in DRAWBACKS and ability.name not in names:
            names.append(ability.name)
    return names


def _rating_vs_floor(army_list: ArmyList, unit: UnitType) -> float:
    """Mean of the ratings `attack-rating-vs` sets (Star Wars Point Defense, Bombardment).

    Those ships print no attack of their own; without this their attack dice would multiply 0.
    """
    values = [a.get("value") for a in army_list.effective_abilities(unit)
              if a.name == "attack-rating-vs" and isinstance(a.get("value"), (int, float))]
    return sum(values) / len(values) if values else 0.0


def _rules_of_war(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    range_ = max(1, int(army_list.stat(unit, "range") or 1))
    floor = _rating_vs_floor(army_list, unit)
    ratings = [max(0, floor, r or 0) for r in unit.attack.by_distance(range_)]
    melee = ratings[0]
    reach = sum(r / d for d, r in enumerate(ratings[1:], start=2))
    dice = _attack_dice_factor(unit)
    offence = dice * (melee + reach)
    defense = army_list.stat(unit, "defense") or 0
    morale = army_list.stat(unit, "morale") or 0
    move = max(0.0, float(army_list.stat(unit, "move") or 0))
    mobility = 2 * math.log2(1 + move) * (RW_FLYING_FACTOR if unit.flying else 1)
    hits = army_list.stat(unit, "hits") or 0
    durability = max(1, hits + (unit.shields or 0))
    raw = max(0.0, offence + RW_DEFENSE_WEIGHT * defense + RW_MORALE_WEIGHT * morale
              + RW_MOBILITY_WEIGHT * mobility)
    abilities = _priced_abilities(army_list, unit)
    value = raw * durability / RW_SCALE + RW_ABILITY_ADD * len(abilities)
    cost = max(1, _round_half_up(value))

    attack_text = f"attack {_num(melee)}"
    if reach:
        attack_text += f" + reach {_num(reach)}"
    if dice != 1:
        attack_text = f"{_num(dice)} dice × ({attack_text})"
    move_text = f"mobility {_num(mobility)}" + (" flying" if unit.flying else "")
    durability_text = f"hits {_num(hits)}" + (f" + shields {unit.shields}" if unit.shields else "")
    text = (f"rules-of-war: ({attack_text} + {RW_DEFENSE_WEIGHT}×defense {_num(defense)} + "
            f"{RW_MORALE_WEIGHT}×morale {_num(morale)} + {RW_MOBILITY_WEIGHT}×{move_text}) = "
            f"{_num(raw)}; × {_num(durability)} ({durability_text}) ÷ {RW_SCALE}")
    if abilities:
        text += f" + {RW_ABILITY_ADD}×{len(abilities)} abilities ({', '.join(abilities)})"
    text += f" = {_num(value)} → {cost}"
    return Costing(cost, text)


# --------------------------------------------------------------------------------------------
# skirmish-003
# --------------------------------------------------------------------------------------------

# The source names the combatant types but its table of divisors is lost; these are ours.
SKIRMISH_DIVISORS: dict[str, float] = {"basic": 10, "ordnance": 10, "elite": 8, "hero": 6,
                                        "vehicle": 8}
SKIRMISH_DIE_SIDES = 10     # dN: our units roll a d10
SKIRMISH_DICE = 1           # Nd: one die per roll


def skirmish_divisors(army_list: ArmyList) -> dict[str, float]:
    """The default divisors with the list's `points.params.divisors` laid over them."""
    divisors = dict(SKIRMISH_DIVISORS)
    divisors.update(army_list.points.params.get("divisors") or {})
    return divisors


def _skirmish_003(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    divisors = skirmish_divisors(army_list)
    types = [t for t in divisors if t in unit.tags] or ["basic"]
    kind = min(types, key=lambda t: divisors[t])       # the dearest type the unit carries
    divisor = divisors[kind]
    if not divisor or divisor <= 0:
        raise PointsError(f"skirmish-003 divisor for {kind!r} is {divisor!r}; "
                          f"set points.params.divisors.{kind} to a positive number")
    range_ = max(1, int(army_list.stat(unit, "range") or 1))
    ratings = unit.attack.by_distance(range_)
    fight = max(0, ratings[0] or 0)
    ranged = [r for r in ratings[1:] if r is not None]
    shoot = max(0, max(ranged)) if ranged else 0
    move = max(0.0, float(army_list.stat(unit, "move") or 0))
    defense = army_list.stat(unit, "defense") or 0
    miniature = (SKIRMISH_DICE * (SKIRMISH_DIE_SIDES * move) + SKIRMISH_DIE_SIDES * defense
                 + fight * 10 + shoot * 10) / divisor
    weapon_range = range_ if ranged else 0
    weapon = weapon_range * 2
    value = miniature + weapon
    cost = max(1, _round_half_up(value))
    text = (f"skirmish-003 ({kind}, divisor {_num(divisor)}): (1×10×move {_num(move)} + "
            f"10×defense {_num(defense)} + 10×fight {_num(fight)} + 10×shoot {_num(shoot)}) ÷ "
            f"{_num(divisor)} = {_num(miniature)}")
    if weapon:
        text += f"; + 2×range {weapon_range} = {_num(value)}"
    if cost != value:
        text += f" → {cost}"
    return Costing(cost, text)


# --------------------------------------------------------------------------------------------
# figures-001
# --------------------------------------------------------------------------------------------

DEFAULT_POINTS_TABLE = "middle-earth-1976"


def _library_lookup(library: Any, method: str, ident: str):
    finder = getattr(library, method, None)
    if finder is None:
        return None
    try:
        return finder(ident)
    except (KeyError, LookupError):
        return None


def _suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def points_table_for(army_list: ArmyList, library: Any = None) -> PointsTable:
    """The points table a figures-001 list prices its figures with."""
    table_id = army_list.points.params.get("table") or DEFAULT_POINTS_TABLE
    if library is None:
        library = _default_library()
    table = _library_lookup(library, "points_table", table_id) if library is not None else None
    if table is None:
        raise PointsError(f"points table {table_id!r} (points.params.table of army list "
                          f"{army_list.id!r}) is not in the library; add the table file or name "
                          "an existing table")
    return table


def points_function(library: Any):
    """`unit_points` bound to `library`: what a game asks for a unit's points (victory
    points, eliminate by points)."""
    def points(army_list: ArmyList, unit_type: UnitType) -> float:
        return unit_points(army_list, unit_type, library)
    return points


def _default_library():
    try:
        from studio.io import default_library
    except ImportError:
        return None
    return default_library()


def _figures_001(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    figures = unit.figures
    if figures is None:
        raise PointsError(f"unit {unit.id!r} has no figures: the figures-001 formula needs "
                          "figures: {count: N, type: <figure>} (or give the unit points:)")
    table = points_table_for(army_list, library)
    figure = table.figures.get(figures.type)
    if figure is None:
        raise PointsError(f"unit {unit.id!r}: figure type {figures.type!r} is not in points "
                          f"table {table.id!r}{_suggest(figures.type, table.figures)}")
    per_figure = float(figure.points)
    parts = [f"{figure.name} {_num(figure.points)}"]
    for item_id in figures.equipment:
        item = table.equipment.get(item_id)
        if item is None:
            raise PointsError(f"unit {unit.id!r}: equipment {item_id!r} is not in points table "
                              f"{table.id!r}{_suggest(item_id, table.equipment)}")
        per_figure += float(item.points)
        parts.append(f"{item.name} {_num(item.points)}")
    value = _tidy(figures.count * per_figure)
    text = (f"figures-001 ({table.id}): {figures.count} × ({' + '.join(parts)}) = "
            f"{figures.count} × {_num(per_figure)} = {_num(value)}")
    return Costing(value, text)


# --------------------------------------------------------------------------------------------
# fixed
# --------------------------------------------------------------------------------------------

def _ruleset_formula(rules_id: str) -> Callable[[ArmyList, UnitType, Any], Costing]:
    """A formula a ruleset owns (its stats are its own): asked through the rules registry,
    so this module never imports a ruleset."""
    def compute(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
        from studio.engine.rules import rules_named
        rules = rules_named(rules_id)
        # A ruleset whose prices depend on its ruleset file (a weapons table) reads it
        # through the list and the library.
        list_costing = getattr(rules, "list_costing", None)
        try:
            value, text = (list_costing(army_list, unit, library) if list_costing is not None
                           else rules.unit_costing(unit))
        except ValueError as exc:
            raise PointsError(f"unit {unit.id!r}: {exc}") from None
        return Costing(_tidy(value), text)
    return compute


def _fixed(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    # Reached only when the unit has no points of its own (those win before any formula).
    raise PointsError(f"unit {unit.id!r} has no points: army list {army_list.id!r} uses the "
                      "fixed formula, so every unit needs points: N")


FORMULAS: dict[str, Formula] = {f.name: f for f in [
    Formula("rules-of-war", "From the six stats: attack by distance, defense, morale, move, "
            "hits and shields, plus a little per ability.", (), _rules_of_war),
    Formula("skirmish-003", "The skirmish system's miniature cost on our stats, divided by the "
            "combatant type's divisor, plus two points per hex of ranged reach.", ("divisors",),
            _skirmish_003),
    Formula("figures-001", "Figures × (cost per figure + equipment per figure) from a points "
            "table.", ("table",), _figures_001),
    Formula("quick-and-dirty", "Base strength (type + discipline + equipment) plus "
            "enhancements, never below the type's own value.", (),
            _ruleset_formula("quick-and-dirty")),
    Formula("action-dice", "The skirmish system's formula on Action Dice units: (dice × "
            "(die × Move) + die × Defense + 10 × Fight + 10 × Shoot) ÷ type divisor, plus the "
            "weapon's and specials' prices, times the figures.", ("divisors",),
            _ruleset_formula("action-dice")),
    Formula("fixed", "Every unit carries its own points.", (), _fixed),
]}


def _costing(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    if unit.points is not None:
        return Costing(_tidy(unit.points), f"set on the unit: {_num(unit.points)}")
    formula = FORMULAS.get(army_list.points.formula)
    if formula is None:
        raise PointsError(f"army list {army_list.id!r} names points formula "
                          f"{army_list.points.formula!r}; use one of {', '.join(FORMULAS)}"
                          f"{_suggest(army_list.points.formula, FORMULAS)}")
    return formula.compute(army_list, unit, library)


def unit_points(army_list: ArmyList, unit: UnitType, library: Any = None) -> Number:
    """The cost of one unit of this type (its own `points`, else the list's formula).

    Raises PointsError when the figures the formula needs are missing.
    """
    return _costing(army_list, unit, library).value


def formula_breakdown(army_list: ArmyList, unit: UnitType, library: Any = None) -> str:
    """A one-line account of how `unit_points` got its number (for unit cards)."""
    return _costing(army_list, unit, library).explanation


def roster_points(army: Army, army_list: ArmyList, library: Any = None) -> float:
    """Total cost of a roster; raises PointsError for a unit type the list lacks."""
    total = 0.0
    cache: dict[str, Number] = {}
    for entry in army.units:
        if entry.type not in cache:
            unit = army_list.unit(entry.type)
            if unit is None:
                raise PointsError(f"roster unit type {entry.type!r} is not in army list "
                                  f"{army_list.id!r}{_suggest(entry.type, [u.id for u in army_list.units])}")
            cache[entry.type] = unit_points(army_list, unit, library)
        count = entry.count if entry.hex is None else 1
        total += cache[entry.type] * count
    return total
