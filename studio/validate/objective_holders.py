"""A side that must hold hexes fields a unit that can hold one (R40 counts-for-objectives:
in a list that marks some units so, no other unit holds an objective hex)."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Scenario

from .report import Findings, rosters

HOLDER = "counts-for-objectives"


def check_objective_holders(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario):
        return []
    findings = Findings(doc)
    points = any(o.points for o in scenario.objectives)
    for roster in rosters(doc, library):
        army_list = roster.army_list
        if army_list is None or not roster.army.units:
            continue
        holders = [u.id for u in army_list.units if army_list.has_ability(u, HOLDER)]
        if not holders:
            continue
        kinds = {vc.kind for vc in scenario.victory if vc.side == roster.side_id}
        if not ("hold" in kinds or ("victory-points" in kinds and points)):
            continue
        if any(u.type in holders for u in roster.army.units):
            continue
        findings.warning(
            "no-objective-holder",
            f"side {roster.side_id!r} must hold hexes, but in army list {army_list.id!r} only "
            f"units with {HOLDER} hold them and it fields none: add one of "
            f"{', '.join(holders)}",
            (*roster.base, "units"), roster.subject)
    return findings.items
