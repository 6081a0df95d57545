"""Setup zones: the area strings a side's `setup_zone` holds <-> sets of hexes.

>>> from studio.hexgrid import MapGeometry
>>> g = MapGeometry(10, 10)
>>> hexes = zone_hexes(g, ["0101-0203", "0505"])
>>> len(hexes), zone_areas(g, hexes)
(7, ['0101-0203', '0505'])
"""
from __future__ import annotations

from typing import Iterable

from studio.hexgrid import Hex, MapGeometry


def _item_hexes(geometry: MapGeometry, item: str) -> list[Hex]:
    """One area item: a label or a rectangle of two labels. Rectangles are expanded here
    rather than by `parse_area`, several times faster on the big zones of big maps."""
    ends = item.split("-")
    if len(ends) != 2:
        return geometry.parse_area(item)
    try:
        c1, r1 = geometry.to_offset(geometry.parse_label(ends[0]))
        c2, r2 = geometry.to_offset(geometry.parse_label(ends[1]))
    except ValueError as err:
        raise ValueError(f"{item!r} is not a hex area: {err}") from None
    to_hex = geometry.to_hex
    return [to_hex(c, r) for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)]


def zone_hexes(geometry: MapGeometry, areas: Iterable[str]) -> set[Hex]:
    """Every hex named by the area strings (labels and rectangles like "0101-0620")."""
    out: set[Hex] = set()
    for item in areas:
        out.update(_item_hexes(geometry, item))
    return out


def zone_areas(geometry: MapGeometry, hexes: Iterable[Hex]) -> list[str]:
    """The shortest-ish list of area strings covering exactly the on-map `hexes`."""
    return geometry.compact_area(h for h in hexes if geometry.contains(h))


def try_zone_hexes(geometry: MapGeometry, areas: Iterable[str]) -> tuple[set[Hex], list[str]]:
    """Like :func:`zone_hexes` but skipping bad items; returns the hexes and the bad items
    (a zone written by hand may name hexes off the map; the validator reports them)."""
    out: set[Hex] = set()
    bad = []
    for item in areas:
        try:
            out.update(_item_hexes(geometry, item))
        except ValueError:
            bad.append(item)
    return out, bad
