"""The studio's hex grid as a VASSAL HexGrid with HexGridNumbering, on a board image drawn
at ``scale`` pixels per point.

VASSAL's HexGrid (vassal-app/src/main/java/VASSAL/build/module/map/boardPicker/board/
HexGrid.java) lays out flat-topped hexes in columns: column ``nx`` has its centres at
``x = x0 + nx * dx``, and the odd columns (``nx % 2 != 0``) sit ``dy / 2`` lower;
``dy`` is the hex height across flats, ``dx`` the distance between columns. ``sideways``
swaps x and y everywhere (pointy-topped hexes in rows), the origin included. ``x0`` and
``y0`` are integers (setAttribute parses Integer), and the centre arithmetic truncates
(``hexPointCenterFromRawIndex``), so we choose ``dy`` an even whole number of pixels: the
half-row shift is then exact and a centre is off by less than a pixel across.

HexGridNumbering (.../mapgrid/HexGridNumbering.java, RegularGridNumbering.java) names the
hex under a point: column = raw column, row = raw row (+1 in odd raw columns when
``stagger``), then ``hOff``/``vOff`` are added and each number is zero-padded by
``hLeading``/``vLeading`` extra digits. With the origin at hex 0101's centre:

* our ``offset: even`` (02, 04, ... shifted) is VASSAL's own layout: no stagger;
* our ``offset: odd`` (01, 03, ... shifted) puts the shifted half at VASSAL's even raw
  columns, which ``stagger`` numbers one row further on, exactly our rows;
* pointy-topped maps are ``sideways``; there VASSAL's "columns" are our rows, so the
  numbering's ``first`` is ``V`` (its row, i.e. our column, printed first).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from studio.hexgrid import Hex, MapGeometry

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class BoardGrid:
    """Board size in pixels and the HexGrid/HexGridNumbering attributes that match it."""
    geometry: MapGeometry
    scale: float            # pixels per point on the board image
    dy: int                 # hex across the flats, pixels (even)
    width: int              # board image, pixels
    height: int
    corner: tuple[float, float]     # top-left of the map's bounding box on the board, px

    @classmethod
    def for_map(cls, geometry: MapGeometry, hex_flat_to_flat: float, dpi: float,
                margin_px: int = 0) -> "BoardGrid":
        """The board at (nearly) ``dpi``: scaled so the hex is an even number of pixels
        across, and placed so that hex 0101's centre falls on a whole pixel (VASSAL's
        origin is a whole pixel)."""
        dy = max(8, 2 * round(hex_flat_to_flat * dpi / 72 / 2))
        radius = dy / SQRT3
        ox, oy = geometry.layout(radius).hex_to_pixel(Hex(0, 0))
        corner = (margin_px + math.ceil(ox) - ox, margin_px + math.ceil(oy) - oy)
        w, h = geometry.pixel_size(radius)
        return cls(geometry, dy / hex_flat_to_flat, dy, math.ceil(corner[0] + w) + margin_px,
                   math.ceil(corner[1] + h) + margin_px, corner)

    @property
    def origin(self) -> tuple[int, int]:
        """Hex 0101's centre on the board (whole pixels, by construction)."""
        return tuple(round(v) for v in self.centre(Hex(0, 0)))

    @property
    def x0(self) -> int:
        return self.origin[1] if self.sideways else self.origin[0]

    @property
    def y0(self) -> int:
        return self.origin[0] if self.sideways else self.origin[1]

    @property
    def sideways(self) -> bool:
        return self.geometry.orientation == "pointy"

    @property
    def dx(self) -> float:
        """Distance between VASSAL columns: three quarters of a hex's corner-to-corner width."""
        return self.dy * SQRT3 / 2

    @property
    def radius(self) -> float:
        return self.dy / SQRT3

    def centre(self, h: Hex) -> tuple[float, float]:
        """The exact centre of ``h`` on the board image (pixels, y down)."""
        x, y = self.geometry.layout(self.radius, origin=self.corner).hex_to_pixel(h)
        return x, y

    def location(self, h: Hex) -> tuple[int, int]:
        """Where VASSAL puts a piece on ``h``: its centre as whole pixels."""
        x, y = self.centre(h)
        return round(x), round(y)

    def hex_grid_attributes(self) -> dict[str, str]:
        """HexGrid.getAttributeNames with our values (the grid itself is not drawn: the
        board image shows it)."""
        return {"sideways": _bool(self.sideways), "x0": str(self.x0), "y0": str(self.y0),
                "dy": repr(float(self.dy)), "dx": repr(self.dx), "snapTo": "true",
                "edgesLegal": "false", "cornersLegal": "false", "visible": "false",
                "dotsVisible": "false", "color": "0,0,0"}

    def numbering_attributes(self) -> dict[str, str]:
        """HexGridNumbering's attributes (RegularGridNumbering.getAttributeNames + stagger)."""
        leading = str(self.geometry.label_width - 1)
        return {"first": "V" if self.sideways else "H", "sep": "", "hType": "N",
                "hLeading": leading, "hOff": "1", "hDescend": "false", "vType": "N",
                "vLeading": leading, "vOff": "1", "vDescend": "false",
                "locationFormat": "$gridLocation$", "visible": "false", "fontSize": "9",
                "color": "0,0,0", "rotateText": "0", "hDrawOff": "0", "vDrawOff": "0",
                "stagger": _bool(self.geometry.offset == "odd")}


def _bool(flag: bool) -> str:
    return "true" if flag else "false"
