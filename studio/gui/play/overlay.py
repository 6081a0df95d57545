"""What play mode draws over the map: the game's units where the game has them (not where
the scenario set them up), the hexes a selected unit can reach, its facing choices, the
targets with their odds, the last move's path, and dice results that fade away.

All in scene coordinates, called from the play handler's `paint_overlay`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from studio.hexgrid import Hex, parse_facing

from ..mapview.counter_pictures import face_for_state
from ..mapview.overlays import (UnitMarker, abbreviation, device_text, paint_units,
                                side_colour)
from ..mapview.style import LOD_UNIT_TEXT

REACH_FILL = QColor(90, 220, 120, 70)
REACH_EDGE = QColor(40, 150, 70, 200)
CHARGE_FILL = QColor(255, 170, 40, 80)
TARGET_COLOUR = QColor(230, 40, 40)
PENDING_COLOUR = QColor(255, 255, 255)
PATH_COLOUR = QColor(255, 255, 255, 200)


@dataclass(slots=True)
class GameUnit:
    """A unit as play mode draws it."""
    uid: str
    marker: UnitMarker
    routed: bool
    hits: int
    hits_rating: int
    formation: str = "line"         # Napoleonic formations: line (no marker), column, square
    type_id: str = ""


def game_units(state, geometry, scenario) -> list[GameUnit]:
    """Markers for every unit on the map, stacked as the game stacks them."""
    colours = {s.id: side_colour(s.colour) for s in scenario.sides}
    by_hex: dict[Hex, list] = {}
    for u in state.units:
        if u.status != "on":
            continue
        label = state.hex_label(u)
        if label is None:
            continue
        by_hex.setdefault(geometry.parse_label(label), []).append(u)
    out = []
    orientation = geometry.orientation
    for h, stack in by_hex.items():
        for pos, u in enumerate(stack):
            side_id = state.side_id(u.side)
            try:
                facing = parse_facing(orientation, state.facing_name(u))
            except ValueError:
                facing = None
            marker = UnitMarker(side_id, u.i, h, colours.get(side_id, QColor(128, 128, 128)),
                                abbreviation(u.profile.name), u.uid, facing, bool(u.leader),
                                pos, len(stack))
            out.append(GameUnit(u.uid, marker, bool(u.routed), int(u.hits),
                                int(u.profile.hits), u.formation,
                                getattr(u.profile, "id", "")))
    return out


def paint_game_units(painter: QPainter, view, units: list[GameUnit], selected: str | None,
                     area=None) -> None:
    metrics = view.metrics
    scale = view.zoom()
    chosen = next(((g.marker.side_id, g.marker.index) for g in units if g.uid == selected),
                  None)
    for g in units:
        # The printed counter as the game has turned it: its back once hit or routed.
        g.marker.face = face_for_state(
            view.unit_faces.faces(g.marker.side_id, g.type_id, g.marker.leader), g.hits, g.routed)
    paint_units(painter, [g.marker for g in units], metrics, scale, chosen, area,
                view.counter_pictures, view.shown_elevation())
    radius_px = metrics.size * scale
    if radius_px < LOD_UNIT_TEXT:
        return
    size = metrics.size
    for g in units:
        if not (g.routed or g.hits or g.formation != "line"):
            continue
        cx, cy = metrics.hex_centre(g.marker.hex)
        shift = size * 0.14 * g.marker.stack_position
        cx, cy = cx + shift, cy - shift
        px = max(7, round(radius_px * 0.22))
        if g.routed:
            device_text(painter, QPointF(cx - size * 0.28, cy - size * 0.3), "R", px,
                        QColor(255, 255, 255), QColor(200, 20, 20, 230))
        if g.hits:
            device_text(painter, QPointF(cx + size * 0.26, cy + size * 0.3),
                        f"{g.hits}/{g.hits_rating}", px, QColor(0, 0, 0),
                        QColor(255, 220, 80, 230))
        if g.formation != "line":
            # C for column, S for square: the marker the printed game puts on the counter.
            device_text(painter, QPointF(cx - size * 0.28, cy + size * 0.3),
                        g.formation[0].upper(), px, QColor(255, 255, 255),
                        QColor(40, 70, 160, 230))


def _hex_polygon(metrics, h: Hex, shrink: float = 1.0) -> QPolygonF:
    cx, cy = metrics.hex_centre(h)
    return QPolygonF([QPointF(cx + x * shrink, cy + y * shrink)
                      for x, y in metrics.corner_offsets])


def paint_reach(painter: QPainter, view, hexes, charge: bool = False) -> None:
    """Tint the hexes a unit can end its move in."""
    metrics = view.metrics
    scale = view.zoom()
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setBrush(CHARGE_FILL if charge else REACH_FILL)
    painter.setPen(QPen(REACH_EDGE, max(1.0 / scale, 1.2 / scale)))
    for h in hexes:
        painter.drawPolygon(_hex_polygon(metrics, h, 0.92))


def paint_path(painter: QPainter, view, hexes: list[Hex]) -> None:
    """A dashed line through the centres of a route (the last move)."""
    if len(hexes) < 2:
        return
    metrics = view.metrics
    scale = view.zoom()
    pts = [QPointF(*metrics.hex_centre(h)) for h in hexes]
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(QColor(0, 0, 0, 120), 5.0 / scale, Qt.SolidLine, Qt.RoundCap))
    painter.drawPolyline(QPolygonF(pts))
    painter.setPen(QPen(PATH_COLOUR, 2.5 / scale, Qt.DashLine, Qt.RoundCap))
    painter.drawPolyline(QPolygonF(pts))


def paint_facings(painter: QPainter, view, h: Hex, legal: list[int], chosen: int | None,
                  counter_colour: QColor) -> None:
    """The destination of a move being chosen: a ghost counter, an arrow per facing it
    may end in (the chosen one solid)."""
    metrics = view.metrics
    scale = view.zoom()
    size = metrics.size
    cx, cy = metrics.hex_centre(h)
    painter.setRenderHint(QPainter.Antialiasing, True)
    ghost = QColor(counter_colour)
    ghost.setAlpha(150)
    side = size * 0.8
    painter.setPen(QPen(PENDING_COLOUR, 2.0 / scale, Qt.DashLine))
    painter.setBrush(ghost)
    painter.drawRoundedRect(QRectF(cx - side / 2, cy - side / 2, side, side), size * 0.08,
                            size * 0.08)
    layout = metrics.layout
    for d in range(6):
        if d not in legal:
            continue
        a = math.radians(layout.direction_angle(d))
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        base, tip, w = size * 0.45, size * 0.85, size * 0.16
        arrow = QPolygonF([QPointF(cx + ux * tip, cy + uy * tip),
                           QPointF(cx + ux * base + px * w, cy + uy * base + py * w),
                           QPointF(cx + ux * base - px * w, cy + uy * base - py * w)])
        if d == chosen:
            painter.setPen(QPen(QColor(0, 0, 0), 1.5 / scale))
            painter.setBrush(PENDING_COLOUR)
        else:
            painter.setPen(QPen(PENDING_COLOUR, 1.2 / scale))
            painter.setBrush(QColor(255, 255, 255, 60))
        painter.drawPolygon(arrow)


COMPACT_BELOW_PX = 36.0       # hex radius under which odds labels drop the words


def paint_targets(painter: QPainter, view, targets: list[tuple[Hex, float, float]]) -> None:
    """A red ring on each target and its odds under it: "hit 45% · kill 20%", or
    "45% · 20%" when hexes are small (the Play panel names the columns)."""
    metrics = view.metrics
    scale = view.zoom()
    size = metrics.size
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setBrush(Qt.NoBrush)
    radius_px = size * scale
    compact = radius_px < COMPACT_BELOW_PX
    for h, p_hit, p_kill in targets:
        text = (f"{p_hit:.0%} · {p_kill:.0%}" if compact
                else f"hit {p_hit:.0%} · kill {p_kill:.0%}")
        cx, cy = metrics.hex_centre(h)
        r = size * 0.72
        for colour, width in ((QColor(0, 0, 0, 160), 5.0), (TARGET_COLOUR, 3.0)):
            painter.setPen(QPen(colour, width / scale))
            painter.drawEllipse(QPointF(cx, cy), r, r)
        if radius_px >= LOD_UNIT_TEXT and text:
            device_text(painter, QPointF(cx, cy + size * 0.8), text,
                        max(8, min(12, round(radius_px * 0.27))), QColor(255, 255, 255),
                        QColor(150, 10, 10, 215))


def paint_hover_cost(painter: QPainter, view, h: Hex, text: str) -> None:
    metrics = view.metrics
    scale = view.zoom()
    cx, cy = metrics.hex_centre(h)
    device_text(painter, QPointF(cx, cy - metrics.size * 0.62), text,
                max(8, min(13, round(metrics.size * scale * 0.3))), QColor(0, 0, 0),
                QColor(255, 255, 255, 220))


@dataclass(slots=True)
class FloatLabel:
    """A dice result shown next to a hex for a few seconds."""
    hex: Hex
    text: str
    good: bool | None            # green / red / neutral backdrop
    expires: float
    slot: int = 0                # stacked upwards when several share a hex


def paint_float_labels(painter: QPainter, view, labels: list[FloatLabel], now: float) -> None:
    metrics = view.metrics
    scale = view.zoom()
    size = metrics.size
    px = max(9, min(14, round(size * scale * 0.32)))
    for lab in labels:
        left = lab.expires - now
        if left <= 0:
            continue
        alpha = 235 if left > 0.6 else int(235 * left / 0.6)
        back = {True: QColor(20, 120, 40, alpha), False: QColor(170, 20, 20, alpha),
                None: QColor(30, 30, 30, alpha)}[lab.good]
        cx, cy = metrics.hex_centre(lab.hex)
        at = QPointF(cx + size * 0.9, cy - size * 0.55 - lab.slot * (px + 4) / scale)
        device_text(painter, at, lab.text, px, QColor(255, 255, 255, alpha), back)
