"""Abilities in play that the engine does not simulate (R40): the designer is told, per
ability and unit type, that test play will ignore it, so a partial simulation is never taken
for a full one."""
from __future__ import annotations

from typing import Any, Iterable

from studio.diagnostics import Diagnostic
from studio.model import Scenario

from .report import Findings, lookup, rosters


def _not_simulated(army_list, library, simulated) -> set[str]:
    """Ability names of the list that its game system's engine does not simulate."""
    if simulated is not None:
        names = {a.name for u in army_list.units for a in army_list.effective_abilities(u)}
        return names - set(simulated)
    from studio.rulesets import rules_named, system_of
    ruleset = lookup(library, "ruleset", army_list.ruleset)
    try:
        return set(rules_named(system_of(ruleset)).not_simulated(army_list))
    except ValueError:               # an unknown system is reported where it is named
        return set()


# Unit stats the engine reads nowhere yet, with what a test game does instead.
UNSIMULATED_STATS = {
    "attack_dice": "its attack dice per arc are not simulated: in test games it makes one "
                   "attack a round, into its front arc, whatever its dice say",
}


def unsimulated_stats(unit_type) -> list[str]:
    """Names of the stats of `unit_type` that test games ignore (see UNSIMULATED_STATS)."""
    return [name for name in UNSIMULATED_STATS if getattr(unit_type, name, None)]


def check_not_simulated(doc: Any, library: Any, simulated: Iterable[str] | None = None
                        ) -> list[Diagnostic]:
    if not isinstance(getattr(doc, "model", None), Scenario):
        return []
    findings = Findings(doc)
    reported: set[tuple[str, str, str]] = set()
    for roster in rosters(doc, library):
        army_list = roster.army_list
        if army_list is None:
            continue
        missing = _not_simulated(army_list, library, simulated)
        for i, entry in enumerate(roster.army.units):
            unit_type = army_list.unit(entry.type)
            if unit_type is None:
                continue
            for ability in army_list.effective_abilities(unit_type):
                key = (army_list.id, unit_type.id, ability.name)
                if ability.name not in missing or key in reported:
                    continue
                reported.add(key)
                findings.warning(
                    "ability-not-simulated",
                    f"ability {ability.name!r} of unit type {unit_type.id!r} (army list "
                    f"{army_list.id!r}) is not simulated: test games will ignore it, so their "
                    "results leave it out; judge its effect by hand",
                    roster.unit_path(i, "type"), f"unit-type:{army_list.id}/{unit_type.id}")
            for stat in unsimulated_stats(unit_type):
                key = (army_list.id, unit_type.id, stat)
                if key in reported:
                    continue
                reported.add(key)
                findings.warning(
                    "stat-not-simulated",
                    f"unit type {unit_type.id!r} (army list {army_list.id!r}): "
                    f"{UNSIMULATED_STATS[stat]}; judge its effect by hand",
                    roster.unit_path(i, "type"), f"unit-type:{army_list.id}/{unit_type.id}")
    return findings.items
