"""Every side fields exactly one Army Leader in the games that ask for one
(`Ruleset.army_leader_required`; Rules of War's R7): a unit whose type is the list's leader,
or the unit the scenario marks `leader: true` where the list lets players pick one."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.engine.errors import SetupError
from studio.engine.rules import rules_named
from studio.model import ArmyList
from studio.rulesets import system_of

from .composition import leader_units
from .report import Findings, is_army_leader, lookup, rosters


def needs_army_leader(army_list: ArmyList, library: Any) -> bool:
    """Whether the game of `army_list` (naming no ruleset file: the default game) asks every
    side for exactly one Army Leader (an unknown game is reported where it is named)."""
    ruleset = lookup(library, "ruleset", army_list.ruleset)
    if ruleset is None and army_list.ruleset is not None:
        return False          # a missing ruleset file is reported where it is named
    try:
        return rules_named(system_of(ruleset)).army_leader_required
    except SetupError:
        return False


def check_leaders(doc: Any, library: Any) -> list[Diagnostic]:
    findings = Findings(doc)
    for roster in rosters(doc, library):
        army_list = roster.army_list
        if army_list is None:
            continue
        required = needs_army_leader(army_list, library)
        leaders = leader_units(roster.army, army_list)
        where = f"side {roster.side_id!r}" if roster.base else f"army {roster.side_id!r}"
        if not roster.army.units:
            # A blank start is work in progress, not a broken file: say what comes next.
            findings.add(
                "info", "side-empty",
                f"{where} has no units yet: add units from army list {army_list.id!r}"
                + (", including one Army Leader" if required else ""),
                (*roster.base, "units"), roster.subject)
            continue
        if not required:
            continue
        if not leaders:
            types = [u.id for u in army_list.units if is_army_leader(army_list, u)]
            hint = (f"add a unit of type {' or '.join(types)}" if types
                    else "mark one unit leader: true")
            findings.error(
                "no-army-leader",
                f"{where} has no Army Leader; every side needs exactly one: {hint}",
                (*roster.base, "units"), roster.subject)
        elif len(leaders) > 1:
            names = ", ".join(name for _, name in leaders)
            findings.error(
                "several-army-leaders",
                f"{where} has {len(leaders)} Army Leaders ({names}); a side has exactly one: "
                "keep one and remove the others or their leader: true",
                roster.unit_path(leaders[1][0]), roster.subject)
    return findings.items
