"""The print export's art surface on a QPainter: counter faces drawn by the same code as
the PDFs (``studio.export.counter_art``), on the map.

Coordinates arrive as in a PDF (points, y up from the lower left); the painter's transform
is flipped once so shapes land right way up, and text is flipped back where it is set.
Text is set in the PDFs' own fonts (the Vera TTFs reportlab ships), centred by the width
reportlab measures, so a line the export fits in fits here too.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontDatabase, QPainter, QPainterPath, QPen

from studio.export.fonts import font_directory, register_fonts, text_width

_CAPS = {0: Qt.FlatCap, 1: Qt.RoundCap, 2: Qt.SquareCap}
_JOINS = {0: Qt.MiterJoin, 1: Qt.RoundJoin, 2: Qt.BevelJoin}
_FONT_FILES = {"Vera": "Vera.ttf", "Vera-Bold": "VeraBd.ttf", "Vera-Italic": "VeraIt.ttf",
               "Vera-BoldItalic": "VeraBI.ttf"}
_families: dict[str, QFont] = {}


def art_font(name: str) -> QFont:
    """The Qt font for a font name of the export (loaded from the same file once)."""
    font = _families.get(name)
    if font is None:
        register_fonts()
        family = None
        filename = _FONT_FILES.get(name)
        if filename is not None:
            ident = QFontDatabase.addApplicationFont(os.path.join(font_directory(), filename))
            families = QFontDatabase.applicationFontFamilies(ident) if ident >= 0 else []
            family = families[0] if families else None
        font = QFont(family) if family else QFont()
        font.setBold("Bold" in name)
        font.setItalic("Italic" in name)
        font.setHintingPreference(QFont.PreferNoHinting)   # the PDFs' widths, not the screen's
        font.setKerning(False)                            # reportlab does not kern either
        _families[name] = font
    return font


def _qcolour(colour) -> QColor:
    c = QColor.fromRgbF(float(colour.red), float(colour.green), float(colour.blue))
    c.setAlphaF(float(getattr(colour, "alpha", 1.0)))
    return c


class QtArtPath:
    """A path in PDF coordinates (the painter's flip makes them right way up)."""

    def __init__(self) -> None:
        self.path = QPainterPath()
        self.path.setFillRule(Qt.OddEvenFill)      # reportlab's default fill rule

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802 (reportlab's names)
        self.path.moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self.path.lineTo(x, y)

    def curveTo(self, x1, y1, x2, y2, x3, y3) -> None:  # noqa: N802
        self.path.cubicTo(x1, y1, x2, y2, x3, y3)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90) -> None:  # noqa: N802,N803
        # Qt's angles run anticlockwise on a y-down screen; in these y-up coordinates
        # that is clockwise, hence the signs.
        rect = QRectF(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.path.arcMoveTo(rect, -startAng)
        self.path.arcTo(rect, -startAng, -extent)

    def close(self) -> None:
        self.path.closeSubpath()


@dataclass(slots=True)
class _State:
    fill: QColor
    stroke: QColor
    width: float = 1.0
    cap: int = 0
    join: int = 0
    font: str = "Vera"
    size: float = 12.0


class QtArtSurface:
    """An :class:`~studio.export.art_surface.ArtSurface` drawing on ``painter`` into a box
    ``height`` points tall whose top-left is the painter's current origin."""

    def __init__(self, painter: QPainter, height: float) -> None:
        self.p = painter
        painter.translate(0, height)
        painter.scale(1, -1)
        self._state = _State(QColor(0, 0, 0), QColor(0, 0, 0))
        self._saved: list[_State] = []

    # -- state ---------------------------------------------------------------------------

    def saveState(self) -> None:  # noqa: N802
        self.p.save()
        self._saved.append(replace(self._state))

    def restoreState(self) -> None:  # noqa: N802
        self.p.restore()
        self._state = self._saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        self.p.translate(dx, dy)

    def rotate(self, theta: float) -> None:
        # Under the flip, Qt's positive angle turns anticlockwise on screen, as reportlab's.
        self.p.rotate(theta)

    def scale(self, x: float, y: float) -> None:
        self.p.scale(x, y)

    def setFillColor(self, colour) -> None:  # noqa: N802
        self._state.fill = _qcolour(colour)

    def setStrokeColor(self, colour) -> None:  # noqa: N802
        self._state.stroke = _qcolour(colour)

    def setLineWidth(self, width: float) -> None:  # noqa: N802
        self._state.width = width

    def setLineCap(self, mode: int) -> None:  # noqa: N802
        self._state.cap = mode

    def setLineJoin(self, mode: int) -> None:  # noqa: N802
        self._state.join = mode

    def setFont(self, psfontname: str, size: float) -> None:  # noqa: N802
        self._state.font, self._state.size = psfontname, size

    # -- shapes --------------------------------------------------------------------------

    def _use(self, stroke, fill) -> None:
        s = self._state
        if stroke:
            pen = QPen(s.stroke, s.width)
            pen.setCapStyle(_CAPS.get(s.cap, Qt.FlatCap))
            pen.setJoinStyle(_JOINS.get(s.join, Qt.MiterJoin))
            self.p.setPen(pen)
        else:
            self.p.setPen(Qt.NoPen)
        self.p.setBrush(QBrush(s.fill) if fill else Qt.NoBrush)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._use(1, 0)
        self.p.drawLine(QPointF(x1, y1), QPointF(x2, y2))

    def rect(self, x, y, width, height, stroke=1, fill=0) -> None:
        self._use(stroke, fill)
        self.p.drawRect(QRectF(x, y, width, height))

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0) -> None:  # noqa: N802
        self._use(stroke, fill)
        self.p.drawRoundedRect(QRectF(x, y, width, height), radius, radius)

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0) -> None:
        self._use(stroke, fill)
        self.p.drawEllipse(QPointF(x_cen, y_cen), r, r)

    def beginPath(self) -> QtArtPath:  # noqa: N802
        return QtArtPath()

    def drawPath(self, aPath: QtArtPath, stroke=1, fill=0) -> None:  # noqa: N802,N803
        self._use(stroke, fill)
        self.p.drawPath(aPath.path)

    # -- text ----------------------------------------------------------------------------

    def drawCentredString(self, x: float, y: float, text: str) -> None:  # noqa: N802
        s = self._state
        font = QFont(art_font(s.font))
        # A large pixel size scaled down: glyph outlines at any fractional point size.
        font.setPixelSize(100)
        k = s.size / 100
        p = self.p
        p.save()
        p.translate(x - text_width(text, s.font, s.size) / 2, y)
        p.scale(k, -k)
        p.setFont(font)
        p.setPen(s.fill)             # text is filled with the fill colour, as in a PDF
        p.drawText(QPointF(0, 0), text)
        p.restore()
