"""What counter artwork draws on: the few drawing calls a counter face needs.

The counter painter (:mod:`counter_art`) and the unit symbols (:mod:`symbols`) draw
through this interface only, so one piece of artwork serves the printed sheets and the
studio's map. A reportlab ``Canvas`` has these methods as they are (same names, same
arguments, PDF coordinates: points, y up, origin at the lower left), so the PDFs are drawn
exactly as before; the map's Qt adapter (``studio.gui.mapview.qt_surface``) implements them
with a QPainter. Forms (``beginForm``/``doForm``) are a PDF matter and stay outside it.

Colours are reportlab ``Color`` objects (``red``, ``green``, ``blue``, ``alpha`` in 0..1);
fonts are the names :mod:`fonts` registers, sizes in points. ``stroke``/``fill`` are 0 or 1.
"""
from __future__ import annotations

from typing import Any, Protocol


class ArtPath(Protocol):
    """An outline built point by point, then drawn with :meth:`ArtSurface.drawPath`."""

    def moveTo(self, x: float, y: float) -> None: ...  # noqa: N802 (reportlab's names)

    def lineTo(self, x: float, y: float) -> None: ...  # noqa: N802

    def curveTo(self, x1: float, y1: float, x2: float, y2: float,  # noqa: N802
                x3: float, y3: float) -> None: ...

    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,  # noqa: N803
            extent: float = 90) -> None: ...

    def close(self) -> None: ...


class ArtSurface(Protocol):
    """Lines, rectangles, circles, paths and centred text in the current colours."""

    def saveState(self) -> None: ...  # noqa: N802

    def restoreState(self) -> None: ...  # noqa: N802

    def translate(self, dx: float, dy: float) -> None: ...

    def rotate(self, theta: float) -> None: ...

    def scale(self, x: float, y: float) -> None: ...

    def setFillColor(self, colour: Any) -> None: ...  # noqa: N802

    def setStrokeColor(self, colour: Any) -> None: ...  # noqa: N802

    def setLineWidth(self, width: float) -> None: ...  # noqa: N802

    def setLineCap(self, mode: int) -> None: ...  # noqa: N802 (0 butt, 1 round, 2 square)

    def setLineJoin(self, mode: int) -> None: ...  # noqa: N802 (0 mitre, 1 round, 2 bevel)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None: ...

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None: ...

    def roundRect(self, x: float, y: float, width: float, height: float,  # noqa: N802
                  radius: float, stroke: int = 1, fill: int = 0) -> None: ...

    def circle(self, x_cen: float, y_cen: float, r: float, stroke: int = 1,
               fill: int = 0) -> None: ...

    def beginPath(self) -> ArtPath: ...  # noqa: N802

    def drawPath(self, aPath: ArtPath, stroke: int = 1, fill: int = 0) -> None: ...  # noqa: N802,N803

    def setFont(self, psfontname: str, size: float) -> None: ...  # noqa: N802

    def drawCentredString(self, x: float, y: float, text: str) -> None: ...  # noqa: N802
