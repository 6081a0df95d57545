"""Scenarios: the map, the sides with their armies, objectives and victory conditions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .army import Army

MAP_EDGES = ("north", "south", "east", "west")
VICTORY_KINDS = ("destroy-leader", "eliminate", "hold", "exit", "survive", "victory-points")


@dataclass(slots=True)
class HexMap:
    """Terrain symbols and elevation digits, row-major (row 1 first), as the file holds them."""
    columns: int
    rows: int
    orientation: str = "flat"
    offset: str = "even"
    terrain: list[str] = field(default_factory=list)     # one string of symbols per row
    elevation: list[str] | None = None                  # one string of digits per row
    # Hexside features by kind id: entries of hex labels ("0503/0504"), see model.hexsides.
    hexsides: dict[str, list[str]] = field(default_factory=dict)

    def symbol_at(self, col: int, row: int) -> str:
        return self.terrain[row - 1][col - 1]

    def elevation_at(self, col: int, row: int) -> int:
        if self.elevation is None:
            return 0
        return int(self.elevation[row - 1][col - 1])

    @classmethod
    def blank(cls, columns: int, rows: int, symbol: str, orientation: str = "flat",
              offset: str = "even") -> "HexMap":
        return cls(columns, rows, orientation, offset, [symbol * columns for _ in range(rows)])


@dataclass(slots=True)
class OffMapSupport:
    id: str
    name: str
    attack: int
    ammunition: int
    per_round: int = 1
    notes: str = ""


@dataclass(slots=True)
class Objective:
    hex: str
    name: str = ""
    points: int = 0


@dataclass(slots=True)
class Side:
    id: str
    name: str
    colour: str
    army: Army
    map_edge: str | None = None
    setup_zone: list[str] = field(default_factory=list)   # labels and "0101-0620" rectangles
    off_map_support: list[OffMapSupport] = field(default_factory=list)


@dataclass(slots=True)
class VictoryCondition:
    side: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict)   # against, share, measure, hexes, count, edge, units, points
    sudden_death: bool | None = None                        # None: the kind's default

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(slots=True)
class Scenario:
    id: str
    name: str
    ruleset: str
    terrain_set: str
    map: HexMap
    sides: list[Side]
    round_limit: int = 12
    description: str = ""
    author: str = ""                  # who made it; printed files name them
    objectives: list[Objective] = field(default_factory=list)
    victory: list[VictoryCondition] = field(default_factory=list)
    special_rules: str = ""
    format: int = 1

    def side(self, side_id: str) -> Side | None:
        for s in self.sides:
            if s.id == side_id:
                return s
        return None
