"""The scenario being edited: model, file path, undo stack, and the signals views follow.

Every change goes through a method here that pushes one QUndoCommand (studio.gui.commands);
docks and tools never touch `model` directly, so undo and the views always agree with it.

API and signals: docs/gui-api.md.
"""
from __future__ import annotations

import itertools
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from studio.edit.cells import on_map
from studio.edit.elevation import elevation_changes
from studio.edit.fill import flood_cells
from studio.edit.placement import PlacementCheck, check_placement
from studio.edit.region import Clip, paste_cells
from studio.edit.terrain_swap import default_mapping, unmapped_symbols
from studio.edit.zones import try_zone_hexes
from studio.hexgrid import Hex, MapGeometry, direction_to, facing_name, parse_facing
from studio.model import (ArmyList, Objective, RosterUnit, Scenario, TerrainSet, TerrainType,
                          UnitType, VictoryCondition)
from studio.model.hexsides import edge
from studio.rulesets import unit_faced

from . import commands as cmd

# What a library may raise for an id it does not hold; anything else is a bug to see.
_LOOKUP_ERRORS = (LookupError, ValueError, OSError)


class EditRefused(ValueError):
    """An edit that cannot be made; the message is meant for the status bar."""


class UnitRef(NamedTuple):
    side_id: str
    index: int          # in side.army.units
    unit: RosterUnit
    hex: Hex


class ScenarioDocument(QObject):
    changed = Signal(object)            # list[Hex] of changed terrain/elevation, None = all
    geometryChanged = Signal()
    terrainSetChanged = Signal()
    unitsChanged = Signal(str)          # side id, "" = all
    zonesChanged = Signal(str)          # side id, "" = all
    hexsidesChanged = Signal()
    objectivesChanged = Signal()
    victoryChanged = Signal()
    metaChanged = Signal(str)           # field name, or "side:<id>:<field>"
    cleanChanged = Signal(bool)
    pathChanged = Signal(str)

    def __init__(self, scenario: Scenario, path: str | Path | None = None, *, library: Any = None,
                 terrain_set: TerrainSet | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = scenario
        self.path = Path(path) if path is not None else None
        self.library = library
        self.load_diagnostics: list = []
        # the text the scenario was read from: saving keeps its comments and key order
        self.source_text: str | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.cleanChanged)
        self._terrain_set = terrain_set if terrain_set is not None else self._library_terrain_set()
        self._geometry: MapGeometry | None = None
        self._army_lists: dict[str, ArmyList | None] = {}
        self._strokes = itertools.count(1)
        self.last_placed: tuple[str, int] | None = None
        self.metaChanged.connect(self._forget_army_lists)

    def _forget_army_lists(self, field: str) -> None:
        if field.endswith(":army_list"):
            self._army_lists.clear()

    # -- files -----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, library: Any = None) -> "ScenarioDocument":
        """Load a scenario file; raise ValueError quoting the load errors if no model."""
        from studio.io import load_file
        loaded = load_file(path)
        if loaded.model is None or not isinstance(loaded.model, Scenario):
            problems = "; ".join(d.format() for d in loaded.diagnostics[:5]) or "not a scenario"
            raise ValueError(f"cannot open {path}: {problems}")
        doc = cls(loaded.model, path, library=library)
        doc.load_diagnostics = list(loaded.diagnostics)
        doc.source_text = loaded.text
        return doc

    def save(self, path: str | Path | None = None) -> Path:
        from studio.io import save_file
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("this scenario has never been saved: give a file path")
        self.source_text = save_file(self.model, target, self.source_text)
        if target != self.path:
            self.path = target
            self.pathChanged.emit(str(target))
        self.undo_stack.setClean()
        return target

    @property
    def scenario(self) -> Scenario:
        return self.model

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return self.path.name if self.path is not None else (self.model.name or self.model.id)

    # -- library look-ups ------------------------------------------------------------------

    def _library_terrain_set(self) -> TerrainSet | None:
        if self.library is None:
            return None
        try:
            return self.library.terrain_set(self.model.terrain_set)
        except _LOOKUP_ERRORS:
            return None

    @property
    def terrain_set(self) -> TerrainSet | None:
        return self._terrain_set

    def _set_terrain_set(self, terrain_set: TerrainSet | None) -> None:
        self._terrain_set = terrain_set
        self.terrainSetChanged.emit()
        self.changed.emit(None)

    def set_library(self, library) -> None:
        """Look army lists and the terrain set up in `library` from now on (after a list or
        terrain set was saved and the library reloaded)."""
        self.library = library
        self._army_lists.clear()
        terrain_set = self._library_terrain_set()
        if terrain_set is not None:
            self._set_terrain_set(terrain_set)
        self.metaChanged.emit("library")

    def army_list(self, side_id: str) -> ArmyList | None:
        side = self.model.side(side_id)
        if side is None or self.library is None:
            return None
        key = side.army.army_list
        if key not in self._army_lists:
            try:
                self._army_lists[key] = self.library.army_list(key)
            except _LOOKUP_ERRORS:
                self._army_lists[key] = None
        return self._army_lists[key]

    def unit_type(self, side_id: str, type_id: str) -> UnitType | None:
        lst = self.army_list(side_id)
        return lst.unit(type_id) if lst is not None else None

    def unit_faced(self, side_id: str, type_id: str) -> bool:
        """Whether a unit of `type_id` has a front by its rules (an Action Dice skirmisher
        has none); a list or type the library lacks counts as faced."""
        lst, unit_type = self.army_list(side_id), self.unit_type(side_id, type_id)
        if lst is None or unit_type is None:
            return True
        return unit_faced(lst, unit_type, self.library)

    # -- reading ---------------------------------------------------------------------------

    @property
    def geometry(self) -> MapGeometry:
        m = self.model.map
        g = self._geometry
        if g is None or (g.columns, g.rows, g.orientation, g.offset) != (m.columns, m.rows, m.orientation, m.offset):
            g = self._geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
        return g

    def contains(self, h: Hex) -> bool:
        return self.geometry.contains(h)

    def label(self, h: Hex) -> str:
        return self.geometry.label(h)

    def symbol_at(self, h: Hex) -> str:
        col, row = self.geometry.to_offset(h)
        return self.model.map.terrain[row - 1][col - 1]

    def elevation_at(self, h: Hex) -> int:
        col, row = self.geometry.to_offset(h)
        return self.model.map.elevation_at(col, row)

    def terrain_at(self, h: Hex) -> TerrainType | None:
        ts = self._terrain_set
        return ts.by_symbol(self.symbol_at(h)) if ts is not None else None

    def terrain_name(self, symbol: str) -> str:
        t = self._terrain_set.by_symbol(symbol) if self._terrain_set is not None else None
        return t.name if t is not None else repr(symbol)

    def _hex_of(self, label: str | None) -> Hex | None:
        if label is None:
            return None
        try:
            return self.geometry.parse_label(label)
        except ValueError:
            return None

    def placed_units(self) -> list[UnitRef]:
        out = []
        for side in self.model.sides:
            for i, u in enumerate(side.army.units):
                h = self._hex_of(u.hex)
                if h is not None:
                    out.append(UnitRef(side.id, i, u, h))
        return out

    def units_at(self, h: Hex) -> list[UnitRef]:
        return [ref for ref in self.placed_units() if ref.hex == h]

    def unit(self, side_id: str, index: int) -> RosterUnit:
        side = self._side(side_id)
        return side.army.units[index]

    def zone_hexes(self, side_id: str) -> set[Hex]:
        return try_zone_hexes(self.geometry, self._side(side_id).setup_zone)[0]

    def objective_at(self, h: Hex) -> int | None:
        for i, o in enumerate(self.model.objectives):
            if self._hex_of(o.hex) == h:
                return i
        return None

    def _side(self, side_id: str):
        side = self.model.side(side_id)
        if side is None:
            known = ", ".join(s.id for s in self.model.sides) or "none"
            raise EditRefused(f"no side {side_id!r} in this scenario (sides: {known})")
        return side

    # -- undo plumbing ---------------------------------------------------------------------

    def new_stroke(self) -> int:
        """A token for one mouse drag: commands of one kind carrying it merge into one step."""
        return next(self._strokes)

    @contextmanager
    def macro(self, text: str) -> Iterator[None]:
        self.undo_stack.beginMacro(text)
        try:
            yield
        finally:
            self.undo_stack.endMacro()

    def _push(self, command) -> Any:
        self.undo_stack.push(command)
        return command

    def _everything_changed(self) -> None:
        self._geometry = None
        self.geometryChanged.emit()
        self.changed.emit(None)
        self.unitsChanged.emit("")
        self.zonesChanged.emit("")
        self.hexsidesChanged.emit()
        self.objectivesChanged.emit()
        self.victoryChanged.emit()

    # -- map edits -------------------------------------------------------------------------

    def _check_symbol(self, symbol: str) -> None:
        if len(symbol) != 1:
            raise EditRefused(f"terrain symbol {symbol!r} must be one character")
        ts = self._terrain_set
        if ts is not None and ts.by_symbol(symbol) is None:
            known = " ".join(t.symbol for t in ts.terrain)
            raise EditRefused(f"{symbol!r} is not a terrain of {ts.name} (symbols: {known})")

    def paint(self, hexes: Iterable[Hex], symbol: str, stroke: object | None = None):
        """Paint terrain; returns the command, or None when nothing changed."""
        self._check_symbol(symbol)
        changes = {h: symbol for h in on_map(self.geometry, hexes) if self.symbol_at(h) != symbol}
        if not changes:
            return None
        return self._push(cmd.PaintTerrain(self, changes, stroke))

    def fill(self, start: Hex, symbol: str):
        self._check_symbol(symbol)
        if not self.contains(start):
            raise EditRefused("cannot fill from off the map")
        if self.symbol_at(start) == symbol:
            return None
        region = flood_cells(self.model.map, self.geometry, start)
        return self._push(cmd.FloodFill(self, region, symbol))

    def set_elevation(self, hexes: Iterable[Hex], mode: str, value: int = 1,
                      stroke: object | None = None):
        try:
            changes = elevation_changes(self.model.map, self.geometry, hexes, mode, value)
        except ValueError as err:
            raise EditRefused(str(err)) from None
        if not changes:
            return None
        return self._push(cmd.SetElevation(self, changes, mode, stroke))

    def paste(self, clip: Clip, anchor: Hex, rotation: int = 0):
        symbols, elevations = paste_cells(self.geometry, clip, anchor, rotation)
        if self._terrain_set is not None:
            unknown = sorted({s for s in symbols.values() if self._terrain_set.by_symbol(s) is None})
            if unknown:
                raise EditRefused(f"the copied hexes use symbols {' '.join(unknown)} that "
                                  f"{self._terrain_set.name} does not have")
        if not symbols:
            raise EditRefused("nothing to paste there: the whole clip falls off the map")
        return self._push(cmd.PasteRegion(self, symbols, elevations, rotation))

    def resize(self, north: int = 0, south: int = 0, east: int = 0, west: int = 0,
               fill: str | None = None):
        if not (north or south or east or west):
            return None
        if fill is None:
            fill = self._default_fill()
        self._check_symbol(fill)
        m = self.model.map
        if m.columns + east + west < 1 or m.rows + north + south < 1:
            raise EditRefused(f"cannot shrink the {m.columns}x{m.rows} map by that much: "
                              "at least one column and one row must remain")
        return self._push(cmd.ResizeMap(self, north, south, east, west, fill))

    def _default_fill(self) -> str:
        ts = self._terrain_set
        if ts is not None and ts.terrain:
            return ts.terrain[0].symbol
        return self.model.map.terrain[0][0]

    def change_terrain_set(self, terrain_set: TerrainSet, mapping: dict[str, str] | None = None):
        """Switch terrain sets; `mapping` translates old symbols (defaults: same terrain id)."""
        full = default_mapping(self._terrain_set, terrain_set)
        full.update(mapping or {})
        missing = unmapped_symbols(self.model.map, terrain_set, full)
        if missing:
            names = ", ".join(f"{s!r} ({self.terrain_name(s)})" for s in missing)
            raise EditRefused(f"{terrain_set.name} has no terrain for {names}: map each of "
                              "them onto one of its symbols")
        known = {t.symbol for t in terrain_set.terrain}
        wrong = {k: v for k, v in full.items() if v not in known}
        if wrong:
            raise EditRefused(f"mapping targets {sorted(set(wrong.values()))} are not symbols of "
                              f"{terrain_set.name}")
        return self._push(cmd.ChangeTerrainSet(self, terrain_set, full))

    # -- zones and objectives --------------------------------------------------------------

    def paint_zone(self, side_id: str, hexes: Iterable[Hex], add: bool = True,
                   stroke: object | None = None):
        self._side(side_id)
        command = cmd.PaintZone(self, side_id, hexes, add, stroke)
        if command.is_noop():
            return None
        return self._push(command)

    def paint_hexsides(self, kind: str, edges: Iterable[tuple[Hex, Hex]], add: bool = True,
                       stroke: object | None = None):
        """Draw (or erase) hexside feature `kind` on the edges between pairs of neighbouring
        hexes; returns the command, or None when nothing changed."""
        ts = self._terrain_set
        found = ts.hexside_kind(kind) if ts is not None else None
        if found is None:
            known = ", ".join(k.id for k in ts.hexsides) if ts is not None else ""
            raise EditRefused(f"{kind!r} is not a hexside kind of "
                              f"{ts.name if ts is not None else 'the terrain set'}"
                              f" ({'kinds: ' + known if known else 'it has none'})")
        labelled = set()
        for a, b in edges:
            if not (self.contains(a) and self.contains(b)) or direction_to(a, b) is None:
                continue
            labelled.add(edge(self.label(a), self.label(b)))
        command = cmd.PaintHexsides(self, kind, found.name, labelled, add, stroke)
        if command.is_noop():
            return None
        return self._push(command)

    def add_objective(self, h: Hex, name: str = "", points: int = 0):
        if not self.contains(h):
            raise EditRefused("an objective must be on the map")
        if self.objective_at(h) is not None:
            raise EditRefused(f"{self.label(h)} already holds an objective")
        return self._push(cmd.AddObjective(self, Objective(self.label(h), name, points)))

    def edit_objective(self, index: int, objective: Objective):
        return self._push(cmd.EditObjective(self, index, objective))

    def remove_objective(self, index: int):
        return self._push(cmd.RemoveObjective(self, index))

    # -- units -----------------------------------------------------------------------------

    def default_facing(self, side_id: str) -> str:
        """Towards the enemy: away from the side's own map edge (north edge faces S...)."""
        side = self._side(side_id)
        if self.model.map.orientation == "flat":
            towards = {"north": "S", "south": "N", "east": "NW", "west": "SE"}
            return towards.get(side.map_edge or "", "N")
        towards = {"north": "SE", "south": "NE", "east": "W", "west": "E"}
        return towards.get(side.map_edge or "", "NE")

    def check_placement(self, side_id: str, type_id: str, h: Hex,
                        moving: tuple[str, int] | None = None) -> PlacementCheck:
        return check_placement(self.model, self.geometry, self._terrain_set, side_id, type_id, h,
                               self.unit_type, moving)

    def _facing(self, facing: str | int | None, side_id: str) -> str:
        o = self.model.map.orientation
        if facing is None:
            return self.default_facing(side_id)
        if isinstance(facing, int):
            return facing_name(o, facing)
        try:
            return facing_name(o, parse_facing(o, facing))
        except ValueError as err:
            raise EditRefused(str(err)) from None

    def place_unit(self, side_id: str, h: Hex, facing: str | int | None = None, *,
                   index: int | None = None, type_id: str | None = None) -> list[str]:
        """Place roster entry `index` (or a new unit of `type_id`) of `side_id` on `h`.
        Raises EditRefused; returns warnings (outside the zone, stacking). The placed unit's
        index is `doc.last_placed`."""
        side = self._side(side_id)
        if index is not None:
            if not 0 <= index < len(side.army.units):
                raise EditRefused(f"{side.name} has no roster entry {index}")
            type_id = side.army.units[index].type
            if side.army.units[index].hex is not None:
                raise EditRefused(f"{side.army.units[index].id or type_id} is already on the map")
        if type_id is None:
            raise EditRefused("choose a unit of the roster to place")
        check = self.check_placement(side_id, type_id, h)
        if not check.allowed:
            raise EditRefused(check.refusal)
        # a unit without a front gets no facing: its file would otherwise name a meaningless one
        named = self._facing(facing, side_id) if self.unit_faced(side_id, type_id) else None
        command = cmd.PlaceUnit(self, side_id, self.label(h), named,
                                index=index, type_id=type_id if index is None else None)
        self._push(command)
        self.last_placed = (side_id, command.placed_index)
        return check.warnings

    def move_unit(self, side_id: str, index: int, h: Hex) -> list[str]:
        unit = self.unit(side_id, index)
        check = self.check_placement(side_id, unit.type, h, moving=(side_id, index))
        if not check.allowed:
            raise EditRefused(check.refusal)
        if unit.hex == self.label(h):
            return []
        try:
            self._push(cmd.MoveUnit(self, side_id, index, self.label(h)))
        except ValueError as err:
            raise EditRefused(str(err)) from None
        return check.warnings

    def rotate_unit(self, side_id: str, index: int, facing: str | int, relative: bool = False):
        """Set a facing (name or direction index), or turn by `facing` 60° steps when
        `relative` (positive: anticlockwise on screen, as hexgrid directions)."""
        unit = self.unit(side_id, index)
        o = self.model.map.orientation
        if relative:
            current = parse_facing(o, unit.facing) if unit.facing else 0
            name = facing_name(o, current + int(facing))
        else:
            name = self._facing(facing, side_id)
        if name == unit.facing:
            return None
        try:
            return self._push(cmd.RotateUnit(self, side_id, index, name))
        except ValueError as err:
            raise EditRefused(str(err)) from None

    def unplace_unit(self, side_id: str, index: int):
        if self.unit(side_id, index).hex is None:
            return None
        return self._push(cmd.UnplaceUnit(self, side_id, index))

    def remove_unit(self, side_id: str, index: int):
        self.unit(side_id, index)
        return self._push(cmd.RemoveUnit(self, side_id, index))

    def add_unit(self, side_id: str, unit: RosterUnit, index: int | None = None):
        self._side(side_id)
        return self._push(cmd.AddUnit(self, side_id, unit, index))

    def set_unit_field(self, side_id: str, index: int, name: str, value: Any):
        self.unit(side_id, index)
        return self._push(cmd.SetUnitField(self, side_id, index, name, value))

    # -- scenario fields and victory -------------------------------------------------------

    def set_field(self, name: str, value: Any):
        if getattr(self.model, name, object()) == value:
            return None
        return self._push(cmd.SetScenarioField(self, name, value))

    def set_side_field(self, side_id: str, name: str, value: Any):
        self._side(side_id)
        return self._push(cmd.SetSideField(self, side_id, name, value))

    def add_victory(self, condition: VictoryCondition, index: int | None = None):
        return self._push(cmd.AddVictoryCondition(self, condition, index))

    def edit_victory(self, index: int, condition: VictoryCondition):
        return self._push(cmd.EditVictoryCondition(self, index, condition))

    def remove_victory(self, index: int):
        return self._push(cmd.RemoveVictoryCondition(self, index))
