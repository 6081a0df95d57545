"""Every id a file uses must name something that exists: ruleset, terrain set, army list,
points table, composition, roster unit types, and the sides victory conditions speak of."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import ArmyList, Scenario
from studio.armies.points import DEFAULT_POINTS_TABLE

from .report import Findings, did_you_mean, listing, lookup, missing_reference, rosters


def check_references(doc: Any, library: Any) -> list[Diagnostic]:
    findings = Findings(doc)
    model = getattr(doc, "model", None)
    if isinstance(model, ArmyList):
        _army_list_references(findings, model, library)
    if isinstance(model, Scenario):
        _scenario_references(findings, model, library)
    _roster_references(findings, doc, library)
    return findings.items


def _require(findings: Findings, library: Any, kind: str, ident: Any, path, where: str,
             subject: str | None = None) -> None:
    if lookup(library, kind, ident) is None:
        missing_reference(findings, library, kind, ident, path, where, subject)


def _army_list_references(findings: Findings, army_list: ArmyList, library: Any) -> None:
    where = f"army list {army_list.id!r}"
    _require(findings, library, "terrain-set", army_list.terrain_set, ("terrain_set",), where)
    _require(findings, library, "ruleset", army_list.ruleset, ("ruleset",), where)
    if army_list.points.formula == "figures-001":
        table = army_list.points.params.get("table") or DEFAULT_POINTS_TABLE
        path = ("points", "table") if "table" in army_list.points.params else ("points",)
        _require(findings, library, "points-table", table, path, f"{where} (figures-001)")


def _scenario_references(findings: Findings, scenario: Scenario, library: Any) -> None:
    where = f"scenario {scenario.id!r}"
    _require(findings, library, "ruleset", scenario.ruleset, ("ruleset",), where)
    _require(findings, library, "terrain-set", scenario.terrain_set, ("terrain_set",), where)
    side_ids = [s.id for s in scenario.sides]
    first: dict[str, int] = {}
    for i, side_id in enumerate(side_ids):
        if side_id in first:
            # play and the logs name a side by its id: two alike cannot both be played
            findings.error(
                "duplicate-side-id",
                f"side {i + 1} has the id {side_id!r} of side {first[side_id] + 1}; every "
                "side needs its own id: rename one (and the victory conditions that name it)",
                ("sides", i, "id"), f"side:{side_id}")
        first.setdefault(side_id, i)
    for i, condition in enumerate(scenario.victory):
        if condition.side not in side_ids:
            findings.error(
                "unknown-side",
                f"victory condition {i + 1} ({condition.kind}) is for side {condition.side!r}, "
                f"which the scenario does not have{did_you_mean(condition.side, side_ids)}; "
                f"use one of: {listing(side_ids)}",
                ("victory", i, "side"), f"side:{condition.side}")
        against = condition.get("against") or []
        for j, other in enumerate(against):
            if other not in side_ids:
                findings.error(
                    "unknown-side",
                    f"victory condition {i + 1} ({condition.kind}) is against side {other!r}, "
                    f"which the scenario does not have{did_you_mean(other, side_ids)}; "
                    f"use one of: {listing(side_ids)}",
                    ("victory", i, "against", j), f"side:{other}")
            elif other == condition.side:
                findings.error(
                    "victory-against-self",
                    f"victory condition {i + 1} ({condition.kind}) of side {other!r} lists "
                    "that same side in `against`; name the enemy sides only",
                    ("victory", i, "against", j), f"side:{other}")


def _roster_references(findings: Findings, doc: Any, library: Any) -> None:
    for roster in rosters(doc, library):
        army = roster.army
        where = f"side {roster.side_id!r}" if roster.base else f"army {roster.side_id!r}"
        if roster.army_list is None:
            missing_reference(findings, library, "army-list", army.army_list,
                              (*roster.base, "army_list"), where, roster.subject)
            continue
        army_list = roster.army_list
        if army.composition is not None and army_list.composition(army.composition) is None:
            known = [c.id for c in army_list.compositions]
            findings.error(
                "unknown-composition",
                f"{where} chooses composition {army.composition!r}, which army list "
                f"{army_list.id!r} does not define{did_you_mean(army.composition, known)}; "
                f"use one of: {listing(known)}, or composition: null",
                (*roster.base, "composition"), roster.subject)
        unit_ids = [u.id for u in army_list.units]
        for i, entry in enumerate(army.units):
            if army_list.unit(entry.type) is None:
                findings.error(
                    "unknown-unit-type",
                    f"{where}: unit type {entry.type!r} is not in army list {army_list.id!r}"
                    f"{did_you_mean(entry.type, unit_ids)}; use one of: {listing(unit_ids)}",
                    roster.unit_path(i, "type"), roster.unit_subject(entry.id))
