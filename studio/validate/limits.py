"""What the studio can play, print and list in reasonable time and memory: a map of at most
MAX_HEXES hexes, at most MAX_UNITS units in a scenario or army file, from two to MAX_SIDES
sides and at most MAX_OBJECTIVES objectives. Each bound is far above any real scenario and
far below what would make the engine or the exporters run for minutes or gigabytes."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Army, Scenario

from .report import Findings

# The engine keeps tables per hex (neighbours, costs, distances): 300 × 300 hexes play in
# seconds and under half a gigabyte, a million take minutes and gigabytes.
MAX_HEXES = 90_000
MAX_UNITS = 2_000
# Validation checks pairs of sides and every objective against the map: a file at these
# bounds validates in well under 2 s (benchmarks/bench_validate_limits.py); 1,000 sides or
# 32,000 objectives took many seconds and no game has use for them.
MAX_SIDES = 64
MAX_OBJECTIVES = 1_000


def check_limits(doc: Any, library: Any) -> list[Diagnostic]:
    model = getattr(doc, "model", None)
    if not isinstance(model, (Scenario, Army)):
        return []
    findings = Findings(doc)
    if isinstance(model, Scenario):
        hexes = model.map.columns * model.map.rows
        if hexes > MAX_HEXES:
            findings.error("map-too-large",
                           f"the map has {model.map.columns} × {model.map.rows} = {hexes:,} "
                           f"hexes, more than the {MAX_HEXES:,} the studio can play; make it "
                           "smaller (300 × 300 is the most) or split it", ("map",))
        if len(model.sides) < 2:
            findings.error("too-few-sides",
                           f"the scenario has {len(model.sides)} side; a game needs at least "
                           "two, so it cannot be played or simulated: add a side", ("sides",))
        if len(model.sides) > MAX_SIDES:
            findings.error("too-many-sides",
                           f"the scenario has {len(model.sides):,} sides, more than the "
                           f"{MAX_SIDES} the studio can check and play; merge sides or split "
                           "the scenario", ("sides",))
        if len(model.objectives) > MAX_OBJECTIVES:
            findings.error("too-many-objectives",
                           f"the scenario has {len(model.objectives):,} objectives, more than "
                           f"the {MAX_OBJECTIVES:,} the studio can check and show; keep the "
                           "ones that matter", ("objectives",))
        armies = [side.army for side in model.sides]
    else:
        armies = [model]
    units = sum(u.count if u.hex is None else 1 for army in armies for u in army.units)
    if units > MAX_UNITS:
        findings.error("too-many-units",
                       f"the file fields {units:,} units (counting each `count`), more than "
                       f"the {MAX_UNITS:,} the studio can play and print; use fewer or "
                       "smaller counts", ("sides",) if isinstance(model, Scenario) else ("units",))
    return findings.items
