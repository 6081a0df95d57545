"""Cached terrain tiles: 256-pixel images per zoom level, repainted per changed hex.

Zoom levels are quarter octaves (factors of 2^(1/4)) in device pixels per scene unit, the
same steps the view's wheel zoom takes, so tiles are normally blitted 1:1 (a scaled blit
costs eighty times more); at any other zoom the level just above is shrunk to fit. An edit does not throw a tile away: it marks the
changed hexes' rectangles dirty and the next paint redraws just those patches (clipped) on the
existing image. Least recently used tiles are dropped beyond `max_tiles`.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from typing import Callable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPixmap

TILE = 256
LEVELS_PER_OCTAVE = 4
MAX_DIRTY_PATCHES = 48      # beyond this many patches a tile is simply re-rendered whole

# paint(painter, scene_rect (x0, y0, x1, y1), scale): the terrain painter bound to a map.
RegionPainter = Callable[[QPainter, tuple[float, float, float, float], float], int]


def level_scale(level: int) -> float:
    return 2.0 ** (level / LEVELS_PER_OCTAVE)


def level_for(zoom: float) -> int:
    """The smallest level whose scale is at least `zoom` (never magnify a tile)."""
    return math.ceil(LEVELS_PER_OCTAVE * math.log2(zoom) - 1e-9)


def snap_zoom(zoom: float) -> float:
    """The level scale nearest to `zoom`."""
    return level_scale(round(LEVELS_PER_OCTAVE * math.log2(zoom)))


class Tile:
    __slots__ = ("image", "dirty", "stale")

    def __init__(self, image: QPixmap) -> None:
        self.image = image
        self.dirty: list[tuple[float, float, float, float]] = []
        self.stale = False          # needs a full re-render


class TileCache:
    def __init__(self, paint: RegionPainter, scene_bounds: tuple[float, float, float, float],
                 max_tiles: int = 400) -> None:
        self.paint = paint
        self.bounds = scene_bounds            # x0, y0, x1, y1 of what holds anything
        self.max_tiles = max_tiles
        self.tiles: "OrderedDict[tuple[int, int, int], Tile]" = OrderedDict()
        self.hexes_painted = 0                # statistics for benchmarks

    # -- geometry ------------------------------------------------------------------------

    @staticmethod
    def tile_rect(level: int, tx: int, ty: int) -> tuple[float, float, float, float]:
        span = TILE / level_scale(level)
        return tx * span, ty * span, (tx + 1) * span, (ty + 1) * span

    def tiles_in(self, level: int, rect: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        """Tile indices at `level` meeting the scene rectangle, within the bounds."""
        bx0, by0, bx1, by1 = self.bounds
        x0, y0 = max(rect[0], bx0), max(rect[1], by0)
        x1, y1 = min(rect[2], bx1), min(rect[3], by1)
        if x0 >= x1 or y0 >= y1:
            return []
        span = TILE / level_scale(level)
        return [(tx, ty)
                for ty in range(math.floor(y0 / span), math.floor(y1 / span) + 1)
                for tx in range(math.floor(x0 / span), math.floor(x1 / span) + 1)]

    # -- rendering -----------------------------------------------------------------------

    def _render(self, level: int, tx: int, ty: int) -> Tile:
        s = level_scale(level)
        x0, y0, x1, y1 = self.tile_rect(level, tx, ty)
        # QPixmap, not QImage: on the raster backend both are memory, but a pixmap blits
        # several times faster (no format conversion per paint).
        img = QPixmap(TILE, TILE)
        img.fill(Qt.transparent)
        p = QPainter(img)
        p.scale(s, s)
        p.translate(-x0, -y0)
        self.hexes_painted += self.paint(p, (x0, y0, x1, y1), s)
        p.end()
        return Tile(img)

    def _repaint_patches(self, level: int, tx: int, ty: int, tile: Tile) -> None:
        s = level_scale(level)
        x0, y0, _, _ = self.tile_rect(level, tx, ty)
        p = QPainter(tile.image)
        for rx0, ry0, rx1, ry1 in tile.dirty:
            # Whole device pixels, so the patch meets the untouched image without a seam.
            # (2 pixels more for antialiased edges and cosmetic pens.)
            dx0 = max(0, math.floor((rx0 - x0) * s) - 2)
            dy0 = max(0, math.floor((ry0 - y0) * s) - 2)
            dx1 = min(TILE, math.ceil((rx1 - x0) * s) + 2)
            dy1 = min(TILE, math.ceil((ry1 - y0) * s) + 2)
            if dx0 >= dx1 or dy0 >= dy1:
                continue
            box = QRect(dx0, dy0, dx1 - dx0, dy1 - dy0)
            p.resetTransform()
            p.setClipping(False)
            p.setCompositionMode(QPainter.CompositionMode_Source)
            p.fillRect(box, Qt.transparent)
            p.setCompositionMode(QPainter.CompositionMode_SourceOver)
            p.setClipRect(box)
            p.scale(s, s)
            p.translate(-x0, -y0)
            area = (x0 + dx0 / s, y0 + dy0 / s, x0 + dx1 / s, y0 + dy1 / s)
            self.hexes_painted += self.paint(p, area, s)
        p.end()
        tile.dirty.clear()

    def get(self, level: int, tx: int, ty: int, render: bool = True) -> Tile | None:
        """The up-to-date tile, rendering or patching it as needed; with `render=False`
        only an already clean tile is returned (None otherwise)."""
        key = (level, tx, ty)
        tile = self.tiles.get(key)
        if tile is not None and not tile.stale:
            if tile.dirty:
                if not render:
                    return None
                self._repaint_patches(level, tx, ty, tile)
            self.tiles.move_to_end(key)
            return tile
        if not render:
            return None
        tile = self._render(level, tx, ty)
        self.tiles[key] = tile
        self.tiles.move_to_end(key)
        while len(self.tiles) > self.max_tiles:
            self.tiles.popitem(last=False)
        return tile

    def peek(self, level: int, tx: int, ty: int) -> Tile | None:
        """A cached tile even if out of date (for a stand-in while the right one renders)."""
        return self.tiles.get((level, tx, ty))

    def levels(self) -> set[int]:
        return {k for k, _, _ in self.tiles}

    # -- invalidation --------------------------------------------------------------------

    def invalidate(self, rects: list[tuple[float, float, float, float]]) -> None:
        """Mark scene rectangles dirty in every cached tile they touch."""
        if not self.tiles:
            return
        for level in self.levels():
            touched: dict[tuple[int, int], list] = {}
            for r in rects:
                for t in self.tiles_in(level, r):
                    touched.setdefault(t, []).append(r)
            for (tx, ty), rs in touched.items():
                tile = self.tiles.get((level, tx, ty))
                if tile is None or tile.stale:
                    continue
                tile.dirty.extend(rs)
                if len(tile.dirty) > MAX_DIRTY_PATCHES:
                    tile.dirty.clear()
                    tile.stale = True

    def clear(self) -> None:
        self.tiles.clear()

    def mark_all_stale(self) -> None:
        """Everything changed, but keep the images as stand-ins until re-rendered."""
        for tile in self.tiles.values():
            tile.dirty.clear()
            tile.stale = True


def device_rect(origin_x: float, origin_y: float, zoom: float, level: int, tx: int, ty: int) -> QRect:
    """Where a tile lands in the viewport; edges rounded consistently so neighbours meet."""
    span = TILE / level_scale(level) * zoom
    left = round(origin_x + tx * span)
    top = round(origin_y + ty * span)
    right = round(origin_x + (tx + 1) * span)
    bottom = round(origin_y + (ty + 1) * span)
    return QRect(left, top, right - left, bottom - top)


__all__ = ["TILE", "Tile", "TileCache", "level_for", "level_scale", "device_rect"]
