"""What counter and symbol artwork draws on: the part of reportlab's Canvas it uses.

A reportlab ``Canvas`` is one; the studio's map view passes an adapter of a QPainter
(``studio.gui.mapview.qt_canvas``), so the map and the printed sheets share one drawing of
every counter. Coordinates are PDF-like (y up); colours are reportlab ``Color`` objects
(``.red``, ``.green``, ``.blue`` from 0 to 1); fonts are the names of ``studio.export.fonts``.
"""
from __future__ import annotations

from typing import Any, Protocol


class Path(Protocol):
    def moveTo(self, x: float, y: float) -> None: ...  # noqa: N802 (reportlab's names)
    def lineTo(self, x: float, y: float) -> None: ...  # noqa: N802
    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float,  # noqa: N802
                y3: float) -> None: ...
    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,  # noqa: N803
            extent: float = 90) -> None: ...
    def close(self) -> None: ...


class Surface(Protocol):
    def saveState(self) -> None: ...  # noqa: N802
    def restoreState(self) -> None: ...  # noqa: N802
    def translate(self, dx: float, dy: float) -> None: ...
    def rotate(self, degrees: float) -> None: ...
    def setFillColor(self, colour: Any) -> None: ...  # noqa: N802
    def setStrokeColor(self, colour: Any) -> None: ...  # noqa: N802
    def setLineWidth(self, width: float) -> None: ...  # noqa: N802
    def setLineCap(self, cap: int) -> None: ...  # noqa: N802
    def setLineJoin(self, join: int) -> None: ...  # noqa: N802
    def setFont(self, name: str, size: float) -> None: ...  # noqa: N802
    def rect(self, x: float, y: float, w: float, h: float, stroke: int = 1,
             fill: int = 0) -> None: ...
    def roundRect(self, x: float, y: float, w: float, h: float, radius: float,  # noqa: N802
                  stroke: int = 1, fill: int = 0) -> None: ...
    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float) -> None: ...
    def beginPath(self) -> Path: ...  # noqa: N802
    def drawPath(self, path: Path, stroke: int = 1, fill: int = 0) -> None: ...  # noqa: N802
    def drawCentredString(self, x: float, y: float, text: str) -> None: ...  # noqa: N802
