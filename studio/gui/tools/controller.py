"""The tool controller: which tool is active and the editing state the docks set (terrain,
brush size, elevation mode, side, unit to place, selection, clipboard). It receives the map
view's events and hands them to the active tool; keys that choose tools are handled here."""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence

from studio.edit.brush import BRUSH_RADII
from studio.edit.elevation import ELEVATION_MODES
from studio.edit.region import Clip, copy_region
from studio.hexgrid import Hex

from ..wording import hex_count
from .base import Tool, outline_hexes
from .elevation import ElevationTool
from .eyedropper import EyedropperTool
from .flood_fill import FillTool
from .hexside_brush import HexsideBrushTool
from .objectives import ObjectiveTool
from .roster_drop import RosterDrop
from .selection import LassoTool, PasteTool, RectSelectTool, paint_selection
from .sight import SightTool
from .terrain_brush import BrushTool
from .units import UnitTool
from .zone_brush import ZoneBrushTool

TOOL_CLASSES = (BrushTool, FillTool, ElevationTool, EyedropperTool, RectSelectTool, LassoTool,
                ZoneBrushTool, ObjectiveTool, UnitTool, SightTool, HexsideBrushTool, PasteTool)


class ToolController(QObject):
    toolChanged = Signal(str)
    symbolChanged = Signal(str)
    brushRadiusChanged = Signal(int)
    sideChanged = Signal(str)
    hexsideKindChanged = Signal(str)
    elevationModeChanged = Signal(str)
    selectionChanged = Signal()
    unitSelected = Signal(object)          # (side_id, index) or None
    objectiveSelected = Signal(object)     # index or None
    unitToPlaceChanged = Signal(object)    # (side_id, index, type_id) or None
    statusMessage = Signal(str)
    sightLine = Signal(object)             # studio.edit.los.SightLine

    def __init__(self, document, view, parent: QObject | None = None) -> None:
        super().__init__(parent if parent is not None else view)
        self.doc = None
        self.view = view
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        self.tool: Tool = self.tools["brush"]
        self._previous = "brush"
        self.brush_radius = 0
        self.elevation_mode = "raise"
        self.elevation_value = 1
        self.symbol = "."
        self.side_id: str | None = None
        self.hexside_kind: str | None = None   # what the hexside brush draws
        self.unit_to_place: tuple[str, int | None, str | None] | None = None
        self.selected_unit: tuple[str, int] | None = None
        self.selected_objective: int | None = None
        self.selection: set[Hex] = set()
        self.clipboard: Clip | None = None
        self.hover: Hex | None = None
        self.shift = False                # Shift held: the brushes preview their straight line
        self._preview: list[Hex] = []
        self.roster_drop = RosterDrop(self)
        self.set_document(document)
        view.set_tool_handler(self)
        view.viewport().setCursor(self.tool.cursor)

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        if self.doc is not None:
            self.doc.unitsChanged.disconnect(self._check_selected_unit)
            self.doc.objectivesChanged.disconnect(self._check_selected_objective)
            self.doc.geometryChanged.disconnect(self._forget_hexes)
        self.doc = doc
        doc.unitsChanged.connect(self._check_selected_unit)
        doc.objectivesChanged.connect(self._check_selected_objective)
        doc.geometryChanged.connect(self._forget_hexes)
        ts = doc.terrain_set
        if ts is not None and ts.terrain and ts.by_symbol(self.symbol) is None:
            self.symbol = ts.terrain[0].symbol
        elif ts is None:
            self.symbol = doc.model.map.terrain[0][0]
        kinds = [k.id for k in ts.hexsides] if ts is not None else []
        if self.hexside_kind not in kinds:
            self.hexside_kind = kinds[0] if kinds else None
        if doc.model.sides and (self.side_id is None or doc.model.side(self.side_id) is None):
            self.side_id = doc.model.sides[0].id
        self.selected_unit = None
        self.selected_objective = None
        self.unit_to_place = None
        self.selection = set()
        self.roster_drop.target = None
        self.tool.cancel()

    def _check_selected_unit(self, _side: str = "") -> None:
        sel = self.selected_unit
        if sel is None:
            return
        side = self.doc.model.side(sel[0])
        if side is None or sel[1] >= len(side.army.units) or side.army.units[sel[1]].hex is None:
            self.select_unit(None)

    def _check_selected_objective(self) -> None:
        if self.selected_objective is not None and self.selected_objective >= len(self.doc.model.objectives):
            self.select_objective(None)

    def _forget_hexes(self) -> None:
        # A resize renames and moves every hex: hex-based state is meaningless now.
        self.selection = set()
        self.hover = None
        self._preview = []
        self.tool.cancel()
        self.selectionChanged.emit()

    # -- state the docks set -------------------------------------------------------------

    def tool_names(self) -> list[str]:
        return [name for name in self.tools if name != "paste"]

    def set_tool(self, name: str) -> None:
        if name not in self.tools:
            raise ValueError(f"no tool {name!r}: use one of {', '.join(self.tools)}")
        if self.tool.name == name:
            return
        self.tool.cancel()
        self.tool.deactivate()
        if self.tool.name not in ("eyedropper", "paste"):
            self._previous = self.tool.name
        self.tool = self.tools[name]
        self.tool.activate()
        self.view.viewport().setCursor(self.tool.cursor)
        self._refresh_preview()
        self.toolChanged.emit(name)
        self.statusMessage.emit(self.tool.title)

    def return_to_previous_tool(self) -> None:
        self.set_tool(self._previous)

    def set_symbol(self, symbol: str) -> None:
        if symbol != self.symbol:
            self.symbol = symbol
            self.symbolChanged.emit(symbol)

    def set_brush_radius(self, radius: int) -> None:
        radius = max(BRUSH_RADII[0], min(BRUSH_RADII[-1], radius))
        if radius != self.brush_radius:
            self.brush_radius = radius
            self._refresh_preview()
            self.brushRadiusChanged.emit(radius)
            self.statusMessage.emit(f"Brush: {hex_count(3 * radius * (radius + 1) + 1)}")

    def set_elevation_mode(self, mode: str, value: int | None = None) -> None:
        if mode not in ELEVATION_MODES:
            raise ValueError(f"elevation mode {mode!r} is unknown: use one of {', '.join(ELEVATION_MODES)}")
        if value is not None:
            self.elevation_value = value
        if mode != self.elevation_mode:
            self.elevation_mode = mode
            self.elevationModeChanged.emit(mode)

    def set_side(self, side_id: str) -> None:
        if self.doc.model.side(side_id) is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        if side_id != self.side_id:
            self.side_id = side_id
            self.sideChanged.emit(side_id)

    def set_hexside_kind(self, kind: str) -> None:
        if kind != self.hexside_kind:
            self.hexside_kind = kind
            self.hexsideKindChanged.emit(kind)

    def set_unit_to_place(self, side_id: str | None, index: int | None = None,
                          type_id: str | None = None) -> None:
        """The roster entry (or new unit of a type) the unit tool places; None clears."""
        self.unit_to_place = None if side_id is None else (side_id, index, type_id)
        if side_id is not None:
            self.set_side(side_id)
        self.unitToPlaceChanged.emit(self.unit_to_place)

    def advance_placement(self, placed: tuple[str, int]) -> None:
        """After a placement, point at what to place next: the rest of the same entry, else
        the next reserve entry of the same type."""
        pick = self.unit_to_place
        if pick is None or pick[1] is None:
            return
        side_id, index, _ = pick
        units = self.doc.model.side(side_id).army.units
        placed_type = units[placed[1]].type
        for i in range(len(units)):
            j = (index + i) % len(units)
            if units[j].hex is None and units[j].type == placed_type:
                self.set_unit_to_place(side_id, j)
                return
        self.set_unit_to_place(None)
        self.statusMessage.emit(f"Every {placed_type} of the roster is on the map")

    def select_unit(self, ref: tuple[str, int] | None) -> None:
        if ref != self.selected_unit:
            self.selected_unit = ref
            self.unitSelected.emit(ref)
            self.view.viewport().update()

    def select_objective(self, index: int | None) -> None:
        if index != self.selected_objective:
            self.selected_objective = index
            self.objectiveSelected.emit(index)
            self.view.viewport().update()

    def set_selection(self, hexes: set[Hex]) -> None:
        self.selection = set(hexes)
        self.selectionChanged.emit()
        self.view.viewport().update()

    def pick_terrain(self, h: Hex) -> None:
        self.set_symbol(self.doc.symbol_at(h))
        self.elevation_value = self.doc.elevation_at(h)
        self.statusMessage.emit(f"Picked {self.doc.terrain_name(self.symbol)} "
                                f"(elevation {self.elevation_value}) from {self.doc.label(h)}")

    def copy(self) -> bool:
        if not self.selection:
            self.statusMessage.emit("Nothing selected to copy: select hexes with 5 or 6 first")
            return False
        self.clipboard = copy_region(self.doc.model.map, self.doc.geometry, self.selection)
        self.statusMessage.emit(f"Copied {hex_count(len(self.clipboard))} (Ctrl+V to paste)")
        return True

    def start_paste(self) -> bool:
        if self.clipboard is None:
            self.statusMessage.emit("Nothing to paste: copy a selection first")
            return False
        self.tools["paste"].rotation = 0
        self.set_tool("paste")
        self.statusMessage.emit("Click to paste; R / Shift+R or the wheel turn by 60°; Esc stops")
        return True

    # -- view events ---------------------------------------------------------------------

    def _refresh_preview(self) -> None:
        old = self._preview
        self._preview = self.tool.preview(self.hover)
        if old or self._preview:
            self.view.update_hexes(old + self._preview)

    def mouse_press(self, ev) -> bool:
        self.view.setFocus()
        used = self.tool.press(ev)
        self._refresh_preview()
        return used

    def mouse_move(self, ev) -> bool:
        moved = ev.hex != self.hover or self.shift != bool(ev.modifiers & Qt.ShiftModifier)
        self.shift = bool(ev.modifiers & Qt.ShiftModifier)
        self.hover = ev.hex
        used = self.tool.move(ev)
        if moved:
            self._refresh_preview()
        return used

    def mouse_release(self, ev) -> bool:
        return self.tool.release(ev)

    def wheel(self, ev) -> bool:
        return self.tool.wheel(ev)

    def leave(self) -> None:
        self.hover = None
        self._refresh_preview()

    # Roster entries dragged from the docks onto the map (studio/gui/tools/roster_drop.py).
    def drag_enter(self, ev) -> bool:
        return self.roster_drop.enter(ev)

    def drag_move(self, ev) -> bool:
        return self.roster_drop.move(ev)

    def drag_leave(self) -> None:
        self.roster_drop.leave()

    def drop(self, ev) -> bool:
        used = self.roster_drop.drop(ev)
        self.view.setFocus()
        return used

    def _shift_changed(self, event: QKeyEvent, down: bool) -> bool:
        if event.key() != Qt.Key_Shift or self.shift == down:
            return False
        self.shift = down
        self._refresh_preview()
        return False                      # Shift means nothing else on its own

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key_Shift:
            return self._shift_changed(event, True)
        if event.matches(QKeySequence.Copy):
            self.copy()
            return True
        if event.matches(QKeySequence.Paste):
            self.start_paste()
            return True
        if event.key() == Qt.Key_Escape and not self.tool.key(event):
            self.tool.cancel()
            self.view.viewport().update()
            return True
        if not event.modifiers() & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier):
            if event.key() == Qt.Key_BracketLeft:
                self.set_brush_radius(self.brush_radius - 1)
                return True
            if event.key() == Qt.Key_BracketRight:
                self.set_brush_radius(self.brush_radius + 1)
                return True
            for tool in self.tools.values():
                if tool.shortcut is not None and event.key() == tool.shortcut:
                    self.set_tool(tool.name)
                    return True
        return self.tool.key(event)

    def key_release(self, event: QKeyEvent) -> bool:
        return self._shift_changed(event, False)

    def paint_overlay(self, painter, view) -> None:
        paint_selection(painter, view, self.selection)
        self.tool.paint(painter, view)
        if self._preview:
            outline_hexes(painter, view, self._preview)
        self.roster_drop.paint(painter, view)
