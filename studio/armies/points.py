"""Point costs of unit types: one formula per army list, overridable unit by unit.

An army list names its formula under ``points: {formula: ..., params: {...}}``; a unit's own
``points:`` always wins. The formulas are those every game shares (``fixed``, ``figures-001``
from a points table) and those the registered games contribute (`Ruleset.points`): this
module composes them and names no game. ``docs/points.md`` states every formula with a
worked example; the numbers here must stay in step with that page.

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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from studio.engine.contract import Formula as GameFormula
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
    param_defaults: Mapping[str, object] = field(default_factory=dict)


def _tidy(value: float) -> Number:
    """Whole numbers as int (12, not 12.0) so counters and tables print cleanly."""
    return int(value) if float(value).is_integer() else value


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if not float(value).is_integer() else str(int(value))


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

def _fixed(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    # Reached only when the unit has no points of its own (those win before any formula).
    raise PointsError(f"unit {unit.id!r} has no points: army list {army_list.id!r} uses the "
                      "fixed formula, so every unit needs points: N")


SHARED_FORMULAS: tuple[Formula, ...] = (
    Formula("figures-001", "Figures × (cost per figure + equipment per figure) from a points "
            "table.", ("table",), _figures_001),
    Formula("fixed", "Every unit carries its own points.", (), _fixed),
)


def _game_formula(formula: GameFormula) -> Formula:
    def compute(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
        try:
            value, text = formula.compute(army_list, unit, library)
        except ValueError as exc:
            raise PointsError(f"unit {unit.id!r}: {exc}") from None
        return Costing(_tidy(value), text)
    return Formula(formula.name, formula.summary, formula.params, compute,
                   dict(formula.param_defaults))


def formulas() -> dict[str, Formula]:
    """Every formula an army list may name: each registered game's, then the shared ones."""
    from studio.rulesets import all_rules
    out = {f.name: _game_formula(f) for rules in all_rules() if rules.points is not None
           for f in rules.points.formulas}
    out.update((f.name, f) for f in SHARED_FORMULAS)
    return out


def formula_of(army_list: ArmyList, library: Any = None) -> str:
    """The formula the list names, else the first its game contributes (`fixed` for a game
    without formulas of its own)."""
    if army_list.points.formula is not None:
        return army_list.points.formula
    from studio.rulesets import rules_named, system_of
    ruleset = _library_lookup(library if library is not None else _default_library(),
                              "ruleset", army_list.ruleset)
    try:
        rules = rules_named(system_of(ruleset))
    except ValueError:                     # an unknown game is reported where it is named
        return "fixed"
    return rules.points.formulas[0].name if rules.points is not None else "fixed"


def _costing(army_list: ArmyList, unit: UnitType, library: Any) -> Costing:
    if unit.points is not None:
        return Costing(_tidy(unit.points), f"set on the unit: {_num(unit.points)}")
    known = formulas()
    name = formula_of(army_list, library)
    formula = known.get(name)
    if formula is None:
        raise PointsError(f"army list {army_list.id!r} names points formula "
                          f"{name!r}; use one of {', '.join(known)}{_suggest(name, known)}")
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
