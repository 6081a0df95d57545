"""Hex coordinates: the axial `Hex` value, directions, distances, neighbours, lines, rings and
rotations (pure integer math, no pixels)."""
from __future__ import annotations

from typing import NamedTuple

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
