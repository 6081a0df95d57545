"""Elevation edits: raise, lower, set and smooth, clamped to the file's 0-9 digits.

>>> from studio.hexgrid import MapGeometry
>>> from studio.model import HexMap
>>> m = HexMap(3, 1, terrain=["..."], elevation=["090"]); g = MapGeometry(3, 1)
>>> elevation_changes(m, g, [g.parse_label("0201")], "raise")
{}
>>> elevation_changes(m, g, [g.parse_label("0101")], "smooth")
{Hex(q=0, r=0): 5}
"""
from __future__ import annotations

from typing import Iterable

from studio.hexgrid import Hex, MapGeometry, neighbours
from studio.model import HexMap

ELEVATION_MODES = ("raise", "lower", "set", "smooth")
MIN_ELEVATION, MAX_ELEVATION = 0, 9


def _clamp(v: int) -> int:
    return max(MIN_ELEVATION, min(MAX_ELEVATION, v))


def elevation_changes(hexmap: HexMap, geometry: MapGeometry, hexes: Iterable[Hex], mode: str,
                      value: int = 1) -> dict[Hex, int]:
    """New elevation of every hex the edit changes (hexes left as they are are omitted).

    `raise`/`lower` move by `value` steps, `set` writes `value`, `smooth` replaces each hex by
    the rounded mean of itself and its on-map neighbours, all read before any is written.
    """
    if mode not in ELEVATION_MODES:
        raise ValueError(f"elevation mode {mode!r} is unknown: use one of {', '.join(ELEVATION_MODES)}")
    if mode == "set" and not MIN_ELEVATION <= value <= MAX_ELEVATION:
        raise ValueError(f"elevation {value!r} is out of range: use 0-9")
    rows = hexmap.elevation
    to_offset = geometry.to_offset
    cols, nrows = geometry.columns, geometry.rows

    def height(h: Hex) -> int | None:
        c, r = to_offset(h)
        if 1 <= c <= cols and 1 <= r <= nrows:
            return int(rows[r - 1][c - 1]) if rows is not None else 0
        return None

    out: dict[Hex, int] = {}
    for h in hexes:
        old = height(h)
        if old is None:
            continue
        if mode == "raise":
            new = _clamp(old + value)
        elif mode == "lower":
            new = _clamp(old - value)
        elif mode == "set":
            new = value
        else:
            around = [old] + [e for e in map(height, neighbours(h)) if e is not None]
            # Round half up, so a lone 1 among 0s (mean 1/7) becomes 0 but a ridge keeps height.
            new = _clamp(int(sum(around) / len(around) + 0.5))
        if new != old:
            out[h] = new
    return out
