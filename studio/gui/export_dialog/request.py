"""What the Export dialog asks the exporters for: one kind, its options, and which sides.

``export_to`` checks the target can be written before the work starts; the exporters write
beside it and move the finished file into place, so a cancel or an error leaves an earlier
export there untouched (`studio.io.atomic_write`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from studio.export import (CounterOptions, MapOptions, PlaysheetOptions, export_counters,
                           export_map, export_playsheet, sources_from_scenario)
from studio.export.calibration import export_calibration
from studio.export.map_sheet import map_page_count
from studio.interop.vassal import VassalOptions, export_vassal, plan_module
from studio.interop.vassal.board import board_pdf
from studio.io.atomic_write import output_problem
from studio.model import Scenario

# calibration: the back-registration test sheet for a CounterOptions' page, flip and offset
KINDS = ("counters", "playsheet", "map", "calibration", "vassal")
PREVIEW_BOARD_DPI = 36      # the preview shows the board; a rough one is drawn fast
# A map's preview draws this many of its pages (every page of most maps: 9 sheets and the
# legend); a map of hundreds of sheets shows its first ones and says how many there are.
PREVIEW_MAP_PAGES = 24


@dataclass(frozen=True, slots=True)
class ExportRequest:
    kind: str                                   # one of KINDS
    options: CounterOptions | PlaysheetOptions | MapOptions | VassalOptions
    side_ids: tuple[str, ...] | None = None     # counters: None = every side, () = markers only

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"export kind {self.kind!r} is not one of {', '.join(KINDS)}")

    def write(self, scenario: Scenario, library: Any, path: str | os.PathLike,
              progress=None, cancel=None, *, preview: bool = False) -> int:
        """Run the exporter straight into ``path``; returns the number of pages of the
        whole export (a VASSAL module: its counters). A ``preview`` map has at most
        PREVIEW_MAP_PAGES pages drawn: a large map has hundreds of sheets; a VASSAL
        preview is the board alone, as a one-page PDF."""
        if self.kind == "vassal":
            return self._vassal(scenario, library, path, progress, cancel, preview)
        if self.kind == "counters":
            if self.side_ids == ():
                sources = []
            else:
                sources = sources_from_scenario(scenario, library, self.side_ids or ())
            return export_counters(sources, path, self.options, progress, cancel,
                                   scenario=scenario)
        if self.kind == "calibration":
            return export_calibration(path, self.options, progress, cancel)
        if self.kind == "playsheet":
            return export_playsheet(scenario, library, path, self.options, progress, cancel)
        if preview:
            export_map(scenario, library, path, self.options, progress, cancel,
                       max_pages=PREVIEW_MAP_PAGES)
            return map_page_count(scenario, self.options)
        return export_map(scenario, library, path, self.options, progress, cancel)

    def _vassal(self, scenario, library, path, progress, cancel, preview: bool) -> int:
        if not preview:
            return export_vassal(scenario, library, path, self.options, progress, cancel).pieces
        rough = replace(self.options, dpi=PREVIEW_BOARD_DPI)
        spec = plan_module(scenario, library, rough).spec
        board = MapOptions(counter_size=rough.counter_size,
                           hex_flat_to_flat=rough.hex_flat_to_flat, legend=False)
        Path(path).write_bytes(board_pdf(scenario, library, spec.grid, board))
        return sum(len(p.pieces) for p in spec.palettes)


def export_to(request: ExportRequest, scenario: Scenario, library: Any,
              target: str | os.PathLike, progress=None, cancel=None) -> int:
    """Write ``target`` whole or not at all; an earlier file there survives a cancel or an
    error. Raises OSError, before any work, when the target cannot be written (a missing
    folder, a folder, a read-only place)."""
    problem = output_problem(target)
    if problem:
        raise OSError(problem)
    return request.write(scenario, library, os.fspath(target), progress, cancel)
