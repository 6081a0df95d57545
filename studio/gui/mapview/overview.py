"""The overview: the whole map small, with the part the map view shows outlined. Click or
drag in it to move the view there; on a 200x200 map that is one gesture instead of many
drags. Redrawn a moment after edits (the picture is a few hundred pixels wide, so
repainting it whole costs a few tens of milliseconds)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..document_links import relink
from ..render import image_metrics, render_image
from .metrics import MapMetrics
from .style import BACKGROUND, MapStyle

REDRAW_MS = 300
FRAME_COLOUR = QColor(220, 30, 30)


class MapOverview(QWidget):
    def __init__(self, view, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("map-overview")
        self.view = view
        self.doc = None
        self.image = QImage()
        self._metrics: MapMetrics | None = None
        self._origin = QPointF()
        self._shrink = 1.0              # the picture drawn smaller until it is redrawn to fit
        self._connections: list = []
        self.setMinimumSize(120, 100)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip("The whole map: click or drag to move the view there")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self.redraw)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(lambda _v: self.update())
        view.zoomChanged.connect(lambda _z: self.update())
        self.set_document(view.doc)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(220, 200)

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [
            (doc.changed, self.schedule), (doc.geometryChanged, self.schedule),
            (doc.terrainSetChanged, self.schedule), (doc.unitsChanged, self.schedule),
            (doc.zonesChanged, self.schedule), (doc.objectivesChanged, self.schedule)])
        self.redraw()

    def schedule(self, *_args) -> None:
        self.timer.start()

    def redraw(self) -> None:
        """Draw the map again at the size that fits the widget."""
        self.timer.stop()
        doc = self.doc
        if doc is None:
            return
        g = doc.geometry
        unit_w, unit_h = g.pixel_size(1.0)
        room_w, room_h = max(self.width() - 8, 40), max(self.height() - 8, 40)
        size = max(0.3, min((room_w - 4) / unit_w, (room_h - 4) / unit_h))
        style = MapStyle(show_grid=False, show_labels=False, show_elevation=False)
        self.image = render_image(doc.model, doc.terrain_set, size, style, doc.unit_type)
        self._metrics = image_metrics(doc.model, size)
        self.update()

    # -- view <-> overview coordinates ----------------------------------------------------

    def _scale(self) -> tuple[float, float, float, float, float]:
        """(view scene x0, y0, overview x0, y0) and the factor, from the two map rects."""
        vm, om = self.view.metrics.map_rect, self._metrics.map_rect
        f = self._shrink
        return vm[0], vm[1], om[0] * f, om[1] * f, om[2] / vm[2] * f

    def scene_to_widget(self, x: float, y: float) -> QPointF:
        vx, vy, ox, oy, k = self._scale()
        return QPointF(self._origin.x() + ox + (x - vx) * k, self._origin.y() + oy + (y - vy) * k)

    def widget_to_scene(self, p: QPointF) -> QPointF:
        vx, vy, ox, oy, k = self._scale()
        return QPointF(vx + (p.x() - self._origin.x() - ox) / k,
                       vy + (p.y() - self._origin.y() - oy) / k)

    def frame(self) -> QRectF:
        """Where the view's visible part lies in the widget."""
        x0, y0, x1, y1 = self.view.visible_scene_rect()
        return QRectF(self.scene_to_widget(x0, y0), self.scene_to_widget(x1, y1))

    # -- painting and mouse ---------------------------------------------------------------

    def paintEvent(self, _event) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), BACKGROUND)
        if self.image.isNull() or self._metrics is None:
            return
        # Until the redraw after a resize, the old picture is shrunk to fit.
        self._shrink = min(1.0, self.width() / self.image.width(),
                           self.height() / self.image.height())
        size = QSize(round(self.image.width() * self._shrink),
                     round(self.image.height() * self._shrink))
        self._origin = QPointF((self.width() - size.width()) / 2,
                               (self.height() - size.height()) / 2)
        picture = QRectF(self._origin, size)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        painter.drawImage(picture, self.image)
        frame = self.frame().intersected(picture)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(QColor(255, 255, 255), 3))
        painter.drawRect(frame)
        painter.setPen(QPen(FRAME_COLOUR, 1.5))
        painter.drawRect(frame)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.schedule()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self._centre(event.position())

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if event.buttons() & Qt.LeftButton:
            self._centre(event.position())

    def _centre(self, p: QPointF) -> None:
        if self._metrics is None:
            return
        self.view._auto_fit = False
        self.view.centerOn(self.widget_to_scene(p))
        self.update()
