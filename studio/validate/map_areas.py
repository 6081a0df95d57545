"""Hexes and areas a scenario names besides its units: objectives, the hexes of victory
conditions, and set-up zones, all well-formed and on the map."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Scenario

from .map_grid import geometry_of
from .report import Findings


def check_map_areas(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario):
        return []
    findings = Findings(doc)
    try:
        geometry = geometry_of(scenario)
    except ValueError:
        return findings.items          # reported by the map check
    size = f"the map is {geometry.columns} columns × {geometry.rows} rows"
    for i, objective in enumerate(scenario.objectives):
        try:
            geometry.parse_label(objective.hex)
        except ValueError as err:
            name = f" ({objective.name})" if objective.name else ""
            findings.error(
                "objective-off-map",
                f"objective {i + 1}{name}: {err}; {size}", ("objectives", i, "hex"),
                f"hex:{objective.hex}")
    for i, condition in enumerate(scenario.victory):
        hexes = condition.get("hexes") or []
        for j, label in enumerate(hexes):
            try:
                geometry.parse_label(label)
            except ValueError as err:
                findings.error(
                    "victory-hex-off-map",
                    f"victory condition {i + 1} ({condition.kind}) of side "
                    f"{condition.side!r}: {err}; {size}",
                    ("victory", i, "hexes", j), f"hex:{label}")
        count = condition.get("count")
        if condition.kind == "hold" and count is not None and hexes and count > len(hexes):
            findings.error(
                "victory-count-too-high",
                f"victory condition {i + 1} (hold) of side {condition.side!r} asks for {count} "
                f"hexes out of {len(hexes)}; lower count or list more hexes",
                ("victory", i, "count"), f"side:{condition.side}")
    for s, side in enumerate(scenario.sides):
        for j, item in enumerate(side.setup_zone):
            try:
                geometry.parse_area(item)
            except ValueError as err:
                findings.error(
                    "bad-setup-zone",
                    f"side {side.id!r} set-up zone item {j + 1}: {err}; {size}",
                    ("sides", s, "setup_zone", j), f"side:{side.id}")
    return findings.items
