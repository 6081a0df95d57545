"""`studio import tmx MAP.tmx|MAP.tmj -o scenario.yaml`: a new scenario from a Tiled map.

Exit code 0 when the scenario was written, 1 when the map cannot be imported as it is (the
reasons are printed, each naming the file and what to change), 2 when a file is missing, is
not one the studio may read as a Tiled file (not a regular file, too large, outside the
map's folder, nested too deep, values of types Tiled never writes) or the output cannot be
written.
"""
from __future__ import annotations

import argparse
import sys


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "import", help="make a scenario from another tool's file (a Tiled map)",
        description="Make a new scenario from another tool's file.")
    what = parser.add_subparsers(title="what", metavar="WHAT", dest="what")
    tmx = what.add_parser(
        "tmx", help="a hexagonal Tiled map (TMX or TMJ)",
        description="Make a scenario from a hexagonal Tiled map: its terrain layer (the layer "
                    "named 'terrain', else the only tile layer), its 'elevation' layer and "
                    "its objects of class 'objective'. Each tile used for terrain needs a "
                    "custom property 'terrain' naming a terrain type, or a --tile mapping. "
                    "The stagger axis gives the hex orientation (x: flat top, y: pointy top) "
                    "and Tiled's tile x, y becomes hex column x + 1, row y + 1. The game "
                    "is that of the army lists drawn for the terrain set (or --ruleset). "
                    "The sides are those of File > New's blank map; add units in the studio.")
    tmx.add_argument("path", metavar="MAP", help="the .tmx or .tmj (JSON) map")
    tmx.add_argument("-o", "--output", required=True, metavar="YAML",
                     help="the scenario file to write")
    tmx.add_argument("--terrain-set", default=None, metavar="ID",
                     help="the terrain set (default: the map's or its tileset's "
                          "'terrain_set' property)")
    tmx.add_argument("--ruleset", default=None, metavar="ID",
                     help="the ruleset the scenario is played by (default: the map's "
                          "'ruleset' property, else the game whose army lists are drawn for "
                          "the terrain set: action-dice-table gives action-dice)")
    tmx.add_argument("--tile", action="append", default=[], metavar="TILESET:ID=TERRAIN",
                     help="use TERRAIN for a tile (by its tileset's name and its id as Tiled "
                          "shows it; the id alone when the map has one tileset); may be "
                          "repeated, and wins over the tile's own property")
    tmx.add_argument("--terrain-property", default="terrain", metavar="NAME",
                     help="the tile property naming the terrain (default 'terrain')")
    tmx.add_argument("--layer", default=None, metavar="NAME",
                     help="the tile layer holding the terrain")
    tmx.add_argument("--elevation-layer", default=None, metavar="NAME",
                     help="the tile layer holding the elevation (default: one named "
                          "'elevation', if any); its tiles need an 'elevation' property 0-9")
    tmx.add_argument("--fill", default=None, metavar="TERRAIN",
                     help="the terrain of hexes with no tile (default: refuse such a map)")
    tmx.add_argument("--name", default=None, help="the scenario's name (default: the map's "
                                                  "'name' property, else the file name)")
    tmx.add_argument("--quiet", action="store_true", help="print nothing on success")
    parser.set_defaults(_import_parser=parser)
    return parser


def parse_tile_mappings(items: list[str]) -> dict[str, str]:
    """{"Grass:3": "forest"} from ["Grass:3=forest"]; ValueError naming a malformed one."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, terrain = item.rpartition("=")
        if not sep or not key.strip() or not terrain.strip():
            raise ValueError(f"--tile {item!r}: write TILESET:ID=TERRAIN, e.g. 'Grass:3=forest'")
        out[key.strip()] = terrain.strip()
    return out


def run(args: argparse.Namespace) -> int:
    if getattr(args, "what", None) is None:
        args._import_parser.print_help()
        return 2
    import os

    from studio.interop.tiled import (ImportChoices, TiledImportError, TiledUnreadable,
                                      import_tiled_map)
    from studio.io import default_library, dump_model
    from studio.io.saver import write_text_atomic

    from .output_path import refuse_output

    if not os.path.isfile(args.path):
        print(f"studio: {args.path}: no such file", file=sys.stderr)
        return 2
    refused = refuse_output(args.output, "-o", [args.path])
    if refused is not None:
        return refused
    try:
        choices = ImportChoices(args.terrain_set, parse_tile_mappings(args.tile),
                                args.terrain_property, args.layer, args.elevation_layer,
                                args.fill, args.name, args.ruleset)
        scenario = import_tiled_map(args.path, default_library(), choices)
    except TiledImportError as err:
        print(f"studio: {err}", file=sys.stderr)
        return 2 if isinstance(err, TiledUnreadable) else 1
    except ValueError as err:
        print(f"studio: import tmx: {err}", file=sys.stderr)
        return 1
    try:
        write_text_atomic(args.output, dump_model(scenario))
    except OSError as err:
        print(f"studio: import tmx: {args.output}: cannot write ({err.strerror or err})",
              file=sys.stderr)
        return 2
    if not args.quiet:
        m = scenario.map
        print(f"wrote {args.output}: {scenario.ruleset} scenario {scenario.name!r}, "
              f"{m.columns}×{m.rows} {m.orientation}-top hexes on {scenario.terrain_set}, "
              f"{len(scenario.objectives)} objective(s)")
    return 0
