"""Hex geometry: axial/cube coordinates, ids, neighbours, lines, rings and pixel layouts.

Conventions follow Red Blob Games' hex guide (axial ``(q, r)``, cube ``s = -q - r``).

Direction order (index → axial offset → compass name on screen, with y growing downwards as in SVG):

====  ========  ====================  ===================
 i    (dq, dr)  flat-topped           pointy-topped
====  ========  ====================  ===================
 0    (+1,  0)  south-east            east
 1    (+1, -1)  north-east            north-east
 2    ( 0, -1)  north                 north-west
 3    (-1,  0)  north-west            west
 4    (-1, +1)  south-west            south-west
 5    ( 0, +1)  south                 south-east
====  ========  ====================  ===================

Direction ``(i + 3) % 6`` is the opposite of direction ``i``.

Floats appear only in the fractional/pixel helpers, which exist for renderers; game state
never stores them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, TypeAlias

HexId: TypeAlias = str
"""A hex id: ``"q,r"`` in canonical decimal form (``"12,-3"``)."""

HexsideId: TypeAlias = str
"""A hexside id: the two hex ids sorted as strings, joined by ``"|"`` (``"12,-3|12,-4"``)."""

Point: TypeAlias = tuple[float, float]


class Hex(NamedTuple):
    """An axial hex coordinate. Immutable, hashable, ordered by ``(q, r)``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r


class FractionalHex(NamedTuple):
    """A point in axial space with float coordinates (for pixel picking and line drawing)."""

    q: float
    r: float

    @property
    def s(self) -> float:
        return -self.q - self.r


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six axial unit offsets in Red Blob order; see the module docstring for names."""

FLAT_DIRECTION_NAMES: tuple[str, ...] = (
    "south-east",
    "north-east",
    "north",
    "north-west",
    "south-west",
    "south",
)
POINTY_DIRECTION_NAMES: tuple[str, ...] = (
    "east",
    "north-east",
    "north-west",
    "west",
    "south-west",
    "south-east",
)

# Canonical decimal integers only, so that hex_id(parse_hex_id(s)) == s for every accepted s:
# no "+1", no "01", no "-0", no spaces.
_INT = r"(?:0|-?[1-9][0-9]*)"
_HEX_ID_RE = re.compile(rf"({_INT}),({_INT})")


def hex_id(h: Hex) -> HexId:
    """Return the canonical id ``"q,r"`` of ``h``."""
    return f"{h.q},{h.r}"


def parse_hex_id(text: str) -> Hex:
    """Parse a canonical hex id ``"q,r"``.

    :raises ValueError: if ``text`` is not a string of two canonical decimal integers
        separated by one comma (``"3,-1"``; not ``"3, -1"``, ``"+3,1"``, ``"03,1"`` or ``"-0,1"``).
    """
    if not isinstance(text, str):
        raise ValueError(f"hex id must be a string like '3,-1', got {type(text).__name__} {text!r}")
    m = _HEX_ID_RE.fullmatch(text)
    if m is None:
        raise ValueError(f"malformed hex id {text!r}: expected 'q,r' with canonical integers, e.g. '3,-1'")
    return Hex(int(m.group(1)), int(m.group(2)))


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def direction(d: int) -> Hex:
    """Return the unit offset of direction ``d``.

    :raises IndexError: if ``d`` is not in ``0..5``.
    """
    if not 0 <= d < 6:
        raise IndexError(f"hex direction must be 0..5, got {d!r}")
    return DIRECTIONS[d]


def direction_name(d: int, orientation: Orientation | str = "flat") -> str:
    """Return the compass name of direction ``d`` for the given orientation.

    :raises IndexError: if ``d`` is not in ``0..5``.
    :raises ValueError: if ``orientation`` is not ``"flat"`` or ``"pointy"``.
    """
    direction(d)
    names = FLAT_DIRECTION_NAMES if Orientation(orientation) is Orientation.FLAT else POINTY_DIRECTION_NAMES
    return names[d]


def neighbour(h: Hex, d: int) -> Hex:
    """Return the neighbour of ``h`` in direction ``d``.

    :raises IndexError: if ``d`` is not in ``0..5``.
    """
    off = direction(d)
    return Hex(h.q + off.q, h.r + off.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """Return the six neighbours of ``h`` in direction order 0..5."""
    q, r = h
    return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> int:
    """Return the direction ``d`` with ``neighbour(a, d) == b``.

    :raises ValueError: if ``a`` and ``b`` are not adjacent.
    """
    off = (b.q - a.q, b.r - a.r)
    for d, (dq, dr) in enumerate(DIRECTIONS):
        if off == (dq, dr):
            return d
    raise ValueError(f"hexes {hex_id(a)!r} and {hex_id(b)!r} are not adjacent")


def distance(a: Hex, b: Hex) -> int:
    """Return the number of hex steps between ``a`` and ``b``."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def hexside_id(a: HexId, b: HexId) -> HexsideId:
    """Return the id of the hexside between hex ids ``a`` and ``b`` (order does not matter).

    :raises ValueError: if either id is malformed or the hexes are not adjacent.
    """
    ha, hb = parse_hex_id(a), parse_hex_id(b)
    if distance(ha, hb) != 1:
        raise ValueError(f"no hexside between {a!r} and {b!r}: the hexes are not adjacent")
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def parse_hexside_id(text: str) -> tuple[HexId, HexId]:
    """Split a canonical hexside id into its two hex ids (in the id's sorted order).

    :raises ValueError: if ``text`` is not two canonical, adjacent hex ids sorted as strings
        and joined by ``"|"``.
    """
    if not isinstance(text, str) or text.count("|") != 1:
        raise ValueError(f"malformed hexside id {text!r}: expected 'q,r|q,r'")
    a, b = text.split("|")
    canonical = hexside_id(a, b)
    if canonical != text:
        raise ValueError(f"hexside id {text!r} is not canonical: expected {canonical!r}")
    return a, b


def round_hex(f: FractionalHex) -> Hex:
    """Round a fractional axial point to the hex containing it (cube rounding)."""
    q, r, s = f.q, f.r, -f.q - f.r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Reset the coordinate with the largest rounding error so that q + r + s == 0 holds.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Return the hexes on the straight line from ``a`` to ``b``, both included.

    The result has ``distance(a, b) + 1`` hexes, each adjacent to the next.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    # Nudging both ends by the same tiny off-axis offset breaks ties consistently when the line
    # runs exactly along a hexside, instead of letting round() flip between the two sides.
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    step = 1.0 / n
    out = []
    for i in range(n + 1):
        t = step * i
        out.append(round_hex(FractionalHex(aq + (bq - aq) * t, ar + (br - ar) * t)))
    return out


def ring(center: Hex, radius: int) -> list[Hex]:
    """Return the ``6 * radius`` hexes at exactly ``radius`` steps from ``center``.

    Order: start at ``center + radius * direction 4`` and walk directions 0, 1, …, 5 (Red Blob's
    ring walk). ``radius == 0`` gives ``[center]``.

    :raises ValueError: if ``radius`` is negative.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    out = []
    for d in range(6):
        dq, dr = DIRECTIONS[d]
        for _ in range(radius):
            out.append(h)
            h = Hex(h.q + dq, h.r + dr)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Return ``center`` followed by rings 1..``radius``: every hex within ``radius``.

    :raises ValueError: if ``radius`` is negative.
    """
    if radius < 0:
        raise ValueError(f"spiral radius must be >= 0, got {radius}")
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Return every hex within ``radius`` of ``center``, sorted by ``(q, r)``.

    :raises ValueError: if ``radius`` is negative.
    """
    if radius < 0:
        raise ValueError(f"range radius must be >= 0, got {radius}")
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


# ---------------------------------------------------------------------------------------------
# Pixel layouts (renderers only)


class Orientation(str, Enum):
    FLAT = "flat"
    POINTY = "pointy"


@dataclass(frozen=True, slots=True)
class _Matrix:
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in multiples of 60 degrees


_SQRT3 = math.sqrt(3.0)
_MATRICES = {
    Orientation.FLAT: _Matrix(1.5, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0),
    Orientation.POINTY: _Matrix(_SQRT3, _SQRT3 / 2.0, 0.0, 1.5, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """A pixel layout: orientation, hex size (centre to corner) and the pixel of hex ``0,0``.

    ``size`` may be a single radius or an ``(x, y)`` pair for stretched hexes.
    """

    orientation: Orientation = Orientation.FLAT
    size: tuple[float, float] = (1.0, 1.0)
    origin: Point = (0.0, 0.0)

    @classmethod
    def make(
        cls, orientation: Orientation | str = "flat", size: float | tuple[float, float] = 1.0,
        origin: tuple[float, float] = (0.0, 0.0),
    ) -> Layout:
        """Build a layout, accepting a scalar size and a string orientation.

        :raises ValueError: on an unknown orientation or a non-positive size.
        """
        sx, sy = (size, size) if isinstance(size, (int, float)) else size
        if not (sx > 0 and sy > 0):
            raise ValueError(f"hex size must be positive, got {size!r}")
        return cls(Orientation(orientation), (float(sx), float(sy)), (float(origin[0]), float(origin[1])))


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    """Return the pixel centre of ``h``.

    Flat: ``x = x0 + S * 3/2 * q``, ``y = y0 + S * sqrt(3) * (r + q/2)``.
    Pointy: ``x = x0 + S * sqrt(3) * (q + r/2)``, ``y = y0 + S * 3/2 * r``.
    """
    m = _MATRICES[layout.orientation]
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size[0]
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size[1]
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_fractional_hex(layout: Layout, p: Point) -> FractionalHex:
    """Return the fractional axial coordinates of pixel ``p`` (inverse of :func:`hex_to_pixel`)."""
    m = _MATRICES[layout.orientation]
    px = (p[0] - layout.origin[0]) / layout.size[0]
    py = (p[1] - layout.origin[1]) / layout.size[1]
    return FractionalHex(m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py)


def pixel_to_hex(layout: Layout, p: Point) -> Hex:
    """Return the hex containing pixel ``p``."""
    return round_hex(pixel_to_fractional_hex(layout, p))


def hex_corner_offset(layout: Layout, corner: int) -> Point:
    """Return the offset of corner ``corner`` (0..5) from a hex centre.

    Corner ``i`` lies at angle ``60° * (i + start)`` from the +x axis, turning towards +y
    (clockwise on a y-down screen); ``start`` is 0 for flat tops (corner 0 points east) and
    0.5 for pointy tops (corner 0 points east-south-east).
    """
    m = _MATRICES[layout.orientation]
    angle = 2.0 * math.pi * (m.start_angle + corner) / 6.0
    return (layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle))


def hex_corners(layout: Layout, h: Hex) -> tuple[Point, ...]:
    """Return the six pixel corners of ``h`` in corner order 0..5 (see :func:`hex_corner_offset`)."""
    cx, cy = hex_to_pixel(layout, h)
    out = []
    for i in range(6):
        ox, oy = hex_corner_offset(layout, i)
        out.append((cx + ox, cy + oy))
    return tuple(out)
