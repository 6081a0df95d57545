"""The overview (minimap): the whole map small, its units as dots, and the rectangle the
map view shows; a click or a drag there moves the view.

The picture is painted by the terrain painter the view uses (at a few pixels a hex it
draws merged rectangles: a 200x200 map in tens of milliseconds) and redrawn a moment after
the map, its units or the widget's size change; the view rectangle is drawn on every paint.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..document_links import relink
from .hexside_lines import paint_hexsides
from .painting import paint_terrain
from .style import BACKGROUND, MapStyle

REBUILD_MS = 200          # after an edit, redraw the overview this much later (edits come in bursts)
MARGIN = 4                # pixels round the map
MIN_FRAME = 8             # the view's frame is never drawn smaller than this, in pixels


class MapOverview(QWidget):
    def __init__(self, view, parent=None) -> None:
        super().__init__(parent)
        self.view = view
        self.setMinimumSize(120, 90)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip("Click or drag to move the map view")
        self._image: QImage | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REBUILD_MS)
        self._timer.timeout.connect(self.rebuild)
        self._connections: list = []
        self._view_links: list = []
        self.set_view(view)

    def set_view(self, view) -> None:
        """Follow `view` (play mode's map while a game is on, the editor's otherwise)."""
        self.view = view
        self._view_links = relink(self._view_links, [
            (view.horizontalScrollBar().valueChanged, self.update),
            (view.verticalScrollBar().valueChanged, self.update),
            (view.zoomChanged, self.update),
            (view.documentChanged, self._on_document),
            (view.markersChanged, self.schedule),
        ])
        self._on_document(view.doc)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(240, 180)

    def _on_document(self, doc) -> None:
        self._connections = relink(self._connections, [
            (doc.changed, self.schedule),
            (doc.geometryChanged, self.schedule),
            (doc.terrainSetChanged, self.schedule),
            (doc.unitsChanged, self.schedule),
            (doc.hexsidesChanged, self.schedule),
        ])
        self.schedule()

    def schedule(self, *_args) -> None:
        self._timer.start()

    # -- geometry: scene <-> widget --------------------------------------------------------

    def _fit(self) -> tuple[float, float, float]:
        """(scale, x offset, y offset) placing the map's rectangle centred in the widget."""
        mx, my, mw, mh = self.view.metrics.map_rect
        w, h = max(1, self.width() - 2 * MARGIN), max(1, self.height() - 2 * MARGIN)
        k = min(w / mw, h / mh)
        return k, (self.width() - mw * k) / 2 - mx * k, (self.height() - mh * k) / 2 - my * k

    def to_scene(self, pos: QPointF) -> QPointF:
        k, ox, oy = self._fit()
        return QPointF((pos.x() - ox) / k, (pos.y() - oy) / k)

    def from_scene(self, x: float, y: float) -> QPointF:
        k, ox, oy = self._fit()
        return QPointF(x * k + ox, y * k + oy)

    # -- painting ---------------------------------------------------------------------------

    def rebuild(self) -> None:
        """Redraw the map's picture now."""
        self._timer.stop()
        view = self.view
        image = QImage(max(1, self.width()), max(1, self.height()), QImage.Format_RGB32)
        image.fill(BACKGROUND)
        painter = QPainter(image)
        k, ox, oy = self._fit()
        painter.translate(ox, oy)
        painter.scale(k, k)
        mx, my, mw, mh = view.metrics.map_rect
        plain = MapStyle(show_grid=False, show_labels=False, show_elevation=False)
        paint_terrain(painter, view.doc.model.map, view.metrics, view.palette_, plain,
                      (mx, my, mx + mw, my + mh), k)
        # Rivers and roads stay at least a pixel wide: at minimap scale they would vanish.
        paint_hexsides(painter, view.hexside_lines, None, min_width=1.2 / k)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(QColor(0, 0, 0, 160), 1.0 / k))
        dot = max(view.metrics.size * 0.6, 1.6 / k)
        # In play mode the view shows the game's units, not the scenario's set-up.
        for marker in view.shown_markers():
            painter.setBrush(marker.colour)
            painter.drawEllipse(QPointF(*view.metrics.hex_centre(marker.hex)), dot, dot)
        painter.end()
        self._image = image
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.schedule()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if self._image is None:
            self.rebuild()

    def view_rect(self) -> QRectF:
        """The map view's visible area, in this widget's coordinates."""
        x0, y0, x1, y1 = self.view.visible_scene_rect()
        return QRectF(self.from_scene(x0, y0), self.from_scene(x1, y1))

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        if self._image is not None and self._image.size() == self.size():
            painter.drawImage(0, 0, self._image)
        elif self._image is not None:
            painter.fillRect(self.rect(), BACKGROUND)
            painter.drawImage(self.rect(), self._image)       # stretched until the redraw
        else:
            painter.fillRect(self.rect(), BACKGROUND)
        r = self.view_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if r.width() < MIN_FRAME or r.height() < MIN_FRAME:     # zoomed far in: still findable
            centre = r.center()
            r.setSize(r.size().expandedTo(QSizeF(MIN_FRAME, MIN_FRAME)))
            r.moveCenter(centre)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 200), 3))
        painter.drawRect(r)
        painter.setPen(QPen(QColor(255, 255, 255), 1.5))
        painter.drawRect(r)
        painter.end()

    # -- moving the view ------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.LeftButton:
            self._move_view(event.position())

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if event.buttons() & Qt.LeftButton:
            self._move_view(event.position())

    def _move_view(self, pos: QPointF) -> None:
        p = self.to_scene(pos)
        self.view.center_on_point(p.x(), p.y())
        self.update()
