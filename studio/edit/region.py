"""Copy and paste of map regions, with rotation by 60-degree steps.

A :class:`Clip` holds terrain symbols (and elevations) keyed by axial offsets from an anchor
hex, so it can be dropped anywhere, on any map of the same orientation, and turned: rotating
axial offsets is an exact hex rotation (Red Blob's cube rotation).

>>> from studio.hexgrid import MapGeometry
>>> from studio.model import HexMap
>>> m = HexMap(5, 5, terrain=[".....", ".ff..", ".....", ".....", "....."]); g = MapGeometry(5, 5)
>>> clip = copy_region(m, g, [g.parse_label("0202"), g.parse_label("0302")])
>>> len(clip), clip.symbols()
(2, ['f'])
>>> sym, elev = paste_cells(g, clip, g.parse_label("0404"), rotation=3)
>>> sorted(g.label(h) for h in sym)
['0404', '0504']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from studio.hexgrid import Hex, MapGeometry, distance, rotate

_ORIGIN = Hex(0, 0)


@dataclass(slots=True)
class Clip:
    """Cells copied from a map: offset from the anchor -> (symbol, elevation or None)."""
    cells: dict[Hex, tuple[str, int | None]] = field(default_factory=dict)
    orientation: str = "flat"

    def __len__(self) -> int:
        return len(self.cells)

    def symbols(self) -> list[str]:
        return sorted({s for s, _ in self.cells.values()})

    def rotated(self, steps: int) -> "Clip":
        """The clip turned by `steps` x 60 degrees about its anchor (positive: anticlockwise
        on screen, as :func:`studio.hexgrid.rotate`)."""
        return Clip({rotate(h, _ORIGIN, steps): v for h, v in self.cells.items()}, self.orientation)

    def offsets(self, rotation: int = 0) -> list[Hex]:
        return [rotate(h, _ORIGIN, rotation) for h in self.cells]


def copy_region(hexmap, geometry: MapGeometry, hexes: Iterable[Hex]) -> Clip:
    """Copy the on-map `hexes`; the anchor is the copied hex nearest their centre."""
    chosen = [h for h in dict.fromkeys(hexes) if geometry.contains(h)]
    if not chosen:
        raise ValueError("nothing to copy: the selection holds no hex of the map")
    mq = sum(h.q for h in chosen) / len(chosen)
    mr = sum(h.r for h in chosen) / len(chosen)
    centre = Hex(round(mq), round(mr))
    anchor = min(chosen, key=lambda h: (distance(h, centre), h.r, h.q))
    rows, elev = hexmap.terrain, hexmap.elevation
    cells = {}
    for h in chosen:
        c, r = geometry.to_offset(h)
        e = int(elev[r - 1][c - 1]) if elev is not None else None
        cells[h - anchor] = (rows[r - 1][c - 1], e)
    return Clip(cells, geometry.orientation)


def paste_cells(geometry: MapGeometry, clip: Clip, anchor: Hex, rotation: int = 0
                ) -> tuple[dict[Hex, str], dict[Hex, int]]:
    """Where the clip lands with its anchor on `anchor`, turned by `rotation` steps: the new
    symbols and elevations of on-map hexes (cells falling off the map are dropped)."""
    symbols: dict[Hex, str] = {}
    elevations: dict[Hex, int] = {}
    for off, (sym, elev) in clip.cells.items():
        h = anchor + rotate(off, _ORIGIN, rotation)
        if geometry.contains(h):
            symbols[h] = sym
            if elev is not None:
                elevations[h] = elev
    return symbols, elevations
