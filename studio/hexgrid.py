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

import math
from dataclasses import dataclass, field
from typing import ClassVar, Iterable, NamedTuple, Union

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

_SQRT3 = math.sqrt(3.0)
_HALF_SQRT3 = _SQRT3 / 2.0

# Calling tuple.__new__ directly skips the Python-level __new__ that
# NamedTuple generates; it roughly halves the cost of building a Hex in the
# hot paths (neighbours, rings, lines).
_new = tuple.__new__


# ---------------------------------------------------------------------------
# Hex value type
# ---------------------------------------------------------------------------


class Hex(NamedTuple):
    """A hex in axial coordinates ``(q, r)``; ``s = -q - r`` is implied.

    A NamedTuple rather than a dataclass because hashing and equality then
    run in C: the engine keeps hexes in sets and dict keys by the million.
    The flip side is that a Hex compares equal to the plain tuple ``(q, r)``
    and unpacks like one (``q, r = h``).

    ``+`` and ``-`` are vector addition and subtraction, ``*`` by an integer
    scales (not tuple repetition).

    >>> h = Hex(1, -2)
    >>> h
    Hex(q=1, r=-2)
    >>> h.s
    1
    >>> h + Hex(0, 1), h - Hex(1, 0), h.scale(3), -h
    (Hex(q=1, r=-1), Hex(q=0, r=-2), Hex(q=3, r=-6), Hex(q=-1, r=2))
    >>> 2 * h == h * 2 == h.scale(2)
    True
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The implied third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return _new(Hex, (self[0] + other[0], self[1] + other[1]))

    # Without this, ``(1, 0) + hex`` would be tuple concatenation.
    __radd__ = __add__

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return _new(Hex, (self[0] - other[0], self[1] - other[1]))

    def __rsub__(self, other: tuple[int, int]) -> Hex:
        return _new(Hex, (other[0] - self[0], other[1] - self[1]))

    def scale(self, k: int) -> Hex:
        """The vector multiplied by ``k``.

        >>> Hex(1, -1).scale(4)
        Hex(q=4, r=-4)
        """
        return _new(Hex, (self[0] * k, self[1] * k))

    # Tuple repetition (``h * 2 == (q, r, q, r)``) would be a silent bug.
    __mul__ = scale  # type: ignore[assignment]
    __rmul__ = scale  # type: ignore[assignment]

    def __neg__(self) -> Hex:
        return _new(Hex, (-self[0], -self[1]))


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six axial unit vectors; index order is documented in the module docstring."""

_DQ = tuple(d[0] for d in DIRECTIONS)
_DR = tuple(d[1] for d in DIRECTIONS)
# Keyed by Hex, but a plain (dq, dr) tuple finds the same entry because a Hex
# hashes and compares as a tuple; direction_to relies on that to avoid
# building a Hex just for the lookup.
_DIRECTION_INDEX: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}


# ---------------------------------------------------------------------------
# Distances and neighbours
# ---------------------------------------------------------------------------


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``.

    >>> distance(Hex(0, 0), Hex(3, -1))
    3
    >>> distance(Hex(-2, 5), Hex(-2, 5))
    0
    """
    aq, ar = a
    bq, br = b
    dq = aq - bq
    dr = ar - br
    # |dq| + |dr| + |ds| is always even, so the shift is exact.
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def distance_qr(aq: int, ar: int, bq: int, br: int) -> int:
    """:func:`distance` for callers that keep raw axial ints, not Hex objects.

    >>> distance_qr(0, 0, 3, -1)
    3
    """
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex adjacent to ``h`` in ``direction`` (taken modulo 6).

    >>> neighbour(Hex(2, 3), 0)
    Hex(q=3, r=3)
    >>> neighbour(Hex(2, 3), -1) == neighbour(Hex(2, 3), 5)
    True
    """
    d = direction % 6
    return _new(Hex, (h[0] + _DQ[d], h[1] + _DR[d]))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes adjacent to ``h``, in :data:`DIRECTIONS` order.

    >>> neighbours(Hex(0, 0))[:3]
    (Hex(q=1, r=0), Hex(q=1, r=-1), Hex(q=0, r=-1))
    """
    q, r = h
    return (
        _new(Hex, (q + 1, r)),
        _new(Hex, (q + 1, r - 1)),
        _new(Hex, (q, r - 1)),
        _new(Hex, (q - 1, r)),
        _new(Hex, (q - 1, r + 1)),
        _new(Hex, (q, r + 1)),
    )


def direction_to(a: Hex, b: Hex) -> int | None:
    """Direction index from ``a`` to an adjacent ``b``; None if not adjacent.

    >>> direction_to(Hex(0, 0), Hex(0, 1))
    5
    >>> direction_to(Hex(0, 0), Hex(2, 0)) is None
    True
    """
    return _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))


def opposite(direction: int) -> int:
    """The direction pointing the other way.

    >>> opposite(0), opposite(4)
    (3, 1)
    """
    return (direction + 3) % 6


# ---------------------------------------------------------------------------
# Rounding, lines, rings, areas, rotation
# ---------------------------------------------------------------------------


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing the fractional axial point ``(fq, fr)``.

    Cube rounding: round all three cube coordinates, then recompute the one
    that moved most so that ``q + r + s == 0`` still holds.  A point lying
    exactly on a hexside goes, deterministically, to one of the two hexes.

    >>> hex_round(0.9, -0.2)
    Hex(q=1, r=0)
    >>> hex_round(0.3, 0.4)
    Hex(q=0, r=1)
    """
    fs = -fq - fr
    q = round(fq)
    r = round(fr)
    s = round(fs)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return _new(Hex, (q, r))


_NUDGE = 1e-6


def line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """Hexes on the straight line from ``a``'s centre to ``b``'s, both included.

    The segment is sampled at ``distance(a, b) + 1`` evenly spaced points
    (linear interpolation in cube coordinates) and each point is rounded to
    a hex.  Both ends are first moved by a tiny epsilon,
    ``nudge * (+1e-6, +2e-6, -3e-6)`` in cube ``(q, r, s)``, so that a
    sample falling exactly on a hexside is pushed to a definite side:
    ``nudge=+1`` and ``nudge=-1`` push to opposite sides.

    The two nudged lines differ exactly when some sample falls on a hexside.
    That happens when the line runs *along* hexsides (see
    :func:`runs_along_hexside`), and also when it crosses a hexside exactly
    at its midpoint; in both cases the line genuinely touches both hexes, and
    the union of the two lines is what line-of-sight rules need.

    >>> line(Hex(0, 0), Hex(3, 0))
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]

    Along the hexside between Hex(1, 0) and Hex(1, -1) the nudge decides:

    >>> line(Hex(0, 0), Hex(2, -1), nudge=+1)
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=-1)]
    >>> line(Hex(0, 0), Hex(2, -1), nudge=-1)
    [Hex(q=0, r=0), Hex(q=1, r=-1), Hex(q=2, r=-1)]
    """
    if nudge != 1 and nudge != -1:
        raise ValueError(f"line nudge must be +1 or -1, got {nudge!r}")
    aq, ar = a
    bq, br = b
    n = distance(a, b)
    if n == 0:
        return [_new(Hex, (aq, ar))]
    eps = _NUDGE * nudge
    # Nudging q by eps and r by 2*eps moves the implied s by -3*eps.
    q0 = aq + eps
    r0 = ar + 2.0 * eps
    dq = bq - aq
    dr = br - ar
    # dq * i is an exact int, so each sample is a single correctly rounded
    # division rather than an accumulated sum of float steps.
    return [hex_round(q0 + dq * i / n, r0 + dr * i / n) for i in range(n + 1)]


def runs_along_hexside(a: Hex, b: Hex) -> bool:
    """True if the centre-to-centre line from ``a`` to ``b`` runs along hexsides.

    That is the case when the line is parallel to a hexside, i.e. two of
    the three cube components of ``b - a`` are equal (and not all zero).
    Such a line alternates between passing through hex centres and running
    along a hexside, so ``line(a, b, +1)`` and ``line(a, b, -1)`` each
    pick one of the two hexes flanking every hexside it follows.

    >>> runs_along_hexside(Hex(0, 0), Hex(2, -1))
    True
    >>> runs_along_hexside(Hex(0, 0), Hex(4, -1))
    False
    """
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    ds = -dq - dr
    if dq == 0 and dr == 0:
        return False
    return dq == dr or dr == ds or dq == ds


def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes at exactly ``radius`` steps from ``center``.

    The walk starts at ``center + DIRECTIONS[4] * radius`` and goes round
    through directions 0, 1, ... 5, so consecutive hexes are adjacent.

    >>> ring(Hex(0, 0), 0)
    [Hex(q=0, r=0)]
    >>> ring(Hex(0, 0), 1)
    [Hex(q=-1, r=1), Hex(q=0, r=1), Hex(q=1, r=0), Hex(q=1, r=-1), Hex(q=0, r=-1), Hex(q=-1, r=0)]
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius!r}")
    cq, cr = center
    if radius == 0:
        return [_new(Hex, (cq, cr))]
    q = cq - radius
    r = cr + radius
    out = []
    append = out.append
    for d in range(6):
        dq = _DQ[d]
        dr = _DR[d]
        for _ in range(radius):
            append(_new(Hex, (q, r)))
            q += dq
            r += dr
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at distance ``<= radius`` from ``center`` (Red Blob's "range").

    There are ``3 * radius * (radius + 1) + 1`` of them, ordered by q, then r.

    >>> len(within(Hex(5, 5), 2))
    19
    >>> within(Hex(0, 0), 1)
    [Hex(q=-1, r=0), Hex(q=-1, r=1), Hex(q=0, r=-1), Hex(q=0, r=0), Hex(q=0, r=1), Hex(q=1, r=-1), Hex(q=1, r=0)]
    """
    if radius < 0:
        raise ValueError(f"within radius must be >= 0, got {radius!r}")
    cq, cr = center
    out = []
    append = out.append
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, radius - dq) + 1):
            append(_new(Hex, (cq + dq, cr + dr)))
    return out


def rotate(h: Hex, center: Hex, steps: int) -> Hex:
    """Rotate ``h`` about ``center`` by ``steps * 60`` degrees.

    Positive steps turn the same way as increasing direction index
    (anticlockwise as seen on screen), so rotating ``DIRECTIONS[d]`` by
    ``k`` steps gives ``DIRECTIONS[d + k]``.

    >>> rotate(Hex(1, 0), Hex(0, 0), 1)
    Hex(q=1, r=-1)
    >>> rotate(Hex(3, 1), Hex(2, 1), -1)
    Hex(q=2, r=2)
    """
    cq, cr = center
    q = h[0] - cq
    r = h[1] - cr
    s = -q - r
    k = steps % 6
    # One step maps cube (q, r, s) to (-s, -q, -r); the table is its powers.
    if k == 0:
        nq, nr = q, r
    elif k == 1:
        nq, nr = -s, -q
    elif k == 2:
        nq, nr = r, s
    elif k == 3:
        nq, nr = -q, -r
    elif k == 4:
        nq, nr = s, q
    else:
        nq, nr = -r, -s
    return _new(Hex, (cq + nq, cr + nr))


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


# ---------------------------------------------------------------------------
# Printed maps: offset coordinates and labels
# ---------------------------------------------------------------------------

_Size = Union[float, tuple[float, float]]


def _positive_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"map {what} must be a positive integer, got {value!r}")
    return value


class MapGeometry:
    """A rectangular printed map, with hexes named by offset column/row.

    Columns and rows are numbered from 1 as printed.  Flat-top maps offset
    their columns: with ``offset="even"`` the even-numbered columns (02, 04,
    ...) sit half a hex lower than the odd ones; with ``"odd"`` the odd ones
    do.  Pointy-top maps offset their rows: ``"even"`` shifts even-numbered
    rows half a hex right.  Hex 0101 is always ``Hex(0, 0)``.

    ``to_hex``/``to_offset`` convert any integers, on the map or not;
    ``label``, ``index`` and the parsers insist on hexes on the map.

    >>> m = MapGeometry(20, 15)
    >>> m
    MapGeometry(columns=20, rows=15, orientation='flat', offset='even')
    >>> m.to_hex(5, 3), m.to_offset(Hex(4, 0))
    (Hex(q=4, r=0), (5, 3))
    >>> m.label(Hex(4, 0)), m.parse_label("0503")
    ('0503', Hex(q=4, r=0))
    >>> m.parse_area("0101-0202")
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=0, r=1), Hex(q=1, r=1)]
    >>> m.compact_area(m.parse_area("0101-0512") + m.parse_area("0707"))
    ['0101-0512', '0707']
    """

    __slots__ = ("columns", "rows", "orientation", "offset", "_flat", "_even", "_width", "_hexes")

    columns: int
    rows: int
    orientation: str
    offset: str
    _flat: bool
    _even: bool
    _width: int
    _hexes: tuple[Hex, ...] | None

    def __init__(self, columns: int, rows: int, orientation: str = "flat", offset: str = "even") -> None:
        columns = _positive_int(columns, "columns")
        rows = _positive_int(rows, "rows")
        name = _orientation_name(orientation)
        if offset not in ("even", "odd"):
            raise ValueError(f"map offset must be 'even' or 'odd', got {offset!r}")
        # Immutable (see __setattr__) because instances are hashable and the
        # label width and hex list are derived from the fields.
        put = object.__setattr__
        put(self, "columns", columns)
        put(self, "rows", rows)
        put(self, "orientation", name)
        put(self, "offset", offset)
        put(self, "_flat", name == "flat")
        put(self, "_even", offset == "even")
        put(self, "_width", max(2, len(str(max(columns, rows)))))
        put(self, "_hexes", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"MapGeometry is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[type, tuple[int, int, str, str]]:
        return (MapGeometry, self._key())

    def __repr__(self) -> str:
        return (
            f"MapGeometry(columns={self.columns}, rows={self.rows}, "
            f"orientation={self.orientation!r}, offset={self.offset!r})"
        )

    def _key(self) -> tuple[int, int, str, str]:
        return (self.columns, self.rows, self.orientation, self.offset)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MapGeometry):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # -- offset <-> axial ---------------------------------------------------

    def to_hex(self, col: int, row: int) -> Hex:
        """Axial hex of printed column ``col``, row ``row`` (1-based).

        >>> MapGeometry(10, 10, "pointy", "odd").to_hex(1, 2)
        Hex(q=-1, r=1)
        """
        c = col - 1
        r = row - 1
        # The shifted half of the columns (rows) sits at 0-based odd indices
        # for offset="even" (printed 02 is 0-based 1); shifts use floor
        # division so that off-map negative indices still convert.
        if self._flat:
            return _new(Hex, (c, r - ((c >> 1) if self._even else ((c + 1) >> 1))))
        return _new(Hex, (c - ((r >> 1) if self._even else ((r + 1) >> 1)), r))

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Printed ``(column, row)`` of ``h``, 1-based; inverse of :meth:`to_hex`."""
        q, r = h
        if self._flat:
            return (q + 1, r + ((q >> 1) if self._even else ((q + 1) >> 1)) + 1)
        return (q + ((r >> 1) if self._even else ((r + 1) >> 1)) + 1, r + 1)

    def contains(self, h: Hex) -> bool:
        """True if ``h`` is on the map.

        >>> m = MapGeometry(20, 15)
        >>> m.contains(Hex(0, 0)), m.contains(Hex(-1, 0))
        (True, False)
        """
        col, row = self.to_offset(h)
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def hexes(self) -> list[Hex]:
        """All hexes on the map, row-major: row 1 columns 1.., then row 2..."""
        if self._hexes is None:
            to_hex = self.to_hex
            all_hexes = tuple(
                to_hex(col, row) for row in range(1, self.rows + 1) for col in range(1, self.columns + 1)
            )
            object.__setattr__(self, "_hexes", all_hexes)
            return list(all_hexes)
        return list(self._hexes)

    def index(self, h: Hex) -> int:
        """Row-major position of ``h`` in :meth:`hexes` (for flat arrays).

        >>> MapGeometry(20, 15).index(Hex(1, 1))
        21
        """
        col, row = self.to_offset(h)
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
        return (row - 1) * self.columns + (col - 1)

    def hex_at_index(self, i: int) -> Hex:
        """The hex at row-major position ``i``; inverse of :meth:`index`.

        >>> MapGeometry(20, 15).hex_at_index(21)
        Hex(q=1, r=1)
        """
        count = self.columns * self.rows
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < count:
            raise IndexError(f"hex index {i!r} is out of range 0..{count - 1}")
        row, col = divmod(i, self.columns)
        return self.to_hex(col + 1, row + 1)

    # -- labels ---------------------------------------------------------------

    @property
    def label_width(self) -> int:
        """Digits per number in a label: 2 up to 99 columns/rows, 3 up to 999..."""
        return self._width

    def _extent_text(self) -> str:
        w = self._width
        return f"columns run {1:0{w}d}..{self.columns:0{w}d}, rows run {1:0{w}d}..{self.rows:0{w}d}"

    def _format(self, col: int, row: int) -> str:
        w = self._width
        return f"{col:0{w}d}{row:0{w}d}"

    def label(self, h: Hex) -> str:
        """Printed label of ``h``: column then row, each :attr:`label_width` digits.

        >>> MapGeometry(120, 80).label(Hex(4, 1))
        '005004'
        """
        col, row = self.to_offset(h)
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
        return self._format(col, row)

    def _parse_offset(self, text: str) -> tuple[int, int]:
        w = self._width
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a hex label: expected a string of {2 * w} digits")
        s = text.strip()
        if len(s) != 2 * w or not (s.isascii() and s.isdigit()):
            example = self._format(1, 1)
            raise ValueError(
                f"{text!r} is not a hex label for this map: expected {2 * w} digits, "
                f"column then row (e.g. {example!r})"
            )
        col = int(s[:w])
        row = int(s[w:])
        if not 1 <= col <= self.columns:
            raise ValueError(f"{text!r} is off the map: columns run {1:0{w}d}..{self.columns:0{w}d}")
        if not 1 <= row <= self.rows:
            raise ValueError(f"{text!r} is off the map: rows run {1:0{w}d}..{self.rows:0{w}d}")
        return col, row

    def parse_label(self, text: str) -> Hex:
        """The hex named by a printed label; surrounding whitespace is ignored.

        >>> MapGeometry(20, 30).parse_label("0531")
        Traceback (most recent call last):
        ...
        ValueError: '0531' is off the map: rows run 01..30
        """
        return self.to_hex(*self._parse_offset(text))

    def parse_area(self, text: str) -> list[Hex]:
        """Hexes named by an area: ``"0305"`` or a rectangle ``"0101-0520"``.

        A rectangle covers the offset columns and rows between its two
        corner labels, inclusive (the corners may come in either order).
        Several items may be joined by commas; the result is their union,
        row-major without duplicates.

        >>> m = MapGeometry(20, 20)
        >>> len(m.parse_area("0101-0520")), len(m.parse_area("0305, 0101-0102"))
        (100, 3)
        """
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{text!r} is not a hex area: expected e.g. '0305' or '0101-0520'")
        cols = self.columns
        indices: set[int] = set()
        for item in text.split(","):
            ends = item.split("-")
            if len(ends) > 2 or not item.strip():
                raise ValueError(
                    f"{text!r} is not a hex area: expected labels like '0305' or ranges like '0101-0520'"
                    + (", separated by commas" if "," in text else "")
                )
            try:
                c1, r1 = self._parse_offset(ends[0])
                c2, r2 = self._parse_offset(ends[-1])
            except ValueError as err:
                raise ValueError(f"{text!r} is not a hex area: {err}") from None
            if c1 > c2:
                c1, c2 = c2, c1
            if r1 > r2:
                r1, r2 = r2, r1
            for row in range(r1 - 1, r2):
                base = row * cols
                indices.update(range(base + c1 - 1, base + c2))
        at = self.hex_at_index
        return [at(i) for i in sorted(indices)]

    def compact_area(self, hexes: Iterable[Hex]) -> list[str]:
        """Area strings covering exactly ``hexes``: the inverse of :meth:`parse_area`.

        Greedy and deterministic: scanning row-major, each hex not yet
        covered starts a rectangle as large as possible (widest-first or
        tallest-first, whichever covers more; ties go widest-first).  Items
        come out in row-major order of their top-left corners; single hexes
        are plain labels.

        >>> m = MapGeometry(20, 15)
        >>> m.compact_area(m.parse_area("0101-0110") + m.parse_area("0201-0501"))
        ['0101-0110', '0201-0501']
        """
        remaining: set[tuple[int, int]] = set()
        for h in hexes:
            col, row = self.to_offset(h)
            if not (1 <= col <= self.columns and 1 <= row <= self.rows):
                raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
            remaining.add((row, col))
        out: list[str] = []
        for row, col in sorted(remaining):
            if (row, col) not in remaining:
                continue
            # Widest first: run right, then grow down while whole rows fit.
            c_end = col
            while (row, c_end + 1) in remaining:
                c_end += 1
            r_end = row
            while all((r_end + 1, c) in remaining for c in range(col, c_end + 1)):
                r_end += 1
            # Tallest first: run down, then grow right while whole columns fit.
            r_tall = row
            while (r_tall + 1, col) in remaining:
                r_tall += 1
            c_tall = col
            while all((r, c_tall + 1) in remaining for r in range(row, r_tall + 1)):
                c_tall += 1
            if (r_tall - row + 1) * (c_tall - col + 1) > (r_end - row + 1) * (c_end - col + 1):
                r_end, c_end = r_tall, c_tall
            for r in range(row, r_end + 1):
                for c in range(col, c_end + 1):
                    remaining.discard((r, c))
            first = self._format(col, row)
            out.append(first if (r_end, c_end) == (row, col) else f"{first}-{self._format(c_end, r_end)}")
        return out

    # -- drawing -------------------------------------------------------------

    def _bbox(self, layout: Layout) -> tuple[float, float, float, float]:
        # Only the first two and last two columns/rows can hold an extreme
        # hex (shifted and unshifted ones), so there is no need to visit all.
        cols = sorted({c for c in (1, 2, self.columns - 1, self.columns) if 1 <= c <= self.columns})
        rows = sorted({r for r in (1, 2, self.rows - 1, self.rows) if 1 <= r <= self.rows})
        hw = layout.hex_width / 2.0
        hh = layout.hex_height / 2.0
        xs = []
        ys = []
        for c in cols:
            for r in rows:
                x, y = layout.hex_to_pixel(self.to_hex(c, r))
                xs.append(x)
                ys.append(y)
        return (min(xs) - hw, min(ys) - hh, max(xs) + hw, max(ys) + hh)

    def layout(self, size: _Size, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A layout drawing the whole map with its bounding box's top-left at ``origin``.

        With ``offset="even"`` (either orientation) 0101 is a topmost and
        leftmost hex, so ``origin`` is exactly 0101's own bounding-box corner.
        With ``"odd"``, 0101 is one of the shifted hexes: on a flat-top map it
        starts half a hex below ``origin``, on a pointy-top map half a hex to
        the right (unless the map has a single column / row).

        >>> lay = MapGeometry(20, 15).layout(10.0, origin=(5.0, 5.0))
        >>> x, y = lay.hex_to_pixel(Hex(0, 0))
        >>> round(x - lay.hex_width / 2, 6), round(y - lay.hex_height / 2, 6)
        (5.0, 5.0)
        """
        base = Layout(_orientation(self.orientation), size)
        min_x, min_y, _, _ = self._bbox(base)
        ox, oy = _pair(origin, "origin", allow_scalar=False)
        return Layout(base.orientation, base.size, (ox - min_x, oy - min_y))

    def pixel_size(self, size: _Size) -> tuple[float, float]:
        """``(width, height)`` of the whole map's bounding box for hex ``size``.

        >>> w, h = MapGeometry(20, 15).pixel_size(10.0)
        >>> round(w, 3), round(h, 3)
        (305.0, 268.468)
        """
        min_x, min_y, max_x, max_y = self._bbox(Layout(_orientation(self.orientation), size))
        return (max_x - min_x, max_y - min_y)
