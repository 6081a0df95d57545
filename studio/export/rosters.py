"""Where counters come from: a scenario's sides or a stand-alone army, with their lists.

A :class:`RosterSource` is one roster with everything its counters need: the army, its
army list, the side's colour and the ruleset (for the rally number on routed backs).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from studio.model import Army, ArmyList, Ruleset, Scenario

from .colours import SIDE_PALETTE, parse_colour
from .counter_faces import Counter, unit_counter


@dataclass(slots=True)
class RosterSource:
    label: str                        # side or army name, printed in page headers
    colour: str                       # "#rrggbb"
    army: Army
    army_list: ArmyList
    ruleset: Ruleset | None = None
    side_id: str | None = None

    @property
    def rules(self):
        """The game the roster is played by (that of its ruleset file)."""
        from studio.rulesets import rules_named, system_of
        return rules_named(system_of(self.ruleset))

    def rally_divisor(self) -> int:
        if self.ruleset is not None and "rally_divisor" in self.ruleset.options:
            return int(self.ruleset.options["rally_divisor"])
        return 2


def lookup(library: Any, method: str, ident: str, where: str):
    """``library.<method>(ident)``, or a ValueError saying which file needs what."""
    try:
        found = getattr(library, method)(ident)
    except (KeyError, LookupError, FileNotFoundError) as err:
        raise ValueError(f"{where}: {method.replace('_', ' ')} {ident!r} is not in the library "
                         f"({err})") from None
    if found is None:
        raise ValueError(f"{where}: {method.replace('_', ' ')} {ident!r} is not in the library; "
                         f"add its file under libraries/ or fix the id")
    return found


def sources_from_scenario(scenario: Scenario, library: Any,
                          side_ids: Iterable[str] = ()) -> list[RosterSource]:
    """One source per side (or per listed side id), in the scenario's order."""
    wanted = list(side_ids)
    unknown = [s for s in wanted if scenario.side(s) is None]
    if unknown:
        raise ValueError(f"scenario {scenario.id!r} has no side {unknown[0]!r}: its sides are "
                         f"{', '.join(s.id for s in scenario.sides)}")
    ruleset = lookup(library, "ruleset", scenario.ruleset, f"scenario {scenario.id!r}")
    out = []
    for side in scenario.sides:
        if wanted and side.id not in wanted:
            continue
        army_list = lookup(library, "army_list", side.army.army_list,
                            f"side {side.id!r} of scenario {scenario.id!r}")
        parse_colour(side.colour, what=f"colour of side {side.id!r}")
        out.append(RosterSource(side.name, side.colour, side.army, army_list, ruleset, side.id))
    return out


def source_from_army(army: Army, library: Any, colour: str | None = None,
                     index: int = 0) -> RosterSource:
    """A stand-alone roster; without a colour it takes one from the side palette."""
    army_list = lookup(library, "army_list", army.army_list, f"army {army.id or army.name!r}")
    ruleset = None
    try:
        ruleset = library.ruleset(army_list.ruleset)
    except Exception:  # the rally number then uses the rules' default divisor
        ruleset = None
    colour = colour or SIDE_PALETTE[index % len(SIDE_PALETTE)]
    parse_colour(colour, what="army colour")
    return RosterSource(army.name or army.id or army_list.name, colour, army, army_list, ruleset)


def roster_counters(source: RosterSource) -> list[Counter]:
    """One counter per unit of the roster (``count`` unrolled), in roster order."""
    out: list[Counter] = []
    for entry in source.army.expanded():
        unit = source.army_list.unit(entry.type)
        if unit is None:
            known = ", ".join(u.id for u in source.army_list.units[:8])
            raise ValueError(f"{source.label}: unit type {entry.type!r} is not in army list "
                             f"{source.army_list.id!r} (it has {known}, ...)")
        front, back = unit_counter(source.army_list, unit, source.colour, name=entry.name,
                                   rally_divisor=source.rally_divisor(), group=source.label,
                                   unit_id=entry.id, leader=entry.leader, rules=source.rules)
        out.append(Counter(front, back, group=source.label, unit_id=entry.id))
    return out
