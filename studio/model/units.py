"""Unit types of an army list: the six stats and everything the lists add to them."""
from __future__ import annotations

from dataclasses import dataclass, field

from .abilities import Ability


@dataclass(slots=True)
class Attack:
    """An attack rating by distance, in one of the three forms the lists use.

    `form` is "flat" (one rating at every distance), "melee-ranged" (AH/AR) or "bands".
    `bands` is a list of (first, last, rating) with `last` None for "N+".

    >>> Attack.melee_ranged(7, 2).at(1, 3), Attack.melee_ranged(7, 2).at(3, 3)
    (7, 2)
    >>> Attack.melee_ranged(8, None).at(2, 1) is None
    True
    >>> a = Attack.from_bands([(1, 1, 7), (2, 5, 3), (6, None, None)])
    >>> [a.at(d, 12) for d in (1, 2, 5, 6)]
    [7, 3, 3, None]
    """
    form: str = "flat"
    flat: int | None = None
    melee: int | None = None
    ranged: int | None = None
    bands: list[tuple[int, int | None, int | None]] = field(default_factory=list)

    @classmethod
    def flat_rating(cls, value: int | None) -> "Attack":
        return cls(form="flat", flat=value)

    @classmethod
    def melee_ranged(cls, melee: int | None, ranged: int | None) -> "Attack":
        return cls(form="melee-ranged", melee=melee, ranged=ranged)

    @classmethod
    def from_bands(cls, bands: list[tuple[int, int | None, int | None]]) -> "Attack":
        return cls(form="bands", bands=sorted(bands))

    def at(self, distance: int, range_: int) -> int | None:
        """Rating at `distance` hexes for a unit of range `range_`; None: cannot attack."""
        if distance < 1 or distance > max(range_, 1):
            return None
        if self.form == "flat":
            return self.flat
        if self.form == "melee-ranged":
            return self.melee if distance == 1 else self.ranged
        for first, last, rating in self.bands:
            if distance >= first and (last is None or distance <= last):
                return rating
        return None

    def by_distance(self, range_: int) -> list[int | None]:
        """Ratings at distance 1, 2, ... range (the CLI's `attack_by_distance`)."""
        return [self.at(d, range_) for d in range(1, max(range_, 1) + 1)]

    def best(self, range_: int) -> int | None:
        """The highest rating at any distance from 1 to `range_`, from the form alone (never
        one look per distance: a range is a number a file may make large).

        >>> Attack.from_bands([(1, 1, 7), (2, 5, 3), (9, None, 9)]).best(8)
        7
        >>> Attack.melee_ranged(2, 6).best(1), Attack.melee_ranged(2, 6).best(10 ** 12)
        (2, 6)
        """
        last = max(range_, 1)
        if self.form == "flat":
            values = [self.flat]
        elif self.form == "melee-ranged":
            values = [self.melee] + ([self.ranged] if last >= 2 else [])
        else:
            values = [rating for first, _, rating in self.bands if first <= last]
        values = [v for v in values if v is not None]
        return max(values) if values else None

    def is_none(self) -> bool:
        if self.form == "flat":
            return self.flat is None
        if self.form == "melee-ranged":
            return self.melee is None and self.ranged is None
        return all(r is None for _, _, r in self.bands)


@dataclass(slots=True)
class Figures:
    """Per-figure costing for the `figures-001` points formula."""
    count: int
    type: str
    equipment: list[str] = field(default_factory=list)


@dataclass(slots=True)
class UnitType:
    id: str
    name: str
    tags: list[str] = field(default_factory=list)
    move: float | None = None          # None: the stat is absent ("-")
    flying: bool = False
    range: int | None = None           # None: take the list default (else 1)
    attack: Attack = field(default_factory=Attack)
    attack_dice: dict[str, int] | None = None   # front / aft / sides
    defense: int | None = None
    morale: int | None = None
    hits: int | None = None
    shields: int | None = None
    carry: dict[str, int] = field(default_factory=dict)
    spotting: int | None = None
    figures: Figures | None = None
    points: float | None = None        # explicit override of the list's formula
    abilities: list[Ability] = field(default_factory=list)
    notes: str = ""
    stats: dict = field(default_factory=dict)  # a ruleset's own stats (its unit_problems checks them)

    def has_tag(self, *tags: str) -> bool:
        return any(t in self.tags for t in tags)

    def ability(self, name: str) -> Ability | None:
        for a in self.abilities:
            if a.name == name:
                return a
        return None
