"""Scenarios: the map, the sides with their armies, objectives and victory conditions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .army import Army

MAP_EDGES = ("north", "south", "east", "west")
VICTORY_KINDS = ("destroy-leader", "eliminate", "hold", "exit", "survive", "victory-points")
IF_BLOCKED = ("delay", "nearest", "lost")
EFFECT_KINDS = ("message", "victory-points", "reinforcements", "time-of-day", "weather",
                "option")


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
class Reinforcement:
    """A wave of units that enters after the start: on `round` (None: only when an event
    brings it), by a map `edge` or onto `hexes` (labels and rectangles); `if_blocked` says
    what happens to a unit with no free entry hex: wait a round, take the nearest free hex,
    or be lost. Its units are the roster units of `side` that name it in `arrives`."""
    id: str
    side: str
    round: int | None = None
    edge: str | None = None
    hexes: list[str] = field(default_factory=list)
    if_blocked: str = "delay"
    name: str = ""


@dataclass(slots=True)
class TurnTrackEntry:
    """From `round` on, the time of day and the weather (None: as before)."""
    round: int
    time_of_day: str | None = None
    weather: str | None = None


@dataclass(slots=True)
class Clause:
    """A trigger or an effect of a scenario event: a kind and its parameters."""
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(slots=True)
class ScenarioEvent:
    """When `when` first holds, every effect of `then`, in order (once a game)."""
    id: str
    when: Clause
    then: list[Clause] = field(default_factory=list)
    name: str = ""


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
    turn_track: list[TurnTrackEntry] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    events: list[ScenarioEvent] = field(default_factory=list)

    def wave(self, wave_id: str) -> Reinforcement | None:
        return next((w for w in self.reinforcements if w.id == wave_id), None)

    def arrival_words(self, wave_id: str) -> tuple[str, str]:
        """(short, long) words for when a unit of wave `wave_id` arrives: "arrives round
        4", "arrives round 4 by the west edge (West's relief column)"."""
        w = self.wave(wave_id)
        if w is None:
            return "arrives ?", f"arrives with wave {wave_id!r}, which the scenario lacks"
        short = f"arrives round {w.round}" if w.round is not None else "arrives on an event"
        where = f"by the {w.edge} edge" if w.edge else f"at {', '.join(w.hexes)}"
        return short, f"{short} {where} ({w.name or w.id})"

    def side(self, side_id: str) -> Side | None:
        for s in self.sides:
            if s.id == side_id:
                return s
        return None
