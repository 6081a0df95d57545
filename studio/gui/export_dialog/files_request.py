"""The Export dialog's kinds that are not PDF: a Tiled map, counter images, the map as an
image. Each calls the function its `studio` command calls (`export_tmx`,
`export_counter_images`, `render_png`/`render_svg`), with progress and cancel; each of those
writes beside the target and moves its output into place only when all of it is done.

A preview is a small picture of what is written: the map drawn small (for a Tiled map,
Tiled's own tmxrasterizer when it is installed), or the first counter's faces.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.export.lengths import format_length
from studio.export.progress import ExportCancelled, is_cancelled
from studio.export.rosters import sources_from_scenario
from studio.interop.counter_images import CounterImageOptions, export_counter_images, face_images
from studio.interop.counter_images.png import png_images
from studio.interop.tiled import TmxOptions, export_tmx, tileset_paths
from studio.io.atomic_write import output_problem
from studio.model import Scenario
from studio.export.png import DEFAULT_LEVEL, check_level

from ..render import image_size, render_png, render_svg, unit_type_lookup

FILE_KINDS = ("tiled", "counter-images", "map-image")
PREVIEW_PIXELS = 900            # the longer side of a map preview
PREVIEW_DPI = 150
RASTERIZER_TIMEOUT = 60


@dataclass(frozen=True, slots=True)
class MapImageOptions:
    """`studio render`'s options: PNG or SVG, hex size in pixels (centre to corner), PNG
    compression, and for SVG the printed hex size across its flats (points) or None."""
    image_format: str = "png"
    hex_size: float = 24.0
    compression: int = DEFAULT_LEVEL
    across_flats: float | None = None
    labels: bool = True
    grid: bool = True
    units: bool = True
    zones: bool = True
    elevation_numbers: bool = False

    def __post_init__(self) -> None:
        if self.image_format not in ("png", "svg"):
            raise ValueError(f"image format {self.image_format!r} is not png or svg")
        if not self.hex_size > 0:
            raise ValueError("the hex size must be more than zero pixels")
        check_level(self.compression)
        if self.across_flats is not None and self.image_format != "svg":
            raise ValueError("true scale is for SVG drawings: a PNG has pixels, not a "
                             "printed size")

    def style(self):
        from ..mapview.style import MapStyle
        return MapStyle(show_grid=self.grid, show_labels=self.labels,
                        show_elevation=self.elevation_numbers, show_zones=self.zones,
                        show_units=self.units)


@dataclass(slots=True)
class Written:
    """What an export left, for the status line."""
    summary: str
    files: int


@dataclass(frozen=True, slots=True)
class FilesRequest:
    kind: str                                   # one of FILE_KINDS
    options: TmxOptions | CounterImageOptions | MapImageOptions
    side_ids: tuple[str, ...] | None = None     # counter images: None = every side

    def __post_init__(self) -> None:
        if self.kind not in FILE_KINDS:
            raise ValueError(f"export kind {self.kind!r} is not one of {', '.join(FILE_KINDS)}")

    # -- where ------------------------------------------------------------------------------

    def suffix(self) -> str:
        if self.kind == "tiled":
            return ".tmx"
        if self.kind == "map-image":
            return f".{self.options.image_format}"
        return ""

    def target(self, text: str) -> Path:
        """The path typed in the dialog, with the kind's suffix; ValueError when empty."""
        text = text.strip()
        what = "folder" if self.kind == "counter-images" else "file"
        if not text:
            raise ValueError(f"choose where to save (the Save as field is empty): give a {what}")
        path = Path(text).expanduser()
        suffix = self.suffix()
        if suffix and path.suffix.lower() != suffix:
            if path.suffix.lower() in (".png", ".svg", ".tmx", ".pdf"):
                path = path.with_suffix(suffix)
            else:
                path = path.with_name(path.name + suffix)
        return path

    # -- writing ----------------------------------------------------------------------------

    def write(self, scenario: Scenario, library: Any, target: Path, progress=None,
              cancel=None) -> Written:
        if self.kind == "counter-images":
            return self._counter_images(scenario, library, target, progress, cancel)
        problem = output_problem(target)
        if problem:
            raise OSError(problem)
        if self.kind == "tiled":
            done = export_tmx(scenario, library, target, self.options, progress, cancel)
            return Written(f"Saved {done.tmx.name} with {done.tsx.name} and {done.image.name} "
                           f"({done.columns}×{done.rows} hexes) in {target.parent}", 3)
        return self._map_image(scenario, library, target, progress, cancel)

    def _counter_images(self, scenario, library, target, progress, cancel) -> Written:
        if target.exists() and not target.is_dir():
            raise ValueError(f"{target} is a file: give a folder for the counter images")
        problem = output_problem(target / "x.png") if target.is_dir() else (
            output_problem(target))
        if problem:
            raise OSError(problem)
        sources = sources_from_scenario(scenario, library, self.side_ids or ())
        names = export_counter_images(sources, target, self.options, progress, cancel)
        o = self.options
        size = (f"{o.pixels}×{o.pixels} px at {o.dpi} dpi" if o.image_format == "png"
                else f"{format_length(o.face_size)}")
        return Written(f"Saved {len(names)} {o.image_format.upper()} files ({size}) in "
                       f"{target}", len(names))

    def _map_image(self, scenario, library, target, progress, cancel) -> Written:
        o = self.options
        terrain_set = library.terrain_set(scenario.terrain_set)
        unit_type = unit_type_lookup(scenario, library)
        if o.image_format == "svg":
            w, h = render_svg(scenario, target, terrain_set, o.hex_size, o.style(), unit_type,
                              hex_across_flats=o.across_flats, progress=progress,
                              cancel=cancel)
            scale = " at true scale" if o.across_flats else ""
            return Written(f"Saved {target} ({w:.0f} × {h:.0f} mm{scale})", 1)
        w, h = render_png(scenario, target, terrain_set, o.hex_size, o.style(), unit_type,
                          o.compression, progress=progress, cancel=cancel)
        return Written(f"Saved {target} ({w} × {h} pixels)", 1)

    # -- preview ----------------------------------------------------------------------------

    def preview(self, scenario: Scenario, library: Any, folder: Path, progress=None,
                cancel=None) -> tuple[str | None, str, str]:
        """(a PNG in `folder` or None, what the export will hold, a note)."""
        if self.kind == "counter-images":
            return self._preview_counters(scenario, library, folder)
        if self.kind == "tiled":
            return self._preview_tiled(scenario, library, folder, progress, cancel)
        return self._preview_map(scenario, library, folder)

    def _preview_map(self, scenario, library, folder) -> tuple[str | None, str, str]:
        o = self.options
        full = image_size(scenario, o.hex_size)
        small = min(o.hex_size, o.hex_size * PREVIEW_PIXELS / max(full))
        png = folder / "map-preview.png"
        render_png(scenario, png, library.terrain_set(scenario.terrain_set), small, o.style(),
                   unit_type_lookup(scenario, library), compression=1)
        m = scenario.map
        if o.image_format == "png":
            info = (f"PNG of {full[0]} × {full[1]} pixels · {m.columns} × {m.rows} hexes · "
                    f"compression {o.compression}")
        elif o.across_flats:
            info = (f"SVG at true scale: hexes {format_length(o.across_flats)} across · "
                    f"{m.columns} × {m.rows} hexes")
        else:
            info = f"SVG, 1 pixel = 1/96 inch · {m.columns} × {m.rows} hexes"
        note = "" if small == o.hex_size else "Drawn smaller here; the file has every detail."
        return str(png), info, note

    def _preview_tiled(self, scenario, library, folder, progress, cancel):
        tmx = folder / "preview.tmx"
        done = export_tmx(scenario, library, tmx, self.options, progress, cancel)
        tsx, tiles = tileset_paths(done.tmx)
        info = (f"Tiled map (TMX) of {done.columns} × {done.rows} hexes at "
                f"{self.options.hex_size} px, with its tileset (TSX) and tile image beside it")
        tool = shutil.which("tmxrasterizer")
        if tool is None:
            return None, info, ("Install Tiled (it provides tmxrasterizer) to see the map "
                                "as Tiled draws it; the export does not need it.")
        png = folder / "tiled-preview.png"
        try:
            code, err = _rasterize(tool, tmx, png, cancel)
        finally:
            for path in (tmx, tsx, tiles):
                _remove(path)
        if code != 0 or not png.exists():
            return None, info, f"tmxrasterizer could not draw it: {err.strip()[:200]}"
        return str(png), info, "Drawn by Tiled's tmxrasterizer."

    def _preview_counters(self, scenario, library, folder):
        o = self.options
        sources = sources_from_scenario(scenario, library, self.side_ids or ())
        images = face_images(sources, o)
        if not images:
            raise ValueError("there are no counters: tick a side, or keep the markers")
        first = images[:2] if o.backs else images[:1]
        small = CounterImageOptions(o.counter_size, "png", min(o.dpi, PREVIEW_DPI), o.bleed,
                                    o.backs, o.marker_kinds)
        faces = list(png_images([i.face for i in first], small, None))
        png = folder / "counter-preview.png"
        _side_by_side(faces, png)
        size = (f"{o.pixels} × {o.pixels} px at {o.dpi} dpi" if o.image_format == "png"
                else f"SVG {format_length(o.face_size)} square")
        shown = f"{first[0].stem}{' and its back' if len(first) > 1 else ''}"
        return str(png), f"{len(images)} {o.image_format.upper()} files · {size} · shown: {shown}", ""


def _rasterize(tool: str, tmx: Path, png: Path, cancel) -> tuple[int, str]:
    """Run tmxrasterizer, stopping it when `cancel` is set (a newer preview, an export)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen([tool, "--size", str(PREVIEW_PIXELS), str(tmx), str(png)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=env)
    end = time.monotonic() + RASTERIZER_TIMEOUT
    try:
        while True:
            try:
                _, err = process.communicate(timeout=0.1)
                return process.returncode, err
            except subprocess.TimeoutExpired:
                if is_cancelled(cancel):
                    raise ExportCancelled("preview cancelled") from None
                if time.monotonic() > end:
                    return -1, f"no picture after {RASTERIZER_TIMEOUT} s"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _side_by_side(pngs: list[bytes], path: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    images = [QImage.fromData(data) for data in pngs]
    gap = 12
    width = sum(i.width() for i in images) + gap * (len(images) - 1)
    height = max(i.height() for i in images)
    out = QImage(width, height, QImage.Format_ARGB32)
    out.fill(Qt.transparent)
    painter = QPainter(out)
    x = 0
    for image in images:
        painter.drawImage(x, 0, image)
        x += image.width() + gap
    painter.end()
    out.save(str(path))


def _remove(path) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
