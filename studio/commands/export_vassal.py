"""`studio export vassal SCENARIO -o scenario.vmod`: the scenario as a VASSAL module.

Added to `studio export` by ``export_cmd``; same exit codes (0 written, 1 errors in the
input or a wrong option, 2 a missing or unusable file).
"""
from __future__ import annotations

import argparse
import sys

from .interop_write import write_export
from .library import add_library_option, library_from_args
from .output_path import refuse_output, suffixed


def add_parser(what, load, progress) -> None:
    """Add `vassal` to `studio export`'s subcommands; ``load(path, kinds)`` and
    ``progress(quiet)`` are export_cmd's helpers."""
    vassal = what.add_parser(
        "vassal", help="a VASSAL module (.vmod) to play the scenario online",
        description="Write a VASSAL module: the map as the board (drawn as printed, with "
                    "its hex labels, set-up zones and objectives) under a hex grid that "
                    "names hexes as the studio does; every unit's counter as a piece with "
                    "its front and back (Flip: Ctrl+F) in a palette per side; the units in "
                    "their set-up hexes and facings when a game starts; marker counters; "
                    "objective markers; the playsheet PDF as the module's help.")
    vassal.add_argument("paths", nargs=1, metavar="SCENARIO")
    vassal.add_argument("-o", "--output", required=True, metavar="VMOD",
                        help="the module file to write (.vmod is added when missing)")
    vassal.add_argument("--dpi", default="100", metavar="N",
                        help="board and counter resolution in pixels per inch (36-300, "
                             "default 100); hexes and counters keep their printed sizes")
    vassal.add_argument("--counter-size", default="5/8in", metavar="LEN",
                        help="counter width and height, as for `export counters`")
    vassal.add_argument("--hex-size", default=None, metavar="LEN",
                        help="hex width across flats (default: counter size × 1.25)")
    vassal.add_argument("--marker-kinds", default=None, metavar="KIND,...",
                        help="only these marker kinds (default: all)")
    vassal.add_argument("--no-markers", dest="markers", action="store_false", default=True,
                        help="no marker counters (and no objective markers)")
    vassal.add_argument("--compression", default="3", metavar="0-9",
                        help="the board PNG's compression level (default 3)")
    vassal.add_argument("--quiet", action="store_true", help="print nothing on success")
    add_library_option(vassal)
    vassal.set_defaults(_vassal=lambda args: _export(args, load, progress))


def run(args: argparse.Namespace) -> int | None:
    """The exit code of `export vassal`, or None when ``args`` asks for another export."""
    handler = getattr(args, "_vassal", None)
    return None if handler is None else handler(args)


def _export(args, load, progress_for) -> int:
    from studio.interop.vassal import VassalOptions, export_vassal
    from studio.io import default_library

    scenario, code = load(args.paths[0], ("scenario",))
    if scenario is None:
        return code
    target = suffixed(args.output, ".vmod")
    library = library_from_args(args) or default_library()
    refused = refuse_output(target, "-o", args.paths, library)
    if refused is not None:
        return refused
    try:
        options = VassalOptions.parse(
            dpi=args.dpi, counter_size=args.counter_size, hex_size=args.hex_size,
            marker_kinds=(args.marker_kinds if args.markers else ()),
            compression=args.compression)
    except ValueError as err:         # an option out of range: unusable input
        print(f"studio: export vassal: {err}", file=sys.stderr)
        return 2
    progress = progress_for(args.quiet)
    done, code = write_export("vassal", target, progress, lambda: export_vassal(
        scenario, library, target, options, progress))
    if code:
        return code
    if not args.quiet:
        w, h = done.board_size
        print(f"wrote {target}: board {w}×{h} px, {done.pieces} counters, "
              f"{done.placed} set up in {done.stacks} stacks")
    return 0
