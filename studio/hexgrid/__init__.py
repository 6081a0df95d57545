"""Hex-grid geometry: coordinates, distances, lines, layouts and map labels.

The vocabulary follows Red Blob Games' guide to hexagonal grids
(https://www.redblobgames.com/grids/hexagons/): a hex is stored in *axial*
coordinates ``(q, r)``; the third *cube* coordinate ``s = -q - r`` is implied.
Printed maps name hexes in *offset* coordinates ("0503" = column 5, row 3);
:class:`MapGeometry` converts between the two.

Screen conventions, used everywhere in this module:

* x grows to the right and y grows **down** (as in Qt; the PDF exporter flips).
* Angles are in degrees, measured from +x towards +y.  Because y points down,
  increasing angles turn *clockwise as seen on screen*: 0 = east,
  90 = south, 180 = west, 270 = north.

Direction indices: ``DIRECTIONS[i]`` for i = 0..5 are the axial unit vectors
``(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)``.  Increasing the index
turns **anticlockwise as seen on screen** (each step subtracts 60 degrees from
the screen angle), for both orientations:

* flat-top:   0 = SE, 1 = NE, 2 = N, 3 = NW, 4 = SW, 5 = S
* pointy-top: 0 = E,  1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE

>>> h = Hex(2, -1)
>>> distance(Hex(0, 0), h)
2
>>> neighbour(Hex(0, 0), 2)
Hex(q=0, r=-1)
>>> facing_name("flat", 2), facing_name("pointy", 0)
('N', 'E')
"""

from __future__ import annotations

from .coords import (DIRECTIONS, Hex, direction_to, distance, distance_qr, hex_round, line, neighbour,
                     neighbours, opposite, ring, rotate, runs_along_hexside, within)
from .layout import (FACING_NAMES, FLAT, ORIENTATIONS, POINTY, Layout, Orientation, angle_between, bearing,
                     facing_name, parse_facing)
from .labels import MapGeometry

__all__ = [
    "Hex",
    "DIRECTIONS",
    "distance",
    "distance_qr",
    "neighbour",
    "neighbours",
    "direction_to",
    "opposite",
    "hex_round",
    "line",
    "runs_along_hexside",
    "ring",
    "within",
    "rotate",
    "Orientation",
    "FLAT",
    "POINTY",
    "ORIENTATIONS",
    "Layout",
    "bearing",
    "angle_between",
    "FACING_NAMES",
    "facing_name",
    "parse_facing",
    "MapGeometry",
]
