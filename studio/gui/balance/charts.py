"""Small charts drawn with QPainter (no plotting dependency): horizontal bars with optional
95% whiskers, and a histogram of counts by an integer value."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

GRID = QColor(0, 0, 0, 35)
INK = QColor(30, 30, 30)
MUTED = QColor(110, 110, 110)


def draw_title(p: QPainter, chart: QWidget, y: int) -> None:
    """The chart's title in bold along its top edge, at `y` (nothing when it has none)."""
    if not chart.title:
        return
    bold = chart.font()
    bold.setBold(True)
    p.setFont(bold)
    p.setPen(INK)
    p.drawText(QRectF(4, y, chart.width() - 8, 20), Qt.AlignLeft | Qt.AlignVCenter, chart.title)
    p.setFont(chart.font())


@dataclass(frozen=True)
class ChartBar:
    label: str
    value: float
    colour: QColor
    text: str = ""
    low: float | None = None
    high: float | None = None


class BarChart(QWidget):
    """One horizontal bar per row on a shared scale 0..`top` (default: the largest)."""

    ROW = 22

    def __init__(self, title: str = "", axis_format=lambda v: f"{v:g}", parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.axis_format = axis_format
        self.bars: list[ChartBar] = []
        self.top: float | None = None
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_bars(self, bars: list[ChartBar], top: float | None = None) -> None:
        self.bars = list(bars)
        self.top = top
        self.setFixedHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(420, 30 + self.ROW * max(1, len(self.bars)) + 22)

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        fm = QFontMetrics(self.font())
        w = self.width()
        y = 4
        draw_title(p, self, y)
        y += 24
        if not self.bars:
            p.setPen(MUTED)
            p.drawText(QRectF(4, y, w - 8, self.ROW), Qt.AlignLeft, "No data")
            return
        label_w = min(w * 0.38, max(fm.horizontalAdvance(b.label) for b in self.bars) + 10)
        text_w = max(fm.horizontalAdvance(b.text) for b in self.bars) + 12
        x0 = label_w
        span = max(20.0, w - x0 - text_w - 6)
        top = self.top if self.top else max([b.high or b.value for b in self.bars] + [1e-9])
        rows_h = self.ROW * len(self.bars)
        p.setPen(QPen(GRID, 1))
        for k in range(5):
            gx = x0 + span * k / 4
            p.drawLine(int(gx), y, int(gx), y + rows_h)
            p.setPen(MUTED)
            p.drawText(QRectF(gx - 30, y + rows_h + 2, 60, 16), Qt.AlignCenter,
                       self.axis_format(top * k / 4))
            p.setPen(QPen(GRID, 1))
        for i, b in enumerate(self.bars):
            ry = y + i * self.ROW
            p.setPen(INK)
            p.drawText(QRectF(2, ry, label_w - 8, self.ROW), Qt.AlignRight | Qt.AlignVCenter,
                       b.label)
            bw = span * max(0.0, min(b.value, top)) / top
            p.fillRect(QRectF(x0, ry + 4, max(bw, 1.0), self.ROW - 8), b.colour)
            if b.low is not None and b.high is not None:
                lx = x0 + span * max(0.0, min(b.low, top)) / top
                hx = x0 + span * max(0.0, min(b.high, top)) / top
                mid = ry + self.ROW / 2
                p.setPen(QPen(INK, 1.5))
                p.drawLine(int(lx), int(mid), int(hx), int(mid))
                p.drawLine(int(lx), int(mid - 5), int(lx), int(mid + 5))
                p.drawLine(int(hx), int(mid - 5), int(hx), int(mid + 5))
            p.setPen(INK)
            p.drawText(QRectF(x0 + span + 6, ry, text_w, self.ROW), Qt.AlignLeft | Qt.AlignVCenter,
                       b.text)


class Histogram(QWidget):
    """Vertical bars of counts by consecutive integer values (games by rounds played)."""

    def __init__(self, title: str = "", x_label: str = "", colour: QColor | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.x_label = x_label
        self.colour = colour or QColor(70, 110, 165)
        self.counts: dict[int, int] = {}
        self.setMinimumHeight(190)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_counts(self, counts: dict[int, int]) -> None:
        self.counts = dict(counts)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(420, 190)

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        w, h = self.width(), self.height()
        y = 4
        draw_title(p, self, y)
        top_y = y + 26
        bottom = h - 36
        if not self.counts:
            p.setPen(MUTED)
            p.drawText(QRectF(4, top_y, w - 8, 20), Qt.AlignLeft, "No games")
            return
        lo, hi = min(self.counts), max(self.counts)
        values = list(range(lo, hi + 1))
        most = max(self.counts.values())
        x0 = 34
        bw = (w - x0 - 8) / len(values)
        p.setPen(QPen(GRID, 1))
        for k in range(3):
            gy = bottom - (bottom - top_y) * k / 2
            p.drawLine(x0, int(gy), w - 4, int(gy))
            p.setPen(MUTED)
            p.drawText(QRectF(0, gy - 8, x0 - 4, 16), Qt.AlignRight | Qt.AlignVCenter,
                       f"{most * k / 2:g}")
            p.setPen(QPen(GRID, 1))
        for i, v in enumerate(values):
            n = self.counts.get(v, 0)
            bh = (bottom - top_y) * n / most
            rect = QRectF(x0 + i * bw + 2, bottom - bh, max(bw - 4, 1), bh)
            p.fillRect(rect, self.colour)
            p.setPen(INK)
            p.drawText(QRectF(x0 + i * bw, bottom + 2, bw, 16), Qt.AlignCenter, str(v))
            if n and bw > 14:
                p.drawText(QRectF(x0 + i * bw, bottom - bh - 16, bw, 16), Qt.AlignCenter, str(n))
        if self.x_label:
            p.setPen(MUTED)
            p.drawText(QRectF(x0, h - 18, w - x0, 16), Qt.AlignCenter, self.x_label)


class WinRateChart(QWidget):
    """One row per variant of a balance study: its win rate (a dot) and 95% interval (a
    whisker) on a 0-100% axis, over the target band (shaded) and the target (dashed)."""

    ROW = 22
    BAND = QColor(200, 230, 200)
    COLOURS = {"reaches": QColor(46, 140, 64), "misses": QColor(178, 64, 51),
               "open": QColor(115, 115, 115)}

    def __init__(self, title: str = "", parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.report = None
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def set_report(self, report) -> None:
        self.report = report
        self.setFixedHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        rows = len(self.report.variants) if self.report is not None else 1
        return QSize(420, 30 + self.ROW * max(1, rows) + 22)

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        fm = QFontMetrics(self.font())
        w = self.width()
        draw_title(p, self, 4)
        y = 28
        r = self.report
        if r is None or not r.variants:
            p.setPen(MUTED)
            p.drawText(QRectF(4, y, w - 8, self.ROW), Qt.AlignLeft, "No study run yet")
            return
        labels = [f"{v.number}. {v.label}" for v in r.variants]
        label_w = min(w * 0.42, max(fm.horizontalAdvance(t) for t in labels) + 12)
        span = max(40.0, w - label_w - 24)      # room for the "100%" under the last line

        def x(share: float) -> float:
            return label_w + span * max(0.0, min(1.0, share))
        rows_h = self.ROW * len(r.variants)
        p.fillRect(QRectF(x(r.target - r.band), y, x(r.target + r.band) - x(r.target - r.band),
                          rows_h), self.BAND)
        for k in range(11):
            gx = x(k / 10)
            p.setPen(QPen(GRID, 1))
            p.drawLine(int(gx), y, int(gx), y + rows_h)
            p.setPen(MUTED)
            p.drawText(QRectF(gx - 20, y + rows_h + 2, 40, 16), Qt.AlignCenter, f"{10 * k}%")
        p.setPen(QPen(INK, 1, Qt.DashLine))
        p.drawLine(int(x(r.target)), y, int(x(r.target)), y + rows_h)
        for i, (text, v) in enumerate(zip(labels, r.variants)):
            ry = y + i * self.ROW
            mid = ry + self.ROW / 2
            p.setPen(INK)
            shown = fm.elidedText(text, Qt.ElideRight, int(label_w - 10))
            p.drawText(QRectF(2, ry, label_w - 8, self.ROW), Qt.AlignRight | Qt.AlignVCenter,
                       shown)
            if not v.games:
                continue
            low, high = v.ci95
            colour = self.COLOURS[v.verdict]
            p.setPen(QPen(colour, 1.5))
            p.drawLine(int(x(low)), int(mid), int(x(high)), int(mid))
            p.drawLine(int(x(low)), int(mid - 5), int(x(low)), int(mid + 5))
            p.drawLine(int(x(high)), int(mid - 5), int(x(high)), int(mid + 5))
            p.setBrush(colour)
            p.setPen(Qt.NoPen)
            p.drawEllipse(QRectF(x(v.win_rate) - 4, mid - 4, 8, 8))
            p.setBrush(Qt.NoBrush)
