"""What only a ruleset plug-in can judge: the stats of an army list's unit types
(`Ruleset.unit_problems`) and the options of a ruleset file (`option_problems`, for a ruleset
that has it: the Quick and Dirty combat chart's gaps and overlaps), each at file:line."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.engine.errors import SetupError
from studio.model import ArmyList
from studio.model.ruleset import Ruleset
from studio.rulesets import system_of

from .report import Findings, did_you_mean, listing, lookup


def _rules(system):
    from studio.engine.rules import rules_named
    try:
        return rules_named(system)
    except SetupError:
        return None          # an unknown system is reported on its ruleset file


def check_ruleset_data(doc: Any, library: Any) -> list[Diagnostic]:
    model = getattr(doc, "model", None)
    findings = Findings(doc)
    if isinstance(model, ArmyList):
        ruleset = lookup(library, "ruleset", model.ruleset)
        rules = _rules(system_of(ruleset)) if ruleset is not None else None
        if rules is None:
            return findings.items
        # A ruleset whose units name rows of its ruleset file's tables (weapons, specials)
        # checks them against that file too.
        for i, unit in enumerate(model.units):
            for path, message in rules.unit_problems(model, unit, ruleset):
                findings.error("unit-stats", f"unit type {unit.id!r}: {message}",
                               ("units", i, *path), f"unit-type:{model.id}/{unit.id}")
    elif isinstance(model, Ruleset):
        rules = _rules(system_of(model))
        if rules is None:
            _unknown_system(findings, model)
        else:
            for path, message in rules.option_problems(model):
                findings.error("ruleset-option", message, ("options", *path))
    return findings.items


def _unknown_system(findings: Findings, ruleset: Ruleset) -> None:
    from studio.engine.rules import all_rules
    known = [rules.id for rules in all_rules()]
    findings.error("unknown-system",
                   f"ruleset {ruleset.id!r} is for the game system {ruleset.system!r}, which "
                   f"the studio does not play{did_you_mean(ruleset.system, known)}; use one "
                   f"of: {listing(known)}", ("system",))
