"""Tiled's hexagonal grid, as its HexagonalRenderer lays it out, and how it lines up with ours.

Tiled numbers tiles from (0, 0) at the top left; our printed column/row are those plus one,
so hex "0101" is Tiled's tile (0, 0) and "CCRR" is (CC - 1, RR - 1). A flat-top map staggers
the x axis, a pointy-top map the y axis. Tiled's stagger index says which 0-based indices are
pushed half a hex down (x) or right (y); ours names the 1-based printed ones: our "even"
(printed 02, 04, ... shifted) is Tiled's "odd", and our "odd" is Tiled's "even".

The pixel arithmetic below is Tiled's (integer division included), so a hex's centre found
here is where tmxrasterizer draws it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

TILED_STAGGER_INDEX = {"even": "odd", "odd": "even"}       # ours -> Tiled's
OUR_OFFSET = {tiled: ours for ours, tiled in TILED_STAGGER_INDEX.items()}
STAGGER_AXIS = {"flat": "x", "pointy": "y"}
OUR_ORIENTATION = {"x": "flat", "y": "pointy"}

MIN_HEX_SIZE, MAX_HEX_SIZE = 4, 512


def _even(value: float) -> int:
    return max(2, 2 * round(value / 2))


@dataclass(frozen=True, slots=True)
class TiledGrid:
    """A hexagonal Tiled map's tile size and stagger: everything its renderer needs."""
    tile_width: int
    tile_height: int
    hex_side_length: int
    stagger_axis: str          # "x" (flat-top) or "y" (pointy-top)
    stagger_index: str         # "odd" or "even", Tiled's meaning

    @classmethod
    def for_map(cls, orientation: str, offset: str, hex_size: int) -> "TiledGrid":
        """A regular hexagon of `hex_size` pixels centre to corner, in whole pixels that
        Tiled's integer arithmetic keeps exact (even sizes)."""
        if not MIN_HEX_SIZE <= hex_size <= MAX_HEX_SIZE:
            raise ValueError(f"hex size {hex_size} px is outside {MIN_HEX_SIZE}..{MAX_HEX_SIZE}")
        size = _even(hex_size)
        across_flats = _even(math.sqrt(3.0) * size)
        if orientation == "flat":
            return cls(2 * size, across_flats, size, "x", TILED_STAGGER_INDEX[offset])
        return cls(across_flats, 2 * size, size, "y", TILED_STAGGER_INDEX[offset])

    @property
    def orientation(self) -> str:
        return OUR_ORIENTATION[self.stagger_axis]

    @property
    def offset(self) -> str:
        return OUR_OFFSET[self.stagger_index]

    # Tiled's RenderParams.
    @property
    def _side_x(self) -> int:
        return self.hex_side_length if self.stagger_axis == "x" else 0

    @property
    def _side_y(self) -> int:
        return self.hex_side_length if self.stagger_axis == "y" else 0

    @property
    def side_offset_x(self) -> int:
        return (self.tile_width - self._side_x) // 2

    @property
    def side_offset_y(self) -> int:
        return (self.tile_height - self._side_y) // 2

    @property
    def column_width(self) -> int:
        return self.side_offset_x + self._side_x

    @property
    def row_height(self) -> int:
        return self.side_offset_y + self._side_y

    def staggered(self, x: int, y: int) -> bool:
        index = x if self.stagger_axis == "x" else y
        return bool(index & 1) ^ (self.stagger_index == "even")

    def tile_origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of tile (x, y): Tiled's tileToScreenCoords."""
        if self.stagger_axis == "x":
            px = x * self.column_width
            py = y * (self.side_offset_y * 2 + self._side_y + self._side_y)
            if self.staggered(x, y):
                py += self.row_height
            return px, py
        px = x * (self.side_offset_x * 2 + self._side_x + self._side_x)
        if self.staggered(x, y):
            px += self.column_width
        return px, y * self.row_height

    def centre(self, x: int, y: int) -> tuple[float, float]:
        px, py = self.tile_origin(x, y)
        return (px + (self.column_width + self.side_offset_x) / 2,
                py + (self.row_height + self.side_offset_y) / 2)

    def polygon(self) -> list[tuple[int, int]]:
        """The hexagon of a tile relative to its top-left: Tiled's tileToScreenPolygon
        (its eight points; two of them coincide with neighbours on a regular hexagon)."""
        ox, oy = self.side_offset_x, self.side_offset_y
        cw, rh = self.column_width, self.row_height
        tw, th = cw + ox, rh + oy
        points = [(0, rh), (0, oy), (ox, 0), (cw, 0), (tw, oy), (tw, rh), (cw, th), (ox, th)]
        unique: list[tuple[int, int]] = []
        for p in points:
            if not unique or unique[-1] != p:
                unique.append(p)
        if unique[0] == unique[-1]:
            unique.pop()
        return unique

    def map_size(self, columns: int, rows: int) -> tuple[int, int]:
        """Pixel size of a whole map: Tiled's boundingRect of all tiles."""
        if self.stagger_axis == "x":
            width = columns * self.column_width + self.side_offset_x
            height = rows * (self.side_offset_y * 2 + self._side_y + self._side_y)
            if columns > 1:
                height += self.row_height
            return width, height
        width = columns * (self.side_offset_x * 2 + self._side_x + self._side_x)
        height = rows * self.row_height + self.side_offset_y
        if rows > 1:
            width += self.column_width
        return width, height

    def tile_at(self, px: float, py: float) -> tuple[int, int]:
        """The tile under pixel (px, py): Tiled's screenToTileCoords."""
        stagger_x = self.stagger_axis == "x"
        even = self.stagger_index == "even"
        tw = self.column_width + self.side_offset_x
        th = self.row_height + self.side_offset_y
        if stagger_x:
            px -= tw if even else self.side_offset_x
        else:
            py -= th if even else self.side_offset_y
        ref_x = math.floor(px / (self.column_width * 2))
        ref_y = math.floor(py / (self.row_height * 2))
        rel_x = px - ref_x * self.column_width * 2
        rel_y = py - ref_y * self.row_height * 2
        if stagger_x:
            ref_x = ref_x * 2 + (1 if even else 0)
            left = self._side_x // 2
            cx, cy = left + self.column_width, th // 2
            centres = [(left, cy), (cx, cy - self.row_height), (cx, cy + self.row_height),
                       (cx + self.column_width, cy)]
            steps = [(0, 0), (1, -1), (1, 0), (2, 0)]
        else:
            ref_y = ref_y * 2 + (1 if even else 0)
            top = self._side_y // 2
            cx, cy = tw // 2, top + self.row_height
            centres = [(cx, top), (cx - self.column_width, cy), (cx + self.column_width, cy),
                       (cx, cy + self.row_height)]
            steps = [(0, 0), (-1, 1), (0, 1), (0, 2)]
        nearest = min(range(4), key=lambda i: (centres[i][0] - rel_x) ** 2
                      + (centres[i][1] - rel_y) ** 2)
        return ref_x + steps[nearest][0], ref_y + steps[nearest][1]
