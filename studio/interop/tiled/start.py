"""The first look at a Tiled map before importing it: what the designer still has to decide.

`start_import` reads the map and plans it against a terrain set the library has (the one
the map names, else the first), so that what is left falls in two groups:

- `blocking`: problems no choice of terrain can fix (tiles that belong to no tileset,
  damaged or missing layers); the map is refused with these (bad elevation tiles are
  found later, by `build_scenario`);
- what a mapping fixes: the map names no known terrain set, tiles without a usable
  `terrain` property, empty hexes, several tile layers none of which is called `terrain`.
  The studio's mapping dialog asks for those; the command line takes `--terrain-set`,
  `--tile`, `--fill` and `--layer`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from .importer import ImportChoices, ImportPlan, named_terrain_set, plan_import, refuse
from .reader import TiledImportError, TiledMap, read_tiled_map


@dataclass(slots=True)
class ImportStart:
    tmap: TiledMap
    plan: ImportPlan
    named_set: str | None           # the terrain set the map names, if the library has it
    blocking: list[str]
    layers: list[str]               # tile layers that may hold the terrain, when to choose

    @property
    def needs_mapping(self) -> bool:
        """Whether the designer must choose something before the map can be imported."""
        p = self.plan
        return (self.named_set is None or bool(p.empty) or len(self.layers) > 1
                or any(use.terrain is None for use in p.uses))


def start_import(path: str | os.PathLike, library: Any) -> ImportStart:
    """Read and plan `path`; TiledImportError when the file is not a usable map (not
    hexagonal, too large, damaged) or when `blocking` problems remain."""
    tmap = read_tiled_map(path)
    known = library.ids("terrain-set") if library is not None else []
    if not known:
        raise TiledImportError(tmap.path, "the library has no terrain set to import into")
    named = named_terrain_set(tmap)
    named = named if named in known else None
    choices = ImportChoices(terrain_set=named or known[0])
    plan = plan_import(tmap, library, choices)
    layers: list[str] = []
    tile_layers = [layer.name for layer in tmap.tile_layers()]
    if plan.terrain_layer is None and len(tile_layers) > 1:
        # Several tile layers, none called "terrain": offer them, the first that is not
        # the elevation layer first.
        layers = sorted(tile_layers, key=lambda n: n.strip().lower() == "elevation")
        choices.terrain_layer = layers[0]
        plan = plan_import(tmap, library, choices)
    start = ImportStart(tmap, plan, named, list(plan.problems), layers)
    if start.blocking:
        refuse(tmap.path, start.blocking)
    return start
