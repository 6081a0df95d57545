"""A variant of a scenario: one change a designer wants to try, applied to a copy.

Each change also gets a size, so the report can name the smallest change that reaches the
target: the share of the quantity it changes (the points of the units added or removed
over the side's army; the change of a points limit, a round limit or an objective's points
over its value before; the rounds a reinforcement wave moves over the round limit). A
ruleset option has no such measure and counts as 100%.

Units added are set up on free hexes of the side's setup zone (the whole map when it has
none) where the unit may stand, nearest the side's units of that type (else its other
units), facing as the nearest of them; units removed are the last ones of the type in the
roster that are not the Army Leader.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from studio.edit.placement import check_placement
from studio.edit.zones import zone_hexes
from studio.hexgrid import MapGeometry, distance
from studio.model import RosterUnit, Scenario, Side, StudyVariant


class VariantError(ValueError):
    """The change cannot be made; `field` is the key of the change it is about."""

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)


@dataclass
class BuiltVariant:
    label: str                       # what the change is, in words
    scenario: Scenario
    size: float                      # see the module docstring
    options_override: dict = field(default_factory=dict)
    details: str = ""                # what else it took (the units a fill added)


def baseline(scenario: Scenario) -> BuiltVariant:
    return BuiltVariant("as written (no change)", copy.deepcopy(scenario), 0.0)


def build_variant(scenario: Scenario, variant: StudyVariant, library: Any) -> BuiltVariant:
    """The scenario with the variant's change made (a copy); raises VariantError."""
    sc = copy.deepcopy(scenario)
    p = variant.params
    kind = variant.kind
    if kind in ("add", "remove"):
        side = _side(sc, p["side"])
        count = p.get("count", 1)
        al, unit = _unit_type(side, p["type"], library)
        before = _army_points(side, library)
        if kind == "add":
            _add_units(sc, side, p["type"], count, library)
            words, sign = "more", "+"
        else:
            _remove_units(side, p["type"], count)
            words, sign = "fewer", "-"
        points = _points(al, unit, library) * count
        label = f"{side.name or side.id}: {count} {words} {unit.name} ({sign}{points:g} pts)"
        built = BuiltVariant(label, sc, points / before if before else 1.0)
    elif kind == "points_limit":
        side = _side(sc, p["side"])
        old = side.army.points_limit or _army_points(side, library)
        before = _army_points(side, library)
        side.army.points_limit = p["limit"]
        added = _fill(sc, side, library)
        after = _army_points(side, library)
        label = (f"{side.name or side.id}: points limit {old:g} to {p['limit']:g} "
                 f"(army {before:g} to {after:g} pts)")
        # Sized by the army's points: filling to a limit can add far more than the limit's
        # own change when the army was under its old limit.
        built = BuiltVariant(label, sc, abs(after - before) / before if before else 1.0,
                             details=f"filled with {added}" if added else "")
    elif kind == "round_limit":
        old = sc.round_limit
        sc.round_limit = int(p)
        built = BuiltVariant(f"round limit {old} to {p}", sc, abs(p - old) / old)
    elif kind == "objective_points":
        obj = _objective(sc, p["objective"])
        old = obj.points
        total = sum(o.points for o in sc.objectives) or 1
        obj.points = p["points"]
        built = BuiltVariant(f"objective {obj.name or obj.hex}: {old} to {p['points']} points",
                             sc, abs(p["points"] - old) / total)
    elif kind == "reinforcement_round":
        wave = sc.wave(p["wave"])
        if wave is None:
            known = ", ".join(w.id for w in sc.reinforcements) or "none"
            raise VariantError(f"the scenario has no reinforcement wave {p['wave']!r} (its "
                               f"waves: {known})", "wave")
        old = wave.round
        wave.round = p["round"]
        was = f"round {old}" if old is not None else "only when an event brings it"
        # Sized by the rounds moved over the game's length.
        moved = abs(p["round"] - old) if old is not None else sc.round_limit
        built = BuiltVariant(f"{wave.name or wave.id}: arrives round {p['round']} ({was} "
                             "before)", sc, moved / sc.round_limit)
    elif kind == "option":
        rules = library.ruleset(sc.ruleset)
        if rules is None or p["name"] not in rules.options:
            known = ", ".join(sorted(rules.options)) if rules is not None else "none"
            raise VariantError(f"the ruleset {sc.ruleset!r} has no option {p['name']!r} "
                               f"(its options: {known})", "name")
        old = rules.options[p["name"]]
        built = BuiltVariant(f"ruleset option {p['name']}: {old} to {p['value']}", sc, 1.0,
                             {p["name"]: p["value"]})
    else:
        raise VariantError(f"unknown change {kind!r}")
    if variant.name:
        built.label = variant.name
    return built


# -- the parts -------------------------------------------------------------------------------

def _side(sc: Scenario, side_id: str) -> Side:
    side = sc.side(side_id)
    if side is None:
        raise VariantError(f"the scenario has no side {side_id!r} (its sides: "
                           f"{', '.join(s.id for s in sc.sides)})", "side")
    return side


def _unit_type(side: Side, type_id: str, library: Any):
    al = library.army_list(side.army.army_list)
    if al is None:
        raise VariantError(f"the army list {side.army.army_list!r} of {side.id} is not in the "
                           "library", "side")
    unit = al.unit(type_id)
    if unit is None:
        raise VariantError(f"{side.id}'s army list {al.id!r} has no unit type {type_id!r} "
                           f"(its types: {', '.join(u.id for u in al.units)})", "type")
    return al, unit


def _points(al, unit, library) -> float:
    from studio.armies.points import PointsError, unit_points
    try:
        return float(unit_points(al, unit, library))
    except PointsError:
        return 0.0


def _army_points(side: Side, library: Any) -> float:
    al = library.army_list(side.army.army_list)
    if al is None:
        return 0.0
    total = 0.0
    for u in side.army.units:
        unit = al.unit(u.type)
        if unit is not None and u.hex is not None:
            total += _points(al, unit, library)
    return total


def _remove_units(side: Side, type_id: str, count: int) -> None:
    spots = [i for i, u in enumerate(side.army.units)
             if u.type == type_id and u.hex is not None and not u.leader]
    if len(spots) < count:
        raise VariantError(f"{side.id} has {len(spots)} {type_id} on the map that are not its "
                           f"Army Leader; cannot remove {count}", "count")
    for i in reversed(spots[-count:]):
        del side.army.units[i]


def _add_units(sc: Scenario, side: Side, type_id: str, count: int, library: Any) -> None:
    m = sc.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    terrain = library.terrain_set(sc.terrain_set)
    al = library.army_list(side.army.army_list)

    def lookup(side_id, t):
        s = sc.side(side_id)
        lst = library.army_list(s.army.army_list) if s is not None else None
        return lst.unit(t) if lst is not None else None

    zone = zone_hexes(geometry, side.setup_zone) if side.setup_zone else set(geometry.hexes())
    own = [(geometry.parse_label(u.hex), u) for u in side.army.units if u.hex is not None]
    same = [(h, u) for h, u in own if u.type == type_id] or own
    for _ in range(count):
        taken = {u.hex for s in sc.sides for u in s.army.units if u.hex is not None}
        best = None
        for h in zone:
            label = geometry.label(h)
            if label in taken:
                continue
            near = min((distance(h, f) for f, _u in same), default=0)
            key = (near, label)
            if best is not None and key >= best[0]:
                continue
            check = check_placement(sc, geometry, terrain, side.id, type_id, h, lookup)
            if check.allowed and not check.warnings:
                best = (key, h)
        if best is None:
            raise VariantError(f"no free hex left in {side.id}'s setup zone for another "
                               f"{al.unit(type_id).name}", "count")
        h = best[1]
        facing = min(same, key=lambda fu: (distance(h, fu[0]), fu[1].hex))[1].facing \
            if same else "N"
        side.army.units.append(RosterUnit(type=type_id, hex=geometry.label(h), facing=facing))


def _fill(sc: Scenario, side: Side, library: Any) -> str:
    """Fill the side's army up to its (new) points limit; the units added, in words."""
    from studio.armies.fill import suggest_fill
    al = library.army_list(side.army.army_list)
    if al is None:
        return ""
    comp = al.composition(side.army.composition) if side.army.composition else None
    suggestion = suggest_fill(side.army, al, comp, library)
    words = []
    for type_id, n in suggestion.counts().items():
        _add_units(sc, side, type_id, n, library)
        words.append(f"{n} {al.unit(type_id).name}")
    return ", ".join(words)


def _objective(sc: Scenario, which: str):
    for o in sc.objectives:
        if o.hex == which or (o.name and o.name.casefold() == which.casefold()):
            return o
    known = ", ".join(f"{o.hex} ({o.name})" if o.name else o.hex for o in sc.objectives)
    raise VariantError(f"the scenario has no objective {which!r} (its objectives: "
                       f"{known or 'none'})", "objective")
