"""`studio render SCENARIO -o map.png|map.svg [--hex-size PX]`: the map as the studio shows
it, as an image or as SVG, without a window (Qt's offscreen platform when there is no display).

Exit code 0 when the image was written, 1 when the scenario cannot be read for errors (they
are printed as file:line:col: severity[code]: message), 2 when the file is missing, is not a
scenario, or the image cannot be made or written.
"""
from __future__ import annotations

import argparse
import os
import sys

from .library import add_library_option, library_from_args
from .output_path import refuse_output


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "render", help="draw a scenario's map to a PNG image or an SVG drawing",
        description="Draw the map as the studio's map view does: terrain colours and "
                    "patterns, elevation shading and contours, hex labels, set-up zones, "
                    "objectives and units. The output's suffix picks the format.")
    parser.add_argument("path", metavar="SCENARIO")
    parser.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="the file to write: .png, .svg (.jpg and .bmp also work)")
    parser.add_argument("--hex-size", type=float, default=24.0, metavar="PX",
                        help="hex size in pixels, centre to corner (default 24)")
    parser.add_argument("--compression", type=int, default=None, metavar="0-9",
                        help="PNG compression: 0 fastest and largest, 9 slowest and smallest "
                             "(default 3)")
    parser.add_argument("--true-scale", nargs="?", const="default", default=None,
                        metavar="LEN",
                        help="SVG only: size the drawing so each hex measures LEN across its "
                             "flats on paper (default, with no LEN: as `studio export map`, "
                             "5/8in counters x 1.25)")
    parser.add_argument("--no-labels", dest="labels", action="store_false", default=True,
                        help="leave out the hex labels")
    parser.add_argument("--no-grid", dest="grid", action="store_false", default=True)
    parser.add_argument("--elevation-numbers", action="store_true",
                        help="print each raised hex's elevation")
    parser.add_argument("--no-units", dest="units", action="store_false", default=True)
    parser.add_argument("--no-zones", dest="zones", action="store_false", default=True,
                        help="leave out the set-up zones")
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    add_library_option(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from studio.diagnostics import has_errors
    from studio.io import default_library, load_file
    from studio.model import Scenario

    if not os.path.isfile(args.path):
        print(f"studio: {args.path}: no such file", file=sys.stderr)
        return 2
    if not args.hex_size > 0:
        print(f"studio: --hex-size {args.hex_size:g}: give a positive number of pixels",
              file=sys.stderr)
        return 2
    svg = args.output.lower().endswith(".svg")
    across_flats = None
    try:
        if args.true_scale is not None:
            if not svg:
                raise ValueError("--true-scale sizes an SVG drawing: write to a .svg file "
                                 "(a PNG has pixels, not a printed size)")
            from studio.export.options import MapOptions
            across_flats = (MapOptions().hex_flat_to_flat if args.true_scale == "default"
                            else MapOptions.parse(hex_size=args.true_scale).hex_flat_to_flat)
        if args.compression is not None:
            if svg:
                raise ValueError("--compression is for PNG files; an SVG is text")
            from studio.export.png import check_level
            check_level(args.compression)
    except ValueError as err:
        print(f"studio: {err}", file=sys.stderr)
        return 2
    doc = load_file(args.path)
    for d in doc.diagnostics:
        print(d.format(), file=sys.stderr)
    if doc.model is None:
        print(f"studio: {args.path}: cannot render a file that does not load; fix the errors "
              "above first", file=sys.stderr)
        return 1 if doc.data is not None and has_errors(doc.diagnostics) else 2
    scenario = doc.model
    if not isinstance(scenario, Scenario):
        print(f"studio: {args.path}: is a {doc.kind}, not a scenario", file=sys.stderr)
        return 2
    library = library_from_args(args) or default_library()
    refused = refuse_output(args.output, "-o", [args.path], library)
    if refused is not None:
        return refused
    terrain_set = library.terrain_set(scenario.terrain_set)
    if terrain_set is None:
        print(f"studio: warning: terrain set {scenario.terrain_set!r} is not in the library: "
              "drawing each symbol in a made-up colour", file=sys.stderr)

    from studio.gui.mapview.style import MapStyle
    from studio.gui.render import render_png, render_svg, unit_type_lookup
    unit_type = unit_type_lookup(scenario, library)
    from studio.export.png import DEFAULT_LEVEL
    style = MapStyle(show_grid=args.grid, show_labels=args.labels,
                     show_elevation=args.elevation_numbers, show_zones=args.zones,
                     show_units=args.units)
    try:
        if svg:
            width, height = render_svg(scenario, args.output, terrain_set, args.hex_size,
                                       style, unit_type, hex_across_flats=across_flats)
            size = f"{width:.0f}x{height:.0f} mm" + (" at true scale" if across_flats else "")
        else:
            level = DEFAULT_LEVEL if args.compression is None else args.compression
            width, height = render_png(scenario, args.output, terrain_set, args.hex_size,
                                       style, unit_type, compression=level)
            size = f"{width}x{height} pixels"
    except (ValueError, MemoryError, OSError) as err:
        print(f"studio: {args.output}: {err}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(f"wrote {args.output} ({size})")
    return 0
