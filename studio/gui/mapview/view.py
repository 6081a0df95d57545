"""The map view: terrain from cached tiles, overlays on top, zoom and pan, events to tools.

Scene units are pixels of the map at hex radius `BASE_HEX_SIZE`; the view's transform is a
pure scale (the zoom). Nothing is a QGraphicsItem: the terrain is blitted from tiles in
drawBackground, zones/objectives/units are painted in drawForeground (they are few), and the
tool handler paints its previews last.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView

from studio.hexgrid import Hex

from ..document_links import relink
from .counter_pictures import CounterPictures, UnitFaces
from .metrics import BASE_HEX_SIZE, MapMetrics
from .hexside_lines import hexside_shapes, paint_hexsides
from .overlays import (paint_objectives, paint_units, paint_zones, unit_markers, zone_shapes)
from .painting import CONTOUR_WIDTH, paint_terrain
from .style import BACKGROUND, MapStyle, TerrainPalette
from .tiles import LEVELS_PER_OCTAVE, TileCache, device_rect, level_for, level_scale, snap_zoom

MAX_HEX_PIXELS = 220.0        # zoomed in: a hex this many pixels from centre to corner
WHEEL_STEP = 2.0 ** (1 / LEVELS_PER_OCTAVE)   # zoom factor per wheel notch: one tile level
FLASH_SECONDS = 1.6
WHOLE_REPAINT_HEXES = 2000   # an edit of more hexes re-renders the tiles instead of patching


@dataclass(slots=True)
class MapMouseEvent:
    """A mouse event as tools see it: the hex under the cursor (None off the map)."""
    hex: Hex | None
    scene: QPointF
    pos: QPointF                  # viewport coordinates
    button: Qt.MouseButton
    buttons: Qt.MouseButtons
    modifiers: Qt.KeyboardModifiers


@dataclass(slots=True)
class MapDragEvent:
    """Something dragged over the map (a roster entry, say): the hex under it and its data."""
    hex: Hex | None
    scene: QPointF
    pos: QPointF                  # viewport coordinates
    mime: QMimeData
    modifiers: Qt.KeyboardModifiers


@dataclass(slots=True)
class MapWheelEvent:
    hex: Hex | None
    steps: float                  # wheel notches, positive = away from the user
    pos: QPointF
    modifiers: Qt.KeyboardModifiers


# Arrow keys move the hex cursor one column or row; with Ctrl they pan a quarter view.
CURSOR_STEPS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
PAN_FRACTION = 0.25
CURSOR_COLOUR = QColor(255, 255, 255)


class MapView(QGraphicsView):
    hexHovered = Signal(object)
    zoomChanged = Signal(float)
    documentChanged = Signal(object)
    markersChanged = Signal()            # the units shown moved (play mode's game state)

    def __init__(self, document, parent=None) -> None:
        super().__init__(parent)
        # Hex labels and elevation digits on from the start: a designer reads them all the
        # time and should not have to find the toggle first.
        self.style_options = MapStyle(show_labels=True, show_elevation=True)
        self.counter_pictures = CounterPictures()
        self.setScene(QGraphicsScene(self))
        self.setFrameShape(QFrame.NoFrame)
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setAlignment(Qt.AlignCenter)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAcceptDrops(True)           # roster entries dropped on a hex are placed there
        self.viewport().setAcceptDrops(True)
        self.setOptimizationFlags(QGraphicsView.DontSavePainterState
                                  | QGraphicsView.DontAdjustForAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.MinimalViewportUpdate)
        self.frame_budget: float | None = 0.05     # seconds of tile rendering per frame
        self._handler: Any = None
        self._pan_from: QPoint | None = None
        self._space = False
        self._hover: Hex | None = None
        self._flash: tuple[Hex, float] | None = None
        self._fitted = False
        self._auto_fit = False
        self.cursor_hex: Hex | None = None       # the keyboard's hex cursor, once an arrow moves it
        self._wheel_rest = 0.0
        self._pending = False
        self.doc = None
        self._game_markers: list | None = None
        self._connections: list = []
        self.set_document(document)

    # -- units shown ----------------------------------------------------------------------

    def show_game_markers(self, markers: list | None) -> None:
        """Play mode: the game's units (UnitMarkers) where the game has them, for the
        overview to draw; None goes back to the scenario's set-up."""
        self._game_markers = None if markers is None else list(markers)
        self.markersChanged.emit()

    def shown_markers(self) -> list:
        """The units this view shows: the game's in play mode, else the scenario's set-up
        (none when the Units option is off)."""
        if self._game_markers is not None:
            return self._game_markers
        return self._units if self.style_options.show_units else []

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.doc = doc
        self.unit_faces = UnitFaces(doc)
        self._connections = relink(self._connections, [
            (doc.changed, self._on_cells),
            (doc.geometryChanged, self._on_geometry),
            (doc.terrainSetChanged, self._on_terrain_set),
            (doc.unitsChanged, self._on_units),
            (doc.zonesChanged, self._on_zones),
            (doc.hexsidesChanged, self._on_hexsides),
            (doc.objectivesChanged, self._on_objectives),
            (doc.metaChanged, self._on_meta),
        ])
        self.palette_ = TerrainPalette(doc.terrain_set)
        self._on_geometry()
        self._fitted = False
        if self.isVisible():
            self.fit_map()
        self.documentChanged.emit(doc)

    def _on_geometry(self) -> None:
        self.metrics = MapMetrics(self.doc.geometry)
        self.cursor_hex = None
        self._polygons: dict = {}
        w, h = self.metrics.scene_size
        self.scene().setSceneRect(0, 0, w, h)
        mx, my, mw, mh = self.metrics.map_rect
        pad = BASE_HEX_SIZE
        self.tiles = TileCache(self._paint_region, (mx - pad, my - pad, mx + mw + pad, my + mh + pad))
        self._zones = zone_shapes(self.doc.model, self.doc.geometry, self.metrics)
        self._units = self._unit_markers()
        self._on_hexsides()

    def _unit_markers(self):
        return unit_markers(self.doc.model, self.doc.geometry, self.doc.unit_type,
                            self.unit_faces.front)

    def _on_hexsides(self) -> None:
        self.hexside_lines = hexside_shapes(self.doc.model.map, self.doc.geometry, self.metrics,
                                        self.doc.terrain_set)
        self.viewport().update()

    def _on_terrain_set(self) -> None:
        self.palette_ = TerrainPalette(self.doc.terrain_set)
        self._on_hexsides()
        self.tiles.mark_all_stale()
        self.viewport().update()

    def _on_cells(self, hexes: Iterable[Hex] | None) -> None:
        if hexes is not None and not isinstance(hexes, (list, tuple, set, frozenset)):
            hexes = list(hexes)
        if hexes is not None and len(hexes) > WHOLE_REPAINT_HEXES:
            # A fill or paste of thousands of hexes: re-rendering the tiles (a frame budget
            # at a time, old images as stand-ins) is far cheaper than a patch per hex.
            hexes = None
        if hexes is None:
            self.tiles.mark_all_stale()
            self.viewport().update()
            return
        grow = CONTOUR_WIDTH * BASE_HEX_SIZE * 0.6
        rects = [self.metrics.hex_bounds(h, grow) for h in hexes]
        if not rects:
            return
        self.tiles.invalidate(rects)
        self.update_scene_rect(min(r[0] for r in rects), min(r[1] for r in rects),
                               max(r[2] for r in rects), max(r[3] for r in rects))

    def _on_units(self, _side: str = "") -> None:
        self._units = self._unit_markers()
        self.viewport().update()

    def _on_zones(self, _side: str = "") -> None:
        self._zones = zone_shapes(self.doc.model, self.doc.geometry, self.metrics)
        self.viewport().update()

    def _on_objectives(self) -> None:
        self.viewport().update()

    def _on_meta(self, field: str) -> None:
        if field.startswith("side:") or field in ("library", "ruleset"):
            self.unit_faces.clear()      # a side's colour or army list, or the game: new faces
            self._on_units()
        if field.startswith("side:"):
            self._on_zones()

    def _paint_region(self, painter: QPainter, rect, scale: float) -> int:
        return paint_terrain(painter, self.doc.model.map, self.metrics, self.palette_,
                             self.style_options, rect, scale, self._polygons)

    # -- display options -----------------------------------------------------------------

    def set_option(self, name: str, on: bool) -> None:
        if name not in MapStyle.option_names():
            raise ValueError(f"map option {name!r} is unknown: use one of {', '.join(MapStyle.option_names())}")
        if getattr(self.style_options, name) == on:
            return
        setattr(self.style_options, name, on)
        if name in ("show_grid", "show_labels", "show_elevation"):
            self.tiles.mark_all_stale()
        self.viewport().update()

    def option(self, name: str) -> bool:
        return getattr(self.style_options, name)

    def shown_elevation(self) -> list[str] | None:
        """The map's elevation rows when its digits are on (counters repeat them)."""
        return self.doc.model.map.elevation if self.style_options.show_elevation else None

    # -- geometry helpers ----------------------------------------------------------------

    @property
    def layout(self):
        return self.metrics.layout

    def zoom(self) -> float:
        return self.transform().m11()

    def hex_radius_px(self) -> float:
        return BASE_HEX_SIZE * self.zoom()

    def viewport_to_scene(self, pos: QPointF) -> QPointF:
        inverse, _ok = self.viewportTransform().inverted()
        return inverse.map(QPointF(pos))

    def hex_at(self, pos: QPointF | QPoint) -> Hex | None:
        p = self.viewport_to_scene(QPointF(pos))
        return self.metrics.hex_at(p.x(), p.y())

    def hex_to_scene(self, h: Hex) -> QPointF:
        return QPointF(*self.metrics.hex_centre(h))

    def hex_to_viewport(self, h: Hex) -> QPointF:
        return self.viewportTransform().map(self.hex_to_scene(h))

    def update_scene_rect(self, x0: float, y0: float, x1: float, y1: float) -> None:
        r = self.mapFromScene(QRectF(x0, y0, x1 - x0, y1 - y0)).boundingRect()
        self.viewport().update(r.adjusted(-3, -3, 3, 3))

    def update_hexes(self, hexes: Iterable[Hex], grow: float = 0.3) -> None:
        rects = [self.metrics.hex_bounds(h, grow * BASE_HEX_SIZE) for h in hexes]
        if rects:
            self.update_scene_rect(min(r[0] for r in rects), min(r[1] for r in rects),
                                   max(r[2] for r in rects), max(r[3] for r in rects))

    # -- zoom and pan --------------------------------------------------------------------

    def zoom_limits(self) -> tuple[float, float]:
        return self._fit_zoom() * 0.5, MAX_HEX_PIXELS / BASE_HEX_SIZE

    def _fit_zoom(self) -> float:
        # The whole scene (map and margin) fits, so no scroll bars appear.
        sw, sh = self.metrics.scene_size
        vw, vh = max(self.viewport().width(), 50), max(self.viewport().height(), 50)
        return min((vw - 2) / sw, (vh - 2) / sh)

    def set_zoom(self, zoom: float, anchor: QPointF | None = None, snap: bool = False) -> None:
        """Zoom to `zoom` device pixels per scene unit, keeping the scene point under
        `anchor` (viewport coordinates; default the centre) where it is. With `snap`, the
        nearest tile level is taken instead (crisp, cheap 1:1 tile blits)."""
        lo, hi = self.zoom_limits()
        zoom = max(lo, min(hi, zoom))
        if snap:
            zoom = max(lo, min(hi, snap_zoom(zoom)))
        self._auto_fit = False
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        fixed = self.viewport_to_scene(anchor)
        self.setTransform(QTransform.fromScale(zoom, zoom))
        moved = self.viewportTransform().map(fixed) - anchor
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(moved.x()))
        v.setValue(v.value() + round(moved.y()))
        self.zoomChanged.emit(zoom)
        self.viewport().update()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by `factor`, landing on a tile level (wheel notches are whole levels)."""
        self.set_zoom(snap_zoom(self.zoom()) * factor, anchor, snap=True)

    def zoom_to_radius(self, pixels: float, anchor: QPointF | None = None) -> None:
        """Zoom so hexes are about `pixels` from centre to corner (snapped to a level)."""
        self.set_zoom(pixels / BASE_HEX_SIZE, anchor, snap=True)

    def fit_map(self) -> None:
        """The whole map in view, as large as fits. Not snapped down to a tile level: the
        levels are a fifth apart, and the snap left up to a fifth of a 1920×1080 view grey."""
        mx, my, mw, mh = self.metrics.map_rect
        zoom = self._fit_zoom()
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self.centerOn(QPointF(mx + mw / 2, my + mh / 2))
        self._fitted = True
        self._auto_fit = True
        self.zoomChanged.emit(self.zoom())

    def center_on_point(self, x: float, y: float) -> None:
        """Centre the view on scene point (x, y) (the overview's click)."""
        self._auto_fit = False
        self.centerOn(QPointF(x, y))

    def center_on_hex(self, h: Hex) -> None:
        self._auto_fit = False
        self.centerOn(self.hex_to_scene(h))

    def show_hex(self, h: Hex) -> None:
        """Bring a hex into view and flash it (the problems panel's jump)."""
        if self.hex_radius_px() < 12:
            self.zoom_to_radius(24)
        self.center_on_hex(h)
        self._flash = (h, time.monotonic() + FLASH_SECONDS)
        self.update_hexes([h])
        QTimer.singleShot(int(FLASH_SECONDS * 1000) + 50, self._end_flash)

    def _end_flash(self) -> None:
        if self._flash is not None and time.monotonic() >= self._flash[1]:
            h = self._flash[0]
            self._flash = None
            self.update_hexes([h])

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self._fitted:
            self.fit_map()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        # Until the user zooms, the map keeps filling the window as it is laid out.
        if self._fitted and self._auto_fit:
            self.fit_map()

    # -- painting ------------------------------------------------------------------------

    def visible_scene_rect(self) -> tuple[float, float, float, float]:
        r = self.mapToScene(self.viewport().rect()).boundingRect()
        return r.left(), r.top(), r.right(), r.bottom()

    def current_level(self) -> int:
        return level_for(self.zoom() * self.devicePixelRatioF())

    def flush(self) -> int:
        """Bring every visible tile up to date now (no frame budget), then repaint.
        Returns the number of tiles visible."""
        level = self.current_level()
        keys = self.tiles.tiles_in(level, self.visible_scene_rect())
        for tx, ty in keys:
            self.tiles.get(level, tx, ty)
        self.viewport().repaint()
        return len(keys)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        start = time.perf_counter()
        t = self.viewportTransform()
        zoom, ox, oy = t.m11(), t.dx(), t.dy()
        level = level_for(zoom * self.devicePixelRatioF())
        exact = abs(level_scale(level) - zoom * self.devicePixelRatioF()) < 1e-6
        painter.save()
        painter.resetTransform()
        painter.fillRect(self.viewport().rect(), BACKGROUND)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, not exact)
        scene_rect = (rect.left(), rect.top(), rect.right(), rect.bottom())
        missing = False
        rendered = 0
        for tx, ty in self.tiles.tiles_in(level, scene_rect):
            target = device_rect(ox, oy, zoom, level, tx, ty)
            cached = self.tiles.peek(level, tx, ty)
            # At least one tile per frame, so a tight budget still makes progress.
            over = (self.frame_budget is not None and rendered > 0
                    and time.perf_counter() - start > self.frame_budget)
            if cached is not None and not cached.stale:
                tile = self.tiles.get(level, tx, ty)          # patches are cheap: always
            elif over:
                tile = None
            else:
                tile = self.tiles.get(level, tx, ty)
                rendered += 1
            if tile is not None:
                painter.drawPixmap(target, tile.image)
                continue
            missing = True
            self._stand_in(painter, level, tx, ty, target, cached, ox, oy, zoom)
        painter.restore()
        if missing and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._render_more)      # not after the view is gone

    def _render_more(self) -> None:
        self._pending = False
        self.viewport().update()

    def _stand_in(self, painter: QPainter, level: int, tx: int, ty: int, target, stale, ox, oy,
                  zoom) -> None:
        """While a tile renders, show an out-of-date copy or another level's tiles."""
        if stale is not None:
            painter.drawPixmap(target, stale.image)
            return
        area = self.tiles.tile_rect(level, tx, ty)
        for other in sorted(self.tiles.levels() - {level}, key=lambda k: abs(k - level)):
            keys = self.tiles.tiles_in(other, area)
            found = [self.tiles.peek(other, x, y) for x, y in keys]
            if keys and all(f is not None for f in found):
                painter.save()
                painter.setClipRect(target)
                painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
                for (x, y), tile in zip(keys, found):
                    painter.drawPixmap(device_rect(ox, oy, zoom, other, x, y), tile.image)
                painter.restore()
                return

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        scale = self.zoom()
        opts = self.style_options
        selected_unit = getattr(self._handler, "selected_unit", None)
        selected_objective = getattr(self._handler, "selected_objective", None)
        area = (rect.left(), rect.top(), rect.right(), rect.bottom())
        if self.hexside_lines:
            paint_hexsides(painter, self.hexside_lines, area, min_width=1.5 / scale)
        if opts.show_zones and self._zones:
            paint_zones(painter, self._zones, scale, area)
        if opts.show_objectives and self.doc.model.objectives:
            paint_objectives(painter, self.doc.model, self.doc.geometry, self.metrics, scale,
                             selected_objective, area)
        if opts.show_units and self._units:
            paint_units(painter, self._units, self.metrics, scale, selected_unit, area,
                        self.counter_pictures, self.shown_elevation())
        if self._flash is not None:
            h = self._flash[0]
            painter.setPen(QPen(QColor(255, 40, 40), max(3.0 / scale, 3.0)))
            painter.setBrush(Qt.NoBrush)
            c = self.hex_to_scene(h)
            r = BASE_HEX_SIZE * 1.1
            painter.drawEllipse(c, r, r)
        if self.cursor_hex is not None and self.hasFocus():
            self._paint_cursor(painter, scale)
        if self._handler is not None:
            self._handler.paint_overlay(painter, self)

    def _paint_cursor(self, painter: QPainter, scale: float) -> None:
        cx, cy = self.metrics.hex_centre(self.cursor_hex)
        outline = QPolygonF([QPointF(cx + x * 0.92, cy + y * 0.92)
                             for x, y in self.metrics.corner_offsets])
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 200), 5.0 / scale))
        painter.drawPolygon(outline)
        painter.setPen(QPen(CURSOR_COLOUR, 2.5 / scale, Qt.DashLine))
        painter.drawPolygon(outline)

    # -- keyboard navigation -------------------------------------------------------------

    def move_cursor(self, dc: int, dr: int) -> None:
        """Move the hex cursor `dc` columns and `dr` rows (it starts on the hex at the view's
        centre), keep it in view and report it as the hovered hex (the status bar's readout)."""
        geometry = self.doc.geometry
        old = self.cursor_hex
        if old is None or not geometry.contains(old):
            start = self.hex_at(QPointF(self.viewport().rect().center()))
            if start is None:
                start = geometry.to_hex((geometry.columns + 1) // 2, (geometry.rows + 1) // 2)
            self.cursor_hex = start
        else:
            c, r = geometry.to_offset(old)
            c = max(1, min(geometry.columns, c + dc))
            r = max(1, min(geometry.rows, r + dr))
            self.cursor_hex = geometry.to_hex(c, r)
        x0, y0, x1, y1 = self.metrics.hex_bounds(self.cursor_hex)
        self._auto_fit = False
        margin = round(self.hex_radius_px())
        self.ensureVisible(QRectF(x0, y0, x1 - x0, y1 - y0), margin, margin)
        self.update_hexes([h for h in (old, self.cursor_hex) if h is not None], 0.6)
        self._hover = self.cursor_hex
        self.hexHovered.emit(self.cursor_hex)

    def pan_by(self, fx: float, fy: float) -> None:
        """Scroll by fractions of the viewport's width and height."""
        self._auto_fit = False
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(fx * self.viewport().width()))
        v.setValue(v.value() + round(fy * self.viewport().height()))

    def _click_cursor(self) -> None:
        """Return at the cursor: a left click on its hex, for the current tool."""
        if self._handler is None or self.cursor_hex is None:
            return
        pos = self.hex_to_viewport(self.cursor_hex)
        scene = self.hex_to_scene(self.cursor_hex)
        for name in ("mouse_press", "mouse_release"):
            getattr(self._handler, name)(MapMouseEvent(self.cursor_hex, scene, pos, Qt.LeftButton,
                                                       Qt.LeftButton if name == "mouse_press"
                                                       else Qt.NoButton, Qt.NoModifier))

    def _navigate(self, event: QKeyEvent) -> bool:
        """Arrows, Ctrl+arrows, + and -, Home, Return: the map's own keys (the view only
        gets them while it has the focus, never while a field is being typed in)."""
        key, mods = event.key(), event.modifiers()
        if key in CURSOR_STEPS:
            dc, dr = CURSOR_STEPS[key]
            if mods & Qt.ControlModifier:
                self.pan_by(dc * PAN_FRACTION, dr * PAN_FRACTION)
            else:
                self.move_cursor(dc, dr)
            return True
        if key in (Qt.Key_Plus, Qt.Key_Equal):
            self.zoom_by(WHEEL_STEP, self._cursor_anchor())
            return True
        if key == Qt.Key_Minus:
            self.zoom_by(1 / WHEEL_STEP, self._cursor_anchor())
            return True
        if key == Qt.Key_Home:
            self.fit_map()
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and self.cursor_hex is not None:
            self._click_cursor()
            return True
        return False

    def _cursor_anchor(self) -> QPointF | None:
        """Zoom about the cursor while it is in view, else about the centre."""
        if self.cursor_hex is None:
            return None
        p = self.hex_to_viewport(self.cursor_hex)
        return p if QRectF(self.viewport().rect()).contains(p) else None

    # -- events --------------------------------------------------------------------------

    def set_tool_handler(self, handler: Any) -> None:
        """`handler` gets mouse_press/mouse_move/mouse_release(MapMouseEvent), wheel
        (MapWheelEvent), key_press/key_release(QKeyEvent), leave() and paint_overlay
        (painter, view); the event methods return True when they used the event. A handler
        with drag_enter/drag_move/drop(MapDragEvent) and drag_leave() takes drops too (True
        accepts the drag there)."""
        self._handler = handler
        self.viewport().update()

    def _map_event(self, event) -> MapMouseEvent:
        pos = event.position()
        return MapMouseEvent(self.hex_at(pos), self.viewport_to_scene(pos), pos, event.button(),
                             event.buttons(), event.modifiers())

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MiddleButton or (event.button() == Qt.LeftButton and self._space):
            self._pan_from = event.position().toPoint()
            self._auto_fit = False
            self.viewport().setCursor(Qt.ClosedHandCursor)
            return
        if self._handler is not None:
            self._handler.mouse_press(self._map_event(event))

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._pan_from is not None:
            pos = event.position().toPoint()
            d = pos - self._pan_from
            self._pan_from = pos
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            h.setValue(h.value() - d.x())
            v.setValue(v.value() - d.y())
            return
        ev = self._map_event(event)
        if ev.hex != self._hover:
            self._hover = ev.hex
            self.hexHovered.emit(ev.hex)
        if self._handler is not None:
            self._handler.mouse_move(ev)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._pan_from is not None and event.button() in (Qt.MiddleButton, Qt.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.OpenHandCursor if self._space else Qt.ArrowCursor)
            return
        if self._handler is not None:
            self._handler.mouse_release(self._map_event(event))

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802
        self.mousePressEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            return
        pos = event.position()
        if self._handler is not None and not (event.modifiers() & Qt.ControlModifier):
            if self._handler.wheel(MapWheelEvent(self.hex_at(pos), steps, pos, event.modifiers())):
                return
        # Touchpads send fractions of a notch: zoom a level whenever a whole notch adds up.
        self._wheel_rest += steps
        notches = int(self._wheel_rest)
        if notches:
            self._wheel_rest -= notches
            self.zoom_by(WHEEL_STEP ** notches, pos)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key_Space:
            if not event.isAutoRepeat():
                self._space = True
                self.viewport().setCursor(Qt.OpenHandCursor)
            return
        if self._handler is not None and self._handler.key_press(event):
            return
        if self._navigate(event):
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        if self.cursor_hex is not None:      # the cursor shows only while keys reach the map
            self.update_hexes([self.cursor_hex], 0.6)

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        if self.cursor_hex is not None:
            self.update_hexes([self.cursor_hex], 0.6)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.ArrowCursor)
            return
        if self._handler is not None and self._handler.key_release(event):
            return
        super().keyReleaseEvent(event)

    def _drag_to_handler(self, name: str, event) -> bool:
        method = getattr(self._handler, name, None)
        if method is None:
            return False
        pos = event.position()
        return bool(method(MapDragEvent(self.hex_at(pos), self.viewport_to_scene(pos), pos,
                                        event.mimeData(), event.modifiers())))

    def _answer_drag(self, event, accepted: bool) -> None:
        if accepted:
            event.setDropAction(Qt.CopyAction)     # the source keeps its row: never a move
            event.accept()
        else:
            event.ignore()

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        self._answer_drag(event, self._drag_to_handler("drag_enter", event))

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        self._answer_drag(event, self._drag_to_handler("drag_move", event))

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        method = getattr(self._handler, "drag_leave", None)
        if method is not None:
            method()
        event.accept()

    def dropEvent(self, event) -> None:  # noqa: N802
        self._answer_drag(event, self._drag_to_handler("drop", event))

    def leaveEvent(self, event) -> None:  # noqa: N802
        if self._hover is not None:
            self._hover = None
            self.hexHovered.emit(None)
        if self._handler is not None:
            self._handler.leave()
        super().leaveEvent(event)


__all__ = ["MapView", "MapMouseEvent", "MapWheelEvent", "MapDragEvent"]
