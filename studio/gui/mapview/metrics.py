"""Scene geometry of one map: where each printed column/row sits, which hexes a rectangle
touches, neighbour steps and hexside end points, all precomputed.

The painters run over thousands of hexes per frame; going through Hex objects and
MapGeometry for each would cost more than the drawing itself, so this table turns
(col, row) straight into centres. Pure Python (no Qt), scene units = pixels at zoom 1.
"""
from __future__ import annotations

import math

from studio.hexgrid import DIRECTIONS, Hex, Layout, MapGeometry

BASE_HEX_SIZE = 32.0      # scene units from a hex's centre to a corner
SCENE_MARGIN = 2.0        # hexes of empty border around the map in the scene


class MapMetrics:
    def __init__(self, geometry: MapGeometry, size: float = BASE_HEX_SIZE,
                 margin: float = SCENE_MARGIN * BASE_HEX_SIZE) -> None:
        self.geometry = geometry
        self.size = size
        self.margin = margin
        self._centres: dict[Hex, tuple[float, float]] = {}
        self.layout: Layout = geometry.layout(size, origin=(margin, margin))
        w, h = geometry.pixel_size(size)
        self.map_rect = (margin, margin, w, h)                 # x, y, width, height
        self.scene_size = (w + 2 * margin, h + 2 * margin)
        self.flat = geometry.orientation == "flat"
        self.half_w = self.layout.hex_width / 2.0
        self.half_h = self.layout.hex_height / 2.0
        cols, rows = geometry.columns, geometry.rows
        to_hex, h2p = geometry.to_hex, self.layout.hex_to_pixel
        if self.flat:
            # Centre of (col, row) = (col_x[col], col_y[col] + (row - 1) * step)
            self.col_x = [0.0] + [h2p(to_hex(c, 1))[0] for c in range(1, cols + 1)]
            self.col_y = [0.0] + [h2p(to_hex(c, 1))[1] for c in range(1, cols + 1)]
            self.step = self.layout.vertical_spacing
            self.spacing = self.layout.horizontal_spacing
        else:
            # Centre of (col, row) = (row_x[row] + (col - 1) * step, row_y[row])
            self.row_x = [0.0] + [h2p(to_hex(1, r))[0] for r in range(1, rows + 1)]
            self.row_y = [0.0] + [h2p(to_hex(1, r))[1] for r in range(1, rows + 1)]
            self.step = self.layout.horizontal_spacing
            self.spacing = self.layout.vertical_spacing
        ox, oy = h2p(Hex(0, 0))
        self.corner_offsets = [(x - ox, y - oy) for x, y in self.layout.corners(Hex(0, 0))]
        self.side_offsets = []
        for d in range(6):
            (x1, y1), (x2, y2) = self.layout.hexside_points(Hex(0, 0), d)
            self.side_offsets.append(((x1 - ox, y1 - oy), (x2 - ox, y2 - oy)))
        # Offset (dcol, drow) of the neighbour in direction d, by parity of the column
        # (flat) or row (pointy) the hex sits in: offset coordinates zig-zag.
        self.neighbour_steps = {}
        for parity in (0, 1):
            c, r = (2 + parity, 3) if self.flat else (3, 2 + parity)
            h = to_hex(c, r)
            steps = []
            for dq, dr in DIRECTIONS:
                nc, nr = geometry.to_offset(Hex(h.q + dq, h.r + dr))
                steps.append((nc - c, nr - r))
            self.neighbour_steps[(c if self.flat else r) % 2] = tuple(steps)

    def centre(self, col: int, row: int) -> tuple[float, float]:
        if self.flat:
            return self.col_x[col], self.col_y[col] + (row - 1) * self.step
        return self.row_x[row] + (col - 1) * self.step, self.row_y[row]

    def hex_centre(self, h: Hex) -> tuple[float, float]:
        # Remembered: every frame asks it of every unit on the map, thousands on a big one.
        c = self._centres.get(h)
        if c is None:
            c = self._centres[h] = self.layout.hex_to_pixel(h)
        return c

    def hex_bounds(self, h: Hex, grow: float = 0.0) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the hex's bounding box, grown by `grow` on every side."""
        x, y = self.layout.hex_to_pixel(h)
        return (x - self.half_w - grow, y - self.half_h - grow,
                x + self.half_w + grow, y + self.half_h + grow)

    def hex_at(self, x: float, y: float) -> Hex | None:
        h = self.layout.pixel_to_hex(x, y)
        return h if self.geometry.contains(h) else None

    def neighbour(self, col: int, row: int, d: int) -> tuple[int, int]:
        dc, dr = self.neighbour_steps[(col if self.flat else row) % 2][d]
        return col + dc, row + dr

    def cells_in_rect(self, x0: float, y0: float, x1: float, y1: float):
        """(col, row, cx, cy) of every hex whose bounding box meets the rectangle, in
        row-major order within each column band (the order does not matter for painting:
        hexes do not overlap)."""
        g = self.geometry
        if self.flat:
            return self._cells_in_bands(self.col_x, self.col_y, g.columns, g.rows,
                                        (x0, x1, self.half_w), (y0, y1, self.half_h))
        return self._cells_in_bands(self.row_y, self.row_x, g.rows, g.columns,
                                    (y0, y1, self.half_h), (x0, x1, self.half_w))

    def _cells_in_bands(self, band_at: list[float], band_start: list[float], bands: int,
                        per_band: int, across: tuple, along: tuple):
        """The hexes stand in bands, columns when flat and rows when pointy: band i sits at
        `band_at[i]` across the bands and its hexes start at `band_start[i]` along it, one
        `step` apart. Flat and pointy maps are one walk with x and y swapped; `across` and
        `along` are the rectangle's (low, high, half hex size) on those two axes."""
        a0, a1, ha = across
        b0, b1, hb = along
        step = self.step
        flat = self.flat
        for i in _span(a0 - ha, a1 + ha, band_at[1], self.spacing, bands):
            a = band_at[i]
            if a + ha < a0 or a - ha > a1:
                continue
            base = band_start[i]
            for j in _span(b0 - hb, b1 + hb, base, step, per_band):
                b = base + (j - 1) * step
                if b + hb >= b0 and b - hb <= b1:
                    if flat:
                        yield i, j, a, b
                    else:
                        yield j, i, b, a


def _span(low: float, high: float, start: float, spacing: float, count: int) -> range:
    """The indices 1..count whose positions, `start` + (i - 1) * `spacing`, may lie between
    `low` and `high` (callers test each one)."""
    first = max(1, math.floor((low - start) / spacing) + 1)
    last = min(count, math.ceil((high - start) / spacing) + 1)
    return range(first, last + 1)
