"""`export_tmx`: a scenario's map as a Tiled map (TMX) with its tileset (TSX and PNG).

Three files land side by side: `NAME.tmx`, `NAME.tsx` and `NAME-tiles.png`. All three are
written to temporary names in the target folder first and renamed into place only when
every one is complete, so a failure or a cancel leaves any earlier export untouched.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.export.progress import Progress
from studio.model import Scenario, TerrainSet

from .geometry import MAX_HEX_SIZE, MIN_HEX_SIZE, TiledGrid
from .tile_sheet import MAX_ELEVATION, elevation_tile, sheet_png, terrain_tile
from .tmx_writer import Tileset, tmx_text, tsx_text

DEFAULT_HEX_SIZE = 32
SHEET_COLUMNS = 8


@dataclass(frozen=True, slots=True)
class TmxOptions:
    hex_size: int = DEFAULT_HEX_SIZE     # pixels, centre to corner
    labels: bool = True                  # a hidden layer of hex-label text objects

    @classmethod
    def parse(cls, hex_size: Any = DEFAULT_HEX_SIZE, labels: bool = True) -> "TmxOptions":
        try:
            size = int(str(hex_size).strip().removesuffix("px"))
        except ValueError:
            raise ValueError(f"hex size {hex_size!r} is not a whole number of pixels") from None
        if not MIN_HEX_SIZE <= size <= MAX_HEX_SIZE:
            raise ValueError(f"hex size {size} px: give {MIN_HEX_SIZE} to {MAX_HEX_SIZE} "
                             "pixels, centre to corner")
        return cls(size, labels)


@dataclass(frozen=True, slots=True)
class TmxExport:
    """What was written."""
    tmx: Path
    tsx: Path
    image: Path
    columns: int
    rows: int

    @property
    def files(self) -> tuple[Path, Path, Path]:
        return (self.tmx, self.tsx, self.image)


def tileset_paths(tmx: str | os.PathLike) -> tuple[Path, Path]:
    """The TSX and PNG written next to `tmx`."""
    target = Path(tmx)
    return target.with_suffix(".tsx"), target.with_name(f"{target.stem}-tiles.png")


def _terrain_set(scenario: Scenario, library: Any) -> TerrainSet:
    terrain = library.terrain_set(scenario.terrain_set) if library is not None else None
    if terrain is None:
        raise ValueError(f"terrain set {scenario.terrain_set!r} of the scenario is not in the "
                         "library")
    known = {t.symbol for t in terrain.terrain}
    for row_number, row in enumerate(scenario.map.terrain, start=1):
        for col_number, symbol in enumerate(row, start=1):
            if symbol not in known:
                raise ValueError(f"the map has terrain symbol {symbol!r} (column {col_number}, "
                                 f"row {row_number}) that terrain set {terrain.id!r} does not "
                                 "define; validate the scenario and fix it first")
    return terrain


def _unit_namer(library: Any):
    def name(army_list: str, unit_type: str) -> str:
        lst = library.army_list(army_list) if library is not None else None
        unit = lst.unit(unit_type) if lst is not None else None
        return unit.name if unit is not None else unit_type
    return name


def export_tmx(scenario: Scenario, library: Any, path: str | os.PathLike,
               options: TmxOptions = TmxOptions(), progress=None, cancel=None) -> TmxExport:
    """Write the TMX, TSX and tile image for `scenario`; raises ValueError for a map the
    library cannot colour, ExportCancelled when `cancel` is set (nothing is left behind)."""
    target = Path(path)
    tsx_path, image_path = tileset_paths(target)
    terrain = _terrain_set(scenario, library)
    m = scenario.map
    grid = TiledGrid.for_map(m.orientation, m.offset, options.hex_size)
    steps = Progress(progress, cancel, total=5 + 2 * len(scenario.sides) + (1 if options.labels else 0))

    tileset = Tileset([t.id for t in terrain.terrain], list(range(1, MAX_ELEVATION + 1)))
    sheet = [terrain_tile(t.colour) for t in terrain.terrain]
    sheet += [elevation_tile(level) for level in tileset.elevation_levels]
    png, width, height = sheet_png(grid, sheet, SHEET_COLUMNS)
    steps.step("tileset image")
    tsx = tsx_text(terrain.name, grid, terrain, tileset, image_path.name, (width, height),
                   SHEET_COLUMNS)
    tmx = tmx_text(scenario, terrain, grid, tileset, tsx_path.name, _unit_namer(library),
                   options.labels, steps.step)
    write_together([(image_path, png), (tsx_path, tsx.encode("utf-8")),
                    (target, tmx.encode("utf-8"))], steps.check)
    steps.finished("written")
    return TmxExport(target, tsx_path, image_path, m.columns, m.rows)


def write_together(files: list[tuple[Path, bytes]], check=lambda: None) -> None:
    """Write every file or none: all go to temporary names beside their targets, and are
    renamed into place (last one last) only once all are written."""
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files:
            fd, part = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                        dir=target.parent)
            staged.append((part, target))
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(part, 0o644)      # mkstemp's 0600 would hide the files from others
            check()
        for part, target in staged:
            os.replace(part, target)
    except BaseException:
        for part, _ in staged:
            try:
                os.remove(part)
            except OSError:
                pass
        raise

