"""Hexside features in Tiled: one object layer per kind ("Hexsides: River", in the kind's
colour), one polyline object per edge, along the hexside or from centre to centre as the
kind is drawn. Each object names its kind and its two hexes (properties `kind`, `hexes`), so
a map comes back unchanged; a polyline drawn in Tiled without `hexes` is read by where its
points lie."""
from __future__ import annotations

import math

from studio.hexgrid import Hex, MapGeometry, direction_to
from studio.model import HexMap, HexsideKind, TerrainSet
from studio.edit.hexsides import neighbour_pairs
from studio.model.hexsides import Edge, edge, entries_of, entry_edges

from .geometry import TiledGrid

HEXSIDE_CLASS = "hexside"


def _centre(geo: MapGeometry, grid: TiledGrid, h: Hex) -> tuple[float, float]:
    col, row = geo.to_offset(h)
    return grid.centre(col - 1, row - 1)


def hexside_polylines(m: HexMap, geo: MapGeometry, grid: TiledGrid, kind: HexsideKind
                      ) -> list[tuple[str, str, list[tuple[float, float]]]]:
    """(label, label, points) of every edge of `kind` on the map (bad entries left out:
    the validator reports them)."""
    out = []
    for a, b in neighbour_pairs(m.hexsides.get(kind.id, ()), geo):
        (ax, ay), (bx, by) = _centre(geo, grid, a), _centre(geo, grid, b)
        if kind.style == "across":
            points = [(ax, ay), (bx, by)]
        else:
            # The shared hexside: through the midpoint, across the line of centres, as long
            # as a side (centres of neighbours are sqrt(3) sides apart).
            dx, dy = bx - ax, by - ay
            length = math.hypot(dx, dy)
            half = length / math.sqrt(3) / 2
            mx, my = (ax + bx) / 2, (ay + by) / 2
            px, py = -dy / length * half, dx / length * half
            points = [(mx + px, my + py), (mx - px, my - py)]
        out.append((geo.label(a), geo.label(b), points))
    return out


def hexsides_from_objects(objects, geo: MapGeometry, grid: TiledGrid,
                          terrain_set: TerrainSet, problems: list[str]) -> dict[str, list[str]]:
    """The map's hexsides from the hexside objects of a Tiled map; what cannot be read goes
    to `problems`, saying which object and why."""
    found: dict[str, set[Edge]] = {}
    for obj in objects:
        if obj.type.strip().lower() != HEXSIDE_CLASS:
            continue
        where = f"hexside object {obj.name or '(unnamed)'!r} in layer {obj.layer!r}"
        kind = str(obj.properties.get("kind") or "")
        if terrain_set.hexside_kind(kind) is None:
            known = ", ".join(k.id for k in terrain_set.hexsides) or "none"
            problems.append(f"{where}: kind {kind!r} is not a hexside kind of terrain set "
                            f"{terrain_set.id} (kinds: {known}); set its `kind` property")
            continue
        edges = _named_edges(str(obj.properties.get("hexes") or ""), geo)
        if edges is None:
            edges = _drawn_edges(obj.points, geo, grid)
        if not edges:
            problems.append(f"{where}: neither its `hexes` property nor its points name two "
                            "neighbouring hexes")
            continue
        found.setdefault(kind, set()).update(edges)
    return {kind: entries_of(edges) for kind, edges in found.items()}


def _named_edges(text: str, geo: MapGeometry) -> set[Edge] | None:
    if not text:
        return None
    out = set()
    for la, lb in entry_edges(text):
        try:
            a, b = geo.parse_label(la), geo.parse_label(lb)
        except ValueError:
            return None
        if direction_to(a, b) is None:
            return None
        out.add(edge(geo.label(a), geo.label(b)))
    return out


def _drawn_edges(points, geo: MapGeometry, grid: TiledGrid) -> set[Edge]:
    """Edges under a hand-drawn polyline: a segment from near one hex's centre to near its
    neighbour's crosses their edge (a road); any other segment lies along the edge its
    midpoint touches, between the hexes either side of it (a river)."""
    def hex_at(x: float, y: float) -> Hex | None:
        tx, ty = grid.tile_at(x, y)
        if 0 <= tx < geo.columns and 0 <= ty < geo.rows:
            return geo.to_hex(tx + 1, ty + 1)
        return None

    def near_centre(h: Hex | None, x: float, y: float) -> bool:
        if h is None:
            return False
        cx, cy = _centre(geo, grid, h)
        return math.hypot(x - cx, y - cy) < min(grid.tile_width, grid.tile_height) / 4
    out = set()
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        a, b = hex_at(x1, y1), hex_at(x2, y2)
        if not (near_centre(a, x1, y1) and near_centre(b, x2, y2)):
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            nx, ny = -(y2 - y1) / length * 3, (x2 - x1) / length * 3
            a, b = hex_at(mx + nx, my + ny), hex_at(mx - nx, my - ny)
        if a is not None and b is not None and direction_to(a, b) is not None:
            out.add(edge(geo.label(a), geo.label(b)))
    return out
