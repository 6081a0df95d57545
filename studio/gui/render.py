"""A scenario's map as an image, without a window: the map view's painting code on a QImage
(PNG, JPEG, BMP) or on Qt's SVG generator (the same drawing as vector shapes).

Used by `studio render SCENARIO -o map.png|map.svg [--hex-size PX]`. Works headless: with no display
the Qt "offscreen" platform is chosen before the application object is created.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from studio.export.progress import finish_partial, partial_path, remove_partial
from studio.hexgrid import MapGeometry
from studio.model import Scenario, TerrainSet, UnitType
from studio.png import DEFAULT_LEVEL, check_level, write_png

from .mapview.metrics import MapMetrics
from .mapview.overlays import paint_objectives, paint_units, unit_markers, zone_shapes, paint_zones
from .mapview.painting import paint_terrain
from .mapview.style import MapStyle, TerrainPalette

DEFAULT_HEX_SIZE = 24
SVG_UNITS_PER_INCH = 2540
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


def image_metrics(scenario: Scenario, hex_size: float) -> MapMetrics:
    """Where `render_image` puts each hex (its margin included)."""
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    return MapMetrics(geometry, size=float(hex_size), margin=_margin(hex_size))


def _paint_map(painter: QPainter, scenario: Scenario, terrain_set: TerrainSet | None,
               hex_size: float, style: MapStyle, unit_type, width: float, height: float) -> None:
    """The map view's layers, in its order, on any painter (image or SVG)."""
    metrics = image_metrics(scenario, hex_size)
    geometry = metrics.geometry
    palette = TerrainPalette(terrain_set)
    paint_terrain(painter, scenario.map, metrics, palette, style, (0.0, 0.0, float(width), float(height)), 1.0)
    if style.show_zones:
        paint_zones(painter, zone_shapes(scenario, geometry, metrics), 1.0)
    if style.show_objectives:
        paint_objectives(painter, scenario, geometry, metrics, 1.0)
    if style.show_units:
        paint_units(painter, unit_markers(scenario, geometry, unit_type), metrics, 1.0)


def _check_hex_size(hex_size: float) -> None:
    if not hex_size > 0:
        raise ValueError(f"hex size must be a positive number of pixels, got {hex_size!r}")


def render_image(scenario: Scenario, terrain_set: TerrainSet | None = None,
                 hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
                 unit_type: Callable[[str, str], UnitType | None] | None = None) -> QImage:
    """The whole map at `hex_size` pixels from hex centre to corner, with zones, objectives
    and units as the view shows them (hex labels on by default: a printed map needs them)."""
    _check_hex_size(hex_size)
    ensure_gui_application()
    style = style or MapStyle(show_labels=True)
    m = scenario.map
    width, height = image_size(scenario, hex_size)
    if width * height > MAX_PIXELS:
        raise ValueError(f"a {m.columns}x{m.rows} map at hex size {hex_size} would be "
                         f"{width}x{height} pixels: choose a smaller --hex-size")
    # Opaque RGB32: nothing to un-premultiply when the pixels go to a file.
    image = QImage(width, height, QImage.Format_RGB32)
    if image.isNull():
        raise MemoryError(f"could not allocate a {width}x{height} image: choose a smaller --hex-size")
    image.fill(Qt.white)
    painter = QPainter(image)
    _paint_map(painter, scenario, terrain_set, hex_size, style, unit_type, width, height)
    painter.end()
    return image


def save_png(image: QImage, path: str | Path, compression: int = DEFAULT_LEVEL) -> None:
    """The image as a PNG at zlib level `compression` (0-9), rows unfiltered; see studio.png
    for why this beats QImage.save's writer on maps by a factor of three."""
    check_level(compression)
    rgb = image.convertToFormat(QImage.Format_RGB888)
    write_png(path, rgb.width(), rgb.height(), rgb.constBits(), rgb.bytesPerLine(),
              level=compression)


def render_png(scenario: Scenario, path: str | Path, terrain_set: TerrainSet | None = None,
               hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
               unit_type: Callable[[str, str], UnitType | None] | None = None,
               compression: int = DEFAULT_LEVEL) -> tuple[int, int]:
    """Write the map to a PNG (or, by the file's suffix, a JPEG or BMP); returns its (width,
    height). `compression` is the PNG's zlib level, 0 (fastest) to 9 (smallest)."""
    check_level(compression)
    image = render_image(scenario, terrain_set, hex_size, style, unit_type)
    target = Path(path)
    fmt = target.suffix.lstrip(".").upper()
    if fmt in ("JPG", "JPEG", "BMP"):
        part = partial_path(target)
        if not image.save(part, fmt):
            remove_partial(part)
            raise OSError(f"could not write {target}: check the folder exists and is writable")
        finish_partial(part, target)
    else:
        try:
            save_png(image, target, compression)
        except OSError as err:
            raise OSError(f"could not write {target}: {err.strerror or err}") from None
    return image.width(), image.height()


def render_svg(scenario: Scenario, path: str | Path, terrain_set: TerrainSet | None = None,
               hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
               unit_type: Callable[[str, str], UnitType | None] | None = None,
               hex_across_flats: float | None = None, title: str | None = None
               ) -> tuple[float, float]:
    """Write the map as SVG, drawn by the same painting code as the PNG; returns its size
    in millimetres.

    Without `hex_across_flats` a pixel of the PNG is 1/96 inch (the CSS pixel). With it
    (points, e.g. 56.25 for the printed map's default) the SVG's width and height make each
    hex measure that across its flats when printed at 100 %; `hex_size` then only sets how
    fine the terrain patterns' tiles are."""
    _check_hex_size(hex_size)
    ensure_gui_application()
    style = style or MapStyle(show_labels=True)
    width, height = image_size(scenario, hex_size)
    if hex_across_flats is not None:
        if not hex_across_flats > 0:
            raise ValueError(f"hex size on paper must be more than zero, got {hex_across_flats!r}")
        # Pixels per inch that make sqrt(3) * hex_size pixels (across flats) that long.
        dpi = 3 ** 0.5 * hex_size / (hex_across_flats / 72.0)
    else:
        dpi = 96.0
    target = Path(path)
    part = partial_path(target)
    generator = QSvgGenerator()
    generator.setFileName(part)
    # The painting is in the view box's pixels; the printed size comes from size and
    # resolution, both whole numbers in Qt: at 2540 dpi a unit is 0.01 mm.
    generator.setViewBox(QRect(0, 0, width, height))
    generator.setResolution(SVG_UNITS_PER_INCH)
    generator.setSize(QSize(round(width * SVG_UNITS_PER_INCH / dpi),
                            round(height * SVG_UNITS_PER_INCH / dpi)))
    generator.setTitle(title or scenario.name)
    generator.setDescription(f"{scenario.map.columns}x{scenario.map.rows} hex map, Wargame Studio")
    painter = QPainter()
    if not painter.begin(generator):
        remove_partial(part)
        raise OSError(f"could not write {target}: check the folder exists and is writable")
    try:
        painter.fillRect(QRectF(0, 0, width, height), Qt.white)
        _paint_map(painter, scenario, terrain_set, hex_size, style, unit_type, width, height)
    except BaseException:
        painter.end()
        remove_partial(part)
        raise
    painter.end()
    finish_partial(part, target)
    return width * 25.4 / dpi, height * 25.4 / dpi
