"""DoD 2.3 / 8.1 — the Status Display as data: a network of hexes split into three ideologies,
each of three factions, around a neutral zone with one central hex.

The seed describes the display's shape but not its drawing (the sheet is absent). DECIDED
(docs/rules/days_of_decision.md, "Data"): a hex of radius 4 in axial coordinates "q,r"; the
centre hex and its ring are the neutral zone; the rest is cut into three 120-degree sectors,
one per ideology; within a sector the ring number is the faction (ring 2 moderate, ring 3
orthodox, ring 4 radical). The lettered edge hexes that wrap around (2.3) are not modelled.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .powers import COMMUNISM, DEMOCRACY, FASCISM

RADIUS = 4
CENTRE = "0,0"
NEUTRAL = "neutral"
FACTIONS = ("moderate", "orthodox", "radical")          # rings 2, 3, 4
CENTRE_FACTION = "orthodox"     # the middle ring: the centre faction IPO 1 steers by
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SECTOR_IDEOLOGY = (DEMOCRACY, FASCISM, COMMUNISM)       # counter-clockwise from east


def parse(hex_id: str) -> tuple[int, int]:
    q, r = hex_id.split(",")
    return int(q), int(r)


@lru_cache(maxsize=None)
def distance(a: str, b: str) -> int:
    """Hexes between two display hexes (the display distance of IPO 3 and 8.1.2). Cached: the
    display is fixed, and IPO 1's paths and 8.1.2's control ask for it very often."""
    (aq, ar), (bq, br) = parse(a), parse(b)
    return (abs(aq - bq) + abs(ar - br) + abs((aq + ar) - (bq + br))) // 2


def neighbours(hex_id: str) -> list[str]:
    q, r = parse(hex_id)
    return [f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS if f"{q + dq},{r + dr}" in HEXES]


def _ideology(q: int, r: int) -> str:
    # Offset half a degree so no hex centre sits on a sector boundary.
    x, y = math.sqrt(3) * (q + r / 2), -1.5 * r
    angle = (math.degrees(math.atan2(y, x)) + 0.5) % 360
    return SECTOR_IDEOLOGY[int(angle // 120)]


def _build() -> dict[str, dict[str, str]]:
    hexes = {}
    for q in range(-RADIUS, RADIUS + 1):
        for r in range(-RADIUS, RADIUS + 1):
            if abs(q + r) > RADIUS:
                continue
            hex_id = f"{q},{r}"
            ring = distance(CENTRE, hex_id)
            if ring <= 1:
                hexes[hex_id] = {"ideology": NEUTRAL, "faction": NEUTRAL}
            else:
                hexes[hex_id] = {"ideology": _ideology(q, r), "faction": FACTIONS[ring - 2]}
    return dict(sorted(hexes.items()))


HEXES: dict[str, dict[str, str]] = _build()


def zone(hex_id: str) -> tuple[str, str]:
    """(ideology, faction) of a display hex; ("neutral", "neutral") in the neutral zone."""
    cell = HEXES[hex_id]
    return cell["ideology"], cell["faction"]


# DECIDED: where the major powers' markers start (each in its own ideology, 3.1).
POWER_START: dict[str, str] = {
    "CW": "3,-2", "FR": "2,-1", "US": "2,-2", "CH": "4,-2",     # Democracy
    "GE": "-3,-1", "IT": "-2,-1", "JA": "-1,-3",                # Fascism
    "RU": "0,3",                                                # Communism
}

# Where each value comes from (printed / inferred / authored); docs/rules/days_of_decision.md.
PROVENANCE: dict[str, str] = {
    "three ideologies of three factions, a neutral zone, a central hex": "printed 2.3, 8.1.1",
    "HEXES (radius, sectors, rings as factions)": "authored",
    "POWER_START": "authored",
}
