"""Hex maths against known values, and its invariants as hypothesis properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.board.hexgrid import (
    DIRECTIONS,
    Hex,
    Layout,
    direction_between,
    direction_name,
    distance,
    hex_corners,
    hex_id,
    hex_to_pixel,
    hexes_within,
    hexside_id,
    line,
    neighbour,
    neighbours,
    parse_hex_id,
    parse_hexside_id,
    pixel_to_fractional_hex,
    pixel_to_hex,
    ring,
    spiral,
)

coords = st.integers(min_value=-500, max_value=500)
hexes = st.builds(Hex, coords, coords)
SQ3 = math.sqrt(3)


def test_hex_is_small_value_with_cube_s() -> None:
    h = Hex(3, -1)
    assert (h.q, h.r, h.s) == (3, -1, -2)
    assert h == Hex(3, -1) and hash(h) == hash(Hex(3, -1))
    with pytest.raises(AttributeError):
        h.q = 4  # type: ignore[misc]


def test_hex_id_round_trip_examples() -> None:
    assert hex_id(Hex(12, -3)) == "12,-3"
    assert parse_hex_id("12,-3") == Hex(12, -3)
    assert parse_hex_id("0,0") == Hex(0, 0)
    assert parse_hex_id("-7,15") == Hex(-7, 15)


@pytest.mark.parametrize("junk", ["", "1", "1,2,3", "1, 2", " 1,2", "1,2 ", "+1,2", "01,2", "-0,1",
                                  "a,b", "1.0,2", "1;2", "１,2"])
def test_parse_hex_id_rejects_junk(junk: str) -> None:
    with pytest.raises(ValueError, match="malformed hex id"):
        parse_hex_id(junk)


def test_parse_hex_id_rejects_non_string() -> None:
    with pytest.raises(ValueError, match="must be a string"):
        parse_hex_id((1, 2))  # type: ignore[arg-type]


def test_hexside_id_sorts_as_strings() -> None:
    assert hexside_id("12,-3", "12,-4") == "12,-3|12,-4"
    assert hexside_id("12,-4", "12,-3") == "12,-3|12,-4"
    # String order, not numeric: "10,0" < "9,0".
    assert hexside_id("9,0", "10,0") == "10,0|9,0"
    assert parse_hexside_id("10,0|9,0") == ("10,0", "9,0")


def test_hexside_id_rejects_non_adjacent_and_junk() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_id("0,0", "2,0")
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_id("0,0", "0,0")
    with pytest.raises(ValueError, match="malformed hex id"):
        hexside_id("0,0", "x")
    with pytest.raises(ValueError, match="not canonical"):
        parse_hexside_id("9,0|10,0")
    with pytest.raises(ValueError, match="malformed hexside id"):
        parse_hexside_id("0,0")


def test_directions_are_red_blob_order() -> None:
    assert DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    assert [direction_name(d, "flat") for d in range(6)] == [
        "south-east", "north-east", "north", "north-west", "south-west", "south"]
    assert [direction_name(d, "pointy") for d in range(6)] == [
        "east", "north-east", "north-west", "west", "south-west", "south-east"]
    with pytest.raises(IndexError):
        direction_name(6)


def test_direction_names_match_pixel_geometry() -> None:
    """Each named direction really points that way on a y-down screen."""
    expected_sign = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
                     "north-east": (1, -1), "north-west": (-1, -1), "south-east": (1, 1), "south-west": (-1, 1)}
    for orientation in ("flat", "pointy"):
        layout = Layout.make(orientation, 10.0)
        for d in range(6):
            x, y = hex_to_pixel(layout, DIRECTIONS[d])
            sign = (0 if abs(x) < 1e-9 else int(math.copysign(1, x)), 0 if abs(y) < 1e-9 else int(math.copysign(1, y)))
            assert sign == expected_sign[direction_name(d, orientation)], (orientation, d)


def test_neighbours_of_known_hex() -> None:
    assert neighbours(Hex(2, -1)) == (Hex(3, -1), Hex(3, -2), Hex(2, -2), Hex(1, -1), Hex(1, 0), Hex(2, 0))
    assert neighbour(Hex(2, -1), 4) == Hex(1, 0)
    assert direction_between(Hex(2, -1), Hex(1, 0)) == 4
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(Hex(0, 0), Hex(2, 0))


@pytest.mark.parametrize(("a", "b", "d"), [
    (Hex(0, 0), Hex(0, 0), 0),
    (Hex(0, 0), Hex(3, -1), 3),
    (Hex(1, -2), Hex(-2, 3), 5),
    (Hex(-4, 0), Hex(4, 0), 8),
    (Hex(0, -3), Hex(3, 3), 9),
])
def test_distance_known_values(a: Hex, b: Hex, d: int) -> None:
    assert distance(a, b) == d


def test_line_along_axis_and_through_ties() -> None:
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    # (1, -0.5) and (3, -1.5) lie on hexsides; the nudge settles both towards +r.
    assert line(Hex(0, 0), Hex(4, -2)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2)]
    assert line(Hex(5, 5), Hex(5, 5)) == [Hex(5, 5)]


def test_rings_exact_order() -> None:
    assert ring(Hex(0, 0), 0) == [Hex(0, 0)]
    assert ring(Hex(0, 0), 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]
    assert ring(Hex(0, 0), 2) == [
        Hex(-2, 2), Hex(-1, 2), Hex(0, 2), Hex(1, 1), Hex(2, 0), Hex(2, -1),
        Hex(2, -2), Hex(1, -2), Hex(0, -2), Hex(-1, -1), Hex(-2, 0), Hex(-2, 1)]
    assert ring(Hex(10, -4), 1)[0] == Hex(9, -3)
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)


def test_spiral_and_range() -> None:
    assert spiral(Hex(0, 0), 1) == [Hex(0, 0)] + ring(Hex(0, 0), 1)
    assert hexes_within(Hex(0, 0), 1) == [
        Hex(-1, 0), Hex(-1, 1), Hex(0, -1), Hex(0, 0), Hex(0, 1), Hex(1, -1), Hex(1, 0)]
    assert len(hexes_within(Hex(7, 7), 3)) == 37


def test_flat_pixel_known_values() -> None:
    layout = Layout.make("flat", 20, (0, 0))
    assert hex_to_pixel(layout, Hex(2, -1)) == pytest.approx((60.0, 0.0))
    assert hex_to_pixel(layout, Hex(1, 0)) == pytest.approx((30.0, 10 * SQ3))
    assert hex_to_pixel(Layout.make("flat", 20, (100, 50)), Hex(0, 1)) == pytest.approx((100.0, 50 + 20 * SQ3))
    # The map-format formula: x = x0 + S*3/2*q, y = y0 + S*sqrt(3)*(r + q/2).
    q, r = 7, -3
    assert hex_to_pixel(layout, Hex(q, r)) == pytest.approx((20 * 1.5 * q, 20 * SQ3 * (r + q / 2)))


def test_pointy_pixel_known_values() -> None:
    layout = Layout.make("pointy", 10, (5, 7))
    assert hex_to_pixel(layout, Hex(1, 1)) == pytest.approx((5 + 15 * SQ3, 22.0))
    assert hex_to_pixel(layout, Hex(-2, 0)) == pytest.approx((5 - 20 * SQ3, 7.0))


def test_pixel_to_hex_known_points() -> None:
    flat = Layout.make("flat", 1.0)
    assert pixel_to_hex(flat, (0.9, 0.0)) == Hex(0, 0)
    assert pixel_to_hex(flat, (1.1, 0.1)) == Hex(1, 0)
    assert pixel_to_hex(flat, (1.1, -0.1)) == Hex(1, -1)
    assert pixel_to_fractional_hex(flat, (1.5, SQ3 / 2)) == pytest.approx((1.0, 0.0))
    pointy = Layout.make("pointy", 1.0)
    assert pixel_to_hex(pointy, (0.0, 0.95)) == Hex(0, 0)
    assert pixel_to_hex(pointy, (0.1, 1.05)) == Hex(0, 1)
    assert pixel_to_hex(pointy, (-0.1, 1.05)) == Hex(-1, 1)


def _flat(points: tuple[tuple[float, float], ...]) -> list[float]:
    return [c for p in points for c in p]


def test_corners_flat_and_pointy() -> None:
    h3 = SQ3 / 2
    assert _flat(hex_corners(Layout.make("flat", 1.0), Hex(0, 0))) == pytest.approx(
        [1, 0, 0.5, h3, -0.5, h3, -1, 0, -0.5, -h3, 0.5, -h3], abs=1e-12)
    corners = hex_corners(Layout.make("pointy", 2.0, (10, 10)), Hex(0, 0))
    assert _flat(corners) == pytest.approx(
        [10 + 2 * h3, 11, 10, 12, 10 - 2 * h3, 11, 10 - 2 * h3, 9, 10, 8, 10 + 2 * h3, 9], abs=1e-12)
    # Every corner of a hex is at distance `size` from its centre, on a hex away from 0,0 too.
    layout = Layout.make("flat", 20, (7, 3))
    cx, cy = hex_to_pixel(layout, Hex(4, -2))
    assert [math.hypot(x - cx, y - cy) for x, y in hex_corners(layout, Hex(4, -2))] == pytest.approx([20.0] * 6)


def test_layout_rejects_bad_values() -> None:
    with pytest.raises(ValueError):
        Layout.make("hexagonal", 1.0)
    with pytest.raises(ValueError, match="positive"):
        Layout.make("flat", 0)


# --- properties -------------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_symmetric_and_zero_only_on_self(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_hex_id_round_trips(h: Hex) -> None:
    assert parse_hex_id(hex_id(h)) == h


@given(hexes, hexes)
def test_line_is_connected_and_distance_plus_one_long(a: Hex, b: Hex) -> None:
    pts = line(a, b)
    assert len(pts) == distance(a, b) + 1
    assert pts[0] == a and pts[-1] == b
    assert all(distance(p, n) == 1 for p, n in zip(pts, pts[1:], strict=False))


@given(hexes, st.integers(min_value=0, max_value=20))
def test_ring_size_and_radius(center: Hex, n: int) -> None:
    hs = ring(center, n)
    assert len(hs) == max(1, 6 * n)
    assert len(set(hs)) == len(hs)
    assert all(distance(center, h) == n for h in hs)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_spiral_equals_range(center: Hex, n: int) -> None:
    s = spiral(center, n)
    assert sorted(s) == hexes_within(center, n)
    assert len(s) == 3 * n * (n + 1) + 1


@given(hexes, st.sampled_from(["flat", "pointy"]), st.floats(min_value=0.5, max_value=100),
       st.floats(min_value=-1000, max_value=1000), st.floats(min_value=-1000, max_value=1000))
def test_pixel_round_trip(h: Hex, orientation: str, size: float, x0: float, y0: float) -> None:
    layout = Layout.make(orientation, size, (x0, y0))
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h


@given(hexes, st.sampled_from(["flat", "pointy"]), st.floats(min_value=0, max_value=2 * math.pi),
       st.floats(min_value=0, max_value=0.85))
def test_points_inside_inscribed_circle_pick_the_hex(h: Hex, orientation: str, angle: float, k: float) -> None:
    layout = Layout.make(orientation, 10.0, (3.0, -4.0))
    cx, cy = hex_to_pixel(layout, h)
    # The inscribed circle has radius sqrt(3)/2 * size ≈ 0.866 * size.
    p = (cx + 10.0 * k * math.cos(angle), cy + 10.0 * k * math.sin(angle))
    assert pixel_to_hex(layout, p) == h


@given(hexes)
def test_neighbours_are_at_distance_one(h: Hex) -> None:
    ns = neighbours(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 and direction_between(h, n) == d for d, n in enumerate(ns))
