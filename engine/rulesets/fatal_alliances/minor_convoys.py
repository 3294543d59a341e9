"""FA 20.5.1 E with 13.5.1.4 — a minor's convoy points (version 26, R-N51-R-N53).

The 1914 set-up (22.2) aligns no minor, so it places no minor's convoy points. They come with
20.5.1: when an unaligned minor aligns with a major during play, it sets up its initial units,
and among them the number of convoy points the Minor Country CPs table gives it. The counters
used are the controlling major's, so the points join that major's pool in port
(`board.convoys_in_port`, R-N40: counted per power, no port named) and from then on are the
major's own: it moves them (naval_convoy_moves.py), they carry its resources and its active
partners' (13.5.1.2, R-N37), and a point sunk costs it morale (14.1, R-N43).

In the 1914 campaign the script aligns Belgium (turn 1, to France), Portugal (turn 11, to
Britain) and Greece (turn 24, to France); Serbia, Bulgaria and Romania are not on the table.
Only a game with fleets (the campaign) sets them up: East Prussia has no sea.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .fleets import seas
from .position import controller, is_home_country_hex, map_of

State = dict[str, Any]
RULE = "FA 20.5.1"

# The Minor Country CPs table (20.5.1 E). Argentina, Brazil, Central America and Mexico are
# off fa-europe and never align in our scenarios; they are kept so the table reads as printed.
MINOR_CONVOY_POINTS: dict[str, int] = {
    "argentina": 1, "belgium": 2, "brazil": 2, "central_america": 2, "greece": 5,
    "denmark": 5, "mexico": 2, "netherlands": 6, "norway": 7, "portugal": 2, "sweden": 3,
    "spain": 3,
}


def set_up_port(state: State, minor: str) -> str | None:
    """R-N51 — the first port (by hex id) in the minor's home country that the minor holds:
    20.5.1 A sets a minor's units up in hexes it controls, and naval units set up in port
    (22.2.3 F). None when it holds no port there."""
    m = map_of(state)
    for hex_id in sorted({port.hex for port in seas().ports.values()}):
        if is_home_country_hex(m, hex_id, minor) and controller(state, hex_id) == minor:
            return hex_id
    return None


def set_up_minor_convoys(state: State, minor: str, major: str) -> list[Event]:
    """FA 20.5.1 E (R-N51, R-N52) — a minor that has just aligned with `major` sets up its
    table's convoy points in port as the major's. Nothing without fleets, for a minor not on
    the table, or (event `minor_convoys_lapsed`) when it holds no port to set them up in."""
    board = state["board"]
    points = MINOR_CONVOY_POINTS.get(minor, 0)
    if "fleets" not in board or points == 0:
        return []
    port = set_up_port(state, minor)
    if port is None:
        return [Event("minor_convoys_lapsed", RULE,
                      {"minor": minor, "major": major, "points": points})]
    pool = board.setdefault("convoys_in_port", {})
    pool[major] = pool.get(major, 0) + points
    return [Event("minor_convoys_set_up", RULE,
                  {"minor": minor, "major": major, "points": points, "port": port})]
