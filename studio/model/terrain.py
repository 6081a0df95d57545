"""Terrain sets: the terrain types a map is painted with, and the elevation rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .hexsides import HexsideKind

# `mp is None` means impassable; fractions stay exact so ½-MP roads add up without drift.
MoveCost = Fraction | None


@dataclass(slots=True)
class TerrainType:
    id: str
    name: str
    symbol: str
    colour: str
    mp: MoveCost = Fraction(1)
    pattern: str | None = None
    defense: int = 0
    ranged_defense: int | None = None     # None: same as `defense`
    attack_modifier: int = 0              # on attacks made by a unit standing here
    save: int | None = None               # WWII terrain save (second roll, strictly below)
    blocks_los: bool = False
    destructible_hits: int | None = None
    entry_attack: int | None = None       # mine field: attack of this strength on entry
    forbidden_tags: list[str] = field(default_factory=list)
    uphill_extra_mp: Fraction | None = None   # overrides the set's elevation rule
    tags: list[str] = field(default_factory=list)
    notes: str = ""

    @property
    def impassable(self) -> bool:
        return self.mp is None

    def defense_against(self, distance: int) -> int:
        """Defense bonus for a unit in this terrain attacked from `distance` hexes."""
        if distance >= 2 and self.ranged_defense is not None:
            return self.ranged_defense
        return self.defense


@dataclass(slots=True)
class ElevationRule:
    uphill_extra_mp: Fraction = Fraction(1)
    defense_from_below: int = 1
    attack_downhill: int = 1


@dataclass(slots=True)
class TerrainSet:
    id: str
    name: str
    terrain: list[TerrainType]
    elevation: ElevationRule = field(default_factory=ElevationRule)
    notes: str = ""
    format: int = 1
    hexsides: list[HexsideKind] = field(default_factory=list)

    def hexside_kind(self, kind_id: str) -> HexsideKind | None:
        for k in self.hexsides:
            if k.id == kind_id:
                return k
        return None

    def by_id(self, terrain_id: str) -> TerrainType | None:
        for t in self.terrain:
            if t.id == terrain_id:
                return t
        return None

    def by_symbol(self, symbol: str) -> TerrainType | None:
        for t in self.terrain:
            if t.symbol == symbol:
                return t
        return None

    def symbol_map(self) -> dict[str, TerrainType]:
        return {t.symbol: t for t in self.terrain}
