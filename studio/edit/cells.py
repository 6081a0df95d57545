"""Reading and writing a map's terrain symbols and elevation digits by hex.

A :class:`~studio.model.HexMap` holds one string per row, as the file does; edits touch a few
characters of a few rows, so changes are grouped by row and each touched row is rebuilt once.

>>> from studio.hexgrid import MapGeometry
>>> from studio.model import HexMap
>>> m = HexMap.blank(4, 3, "."); g = MapGeometry(4, 3)
>>> set_symbols(m, g, {g.parse_label("0202"): "f"})
{Hex(q=1, r=1): '.'}
>>> m.terrain
['....', '.f..', '....']
"""
from __future__ import annotations

from typing import Iterable, Mapping

from studio.hexgrid import Hex, MapGeometry
from studio.model import HexMap


def symbol(hexmap: HexMap, geometry: MapGeometry, h: Hex) -> str:
    col, row = geometry.to_offset(h)
    return hexmap.terrain[row - 1][col - 1]


def elevation(hexmap: HexMap, geometry: MapGeometry, h: Hex) -> int:
    if hexmap.elevation is None:
        return 0
    col, row = geometry.to_offset(h)
    return int(hexmap.elevation[row - 1][col - 1])


def on_map(geometry: MapGeometry, hexes: Iterable[Hex]) -> list[Hex]:
    """The hexes that lie on the map, in the given order, without duplicates."""
    seen: set[Hex] = set()
    out = []
    for h in hexes:
        if h not in seen and geometry.contains(h):
            seen.add(h)
            out.append(h)
    return out


def _write(rows: list[str], geometry: MapGeometry, changes: Mapping[Hex, str]) -> dict[Hex, str]:
    by_row: dict[int, list[tuple[int, Hex, str]]] = {}
    for h, ch in changes.items():
        col, row = geometry.to_offset(h)
        if not (1 <= col <= geometry.columns and 1 <= row <= geometry.rows):
            raise ValueError(f"{h!r} is off the {geometry.columns}x{geometry.rows} map")
        by_row.setdefault(row - 1, []).append((col - 1, h, ch))
    old: dict[Hex, str] = {}
    for r, cells in by_row.items():
        chars = list(rows[r])
        for c, h, ch in cells:
            old[h] = chars[c]
            chars[c] = ch
        rows[r] = "".join(chars)
    return old


def set_symbols(hexmap: HexMap, geometry: MapGeometry, changes: Mapping[Hex, str]) -> dict[Hex, str]:
    """Write terrain symbols; returns the symbols they replaced (for undo)."""
    for h, ch in changes.items():
        if len(ch) != 1:
            raise ValueError(f"terrain symbol {ch!r} for {h!r} must be one character")
    return _write(hexmap.terrain, geometry, changes)


def ensure_elevation(hexmap: HexMap) -> bool:
    """Give the map elevation rows (all 0) if it has none; True if it had them already."""
    if hexmap.elevation is not None:
        return True
    hexmap.elevation = ["0" * hexmap.columns for _ in range(hexmap.rows)]
    return False


def set_elevations(hexmap: HexMap, geometry: MapGeometry, changes: Mapping[Hex, int]) -> dict[Hex, int]:
    """Write elevations (0-9); returns the values they replaced (for undo)."""
    digits = {}
    for h, v in changes.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 9:
            raise ValueError(f"elevation {v!r} for {h!r} must be a whole number 0-9")
        digits[h] = str(v)
    ensure_elevation(hexmap)
    assert hexmap.elevation is not None
    return {h: int(d) for h, d in _write(hexmap.elevation, geometry, digits).items()}

