"""The tileset image: one hexagon per terrain type in its map colour, with a darker rim
for the grid, then one translucent hexagon per elevation level.

An elevation tile is the studio's own elevation tint (higher ground fades towards a warm
cream, each level keeping 90 % of the colour) as cream at the matching opacity, so a hex
drawn in Tiled with its terrain tile under its elevation tile has the colour the studio's
map view gives it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .geometry import TiledGrid
from .png import encode_rgba

RIM_DARKEN = 0.25            # the rim keeps 75 % of the terrain colour
RIM_WIDTH = 1.0              # pixels
ELEVATION_TINT = (255, 246, 220)
ELEVATION_KEEP = 0.9
MAX_ELEVATION = 9


def elevation_alpha(level: int) -> float:
    return 1.0 - ELEVATION_KEEP ** level


def parse_rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@dataclass(frozen=True, slots=True)
class SheetTile:
    rgb: tuple[int, int, int]
    alpha: float = 1.0
    rim: bool = True


def _coverage(grid: TiledGrid) -> list[tuple[int, float]]:
    """For each pixel of a tile inside the hexagon: (index, distance to the nearest edge)."""
    poly = grid.polygon()
    edges = []
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        edges.append((x1, y1, x2 - x1, y2 - y1, length))
    inside = []
    for y in range(grid.tile_height):
        for x in range(grid.tile_width):
            cx, cy = x + 0.5, y + 0.5
            nearest = None
            for x1, y1, dx, dy, length in edges:
                # Clockwise on screen (y down): inside is to the right of every edge.
                signed = (dx * (cy - y1) - dy * (cx - x1)) / length
                if signed < 0:
                    break
                nearest = signed if nearest is None else min(nearest, signed)
            else:
                inside.append((y * grid.tile_width + x, nearest))
    return inside


def terrain_tile(colour: str) -> SheetTile:
    return SheetTile(parse_rgb(colour))


def elevation_tile(level: int) -> SheetTile:
    return SheetTile(ELEVATION_TINT, elevation_alpha(level), rim=False)


def sheet_png(grid: TiledGrid, tiles: list[SheetTile], columns: int) -> tuple[bytes, int, int]:
    """(PNG bytes, width, height) of `tiles` laid out `columns` to a row, no margin or
    spacing."""
    rows = -(-len(tiles) // columns)
    width, height = columns * grid.tile_width, rows * grid.tile_height
    pixels = bytearray(width * height * 4)
    cover = _coverage(grid)
    for n, tile in enumerate(tiles):
        ox, oy = (n % columns) * grid.tile_width, (n // columns) * grid.tile_height
        r, g, b = tile.rgb
        rim = tuple(round(c * (1 - RIM_DARKEN)) for c in tile.rgb)
        a = round(tile.alpha * 255)
        for index, edge_distance in cover:
            y, x = divmod(index, grid.tile_width)
            at = ((oy + y) * width + ox + x) * 4
            rgb = rim if tile.rim and edge_distance < RIM_WIDTH else (r, g, b)
            pixels[at:at + 4] = bytes((*rgb, a))
    return encode_rgba(width, height, pixels), width, height
