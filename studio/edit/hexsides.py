"""Editing and drawing hexside features, shared by the studio, `studio render` and the
printed map: the edge nearest a point, adding and erasing edges in a kind's list while
keeping the designer's own entries (a hand-written road path stays one line), and the line
segments each kind draws.

>>> from studio.hexgrid import MapGeometry
>>> edit_entries(["0101/0102/0103"], add=set(), remove={("0102", "0103")})
['0101/0102']
>>> edit_entries(["0101/0102"], add={("0201", "0202"), ("0101", "0102")}, remove=set())
['0101/0102', '0201/0202']
"""
from __future__ import annotations

from studio.hexgrid import Hex, Layout, MapGeometry, direction_to, neighbours
from studio.model import HexMap, TerrainSet
from studio.model.hexsides import Edge, HexsideKind, edge, entry_edges, entry_labels

Segment = tuple[float, float, float, float]
# A kind of width 1 is drawn this share of the hex radius wide, in the studio and in print.
LINE_WIDTH = 0.07


def neighbour_pairs(entries, geometry: MapGeometry) -> list[tuple[Hex, Hex]]:
    """The hexes either side of each edge the entries name, leaving out hexes off the map and
    pairs that are not neighbours (the validator reports those)."""
    out = []
    for entry in entries:
        for la, lb in entry_edges(entry):
            try:
                a, b = geometry.parse_label(la), geometry.parse_label(lb)
            except ValueError:
                continue
            if direction_to(a, b) is not None:
                out.append((a, b))
    return out


def kinds_by_edge(hex_map: HexMap) -> dict[Edge, tuple[str, ...]]:
    """{edge: the kinds on it, in the file's order} (entries of bad labels included as
    written: the validator reports them)."""
    out: dict[Edge, tuple[str, ...]] = {}
    for kind, entries in hex_map.hexsides.items():
        for entry in entries:
            for e in entry_edges(entry):
                if kind not in out.get(e, ()):
                    out[e] = out.get(e, ()) + (kind,)
    return out


def edit_entries(entries: list[str], add: set[Edge], remove: set[Edge]) -> list[str]:
    """A kind's entries with the `remove` edges taken out (a path is cut in two where an
    edge goes) and the `add` edges it lacks appended, one "a/b" line each, in sorted order."""
    out: list[str] = []
    have: set[Edge] = set()
    for entry in entries:
        labels = entry_labels(entry)
        run = [labels[0]]
        for a, b in zip(labels, labels[1:]):
            if edge(a, b) in remove:
                if len(run) > 1:
                    out.append("/".join(run))
                run = [b]
            else:
                run.append(b)
                have.add(edge(a, b))
        if len(run) > 1:
            out.append(entry if len(run) == len(labels) else "/".join(run))
    out += [f"{a}/{b}" for a, b in sorted(add - have - remove)]
    return out


def nearest_edge(geometry: MapGeometry, layout: Layout, x: float, y: float
                 ) -> tuple[Hex, Hex] | None:
    """The two hexes either side of the hexside nearest the point (None off the map or on
    the map's outer edge)."""
    h = layout.pixel_to_hex(x, y)
    if not geometry.contains(h):
        return None
    best, best_d = None, None
    for d in range(6):
        (x1, y1), (x2, y2) = layout.hexside_points(h, d)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dist = (mx - x) ** 2 + (my - y) ** 2
        if best_d is None or dist < best_d:
            best, best_d = d, dist
    other = neighbours(h)[best]
    return (h, other) if geometry.contains(other) else None


def edge_points(layout: Layout, a: Hex, b: Hex, style: str) -> Segment:
    """Where a kind of `style` draws the edge between neighbours a and b: along the shared
    hexside, or across it from centre to centre."""
    if style == "across":
        (x1, y1), (x2, y2) = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
    else:
        d = direction_to(a, b)
        (x1, y1), (x2, y2) = layout.hexside_points(a, d if d is not None else 0)
    return (x1, y1, x2, y2)


def segments(hex_map: HexMap, geometry: MapGeometry, layout: Layout,
             terrain_set: TerrainSet | None) -> list[tuple[HexsideKind, list[Segment]]]:
    """Each kind of the terrain set the map uses with its segments, kinds along edges first
    so roads and bridges are drawn over rivers. Entries naming hexes off the map or not
    neighbours are left out (the validator reports them)."""
    if terrain_set is None:
        return []
    out = []
    kinds = sorted(terrain_set.hexsides, key=lambda k: k.style == "across")
    for kind in kinds:
        segs = [edge_points(layout, a, b, kind.style)
                for a, b in neighbour_pairs(hex_map.hexsides.get(kind.id, ()), geometry)]
        if segs:
            out.append((kind, segs))
    return out
