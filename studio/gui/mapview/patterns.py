"""Texture brushes for the terrain patterns of the file format (`pattern:` of a terrain type):
trees dots waves marsh hatch bricks rocks sand cross. They tell apart terrains whose colours
are close (forest and marsh greens, open and desert) and survive black-and-white printing.

A pattern cell is about half a hex radius wide (`cell` scene units); the image is drawn at
the resolution of the zoom level it is used at, one image pixel per device pixel, so strokes
stay crisp at every level and patterns line up across tiles (brushes follow the painter's
scene transform).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QTransform

PATTERNS = ("none", "trees", "dots", "waves", "marsh", "hatch", "bricks", "rocks", "sand", "cross")
MIN_CELL_PIXELS = 6        # below this a pattern is noise: leave it out


def ink_for(colour: QColor) -> QColor:
    """A darker shade of the terrain colour, for its pattern."""
    ink = QColor(colour).darker(165)
    ink.setAlpha(200)
    return ink


def _draw(p: QPainter, name: str, n: float, ink: QColor) -> None:
    w = max(1.0, n / 14.0)
    pen = QPen(ink, w, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    if name == "trees":
        p.setBrush(ink)
        p.setPen(Qt.NoPen)
        for cx, cy in ((0.27, 0.3), (0.77, 0.8)):
            r = n * 0.13
            p.drawEllipse(QPointF(cx * n, cy * n), r, r)
    elif name == "dots":
        p.setBrush(ink)
        p.setPen(Qt.NoPen)
        p.drawEllipse(QPointF(n / 2, n / 2), n * 0.07 + 0.4, n * 0.07 + 0.4)
    elif name == "waves":
        for base in (0.3, 0.8):
            path = QPainterPath()
            steps = 12
            for i in range(steps + 1):
                x = i / steps
                y = base + 0.08 * math.sin(2 * math.pi * x)
                pt = QPointF(x * n, y * n)
                path.moveTo(pt) if i == 0 else path.lineTo(pt)
            p.drawPath(path)
    elif name == "marsh":
        for cx, cy in ((0.3, 0.35), (0.8, 0.85)):
            p.drawLine(QPointF((cx - 0.18) * n, cy * n), QPointF((cx + 0.18) * n, cy * n))
            for dx in (-0.08, 0.0, 0.08):
                p.drawLine(QPointF((cx + dx) * n, cy * n), QPointF((cx + dx * 1.6) * n, (cy - 0.15) * n))
    elif name == "hatch":
        for k in (-1, 0, 1):
            p.drawLine(QPointF((k + 0) * n, n), QPointF((k + 1) * n, 0))
            p.drawLine(QPointF((k + 0.5) * n, n), QPointF((k + 1.5) * n, 0))
    elif name == "bricks":
        p.drawLine(QPointF(0, 0), QPointF(n, 0))
        p.drawLine(QPointF(0, n / 2), QPointF(n, n / 2))
        p.drawLine(QPointF(0, 0), QPointF(0, n / 2))
        p.drawLine(QPointF(n / 2, n / 2), QPointF(n / 2, n))
    elif name == "rocks":
        p.setBrush(ink)
        p.setPen(Qt.NoPen)
        for cx, cy, s in ((0.3, 0.35, 0.16), (0.78, 0.82, 0.12)):
            p.drawPolygon([QPointF((cx - s) * n, (cy + s * 0.7) * n), QPointF(cx * n, (cy - s) * n),
                           QPointF((cx + s) * n, (cy + s * 0.7) * n)])
    elif name == "sand":
        p.setBrush(ink)
        p.setPen(Qt.NoPen)
        r = max(0.5, n * 0.035)
        for cx, cy in ((0.15, 0.2), (0.55, 0.1), (0.8, 0.45), (0.35, 0.6), (0.65, 0.85), (0.1, 0.8)):
            p.drawEllipse(QPointF(cx * n, cy * n), r, r)
    elif name == "cross":
        s = 0.12
        for cx, cy in ((0.25, 0.25), (0.75, 0.75)):
            p.drawLine(QPointF((cx - s) * n, (cy - s) * n), QPointF((cx + s) * n, (cy + s) * n))
            p.drawLine(QPointF((cx - s) * n, (cy + s) * n), QPointF((cx + s) * n, (cy - s) * n))


def pattern_image(name: str, ink: QColor, cell_pixels: int, background: QColor | None = None) -> QImage:
    img = QImage(cell_pixels, cell_pixels, QImage.Format_ARGB32_Premultiplied)
    img.fill(background if background is not None else QColor(Qt.transparent))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    p.setClipRect(QRectF(0, 0, cell_pixels, cell_pixels))
    _draw(p, name, float(cell_pixels), ink)
    p.end()
    return img


class PatternBrushes:
    """Pattern brushes by (pattern, colours, device pixels per scene unit, cell size)."""

    def __init__(self) -> None:
        self._cache: dict[tuple, QBrush | None] = {}

    def brush(self, name: str | None, colour: QColor, scale: float, cell: float,
              background: QColor | None = None) -> QBrush | None:
        """The pattern in a shade of `colour` over `background` (transparent when None);
        None when there is no such pattern or it would be too small to read."""
        if not name or name == "none" or name not in PATTERNS:
            return None
        key = (name, colour.rgba(), background.rgba() if background is not None else None,
               round(scale, 6), cell)
        if key not in self._cache:
            pixels = round(cell * scale)
            if pixels < MIN_CELL_PIXELS:
                self._cache[key] = None
            else:
                brush = QBrush(pattern_image(name, ink_for(colour), pixels, background))
                # One image pixel per device pixel (the repeat becomes pixels/scale, within
                # half a pixel of `cell`): Qt then fills with the untransformed texture, a
                # plain copy, instead of resampling every pixel.
                brush.setTransform(QTransform.fromScale(1.0 / scale, 1.0 / scale))
                self._cache[key] = brush
        return self._cache[key]
