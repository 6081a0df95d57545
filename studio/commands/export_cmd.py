"""`studio export counters|playsheet|map`: print-ready PDFs of a scenario or an army.

    studio export counters SCENARIO|ARMY... -o counters.pdf [--counter-size 5/8in] ...
    studio export playsheet SCENARIO -o sheet.pdf [--page a4]
    studio export map SCENARIO -o map.pdf [--page a4] [--hex-size 19mm] [--with-units]
    studio export calibration -o test.pdf [--page a4] [--flip short]  (back registration)
    studio export counter-images ...            (one image per counter face: export_interop)
    studio export tmx SCENARIO -o map.tmx [--hex-size 32]      (a Tiled map: export_tmx)
    studio export vassal SCENARIO -o scenario.vmod [--dpi 100] (a VASSAL module: export_vassal)

Exit code 0 when the PDF was written, 1 when the input has errors (they are printed as
file:line:col: severity[code]: message), 2 when a file is missing, unreadable or not a
scenario/army, an option is wrong, or the output cannot be written (a missing folder, a
folder, a read-only place, or one of the input files).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from studio.diagnostics import has_errors

from .library import add_library_option, library_from_args
from .output_path import refuse_output


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, metavar="PDF",
                        help="the PDF file to write")
    parser.add_argument("--page", default="letter", metavar="SIZE",
                        help="letter (default), a4, a3, a2, tabloid, legal, or WxH such as "
                             "420x594mm; add -landscape to turn it")
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    parser.add_argument("--pdfx", action="store_true",
                        help="for a print shop: name the printing condition in an output "
                             "intent with its ICC profile (sRGB), as PDF/X asks")
    parser.add_argument("--cmyk", action="store_true",
                        help="colours as process CMYK, converted through a CMYK ICC profile "
                             "(the --icc one, else the system's SWOP or FOGRA39 profile) that "
                             "the output intent embeds (implies --pdfx)")
    parser.add_argument("--icc", metavar="FILE",
                        help="the print shop's ICC profile for the output intent (RGB, or "
                             "CMYK with --cmyk); implies --pdfx")
    add_library_option(parser)


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "export", help="print counters, playsheets and maps as PDF; files for other tools",
        description="Write print-ready PDFs (counter sheets, a back-registration test sheet, "
                    "quick-reference playsheets, true-scale maps) and files for other tools "
                    "(a Tiled map, a VASSAL module, one image per counter face). Lengths take "
                    "a unit: 5/8in, 16mm, 1.5cm, 12pt.")
    what = parser.add_subparsers(title="what", metavar="WHAT", dest="what")

    counters = what.add_parser(
        "counters", help="counter sheets for every unit, with backs and markers",
        description="A counter for every unit of the rosters (each side of a scenario, or "
                    "army files), fronts and mirrored backs, plus marker counters.")
    counters.add_argument("paths", nargs="+", metavar="SCENARIO|ARMY")
    _common(counters)
    counters.add_argument("--counter-size", default="5/8in", metavar="LEN",
                          help="counter width and height: 1/2in, 9/16in, 5/8in (default), "
                               "3/4in, 1in, or millimetres such as 16mm")
    counters.add_argument("--margin", default="0.5in", metavar="LEN",
                          help="empty border of the page (default 0.5in)")
    counters.add_argument("--gutter", default="0mm", metavar="LEN",
                          help="space between counters (default 0: shared cut lines)")
    counters.add_argument("--bleed", default="0mm", metavar="LEN",
                          help="colour printed past each cut line; the gutter is at least twice it "
                               "(without --gutter it is set so)")
    counters.add_argument("--crop-marks", dest="crop_marks", action="store_true", default=True,
                          help="cut marks in the margins (default)")
    counters.add_argument("--no-crop-marks", dest="crop_marks", action="store_false")
    counters.add_argument("--die-cut", action="store_true",
                          help="for a die or a cutting plotter: each counter's cut line as "
                               "the spot colour CutContour on the fronts")
    counters.add_argument("--die-cut-corner", default="0mm", metavar="LEN",
                          help="round the die-cut line's corners to this radius, e.g. 1mm "
                               "(default 0: square)")
    counters.add_argument("--no-backs", dest="backs", action="store_false", default=True,
                          help="fronts only")
    counters.add_argument("--duplex", action="store_true",
                          help="alternate front and back pages, for a duplex printer set to "
                               "flip on the --flip edge (default: all fronts, then all backs)")
    counters.add_argument("--flip", default="long", choices=("long", "short"),
                          help="the paper edge the sheet turns over for its second side "
                               "(default long); the backs are mirrored to match")
    counters.add_argument("--back-offset", default="0mm,0mm", metavar="X,Y",
                          help="move the backs right and up to meet the fronts, e.g. "
                               "0.8mm,-0.5mm (measured on a test print)")
    counters.add_argument("--markers", default="auto", metavar="N|auto",
                          help="marker counters: auto (default) prints what the rosters need "
                               "(a round and an initiative marker, routed and numbered hit "
                               "markers for units with several hits, formation markers for "
                               "units with formations); N prints N of each kind (routed, hit, "
                               "disrupted, formation, out of ammo, objective, round, "
                               "initiative); 0 none")
    counters.add_argument("--marker-kinds", default=None, metavar="KIND,...",
                          help="only these marker kinds")
    counters.add_argument("--side", action="append", default=[], metavar="ID",
                          help="only this side of a scenario (may be repeated)")
    counters.add_argument("--colour", default=None, metavar="#RRGGBB",
                          help="colour of army files printed on their own")

    calibration = what.add_parser(
        "calibration", help="a back-registration test sheet, to measure --back-offset",
        description="Two pages to print double-sided as the counters will be: crosshairs "
                    "on the front, scales on the back. Hold the sheet to the light and read "
                    "where the front's lines show through: that is the --back-offset X,Y.")
    _common(calibration)
    calibration.add_argument("--margin", default="0.5in", metavar="LEN")
    calibration.add_argument("--flip", default="long", choices=("long", "short"),
                             help="the paper edge the sheet turns over (default long)")
    calibration.add_argument("--back-offset", default="0mm,0mm", metavar="X,Y",
                             help="print the back moved by this much (to check a correction)")
    calibration.set_defaults(paths=[])

    sheet = what.add_parser(
        "playsheet", help="quick-reference sheets, one or two pages per side",
        description="Round sequence, attack procedure and modifiers, morale and rally, "
                    "terrain chart, the side's roster and abilities, briefing and round track, "
                    "with the numbers of the scenario's ruleset and lists.")
    sheet.add_argument("paths", nargs=1, metavar="SCENARIO")
    _common(sheet)
    sheet.add_argument("--font-size", default="7.5", metavar="PT", help="body text size (5-14)")
    sheet.add_argument("--side", action="append", default=[], metavar="ID",
                       help="only this side (may be repeated)")
    from . import export_tmx, export_vassal
    export_tmx.add_parser(what, _load, _progress)
    export_vassal.add_parser(what, _load, _progress)

    hexmap = what.add_parser(
        "map", help="the map at true scale, tiled over pages or on one large page",
        description="Terrain, elevation, labels, set-up zones and objectives at true scale. "
                    "A map larger than the page is tiled over overlapping sheets named A1, "
                    "B1, ... with alignment ticks; --page a2 or --page fit prints it whole.")
    hexmap.add_argument("paths", nargs=1, metavar="SCENARIO")
    _common(hexmap)
    hexmap.add_argument("--hex-size", default=None, metavar="LEN",
                        help="hex width across flats (default: counter size × 1.25)")
    hexmap.add_argument("--counter-size", default="5/8in", metavar="LEN",
                        help="the counters' size, to size hexes and set-up counters")
    hexmap.add_argument("--overlap", default="10mm", metavar="LEN",
                        help="strip repeated on neighbouring sheets (default 10mm)")
    hexmap.add_argument("--margin", default="8mm", metavar="LEN")
    hexmap.add_argument("--with-units", action="store_true",
                        help="draw the units placed by the scenario, facing their way")
    hexmap.add_argument("--no-labels", dest="labels", action="store_false", default=True)
    hexmap.add_argument("--no-legend", dest="legend", action="store_false", default=True)
    hexmap.add_argument("--title", default=None)
    from . import export_interop
    export_interop.add_parsers(what, _load, _progress)
    parser.set_defaults(_export_parser=parser)
    return parser


def _load(path: str, kinds: tuple[str, ...]) -> tuple[Any, int]:
    """(model, 0) or (None, exit code) with the reason printed."""
    from studio.io import load_file
    if not os.path.isfile(path):
        print(f"studio: {path}: no such file", file=sys.stderr)
        return None, 2
    doc = load_file(path)
    for d in doc.diagnostics:
        print(d.format(), file=sys.stderr)
    if doc.data is None:
        print(f"studio: {path}: the file cannot be read; fix the problem above first",
              file=sys.stderr)
        return None, 2
    if doc.model is None or has_errors(doc.diagnostics):
        print(f"studio: {path}: cannot export a file with errors; fix them first",
              file=sys.stderr)
        return None, 1
    if doc.kind not in kinds:
        print(f"studio: {path} is a {doc.kind} file; expected a {' or '.join(kinds)} file",
              file=sys.stderr)
        return None, 2
    return doc.model, 0


def _progress(quiet: bool):
    if quiet or not sys.stderr.isatty():
        return None

    def report(done: int, total: int, message: str) -> None:
        print(f"\r{done}/{total} {message}".ljust(60), end="", file=sys.stderr, flush=True)
    return report


def run(args: argparse.Namespace) -> int:
    from . import export_tmx, export_vassal
    if (code := export_tmx.run(args)) is not None:
        return code
    if (code := export_vassal.run(args)) is not None:
        return code

    if getattr(args, "what", None) is None:
        args._export_parser.print_help()
        return 2
    from . import export_interop
    code = export_interop.run(args)
    if code is not None:
        return code
    from studio.export import (CounterOptions, MapOptions, PlaysheetOptions, export_counters,
                               export_map, export_playsheet)
    from studio.export.rosters import source_from_army, sources_from_scenario
    from studio.io import default_library

    library = library_from_args(args) or default_library()
    refused = refuse_output(args.output, "-o", args.paths, library)
    if refused is not None:
        return refused
    progress = _progress(args.quiet)
    try:
        if args.what == "calibration":
            from studio.export.calibration import export_calibration
            options = CounterOptions.parse(page=args.page, margin=args.margin, flip=args.flip,
                                           back_offset=args.back_offset, duplex=True,
                                           pdfx=args.pdfx, cmyk=args.cmyk, icc=args.icc)
            pages = export_calibration(args.output, options, progress)
            what = "back-registration test sheet"
        elif args.what == "counters":
            options = CounterOptions.parse(
                counter_size=args.counter_size, page=args.page, margin=args.margin,
                gutter=args.gutter, bleed=args.bleed, crop_marks=args.crop_marks,
                backs=args.backs, duplex=args.duplex, back_offset=args.back_offset, flip=args.flip,
                markers=args.markers, marker_kinds=args.marker_kinds,
                pdfx=args.pdfx, cmyk=args.cmyk, icc=args.icc, die_cut=args.die_cut,
                die_cut_corner=args.die_cut_corner)
            sources, scenarios = [], []
            for path in args.paths:
                model, code = _load(path, ("scenario", "army"))
                if model is None:
                    return code
                if hasattr(model, "sides"):
                    scenarios.append(model)
                    sources += sources_from_scenario(model, library, args.side)
                else:
                    sources.append(source_from_army(model, library, args.colour, len(sources)))
            pages = export_counters(sources, args.output, options, progress,
                                    scenario=scenarios[0] if len(scenarios) == 1 else None)
            units = sum(len(s.army.expanded()) for s in sources)
            from studio.export.marker_plan import marker_counters
            markers = len(marker_counters(sources, options))
            what = f"{units} unit counters" + (f", {markers} markers" if markers else "")
        else:
            scenario, code = _load(args.paths[0], ("scenario",))
            if scenario is None:
                return code
            if args.what == "playsheet":
                options = PlaysheetOptions.parse(page=args.page, font_size=args.font_size,
                                                 sides=args.side, pdfx=args.pdfx,
                                                 cmyk=args.cmyk, icc=args.icc)
                pages = export_playsheet(scenario, library, args.output, options, progress)
                what = f"playsheets for {len(args.side) or len(scenario.sides)} side(s)"
            else:
                options = MapOptions.parse(
                    page=args.page, hex_size=args.hex_size, counter_size=args.counter_size,
                    overlap=args.overlap, margin=args.margin, with_units=args.with_units,
                    labels=args.labels, legend=args.legend, title=args.title,
                    pdfx=args.pdfx, cmyk=args.cmyk, icc=args.icc)
                pages = export_map(scenario, library, args.output, options, progress)
                what = f"map of {scenario.map.columns}×{scenario.map.rows} hexes"
    except ValueError as err:
        if progress:
            print(file=sys.stderr)
        print(f"studio: export {args.what}: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        if progress:
            print(file=sys.stderr)
        print(f"studio: export {args.what}: cannot write {args.output}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 2
    if progress:
        print(file=sys.stderr)
    note = options.print_form.note()
    if note:
        print(f"studio: export {args.what}: note: {note}", file=sys.stderr)
    if not args.quiet:
        print(f"wrote {args.output}: {what}, {pages} page{'s' if pages != 1 else ''}")
    return 0
