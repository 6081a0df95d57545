"""Which hexes a brush covers: a disc of radius 0, 1 or 2 (1, 7 or 19 hexes), and lines.

>>> from studio.hexgrid import MapGeometry
>>> g = MapGeometry(10, 10)
>>> len(brush_hexes(g, g.parse_label("0505"), 1)), len(brush_hexes(g, g.parse_label("0101"), 1))
(7, 3)
>>> [g.label(h) for h in line_hexes(g, g.parse_label("0101"), g.parse_label("0401"))]
['0101', '0201', '0301', '0401']
"""
from __future__ import annotations

from studio.hexgrid import Hex, MapGeometry, line, within

BRUSH_RADII = (0, 1, 2)


def brush_hexes(geometry: MapGeometry, center: Hex, radius: int) -> list[Hex]:
    """The on-map hexes within `radius` of `center`."""
    if radius < 0:
        raise ValueError(f"brush radius must be 0 or more, got {radius!r}")
    contains = geometry.contains
    return [h for h in within(center, radius) if contains(h)]


def line_hexes(geometry: MapGeometry, a: Hex, b: Hex) -> list[Hex]:
    """The on-map hexes of the straight line from `a` to `b`, both included."""
    contains = geometry.contains
    return [h for h in line(a, b) if contains(h)]


def stroke_hexes(geometry: MapGeometry, a: Hex, b: Hex, radius: int) -> list[Hex]:
    """Everything a brush of `radius` covers when dragged in a straight line from `a` to `b`
    (mouse moves skip hexes when fast; the stroke must not have gaps)."""
    seen: set[Hex] = set()
    out = []
    for c in line(a, b):
        for h in brush_hexes(geometry, c, radius):
            if h not in seen:
                seen.add(h)
                out.append(h)
    return out
