"""Small, dependency-free hex helpers used by the map compiler and its tests.

Same conventions as ``docs/map-format.md`` (Red Blob axial coordinates, flat-topped layout,
hex id ``"q,r"``, hexside id = the two hex ids sorted as strings joined by ``"|"``).
Rulebook labels use *odd-q* column-row numbering: columns are ``q``; odd columns sit half a
hex lower than even ones (decided from the BoP anchors and the rulebook's adjacency example).
"""
from __future__ import annotations

import math

from engine.board import hexgrid

SQRT3 = math.sqrt(3.0)

# The axial conventions are engine/board/hexgrid.py's (one convention everywhere); this module
# keeps only what the compiler adds: the tuple-of-ints forms it works in, odd-q rulebook
# labels, and pixel geometry for its SVG.
DIRECTIONS: tuple[tuple[int, int], ...] = tuple((d.q, d.r) for d in hexgrid.DIRECTIONS)
# Corner i of a flat-topped hex is at angle 60*i degrees (0 = east, y down); the edge from
# corner i to corner i+1 faces this direction index.
EDGE_DIRECTION: tuple[int, ...] = (0, 5, 4, 3, 2, 1)


def hex_id(q: int, r: int) -> str:
    return hexgrid.hex_id(hexgrid.Hex(q, r))


def parse_hex_id(hid: str) -> tuple[int, int]:
    h = hexgrid.parse_hex_id(hid)
    return h.q, h.r


def hexside_id(a: str, b: str) -> str:
    return hexgrid.hexside_id(a, b)


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(h.q, h.r) for h in hexgrid.neighbours(hexgrid.Hex(q, r))]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return hexgrid.distance(hexgrid.Hex(*a), hexgrid.Hex(*b))


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    """odd-q column/row → axial."""
    return col, row - (col - (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return q, r + (q - (q & 1)) // 2


def label_of(q: int, r: int) -> str | None:
    col, row = axial_to_offset(q, r)
    if 0 <= col <= 99 and 0 <= row <= 99:
        return f"{col:02d}{row:02d}"
    return None


def axial_of_label(label: str) -> tuple[int, int]:
    return offset_to_axial(int(label[:2]), int(label[2:]))


def hex_to_pixel(q: float, r: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    return origin[0] + size * 1.5 * q, origin[1] + size * SQRT3 * (r + q / 2.0)


def pixel_to_hex(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int]:
    px, py = (x - origin[0]) / size, (y - origin[1]) / size
    fq = 2.0 / 3.0 * px
    fr = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
    return cube_round(fq, fr)


def cube_round(fq: float, fr: float) -> tuple[int, int]:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]
