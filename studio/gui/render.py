"""A scenario's map as an image, without a window: the map view's painting code on a QImage.

Used by `studio render SCENARIO -o map.png [--hex-size PX]`. Works headless: with no display
the Qt "offscreen" platform is chosen before the application object is created.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter

from studio.hexgrid import MapGeometry
from studio.io.atomic_write import commit, real_target, sibling_path
from studio.model import Scenario, TerrainSet, UnitType

from .mapview.metrics import MapMetrics
from .mapview.overlays import paint_objectives, paint_units, unit_markers, zone_shapes, paint_zones
from .mapview.painting import paint_terrain
from .mapview.style import MapStyle, TerrainPalette

DEFAULT_HEX_SIZE = 24
MAX_PIXELS = 400_000_000       # about 1.6 GB at 4 bytes a pixel: beyond this, ask for a smaller hex size


def ensure_gui_application() -> QGuiApplication:
    """The running Qt application, or a new one (offscreen when there is no display)."""
    app = QGuiApplication.instance()
    if app is None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([])
    return app


def image_size(scenario: Scenario, hex_size: float, margin: float | None = None) -> tuple[int, int]:
    m = scenario.map
    w, h = MapGeometry(m.columns, m.rows, m.orientation, m.offset).pixel_size(hex_size)
    pad = _margin(hex_size) if margin is None else margin
    return round(w + 2 * pad), round(h + 2 * pad)


def _margin(hex_size: float) -> float:
    return max(2.0, round(hex_size * 0.25))


def render_image(scenario: Scenario, terrain_set: TerrainSet | None = None,
                 hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
                 unit_type: Callable[[str, str], UnitType | None] | None = None) -> QImage:
    """The whole map at `hex_size` pixels from hex centre to corner, with zones, objectives
    and units as the view shows them (hex labels on by default: a printed map needs them)."""
    if hex_size <= 0:
        raise ValueError(f"hex size must be a positive number of pixels, got {hex_size!r}")
    ensure_gui_application()
    style = style or MapStyle(show_labels=True)
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    pad = _margin(hex_size)
    metrics = MapMetrics(geometry, size=float(hex_size), margin=pad)
    width, height = image_size(scenario, hex_size, pad)
    if width * height > MAX_PIXELS:
        raise ValueError(f"a {m.columns}x{m.rows} map at hex size {hex_size} would be "
                         f"{width}x{height} pixels: choose a smaller --hex-size")
    # Opaque RGB32: the PNG writer then stores three channels with nothing to un-premultiply,
    # three times faster than from ARGB32 on a big map.
    image = QImage(width, height, QImage.Format_RGB32)
    if image.isNull():
        raise MemoryError(f"could not allocate a {width}x{height} image: choose a smaller --hex-size")
    image.fill(Qt.white)
    painter = QPainter(image)
    palette = TerrainPalette(terrain_set)
    paint_terrain(painter, m, metrics, palette, style, (0.0, 0.0, float(width), float(height)), 1.0)
    if style.show_zones:
        paint_zones(painter, zone_shapes(scenario, geometry, metrics), 1.0)
    if style.show_objectives:
        paint_objectives(painter, scenario, geometry, metrics, 1.0)
    if style.show_units:
        paint_units(painter, unit_markers(scenario, geometry, unit_type), metrics, 1.0)
    painter.end()
    return image


def render_png(scenario: Scenario, path: str | Path, terrain_set: TerrainSet | None = None,
               hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
               unit_type: Callable[[str, str], UnitType | None] | None = None,
               compression: int = -1) -> tuple[int, int]:
    """Write the map to a PNG; returns its (width, height). `compression` 0-100 trades
    file size for time (-1: Qt's default)."""
    image = render_image(scenario, terrain_set, hex_size, style, unit_type)
    target = Path(path)
    fmt = target.suffix.lstrip(".").upper() or "PNG"
    quality = -1 if compression < 0 else max(0, min(100, 100 - compression))
    # Written beside the file the path names, then moved into place: whole or not at all.
    real = real_target(target)
    part = sibling_path(real, ".part")
    try:
        if not image.save(part, fmt if fmt in ("PNG", "JPG", "JPEG", "BMP") else "PNG", quality):
            raise OSError(f"could not write {target}: check the folder exists and is writable")
        commit(part, real)
    finally:
        if os.path.exists(part):
            os.remove(part)
    return image.width(), image.height()
