""""Fill to limit": units to add to a roster so it meets its composition and uses its points.

The suggestion only adds (a designer's choices are never taken away) and never goes over
the points limit:

1. every count rule short of its minimum (or exact number) gets the cheapest units its
   selector allows, one at a time, skipping types another rule caps;
2. a side without an Army Leader gets the cheapest unit of a leader type;
3. while points remain, units are added round-robin from cheap to expensive (each type
   once before any type twice), skipping any that would break a count rule's maximum,
   give a second Army Leader, or push a points-share rule out of its bounds (or further
   out, when it is already out).

>>> from studio.io import default_library
>>> lib = default_library()
>>> greek = lib.army_list("ancient-greek")
>>> from studio.model import Army
>>> s = suggest_fill(Army("ancient-greek", points_limit=100), greek,
...                  greek.composition("greek-army"), lib)
>>> s.counts()["hoplites-standard"], s.points_after <= 100
(8, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studio.model import Army, ArmyList, Composition, CompositionRule, UnitType
from studio.validate.composition import describe_rule, leader_units
from studio.validate.report import is_army_leader

from .roster import ListCosts, list_costs, roster_total, type_counts

EPS = 1e-9
MAX_STEPS = 10_000      # a runaway guard; real rosters stop far sooner


@dataclass(frozen=True, slots=True)
class Addition:
    type: str
    count: int
    reason: str          # the rule it satisfies, or "fills the points"


@dataclass(frozen=True, slots=True)
class FillSuggestion:
    additions: list[Addition]
    points_before: float
    points_after: float
    limit: float | None
    notes: list[str] = field(default_factory=list)   # what could not be done, and why

    def counts(self) -> dict[str, int]:
        """Units to add per type id."""
        out: dict[str, int] = {}
        for a in self.additions:
            out[a.type] = out.get(a.type, 0) + a.count
        return out

    @property
    def empty(self) -> bool:
        return not self.additions


def _lower(rule: CompositionRule) -> float | None:
    return rule.exactly if rule.exactly is not None else rule.min


def _upper(rule: CompositionRule) -> float | None:
    return rule.exactly if rule.exactly is not None else rule.max


def _distance(rule: CompositionRule, value: float) -> float:
    """How far `value` lies outside the rule's bounds (0 inside)."""
    low, high = _lower(rule), _upper(rule)
    if low is not None and value < low - EPS:
        return low - value
    if high is not None and value > high + EPS:
        return value - high
    return 0.0


class _Plan:
    """The roster as counts per type while the suggestion is built."""

    def __init__(self, army: Army, army_list: ArmyList, composition: Composition | None,
                 costs: ListCosts, limit: float | None) -> None:
        self.army_list = army_list
        self.types: dict[str, UnitType] = {u.id: u for u in army_list.units}
        self.costs = costs
        self.limit = limit
        self.rules = list(composition.rules) if composition is not None else []
        self.counts = {t: c.total for t, c in type_counts(army.units).items()}
        self.points = roster_total(army, army_list, costs).points
        self.leaders = len(leader_units(army, army_list))
        self.added: list[tuple[str, str]] = []       # (type id, reason), in order
        self.rounds: dict[str, int] = {}             # units added per type while filling

    def is_leader(self, type_id: str) -> bool:
        return is_army_leader(self.army_list, self.types[type_id])

    def count(self, rule: CompositionRule) -> int:
        return sum(n for t, n in self.counts.items()
                   if t in self.types and rule.selector.matches(self.types[t]))

    def share(self, rule: CompositionRule, extra: str | None = None) -> float:
        chosen = total = 0.0
        for t, n in self.counts.items():
            cost = self.costs.cost(t)
            if cost is None or t not in self.types:
                continue
            n += 1 if t == extra else 0
            total += cost * n
            if rule.selector.matches(self.types[t]):
                chosen += cost * n
        if extra is not None and extra not in self.counts:
            cost = self.costs.cost(extra) or 0
            total += cost
            if rule.selector.matches(self.types[extra]):
                chosen += cost
        return 100.0 * chosen / total if total else 0.0

    def affordable(self, type_id: str) -> bool:
        cost = self.costs.cost(type_id)
        return cost is not None and (self.limit is None or self.points + cost <= self.limit + EPS)

    def capped(self, type_id: str) -> str | None:
        """Why one more unit of the type would break a count rule or the leader rule."""
        unit = self.types[type_id]
        for rule in self.rules:
            high = _upper(rule)
            if rule.kind == "count" and high is not None and rule.selector.matches(unit) \
                    and self.count(rule) + 1 > high + EPS:
                return describe_rule(rule)
        if self.leaders >= 1 and self.is_leader(type_id):
            return "one Army Leader"
        return None

    def keeps_shares(self, type_id: str) -> bool:
        for rule in self.rules:
            if rule.kind != "points-share":
                continue
            before = _distance(rule, self.share(rule))
            after = _distance(rule, self.share(rule, type_id))
            if after > before + EPS:
                return False
        return True

    def add(self, type_id: str, reason: str) -> None:
        self.counts[type_id] = self.counts.get(type_id, 0) + 1
        self.points += self.costs.cost(type_id) or 0
        if self.is_leader(type_id):
            self.leaders += 1
        self.added.append((type_id, reason))

    def order(self) -> list[str]:
        """Type ids from cheap to expensive (list order breaks ties); unpriced ones left out."""
        position = {u.id: i for i, u in enumerate(self.army_list.units)}
        priced = [t for t in self.types if self.costs.cost(t) is not None]
        return sorted(priced, key=lambda t: (self.costs.cost(t), position[t]))


def suggest_fill(army: Army, army_list: ArmyList, composition: Composition | None,
                 library: Any = None, points_limit: float | None = None,
                 costs: ListCosts | None = None) -> FillSuggestion:
    """Units to add to `army` (see the module's docstring); `points_limit` defaults to the
    army's own. Nothing in `army` is changed."""
    costs = costs if costs is not None else list_costs(army_list, library)
    limit = points_limit if points_limit is not None else army.points_limit
    plan = _Plan(army, army_list, composition, costs, limit)
    before = plan.points
    notes: list[str] = []
    order = plan.order()

    for rule in plan.rules:
        if rule.kind != "count":
            continue
        label = describe_rule(rule)
        low, high = _lower(rule), _upper(rule)
        have = plan.count(rule)
        if high is not None and have > high + EPS:
            notes.append(f"{label}: the roster has {have}, {have - high:g} too many; remove "
                         "them yourself (filling only adds units)")
        if low is None:
            continue
        while plan.count(rule) < low - EPS:
            matching = [t for t in order if rule.selector.matches(plan.types[t])]
            fits = [t for t in matching if plan.capped(t) is None and plan.affordable(t)]
            if not fits:
                short = low - plan.count(rule)
                why = ("no unit type of the list matches it" if not matching else
                       "every matching type is capped by another rule" if all(
                           plan.capped(t) for t in matching) else
                       "the points limit leaves no room")
                notes.append(f"{label}: still {short:g} short, {why}")
                break
            plan.add(fits[0], label)

    if plan.leaders == 0:
        leader_types = [t for t in order if plan.is_leader(t)]
        fits = [t for t in leader_types if plan.capped(t) is None and plan.affordable(t)]
        if fits:
            plan.add(fits[0], "one Army Leader")
        elif leader_types:
            notes.append("no Army Leader: the leader types of the list do not fit the points "
                         "limit or the composition")
        else:
            notes.append("no Army Leader: the list has no leader type, so mark one unit as the "
                         "leader")

    if limit is None:
        notes.append("no points limit: only the composition's minimums were added")
    else:
        for _ in range(MAX_STEPS):
            candidates = [t for t in order
                          if (plan.costs.cost(t) or 0) > 0 and plan.affordable(t)
                          and plan.capped(t) is None and plan.keeps_shares(t)]
            if not candidates:
                break
            pick = min(candidates, key=lambda t: (plan.rounds.get(t, 0), order.index(t)))
            plan.rounds[pick] = plan.rounds.get(pick, 0) + 1
            plan.add(pick, "fills the points")

    for rule in plan.rules:
        if rule.kind == "points-share" and _distance(rule, plan.share(rule)) > EPS:
            notes.append(f"{describe_rule(rule)}: {plan.share(rule):.0f}% of the points after "
                         "filling; change the roster by hand to meet it")
    return FillSuggestion(_grouped(plan.added), before, plan.points, limit, notes)


def _grouped(added: list[tuple[str, str]]) -> list[Addition]:
    """Runs of the same type and reason as one addition, keeping the order."""
    out: list[Addition] = []
    for type_id, reason in added:
        if out and out[-1].type == type_id and out[-1].reason == reason:
            last = out.pop()
            out.append(Addition(type_id, last.count + 1, reason))
        else:
            out.append(Addition(type_id, 1, reason))
    return out
