"""Flood fill: the connected region of hexes sharing one terrain symbol.

>>> from studio.hexgrid import MapGeometry
>>> from studio.model import HexMap
>>> m = HexMap(4, 2, terrain=["..f.", "..f."]); g = MapGeometry(4, 2)
>>> sorted(g.label(h) for h in flood_region(m, g, g.parse_label("0101")))
['0101', '0102', '0201', '0202']
"""
from __future__ import annotations

from studio.hexgrid import Hex, MapGeometry, neighbours
from studio.model import HexMap


def flood_region(hexmap: HexMap, geometry: MapGeometry, start: Hex) -> list[Hex]:
    """Hexes connected to `start` (through hexsides) with the same symbol, `start` first."""
    if not geometry.contains(start):
        raise ValueError(f"{start!r} is off the map")
    rows = hexmap.terrain
    to_offset = geometry.to_offset
    cols, nrows = geometry.columns, geometry.rows

    def sym(h: Hex) -> str | None:
        c, r = to_offset(h)
        if 1 <= c <= cols and 1 <= r <= nrows:
            return rows[r - 1][c - 1]
        return None

    target = sym(start)
    seen = {start}
    out = [start]
    stack = [start]
    while stack:
        h = stack.pop()
        for n in neighbours(h):
            if n not in seen and sym(n) == target:
                seen.add(n)
                out.append(n)
                stack.append(n)
    return out
