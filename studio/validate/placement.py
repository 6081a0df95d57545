"""Units set up on the map: on a real hex, in terrain they may stand in, inside their side's
set-up zone, within the stacking limit (R13), facing a hexside of the map's orientation (when
their rules give them a front), and each with an id of its own.

Terrain and stacking follow the engine's set-up rules, so a scenario that validates also
starts: impassable terrain only for flyers; forbidden tags and `water-only` enforced; per hex
one stacking layer for ground units and one for flyers, each holding `stacking_limit` units
(from the ruleset, default 1), heroes aside, and units over the limit going aboard a friendly
carrier of the same layer whose `carry` names one of their tags (or `any`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.diagnostics import Diagnostic
from studio.hexgrid import FACING_NAMES, Hex, MapGeometry, parse_facing
from studio.model import ArmyList, RosterUnit, Scenario, UnitType

from .map_grid import geometry_of
from .report import Findings, Roster, lookup, rosters


@dataclass(slots=True)
class Placed:
    roster: Roster
    index: int
    entry: RosterUnit
    unit_id: str
    unit_type: UnitType
    hex: Hex

    @property
    def path(self):
        return self.roster.unit_path(self.index)

    @property
    def hero(self) -> bool:
        return _is_hero(self.roster.army_list, self.unit_type)


def _is_hero(army_list: ArmyList, unit_type: UnitType) -> bool:
    # The `hero` tag alone is a points class (army leaders of most lists); only the `hero`
    # ability (Middle Earth's starred heroes) stacks and moves through friends.
    return army_list.has_ability(unit_type, "hero")


def roster_ids(roster: Roster, seen: dict[str, int] | None = None) -> list[str]:
    """Each entry's id: its own, else `<type>-<n>` as the loader assigns it. A scenario passes
    one `seen` through all its sides (see `side_roster_ids`), as loading does, so the numbers
    of an in-memory model are those its saved file would get."""
    seen = {} if seen is None else seen
    ids = []
    for entry in roster.army.units:
        seen[entry.type] = seen.get(entry.type, 0) + 1
        ids.append(entry.id or f"{entry.type}-{seen[entry.type]}")
    return ids


def side_roster_ids(side_rosters: list[Roster]) -> list[list[str]]:
    """`roster_ids` of every side, numbered across the sides."""
    seen: dict[str, int] = {}
    return [roster_ids(roster, seen) for roster in side_rosters]


def _auto_ids(side_rosters: list[Roster]) -> list[list[str]]:
    """The id loading gives each entry when its file spells none, numbered across sides."""
    seen: dict[str, int] = {}
    out = []
    for roster in side_rosters:
        ids = []
        for entry in roster.army.units:
            seen[entry.type] = seen.get(entry.type, 0) + 1
            ids.append(f"{entry.type}-{seen[entry.type]}")
        out.append(ids)
    return out


def _written_id(doc: Any, roster: Roster, index: int, auto_id: str) -> bool:
    """Whether the file spells the entry's id out (auto ids may repeat across sides). A model
    without its file (the studio's, a batch's) counts an id as written when saving would
    write it: set, and not the id loading would assign."""
    data = getattr(doc, "data", None)
    if not isinstance(data, dict):
        entry_id = roster.army.units[index].id
        return entry_id is not None and entry_id != auto_id
    node: Any = data
    for part in roster.unit_path(index):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return True
    return isinstance(node, dict) and "id" in node


def check_placement(doc: Any, library: Any) -> list[Diagnostic]:
    scenario = getattr(doc, "model", None)
    if not isinstance(scenario, Scenario):
        return []
    findings = Findings(doc)
    side_rosters = rosters(doc, library)
    _unique_ids(findings, doc, side_rosters)
    try:
        geometry = geometry_of(scenario)
    except ValueError:
        return findings.items      # reported by the map check
    terrain_set = lookup(library, "terrain-set", scenario.terrain_set)
    symbols = terrain_set.symbol_map() if terrain_set is not None else {}
    placed: list[Placed] = []
    for roster, ids in zip(side_rosters, side_roster_ids(side_rosters)):
        zone = _zone(geometry, roster, scenario)
        for i, entry in enumerate(roster.army.units):
            if entry.hex is None:
                continue
            subject = roster.unit_subject(ids[i])
            if entry.count != 1:
                findings.error(
                    "count-on-placed-unit",
                    f"unit {ids[i]!r} stands on hex {entry.hex} with count: {entry.count}; a "
                    "placed entry is one unit: list each unit with its own hex, or remove the "
                    "hex to keep them in reserve",
                    roster.unit_path(i, "count"), subject)
            try:
                h = geometry.parse_label(entry.hex)
            except ValueError as err:
                findings.error(
                    "hex-off-map",
                    f"unit {ids[i]!r}: hex {err}; place it on the map "
                    f"({geometry.columns} columns × {geometry.rows} rows)",
                    roster.unit_path(i, "hex"), subject)
                continue
            unit_type = roster.army_list.unit(entry.type) if roster.army_list else None
            if entry.facing is not None or unit_type is None or _faced(library, roster,
                                                                       unit_type):
                _facing(findings, scenario, roster, i, entry, ids[i], subject)
            if unit_type is None:
                continue        # unknown list or type: reported as a reference
            if zone is not None and h not in zone:
                findings.error(
                    "outside-setup-zone",
                    f"unit {ids[i]!r} is set up on {entry.hex}, outside the set-up zone of "
                    f"side {roster.side_id!r} ({', '.join(_side(scenario, roster).setup_zone)}); "
                    "move it into the zone or widen the zone",
                    roster.unit_path(i, "hex"), subject)
            terrain = _terrain_at(scenario, geometry, h, symbols)
            if terrain is not None:
                _terrain(findings, roster.army_list, unit_type, terrain, entry.hex, ids[i],
                         roster.unit_path(i, "hex"), subject)
            placed.append(Placed(roster, i, entry, ids[i], unit_type, h))
    limit = _stacking_limit(library, scenario)
    _stacking(findings, geometry, placed, limit)
    return findings.items


def _side(scenario: Scenario, roster: Roster):
    return scenario.side(roster.side_id)


def _zone(geometry: MapGeometry, roster: Roster, scenario: Scenario) -> set[Hex] | None:
    side = _side(scenario, roster)
    if side is None or not side.setup_zone:
        return None
    hexes: set[Hex] = set()
    for item in side.setup_zone:
        try:
            hexes.update(geometry.parse_area(item))
        except ValueError:
            continue            # reported by the set-up zone check
    return hexes


def _faced(library: Any, roster: Roster, unit_type: UnitType) -> bool:
    """Whether the unit has a front by its rules (an Action Dice skirmisher has none and may
    leave its facing out)."""
    from studio.rulesets import unit_faced
    return unit_faced(roster.army_list, unit_type, library)


def _facing(findings: Findings, scenario: Scenario, roster: Roster, i: int, entry: RosterUnit,
            unit_id: str, subject: str) -> None:
    orientation = scenario.map.orientation
    if entry.facing is None:
        findings.error(
            "facing-missing",
            f"unit {unit_id!r} is placed on {entry.hex} without a facing; add facing: one of "
            f"{' '.join(FACING_NAMES[orientation])}",
            roster.unit_path(i), subject)
        return
    try:
        parse_facing(orientation, entry.facing)
    except ValueError as err:
        findings.error("bad-facing", f"unit {unit_id!r}: {err} (the map is {orientation}-top)",
                       roster.unit_path(i, "facing"), subject)


def _terrain_at(scenario: Scenario, geometry: MapGeometry, h: Hex, symbols: dict):
    col, row = geometry.to_offset(h)
    try:
        return symbols.get(scenario.map.symbol_at(col, row))
    except IndexError:
        return None             # the map's rows are malformed; reported by the map check


def _terrain(findings: Findings, army_list: ArmyList, unit_type: UnitType, terrain, label: str,
             unit_id: str, path, subject: str) -> None:
    if terrain.impassable and not unit_type.flying:
        findings.error(
            "impassable-terrain",
            f"unit {unit_id!r} is set up on {label}, which is {terrain.name} (impassable); "
            "move it to a hex it can enter",
            path, subject)
        return
    bad_tags = sorted(set(unit_type.tags) & set(terrain.forbidden_tags))
    if bad_tags:
        findings.error(
            "forbidden-terrain",
            f"unit {unit_id!r} is set up on {label}, which is {terrain.name}, forbidden to units "
            f"tagged {', '.join(bad_tags)}; move it elsewhere",
            path, subject)
    water_only = army_list.has_ability(unit_type, "water-only")
    if water_only and "water" not in terrain.tags:
        findings.error(
            "water-only",
            f"unit {unit_id!r} may only be in water, but {label} is {terrain.name}; move it to "
            "a hex whose terrain is tagged water",
            path, subject)


def _stacking_limit(library: Any, scenario: Scenario) -> int:
    ruleset = lookup(library, "ruleset", scenario.ruleset)
    if ruleset is not None:
        value = ruleset.options.get("stacking_limit")
        if isinstance(value, int) and value >= 1:
            return value
    return 1


def _room(carrier: Placed, unit: Placed, aboard: dict[int, list[Placed]]) -> bool:
    cargo = aboard.setdefault(id(carrier), [])
    for tag, capacity in carrier.unit_type.carry.items():
        if tag in unit.unit_type.tags or tag == "any":
            used = sum(1 for c in cargo if tag in c.unit_type.tags or tag == "any")
            if used < capacity:
                cargo.append(unit)
                return True
    return False


def _stacking(findings: Findings, geometry: MapGeometry, placed: list[Placed], limit: int
              ) -> None:
    by_hex: dict[Hex, list[Placed]] = {}
    for p in placed:
        by_hex.setdefault(p.hex, []).append(p)
    for h, here in by_hex.items():
        label = geometry.label(h)
        sides = list(dict.fromkeys(p.roster.side_id for p in here))
        if len(sides) > 1:
            last = here[-1]
            findings.error(
                "enemy-units-stacked",
                f"hex {label} holds units of sides {' and '.join(repr(s) for s in sides)} "
                f"({', '.join(p.unit_id for p in here)}); enemies cannot share a hex: move one",
                (*last.path, "hex"), f"hex:{label}")
            continue
        for flying in (False, True):
            layer = [p for p in here if p.unit_type.flying == flying and not p.hero]
            if len(layer) <= limit:
                continue
            carriers = [p for p in layer if p.unit_type.carry]
            aboard: dict[int, list[Placed]] = {}
            standing = list(layer)
            for unit in reversed(layer):
                if len(standing) <= limit:
                    break
                if any(c is not unit and _room(c, unit, aboard) for c in carriers):
                    standing.remove(unit)
            if len(standing) > limit:
                what = "flying" if flying else "ground"
                last = standing[-1]
                findings.error(
                    "stacking-limit",
                    f"hex {label} holds {len(standing)} {what} units "
                    f"({', '.join(p.unit_id for p in standing)}); the stacking limit is {limit} "
                    "(heroes and units aboard a carrier aside): move "
                    f"{'one' if len(standing) - limit == 1 else len(standing) - limit} away",
                    (*last.path, "hex"), f"hex:{label}")


def _unique_ids(findings: Findings, doc: Any, side_rosters: list[Roster]) -> None:
    first: dict[str, tuple[Roster, bool]] = {}
    auto = _auto_ids(side_rosters)
    for roster, ids, auto_ids in zip(side_rosters, side_roster_ids(side_rosters), auto):
        for i, unit_id in enumerate(ids):
            written = _written_id(doc, roster, i, auto_ids[i])
            earlier = first.get(unit_id)
            if earlier is None:
                first[unit_id] = (roster, written)
                continue
            other, other_written = earlier
            same_side = other is roster
            if same_side or (written and other_written):
                where = (f"side {roster.side_id!r}" if same_side
                         else f"sides {other.side_id!r} and {roster.side_id!r}")
                findings.error(
                    "duplicate-unit-id",
                    f"unit id {unit_id!r} is used twice ({where}); give each unit its own id",
                    roster.unit_path(i, "id") if written else roster.unit_path(i),
                    roster.unit_subject(unit_id))
