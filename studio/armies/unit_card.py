"""What a unit card shows: every stat (list defaults filled in), the attack at each distance,
abilities with their parameters and what they do, notes, and the points with their working.

>>> from studio.io import default_library
>>> lib = default_library()
>>> greek = lib.army_list("ancient-greek")
>>> card = unit_card(greek, greek.unit("psiloi-bow"), lib)
>>> card.attack_by_distance
[(1, '3'), (2, '2'), (3, '2'), (4, '2'), (5, '2'), (6, '2')]
>>> card.points
5
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studio.model import ArmyList, UnitType
from studio.rulesets import ability_catalogue
from studio.armies.points import PointsError, formula_breakdown, unit_points

from .cell_values import format_attack, format_number, format_pairs


@dataclass(frozen=True, slots=True)
class CardAbility:
    name: str
    params: dict[str, Any]
    summary: str           # the catalogue's description ("" for a name it does not know)
    source: str            # "unit", or the list rule's text it comes from

    def params_text(self) -> str:
        return ", ".join(f"{k}: {_value(v)}" for k, v in self.params.items())


def _value(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


@dataclass(frozen=True, slots=True)
class UnitCard:
    id: str
    name: str
    tags: list[str]
    stats: list[tuple[str, str]]                     # (label, value) in card order
    attack_by_distance: list[tuple[int, str]]        # (distance, rating or "-")
    abilities: list[CardAbility] = field(default_factory=list)
    notes: str = ""
    points: int | float | None = None
    breakdown: str = ""                              # the formula's working, or why unknown


def _stat(v: Any) -> str:
    return "-" if v is None else format_number(v)


def unit_card(army_list: ArmyList, unit: UnitType, library: Any = None) -> UnitCard:
    range_ = army_list.stat(unit, "range") or 1
    move = army_list.stat(unit, "move")
    stats = [("Move", _stat(move) + (" F" if unit.flying else "")),
             ("Range", _stat(range_)),
             ("Attack", format_attack(unit.attack) or "-"),
             ("Defense", _stat(army_list.stat(unit, "defense"))),
             ("Morale", _stat(army_list.stat(unit, "morale"))),
             ("Hits", _stat(army_list.stat(unit, "hits")))]
    if unit.shields is not None:
        stats.append(("Shields", _stat(unit.shields)))
    if unit.attack_dice:
        stats.append(("Attack dice", format_pairs(unit.attack_dice)))
    if unit.carry:
        stats.append(("Carries", format_pairs(unit.carry)))
    if unit.spotting is not None:
        stats.append(("Spotting", _stat(unit.spotting)))
    if unit.figures is not None:
        kit = f" with {', '.join(unit.figures.equipment)}" if unit.figures.equipment else ""
        stats.append(("Figures", f"{unit.figures.count} × {unit.figures.type}{kit}"))
    by_distance = [(d, _stat(v)) for d, v in enumerate(unit.attack.by_distance(range_), 1)]
    if unit.stats:
        # A game with stats of its own (Quick and Dirty, Action Dice: figures, action dice)
        # shows those: the six Rules of War stats mean nothing to it.
        stats = [(k.replace("_", " ").capitalize(), _own(v)) for k, v in unit.stats.items()]
        by_distance = []

    abilities = [CardAbility(a.name, dict(a.params), _summary(a.name), "unit")
                 for a in unit.abilities]
    for rule in army_list.special_rules:
        if rule.abilities and (rule.applies_to is None or rule.applies_to.matches(unit)):
            abilities.extend(CardAbility(a.name, dict(a.params), _summary(a.name), rule.text)
                             for a in rule.abilities)
    try:
        points = unit_points(army_list, unit, library)
        breakdown = formula_breakdown(army_list, unit, library)
    except PointsError as err:
        points, breakdown = None, f"cannot be worked out: {err}"
    return UnitCard(unit.id, unit.name, list(unit.tags), stats, by_distance, abilities,
                    unit.notes, points, breakdown)


def _own(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_own(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(_own, value)) or "-"
    return _stat(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else str(value)


def _summary(name: str) -> str:
    spec = ability_catalogue().get(name)
    return spec.summary if spec is not None else "not in the ability catalogue"
