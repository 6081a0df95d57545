"""`studio export counter-images`: one image file per counter face, for other tools.

    studio export counter-images SCENARIO -o DIR [--format png|svg] [--dpi 300]

Added to `studio export` by ``export_cmd``; same exit codes (0 written, 1 errors in the
input or a wrong option, 2 a missing or unusable file).
"""
from __future__ import annotations

import argparse
import sys

from .library import add_library_option


def add_parsers(what, load, progress) -> None:
    """Add the subcommands to ``studio export``'s ``what`` parsers; ``load(path, kinds)`` and
    ``progress(quiet)`` are export_cmd's helpers."""
    images = what.add_parser(
        "counter-images", help="one PNG or SVG file per counter face, at true size",
        description="An image of the front and of the back of every unit's counter (named "
                    "<side>_<unit>_front/back) and of each marker kind, at the counter's "
                    "true size: what VASSAL modules, print shops and web tools take. The "
                    "artwork is that of the printed counter sheets.")
    images.add_argument("paths", nargs=1, metavar="SCENARIO")
    images.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="the folder to write into (made when missing)")
    images.add_argument("--format", dest="image_format", choices=("png", "svg"), default="png",
                        help="png (default) or svg (sized in millimetres, text as outlines)")
    images.add_argument("--dpi", default="300", metavar="N",
                        help="PNG resolution in dots per inch (default 300)")
    images.add_argument("--counter-size", default="5/8in", metavar="LEN",
                        help="counter width and height, as for `export counters` (default 5/8in)")
    images.add_argument("--bleed", default="0mm", metavar="LEN",
                        help="colour past the cut line on every side (default 0: a framed "
                             "counter, as printed without bleed)")
    images.add_argument("--no-backs", dest="backs", action="store_false", default=True,
                        help="fronts only")
    images.add_argument("--marker-kinds", default=None, metavar="KIND,...",
                        help="only these marker kinds (default: all)")
    images.add_argument("--no-markers", dest="markers", action="store_false", default=True,
                        help="no marker images")
    images.add_argument("--side", action="append", default=[], metavar="ID",
                        help="only this side (may be repeated)")
    images.add_argument("--quiet", action="store_true", help="print nothing on success")
    add_library_option(images)
    images.set_defaults(_interop=lambda args: _counter_images(args, load, progress))


def run(args: argparse.Namespace) -> int | None:
    """The exit code of an interop export, or None when ``args`` asks for another export."""
    handler = getattr(args, "_interop", None)
    return None if handler is None else handler(args)


def _counter_images(args, load, progress_for) -> int:
    from studio.export.rosters import sources_from_scenario
    from studio.interop.counter_images import CounterImageOptions, export_counter_images
    from studio.io import default_library

    from .library import library_from_args
    from .output_path import refuse_folder_output

    scenario, code = load(args.paths[0], ("scenario",))
    if scenario is None:
        return code
    refused = refuse_folder_output(args.output, "-o")
    if refused is not None:
        return refused
    library = library_from_args(args) or default_library()
    try:
        options = CounterImageOptions.parse(
            counter_size=args.counter_size, image_format=args.image_format, dpi=args.dpi,
            bleed=args.bleed, backs=args.backs,
            marker_kinds=(args.marker_kinds if args.markers else ()))
        sources = sources_from_scenario(scenario, library, args.side)
    except ValueError as err:     # an option out of range, a side the scenario lacks
        print(f"studio: export counter-images: {err}", file=sys.stderr)
        return 2
    progress = progress_for(args.quiet)
    try:
        names = export_counter_images(sources, args.output, options, progress)
    except (ValueError, OSError) as err:
        if progress:
            print(file=sys.stderr)
        print(f"studio: export counter-images: {err}", file=sys.stderr)
        return 1
    if progress:
        print(file=sys.stderr)
    if not args.quiet:
        size = (f"{options.pixels}x{options.pixels} px at {options.dpi} dpi"
                if options.image_format == "png" else "sized in millimetres")
        print(f"wrote {len(names)} {options.image_format.upper()} files to {args.output} ({size})")
    return 0
