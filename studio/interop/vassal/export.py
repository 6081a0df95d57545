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
from studio.export.progress import Progress, written_in_place
from studio.interop.counter_images import render_faces
from studio.model import Scenario

from .board import band_rows, board_pdf, write_board_png
from .buildfile import build_file
from .moduledata import ENTRY as MODULEDATA, module_data
from .options import VassalOptions
from .plan import HELP_PAGE, HELP_TITLE, plan_module


@dataclass(frozen=True, slots=True)
class VassalExport:
    """What was written."""
    path: Path
    board_size: tuple[int, int]     # pixels
    pieces: int                     # counters in the palettes
    stacks: int                     # set-up stacks on the map
    placed: int                     # pieces in the set-up stacks
    images: int                     # files under images/


def export_vassal(scenario: Scenario, library: Any, path: str | os.PathLike,
                  options: VassalOptions | None = None, progress=None, cancel=None
                  ) -> VassalExport:
    """Write the module for ``scenario`` to ``path``. ``progress(done, total, message)``
    follows the work; ``cancel`` (an Event or a callable) stops it with ExportCancelled,
    and nothing is left at ``path``."""
    options = options or VassalOptions()
    plan = plan_module(scenario, library, options)
    spec, files, grid = plan.spec, plan.files, plan.spec.grid
    bands = math.ceil(grid.height / band_rows(grid.width))
    tracker = Progress(progress, cancel, total=len(files) + bands + 3)
    tracker.check()

    images = render_faces(files.values(), plan.counter_options, tracker)
    with tempfile.TemporaryDirectory(prefix="studio-vassal-") as folder:
        sheet = Path(folder) / HELP_PAGE
        export_playsheet(scenario, library, sheet, PlaysheetOptions(), None, cancel)
        playsheet = sheet.read_bytes()
    tracker.step("playsheet")
    map_options = MapOptions(counter_size=options.counter_size,
                             hex_flat_to_flat=options.hex_flat_to_flat, legend=False)
    pdf = board_pdf(scenario, library, grid, map_options)
    tracker.step("board drawn")
    with written_in_place(path) as part:
        with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(_entry("buildFile.xml", zipfile.ZIP_DEFLATED), build_file(spec))
            archive.writestr(_entry(MODULEDATA, zipfile.ZIP_DEFLATED),
                             module_data(spec.name, spec.version, spec.description))
            for face, first in files.items():
                image = images[face]
                if face in plan.turned and plan.turn:
                    image = turned_png(image, plan.turn)
                archive.writestr(_entry(f"images/{first.stem}.png"), image, zipfile.ZIP_STORED)
            archive.writestr(_entry(f"help/{HELP_TITLE.replace(' ', '_')}"), _help_zip(playsheet))
            board = _entry(f"images/{spec.board_image}")
            board.compress_type = zipfile.ZIP_STORED     # a PNG is compressed already
            with archive.open(board, "w", force_zip64=True) as out:
                write_board_png(pdf, grid, out, options.compression,
                                lambda done, rows: tracker.step(f"board rows {done} of {rows}"))
        tracker.step("module written")
    placed = sum(len(s.pieces) for s in spec.stacks)
    return VassalExport(Path(path), (grid.width, grid.height),
                        sum(len(p.pieces) for p in spec.palettes), len(spec.stacks), placed,
                        len(files) + 1)


_STAMP = (2026, 1, 1, 0, 0, 0)      # fixed dates on the pictures: they differ only if they do
# Entries readable by everyone once unpacked (rw-r--r--): Python's writestr(name) gives
# 0600, which leaves an unpacked module readable by its unpacker alone.
_MODE = 0o100644


def _entry(name: str, compress_type: int = zipfile.ZIP_STORED) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, _STAMP)
    info.external_attr = _MODE << 16
    info.compress_type = compress_type
    return info


def turned_png(data: bytes, degrees: float) -> bytes:
    """The PNG ``data`` turned ``degrees`` clockwise on a canvas grown to hold it, the
    corners transparent."""
    import io
    from PIL import Image
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    turned = image.rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True)
    out = io.BytesIO()
    turned.save(out, "PNG", optimize=True)
    return out.getvalue()


def _help_zip(playsheet: bytes) -> bytes:
    """BrowserHelpFile.extractContents unzips help/<title> into a temporary folder and
    opens startingPage from there in the browser: a zip inside the module."""
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as inner:
        inner.writestr(_entry(HELP_PAGE), playsheet)
    return buffer.getvalue()
