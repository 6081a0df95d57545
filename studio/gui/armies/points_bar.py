"""A bar showing the points a roster spends against its limit: green while within it, red
once over, with the numbers written on it."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.armies.cell_values import format_number


WITHIN = QColor("#4c9a52")
NEAR = QColor("#c9a227")          # the last tenth of the limit
OVER = QColor("#c0392b")
NO_LIMIT = QColor("#7a8ca3")
TROUGH = QColor("#e4e4e4")


class PointsBar(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.used = 0.0
        self.limit: float | None = None
        self.incomplete = False
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setMinimumHeight(24)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(240, 26)

    def set_points(self, used: float, limit: float | None, incomplete: bool = False) -> None:
        """`incomplete`: some units could not be priced, so `used` is a lower bound."""
        self.used, self.limit, self.incomplete = used, limit, incomplete
        self.setToolTip(self.text() + ("\nSome units have no known cost: the total leaves "
                                       "them out." if incomplete else ""))
        self.update()

    @property
    def over(self) -> bool:
        return self.limit is not None and self.used > self.limit + 1e-9

    def text(self) -> str:
        used = format_number(self.used) + ("+" if self.incomplete else "")
        if self.limit is None:
            return f"{used} points (no limit)"
        limit = format_number(self.limit)
        if self.over:
            return f"{used} / {limit} points: {format_number(self.used - self.limit)} over the limit"
        return f"{used} / {limit} points ({format_number(self.limit - self.used)} left)"

    def colour(self) -> QColor:
        if self.limit is None:
            return NO_LIMIT
        if self.over:
            return OVER
        if self.limit and self.used > 0.9 * self.limit:
            return NEAR
        return WITHIN

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(QColor("#9a9a9a"), 1))
        p.setBrush(TROUGH)
        p.drawRoundedRect(r, 4, 4)
        if self.limit is None:
            share = 1.0 if self.used else 0.0
        elif self.limit <= 0:
            share = 1.0 if self.used > 0 else 0.0
        else:
            share = min(1.0, self.used / self.limit)
        if share > 0:
            fill = QRectF(r.x(), r.y(), r.width() * share, r.height())
            p.setPen(Qt.NoPen)
            p.setBrush(self.colour())
            p.drawRoundedRect(fill, 4, 4)
        p.setPen(QColor("#ffffff") if share > 0.55 else QColor("#202020"))
        font = p.font()
        font.setBold(True)
        p.setFont(font)
        p.drawText(r, Qt.AlignCenter, self.text())
        p.end()
