"""An army list's inner consistency: unique ids, selectors and compositions that name real
units, and the figures its points formula needs."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import ArmyList, Selector
from studio.armies.points import PointsError, formula_of, formulas, points_table_for

from .report import Findings, did_you_mean, listing


def check_army_list(doc: Any, library: Any) -> list[Diagnostic]:
    army_list = getattr(doc, "model", None)
    if not isinstance(army_list, ArmyList):
        return []
    findings = Findings(doc)
    _unique_ids(findings, army_list)
    for i, rule in enumerate(army_list.special_rules):
        if rule.applies_to is not None:
            _selector(findings, army_list, rule.applies_to, ("special_rules", i, "applies_to"),
                      f"special rule {i + 1}")
    _compositions(findings, army_list)
    _points(findings, army_list, library)
    return findings.items


def _unit_subject(army_list: ArmyList, unit_id: str) -> str:
    return f"unit-type:{army_list.id}/{unit_id}"


def _unique_ids(findings: Findings, army_list: ArmyList) -> None:
    first: dict[str, int] = {}
    for i, unit in enumerate(army_list.units):
        if unit.id in first:
            findings.error(
                "duplicate-unit-type-id",
                f"unit id {unit.id!r} is used twice in army list {army_list.id!r} (units "
                f"{first[unit.id] + 1} and {i + 1}); give each unit type its own id",
                ("units", i, "id"), _unit_subject(army_list, unit.id))
        else:
            first[unit.id] = i
    seen: set[str] = set()
    for i, composition in enumerate(army_list.compositions):
        if composition.id in seen:
            findings.error(
                "duplicate-composition-id",
                f"composition id {composition.id!r} is used twice in army list "
                f"{army_list.id!r}; give each composition its own id",
                ("compositions", i, "id"))
        seen.add(composition.id)


def _selector(findings: Findings, army_list: ArmyList, selector: Selector, path, where: str
              ) -> None:
    unit_ids = [u.id for u in army_list.units]
    for j, unit_id in enumerate(selector.units):
        if unit_id not in unit_ids:
            findings.error(
                "unknown-selector-unit",
                f"{where} names unit {unit_id!r}, which army list {army_list.id!r} does not "
                f"have{did_you_mean(unit_id, unit_ids)}; use one of: {listing(unit_ids)}",
                (*path, "units", j))
    all_tags = {t for u in army_list.units for t in u.tags}
    for j, tag in enumerate(selector.tags):
        if tag not in all_tags:
            findings.warning(
                "unused-selector-tag",
                f"{where} selects tag {tag!r}, which no unit of army list {army_list.id!r} "
                f"carries{did_you_mean(tag, all_tags)}, so it selects nothing; fix the tag "
                "or tag the units it means",
                (*path, "tags", j))


def _compositions(findings: Findings, army_list: ArmyList) -> None:
    for c, composition in enumerate(army_list.compositions):
        for r, rule in enumerate(composition.rules):
            path = ("compositions", c, "rules", r)
            label = rule.label or f"rule {r + 1}"
            where = f"composition {composition.id!r} rule {label!r}"
            if rule.kind in ("count", "points-share"):
                _selector(findings, army_list, rule.selector, path, where)
            if rule.kind == "leader":
                continue
            if rule.exactly is None and rule.min is None and rule.max is None:
                findings.error(
                    "composition-rule-empty",
                    f"{where} ({rule.kind}) sets no bound; give it exactly, min or max",
                    path)
            if rule.exactly is not None and (rule.min is not None or rule.max is not None):
                findings.error(
                    "composition-rule-conflict",
                    f"{where} sets exactly together with min or max; keep one or the other",
                    path)
            if rule.min is not None and rule.max is not None and rule.min > rule.max:
                findings.error(
                    "composition-rule-conflict",
                    f"{where} asks for at least {rule.min:g} and at most {rule.max:g}, which no "
                    "roster can meet; swap or correct the bounds",
                    (*path, "min"))
            if rule.kind == "points-share":
                for key in ("exactly", "min", "max"):
                    value = getattr(rule, key)
                    if value is not None and value > 100:
                        findings.error(
                            "composition-share-range",
                            f"{where} sets {key}: {value:g}, but a points share is a "
                            "percentage from 0 to 100",
                            (*path, key))


def _points(findings: Findings, army_list: ArmyList, library: Any) -> None:
    spec = army_list.points
    known = formulas()
    name = formula_of(army_list, library)
    formula = known.get(name)
    if formula is None:
        findings.error(
            "unknown-points-formula",
            f"points formula {name!r} is unknown{did_you_mean(name, known)}; "
            f"use one of: {listing(known)}",
            ("points", "formula"))
        return
    for key in spec.params:
        if key not in formula.params:
            accepted = ", ".join(formula.params) or "none"
            findings.error(
                "unknown-points-param",
                f"points formula {name!r} takes no parameter {key!r} (it takes: "
                f"{accepted}); remove it{did_you_mean(key, formula.params)}",
                ("points", key))
    for key, default in formula.param_defaults.items():
        if isinstance(default, dict):
            _by_kind(findings, key, spec.params.get(key), default)
    if name == "fixed":
        for i, unit in enumerate(army_list.units):
            if unit.points is None:
                findings.error(
                    "points-missing",
                    f"unit {unit.id!r} has no points, but army list {army_list.id!r} uses the "
                    "fixed formula; add points: N to the unit",
                    ("units", i), _unit_subject(army_list, unit.id))
    if name == "figures-001":
        _figures(findings, army_list, library)


def _by_kind(findings: Findings, key: str, given: Any, defaults: dict) -> None:
    """A formula parameter that maps kinds to positive numbers (skirmish divisors by
    combatant type): the list may override some of the formula's defaults."""
    if given is None:
        return
    one = key[:-1] if key.endswith("s") else key
    if not isinstance(given, dict):
        findings.error("bad-points-param",
                       f"{key} must map combatant types to numbers, e.g. {{elite: 7}}; "
                       f"got {given!r}", ("points", key))
        return
    for kind, value in given.items():
        if kind not in defaults:
            findings.error(
                "bad-points-param",
                f"{one} for unknown combatant type {kind!r}{did_you_mean(kind, defaults)}; "
                f"the types are: {listing(defaults)}",
                ("points", key, kind))
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            findings.error(
                "bad-points-param",
                f"{one} for {kind!r} is {value!r}; it must be a number above 0",
                ("points", key, kind))


def _figures(findings: Findings, army_list: ArmyList, library: Any) -> None:
    try:
        table = points_table_for(army_list, library)
    except PointsError:
        return      # the missing table is reported with the other references
    for i, unit in enumerate(army_list.units):
        subject = _unit_subject(army_list, unit.id)
        if unit.points is not None:
            continue
        figures = unit.figures
        if figures is None:
            findings.error(
                "figures-missing",
                f"unit {unit.id!r} has neither figures nor points; the figures-001 formula "
                "needs figures: {count: N, type: <figure>} (or give the unit points: N)",
                ("units", i), subject)
            continue
        if figures.type not in table.figures:
            findings.error(
                "unknown-figure-type",
                f"unit {unit.id!r}: figure type {figures.type!r} is not in points table "
                f"{table.id!r}{did_you_mean(figures.type, table.figures)}; use one of: "
                f"{listing(table.figures)}",
                ("units", i, "figures", "type"), subject)
        for j, item in enumerate(figures.equipment):
            if item not in table.equipment:
                findings.error(
                    "unknown-equipment",
                    f"unit {unit.id!r}: equipment {item!r} is not in points table "
                    f"{table.id!r}{did_you_mean(item, table.equipment)}; use one of: "
                    f"{listing(table.equipment)}",
                    ("units", i, "figures", "equipment", j), subject)
