"""Painting the terrain layer of a map region: fills, patterns, grid, contours, labels.

One function for every consumer: the view's tiles, the dirty patches repainted after an
edit, and the headless `studio render`. The painter comes in with its world transform mapping
scene units to device pixels (a pure scale plus translation); `scale` is that factor.
"""
from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPen, QPolygonF

from studio.model import HexMap

from .metrics import MapMetrics
from .style import (CONTOUR_COLOUR, GRID_COLOUR, LABEL_COLOUR, LOD_CONTOURS,
                    LOD_ELEVATION_NUMBERS, LOD_GRID, LOD_LABELS, MapStyle, TerrainPalette)

CONTOUR_WIDTH = 0.09        # of the hex radius
OVERVIEW_RADIUS = 4.0       # device pixels: below this, hexes are drawn as merged rectangles


def hex_polygon(metrics: MapMetrics) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in metrics.corner_offsets])


def _hex_shape(metrics: MapMetrics, poly: QPolygonF, c: int, r: int, cx: float, cy: float):
    """A hex's outline polygon and its grid lines (in scene units): the three hexsides
    towards directions 0-2, plus those on the map's edge, so each hexside is drawn once."""
    lines = []
    own = metrics.neighbour_steps[(c if metrics.flat else r) % 2]
    cols, rows = metrics.geometry.columns, metrics.geometry.rows
    for d, ((x1, y1), (x2, y2)) in enumerate(metrics.side_offsets):
        if d >= 3:
            nc, nr = c + own[d][0], r + own[d][1]
            if 1 <= nc <= cols and 1 <= nr <= rows:
                continue
        lines.append(QLineF(cx + x1, cy + y1, cx + x2, cy + y2))
    return poly.translated(cx, cy), lines


def paint_terrain(painter: QPainter, hexmap: HexMap, metrics: MapMetrics, palette: TerrainPalette,
                  style: MapStyle, rect: tuple[float, float, float, float], scale: float,
                  polygons: dict | None = None) -> int:
    """Paint every hex whose bounding box meets `rect` (scene x0, y0, x1, y1); returns the
    number of hexes painted. `polygons` caches each hex's outline and grid lines in scene
    coordinates across calls (building Qt geometry costs about as much as drawing it); it
    belongs to one MapMetrics."""
    radius_px = metrics.size * scale
    poly = hex_polygon(metrics)
    terrain = hexmap.terrain
    elevation = hexmap.elevation
    # Outlines and contours of hexes just outside the rectangle spill into it.
    grow = CONTOUR_WIDTH * metrics.size / 2 + 2.0 / scale
    x0, y0, x1, y1 = rect
    cells = list(metrics.cells_in_rect(x0 - grow, y0 - grow, x1 + grow, y1 + grow))
    if not cells:
        return 0
    if radius_px < OVERVIEW_RADIUS:
        return _paint_overview(painter, cells, terrain, elevation, metrics, palette, scale)
    flat_row = "0" * metrics.geometry.columns

    # One aliased drawPolygon per hex does fill and pattern (the brush carries both): PySide's
    # per-call overhead is most of what a hex costs. Aliased, because aliased polygons
    # sharing edges tile exactly where antialiased ones leave faint seams, and because an
    # antialiased texture fill is five times slower. The grid follows as one drawLines call.
    painter.setRenderHint(QPainter.Antialiasing, False)
    painter.setPen(Qt.NoPen)
    brush = palette.brush
    cell = metrics.size / 2
    draw = painter.drawPolygon
    set_brush = painter.setBrush
    if polygons is None:
        polygons = {}
    cached = polygons.get
    last = None
    no_elevation = elevation is None
    shapes = []
    for c, r, cx, cy in cells:
        key = terrain[r - 1][c - 1] + ("0" if no_elevation else elevation[r - 1][c - 1])
        if key != last:
            set_brush(brush(key, scale, cell))
            last = key
        shape = cached((c, r))
        if shape is None:
            shape = polygons[(c, r)] = _hex_shape(metrics, poly, c, r, cx, cy)
        draw(shape[0])
        shapes.append(shape)

    painter.setRenderHint(QPainter.Antialiasing, True)
    if style.show_grid and radius_px >= LOD_GRID:
        pen = QPen(GRID_COLOUR, 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        lines = []
        for shape in shapes:
            lines.extend(shape[1])
        painter.drawLines(lines)

    if elevation is not None and radius_px >= LOD_CONTOURS:
        lines = []
        steps = metrics.neighbour_steps
        sides = metrics.side_offsets
        cols, rows = metrics.geometry.columns, metrics.geometry.rows
        flat = metrics.flat
        # Rows of all zeros (most of most maps) hold no contour unless a neighbour row rises.
        level = [True] + [row == flat_row for row in elevation] + [True]
        for c, r, cx, cy in cells:
            if level[r - 1] and level[r] and level[r + 1]:
                continue
            e = elevation[r - 1][c - 1]
            for d, (dc, dr) in enumerate(steps[(c if flat else r) % 2][:3]):
                nc, nr = c + dc, r + dr
                if 1 <= nc <= cols and 1 <= nr <= rows and elevation[nr - 1][nc - 1] != e:
                    (x1, y1), (x2, y2) = sides[d]
                    lines.append(QLineF(cx + x1, cy + y1, cx + x2, cy + y2))
        if lines:
            pen = QPen(CONTOUR_COLOUR, max(CONTOUR_WIDTH * metrics.size, 1.6 / scale))
            pen.setCapStyle(Qt.SquareCap)      # round caps cost thirty times more
            painter.setPen(pen)
            painter.drawLines(lines)

    labels = style.show_labels and radius_px >= LOD_LABELS
    numbers = style.show_elevation and elevation is not None and radius_px >= LOD_ELEVATION_NUMBERS
    if labels or numbers:
        _paint_texts(painter, cells, metrics, elevation, scale, labels, numbers)
    return len(cells)


def _paint_overview(painter: QPainter, cells, terrain, elevation, metrics: MapMetrics,
                    palette: TerrainPalette, scale: float = 1.0) -> int:
    """Hexes a few pixels wide are indistinguishable from the rectangles that tile the same
    columns (flat) or rows (pointy); runs of equal hexes along a column/row become one
    rectangle and each colour is one drawRects call, about fifty times faster than polygons."""
    flat = metrics.flat
    if flat:
        w, h = metrics.spacing, metrics.step          # column pitch, row pitch
    else:
        w, h = metrics.step, metrics.spacing
    # Each rectangle reaches a device pixel further on every side: an aliased rectangle
    # covers the pixels whose centres it holds, so two tiles meeting where a column edge
    # falls just past a pixel centre would both leave that pixel column empty (a seam line
    # one tile long at fit zoom); the overlap is painted over by the neighbouring run.
    pad = 1.0 / scale
    w, h = w + pad, h + pad
    runs: dict[tuple[str, str], list[QRectF]] = {}
    run_key = None
    run_line = run_next = -1
    run_start = run_cx = run_cy = 0.0
    count = 0

    def close() -> None:
        if run_key is None:
            return
        if flat:
            rect = QRectF(run_cx - w / 2, run_start - h / 2, w, run_cy - run_start + h)
        else:
            rect = QRectF(run_start - w / 2, run_cy - h / 2, run_cx - run_start + w, h)
        runs.setdefault(run_key, []).append(rect)

    for c, r, cx, cy in cells:
        count += 1
        key = (terrain[r - 1][c - 1], elevation[r - 1][c - 1] if elevation is not None else "0")
        line, pos = (c, r) if flat else (r, c)
        if key == run_key and line == run_line and pos == run_next:
            run_cx, run_cy = cx, cy
            run_next += 1
            continue
        close()
        run_key, run_line, run_next = key, line, pos + 1
        run_start = cy if flat else cx
        run_cx, run_cy = cx, cy
    close()
    painter.setRenderHint(QPainter.Antialiasing, False)
    painter.setPen(Qt.NoPen)
    for (sym, e), rects in runs.items():
        painter.setBrush(palette.fill(sym, ord(e) - 48))
        painter.drawRects(rects)
    return count


def _paint_texts(painter: QPainter, cells, metrics: MapMetrics, elevation, scale: float,
                 labels: bool, numbers: bool) -> None:
    # Text is laid out in device pixels (transform reset) so glyphs are hinted crisply at
    # every zoom instead of being scaled bitmaps of one size.
    t = painter.worldTransform()
    painter.save()
    painter.resetTransform()
    radius_px = metrics.size * scale
    hh = metrics.half_h
    w = metrics.geometry.label_width
    font = QFont()
    if labels:
        font.setPixelSize(max(7, round(radius_px * 0.3)))
        painter.setFont(font)
        painter.setPen(LABEL_COLOUR)
        box_w = radius_px * 1.4
        box_h = radius_px * 0.45
        for c, r, cx, cy in cells:
            pt = t.map(QPointF(cx, cy - hh * 0.66))
            painter.drawText(QRectF(pt.x() - box_w / 2, pt.y() - box_h / 2, box_w, box_h),
                             Qt.AlignCenter, f"{c:0{w}d}{r:0{w}d}")
    if numbers:
        font.setPixelSize(max(8, round(radius_px * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(CONTOUR_COLOUR)
        box = radius_px * 0.8
        for c, r, cx, cy in cells:
            e = elevation[r - 1][c - 1]
            if e == "0":
                continue
            pt = t.map(QPointF(cx, cy + hh * 0.45))
            painter.drawText(QRectF(pt.x() - box / 2, pt.y() - box / 2, box, box), Qt.AlignCenter, e)
    painter.restore()
