"""Composition rules: does a roster match the typical army it says it follows?

`check_composition` gives one :class:`RuleResult` per rule (the studio shows them as a
checklist); `check_compositions` turns the failed ones into diagnostics for a file. Leader
rules are left to `check_leaders`, which reports every side, so the same fact is not
reported twice.

>>> from studio.model import (Army, ArmyList, Composition, CompositionRule, RosterUnit,
...                           Selector, UnitType)
>>> lst = ArmyList("l", "L", "ancients", ["tactical"], "basic-ground",
...                units=[UnitType("hoplites", "Hoplites", points=5)])
>>> rule = CompositionRule("count", Selector(units=["hoplites"]), exactly=8, label="8 Hoplites")
>>> [r.reason for r in check_composition(Army("l", [RosterUnit("hoplites", count=6)]), lst,
...                                      Composition("greek", "Greek", [rule]))]
['8 Hoplites: 6 units, needs exactly 8']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Army, ArmyList, Composition, CompositionRule
from studio.armies.points import PointsError, unit_points

from .report import Findings, is_army_leader, rosters


@dataclass(frozen=True, slots=True)
class RuleResult:
    rule: CompositionRule
    ok: bool
    actual: float | None      # units counted, percent of points, or leaders; None: unknown
    required: str             # "exactly 8", "at least 50%", "between 2 and 4"
    reason: str               # one line for a checklist: label, actual, required


def describe_rule(rule: CompositionRule) -> str:
    """The rule's label, or a description of it when it has none."""
    if rule.label:
        return rule.label
    if rule.kind == "leader":
        return "exactly one Army Leader"
    picked = ", ".join(rule.selector.units + [f"#{t}" for t in rule.selector.tags]) or "all"
    return f"{rule.kind} of {picked}"


def _required(rule: CompositionRule, unit: str) -> str:
    if rule.kind == "leader":
        return "exactly 1"
    if rule.exactly is not None:
        return f"exactly {rule.exactly:g}{unit}"
    if rule.min is not None and rule.max is not None:
        return f"between {rule.min:g}{unit} and {rule.max:g}{unit}"
    if rule.min is not None:
        return f"at least {rule.min:g}{unit}"
    if rule.max is not None:
        return f"at most {rule.max:g}{unit}"
    return "no bound"


def _within(rule: CompositionRule, value: float) -> bool:
    eps = 1e-9
    if rule.exactly is not None and abs(value - rule.exactly) > eps:
        return False
    if rule.min is not None and value < rule.min - eps:
        return False
    if rule.max is not None and value > rule.max + eps:
        return False
    return True


def check_composition(army: Army, army_list: ArmyList, composition: Composition,
                      library: Any = None) -> list[RuleResult]:
    """Each rule of `composition` checked against `army` (units of unknown types are skipped;
    they are reported as unknown references)."""
    entries = [(e, army_list.unit(e.type)) for e in army.expanded()]
    entries = [(e, t) for e, t in entries if t is not None]
    results = []
    for rule in composition.rules:
        label = describe_rule(rule)
        if rule.kind == "count":
            actual = sum(1 for _, t in entries if rule.selector.matches(t))
            required = _required(rule, "")
            ok = _within(rule, actual)
            reason = f"{label}: {actual} unit{'s' if actual != 1 else ''}, needs {required}"
            results.append(RuleResult(rule, ok, actual, required, reason))
        elif rule.kind == "points-share":
            required = _required(rule, "%")
            try:
                costs = [(t, unit_points(army_list, t, library)) for _, t in entries]
            except PointsError as err:
                results.append(RuleResult(rule, False, None, required,
                                          f"{label}: cannot be worked out: {err}"))
                continue
            total = sum(c for _, c in costs)
            chosen = sum(c for t, c in costs if rule.selector.matches(t))
            share = 100.0 * chosen / total if total else 0.0
            ok = _within(rule, share)
            reason = (f"{label}: {share:.0f}% of the points ({chosen:g} of {total:g}), needs "
                      f"{required}")
            results.append(RuleResult(rule, ok, round(share, 2), required, reason))
        elif rule.kind == "leader":
            leaders = leader_units(army, army_list)
            actual = len(leaders)
            ok = actual == 1
            reason = f"{label}: {actual} Army Leader{'s' if actual != 1 else ''}, needs exactly 1"
            results.append(RuleResult(rule, ok, actual, "exactly 1", reason))
        else:
            results.append(RuleResult(rule, False, None, "a known rule kind",
                                      f"{label}: unknown rule kind {rule.kind!r}"))
    return results


def leader_units(army: Army, army_list: ArmyList) -> list[tuple[int, str]]:
    """(roster index, unit id) of every Army Leader: units of a type with `army-leader`, and
    units marked `leader: true`. Unplaced entries with a count count once per unit."""
    found = []
    for i, entry in enumerate(army.units):
        unit_type = army_list.unit(entry.type)
        by_type = unit_type is not None and is_army_leader(army_list, unit_type)
        if entry.leader or by_type:
            copies = entry.count if entry.hex is None else 1
            if copies == 1:
                found.append((i, entry.id or entry.type))
            else:
                found.extend((i, f"{entry.id or entry.type} ({k + 1} of {copies})")
                             for k in range(copies))
    return found


def check_compositions(doc: Any, library: Any) -> list[Diagnostic]:
    findings = Findings(doc)
    for roster in rosters(doc, library):
        army_list = roster.army_list
        if army_list is None or roster.army.composition is None:
            continue
        composition = army_list.composition(roster.army.composition)
        if composition is None:
            continue        # reported as an unknown composition
        for result in check_composition(roster.army, army_list, composition, library):
            if result.ok or result.rule.kind == "leader":
                continue
            findings.error(
                "composition-rule-failed",
                f"side {roster.side_id!r} does not meet composition {composition.id!r}: "
                f"{result.reason}; change the roster or choose another composition",
                (*roster.base, "composition"), roster.subject)
    return findings.items
