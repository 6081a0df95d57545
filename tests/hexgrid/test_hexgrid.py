"""Tests for studio.hexgrid: hex coordinates, layouts and printed-map labels."""

from __future__ import annotations

import math
import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.hexgrid import (
    DIRECTIONS,
    FACING_NAMES,
    FLAT,
    ORIENTATIONS,
    POINTY,
    Hex,
    Layout,
    MapGeometry,
    Orientation,
    angle_between,
    bearing,
    direction_to,
    distance,
    distance_qr,
    facing_name,
    hex_round,
    line,
    neighbour,
    neighbours,
    opposite,
    parse_facing,
    ring,
    rotate,
    runs_along_hexside,
    within,
)

# Modest example counts keep the whole file to a few seconds.
FEW = settings(max_examples=60, deadline=None)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
small_coords = st.integers(min_value=-12, max_value=12)
near_hexes = st.builds(Hex, small_coords, small_coords)
orientations = st.sampled_from([FLAT, POINTY])
directions = st.integers(min_value=-12, max_value=12)
sizes = st.one_of(
    st.floats(min_value=0.5, max_value=200.0),
    st.tuples(st.floats(min_value=0.5, max_value=200.0), st.floats(min_value=0.5, max_value=200.0)),
)
origins = st.tuples(st.floats(min_value=-1e4, max_value=1e4), st.floats(min_value=-1e4, max_value=1e4))
maps = st.builds(
    MapGeometry,
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=1, max_value=30),
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["even", "odd"]),
)


def cube_distance(a: Hex, b: Hex) -> int:
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def containing_hexes(fq: Fraction, fr: Fraction) -> set[Hex]:
    """Every hex whose closed cell contains the exact axial point (fq, fr).

    Independent of hex_round: a point p lies in the cell of centre c exactly
    when d = p - c satisfies d_i - d_j <= 1 for every pair of cube
    components (the Voronoi cell of the hex lattice).  Two results mean the
    point is on a hexside.
    """
    fs = -fq - fr
    found = set()
    base_q, base_r = math.floor(fq), math.floor(fr)
    for q in range(base_q - 1, base_q + 3):
        for r in range(base_r - 1, base_r + 3):
            d = (fq - q, fr - r, fs + q + r)
            if max(x - y for x in d for y in d) <= 1:
                found.add(Hex(q, r))
    return found


def sample_points(a: Hex, b: Hex) -> list[tuple[Fraction, Fraction]]:
    n = distance(a, b)
    if n == 0:
        return [(Fraction(a.q), Fraction(a.r))]
    return [(a.q + Fraction((b.q - a.q) * i, n), a.r + Fraction((b.r - a.r) * i, n)) for i in range(n + 1)]


# ---------------------------------------------------------------------------
# Hex value type
# ---------------------------------------------------------------------------


def test_hex_repr_and_cube_coordinate():
    h = Hex(1, -2)
    assert repr(h) == "Hex(q=1, r=-2)"
    assert h.s == 1
    assert h.q + h.r + h.s == 0


def test_hex_arithmetic_is_vector_arithmetic_not_tuple_operations():
    a, b = Hex(1, -2), Hex(3, 4)
    assert a + b == Hex(4, 2) and isinstance(a + b, Hex)
    assert a - b == Hex(-2, -6)
    assert (1, 0) + a == Hex(2, -2) and isinstance((1, 0) + a, Hex)
    assert (1, 0) - a == Hex(0, 2)
    assert a.scale(3) == a * 3 == 3 * a == Hex(3, -6)
    assert -a == Hex(-1, 2)


def test_hex_behaves_as_a_hashable_tuple():
    assert Hex(2, 3) == (2, 3)
    assert hash(Hex(2, 3)) == hash((2, 3))
    q, r = Hex(2, 3)
    assert (q, r) == (2, 3)
    assert len({Hex(0, 0), Hex(0, 0), Hex(1, 0)}) == 2
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


# ---------------------------------------------------------------------------
# Directions, distance, neighbours
# ---------------------------------------------------------------------------


def test_directions_order_and_opposites():
    assert DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    for d in range(6):
        assert opposite(d) == (d + 3) % 6
        assert DIRECTIONS[opposite(d)] == -DIRECTIONS[d]
    assert all(isinstance(d, Hex) for d in DIRECTIONS)


@FEW
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) == cube_distance(a, b)
    assert distance(a, b) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance_qr(a.q, a.r, b.q, b.r) == distance(a, b)


@FEW
@given(hexes)
def test_neighbours_are_adjacent_and_in_direction_order(h):
    ns = neighbours(h)
    assert len(ns) == 6 and len(set(ns)) == 6
    for d, n in enumerate(ns):
        assert isinstance(n, Hex)
        assert n == neighbour(h, d) == h + DIRECTIONS[d]
        assert distance(h, n) == 1
        assert direction_to(h, n) == d
        assert direction_to(n, h) == opposite(d)


@FEW
@given(hexes, directions)
def test_neighbour_takes_direction_mod_6(h, d):
    assert neighbour(h, d) == neighbour(h, d % 6) == neighbour(h, d + 6)


@FEW
@given(hexes, hexes)
def test_direction_to_is_none_unless_adjacent(a, b):
    d = direction_to(a, b)
    if distance(a, b) == 1:
        assert d is not None and neighbour(a, d) == b
    else:
        assert d is None


def test_direction_to_same_hex_is_none():
    assert direction_to(Hex(3, 3), Hex(3, 3)) is None


# ---------------------------------------------------------------------------
# Rounding and lines
# ---------------------------------------------------------------------------


@FEW
@given(st.floats(min_value=-50, max_value=50), st.floats(min_value=-50, max_value=50))
def test_hex_round_returns_a_hex_containing_the_point(fq, fr):
    h = hex_round(fq, fr)
    assert isinstance(h.q, int) and isinstance(h.r, int)
    # Exact arithmetic on the float inputs; the slack covers hex_round's own
    # float rounding for points within ~1e-15 of a hexside.
    d = (Fraction(fq) - h.q, Fraction(fr) - h.r, -Fraction(fq) - Fraction(fr) - h.s)
    assert max(x - y for x in d for y in d) <= 1 + Fraction(1, 10**9)


@FEW
@given(st.integers(-20, 20), st.integers(-20, 20))
def test_hex_round_on_half_integer_points_stays_in_a_touching_hex(q2, r2):
    # Half-integer points are the exact hexside midpoints and other ties.
    fq, fr = Fraction(q2, 2), Fraction(r2, 2)
    assert hex_round(float(fq), float(fr)) in containing_hexes(fq, fr)


@FEW
@given(near_hexes, near_hexes, st.sampled_from([1, -1]))
def test_line_shape(a, b, nudge):
    hs = line(a, b, nudge)
    assert len(hs) == distance(a, b) + 1
    assert hs[0] == a and hs[-1] == b
    assert all(isinstance(h, Hex) for h in hs)
    for x, y in zip(hs, hs[1:]):
        assert distance(x, y) == 1
    # Line of sight must not depend on which end looks at the other.
    assert list(reversed(line(b, a, nudge))) == hs


@FEW
@given(near_hexes, near_hexes, st.sampled_from([1, -1]))
def test_every_line_hex_contains_its_exact_sample_point(a, b, nudge):
    for h, (fq, fr) in zip(line(a, b, nudge), sample_points(a, b)):
        assert h in containing_hexes(fq, fr)


@settings(max_examples=120, deadline=None)
@given(near_hexes, near_hexes)
def test_nudges_disagree_exactly_when_a_sample_lies_on_a_hexside(a, b):
    plus, minus = line(a, b, +1), line(a, b, -1)
    on_hexside = [len(containing_hexes(fq, fr)) >= 2 for fq, fr in sample_points(a, b)]
    for i, tie in enumerate(on_hexside):
        if tie:
            # Each nudge picks a different one of the two hexes.
            assert plus[i] != minus[i]
            assert distance(plus[i], minus[i]) == 1
        else:
            assert plus[i] == minus[i]
    if runs_along_hexside(a, b):
        assert plus != minus


def test_line_along_a_hexside_flat_and_pointy_alike():
    # Hex(0,0) -> Hex(2,-1) is cube (2,-1,-1): parallel to the hexside shared
    # by Hex(1,0) and Hex(1,-1).  Its midpoint (1, -1/2) is that hexside's
    # midpoint, so each nudge keeps to one side of it.  This is pure axial
    # geometry, true whichever way the hexes are drawn.
    assert containing_hexes(Fraction(1), Fraction(-1, 2)) == {Hex(1, 0), Hex(1, -1)}
    assert line(Hex(0, 0), Hex(2, -1), +1) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(Hex(0, 0), Hex(2, -1), -1) == [Hex(0, 0), Hex(1, -1), Hex(2, -1)]
    assert runs_along_hexside(Hex(0, 0), Hex(2, -1))
    # On screen the segment really is collinear with that hexside.
    for layout in (Layout(FLAT, 1.0), Layout(POINTY, 1.0)):
        side = layout.hexside_points(Hex(1, 0), direction_to(Hex(1, 0), Hex(1, -1)))
        (x0, y0), (x1, y1) = layout.hex_to_pixel(Hex(0, 0)), layout.hex_to_pixel(Hex(2, -1))
        for px, py in side:
            cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)
            assert abs(cross) < 1e-9


def test_line_crossing_a_hexside_at_its_midpoint_also_splits_the_nudges():
    # Not along a hexside, but the middle sample is the midpoint of the
    # hexside between Hex(2,0) and Hex(2,-1): the segment passes through both.
    a, b = Hex(0, 0), Hex(4, -1)
    assert not runs_along_hexside(a, b)
    plus, minus = line(a, b, +1), line(a, b, -1)
    assert plus[:2] == minus[:2] and plus[3:] == minus[3:]
    assert {plus[2], minus[2]} == {Hex(2, 0), Hex(2, -1)}


def test_line_of_one_hex_and_bad_nudge():
    assert line(Hex(4, 4), Hex(4, 4)) == [Hex(4, 4)]
    with pytest.raises(ValueError, match="0"):
        line(Hex(0, 0), Hex(1, 0), nudge=0)


@pytest.mark.parametrize("d", range(6))
def test_straight_lines_along_directions(d):
    far = DIRECTIONS[d] * 5
    expected = [DIRECTIONS[d] * k for k in range(6)]
    assert line(Hex(0, 0), far, 1) == line(Hex(0, 0), far, -1) == expected


# ---------------------------------------------------------------------------
# Rings, areas, rotation
# ---------------------------------------------------------------------------


@FEW
@given(hexes, st.integers(min_value=0, max_value=12))
def test_ring_size_distance_and_walk(center, radius):
    hs = ring(center, radius)
    assert len(hs) == max(1, 6 * radius)
    assert len(set(hs)) == len(hs)
    assert all(distance(center, h) == radius for h in hs)
    if radius >= 1:
        for x, y in zip(hs, hs[1:] + hs[:1]):
            assert distance(x, y) == 1


@FEW
@given(hexes, st.integers(min_value=0, max_value=12))
def test_within_is_the_union_of_rings(center, radius):
    hs = within(center, radius)
    assert len(hs) == len(set(hs)) == 3 * radius * (radius + 1) + 1
    assert all(distance(center, h) <= radius for h in hs)
    assert set(hs) == {h for k in range(radius + 1) for h in ring(center, k)}
    assert hs == sorted(hs)


def test_ring_and_within_reject_negative_radius():
    with pytest.raises(ValueError, match="-1"):
        ring(Hex(0, 0), -1)
    with pytest.raises(ValueError, match="-2"):
        within(Hex(0, 0), -2)


def test_ring_zero_is_the_centre():
    assert ring(Hex(3, -7), 0) == [Hex(3, -7)]
    assert within(Hex(3, -7), 0) == [Hex(3, -7)]


@FEW
@given(hexes, hexes, st.integers(min_value=-20, max_value=20))
def test_rotation(h, center, steps):
    assert rotate(h, center, 6) == h
    assert rotate(h, center, 0) == h
    rotated = rotate(h, center, steps)
    assert distance(center, rotated) == distance(center, h)
    assert rotate(rotated, center, -steps) == h
    assert rotate(h, center, steps) == rotate(h, center, steps % 6)
    # Rotation about a centre is a rigid motion: distances are preserved.
    other = neighbour(h, 0)
    assert distance(rotated, rotate(other, center, steps)) == 1


@pytest.mark.parametrize("d", range(6))
@pytest.mark.parametrize("k", range(-6, 7))
def test_rotation_turns_like_direction_indices(d, k):
    assert rotate(DIRECTIONS[d], Hex(0, 0), k) == DIRECTIONS[(d + k) % 6]
    # ...which on screen (y down) means each step subtracts 60 degrees.
    for orientation in (FLAT, POINTY):
        turned = bearing(orientation, Hex(0, 0), rotate(DIRECTIONS[d] * 3, Hex(0, 0), k))
        assert angle_between(turned, bearing(orientation, Hex(0, 0), DIRECTIONS[d]) - 60 * k) < 1e-9


# ---------------------------------------------------------------------------
# Orientation and Layout
# ---------------------------------------------------------------------------


def test_orientation_constants():
    assert FLAT.name == "flat" and POINTY.name == "pointy"
    assert Orientation.FLAT is FLAT and Orientation.POINTY is POINTY
    assert ORIENTATIONS == {"flat": FLAT, "pointy": POINTY}
    assert repr(FLAT) == "Orientation.FLAT"
    assert FLAT.start_angle == 0.0 and POINTY.start_angle == 0.5
    for o in (FLAT, POINTY):
        # b is the inverse of f.
        f = ((o.f0, o.f1), (o.f2, o.f3))
        b = ((o.b0, o.b1), (o.b2, o.b3))
        for i in range(2):
            for j in range(2):
                product = sum(f[i][k] * b[k][j] for k in range(2))
                assert product == pytest.approx(1.0 if i == j else 0.0, abs=1e-12)


def test_layout_normalises_size_and_origin():
    lay = Layout(FLAT, 10)
    assert lay.size == (10.0, 10.0) and lay.origin == (0.0, 0.0)
    assert repr(lay) == "Layout(orientation=Orientation.FLAT, size=(10.0, 10.0), origin=(0.0, 0.0))"
    assert Layout("pointy", (3, 4), (1, 2)) == Layout(POINTY, (3.0, 4.0), (1.0, 2.0))


@pytest.mark.parametrize("bad", [0, -3, (1, 0), "big", (1, 2, 3), float("nan")])
def test_layout_rejects_bad_size(bad):
    with pytest.raises(ValueError) as err:
        Layout(FLAT, bad)
    assert repr(bad) in str(err.value)


def test_layout_rejects_unknown_orientation():
    with pytest.raises(ValueError, match="'hexagonal'"):
        Layout("hexagonal", 1)


@FEW
@given(orientations, sizes, origins, near_hexes)
def test_pixel_round_trip(orientation, size, origin, h):
    lay = Layout(orientation, size, origin)
    x, y = lay.hex_to_pixel(h)
    assert lay.pixel_to_hex(x, y) == h
    fq, fr = lay.pixel_to_fractional(x, y)
    assert fq == pytest.approx(h.q, abs=1e-6) and fr == pytest.approx(h.r, abs=1e-6)


@FEW
@given(
    orientations,
    sizes,
    origins,
    near_hexes,
    st.floats(min_value=0.0, max_value=0.99),
    st.floats(min_value=0.0, max_value=2 * math.pi),
)
def test_any_point_inside_a_hex_maps_back_to_it(orientation, size, origin, h, rho, theta):
    lay = Layout(orientation, size, origin)
    sx, sy = lay.size
    cx, cy = lay.hex_to_pixel(h)
    # Inside the inscribed circle (radius sqrt(3)/2 of a unit hex), stretched
    # with the hex when size is an (x, y) pair.
    inner = rho * math.sqrt(3) / 2
    assert lay.pixel_to_hex(cx + inner * sx * math.cos(theta), cy + inner * sy * math.sin(theta)) == h


@pytest.mark.parametrize("orientation", [FLAT, POINTY])
def test_hex_extents_and_spacing(orientation):
    lay = Layout(orientation, (10.0, 6.0))
    s3 = math.sqrt(3)
    if orientation is FLAT:
        assert (lay.hex_width, lay.hex_height) == pytest.approx((20.0, s3 * 6.0))
        assert (lay.horizontal_spacing, lay.vertical_spacing) == pytest.approx((15.0, s3 * 6.0))
    else:
        assert (lay.hex_width, lay.hex_height) == pytest.approx((s3 * 10.0, 12.0))
        assert (lay.horizontal_spacing, lay.vertical_spacing) == pytest.approx((s3 * 10.0, 9.0))
    # Spacing is the actual centre-to-centre step of the layout.
    x0, y0 = lay.hex_to_pixel(Hex(0, 0))
    x1, _ = lay.hex_to_pixel(Hex(1, 0))
    _, y2 = lay.hex_to_pixel(Hex(0, 1) if orientation is FLAT else Hex(0, 2))
    assert x1 - x0 == pytest.approx(lay.horizontal_spacing)
    assert y2 - y0 == pytest.approx(lay.vertical_spacing * (1 if orientation is FLAT else 2))


@FEW
@given(orientations, sizes, origins, near_hexes)
def test_corners_and_hexsides_are_shared_with_neighbours(orientation, size, origin, h):
    lay = Layout(orientation, size, origin)
    mine = lay.corners(h)
    assert len(mine) == 6
    xs = [x for x, _ in mine]
    ys = [y for _, y in mine]
    assert max(xs) - min(xs) == pytest.approx(lay.hex_width)
    assert max(ys) - min(ys) == pytest.approx(lay.hex_height)
    tol = 1e-6 * max(1.0, *map(abs, origin), *lay.size)

    def close(p, q):
        return abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol

    for d in range(6):
        n = neighbour(h, d)
        side = lay.hexside_points(h, d)
        theirs = lay.corners(n)
        shared = [p for p in mine if any(close(p, q) for q in theirs)]
        assert len(shared) == 2
        assert all(any(close(p, q) for q in shared) for p in side)
        (hx, hy), (nx, ny) = lay.hex_to_pixel(h), lay.hex_to_pixel(n)
        mid = ((side[0][0] + side[1][0]) / 2, (side[0][1] + side[1][1]) / 2)
        assert close(mid, ((hx + nx) / 2, (hy + ny) / 2))


def test_corners_run_clockwise_on_screen():
    for orientation in (FLAT, POINTY):
        pts = Layout(orientation, 1.0).corners(Hex(0, 0))
        # Shoelace sum is positive for clockwise-on-screen order when y is down.
        area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
        assert area2 > 0


# ---------------------------------------------------------------------------
# Bearings, angles, facings
# ---------------------------------------------------------------------------


def test_direction_angles_on_screen_with_y_down():
    assert [Layout(FLAT, 1).direction_angle(d) for d in range(6)] == [30.0, 330.0, 270.0, 210.0, 150.0, 90.0]
    assert [Layout(POINTY, 1).direction_angle(d) for d in range(6)] == [0.0, 300.0, 240.0, 180.0, 120.0, 60.0]
    assert Layout(FLAT, 1).direction_angle(8) == Layout(FLAT, 1).direction_angle(2)


@FEW
@given(orientations, sizes, origins, hexes)
def test_bearing_of_each_neighbour_is_the_direction_angle(orientation, size, origin, h):
    lay = Layout(orientation, size, origin)
    for d in range(6):
        b = bearing(lay, h, neighbour(h, d))
        assert 0.0 <= b < 360.0
        assert b == lay.direction_angle(d)
        assert bearing(orientation, h, neighbour(h, d)) == Layout(orientation, 1.0).direction_angle(d)
        assert bearing(orientation.name, h, neighbour(h, d)) == bearing(orientation, h, neighbour(h, d))


@FEW
@given(orientations, hexes, hexes)
def test_bearing_reverses_by_180(orientation, a, b):
    if a == b:
        with pytest.raises(ValueError, match=repr(a).replace("(", r"\(").replace(")", r"\)")):
            bearing(orientation, a, b)
        return
    there = bearing(orientation, a, b)
    back = bearing(orientation, b, a)
    assert 0.0 <= there < 360.0
    assert angle_between(there, back) == pytest.approx(180.0)


@FEW
@given(st.floats(-1000, 1000), st.floats(-1000, 1000))
def test_angle_between(a, b):
    d = angle_between(a, b)
    assert 0.0 <= d <= 180.0
    assert d == pytest.approx(angle_between(b, a))
    assert angle_between(a, a + 360.0) == pytest.approx(0.0, abs=1e-9)


def test_angle_between_examples():
    assert angle_between(350.0, 10.0) == 20.0
    assert angle_between(0.0, 180.0) == 180.0
    assert angle_between(30.0, 330.0) == 60.0


def test_facing_names_match_screen_geometry():
    assert FACING_NAMES["flat"] == ("SE", "NE", "N", "NW", "SW", "S")
    assert FACING_NAMES["pointy"] == ("E", "NE", "NW", "W", "SW", "SE")
    # Nearest of the eight compass points to each direction's screen angle
    # (y down, so N is 270 and E is 0).
    compass = {0: "E", 45: "SE", 90: "S", 135: "SW", 180: "W", 225: "NW", 270: "N", 315: "NE"}
    for name, orientation in ORIENTATIONS.items():
        lay = Layout(orientation, 1.0)
        for d in range(6):
            angle = lay.direction_angle(d)
            nearest = min(compass, key=lambda c: angle_between(c, angle))
            assert facing_name(name, d) == compass[nearest]


@pytest.mark.parametrize("name", ["flat", "pointy"])
def test_facing_round_trip(name):
    for d in range(6):
        text = facing_name(name, d)
        assert parse_facing(name, text) == d
        assert parse_facing(name, text.lower()) == d
        assert parse_facing(name, f"  {text.title()} ") == d
    assert facing_name(name, 7) == facing_name(name, 1)
    assert facing_name(ORIENTATIONS[name], 0) == facing_name(name, 0)


@pytest.mark.parametrize(("name", "text"), [("flat", "E"), ("pointy", "N"), ("flat", ""), ("pointy", "north")])
def test_parse_facing_errors_quote_text_and_list_names(name, text):
    with pytest.raises(ValueError) as err:
        parse_facing(name, text)
    message = str(err.value)
    assert repr(text) in message
    assert all(n in message for n in FACING_NAMES[name])


def test_facing_rejects_unknown_orientation():
    with pytest.raises(ValueError, match="'hex'"):
        facing_name("hex", 0)


# ---------------------------------------------------------------------------
# MapGeometry: offset coordinates
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["even", "odd"])
def test_0101_is_the_axial_origin(orientation, offset):
    m = MapGeometry(10, 10, orientation, offset)
    assert m.to_hex(1, 1) == Hex(0, 0)
    assert m.to_offset(Hex(0, 0)) == (1, 1)


@FEW
@given(maps, st.integers(-50, 50), st.integers(-50, 50))
def test_offset_axial_round_trip_on_and_off_the_map(m, col, row):
    h = m.to_hex(col, row)
    assert isinstance(h, Hex)
    assert m.to_offset(h) == (col, row)
    assert m.to_hex(*m.to_offset(h)) == h
    assert m.contains(h) == (1 <= col <= m.columns and 1 <= row <= m.rows)


@FEW
@given(maps)
def test_hexes_and_index(m):
    hs = m.hexes()
    assert len(hs) == len(set(hs)) == m.columns * m.rows
    assert hs[: min(2, m.columns)] == [m.to_hex(c, 1) for c in range(1, min(2, m.columns) + 1)]
    for i, h in enumerate(hs):
        assert m.contains(h)
        assert m.index(h) == i
        assert m.hex_at_index(i) == h
    assert hs[-1] == m.to_hex(m.columns, m.rows)
    # The cached list is not shared with callers.
    hs.clear()
    assert len(m.hexes()) == m.columns * m.rows


def test_index_errors():
    m = MapGeometry(20, 15)
    with pytest.raises(ValueError, match=r"Hex\(q=-1, r=0\)"):
        m.index(Hex(-1, 0))
    for bad in (-1, 300, 1.0, True):
        with pytest.raises(IndexError, match=repr(bad).replace(".", r"\.")):
            m.hex_at_index(bad)


@pytest.mark.parametrize(
    ("orientation", "offset", "adjacent", "not_adjacent"),
    [
        # Flat, even columns lower: 0201 sits between 0101 and 0102.
        ("flat", "even", [((1, 1), (2, 1)), ((1, 2), (2, 1)), ((2, 1), (3, 1)), ((2, 1), (3, 2))], [((1, 1), (2, 2))]),
        # Flat, odd columns lower: 0201 sits between 0100 and 0101.
        ("flat", "odd", [((1, 1), (2, 1)), ((1, 1), (2, 2)), ((1, 2), (2, 3))], [((1, 2), (2, 1)), ((2, 1), (1, 3))]),
        # Pointy, even rows right: 0102 sits between 0101 and 0201.
        ("pointy", "even", [((1, 1), (1, 2)), ((2, 1), (1, 2))], [((1, 2), (3, 1))]),
        # Pointy, odd rows right: 0102 sits below-left of 0101.
        ("pointy", "odd", [((1, 1), (1, 2)), ((1, 1), (2, 2))], [((2, 1), (1, 2))]),
    ],
)
def test_printed_adjacency(orientation, offset, adjacent, not_adjacent):
    m = MapGeometry(10, 10, orientation, offset)
    for a, b in adjacent:
        assert distance(m.to_hex(*a), m.to_hex(*b)) == 1, (a, b)
    for a, b in not_adjacent:
        assert distance(m.to_hex(*a), m.to_hex(*b)) > 1, (a, b)


@pytest.mark.parametrize("offset", ["even", "odd"])
def test_flat_map_shifts_the_named_columns_down(offset):
    m = MapGeometry(20, 15, "flat", offset)
    lay = m.layout(10.0)
    y0101 = lay.hex_to_pixel(m.parse_label("0101"))[1]
    y0201 = lay.hex_to_pixel(m.parse_label("0201"))[1]
    y0301 = lay.hex_to_pixel(m.parse_label("0301"))[1]
    if offset == "even":
        assert y0201 > y0101
    else:
        assert y0201 < y0101
    assert y0301 == pytest.approx(y0101)


@pytest.mark.parametrize("offset", ["even", "odd"])
def test_pointy_map_shifts_the_named_rows_right(offset):
    m = MapGeometry(20, 15, "pointy", offset)
    lay = m.layout(10.0)
    x0101 = lay.hex_to_pixel(m.parse_label("0101"))[0]
    x0102 = lay.hex_to_pixel(m.parse_label("0102"))[0]
    x0103 = lay.hex_to_pixel(m.parse_label("0103"))[0]
    if offset == "even":
        assert x0102 > x0101
    else:
        assert x0102 < x0101
    assert x0103 == pytest.approx(x0101)


@settings(max_examples=25, deadline=None)
@given(maps, sizes, origins)
def test_map_draws_as_a_rectangle_starting_at_origin(m, size, origin):
    lay = m.layout(size, origin)
    width, height = m.pixel_size(size)
    tol = 1e-6 * max(1.0, width, height, *map(abs, origin))
    centres = {h: lay.hex_to_pixel(h) for h in m.hexes()}
    # Columns (flat) or rows (pointy) line up; the others zigzag by half a hex.
    for h, (x, y) in centres.items():
        col, row = m.to_offset(h)
        if m.orientation == "flat":
            assert x == pytest.approx(centres[m.to_hex(col, 1)][0], abs=tol)
            assert y - centres[m.to_hex(col, 1)][1] == pytest.approx((row - 1) * lay.vertical_spacing, abs=tol)
            assert x - centres[m.to_hex(1, row)][0] == pytest.approx((col - 1) * lay.horizontal_spacing, abs=tol)
        else:
            assert y == pytest.approx(centres[m.to_hex(1, row)][1], abs=tol)
            assert x - centres[m.to_hex(1, row)][0] == pytest.approx((col - 1) * lay.horizontal_spacing, abs=tol)
            assert y - centres[m.to_hex(col, 1)][1] == pytest.approx((row - 1) * lay.vertical_spacing, abs=tol)
    # The bounding box of every corner starts at origin and has pixel_size.
    xs = [x for h in centres for x, _ in lay.corners(h)]
    ys = [y for h in centres for _, y in lay.corners(h)]
    assert min(xs) == pytest.approx(origin[0], abs=tol)
    assert min(ys) == pytest.approx(origin[1], abs=tol)
    assert max(xs) - min(xs) == pytest.approx(width, abs=tol)
    assert max(ys) - min(ys) == pytest.approx(height, abs=tol)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_layout_origin_is_0101_bbox_corner_for_even_offset(orientation):
    m = MapGeometry(12, 9, orientation, "even")
    lay = m.layout((8.0, 5.0), origin=(30.0, 40.0))
    x, y = lay.hex_to_pixel(m.parse_label("0101"))
    assert x - lay.hex_width / 2 == pytest.approx(30.0)
    assert y - lay.hex_height / 2 == pytest.approx(40.0)


def test_pixel_size_formulae():
    s3 = math.sqrt(3)
    assert MapGeometry(20, 15, "flat").pixel_size(10.0) == pytest.approx((10 * (1.5 * 20 + 0.5), s3 * 10 * 15.5))
    assert MapGeometry(1, 15, "flat").pixel_size(10.0) == pytest.approx((20.0, s3 * 10 * 15))
    assert MapGeometry(20, 15, "pointy").pixel_size(10.0) == pytest.approx((s3 * 10 * 20.5, 10 * (1.5 * 15 + 0.5)))


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        ((0, 10), "0"),
        ((10, -1), "-1"),
        ((10.0, 10), "10.0"),
        ((10, 10, "round"), "'round'"),
        ((10, 10, "flat", "both"), "'both'"),
    ],
)
def test_map_geometry_rejects_bad_arguments(args, quoted):
    with pytest.raises(ValueError) as err:
        MapGeometry(*args)
    assert quoted in str(err.value)


def test_map_geometry_value_semantics():
    assert MapGeometry(20, 15) == MapGeometry(20, 15, "flat", "even")
    assert MapGeometry(20, 15) != MapGeometry(20, 15, "flat", "odd")
    assert len({MapGeometry(20, 15), MapGeometry(20, 15)}) == 1
    assert repr(MapGeometry(3, 4, "pointy", "odd")) == "MapGeometry(columns=3, rows=4, orientation='pointy', offset='odd')"
    m = MapGeometry(20, 15)
    with pytest.raises(AttributeError, match="'columns'"):
        m.columns = 30  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(m)) == m
    assert pickle.loads(pickle.dumps(Layout(POINTY, (2, 3), (4, 5)))) == Layout(POINTY, (2, 3), (4, 5))


# ---------------------------------------------------------------------------
# Labels
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("columns", "rows", "width"),
    [(20, 15, 2), (99, 99, 2), (100, 5, 3), (120, 80, 3), (5, 999, 3), (1000, 5, 4)],
)
def test_label_width(columns, rows, width):
    assert MapGeometry(columns, rows).label_width == width


@pytest.mark.parametrize(("columns", "rows"), [(20, 15), (120, 80)])
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["even", "odd"])
def test_labels_round_trip(columns, rows, orientation, offset):
    m = MapGeometry(columns, rows, orientation, offset)
    labels = [m.label(h) for h in m.hexes()]
    assert len(set(labels)) == len(labels)
    assert all(len(t) == 2 * m.label_width and t.isdigit() for t in labels)
    assert [m.parse_label(t) for t in labels] == m.hexes()


def test_label_digits_are_column_then_row():
    m = MapGeometry(20, 15)
    assert m.label(m.to_hex(5, 3)) == "0503"
    assert m.parse_label("0503") == m.to_hex(5, 3)
    assert m.parse_label(" 0503\n") == m.to_hex(5, 3)
    big = MapGeometry(120, 80)
    assert big.label(big.to_hex(105, 7)) == "105007"
    assert MapGeometry(1000, 5).label(Hex(0, 0)) == "00010001"


def test_label_of_off_map_hex_raises():
    with pytest.raises(ValueError, match=r"Hex\(q=-1, r=0\) is off the map"):
        MapGeometry(20, 15).label(Hex(-1, 0))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0531", "'0531' is off the map: rows run 01..30"),
        ("2105", "'2105' is off the map: columns run 01..20"),
        ("0000", "'0000' is off the map: columns run 01..20"),
        ("0500", "'0500' is off the map: rows run 01..30"),
        ("053", "'053' is not a hex label"),
        ("00503", "'00503' is not a hex label"),
        ("05a3", "'05a3' is not a hex label"),
        ("", "'' is not a hex label"),
        ("-503", "'-503' is not a hex label"),
        ("\u0660\u0665\u0660\u0663", "is not a hex label"),
        (503, "503 is not a hex label"),
    ],
)
def test_parse_label_errors(text, message):
    with pytest.raises(ValueError) as err:
        MapGeometry(20, 30).parse_label(text)
    assert message in str(err.value)


def test_parse_label_requires_the_maps_width():
    with pytest.raises(ValueError, match="expected 6 digits"):
        MapGeometry(120, 80).parse_label("0503")


# ---------------------------------------------------------------------------
# Areas
# ---------------------------------------------------------------------------


def test_parse_area_single_and_rectangle():
    m = MapGeometry(20, 20)
    assert m.parse_area("0305") == [m.to_hex(3, 5)]
    rect = m.parse_area("0101-0520")
    assert len(rect) == 5 * 20
    assert set(rect) == {m.to_hex(c, r) for c in range(1, 6) for r in range(1, 21)}
    assert rect == sorted(rect, key=m.index)
    assert m.parse_area("0520-0101") == rect
    assert m.parse_area(" 0101 - 0520 ") == rect
    assert m.parse_area("0101-0102, 0101, 0305") == [m.to_hex(1, 1), m.to_hex(1, 2), m.to_hex(3, 5)]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "is not a hex area"),
        ("0101-", "'' is not a hex label"),
        ("0101-0202-0303", "is not a hex area"),
        ("0101-0531", "'0531' is off the map: rows run 01..20"),
        ("01a1", "'01a1' is not a hex label"),
        ("0101,,0202", "is not a hex area"),
        ("0101,", "is not a hex area"),
    ],
)
def test_parse_area_errors_quote_the_text(text, fragment):
    with pytest.raises(ValueError) as err:
        MapGeometry(20, 20).parse_area(text)
    message = str(err.value)
    assert repr(text) in message
    assert fragment in message


def test_compact_area_examples():
    m = MapGeometry(20, 15)
    assert m.compact_area([]) == []
    assert m.compact_area(m.hexes()) == ["0101-2015"]
    assert m.compact_area([m.to_hex(3, 5)]) == ["0305"]
    assert m.compact_area(m.parse_area("0101-0512")) == ["0101-0512"]
    # An L: the tall leg wins over the short bar, then the rest of the bar.
    assert m.compact_area(m.parse_area("0101-0110, 0201-0501")) == ["0101-0110", "0201-0501"]
    with pytest.raises(ValueError, match=r"Hex\(q=-1, r=0\) is off the map"):
        m.compact_area([Hex(-1, 0)])


@FEW
@given(
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["even", "odd"]),
    st.sets(st.tuples(st.integers(1, 9), st.integers(1, 7)), max_size=40),
    st.randoms(use_true_random=False),
)
def test_compact_area_round_trip(orientation, offset, cells, rnd):
    m = MapGeometry(9, 7, orientation, offset)
    area = [m.to_hex(c, r) for c, r in cells]
    items = m.compact_area(area)
    union: set[Hex] = set()
    for item in items:
        part = m.parse_area(item)
        assert not union & set(part)  # the rectangles partition the area
        union |= set(part)
    assert union == set(area)
    assert len(items) <= len(area)
    rnd.shuffle(area)
    assert m.compact_area(area) == items
    assert m.compact_area(area + area) == items
    if items:
        assert set(m.parse_area(", ".join(items))) == set(area)


def test_compact_area_output_is_short_for_a_big_zone():
    m = MapGeometry(120, 80)
    zone = m.parse_area("001001-030040") + m.parse_area("031001-031005")
    random.Random(1).shuffle(zone)
    assert m.compact_area(zone) == ["001001-030040", "031001-031005"]


@pytest.mark.parametrize("module", ["studio.hexgrid", "studio.hexgrid.coords",
                                    "studio.hexgrid.layout", "studio.hexgrid.labels"])
def test_hexgrid_docstring_examples(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
