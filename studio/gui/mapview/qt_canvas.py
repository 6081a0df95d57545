"""A QPainter seen as the drawing surface of the print export's counter artwork
(`studio.export.surface.Surface`: the reportlab Canvas calls it uses), so the map draws
each counter with the code that prints it.

The artwork is laid out y up in the units of its counter size; `counter_transform` puts
that square on the map, centred and turned. Text is set in the fonts the PDF embeds
(Bitstream Vera, shipped with reportlab), loaded once into Qt's font database.
"""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QPainter,
                           QPainterPath, QPen, QTransform)

from studio.export.fonts import FONT_BOLD, font_path

TEXT_PIXELS = 100               # fonts are set at this size and scaled to the wanted one
CAPS = {0: Qt.FlatCap, 1: Qt.RoundCap, 2: Qt.SquareCap}
JOINS = {0: Qt.MiterJoin, 1: Qt.RoundJoin, 2: Qt.BevelJoin}


@lru_cache(maxsize=None)
def qt_font(name: str) -> QFont:
    """The Qt font of one of the export's font names (Vera, Vera-Bold ...)."""
    try:
        path = font_path(name)
    except KeyError:
        path = font_path(FONT_BOLD)
    ident = QFontDatabase.addApplicationFont(path)
    families = QFontDatabase.applicationFontFamilies(ident) if ident >= 0 else []
    font = QFont(families[0] if families else "DejaVu Sans")
    font.setBold("Bold" in name)
    font.setItalic("Italic" in name)
    font.setPixelSize(TEXT_PIXELS)
    font.setHintingPreference(QFont.PreferNoHinting)     # scaled: no hinting for one size
    return font


def qcolour(colour) -> QColor:
    return QColor.fromRgbF(colour.red, colour.green, colour.blue,
                           getattr(colour, "alpha", 1.0) or 1.0)


def counter_transform(cx: float, cy: float, side: float, size: float,
                      turn_degrees: float) -> QTransform:
    """Scene transform of a face laid out in a `size` square (y up): centred on (cx, cy),
    `side` scene units wide, its top edge turned `turn_degrees` clockwise from north."""
    k = side / size
    t = QTransform()
    t.translate(cx, cy)
    t.rotate(turn_degrees)
    t.scale(k, -k)
    t.translate(-size / 2, -size / 2)
    return t


class QtPath:
    def __init__(self) -> None:
        self.path = QPainterPath()

    def moveTo(self, x, y) -> None:  # noqa: N802 (reportlab's names)
        self.path.moveTo(x, y)

    def lineTo(self, x, y) -> None:  # noqa: N802
        self.path.lineTo(x, y)

    def curveTo(self, x1, y1, x2, y2, x3, y3) -> None:  # noqa: N802
        self.path.cubicTo(x1, y1, x2, y2, x3, y3)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90) -> None:  # noqa: N802, N803
        # Qt's angles turn the other way in y-up coordinates: negate them.
        rect = QRectF(QPointF(min(x1, x2), min(y1, y2)), QPointF(max(x1, x2), max(y1, y2)))
        self.path.arcMoveTo(rect, -startAng)
        self.path.arcTo(rect, -startAng, -extent)

    def close(self) -> None:
        self.path.closeSubpath()


class QtCanvas:
    """The Surface calls on a QPainter (whose transform the caller has set)."""

    def __init__(self, painter: QPainter) -> None:
        self.p = painter
        self._fill = QColor(0, 0, 0)
        self._pen = QPen(QColor(0, 0, 0), 1.0)
        self._font = qt_font(FONT_BOLD)
        self._font_size = 10.0
        self._stack: list = []

    # -- state --------------------------------------------------------------------------
    def saveState(self) -> None:  # noqa: N802
        self.p.save()
        self._stack.append((QColor(self._fill), QPen(self._pen), self._font, self._font_size))

    def restoreState(self) -> None:  # noqa: N802
        self.p.restore()
        self._fill, self._pen, self._font, self._font_size = self._stack.pop()

    def translate(self, dx, dy) -> None:
        self.p.translate(dx, dy)

    def rotate(self, degrees) -> None:
        self.p.rotate(-degrees)              # y up: reportlab's anticlockwise

    def setFillColor(self, colour) -> None:  # noqa: N802
        self._fill = qcolour(colour)

    def setStrokeColor(self, colour) -> None:  # noqa: N802
        self._pen.setColor(qcolour(colour))

    def setLineWidth(self, width) -> None:  # noqa: N802
        self._pen.setWidthF(width)

    def setLineCap(self, cap) -> None:  # noqa: N802
        self._pen.setCapStyle(CAPS.get(cap, Qt.FlatCap))

    def setLineJoin(self, join) -> None:  # noqa: N802
        self._pen.setJoinStyle(JOINS.get(join, Qt.MiterJoin))

    def setFont(self, name, size) -> None:  # noqa: N802
        self._font = qt_font(name)
        self._font_size = size

    # -- shapes -------------------------------------------------------------------------
    def _use(self, stroke, fill) -> None:
        self.p.setPen(self._pen if stroke else Qt.NoPen)
        self.p.setBrush(self._fill if fill else Qt.NoBrush)

    def rect(self, x, y, w, h, stroke=1, fill=0) -> None:
        self._use(stroke, fill)
        self.p.drawRect(QRectF(x, y, w, h))

    def roundRect(self, x, y, w, h, radius, stroke=1, fill=0) -> None:  # noqa: N802
        self._use(stroke, fill)
        self.p.drawRoundedRect(QRectF(x, y, w, h), radius, radius)

    def circle(self, x, y, r, stroke=1, fill=0) -> None:
        self._use(stroke, fill)
        self.p.drawEllipse(QPointF(x, y), r, r)

    def line(self, x1, y1, x2, y2) -> None:
        self.p.setPen(self._pen)
        self.p.drawLine(QPointF(x1, y1), QPointF(x2, y2))

    def beginPath(self) -> QtPath:  # noqa: N802
        return QtPath()

    def drawPath(self, path: QtPath, stroke=1, fill=0) -> None:  # noqa: N802
        self._use(stroke, fill)
        self.p.drawPath(path.path)

    def drawCentredString(self, x, y, text) -> None:  # noqa: N802
        k = self._font_size / TEXT_PIXELS
        width = QFontMetricsF(self._font).horizontalAdvance(text)
        self.p.save()
        self.p.translate(x, y)
        self.p.scale(k, -k)                  # text upright again in y-up coordinates
        self.p.setFont(self._font)
        self.p.setPen(self._fill)
        self.p.drawText(QPointF(-width / 2, 0), text)
        self.p.restore()
