"""Per-figure point costs with equipment add-ons (the 1976 Middle Earth table)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class PointsItem:
    name: str
    points: float


@dataclass(slots=True)
class PointsTable:
    id: str
    name: str
    figures: dict[str, PointsItem] = field(default_factory=dict)
    equipment: dict[str, PointsItem] = field(default_factory=dict)
    notes: str = ""
    format: int = 1
