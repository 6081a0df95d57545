"""Small icons drawn with QPainter, for symbols the interface fonts may lack (U+23F8 "⏸"
shows as a box with DejaVu Sans, the usual Linux UI font)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QPolygonF

SIZE = 32
INK = QColor(50, 50, 50)


def _icon(draw) -> QIcon:
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(Qt.NoPen)
    painter.setBrush(INK)
    draw(painter)
    painter.end()
    return QIcon(pixmap)


def pause_icon() -> QIcon:
    """Two upright bars."""
    def draw(p: QPainter) -> None:
        p.drawRect(QRectF(SIZE * 0.22, SIZE * 0.18, SIZE * 0.2, SIZE * 0.64))
        p.drawRect(QRectF(SIZE * 0.58, SIZE * 0.18, SIZE * 0.2, SIZE * 0.64))
    return _icon(draw)


def play_icon() -> QIcon:
    """A triangle pointing right."""
    def draw(p: QPainter) -> None:
        p.drawPolygon(QPolygonF([QPointF(SIZE * 0.25, SIZE * 0.15),
                                 QPointF(SIZE * 0.85, SIZE * 0.5),
                                 QPointF(SIZE * 0.25, SIZE * 0.85)]))
    return _icon(draw)
