"""Roster arithmetic: how many units of each type a side fields, what they cost, and the
edits the army builder makes (set a type's count, add several, pick the Army Leader).

Edits return a new list of roster entries and leave the given one alone, so an undo
command can keep the before and after rosters.

>>> from studio.model import RosterUnit
>>> units = [RosterUnit("hoplites", hex="0310"), RosterUnit("hoplites", count=2)]
>>> type_counts(units)["hoplites"]
TypeCount(placed=1, reserve=2)
>>> [(u.type, u.hex, u.count) for u in with_type_count(units, "hoplites", 5)]
[('hoplites', '0310', 1), ('hoplites', None, 4)]
>>> with_type_count(units, "hoplites", 0)
Traceback (most recent call last):
...
studio.armies.roster.RosterError: 1 hoplites unit is on the map: take it off the map before going below 1
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from studio.model import Army, ArmyList, RosterUnit
from studio.armies.points import PointsError, unit_points

Number = int | float


class RosterError(ValueError):
    """A roster edit that cannot be made; the message says why and what to do instead."""


@dataclass(frozen=True, slots=True)
class TypeCount:
    placed: int = 0      # units of the type on the map
    reserve: int = 0     # units of the type still to place

    @property
    def total(self) -> int:
        return self.placed + self.reserve


def type_counts(units: Iterable[RosterUnit]) -> dict[str, TypeCount]:
    """Units per type id, placed and in reserve (an unplaced entry counts `count` units)."""
    placed: dict[str, int] = {}
    reserve: dict[str, int] = {}
    for u in units:
        if u.hex is None:
            reserve[u.type] = reserve.get(u.type, 0) + max(0, u.count)
        else:
            placed[u.type] = placed.get(u.type, 0) + 1
    return {t: TypeCount(placed.get(t, 0), reserve.get(t, 0))
            for t in dict.fromkeys([*placed, *reserve])}


def _plural(n: int, word: str) -> str:
    return f"{n} {word} unit{'s' if n != 1 else ''}"


def with_type_count(units: Iterable[RosterUnit], type_id: str, count: int) -> list[RosterUnit]:
    """The roster with exactly `count` units of `type_id`.

    More units go into the type's last reserve entry (or a new entry at the end); fewer are
    taken from the reserve, last entries first and entries not marked leader before the
    leader's. Units on the map are never removed: going below their number is refused.
    """
    out = copy.deepcopy(list(units))
    if count < 0:
        raise RosterError(f"a count of {count} {type_id} units is impossible: use 0 or more")
    have = type_counts(out).get(type_id, TypeCount())
    if count < have.placed:
        raise RosterError(f"{_plural(have.placed, type_id)} "
                          f"{'is' if have.placed == 1 else 'are'} on the map: take "
                          f"{'it' if have.placed == 1 else 'them'} off the map before going "
                          f"below {have.placed}")
    change = count - have.total
    reserve = [i for i, u in enumerate(out) if u.type == type_id and u.hex is None]
    if change > 0:
        if reserve:
            out[reserve[-1]].count += change
        else:
            out.append(RosterUnit(type=type_id, count=change))
        return out
    to_remove = -change
    order = sorted(reserve, key=lambda i: (out[i].leader, -i))
    for i in order:
        if to_remove == 0:
            break
        taken = min(out[i].count, to_remove)
        out[i].count -= taken
        to_remove -= taken
    return [u for u in out if u.hex is not None or u.count > 0]


def with_additions(units: Iterable[RosterUnit], additions: Mapping[str, int]) -> list[RosterUnit]:
    """The roster with `additions` (type id -> units to add) added to the reserve."""
    out = list(units)
    counts = type_counts(out)
    for type_id, extra in additions.items():
        if extra:
            out = with_type_count(out, type_id, counts.get(type_id, TypeCount()).total + extra)
    return out


def with_leader(units: Iterable[RosterUnit], index: int, leader: bool = True) -> list[RosterUnit]:
    """The roster with entry `index` marked as the Army Leader (`leader: true`) and no other
    entry marked; an unplaced entry of several units gives one of them, split off in front
    of it. `leader=False` clears the mark of that entry."""
    out = copy.deepcopy(list(units))
    if not 0 <= index < len(out):
        raise RosterError(f"the roster has no entry {index}; it has {len(out)} entries")
    entry = out[index]
    if not leader:
        entry.leader = False
        return out
    for u in out:
        u.leader = False
    if entry.hex is None and entry.count > 1:
        entry.count -= 1
        out.insert(index, RosterUnit(type=entry.type, leader=True))
    else:
        out[index].leader = True
    return out


# -- costs ---------------------------------------------------------------------------------

@dataclass(slots=True)
class ListCosts:
    """What one unit of each type of a list costs, and why some costs are unknown."""
    per_type: dict[str, Number] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)     # type id -> the PointsError text

    def cost(self, type_id: str) -> Number | None:
        return self.per_type.get(type_id)


def list_costs(army_list: ArmyList, library: Any = None) -> ListCosts:
    costs = ListCosts()
    for unit in army_list.units:
        try:
            costs.per_type[unit.id] = unit_points(army_list, unit, library)
        except PointsError as err:
            costs.problems[unit.id] = str(err)
    return costs


@dataclass(frozen=True, slots=True)
class RosterTotal:
    points: float
    unknown: tuple[str, ...] = ()      # why some units could not be priced (type ids or costs)

    @property
    def complete(self) -> bool:
        return not self.unknown


def roster_total(army: Army, army_list: ArmyList, costs: ListCosts) -> RosterTotal:
    """The roster's points; units of types the list lacks, or whose cost is unknown, are left
    out of the sum and named in `unknown`."""
    total = 0.0
    unknown: list[str] = []
    for type_id, n in type_counts(army.units).items():
        cost = costs.cost(type_id)
        if cost is not None:
            total += cost * n.total
        elif type_id in costs.problems:
            unknown.append(costs.problems[type_id])
        else:
            unknown.append(f"unit type {type_id!r} is not in army list {army_list.id!r}")
    return RosterTotal(total, tuple(dict.fromkeys(unknown)))


# -- placement ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlacementEntry:
    index: int              # in the side's roster (what the placement tool takes)
    type: str
    id: str | None
    hex: str | None
    facing: str | None
    count: int
    leader: bool

    @property
    def placed(self) -> bool:
        return self.hex is not None


def placement_entries(units: Iterable[RosterUnit]) -> tuple[list[PlacementEntry], list[PlacementEntry]]:
    """(still to place, placed): the roster entries split by whether they have a hex."""
    to_place: list[PlacementEntry] = []
    placed: list[PlacementEntry] = []
    for i, u in enumerate(units):
        entry = PlacementEntry(i, u.type, u.id, u.hex, u.facing,
                               u.count if u.hex is None else 1, u.leader)
        (placed if entry.placed else to_place).append(entry)
    return to_place, placed
