"""May this army list fight in this scenario? The rules the validator enforces
(`studio.validate.compatibility`, `studio.validate.systems`), asked before the choice
instead of after it: the list is of the scenario's game and made for its terrain set (else
it cannot be chosen), and it shares the era, the terrain set and at least one scale with
the lists the other sides already use. A clash with another side is a `conflict`, not a
refusal: the choice is allowed and the other side's list is changed next, so that no side
is ever locked out by the others (two future lists must not keep either side from
switching to the fantasy pair).

>>> from studio.model import ArmyList, Army, HexMap, Scenario, Side
>>> greek = ArmyList("greek", "Greek", "ancients", ["tactical"], "basic-ground")
>>> fleet = ArmyList("fleet", "Space Fleet", "future", ["skirmish"], "basic-space")
>>> lists = {"greek": greek, "fleet": fleet}
>>> s = Scenario("s", "S", "rules-of-war", "basic-ground", HexMap.blank(2, 2, "."),
...              [Side("a", "A", "#000000", Army("greek")), Side("b", "B", "#ffffff", Army("greek"))])
>>> check = list_compatibility(fleet, s, "b", lists.get)
>>> check.ok, check.reasons, check.conflicts[:1]
(False, ["made for terrain set 'basic-space', but the scenario is played on 'basic-ground'"], ["era 'future', but side 'a' (Greek) is of era 'ancients'"])
>>> list_compatibility(greek, s, "b", lists.get).ok
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from studio.model import ArmyList, Scenario
from studio.rulesets import system_of

Lookup = Callable[[str], ArmyList | None]


@dataclass(frozen=True, slots=True)
class Compatibility:
    ok: bool                                              # may be chosen
    reasons: list[str] = field(default_factory=list)      # why it may not
    conflicts: list[str] = field(default_factory=list)    # what the other sides must change

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)

    @property
    def conflict(self) -> str:
        return "; ".join(self.conflicts)


def library_lookup(library: Any) -> Lookup:
    """An army-list look-up over a library that answers None for unknown ids."""
    def find(ident: str) -> ArmyList | None:
        if library is None:
            return None
        try:
            return library.army_list(ident)
        except (KeyError, LookupError):
            return None
    return find


def ruleset_systems(library: Any) -> Callable[[str], str | None]:
    """The game system of a ruleset file id, over a library (None for unknown ids)."""
    def system(ident: str) -> str | None:
        try:
            found = library.ruleset(ident) if library is not None else None
        except (KeyError, LookupError):
            return None
        return system_of(found) if found is not None else None
    return system


def list_compatibility(candidate: ArmyList, scenario: Scenario, side_id: str,
                       lookup: Lookup, system_of: Callable[[str], str | None] | None = None
                       ) -> Compatibility:
    """Whether side `side_id` of `scenario` may use `candidate`, with every reason it may not
    and every clash with the other sides' lists. `system_of` gives a ruleset file's game:
    with it, a list of another game is refused."""
    reasons: list[str] = []
    conflicts: list[str] = []
    if system_of is not None:
        theirs, ours = system_of(candidate.ruleset), system_of(scenario.ruleset)
        if theirs is not None and ours is not None and theirs != ours:
            reasons.append(f"a list for {theirs}, but the scenario is played by {ours}")
    if candidate.terrain_set != scenario.terrain_set:
        reasons.append(f"made for terrain set {candidate.terrain_set!r}, but the scenario is "
                       f"played on {scenario.terrain_set!r}")
    others = []
    for side in scenario.sides:
        if side.id == side_id:
            continue
        other = lookup(side.army.army_list)
        if other is not None:
            others.append((side, other))
    for side, other in others:
        who = f"side {side.id!r} ({other.name})"
        if other.era != candidate.era:
            conflicts.append(f"era {candidate.era!r}, but {who} is of era {other.era!r}")
        if (other.terrain_set != candidate.terrain_set
                and other.terrain_set != scenario.terrain_set):
            conflicts.append(f"terrain set {candidate.terrain_set!r}, but {who} uses "
                           f"{other.terrain_set!r}")
    if others:
        common = set(others[0][1].scales)
        for _, other in others[1:]:
            common &= set(other.scales)
        if common:
            if not common & set(candidate.scales):
                conflicts.append(f"scales {', '.join(candidate.scales)}, none of which the other "
                               f"sides share (they have {', '.join(sorted(common))} in common)")
        else:
            # The other sides already share no scale: judge the candidate against each.
            for side, other in others:
                if not set(other.scales) & set(candidate.scales):
                    conflicts.append(f"scales {', '.join(candidate.scales)}, none shared with "
                                   f"side {side.id!r} ({', '.join(other.scales)})")
    return Compatibility(not reasons, reasons, conflicts)
