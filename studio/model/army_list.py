"""Army lists: unit types, list-wide defaults and rules, compositions, points formula."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .abilities import Ability
from .units import UnitType

ERAS = ("ancients", "roman-empire", "medieval", "feudal-japan", "napoleonic", "ww1", "ww2",
        "modern", "future", "fantasy")
SCALES = ("skirmish", "tactical", "company", "brigade", "operational", "strategic",
          "small-naval", "large-naval", "world-war", "interstellar-space", "galactic-space")


@dataclass(slots=True)
class Selector:
    """Picks units of a roster by type id or by tag."""
    units: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)

    def matches(self, unit: UnitType) -> bool:
        if not self.units and not self.tags:
            return True
        return unit.id in self.units or any(t in unit.tags for t in self.tags)


@dataclass(slots=True)
class SpecialRule:
    text: str
    abilities: list[Ability] = field(default_factory=list)
    applies_to: Selector | None = None     # None: every unit of the list


@dataclass(slots=True)
class CompositionRule:
    kind: str                              # "count" | "points-share" | "leader"
    selector: Selector = field(default_factory=Selector)
    exactly: float | None = None
    min: float | None = None
    max: float | None = None
    label: str = ""


@dataclass(slots=True)
class Composition:
    id: str
    name: str
    rules: list[CompositionRule] = field(default_factory=list)
    notes: str = ""


@dataclass(slots=True)
class PointsSpec:
    # A formula the list's game contributes (or figures-001, fixed); None: its game's own.
    formula: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ListDefaults:
    move: float | None = None
    range: int | None = None
    defense: int | None = None
    morale: int | None = None
    hits: int | None = None


@dataclass(slots=True)
class Spell:
    id: str
    name: str
    effect: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ArmyList:
    id: str
    name: str
    era: str
    scales: list[str]
    terrain_set: str
    # The ruleset file its units are costed and played by; None (a list built in memory):
    # the default game's, as a file naming none is read (studio.io fills it from the registry).
    ruleset: str | None = None
    nationality: str = ""
    source: str = ""
    defaults: ListDefaults = field(default_factory=ListDefaults)
    special_rules: list[SpecialRule] = field(default_factory=list)
    points: PointsSpec = field(default_factory=PointsSpec)
    units: list[UnitType] = field(default_factory=list)
    compositions: list[Composition] = field(default_factory=list)
    spells: list[Spell] = field(default_factory=list)
    notes: str = ""
    format: int = 1

    def unit(self, unit_id: str) -> UnitType | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None

    def composition(self, composition_id: str) -> Composition | None:
        for c in self.compositions:
            if c.id == composition_id:
                return c
        return None

    def effective_abilities(self, unit: UnitType) -> list[Ability]:
        """The unit's own abilities plus those the list's special rules give it."""
        result = list(unit.abilities)
        for rule in self.special_rules:
            if rule.abilities and (rule.applies_to is None or rule.applies_to.matches(unit)):
                result.extend(rule.abilities)
        return result

    def has_ability(self, unit: UnitType, name: str) -> bool:
        """Whether the unit has the ability, its own or by a special rule of the list."""
        return any(a.name == name for a in self.effective_abilities(unit))

    def stat(self, unit: UnitType, name: str):
        """A stat with the list default filled in (R6: "All units have a Hits Rating = 1")."""
        value = getattr(unit, name)
        if value is None:
            value = getattr(self.defaults, name)
        if value is None and name in ("range", "hits"):
            value = 1
        return value
