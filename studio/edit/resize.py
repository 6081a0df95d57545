"""Growing and shrinking a scenario's map on any edge, keeping everything that names hexes.

Labels count columns and rows from the top-left corner, so adding a column on the west
renames every hex: units, setup zones, objectives and victory hexes are all relabelled.
Hexes cut off the map take their objectives and zone cells with them; units standing there go
back to the reserve (the report says which).

On a flat-top map the columns alternate up and down; adding an odd number of columns on the
west would swap which columns sit low and tear the map apart, so the map's `offset` flips
with it (likewise rows on the north of a pointy-top map).

>>> from studio.model import HexMap, Scenario
>>> s = Scenario("s", "S", "rules-of-war", "basic-ground", HexMap.blank(3, 2, "."), [])
>>> s.map.terrain[0] = "f.."
>>> report = resize_scenario(s, west=1, south=1, fill="~")
>>> s.map.terrain, s.map.offset
(['~f..', '~...', '~~~~'], 'odd')
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from studio.hexgrid import MapGeometry
from studio.model import Scenario
from studio.model.hexsides import entry_labels


@dataclass(slots=True)
class ResizeReport:
    unplaced: list[str] = field(default_factory=list)     # "side/unit-id (was 0101)"
    dropped_objectives: list[str] = field(default_factory=list)
    dropped_victory_hexes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        parts = []
        if self.unplaced:
            parts.append(f"{len(self.unplaced)} unit(s) back to reserve: {', '.join(self.unplaced)}")
        if self.dropped_objectives:
            parts.append(f"objectives removed: {', '.join(self.dropped_objectives)}")
        if self.dropped_victory_hexes:
            parts.append(f"victory hexes removed: {', '.join(self.dropped_victory_hexes)}")
        return "; ".join(parts)


def geometry_of(scenario: Scenario) -> MapGeometry:
    m = scenario.map
    return MapGeometry(m.columns, m.rows, m.orientation, m.offset)


class _Relabel:
    """Maps old labels and area items to new ones for a shift of (dc, dr)."""

    def __init__(self, old: MapGeometry, new: MapGeometry, dc: int, dr: int) -> None:
        self.old, self.new, self.dc, self.dr = old, new, dc, dr

    def _cell(self, label: str) -> tuple[int, int]:
        c, r = self.old.to_offset(self.old.parse_label(label))
        return c + self.dc, r + self.dr

    def _fmt(self, c: int, r: int) -> str:
        w = self.new.label_width
        return f"{c:0{w}d}{r:0{w}d}"

    def _inside(self, c: int, r: int) -> bool:
        return 1 <= c <= self.new.columns and 1 <= r <= self.new.rows

    def label(self, label: str) -> str | None:
        """The new label, None when the hex is cut off; a label that never was valid is
        returned unchanged for the validator to report."""
        try:
            c, r = self._cell(label)
        except ValueError:
            return label
        return self._fmt(c, r) if self._inside(c, r) else None

    def area(self, item: str) -> str | None:
        ends = item.split("-")
        if len(ends) != 2:
            return self.label(item)
        try:
            c1, r1 = self._cell(ends[0])
            c2, r2 = self._cell(ends[1])
        except ValueError:
            return item
        c1, c2 = sorted((c1, c2))
        r1, r2 = sorted((r1, r2))
        c1, r1 = max(c1, 1), max(r1, 1)
        c2, r2 = min(c2, self.new.columns), min(r2, self.new.rows)
        if c1 > c2 or r1 > r2:
            return None
        if (c1, r1) == (c2, r2):
            return self._fmt(c1, r1)
        return f"{self._fmt(c1, r1)}-{self._fmt(c2, r2)}"


def _resize_rows(rows: list[str], north: int, south: int, east: int, west: int, fill: str,
                 new_cols: int) -> list[str]:
    cut_w, cut_e = max(0, -west), max(0, -east)
    out = [fill * new_cols for _ in range(max(0, north))]
    kept = rows[max(0, -north): len(rows) - max(0, -south)]
    for row in kept:
        out.append(fill * max(0, west) + row[cut_w: len(row) - cut_e] + fill * max(0, east))
    out.extend(fill * new_cols for _ in range(max(0, south)))
    return out


def resize_scenario(scenario: Scenario, north: int = 0, south: int = 0, east: int = 0,
                    west: int = 0, fill: str = ".") -> ResizeReport:
    """Add (positive) or remove (negative) rows and columns on each edge, in place."""
    m = scenario.map
    new_cols = m.columns + west + east
    new_rows = m.rows + north + south
    if new_cols < 1 or new_rows < 1:
        raise ValueError(f"cannot resize the {m.columns}x{m.rows} map to {new_cols}x{new_rows}: "
                         "a map needs at least one column and one row")
    if len(fill) != 1:
        raise ValueError(f"fill symbol {fill!r} must be one character")
    old = geometry_of(scenario)
    flip = (west % 2 == 1) if m.orientation == "flat" else (north % 2 == 1)
    offset = {"even": "odd", "odd": "even"}[m.offset] if flip else m.offset
    new = MapGeometry(new_cols, new_rows, m.orientation, offset)
    relabel = _Relabel(old, new, west, north)

    m.terrain = _resize_rows(m.terrain, north, south, east, west, fill, new_cols)
    if m.elevation is not None:
        m.elevation = _resize_rows(m.elevation, north, south, east, west, "0", new_cols)
    m.columns, m.rows, m.offset = new_cols, new_rows, offset

    report = ResizeReport()
    for side in scenario.sides:
        for unit in side.army.units:
            if unit.hex is None:
                continue
            moved = relabel.label(unit.hex)
            if moved is None:
                report.unplaced.append(f"{side.id}/{unit.id or unit.type} (was {unit.hex})")
                unit.hex, unit.facing = None, None
            else:
                unit.hex = moved
        side.setup_zone = [a for a in map(relabel.area, side.setup_zone) if a is not None]
    kept_objectives = []
    for obj in scenario.objectives:
        moved = relabel.label(obj.hex)
        if moved is None:
            report.dropped_objectives.append(obj.name or obj.hex)
        else:
            obj.hex = moved
            kept_objectives.append(obj)
    scenario.objectives = kept_objectives
    m.hexsides = _moved_hexsides(m.hexsides, relabel)
    for cond in scenario.victory:
        hexes = cond.params.get("hexes")
        if isinstance(hexes, list):
            new_items = []
            for item in hexes:
                moved = relabel.area(item) if isinstance(item, str) else item
                if moved is None:
                    report.dropped_victory_hexes.append(item)
                else:
                    new_items.append(moved)
            cond.params["hexes"] = new_items
    return report


def _moved_hexsides(hexsides: dict[str, list[str]], relabel: "_Relabel") -> dict[str, list[str]]:
    """Hexside entries under the new labels; a path is cut where a hex left the map."""
    out: dict[str, list[str]] = {}
    for kind, entries in hexsides.items():
        kept: list[str] = []
        for entry in entries:
            run: list[str] = []
            for label in entry_labels(entry):
                moved = relabel.label(label)
                if moved is None:
                    if len(run) > 1:
                        kept.append("/".join(run))
                    run = []
                else:
                    run.append(moved)
            if len(run) > 1:
                kept.append("/".join(run))
        if kept:
            out[kind] = kept
    return out


@dataclass(slots=True)
class ScenarioSnapshot:
    """Everything a resize may touch, deep-copied, for undo."""
    map: object
    units: list
    zones: list
    objectives: list
    victory: list


def capture(scenario: Scenario) -> ScenarioSnapshot:
    return ScenarioSnapshot(
        copy.deepcopy(scenario.map),
        [copy.deepcopy(s.army.units) for s in scenario.sides],
        [list(s.setup_zone) for s in scenario.sides],
        copy.deepcopy(scenario.objectives),
        copy.deepcopy(scenario.victory),
    )


def restore(scenario: Scenario, snap: ScenarioSnapshot) -> None:
    """Put a captured state back, keeping the Side and Army objects (views hold them)."""
    scenario.map = copy.deepcopy(snap.map)
    for side, units, zone in zip(scenario.sides, snap.units, snap.zones):
        side.army.units = copy.deepcopy(units)
        side.setup_zone = list(zone)
    scenario.objectives = copy.deepcopy(snap.objectives)
    scenario.victory = copy.deepcopy(snap.victory)
