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
    cols = geometry.columns
    to_hex = geometry.to_hex
    cells = flood_cells(hexmap, geometry, start)
    return [start] + [to_hex(i % cols + 1, i // cols + 1) for i in cells[1:]]


def flood_cells(hexmap: HexMap, geometry: MapGeometry, start: Hex) -> list[int]:
    """`flood_region` as cell indices (row-major, 0-based: (row-1) * columns + col-1),
    `start` first: a whole 200x200 map in a few tens of milliseconds.

    A scanline fill: the cells of one row next to each other are always neighbours, and so
    is the cell straight above or below, so each run of a row is taken whole and the rows
    above and below are searched from one column before the run to one after (those two only
    when the geometry makes them neighbours: it depends on the parity of column and row).
    """
    if not geometry.contains(start):
        raise ValueError(f"{start!r} is off the map")
    cols, nrows = geometry.columns, geometry.rows
    rows = hexmap.terrain
    steps = _neighbour_steps(geometry)
    c0, r0 = geometry.to_offset(start)
    c0, r0 = c0 - 1, r0 - 1
    target = rows[r0][c0]
    seen = [bytearray(cols) for _ in range(nrows)]
    out = [r0 * cols + c0]
    seen[r0][c0] = 1
    seeds = [(c0, r0)]
    while seeds:
        c, r = seeds.pop()
        row, done = rows[r], seen[r]
        left = c
        while left > 0 and not done[left - 1] and row[left - 1] == target:
            left -= 1
        right = c
        while right < cols - 1 and not done[right + 1] and row[right + 1] == target:
            right += 1
        base = r * cols
        for x in range(left, right + 1):
            if not done[x]:
                done[x] = 1
                out.append(base + x)
        for nr in (r - 1, r + 1):
            if not 0 <= nr < nrows:
                continue
            dr = nr - r
            lo = left - 1 if (-1, dr) in steps[left & 1][r & 1] else left
            hi = right + 1 if (1, dr) in steps[right & 1][r & 1] else right
            nrow, ndone = rows[nr], seen[nr]
            x = max(lo, 0)
            hi = min(hi, cols - 1)
            while x <= hi:
                if not ndone[x] and nrow[x] == target:
                    ndone[x] = 1
                    out.append(nr * cols + x)
                    seeds.append((x, nr))
                    # the rest of this run is taken when the seed's row is scanned
                    x += 1
                    while x <= hi and not ndone[x] and nrow[x] == target:
                        x += 1
                else:
                    x += 1
    return out


def _neighbour_steps(geometry: MapGeometry) -> list[list[list[tuple[int, int]]]]:
    """steps[column parity][row parity] (0-based cells): the six (dcol, drow) to neighbours."""
    steps: list[list[list[tuple[int, int]]]] = [[[], []], [[], []]]
    for pc in (0, 1):
        for pr in (0, 1):
            c, r = 4 + pc, 4 + pr                   # any cell with these parities
            for n in neighbours(geometry.to_hex(c + 1, r + 1)):
                nc, nr = geometry.to_offset(n)
                steps[pc][pr].append((nc - 1 - c, nr - 1 - r))
    return steps
