"""One hex of a terrain type drawn exactly as the map draws it: the map view's own painting
function (`studio.gui.mapview.painting.paint_terrain`) run on a one-hex map, so the colour,
pattern and grid in the preview are what the designer will see on the map."""
from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap

from studio.hexgrid import MapGeometry
from studio.model import HexMap, TerrainSet, TerrainType

from ..mapview.metrics import MapMetrics
from ..mapview.painting import paint_terrain
from ..mapview.style import MapStyle, TerrainPalette

PREVIEW_SYMBOL = "x"        # used when the type's own symbol is not a valid one


def terrain_swatch(terrain: TerrainType, radius: float = 20.0, elevation: int = 0,
                   orientation: str = "flat") -> QPixmap:
    """A pixmap of one hex of `terrain` at `radius` pixels (centre to corner)."""
    t = copy.copy(terrain)
    if len(t.symbol) != 1 or t.symbol.isspace() or t.symbol == "#":
        t.symbol = PREVIEW_SYMBOL
    hexmap = HexMap.blank(1, 1, t.symbol, orientation)
    if elevation:
        hexmap.elevation = [str(max(0, min(9, elevation)))]
    geometry = MapGeometry(1, 1, orientation, "even")
    margin = 2.0
    metrics = MapMetrics(geometry, size=radius, margin=margin)
    w, h = geometry.pixel_size(radius)
    pixmap = QPixmap(round(w + 2 * margin), round(h + 2 * margin))
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    palette = TerrainPalette(TerrainSet("preview", "Preview", [t]))
    paint_terrain(painter, hexmap, metrics, palette, MapStyle(show_grid=True),
                  (0.0, 0.0, float(pixmap.width()), float(pixmap.height())), 1.0)
    painter.end()
    return pixmap
