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

from studio.export.progress import Progress, finish_partial, partial_path, remove_partial
from studio.hexgrid import MapGeometry
from studio.model import Scenario, TerrainSet, UnitType
from studio.export.png import DEFAULT_LEVEL, check_level, write_png

from .mapview.metrics import MapMetrics
from .mapview.hexside_lines import hexside_shapes, paint_hexsides
from .mapview.overlays import paint_objectives, paint_units, unit_markers, zone_shapes, paint_zones
from .mapview.painting import paint_terrain
from .mapview.style import MapStyle, TerrainPalette

DEFAULT_HEX_SIZE = 24
SVG_UNITS_PER_INCH = 2540
# A PNG is painted and written in strips, with or without a progress to report: the
# studio's export and `studio render` then give the same pixels.
STRIPS = 16
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


def _paint_map(painter: QPainter, scenario: Scenario, terrain_set: TerrainSet | None,
               hex_size: float, style: MapStyle, unit_type, width: float, height: float,
               progress: Progress | None = None, bands: int = 1) -> None:
    """The map view's layers, in its order, on any painter (image or SVG). With `bands`
    above 1 the terrain is painted a horizontal strip at a time, each clipped to its strip
    (the same pixels: each hex meeting a strip is drawn whole into it), so `progress` can
    follow and a cancel stops between strips."""
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    metrics = MapMetrics(geometry, size=float(hex_size), margin=_margin(hex_size))
    palette = TerrainPalette(terrain_set)
    if bands <= 1:
        paint_terrain(painter, m, metrics, palette, style, (0.0, 0.0, float(width), float(height)), 1.0)
    else:
        shapes: dict = {}
        edges = [round(height * i / bands) for i in range(bands + 1)]
        for i, (top, bottom) in enumerate(zip(edges, edges[1:])):
            painter.setClipRect(QRect(0, top, round(width), bottom - top))
            # Hexes a whole hex beyond the strip still reach into it (contours, labels).
            reach = 2.0 * hex_size
            paint_terrain(painter, m, metrics, palette, style,
                          (0.0, top - reach, float(width), bottom + reach), 1.0, shapes)
            if progress is not None:
                progress.step(f"drawing the map, strip {i + 1} of {bands}")
        painter.setClipping(False)
    paint_hexsides(painter, hexside_shapes(m, geometry, metrics, terrain_set))
    if style.show_zones:
        paint_zones(painter, zone_shapes(scenario, geometry, metrics), 1.0)
    if style.show_objectives:
        paint_objectives(painter, scenario, geometry, metrics, 1.0)
    if style.show_units:
        paint_units(painter, unit_markers(scenario, geometry, unit_type), metrics, 1.0)


def unit_type_lookup(scenario: Scenario, library) -> Callable[[str, str], UnitType | None]:
    """`unit_type(side_id, type_id)` for the unit markers, from each side's army list."""
    def unit_type(side_id: str, type_id: str) -> UnitType | None:
        side = scenario.side(side_id)
        army_list = library.army_list(side.army.army_list) if side is not None else None
        return army_list.unit(type_id) if army_list is not None else None
    return unit_type


def _check_hex_size(hex_size: float) -> None:
    if not hex_size > 0:
        raise ValueError(f"hex size must be a positive number of pixels, got {hex_size!r}")


def _checked_size(scenario: Scenario, hex_size: float) -> tuple[int, int]:
    """The drawing's size in pixels; ValueError past MAX_PIXELS. An SVG is held to it as
    a PNG is: its terrain patterns are pixel tiles at `hex_size`, so a drawing too large
    for an image takes gigabytes as SVG too."""
    m = scenario.map
    width, height = image_size(scenario, hex_size)
    if width * height > MAX_PIXELS:
        raise ValueError(f"a {m.columns}x{m.rows} map at hex size {hex_size:g} would be "
                         f"{width}x{height} pixels, more than the {MAX_PIXELS:,} the studio "
                         "draws: choose a smaller --hex-size")
    return width, height


def render_image(scenario: Scenario, terrain_set: TerrainSet | None = None,
                 hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
                 unit_type: Callable[[str, str], UnitType | None] | None = None,
                 progress: Progress | None = None) -> QImage:
    """The whole map at `hex_size` pixels from hex centre to corner, with zones, objectives
    and units as the view shows them (hex labels on by default: a printed map needs them).
    `progress` (a studio.export Progress) follows the strips painted and may cancel."""
    _check_hex_size(hex_size)
    ensure_gui_application()
    style = style or MapStyle(show_labels=True)
    width, height = _checked_size(scenario, hex_size)
    # Opaque RGB32: nothing to un-premultiply when the pixels go to a file.
    image = QImage(width, height, QImage.Format_RGB32)
    if image.isNull():
        raise MemoryError(f"could not allocate a {width}x{height} image: choose a smaller --hex-size")
    image.fill(Qt.white)
    painter = QPainter(image)
    try:
        _paint_map(painter, scenario, terrain_set, hex_size, style, unit_type, width, height,
                   progress, STRIPS)
    finally:
        painter.end()
    return image


def save_png(image: QImage, path: str | Path, compression: int = DEFAULT_LEVEL,
             progress: Progress | None = None) -> None:
    """The image as a PNG at zlib level `compression` (0-9), rows unfiltered; see studio.export.png
    for why this beats QImage.save's writer on maps by a factor of three. `progress`
    follows the strips of rows written and may cancel (nothing is left at `path`)."""
    check_level(compression)
    rgb = image.convertToFormat(QImage.Format_RGB888)
    rows_done = None
    if progress is not None:
        def rows_done(done: int) -> None:
            progress.step(f"writing the PNG, {done} of {rgb.height()} rows")
    write_png(path, rgb.width(), rgb.height(), rgb.constBits(), rgb.bytesPerLine(),
              level=compression, strips=STRIPS, on_strip=rows_done)


def render_png(scenario: Scenario, path: str | Path, terrain_set: TerrainSet | None = None,
               hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
               unit_type: Callable[[str, str], UnitType | None] | None = None,
               compression: int = DEFAULT_LEVEL, progress=None, cancel=None) -> tuple[int, int]:
    """Write the map to a PNG (or, by the file's suffix, a JPEG or BMP); returns its (width,
    height). `compression` is the PNG's zlib level, 0 (fastest) to 9 (smallest).
    `progress(done, total, message)` and `cancel` work as for the PDF exporters: a cancel
    raises ExportCancelled and leaves an earlier file at `path` as it was."""
    check_level(compression)
    steps = (Progress(progress, cancel, total=2 * STRIPS)
             if progress is not None or cancel is not None else None)
    image = render_image(scenario, terrain_set, hex_size, style, unit_type, steps)
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
            save_png(image, target, compression, steps)
        except OSError as err:
            raise OSError(f"could not write {target}: {err.strerror or err}") from None
    return image.width(), image.height()


def render_svg(scenario: Scenario, path: str | Path, terrain_set: TerrainSet | None = None,
               hex_size: float = DEFAULT_HEX_SIZE, style: MapStyle | None = None,
               unit_type: Callable[[str, str], UnitType | None] | None = None,
               hex_across_flats: float | None = None, title: str | None = None,
               progress=None, cancel=None) -> tuple[float, float]:
    """Write the map as SVG, drawn by the same painting code as the PNG; returns its size
    in millimetres.

    Without `hex_across_flats` a pixel of the PNG is 1/96 inch (the CSS pixel). With it
    (points, e.g. 56.25 for the printed map's default) the SVG's width and height make each
    hex measure that across its flats when printed at 100 %; `hex_size` then only sets how
    fine the terrain patterns' tiles are.

    `progress` and `cancel` as for `render_png`; the drawing is one step (strips would
    repeat the hexes on their edges in the file), so a cancel during it takes effect when
    it ends, and nothing is left at `path`."""
    steps = Progress(progress, cancel, total=2)
    steps.check()
    _check_hex_size(hex_size)
    ensure_gui_application()
    style = style or MapStyle(show_labels=True)
    width, height = _checked_size(scenario, hex_size)
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
        painter.end()
        steps.step("drawing the map")
    except BaseException:
        if painter.isActive():
            painter.end()
        remove_partial(part)
        raise
    finish_partial(part, target)
    steps.finished("written")
    return width * 25.4 / dpi, height * 25.4 / dpi
