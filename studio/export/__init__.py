"""Printing: counter sheets, quick-reference playsheets and true-scale maps (reportlab).

The three entry points run headless and may be called from a worker thread; each takes a
``progress(done, total, message)`` callback and a ``cancel`` flag (an Event or a callable)
and returns the number of pages written:

    export_counters(roster_sources, path, options, progress=None, cancel=None)
    export_playsheet(scenario, library, path, options, progress=None, cancel=None)
    export_map(scenario, library, path, options, progress=None, cancel=None)

Options are dataclasses built from the strings a person types (``CounterOptions.parse(
counter_size="5/8in", page="a4")``); rosters come from ``sources_from_scenario`` or
``source_from_army``.
"""
from reportlab import rl_config

from .counter_sheet import export_counters
from .map_sheet import export_map
from .options import MARKER_KINDS, CounterOptions, MapOptions, PlaysheetOptions
from .playsheet import export_playsheet
from .progress import ExportCancelled
from .rosters import RosterSource, source_from_army, sources_from_scenario

# reportlab wraps every compressed stream in ASCII85 by default, which makes each one a
# quarter bigger and is not needed in a binary PDF file. The flag is read as each page,
# form and image is written out (at showPage and at save), not when a canvas is made; it
# is set here, where importing any exporter passes first, for the whole process.
rl_config.useA85 = 0

__all__ = [
    "export_counters", "export_playsheet", "export_map", "CounterOptions", "PlaysheetOptions",
    "MapOptions", "MARKER_KINDS", "ExportCancelled", "RosterSource", "sources_from_scenario",
    "source_from_army",
]
