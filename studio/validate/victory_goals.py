"""Victory conditions a game can actually end by: a scenario without any (every game runs to
the round limit and is a draw) or with conditions no side can meet is worth a warning before
a designer plays a thousand games of it."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.hexgrid import MapGeometry
from studio.model import Scenario, VictoryCondition

from .map_grid import geometry_of
from .report import Findings, lookup

def check_victory_goals(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario) or not scenario.sides:
        return []
    findings = Findings(doc)
    if not scenario.victory:
        findings.warning(
            "no-victory-conditions",
            "the scenario has no victory conditions, so every game runs to the round limit "
            "and ends in a draw: add one per side (Victory tab, or victory: in the file)",
            (), None)
        return findings.items
    reasons = [_unreachable(scenario, library, vc) for vc in scenario.victory]
    for i, (vc, reason) in enumerate(zip(scenario.victory, reasons)):
        if reason is not None:
            findings.warning(
                "victory-unreachable",
                f"victory condition {i + 1} ({vc.kind}) of side {vc.side!r} cannot be met: "
                f"{reason}", ("victory", i), f"side:{vc.side}")
    if all(r is not None for r in reasons) and len(reasons) > 1:
        findings.warning(
            "no-reachable-victory",
            "no side can meet any of the scenario's victory conditions, so every game ends "
            "in a draw: fix the conditions listed above", ("victory",), None)
    return findings.items


def _unreachable(scenario: Scenario, library: Any, vc: VictoryCondition) -> str | None:
    """Why `vc` can never hold, or None when it may."""
    side = scenario.side(vc.side)
    if side is None:
        return None                 # unknown-side says it
    # A side with no units yet is work in progress (side-empty says what comes next).
    units = sum(u.count if u.hex is None else 1 for u in side.army.units)
    if vc.kind == "exit" and units and vc.get("units") and vc.get("units") > units:
        return (f"it needs {vc.get('units')} units to leave the map and side {side.id!r} "
                f"fields {units}: lower the number or add units")
    if vc.kind == "hold" and vc.get("hexes"):
        return _hold_unreachable(scenario, library, vc)
    return None


def _hold_unreachable(scenario: Scenario, library: Any, vc: VictoryCondition) -> str | None:
    terrain_set = lookup(library, "terrain-set", scenario.terrain_set)
    if terrain_set is None:
        return None
    try:
        geometry: MapGeometry = geometry_of(scenario)
    except ValueError:
        return None
    symbols = terrain_set.symbol_map()
    open_hexes = 0
    for label in vc.get("hexes"):
        try:
            col, row = geometry.to_offset(geometry.parse_label(str(label)))
            terrain = symbols.get(scenario.map.symbol_at(col, row))
        except (ValueError, IndexError):
            return None             # victory-hex-off-map says it
        if terrain is None or not terrain.impassable:
            open_hexes += 1
    needed = vc.get("count") or len(vc.get("hexes"))
    if open_hexes < needed:
        return (f"it needs {needed} of its hexes held and only {open_hexes} can be entered "
                "(the others are impassable): pick other hexes")
    return None
