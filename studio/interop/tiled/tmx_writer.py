"""The text of a TMX map and of its TSX tileset, for a scenario.

Element and attribute names follow Tiled's TMX reference. The map names its tileset by file
(`<tileset firstgid="1" source="…tsx"/>`); the terrain and elevation layers are CSV; units,
set-up zones and objectives are objects carrying the studio's names and hexes as custom
properties; a hidden layer of text objects shows the hex labels.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable
from xml.sax.saxutils import escape, quoteattr

from studio.hexgrid import MapGeometry
from studio.model import Scenario, TerrainSet

from .geometry import TiledGrid
from .hexside_objects import HEXSIDE_CLASS, hexside_polylines

TMX_VERSION = "1.8"                  # the oldest Tiled that reads everything written here
TERRAIN_LAYER, ELEVATION_LAYER, LABEL_LAYER = "terrain", "elevation", "hex labels"
OBJECTIVE_LAYER = "objectives"
OBJECTIVE_COLOUR = "#d4a017"
TERRAIN_PROPERTY, ELEVATION_PROPERTY = "terrain", "elevation"
COUNTER_SHARE = 0.55                 # a unit's square, as a share of the hex's height
ELEVATION_OPACITY = 1.0


@dataclass(slots=True)
class Tileset:
    """The tiles of the exported tileset, in order: terrain types, then elevations 1..9."""
    terrain_ids: list[str]
    elevation_levels: list[int]

    @property
    def count(self) -> int:
        return len(self.terrain_ids) + len(self.elevation_levels)

    def terrain_gid(self, index: int) -> int:
        return 1 + index

    def elevation_gid(self, level: int) -> int:
        return 1 + len(self.terrain_ids) + self.elevation_levels.index(level)


def _attrs(**values: Any) -> str:
    return "".join(f" {k.rstrip('_')}={quoteattr(str(v))}" for k, v in values.items()
                   if v is not None)


def _properties(props: dict[str, Any], indent: str) -> list[str]:
    if not props:
        return []
    lines = [f"{indent}<properties>"]
    for name, value in props.items():
        if isinstance(value, bool):
            kind, text = "bool", "true" if value else "false"
        elif isinstance(value, int):
            kind, text = "int", str(value)
        else:
            kind, text = None, str(value)
        lines.append(f"{indent} <property{_attrs(name=name, type=kind, value=text)}/>")
    lines.append(f"{indent}</properties>")
    return lines


def tsx_text(name: str, grid: TiledGrid, terrain: TerrainSet, tileset: Tileset,
             image: str, image_size: tuple[int, int], columns: int) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset{_attrs(version=TMX_VERSION, name=name, tilewidth=grid.tile_width, tileheight=grid.tile_height, tilecount=tileset.count, columns=columns)}>',
             ' <grid orientation="orthogonal"'
             f'{_attrs(width=grid.tile_width, height=grid.tile_height)}/>']
    lines += _properties({"terrain_set": terrain.id}, " ")
    lines.append(f" <image{_attrs(source=image, width=image_size[0], height=image_size[1])}/>")
    for i, terrain_id in enumerate(tileset.terrain_ids):
        t = terrain.by_id(terrain_id)
        lines.append(f' <tile{_attrs(id=i, type="terrain")}>')
        lines += _properties({TERRAIN_PROPERTY: t.id, "name": t.name, "symbol": t.symbol}, "  ")
        lines.append(" </tile>")
    base = len(tileset.terrain_ids)
    for i, level in enumerate(tileset.elevation_levels):
        lines.append(f' <tile{_attrs(id=base + i, type="elevation")}>')
        lines += _properties({ELEVATION_PROPERTY: level}, "  ")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


@dataclass(slots=True)
class _Objects:
    """Object ids run over the whole map, as Tiled's nextobjectid expects."""
    next_id: int = 1
    lines: list[str] = field(default_factory=list)

    def add(self, name: str, kind: str, x: float, y: float, width: float, height: float,
            props: dict[str, Any], shape: str = "", text: str | None = None) -> None:
        attrs = _attrs(id=self.next_id, name=name or None, type=kind or None, x=_n(x), y=_n(y),
                       width=_n(width) if width else None, height=_n(height) if height else None)
        self.next_id += 1
        body = _properties(props, "   ")
        if shape:
            body.append(f"   <{shape}/>")
        if text is not None:
            body.append(f'   <text pixelsize="{max(6, round(height * 0.8))}" halign="center" '
                        f'valign="center">{escape(text)}</text>')
        if body:
            self.lines += [f"  <object{attrs}>", *body, "  </object>"]
        else:
            self.lines.append(f"  <object{attrs}/>")


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _csv(rows: list[list[int]]) -> str:
    last = len(rows) - 1
    return "\n".join(",".join(map(str, row)) + ("," if i < last else "")
                     for i, row in enumerate(rows))


def tmx_text(scenario: Scenario, terrain: TerrainSet, grid: TiledGrid, tileset: Tileset,
             tsx_name: str, unit_name: Callable[[str, str], str], labels: bool,
             check: Callable[[str], None] = lambda _step: None) -> str:
    """`check(step)` is called between the parts of a large map (progress and cancel)."""
    m = scenario.map
    geo = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    symbol_index = {t.symbol: i for i, t in enumerate(terrain.terrain)}
    terrain_rows = [[tileset.terrain_gid(symbol_index[ch]) for ch in row] for row in m.terrain]
    check("terrain")
    elevation_rows = None
    if m.elevation is not None and any(ch != "0" for row in m.elevation for ch in row):
        elevation_rows = [[tileset.elevation_gid(int(ch)) if ch != "0" else 0 for ch in row]
                          for row in m.elevation]
    check("elevation")

    objects = _Objects()
    layers: list[str] = []
    layer_id = 1

    def tile_layer(name: str, rows: list[list[int]], **extra: Any) -> None:
        nonlocal layer_id
        layers.append(f' <layer{_attrs(id=layer_id, name=name, width=m.columns, height=m.rows, **extra)}>')
        layers.append(f'  <data encoding="csv">\n{_csv(rows)}\n</data>')
        layers.append(" </layer>")
        layer_id += 1

    def object_layer(name: str, colour: str | None, body: list[str], visible: bool = True,
                     props: dict[str, Any] | None = None) -> None:
        nonlocal layer_id
        attrs = _attrs(id=layer_id, name=name, color=colour, visible=None if visible else 0)
        layers.append(f" <objectgroup{attrs}>")
        layers.extend(_properties(props or {}, "  "))
        layers.extend(body)
        layers.append(" </objectgroup>")
        layer_id += 1

    def collected(fill: Callable[[], None]) -> list[str]:
        objects.lines = []
        fill()
        return objects.lines

    tile_layer(TERRAIN_LAYER, terrain_rows)
    if elevation_rows is not None:
        tile_layer(ELEVATION_LAYER, elevation_rows,
                   opacity=None if ELEVATION_OPACITY == 1 else ELEVATION_OPACITY)

    def box(label: str, share_w: float, share_h: float) -> tuple[float, float, float, float]:
        col, row = geo.to_offset(geo.parse_label(label))
        cx, cy = grid.centre(col - 1, row - 1)
        w, h = grid.tile_width * share_w, grid.tile_height * share_h
        return cx - w / 2, cy - h / 2, w, h

    def area_box(entry: str) -> tuple[float, float, float, float]:
        ends = [e.strip() for e in entry.split("-")]
        corners = [geo.to_offset(geo.parse_label(e)) for e in ends]
        cols = [c for c, _ in corners]
        rows = [r for _, r in corners]
        xs, ys = [], []
        for col in (min(cols), max(cols)):
            for row in (min(rows), max(rows)):
                ox, oy = grid.tile_origin(col - 1, row - 1)
                xs += [ox, ox + grid.tile_width]
                ys += [oy, oy + grid.tile_height]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    for side in scenario.sides:
        def zones(side=side) -> None:
            for entry in side.setup_zone:
                for item in (e.strip() for e in entry.split(",") if e.strip()):
                    x, y, w, h = area_box(item)
                    objects.add(f"{side.name} set-up", "setup-zone", x, y, w, h,
                                {"side": side.id, "hexes": item})
        body = collected(zones)
        if body:
            object_layer(f"{side.name}: set-up zone", side.colour, body,
                         props={"side": side.id})
        check(f"zones of {side.id}")

        def units(side=side) -> None:
            for u in side.army.units:
                if u.hex is None:
                    continue
                share = COUNTER_SHARE * grid.tile_height / grid.tile_width
                x, y, w, h = box(u.hex, share, COUNTER_SHARE)
                props = {"side": side.id, "id": u.id or "", "unit_type": u.type, "hex": u.hex,
                         "facing": u.facing or ""}
                if u.leader:
                    props["leader"] = True
                objects.add(unit_name(side.army.army_list, u.type), "unit", x, y, w, h, props)
        body = collected(units)
        if body:
            object_layer(f"{side.name}: units", side.colour, body, props={"side": side.id})
        check(f"units of {side.id}")

    for kind in terrain.hexsides:
        def hexsides(kind=kind) -> None:
            for a, b, points in hexside_polylines(m, geo, grid, kind):
                x0, y0 = points[0]
                line = " ".join(f"{_n(x - x0)},{_n(y - y0)}" for x, y in points)
                objects.add(kind.name, HEXSIDE_CLASS, x0, y0, 0, 0,
                            {"kind": kind.id, "hexes": f"{a}/{b}"},
                            shape=f'polyline points="{line}"')
        body = collected(hexsides)
        if body:
            object_layer(f"Hexsides: {kind.name}", kind.colour, body, props={"kind": kind.id})
    check("hexsides")

    def objectives() -> None:
        for o in scenario.objectives:
            x, y, w, h = box(o.hex, 0.6, 0.6)
            objects.add(o.name, "objective", x, y, w, h,
                        {"hex": o.hex, "points": o.points}, shape="ellipse")
    body = collected(objectives)
    if body:
        object_layer(OBJECTIVE_LAYER, OBJECTIVE_COLOUR, body)

    if labels:
        def hex_labels() -> None:
            for row in range(1, m.rows + 1):
                for col in range(1, m.columns + 1):
                    label = geo.label(geo.to_hex(col, row))
                    cx, cy = grid.centre(col - 1, row - 1)
                    w, h = grid.tile_width * 0.8, grid.tile_height * 0.3
                    objects.add("", "", cx - w / 2, cy + grid.tile_height * 0.15, w, h, {},
                                text=label)
                if row % 50 == 0:
                    check("labels")
        object_layer(LABEL_LAYER, None, collected(hex_labels), visible=False)

    head = ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<map{_attrs(version=TMX_VERSION, orientation="hexagonal", renderorder="right-down", width=m.columns, height=m.rows, tilewidth=grid.tile_width, tileheight=grid.tile_height, infinite=0, hexsidelength=grid.hex_side_length, staggeraxis=grid.stagger_axis, staggerindex=grid.stagger_index, nextlayerid=layer_id, nextobjectid=objects.next_id)}>']
    head += _properties({"scenario": scenario.id, "name": scenario.name,
                         "terrain_set": scenario.terrain_set,
                         "hex_numbering": "label CCRR is tile x = CC - 1, y = RR - 1"}, " ")
    head.append(f' <tileset firstgid="1"{_attrs(source=tsx_name)}/>')
    return "\n".join(head + layers + ["</map>"]) + "\n"
