"""`studio export tmx SCENARIO -o map.tmx`: the map as a Tiled map with its tileset.

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
    """Add `tmx` to `studio export`'s subcommands; ``load(path, kinds)`` and
    ``progress(quiet)`` are export_cmd's helpers."""
    tmx = what.add_parser(
        "tmx", help="the map as a Tiled map (TMX) with its tileset",
        description="Write the scenario's map as a hexagonal Tiled map: a terrain layer, an "
                    "elevation layer, object layers for each side's set-up zone and units "
                    "and for the objectives, and a hidden layer of hex labels. The tileset "
                    "(NAME.tsx and its image NAME-tiles.png) is written beside the map. "
                    "Tiled's tile x, y is hex column x + 1, row y + 1.")
    tmx.add_argument("paths", nargs=1, metavar="SCENARIO")
    tmx.add_argument("-o", "--output", required=True, metavar="TMX",
                     help="the map file to write (.tmx is added when missing)")
    tmx.add_argument("--hex-size", default="32", metavar="PX",
                     help="hex size in pixels, centre to corner (default 32; even sizes "
                          "are kept exact)")
    tmx.add_argument("--no-labels", dest="labels", action="store_false", default=True,
                     help="leave out the hidden layer of hex labels")
    tmx.add_argument("--quiet", action="store_true", help="print nothing on success")
    add_library_option(tmx)
    tmx.set_defaults(_tmx=lambda args: _export(args, load, progress))


def run(args: argparse.Namespace) -> int | None:
    """The exit code of `export tmx`, or None when ``args`` asks for another export."""
    handler = getattr(args, "_tmx", None)
    return None if handler is None else handler(args)


def _export(args, load, progress_for) -> int:
    from pathlib import Path

    from studio.interop.tiled import TmxOptions, export_tmx
    from studio.interop.tiled.export import tileset_paths
    from studio.io import default_library

    scenario, code = load(args.paths[0], ("scenario",))
    if scenario is None:
        return code
    target = Path(suffixed(args.output, ".tmx"))
    library = library_from_args(args)
    # the tileset and its image are written beside the map: none may replace an input
    for written in (target, *tileset_paths(target)):
        option = "-o" if written == target else f"-o {target} writes"
        refused = refuse_output(str(written), option, args.paths, library)
        if refused is not None:
            return refused
    try:
        options = TmxOptions.parse(args.hex_size, args.labels)
    except ValueError as err:
        print(f"studio: export tmx: {err}", file=sys.stderr)
        return 2
    progress = progress_for(args.quiet)
    done, code = write_export("tmx", target, progress, lambda: export_tmx(
        scenario, library or default_library(), target, options, progress))
    if code:
        return code
    if not args.quiet:
        print(f"wrote {done.tmx} with {done.tsx.name} and {done.image.name}: map of "
              f"{done.columns}×{done.rows} hexes")
    return 0
