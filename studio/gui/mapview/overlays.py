"""What is drawn over the terrain: setup zones, objectives and unit counters.

Shared by the view (in scene coordinates, every frame: these are few) and `studio render`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from studio.edit.zones import try_zone_hexes
from studio.hexgrid import DIRECTIONS, Hex, MapGeometry, parse_facing
from studio.model import Scenario, UnitType

from .counter_pictures import CounterPictures
from .metrics import MapMetrics
from .style import CONTOUR_COLOUR, LOD_COUNTER_ART, LOD_ELEVATION_NUMBERS, LOD_UNIT_TEXT

OBJECTIVE_COLOUR = QColor(230, 180, 20)
COUNTER_SIZE = 0.85          # of the hex radius: side of the square counter

Area = tuple[float, float, float, float]        # scene x0, y0, x1, y1 to paint (None: all)


def _near(metrics: MapMetrics, h: Hex, area: Area | None, grow: float = 1.0) -> bool:
    """Whether anything drawn on `h` (up to `grow` hex radii around it) meets `area`."""
    if area is None:
        return True
    x0, y0, x1, y1 = metrics.hex_bounds(h, metrics.size * grow)
    return x1 >= area[0] and x0 <= area[2] and y1 >= area[1] and y0 <= area[3]


def side_colour(colour: str) -> QColor:
    c = QColor(colour)
    return c if c.isValid() else QColor(128, 128, 128)


# -- setup zones -----------------------------------------------------------------------------

@dataclass(slots=True)
class ZoneShape:
    side_id: str
    colour: QColor
    fill: QPainterPath
    outline: QPainterPath
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


def zone_shape(metrics: MapMetrics, side_id: str, colour: str, hexes: set[Hex]) -> ZoneShape:
    """The zone's border as closed loops (one per island, plus holes): filling a few loops
    is cheap where filling thousands of hex polygons every frame is not."""
    sides = metrics.side_offsets
    h2p = metrics.layout.hex_to_pixel
    # Border hexsides, oriented as the hex's corners run (clockwise on screen): at each
    # corner of the border exactly one border side starts, so the sides chain into loops.
    following: dict[tuple[float, float], tuple[float, float]] = {}
    around = list(enumerate(DIRECTIONS))
    for h in hexes:
        q, r = h
        # Plain tuples find Hex members: a Hex hashes and compares as its (q, r) tuple.
        open_sides = [d for d, (dq, dr) in around if (q + dq, r + dr) not in hexes]
        if not open_sides:
            continue
        cx, cy = h2p(h)
        for d in open_sides:
            (x1, y1), (x2, y2) = sides[d]
            following[(round(cx + x1, 3), round(cy + y1, 3))] = (round(cx + x2, 3), round(cy + y2, 3))
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    while following:
        start, point = following.popitem()
        path.moveTo(*start)
        while point != start and point in following:
            path.lineTo(*point)
            point = following.pop(point)
        path.closeSubpath()
    box = path.boundingRect()
    return ZoneShape(side_id, side_colour(colour), path, path,
                     (box.left(), box.top(), box.right(), box.bottom()))


def zone_shapes(scenario: Scenario, geometry: MapGeometry, metrics: MapMetrics) -> list[ZoneShape]:
    out = []
    for side in scenario.sides:
        hexes, _bad = try_zone_hexes(geometry, side.setup_zone)
        if hexes:
            out.append(zone_shape(metrics, side.id, side.colour, hexes))
    return out


def paint_zones(painter: QPainter, shapes: list[ZoneShape], scale: float,
                area: Area | None = None) -> None:
    painter.setRenderHint(QPainter.Antialiasing, True)
    for z in shapes:
        if area is not None and (z.bounds[2] < area[0] or z.bounds[0] > area[2]
                                 or z.bounds[3] < area[1] or z.bounds[1] > area[3]):
            continue
        tint = QColor(z.colour)
        tint.setAlpha(55)
        painter.setPen(Qt.NoPen)
        painter.setBrush(tint)
        painter.drawPath(z.fill)
        edge = QColor(z.colour)
        edge.setAlpha(230)
        pen = QPen(edge, max(3.0 / scale, 2.5), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        painter.drawPath(z.outline)


# -- objectives -----------------------------------------------------------------------------

def _star(cx: float, cy: float, r: float) -> QPolygonF:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append(QPointF(cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return QPolygonF(pts)


def paint_objectives(painter: QPainter, scenario: Scenario, geometry: MapGeometry,
                     metrics: MapMetrics, scale: float, selected: int | None = None,
                     area: Area | None = None) -> None:
    painter.setRenderHint(QPainter.Antialiasing, True)
    size = metrics.size
    for i, obj in enumerate(scenario.objectives):
        try:
            h = geometry.parse_label(obj.hex)
        except ValueError:
            continue
        if not _near(metrics, h, area, 2.0):     # the name may run wide
            continue
        cx, cy = metrics.hex_centre(h)
        painter.setPen(QPen(QColor(90, 60, 0), max(1.0 / scale, size * 0.04)))
        painter.setBrush(OBJECTIVE_COLOUR)
        painter.drawPolygon(_star(cx, cy - size * 0.5, size * 0.3))
        if i == selected:
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255), max(2.0 / scale, size * 0.06)))
            painter.drawEllipse(QPointF(cx, cy), size * 0.8, size * 0.8)
        if size * scale >= LOD_UNIT_TEXT * 2 and (obj.name or obj.points):
            text = obj.name + (f" ({obj.points})" if obj.points else "")
            device_text(painter, QPointF(cx, cy + size * 0.62), text, max(8, round(size * scale * 0.26)),
                         QColor(40, 30, 0), QColor(255, 240, 190, 210))


def device_text(painter: QPainter, at: QPointF, text: str, pixels: int, ink: QColor,
                 backdrop: QColor | None = None) -> None:
    """Text centred on a scene point, laid out in device pixels."""
    t = painter.worldTransform()
    pt = t.map(at)
    painter.save()
    painter.resetTransform()
    font = QFont()
    font.setPixelSize(pixels)
    painter.setFont(font)
    rect = painter.fontMetrics().boundingRect(text).adjusted(-3, -1, 3, 1)
    rect.moveCenter(pt.toPoint())
    if backdrop is not None:
        painter.setPen(Qt.NoPen)
        painter.setBrush(backdrop)
        painter.drawRoundedRect(QRectF(rect), 3, 3)
    painter.setPen(ink)
    painter.drawText(QRectF(rect), Qt.AlignCenter, text)
    painter.restore()


# -- units ----------------------------------------------------------------------------------

@dataclass(slots=True)
class UnitMarker:
    side_id: str
    index: int
    hex: Hex
    colour: QColor
    text: str
    name: str
    facing: int | None       # hexgrid direction index
    leader: bool
    stack_position: int
    stack_size: int
    face: object = None      # the printed counter's face (export CounterFace), if known


def abbreviation(name: str) -> str:
    """Short counter text: initials of a multi-word name, else the first three letters.

    >>> abbreviation("Spartan Warband"), abbreviation("hoplites"), abbreviation("greek-archon")
    ('SW', 'Hop', 'GA')
    """
    words = [w for w in name.replace("-", " ").replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:3].capitalize()
    return "".join(w[0].upper() for w in words[:3])


def unit_markers(scenario: Scenario, geometry: MapGeometry,
                 lookup: Callable[[str, str], UnitType | None] | None = None,
                 face_of: Callable[[str, str, bool, str | None], object] | None = None
                 ) -> list[UnitMarker]:
    """A marker per placed unit; `face_of(side id, type id, leader, designation)` gives
    the printed counter's face the map shows at readable zoom."""
    placed: dict[Hex, list[tuple]] = {}
    for side in scenario.sides:
        for i, u in enumerate(side.army.units):
            if u.hex is None:
                continue
            try:
                h = geometry.parse_label(u.hex)
            except ValueError:
                continue
            placed.setdefault(h, []).append((side, i, u))
    out = []
    for h, stack in placed.items():
        for pos, (side, i, u) in enumerate(stack):
            utype = lookup(side.id, u.type) if lookup is not None else None
            name = utype.name if utype is not None else u.type
            try:
                facing = parse_facing(geometry.orientation, u.facing) if u.facing else None
            except ValueError:
                facing = None
            face = (face_of(side.id, u.type, bool(u.leader), u.name) if face_of is not None
                    else None)
            out.append(UnitMarker(side.id, i, h, side_colour(side.colour), abbreviation(name),
                                  u.name or u.id or name, facing, u.leader, pos, len(stack),
                                  face))
    return out


def _ink_on(colour: QColor) -> QColor:
    lum = 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()
    return QColor(20, 20, 20) if lum > 150 else QColor(250, 250, 250)


def paint_units(painter: QPainter, markers: list[UnitMarker], metrics: MapMetrics, scale: float,
                selected: tuple[str, int] | None = None, area: Area | None = None,
                pictures: CounterPictures | None = None, elevation: list[str] | None = None
                ) -> None:
    """Counters on their hexes: dots when tiny, letters and a facing wedge when small, and
    from LOD_COUNTER_ART the printed counter's picture (when `pictures` is given and the
    marker knows its face). With `elevation` (the map's rows of digits) a hex's height is
    repeated beside its counters, which would otherwise cover the terrain's digit."""
    painter.setRenderHint(QPainter.Antialiasing, True)
    size = metrics.size
    side = size * COUNTER_SIZE
    radius_px = size * scale
    art = pictures is not None and radius_px >= LOD_COUNTER_ART
    shown = _in_area(markers, metrics, area)
    if radius_px < LOD_UNIT_TEXT / 2:
        _paint_dots(painter, shown, metrics, scale)
        return
    for m in shown:
        cx, cy = metrics.hex_centre(m.hex)
        shift = size * 0.14 * m.stack_position
        cx, cy = cx + shift, cy - shift
        rect = QRectF(cx - side / 2, cy - side / 2, side, side)
        printed = art and m.face is not None
        if printed:
            _paint_picture(painter, pictures, m.face, rect)
        else:
            painter.setPen(QPen(m.colour.darker(170), max(1.0 / scale, size * 0.04)))
            painter.setBrush(m.colour)
            painter.drawRoundedRect(rect, size * 0.08, size * 0.08)
        if m.facing is not None:
            _paint_facing(painter, metrics, m, cx, cy, side, scale)
        if m.leader and not printed:          # the printed face carries its leader symbol
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(255, 215, 0))
            painter.drawPolygon(_star(rect.right() - side * 0.18, rect.top() + side * 0.18, side * 0.16))
        if (selected is not None and (m.side_id, m.index) == selected):
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255), max(2.5 / scale, size * 0.07)))
            painter.drawRoundedRect(rect.adjusted(-size * 0.08, -size * 0.08, size * 0.08, size * 0.08),
                                    size * 0.1, size * 0.1)
            painter.setPen(QPen(QColor(0, 0, 0), max(1.0 / scale, size * 0.02)))
            painter.drawRoundedRect(rect.adjusted(-size * 0.08, -size * 0.08, size * 0.08, size * 0.08),
                                    size * 0.1, size * 0.1)
        if radius_px >= LOD_UNIT_TEXT and not printed:
            device_text(painter, QPointF(cx, cy), m.text, max(7, round(radius_px * 0.34)),
                        _ink_on(m.colour))
        if m.stack_size > 1 and m.stack_position == m.stack_size - 1 and radius_px >= LOD_UNIT_TEXT:
            device_text(painter, QPointF(rect.left() + side * 0.12, rect.bottom() - side * 0.1),
                         str(m.stack_size), max(7, round(radius_px * 0.22)), QColor(255, 255, 255),
                         QColor(0, 0, 0, 180))
    if elevation is not None and radius_px >= LOD_ELEVATION_NUMBERS:
        _paint_unit_elevations(painter, shown, metrics, scale, elevation)


def _paint_dots(painter: QPainter, markers: list[UnitMarker], metrics: MapMetrics,
                scale: float) -> None:
    """Zoomed far out, a square dot a hex wide per unit: one aliased drawPoints per side
    colour with a cosmetic pen (thousands of antialiased drawEllipse calls took 30-45 ms a
    frame on a crowded 200x200 map)."""
    by_colour: dict[int, tuple[QColor, list[QPointF]]] = {}
    size = metrics.size
    for m in markers:
        shift = size * 0.14 * m.stack_position
        cx, cy = metrics.hex_centre(m.hex)
        entry = by_colour.setdefault(m.colour.rgba(), (m.colour, []))
        entry[1].append(QPointF(cx + shift, cy - shift))
    painter.setRenderHint(QPainter.Antialiasing, False)
    for colour, points in by_colour.values():
        pen = QPen(colour, max(2.0, round(size * scale)), Qt.SolidLine, Qt.SquareCap)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawPoints(QPolygonF(points))
    painter.setRenderHint(QPainter.Antialiasing, True)


def _paint_picture(painter: QPainter, pictures: CounterPictures, face, rect: QRectF) -> None:
    """The face's cached picture blitted 1:1 on whole device pixels (scaling it would blur
    the type), at the screen's own resolution on a high-DPI screen."""
    device = painter.worldTransform().mapRect(rect)
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    pixels = max(8, round(device.width() * ratio))
    picture = pictures.get(face, pixels)
    picture.setDevicePixelRatio(ratio)
    painter.save()
    painter.resetTransform()
    painter.drawPixmap(QPointF(round(device.center().x() * ratio - pixels / 2) / ratio,
                               round(device.center().y() * ratio - pixels / 2) / ratio), picture)
    painter.restore()


def _paint_facing(painter: QPainter, metrics: MapMetrics, m: UnitMarker, cx: float, cy: float,
                  side: float, scale: float) -> None:
    size = metrics.size
    a = math.radians(metrics.layout.direction_angle(m.facing))
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    # From the counter's edge in that direction, pointing outwards.
    edge = (side / 2) / max(abs(ux), abs(uy))
    base = edge - size * 0.02
    tip = edge + size * 0.34
    w = size * 0.15
    arrow = QPolygonF([
        QPointF(cx + ux * tip, cy + uy * tip),
        QPointF(cx + ux * base + px * w, cy + uy * base + py * w),
        QPointF(cx + ux * base - px * w, cy + uy * base - py * w),
    ])
    painter.setPen(QPen(m.colour.darker(170), max(0.8 / scale, size * 0.03)))
    painter.setBrush(m.colour)
    painter.drawPolygon(arrow)


def _in_area(markers: list[UnitMarker], metrics: MapMetrics, area: Area | None) -> list[UnitMarker]:
    """The markers whose counter (and wedge) may meet `area`: a test on the hex centre,
    since a crowded map has thousands of markers and only a few in view."""
    if area is None:
        return markers
    grow = metrics.size * 1.6
    x0, y0, x1, y1 = area[0] - grow, area[1] - grow, area[2] + grow, area[3] + grow
    centre = metrics.hex_centre
    out = []
    for m in markers:
        x, y = centre(m.hex)
        if x0 <= x <= x1 and y0 <= y <= y1:
            out.append(m)
    return out


def _paint_unit_elevations(painter: QPainter, markers: list[UnitMarker], metrics: MapMetrics,
                           scale: float, elevation: list[str]) -> None:
    """A raised hex's digit left of the counters standing on it."""
    size = metrics.size
    side = size * COUNTER_SIZE
    pixels = max(8, round(size * scale * 0.3))
    for m in markers:
        if m.stack_position:
            continue
        c, r = metrics.geometry.to_offset(m.hex)
        digit = elevation[r - 1][c - 1]
        if digit == "0":
            continue
        cx, cy = metrics.hex_centre(m.hex)
        device_text(painter, QPointF(cx - side / 2 - size * 0.1, cy + size * 0.2), digit, pixels,
                    CONTOUR_COLOUR, QColor(255, 246, 220, 220))
