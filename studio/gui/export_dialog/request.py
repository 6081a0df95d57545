"""What the Export dialog asks the exporters for: one kind, its options, and which sides.

``export_to`` checks the target can be written before the work starts; the exporters write
beside it and move the finished file into place, so a cancel or an error leaves an earlier
export there untouched (`studio.io.atomic_write`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.export import (CounterOptions, MapOptions, PlaysheetOptions, export_counters,
                           export_map, export_playsheet, sources_from_scenario)
from studio.export.map_sheet import map_page_count
from studio.io.atomic_write import output_problem
from studio.model import Scenario

KINDS = ("counters", "playsheet", "map")


@dataclass(frozen=True, slots=True)
class ExportRequest:
    kind: str                                   # one of KINDS
    options: CounterOptions | PlaysheetOptions | MapOptions
    side_ids: tuple[str, ...] | None = None     # counters: None = every side, () = markers only

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"export kind {self.kind!r} is not one of {', '.join(KINDS)}")

    def write(self, scenario: Scenario, library: Any, path: str | os.PathLike,
              progress=None, cancel=None, *, preview: bool = False) -> int:
        """Run the exporter straight into ``path``; returns the number of pages of the
        whole export. A ``preview`` map has only its first page drawn: a large map has
        hundreds of sheets, and the preview shows one."""
        if self.kind == "counters":
            if self.side_ids == ():
                sources = []
            else:
                sources = sources_from_scenario(scenario, library, self.side_ids or ())
            return export_counters(sources, path, self.options, progress, cancel)
        if self.kind == "playsheet":
            return export_playsheet(scenario, library, path, self.options, progress, cancel)
        if preview:
            export_map(scenario, library, path, self.options, progress, cancel, max_pages=1)
            return map_page_count(scenario, self.options)
        return export_map(scenario, library, path, self.options, progress, cancel)


def export_to(request: ExportRequest, scenario: Scenario, library: Any,
              target: str | os.PathLike, progress=None, cancel=None) -> int:
    """Write ``target`` whole or not at all; an earlier file there survives a cancel or an
    error. Raises OSError, before any work, when the target cannot be written (a missing
    folder, a folder, a read-only place)."""
    problem = output_problem(target)
    if problem:
        raise OSError(problem)
    return request.write(scenario, library, os.fspath(target), progress, cancel)
