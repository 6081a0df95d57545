"""Armies that fight each other share a scale, an era and a terrain set, and the scenario's
map uses that terrain set (the source's rule for two armies meeting)."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Scenario

from .report import Findings, rosters


def check_compatibility(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario):
        return []
    findings = Findings(doc)
    known = [r for r in rosters(doc, library) if r.army_list is not None]
    for roster in known:
        army_list = roster.army_list
        if army_list.terrain_set != scenario.terrain_set:
            findings.error(
                "terrain-set-mismatch",
                f"side {roster.side_id!r} uses army list {army_list.id!r}, made for terrain set "
                f"{army_list.terrain_set!r}, but the scenario is played on "
                f"{scenario.terrain_set!r}; choose a list for {scenario.terrain_set!r} or "
                "change the scenario's terrain_set",
                (*roster.base, "army_list"), roster.subject)
    if len(known) < 2:
        return findings.items
    first = known[0]
    common = set(first.army_list.scales)
    for roster in known[1:]:
        army_list = roster.army_list
        if army_list.era != first.army_list.era:
            findings.error(
                "era-mismatch",
                f"side {roster.side_id!r} ({army_list.id!r}) is of era {army_list.era!r} but "
                f"side {first.side_id!r} ({first.army_list.id!r}) is of era "
                f"{first.army_list.era!r}; armies that fight must share their era",
                (*roster.base, "army_list"), roster.subject)
        shared = common & set(army_list.scales)
        if not shared:
            findings.error(
                "scale-mismatch",
                f"side {roster.side_id!r} ({army_list.id!r}, scales "
                f"{', '.join(army_list.scales)}) shares no scale with the sides before it "
                f"(scales {', '.join(sorted(common)) or 'none'}); armies that fight must share "
                "a scale: pick lists with one in common",
                (*roster.base, "army_list"), roster.subject)
        else:
            common = shared
    return findings.items
