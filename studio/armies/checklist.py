"""The composition checklist the army builder shows: one line per rule of the chosen
composition (actual against required, with the reason), and the Army Leader line every side
needs (R7) when the composition itself has no leader rule.

>>> from studio.io import default_library
>>> from studio.model import Army, RosterUnit
>>> lib = default_library()
>>> greek = lib.army_list("ancient-greek")
>>> army = Army("ancient-greek", [RosterUnit("general"), RosterUnit("general")])
>>> [(line.ok, line.text) for line in composition_checklist(army, greek, None, lib)]
[(False, 'Army Leader (every side): 2 Army Leaders, needs exactly 1')]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.model import Army, ArmyList, Composition
from studio.validate.composition import check_composition, leader_units


@dataclass(frozen=True, slots=True)
class CheckLine:
    ok: bool
    text: str                 # label: actual, needs required
    kind: str                 # the rule kind: count, points-share, leader
    actual: float | None
    required: str


def composition_checklist(army: Army, army_list: ArmyList, composition: Composition | None,
                          library: Any = None) -> list[CheckLine]:
    lines = []
    if composition is not None:
        for r in check_composition(army, army_list, composition, library):
            lines.append(CheckLine(r.ok, r.reason, r.rule.kind, r.actual, r.required))
    if not any(line.kind == "leader" for line in lines):
        n = len(leader_units(army, army_list))
        lines.append(CheckLine(n == 1, f"Army Leader (every side): {n} Army Leader"
                               f"{'s' if n != 1 else ''}, needs exactly 1", "leader", n,
                               "exactly 1"))
    return lines
