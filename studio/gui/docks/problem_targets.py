"""What a finding points at in the scenario: a hex, a unit, a side's field, a scenario field,
a victory condition or an objective. Worked out from the diagnostic's `subject`, else from its
line in the text the scenario would be saved as (the problems panel validates exactly that
text, so the lines agree). No Qt here: it runs in the validation worker.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Scenario
from studio.io.to_model import auto_unit_id

SCENARIO_FIELDS = ("id", "name", "description", "ruleset", "terrain_set", "round_limit",
                   "special_rules", "map")
SIDE_FIELDS = ("name", "colour", "army_list", "composition", "points_limit", "map_edge",
               "setup_zone", "off_map_support", "units", "id")


@dataclass(frozen=True, slots=True)
class Target:
    kind: str                  # "hex" | "unit" | "side" | "field" | "victory" | "objective"
    hex: str | None = None     # printed label, where the target sits on the map
    side: str | None = None    # side id (unit, side)
    index: int | None = None   # roster index (unit), victory or objective index
    field: str | None = None   # scenario field (field) or side field (side)
    name: str | None = None    # the unit's id as the file names it (unit)

    def where(self) -> str:
        """Short text for the problems panel's "where" column."""
        if self.kind == "hex":
            return f"hex {self.hex}"
        if self.kind == "unit":
            at = f" on {self.hex}" if self.hex else " (reserve)"
            return f"unit {self.side}/{self.name or self.index + 1}{at}"
        if self.kind == "side":
            return f"side {self.side}" + (f": {self.field.replace('_', ' ')}" if self.field else "")
        if self.kind == "field":
            return self.field.replace("_", " ")
        if self.kind == "victory":
            return f"victory condition {self.index + 1}"
        if self.kind == "objective":
            return f"objective {self.hex}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Problem:
    """A finding and what it points at (None: nothing to select)."""
    diagnostic: Diagnostic
    target: Target | None

    def where(self) -> str:
        if self.target is not None:
            return self.target.where()
        subject = self.diagnostic.subject or ""
        if subject:
            return subject.replace(":", " ", 1)
        return f"line {self.diagnostic.line}" if self.diagnostic.line else ""


def roster_unit_ids(scenario: Scenario, side_id: str) -> list[str]:
    """Each roster entry's id on `side_id`: its own, else `<type>-<n>` as the loader names
    it (n counts that type through all the sides in order)."""
    seen: dict[str, int] = {}
    for side in scenario.sides:
        ids = []
        for entry in side.army.units:
            seen[entry.type] = seen.get(entry.type, 0) + 1
            ids.append(entry.id or auto_unit_id(entry.type, seen[entry.type]))
        if side.id == side_id:
            return ids
    return []


def locate(diagnostic: Diagnostic, scenario: Scenario | None, positions: Any = None) -> Target | None:
    """The target of `diagnostic` in `scenario`, whose source positions are `positions`."""
    subject = diagnostic.subject or ""
    kind, _, rest = subject.partition(":")
    if kind == "hex" and rest:
        return Target("hex", hex=rest)
    if scenario is None:
        return None
    if kind == "unit" and "/" in rest:
        side_id, _, unit_id = rest.partition("/")
        side = scenario.side(side_id)
        if side is not None:
            ids = roster_unit_ids(scenario, side_id)
            if unit_id in ids:
                index = ids.index(unit_id)
                return Target("unit", hex=side.army.units[index].hex, side=side_id, index=index,
                              name=unit_id)
    if kind == "side" and scenario.side(rest) is not None:
        index = [s.id for s in scenario.sides].index(rest)
        return Target("side", side=rest,
                      field=_side_field_at(positions, index, diagnostic.line))
    return _by_line(diagnostic.line, scenario, positions)


def _lines(positions: Any, path: tuple) -> tuple[int | None, int | None]:
    """First and last line of the value at `path` (None when the file lacks it)."""
    if positions is None or not positions.has(path):
        return None, None
    start = positions.key_at(path)[0] if path and isinstance(path[-1], str) else None
    first = positions.at(path)[0]
    last = positions.end_at(path)[0]
    if start is not None and first is not None:
        first = min(start, first)
    if last is not None and first is not None and last < first:
        last = first
    return first, last


def _within(line: int, span: tuple[int | None, int | None]) -> bool:
    first, last = span
    if first is None:
        return False
    return first <= line <= (last if last is not None else first)


def _side_field_at(positions: Any, side_index: int, line: int | None) -> str | None:
    if line is None:
        return None
    first = _lines(positions, ("sides", side_index))[0]
    for name in SIDE_FIELDS:
        if name == "id" and line == first:
            continue        # a finding about the whole side sits on its first line, the id's
        if _within(line, _lines(positions, ("sides", side_index, name))):
            return name
    return None


def _by_line(line: int | None, scenario: Scenario, positions: Any) -> Target | None:
    if line is None or positions is None:
        return None
    for i, side in enumerate(scenario.sides):
        if _within(line, _lines(positions, ("sides", i))):
            field = _side_field_at(positions, i, line)
            if field == "units":
                ids = roster_unit_ids(scenario, side.id)
                for j, unit in enumerate(side.army.units):
                    if _within(line, _lines(positions, ("sides", i, "units", j))):
                        return Target("unit", hex=unit.hex, side=side.id, index=j, name=ids[j])
            return Target("side", side=side.id, field=field)
    for i, _condition in enumerate(scenario.victory):
        if _within(line, _lines(positions, ("victory", i))):
            return Target("victory", index=i)
    for i, objective in enumerate(scenario.objectives):
        if _within(line, _lines(positions, ("objectives", i))):
            return Target("objective", hex=objective.hex, index=i)
    for name in SCENARIO_FIELDS:
        if _within(line, _lines(positions, (name,))):
            return Target("field", field=name)
    return None
