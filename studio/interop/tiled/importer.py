"""A hexagonal Tiled map as a new scenario: its terrain, elevation and objectives.

Each tile used on the terrain layer must name a terrain type of the scenario's terrain set,
either through a custom property of the tile (`terrain`, as the studio's own export writes)
or through a mapping the designer gives (`--tile TILESET:ID=TERRAIN` on the command line, the
mapping dialog in the studio). `plan_import` says what each used tile becomes and what is
still missing, without failing, so the studio can ask; `build_scenario` refuses with every
problem at once.

Tiled's tile (x, y) is our printed column x + 1, row y + 1; the stagger axis gives the
orientation and Tiled's stagger index our offset (see geometry).

The scenario is played by the ruleset asked for (`--ruleset`), else the map's `ruleset`
property, else the ruleset whose army lists are drawn for the terrain set (an Action Dice
table imports as an Action Dice scenario, a Quick and Dirty field as Quick and Dirty), so
that it validates as it comes.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studio.edit.blank_scenario import NewScenarioChoice, blank_scenario
from studio.hexgrid import MapGeometry
from studio.model import HexMap, Objective, Scenario, TerrainSet

from .geometry import OUR_OFFSET, OUR_ORIENTATION, TiledGrid
from .hexside_objects import hexsides_from_objects
from .reader import TiledImportError, TiledLayer, TiledMap, TiledTile, TiledTileset, read_tiled_map
from .tmx_writer import ELEVATION_LAYER, ELEVATION_PROPERTY, TERRAIN_LAYER, TERRAIN_PROPERTY

MAX_ELEVATION = 9
OBJECTIVE_CLASS = "objective"
PROBLEMS_SHOWN = 12


@dataclass(slots=True)
class ImportChoices:
    """What the designer decided; everything is optional."""
    terrain_set: str | None = None
    tiles: dict[str, str] = field(default_factory=dict)   # "TILESET:ID" or "ID" -> terrain id
    terrain_property: str = TERRAIN_PROPERTY
    terrain_layer: str | None = None
    elevation_layer: str | None = None
    fill: str | None = None                                # terrain id for empty cells
    name: str | None = None
    ruleset: str | None = None                             # default: from the terrain set


@dataclass(slots=True)
class TileUse:
    """One tile of the terrain layer: how often it is used, and what it becomes."""
    tileset: TiledTileset
    tile: TiledTile
    count: int
    first: tuple[int, int]              # Tiled (x, y) of its first use
    terrain: str | None = None          # a terrain id of the set, when known
    from_mapping: bool = False

    @property
    def key(self) -> str:
        return f"{self.tileset.name}:{self.tile.local_id}"

    def describe(self) -> str:
        kind = f" ({self.tile.type})" if self.tile.type else ""
        return f"tile {self.tile.local_id}{kind} of tileset {self.tileset.name!r}"


@dataclass(slots=True)
class ImportPlan:
    tmap: TiledMap
    geometry: MapGeometry
    terrain_set: TerrainSet | None
    terrain_layer: TiledLayer | None
    elevation_layer: TiledLayer | None
    uses: list[TileUse]
    empty: list[tuple[int, int]]
    problems: list[str]

    def hex_text(self, x: int, y: int) -> str:
        g = self.geometry
        return f"{g.label(g.to_hex(x + 1, y + 1))} (Tiled x {x}, y {y})"


def import_tiled_map(path: str | os.PathLike, library: Any,
                     choices: ImportChoices | None = None) -> Scenario:
    """Read, check and convert in one go; TiledImportError lists what is wrong."""
    choices = choices or ImportChoices()
    plan = plan_import(read_tiled_map(path), library, choices)
    return build_scenario(plan, library, choices)


def plan_import(tmap: TiledMap, library: Any, choices: ImportChoices) -> ImportPlan:
    problems: list[str] = []
    geometry = MapGeometry(tmap.width, tmap.height, OUR_ORIENTATION[tmap.stagger_axis],
                           OUR_OFFSET[tmap.stagger_index])
    terrain_set = _terrain_set(tmap, library, choices, problems)
    if (wrong := _ruleset_problem(library, choices.ruleset)) is not None:
        problems.append(wrong)
    elevation = _layer(tmap, choices.elevation_layer, ELEVATION_LAYER, None, problems,
                       required=choices.elevation_layer is not None)
    terrain_layer = _layer(tmap, choices.terrain_layer, TERRAIN_LAYER, elevation, problems,
                           required=True)
    plan = ImportPlan(tmap, geometry, terrain_set, terrain_layer, elevation, [], [], problems)
    if terrain_layer is None:
        return plan
    uses: dict[int, TileUse] = {}
    for index, gid in enumerate(terrain_layer.gids):
        y, x = divmod(index, tmap.width)
        if gid == 0:
            plan.empty.append((x, y))
            continue
        use = uses.get(gid)
        if use is None:
            found = _tile(tmap, gid)
            if found is None:
                problems.append(f"layer {terrain_layer.name!r}: hex {plan.hex_text(x, y)} "
                                f"holds tile {gid}, which belongs to no tileset of the map")
                uses[gid] = None
                continue
            use = uses[gid] = TileUse(found[0], found[1], 0, (x, y))
        if use is not None:
            use.count += 1
    plan.uses = [u for u in uses.values() if u is not None]
    _resolve(plan, choices, problems)
    return plan


def build_scenario(plan: ImportPlan, library: Any, choices: ImportChoices) -> Scenario:
    problems = list(plan.problems)
    tmap, ts = plan.tmap, plan.terrain_set
    if ts is None or plan.terrain_layer is None:
        refuse(tmap.path, problems)
    symbols = {t.id: t.symbol for t in ts.terrain}
    by_gid: dict[int, str] = {}
    for use in plan.uses:
        if use.terrain is None:
            if not use.from_mapping:        # a bad mapping is reported already
                problems.append(_unmapped(plan, use, ts, choices))
        else:
            by_gid[use.tileset.firstgid + use.tile.local_id] = symbols[use.terrain]
    fill = None
    if plan.empty:
        if choices.fill is None:
            x, y = plan.empty[0]
            problems.append(f"layer {plan.terrain_layer.name!r}: {len(plan.empty)} hex(es) "
                            f"have no tile, the first {plan.hex_text(x, y)}; paint them in "
                            "Tiled or name a terrain for them (--fill TERRAIN)")
        elif choices.fill not in symbols:
            problems.append(f"the terrain for empty hexes, {choices.fill!r}, is not a type of "
                            f"{ts.id} ({_ids(ts)})")
        else:
            fill = symbols[choices.fill]
    elevation = _elevation_rows(plan, problems)
    if problems:
        refuse(tmap.path, problems)
    width = tmap.width
    gids = plan.terrain_layer.gids
    rows = ["".join(by_gid[g] if g else fill for g in gids[r * width:(r + 1) * width])
            for r in range(tmap.height)]
    geo = plan.geometry
    hexmap = HexMap(width, tmap.height, geo.orientation, geo.offset, rows, elevation)
    name = choices.name or str(tmap.properties.get("name") or "") or _title(tmap.path)
    choice = NewScenarioChoice(None, name, width, tmap.height, ts.id, geo.orientation, geo.offset,
                               ruleset_for(tmap, library, ts.id, choices.ruleset))
    grid = TiledGrid(tmap.tile_width, tmap.tile_height, tmap.hex_side_length,
                     tmap.stagger_axis, tmap.stagger_index)
    hexmap.hexsides = hexsides_from_objects(tmap.objects(), geo, grid, ts, problems)
    if problems:
        refuse(tmap.path, problems)
    scenario = blank_scenario(choice, library, hexmap)
    scenario.objectives = _objectives(plan)
    return scenario


# -- pieces ---------------------------------------------------------------------------------

def refuse(path: Path, problems: list[str]):
    raise TiledImportError(path, _reasons(problems))


def refusal_text(path: Path, problems: list[str]) -> str:
    """What `refuse` would say: the file, then the problems one a line."""
    return str(TiledImportError(path, _reasons(problems)))


def _reasons(problems: list[str]) -> str:
    shown = problems[:PROBLEMS_SHOWN]
    more = len(problems) - len(shown)
    text = "cannot be imported:\n  " + "\n  ".join(shown)
    if more:
        text += f"\n  … and {more} more"
    return text


def _ids(ts: TerrainSet) -> str:
    return ", ".join(t.id for t in ts.terrain)


def _title(path: Path) -> str:
    return path.stem.replace("-", " ").replace("_", " ").strip().capitalize() or "Imported map"


def named_terrain_set(tmap: TiledMap) -> str | None:
    """The terrain set the map or one of its tilesets names in a `terrain_set` property."""
    named = tmap.properties.get("terrain_set")
    if not named:
        named = next((ts.properties["terrain_set"] for ts in tmap.tilesets
                      if ts.properties.get("terrain_set")), None)
    return str(named) if named else None


def ruleset_for(tmap: TiledMap, library: Any, terrain_set: str, asked: str | None) -> str:
    """The ruleset the imported scenario is played by: the one asked for, the map's
    `ruleset` property, else that whose army lists are most often drawn for
    `terrain_set` (the registry's default game when none is)."""
    named = asked or tmap.properties.get("ruleset")
    if named:
        return str(named)
    counts: dict[str, int] = {}
    for _ident, lst in (library.items("army-list") if library is not None else []):
        if lst.terrain_set == terrain_set:
            counts[lst.ruleset] = counts.get(lst.ruleset, 0) + 1
    if counts:
        return max(sorted(counts), key=counts.get)
    from studio.engine.rules import default_id
    return default_id()


def _ruleset_problem(library: Any, asked: str | None) -> str | None:
    known = library.ids("ruleset") if library is not None else []
    if asked and known and asked not in known:
        return f"ruleset {asked!r} is not in the library; it has {', '.join(known)} (--ruleset ID)"
    return None


def _terrain_set(tmap: TiledMap, library: Any, choices: ImportChoices,
                 problems: list[str]) -> TerrainSet | None:
    known = library.ids("terrain-set") if library is not None else []
    named = choices.terrain_set or named_terrain_set(tmap)
    if not named:
        problems.append("the map does not say which terrain set it uses; name one "
                        f"(--terrain-set ID): {', '.join(known)}")
        return None
    found = library.terrain_set(str(named)) if library is not None else None
    if found is None:
        problems.append(f"terrain set {named!r} is not in the library; it has "
                        f"{', '.join(known)}")
    return found


def _layer(tmap: TiledMap, asked: str | None, default: str, exclude: TiledLayer | None,
           problems: list[str], required: bool) -> TiledLayer | None:
    layers = tmap.tile_layers()
    names = ", ".join(repr(layer.name) for layer in layers) or "none"
    if asked is not None:
        for layer in layers:
            if layer.name == asked:
                return layer
        problems.append(f"there is no tile layer {asked!r}; the map's tile layers: {names}")
        return None
    for layer in layers:
        if layer.name.strip().lower() == default:
            return layer
    if not required:
        return None
    others = [layer for layer in layers if layer is not exclude]
    if len(others) == 1:
        return others[0]
    if not others:
        problems.append("the map has no tile layer to take the terrain from")
    else:
        problems.append(f"the map has several tile layers ({names}) and none is called "
                        f"{default!r}; say which holds the terrain (--layer NAME)")
    return None


def _tile(tmap: TiledMap, gid: int) -> tuple[TiledTileset, TiledTile] | None:
    ts = tmap.tileset_of(gid)
    if ts is None:
        return None
    local = gid - ts.firstgid
    if ts.tilecount and local >= ts.tilecount and local not in ts.tiles:
        return None
    return ts, ts.tile(local)


def _resolve(plan: ImportPlan, choices: ImportChoices, problems: list[str]) -> None:
    ts = plan.terrain_set
    tilesets = {u.tileset.name for u in plan.uses}
    for key, terrain in choices.tiles.items():
        if ts is not None and terrain not in {t.id for t in ts.terrain}:
            problems.append(f"the mapping {key}={terrain} names no terrain type of {ts.id} "
                            f"({_ids(ts)})")
        if ":" not in key and len(tilesets) > 1:
            problems.append(f"the mapping {key}={terrain} names a tile by number alone, but "
                            f"the map uses several tilesets ({', '.join(sorted(tilesets))}); "
                            "write TILESET:ID")
    valid = {t.id for t in ts.terrain} if ts is not None else set()
    for use in plan.uses:
        mapped = choices.tiles.get(use.key)
        if mapped is None and len(tilesets) == 1:
            mapped = choices.tiles.get(str(use.tile.local_id))
        if mapped is not None:
            use.terrain, use.from_mapping = (mapped if mapped in valid else None), True
            continue
        named = use.tile.properties.get(choices.terrain_property)
        if named is not None and str(named) in valid:
            use.terrain = str(named)


def _unmapped(plan: ImportPlan, use: TileUse, ts: TerrainSet, choices: ImportChoices) -> str:
    x, y = use.first
    where = f"on {use.count} hex(es), the first {plan.hex_text(x, y)}"
    named = use.tile.properties.get(choices.terrain_property)
    if named is not None:
        why = (f"its property {choices.terrain_property}={named!r} is not a type of {ts.id} "
               f"({_ids(ts)})")
    else:
        why = f"it has no {choices.terrain_property!r} property and no mapping"
    return (f"{use.describe()}, {where}: {why}; map it to a terrain "
            f"(--tile '{use.key}=TERRAIN')")


def _elevation_rows(plan: ImportPlan, problems: list[str]) -> list[str] | None:
    layer = plan.elevation_layer
    if layer is None:
        return None
    tmap = plan.tmap
    levels: dict[int, int | None] = {0: 0}
    digits = []
    for index, gid in enumerate(layer.gids):
        if gid not in levels:
            found = _tile(tmap, gid)
            value = found[1].properties.get(ELEVATION_PROPERTY) if found else None
            try:
                level = int(value)
            except (TypeError, ValueError):
                level = -1
            if not 0 <= level <= MAX_ELEVATION:
                y, x = divmod(index, tmap.width)
                what = f"{found[1].local_id} of tileset {found[0].name!r}" if found else str(gid)
                problems.append(f"layer {layer.name!r}: tile {what} at {plan.hex_text(x, y)} "
                                f"needs an {ELEVATION_PROPERTY!r} property of 0 to "
                                f"{MAX_ELEVATION}" + (f" (it has {value!r})" if value is not None else ""))
                levels[gid] = None
            else:
                levels[gid] = level
        digits.append(str(levels[gid] or 0))
    if not any(d != "0" for d in digits):
        return None
    w = tmap.width
    return ["".join(digits[r * w:(r + 1) * w]) for r in range(tmap.height)]


def _objectives(plan: ImportPlan) -> list[Objective]:
    tmap, geo = plan.tmap, plan.geometry
    grid = TiledGrid(tmap.tile_width, tmap.tile_height, tmap.hex_side_length,
                     tmap.stagger_axis, tmap.stagger_index)
    out: list[Objective] = []
    for obj in tmap.objects():
        if obj.type.strip().lower() != OBJECTIVE_CLASS:
            continue
        label = None
        named = obj.properties.get("hex")
        if named is not None:
            try:
                label = geo.label(geo.parse_label(str(named)))
            except ValueError:
                label = None
        if label is None:
            x, y = grid.tile_at(*obj.centre())
            if not (0 <= x < tmap.width and 0 <= y < tmap.height):
                continue
            label = geo.label(geo.to_hex(x + 1, y + 1))
        try:
            points = int(obj.properties.get("points", 0))
        except (TypeError, ValueError):
            points = 0
        out.append(Objective(label, obj.name, points))
    return out
