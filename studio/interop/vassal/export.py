"""`export_vassal`: a scenario as a VASSAL module (.vmod), ready to open and play.

A .vmod is a zip archive (VASSAL's ArchiveWriter): ``buildFile.xml`` (the components, see
buildfile.py), ``moduledata`` (see moduledata.py), the images under ``images/``
(DataArchive.IMAGE_DIR) and the help under ``help/``. It is written beside the target and
moved into place when complete (studio.io.atomic_write), so a failure or a cancel leaves
an earlier module at the target untouched.
"""
from __future__ import annotations

import math
import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.export import PlaysheetOptions, export_playsheet
from studio.export.options import MapOptions
from studio.export.progress import Progress, finish_partial, partial_path, remove_partial
from studio.export.rosters import lookup, sources_from_scenario
from studio.hexgrid import MapGeometry
from studio.interop.counter_images import (CounterImageOptions, marker_faces, render_faces,
                                           unit_faces)
from studio.model import Scenario

from .board import band_rows, board_pdf, write_board_png
from .buildfile import ModuleSpec, Palette, SetupStackSpec, build_file
from .grid import BoardGrid
from .moduledata import ENTRY as MODULEDATA, module_data
from .options import VassalOptions
from .pieces import PieceSpec

HELP_TITLE = "Playsheet"            # BrowserHelpFile reads help/<title, spaces as _>
HELP_PAGE = "playsheet.pdf"
BOARD_MARGIN = 6                   # pixels of white round the map: its edge lines stay whole


@dataclass(frozen=True, slots=True)
class VassalExport:
    """What was written."""
    path: Path
    board_size: tuple[int, int]     # pixels
    pieces: int                     # counters in the palettes
    stacks: int                     # set-up stacks on the map
    placed: int                     # pieces in the set-up stacks
    images: int                     # files under images/


def _hex_label(geometry: MapGeometry, text: str, what: str) -> str:
    try:
        return geometry.label(geometry.parse_label(text))
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def plan_module(scenario: Scenario, library: Any, options: VassalOptions):
    """Everything but the pictures: the grid, the counters' faces and the module's parts.
    Raises ValueError naming the side, unit or hex that stops the export."""
    lookup(library, "terrain_set", scenario.terrain_set, f"scenario {scenario.id!r}")
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    grid = BoardGrid.for_map(geometry, options.hex_flat_to_flat, options.dpi,
                             margin_px=BOARD_MARGIN)
    sources = sources_from_scenario(scenario, library)
    units = unit_faces(sources, backs=True)
    markers = marker_faces(options.marker_kinds, backs=True)
    files: dict = {}                # face -> the first FaceImage of it: identical faces share

    def image(face_image) -> str:
        return f"{files.setdefault(face_image.face, face_image).stem}.png"

    def back_image(front, back) -> str | None:
        """None when there is no back, or it looks just like the front: nothing to flip."""
        return None if back is None or back.face == front.face else image(back)

    names = {s.side_id: s for s in sources}
    palettes, stacks = [], {}
    for side in scenario.sides:
        palette = Palette(side.name or side.id)
        palettes.append(palette)
        source = names[side.id]
        for unit in (u for u in units if u.side == side.id):
            kind = source.army_list.unit(unit.unit_type)
            title = f"{kind.name if kind is not None else unit.unit_type} ({unit.unit})"
            piece = PieceSpec(title, image(unit.front), back_image(unit.front, unit.back),
                              (("Side", palette.name), ("Unit", unit.unit),
                               ("UnitType", unit.unit_type)))
            palette.pieces.append(piece)
            if unit.hex:
                label = _hex_label(geometry, unit.hex, f"unit {unit.unit!r} of side {side.id!r}")
                key = (side.id, label)
                if key not in stacks:
                    x, y = grid.location(geometry.parse_label(label))
                    stacks[key] = SetupStackSpec(f"{palette.name} {label}", label, x, y)
                stacks[key].pieces.append(piece)
    marker_palette = Palette("Markers")
    objective = None
    for front, back in markers:
        piece = PieceSpec(front.marker.replace("-", " ").capitalize(), image(front),
                          back_image(front, back),
                          (("Marker", front.marker),))
        marker_palette.pieces.append(piece)
        if front.marker == "objective":
            objective = piece
    if marker_palette.pieces:
        palettes.append(marker_palette)
    placed = list(stacks.values())
    if objective is not None:
        for o in scenario.objectives:
            label = _hex_label(geometry, o.hex, f"objective {o.name or o.hex!r}")
            x, y = grid.location(geometry.parse_label(label))
            name = o.name or label
            placed.append(SetupStackSpec(f"Objective {name}", label, x, y, [PieceSpec(
                f"Objective: {name}", objective.front, objective.back,
                (("Marker", "objective"), ("Objective", name)))]))
    counter_options = CounterImageOptions(counter_size=options.counter_size,
                                          image_format="png", dpi=round(grid.scale * 72),
                                          backs=True, marker_kinds=options.marker_kinds)
    spec = ModuleSpec(
        name=scenario.name or scenario.id, version="1.0",
        description=f"{scenario.name or scenario.id}: exported by Wargame Studio",
        sides=[p.name for p in palettes if p is not marker_palette], board_name=scenario.name or scenario.id,
        board_image=f"{scenario.id or 'board'}-board.png", grid=grid, palettes=palettes,
        stacks=placed, help_title=HELP_TITLE, help_page=HELP_PAGE,
        piece_size=counter_options.pixels)
    return spec, files, counter_options


def export_vassal(scenario: Scenario, library: Any, path: str | os.PathLike,
                  options: VassalOptions | None = None, progress=None, cancel=None
                  ) -> VassalExport:
    """Write the module for ``scenario`` to ``path``. ``progress(done, total, message)``
    follows the work; ``cancel`` (an Event or a callable) stops it with ExportCancelled,
    and nothing is left at ``path``."""
    options = options or VassalOptions()
    spec, files, counter_options = plan_module(scenario, library, options)
    grid = spec.grid
    bands = math.ceil(grid.height / band_rows(grid.width))
    tracker = Progress(progress, cancel, total=len(files) + bands + 3)
    tracker.check()

    images = render_faces(files.values(), counter_options, tracker)
    with tempfile.TemporaryDirectory(prefix="studio-vassal-") as folder:
        sheet = Path(folder) / HELP_PAGE
        export_playsheet(scenario, library, sheet, PlaysheetOptions(), None, cancel)
        playsheet = sheet.read_bytes()
    tracker.step("playsheet")
    map_options = MapOptions(counter_size=options.counter_size,
                             hex_flat_to_flat=options.hex_flat_to_flat, legend=False)
    pdf = board_pdf(scenario, library, grid, map_options)
    tracker.step("board drawn")
    part = partial_path(path)
    try:
        with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("buildFile.xml", build_file(spec))
            archive.writestr(MODULEDATA, module_data(spec.name, spec.version, spec.description))
            for face, first in files.items():
                archive.writestr(zipfile.ZipInfo(f"images/{first.stem}.png", _STAMP),
                                 images[face], zipfile.ZIP_STORED)
            archive.writestr(f"help/{HELP_TITLE.replace(' ', '_')}", _help_zip(playsheet))
            board = zipfile.ZipInfo(f"images/{spec.board_image}", _STAMP)
            board.compress_type = zipfile.ZIP_STORED     # a PNG is compressed already
            with archive.open(board, "w", force_zip64=True) as out:
                write_board_png(pdf, grid, out, options.compression,
                                lambda done, rows: tracker.step(f"board rows {done} of {rows}"))
        tracker.step("module written")
        finish_partial(part, path)
    except BaseException:
        remove_partial(part)
        raise
    placed = sum(len(s.pieces) for s in spec.stacks)
    return VassalExport(Path(path), (grid.width, grid.height),
                        sum(len(p.pieces) for p in spec.palettes), len(spec.stacks), placed,
                        len(files) + 1)


_STAMP = (2026, 1, 1, 0, 0, 0)      # fixed entry dates: the same scenario, the same bytes


def _help_zip(playsheet: bytes) -> bytes:
    """BrowserHelpFile.extractContents unzips help/<title> into a temporary folder and
    opens startingPage from there in the browser: a zip inside the module."""
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as inner:
        inner.writestr(zipfile.ZipInfo(HELP_PAGE, _STAMP), playsheet)
    return buffer.getvalue()
