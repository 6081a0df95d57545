"""A scenario is played by one game system: every side's army list must belong to the
system of the scenario's ruleset file (an army list belongs to the system of the ruleset
file it names)."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Scenario

from .report import Findings, lookup, rosters


def system_of_ruleset(library: Any, ruleset_id: Any) -> str | None:
    from studio.rulesets import system_of
    ruleset = lookup(library, "ruleset", ruleset_id)
    return None if ruleset is None else system_of(ruleset)


def check_systems(doc: Any, library: Any) -> list[Diagnostic]:
    findings = Findings(doc)
    model = getattr(doc, "model", None)
    if not isinstance(model, Scenario):
        return findings.items
    system = system_of_ruleset(library, model.ruleset)
    if system is None:
        return findings.items           # an unknown ruleset is reported by the references
    for roster in rosters(doc, library):
        army_list = roster.army_list
        if army_list is None:
            continue
        theirs = system_of_ruleset(library, army_list.ruleset)
        if theirs is not None and theirs != system:
            findings.error(
                "mixed-rulesets",
                f"side {roster.side_id!r} fields army list {army_list.id!r}, which is for "
                f"{theirs} (ruleset {army_list.ruleset!r}), but the scenario is played by "
                f"{system} (ruleset {model.ruleset!r}); choose an army list of {system} or "
                f"a ruleset of {theirs}",
                (*roster.base, "army_list"), roster.subject)
    return findings.items
