"""Cutting a map into page-sized tiles that overlap, named A1, B1, ... (column letter,
row number).

Map space is the hex layout's: points, x right, y down, the map's bounding box from
(0, 0). Tile ``(i, j)`` shows the region starting at ``(i * step_x, j * step_y)``, where a
step is the region's size less the overlap, so neighbouring tiles share a strip exactly
``overlap`` wide.

>>> t = plan_tiles(1000, 400, region=(300, 300), overlap=20)
>>> t.columns, t.rows, t.step
(4, 2, (280, 280))
>>> tile_name(0, 0), tile_name(27, 3)
('A1', 'AB4')

A map's outer hexes spill nowhere (the bounding box is whole hexes), so the first tile may
start ``inset`` into the map and the last end ``inset`` short of its edge: half a hex less
to cover each way, which often saves a row or a column of sheets.

>>> plan_tiles(900, 400, region=(300, 300), overlap=20).columns
4
>>> t = plan_tiles(900, 400, region=(300, 300), overlap=20, inset=(30, 30))
>>> t.columns, t.rows, t.origin(0, 0)
(3, 2, (30, 30))
"""
from __future__ import annotations

import math
from dataclasses import dataclass


def column_letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    out = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        out = chr(65 + rem) + out
    return out


def tile_name(i: int, j: int) -> str:
    return f"{column_letters(i)}{j + 1}"


@dataclass(frozen=True, slots=True)
class TilePlan:
    columns: int
    rows: int
    region: tuple[float, float]
    step: tuple[float, float]
    overlap: float
    start: tuple[float, float] = (0.0, 0.0)    # where tile A1's region begins

    def origin(self, i: int, j: int) -> tuple[float, float]:
        return (self.start[0] + i * self.step[0], self.start[1] + j * self.step[1])

    def seams(self, axis: int) -> list[float]:
        """Where each tile after the first begins along ``axis`` (its trim line)."""
        count = self.columns if axis == 0 else self.rows
        return [self.start[axis] + k * self.step[axis] for k in range(1, count)]

    def tiles(self) -> list[tuple[int, int]]:
        """Row by row: A1, B1, ..., A2, ..."""
        return [(i, j) for j in range(self.rows) for i in range(self.columns)]

    def touching(self, x0: float, x1: float, axis: int) -> range:
        """Tile indices along ``axis`` whose region meets the span ``[x0, x1]``."""
        step, size = self.step[axis], self.region[axis]
        count = self.columns if axis == 0 else self.rows
        x0, x1 = x0 - self.start[axis], x1 - self.start[axis]
        first = max(0, math.floor((x0 - size) / step) + 1) if step > 0 else 0
        last = min(count - 1, math.ceil(x1 / step) - 1) if step > 0 else 0
        return range(first, last + 1)


def _count(extent: float, size: float, overlap: float, what: str) -> int:
    if extent <= size + 1e-6:
        return 1
    if size <= overlap:
        raise ValueError(f"the overlap ({overlap * 25.4 / 72:.1f} mm) is as wide as a page's "
                         f"printable {what}: use a smaller --overlap or a larger --page")
    return math.ceil((extent - overlap) / (size - overlap) - 1e-9)


def plan_tiles(width: float, height: float, region: tuple[float, float], overlap: float,
               inset: tuple[float, float] = (0.0, 0.0)) -> TilePlan:
    """The fewest tiles of ``region`` that cover the map, less ``inset`` at each edge."""
    cols = _count(width - 2 * inset[0], region[0], overlap, "width")
    rows = _count(height - 2 * inset[1], region[1], overlap, "height")
    return TilePlan(cols, rows, region, (region[0] - overlap, region[1] - overlap), overlap,
                    inset)
