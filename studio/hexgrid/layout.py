"""Hex <-> pixel layouts for flat-top and pointy-top maps, screen bearings between hexes, and
the compass names of hexside facings."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

from .coords import DIRECTIONS, Hex, hex_round

_SQRT3 = math.sqrt(3.0)
_HALF_SQRT3 = _SQRT3 / 2.0




# ---------------------------------------------------------------------------
# Orientation and Layout (hex <-> pixel)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Orientation:
    """Forward (``f0..f3``) and inverse (``b0..b3``) matrices of a hex shape.

    Use the module constants :data:`FLAT` and :data:`POINTY` (also
    available as ``Orientation.FLAT`` / ``Orientation.POINTY``).
    ``start_angle`` is the angle of corner 0 in sixths of a turn.

    >>> FLAT
    Orientation.FLAT
    >>> POINTY.name
    'pointy'
    """

    name: str
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float

    FLAT: ClassVar[Orientation]
    POINTY: ClassVar[Orientation]

    def __repr__(self) -> str:
        key = self.name.upper()
        if ORIENTATIONS.get(self.name) is self:
            return f"Orientation.{key}"
        return (
            f"Orientation(name={self.name!r}, f0={self.f0!r}, f1={self.f1!r}, "
            f"f2={self.f2!r}, f3={self.f3!r}, b0={self.b0!r}, b1={self.b1!r}, "
            f"b2={self.b2!r}, b3={self.b3!r}, start_angle={self.start_angle!r})"
        )


FLAT = Orientation("flat", 1.5, 0.0, _HALF_SQRT3, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0)
POINTY = Orientation("pointy", _SQRT3, _HALF_SQRT3, 0.0, 1.5, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
Orientation.FLAT = FLAT
Orientation.POINTY = POINTY
ORIENTATIONS: dict[str, Orientation] = {"flat": FLAT, "pointy": POINTY}


def _orientation(value: Orientation | str) -> Orientation:
    if isinstance(value, Orientation):
        return value
    if isinstance(value, str):
        found = ORIENTATIONS.get(value.strip().lower())
        if found is not None:
            return found
    raise ValueError(f"unknown hex orientation {value!r}: expected 'flat' or 'pointy'")


# cos/sin of multiples of 30 degrees, exact to the last bit, so that hexes'
# corners and extents come out as clean multiples of size and sqrt(3)/2.
_UNIT_30 = {
    0: (1.0, 0.0),
    30: (_HALF_SQRT3, 0.5),
    60: (0.5, _HALF_SQRT3),
    90: (0.0, 1.0),
    120: (-0.5, _HALF_SQRT3),
    150: (-_HALF_SQRT3, 0.5),
    180: (-1.0, 0.0),
    210: (-_HALF_SQRT3, -0.5),
    240: (-0.5, -_HALF_SQRT3),
    270: (0.0, -1.0),
    300: (0.5, -_HALF_SQRT3),
    330: (_HALF_SQRT3, -0.5),
}


def _unit(degrees: float) -> tuple[float, float]:
    exact = _UNIT_30.get(round(degrees) % 360) if degrees == round(degrees) else None
    if exact is not None:
        return exact
    rad = math.radians(degrees)
    return (math.cos(rad), math.sin(rad))


def _screen_angle(dx: float, dy: float) -> float:
    # Rounded to 1e-9 degree so that hexside directions come out as exact
    # multiples of 30 (atan2 gives e.g. 30.000000000000004), which keeps
    # printed values and equality comparisons sane.
    deg = round(math.degrees(math.atan2(dy, dx)) % 360.0, 9)
    return 0.0 if deg >= 360.0 else deg + 0.0  # + 0.0 turns -0.0 into 0.0


def _pair(value: object, what: str, allow_scalar: bool) -> tuple[float, float]:
    if allow_scalar and isinstance(value, (int, float)) and not isinstance(value, bool):
        return (float(value), float(value))
    try:
        x, y = value  # type: ignore[misc]
        return (float(x), float(y))
    except (TypeError, ValueError):
        expected = "a number or an (x, y) pair" if allow_scalar else "an (x, y) pair"
        raise ValueError(f"layout {what} must be {expected}, got {value!r}") from None


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to screen positions: orientation, hex size and origin.

    ``size`` is the hex radius, centre to corner, in pixels/points; give a
    single number, or an ``(x, y)`` pair to stretch hexes.  ``origin`` is the
    pixel position of ``Hex(0, 0)``'s centre.  y points down.

    >>> lay = Layout(FLAT, 10)
    >>> lay
    Layout(orientation=Orientation.FLAT, size=(10.0, 10.0), origin=(0.0, 0.0))
    >>> x, y = lay.hex_to_pixel(Hex(2, -1))
    >>> round(x, 3), round(y, 3)
    (30.0, 0.0)
    >>> lay.pixel_to_hex(29.0, 4.0)
    Hex(q=2, r=-1)
    >>> lay.direction_angle(2)  # flat-top direction 2 is straight up
    270.0
    """

    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float] = (0.0, 0.0)
    # Size-scaled matrices, precomputed because hex_to_pixel/pixel_to_hex run
    # for every hex drawn and every mouse move.
    _fwd: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _inv: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _corner_offsets: tuple[tuple[float, float], ...] = field(init=False, repr=False, compare=False)
    _angles: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _sides: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        o = _orientation(self.orientation)
        sx, sy = _pair(self.size, "size", allow_scalar=True)
        if not (sx > 0.0 and sy > 0.0 and math.isfinite(sx) and math.isfinite(sy)):
            raise ValueError(f"layout size must be positive, got {self.size!r}")
        ox, oy = _pair(self.origin, "origin", allow_scalar=False)
        put = object.__setattr__
        put(self, "orientation", o)
        put(self, "size", (sx, sy))
        put(self, "origin", (ox, oy))
        m0, m1, m2, m3 = o.f0 * sx, o.f1 * sx, o.f2 * sy, o.f3 * sy
        put(self, "_fwd", (m0, m1, m2, m3, ox, oy))
        put(self, "_inv", (o.b0 / sx, o.b1 / sy, o.b2 / sx, o.b3 / sy, ox, oy))
        units = [_unit(60.0 * (o.start_angle + i)) for i in range(6)]
        put(self, "_corner_offsets", tuple((sx * c, sy * s) for c, s in units))
        put(self, "_angles", tuple(_screen_angle(m0 * dq + m1 * dr, m2 * dq + m3 * dr) for dq, dr in DIRECTIONS))
        # Hexside d joins the consecutive corners whose midpoint lies halfway
        # to the neighbour's centre; found numerically so it holds for any
        # orientation rather than relying on a hand-made table.
        sides = []
        for dq, dr in DIRECTIONS:
            hx = (o.f0 * dq + o.f1 * dr) / 2.0
            hy = (o.f2 * dq + o.f3 * dr) / 2.0
            best = min(
                range(6),
                key=lambda i: ((units[i][0] + units[(i + 1) % 6][0]) / 2.0 - hx) ** 2
                + ((units[i][1] + units[(i + 1) % 6][1]) / 2.0 - hy) ** 2,
            )
            sides.append((best, (best + 1) % 6))
        put(self, "_sides", tuple(sides))

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """Pixel position of the centre of ``h``."""
        q, r = h
        m0, m1, m2, m3, ox, oy = self._fwd
        return (m0 * q + m1 * r + ox, m2 * q + m3 * r + oy)

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial coordinates ``(fq, fr)`` of a pixel position.

        >>> Layout(POINTY, 1).pixel_to_fractional(0.0, 0.75)
        (-0.25, 0.5)
        """
        i0, i1, i2, i3, ox, oy = self._inv
        px = x - ox
        py = y - oy
        return (i0 * px + i1 * py, i2 * px + i3 * py)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing pixel position ``(x, y)``."""
        i0, i1, i2, i3, ox, oy = self._inv
        px = x - ox
        py = y - oy
        return hex_round(i0 * px + i1 * py, i2 * px + i3 * py)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h``, clockwise on screen.

        Corner 0 is due east of the centre for flat-top hexes and 30 degrees
        below east for pointy-top ones.

        >>> [(round(x, 3), round(y, 3)) for x, y in Layout(POINTY, 2).corners(Hex(0, 0))][:3]
        [(1.732, 1.0), (0.0, 2.0), (-1.732, 1.0)]
        """
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in self._corner_offsets]

    def hexside_points(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """End points of the hexside of ``h`` facing ``direction`` (mod 6).

        Handy for drawing rivers and roads along hexsides.  The two points
        are given in the clockwise order of :meth:`corners`.

        >>> (x1, y1), (x2, y2) = Layout(FLAT, 1).hexside_points(Hex(0, 0), 2)
        >>> round(x1, 3), round(y1, 3), round(x2, 3), round(y2, 3)
        (-0.5, -0.866, 0.5, -0.866)
        """
        i, j = self._sides[direction % 6]
        cx, cy = self.hex_to_pixel(h)
        offsets = self._corner_offsets
        return (
            (cx + offsets[i][0], cy + offsets[i][1]),
            (cx + offsets[j][0], cy + offsets[j][1]),
        )

    def direction_angle(self, direction: int) -> float:
        """Screen angle in degrees [0, 360) from a hex's centre towards its
        neighbour in ``direction`` (mod 6), y down: 0 = east, 90 = south.

        >>> [Layout(POINTY, 1).direction_angle(d) for d in range(6)]
        [0.0, 300.0, 240.0, 180.0, 120.0, 60.0]
        """
        return self._angles[direction % 6]

    @property
    def hex_width(self) -> float:
        """Width of one hex's bounding box (corner to corner for flat-top)."""
        xs = [dx for dx, _ in self._corner_offsets]
        return max(xs) - min(xs)

    @property
    def hex_height(self) -> float:
        """Height of one hex's bounding box (corner to corner for pointy-top).

        >>> lay = Layout(FLAT, 10)
        >>> lay.hex_width, round(lay.hex_height, 3)
        (20.0, 17.321)
        """
        ys = [dy for _, dy in self._corner_offsets]
        return max(ys) - min(ys)

    @property
    def horizontal_spacing(self) -> float:
        """Horizontal distance between the centres of adjacent columns
        (flat-top) or of side-by-side hexes in a row (pointy-top).

        >>> Layout(FLAT, 10).horizontal_spacing
        15.0
        """
        return abs(self._fwd[0])

    @property
    def vertical_spacing(self) -> float:
        """Vertical distance between the centres of hexes stacked in a
        column (flat-top) or of adjacent rows (pointy-top).

        >>> Layout(POINTY, 10).vertical_spacing
        15.0
        """
        return abs(self._fwd[3])


def bearing(layout_or_orientation: Layout | Orientation | str, a: Hex, b: Hex) -> float:
    """Screen angle in degrees [0, 360) from ``a``'s centre to ``b``'s centre.

    y points down, so 0 = east, 90 = south, 270 = north.  With an
    orientation (or its name) instead of a layout, hexes of size 1 are
    assumed; a layout with a stretched ``size`` bends the angles to match.

    >>> bearing(FLAT, Hex(0, 0), Hex(0, -3))
    270.0
    >>> bearing("pointy", Hex(0, 0), Hex(1, 1))
    30.0
    """
    if isinstance(layout_or_orientation, Layout):
        m0, m1, m2, m3 = layout_or_orientation._fwd[:4]
    else:
        o = _orientation(layout_or_orientation)
        m0, m1, m2, m3 = o.f0, o.f1, o.f2, o.f3
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    if dq == 0 and dr == 0:
        raise ValueError(f"bearing from {a!r} to itself is undefined")
    return _screen_angle(m0 * dq + m1 * dr, m2 * dq + m3 * dr)


def angle_between(a_deg: float, b_deg: float) -> float:
    """Smallest absolute difference between two angles, in [0, 180].

    >>> angle_between(350.0, 10.0), angle_between(90.0, 270.0)
    (20.0, 180.0)
    """
    d = abs(a_deg - b_deg) % 360.0
    return 360.0 - d if d > 180.0 else d


# ---------------------------------------------------------------------------
# Facings
# ---------------------------------------------------------------------------

FACING_NAMES: dict[str, tuple[str, ...]] = {
    "flat": ("SE", "NE", "N", "NW", "SW", "S"),
    "pointy": ("E", "NE", "NW", "W", "SW", "SE"),
}
"""Compass name of each hexside direction, in :data:`DIRECTIONS` order."""


def _orientation_name(orientation: Orientation | str) -> str:
    return _orientation(orientation).name


def facing_name(orientation_name: str, direction: int) -> str:
    """Compass name of hexside ``direction`` (mod 6) for an orientation.

    >>> facing_name("flat", 0), facing_name("pointy", 3)
    ('SE', 'W')
    """
    return FACING_NAMES[_orientation_name(orientation_name)][direction % 6]


def parse_facing(orientation_name: str, text: str) -> int:
    """Direction index of a compass facing name, case-insensitively.

    >>> parse_facing("flat", "nw"), parse_facing("pointy", " E ")
    (3, 0)
    >>> parse_facing("flat", "E")
    Traceback (most recent call last):
    ...
    ValueError: 'E' is not a flat-top hexside facing: expected one of SE, NE, N, NW, SW, S
    """
    name = _orientation_name(orientation_name)
    names = FACING_NAMES[name]
    if isinstance(text, str):
        key = text.strip().upper()
        if key in names:
            return names.index(key)
    raise ValueError(f"{text!r} is not a {name}-top hexside facing: expected one of {', '.join(names)}")
