"""Tiled maps: export a scenario's map as TMX + TSX, import a hexagonal TMX or TMJ map.

    export_tmx(scenario, library, "map.tmx", TmxOptions(hex_size=32))
    scenario = import_tiled_map("map.tmx", library, ImportChoices(terrain_set="basic-ground"))
    # or, to ask about tiles first: plan_import(read_tiled_map(path), ...), build_scenario(...)
    # TiledImportError (a ValueError) names the file and everything that stops the import;
    # TiledUnreadable (one of them): a file the studio may not read as a map at all

Nothing here imports Qt; `studio export tmx`, `studio import tmx` and the studio call these.
"""
from .export import TmxExport, TmxOptions, export_tmx, tileset_paths
from .geometry import TiledGrid
from .importer import (ImportChoices, ImportPlan, TileUse, build_scenario, import_tiled_map,
                       plan_import)
from .reader import TiledImportError, TiledMap, TiledUnreadable, read_tiled_map
from .start import ImportStart, start_import

__all__ = ["TmxExport", "TmxOptions", "export_tmx", "tileset_paths", "TiledGrid",
           "ImportChoices", "ImportPlan", "TileUse", "build_scenario", "import_tiled_map",
           "plan_import", "TiledImportError", "TiledMap", "TiledUnreadable", "read_tiled_map",
           "ImportStart", "start_import"]
