"""Hexside features as the view draws them (rivers, walls and hedges along edges, roads and
bridges across them), in scene coordinates, over the terrain. Shared by the map view, the
overview and `studio render`."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from studio.edit.hexsides import LINE_WIDTH as LINE, segments
from studio.hexgrid import MapGeometry
from studio.model import HexMap, TerrainSet

from .metrics import MapMetrics


@dataclass(slots=True)
class HexsideShape:
    kind: str
    colour: QColor
    width: float          # scene units
    path: QPainterPath
    bounds: tuple[float, float, float, float]


def hexside_shapes(hex_map: HexMap, geometry: MapGeometry, metrics: MapMetrics,
                   terrain_set: TerrainSet | None) -> list[HexsideShape]:
    out = []
    for kind, segs in segments(hex_map, geometry, metrics.layout, terrain_set):
        path = QPainterPath()
        for x1, y1, x2, y2 in segs:
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
        width = metrics.size * LINE * kind.width
        box = path.boundingRect().adjusted(-width, -width, width, width)
        colour = QColor(kind.colour)
        out.append(HexsideShape(kind.id, colour if colour.isValid() else QColor(60, 60, 60),
                                width, path, (box.left(), box.top(), box.right(), box.bottom())))
    return out


def paint_hexsides(painter: QPainter, shapes: list[HexsideShape],
                   area: tuple[float, float, float, float] | None = None,
                   min_width: float = 0.0) -> None:
    """Each kind's lines; `min_width` (scene units) keeps them visible when zoomed far out."""
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setBrush(Qt.NoBrush)
    for s in shapes:
        if area is not None and (s.bounds[2] < area[0] or s.bounds[0] > area[2]
                                 or s.bounds[3] < area[1] or s.bounds[1] > area[3]):
            continue
        painter.setPen(QPen(s.colour, max(s.width, min_width), Qt.SolidLine, Qt.RoundCap,
                            Qt.RoundJoin))
        painter.drawPath(s.path)


def edge_marker(painter: QPainter, a: QPointF, b: QPointF, colour: QColor, width: float) -> None:
    """The edge brush's preview of the edge under the cursor."""
    painter.setRenderHint(QPainter.Antialiasing, True)
    for pen_colour, w in ((QColor(0, 0, 0, 170), width * 1.8), (colour, width)):
        painter.setPen(QPen(pen_colour, w, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(a, b)
