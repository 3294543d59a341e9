"""DoD 8.7.1 IPO 1 — New World Order: a power moves its own marker on the Status Display.

Movement points: 9 less its initiative position (1st = 8 … 8th = 1), less 2 for a Democrat and
1 for a Communist, never below 1. Entering a hex costs 1 when it is nearer every hex of the
ideology's centre faction, 3 when it is farther from every one of them, 2 otherwise. In the
standard game a power stays in its ideology (the neutral zone is outside every ideology), and it
may not end on another power. Minors moving along and the US-entry effects are not built yet.
"""

from __future__ import annotations

import heapq
from typing import Any

from engine.kernel import Event

from .display import CENTRE_FACTION, HEXES, distance, neighbours, zone
from .powers import COMMUNISM, DEMOCRACY, POWERS

RULE = "DoD 8.7.1 IPO 1"
IDEOLOGY_PENALTY = {DEMOCRACY: 2, COMMUNISM: 1}


def movement_points(board: dict[str, Any], power: str) -> int:
    position = board["initiative"].index(power) + 1
    return max(1, 9 - position - IDEOLOGY_PENALTY.get(POWERS[power].ideology, 0))


def centre_hexes(ideology: str) -> list[str]:
    return [h for h in HEXES if zone(h) == (ideology, CENTRE_FACTION)]


def entry_cost(frm: str, to: str, ideology: str) -> int:
    centre = centre_hexes(ideology)
    if all(distance(to, c) < distance(frm, c) for c in centre):
        return 1
    if all(distance(to, c) > distance(frm, c) for c in centre):
        return 3
    return 2


def destinations(board: dict[str, Any], power: str) -> list[str]:
    """Every hex of its own ideology it can reach, other than where it stands and the hexes
    of other powers (it may pass through them: the rule only forbids ending there)."""
    ideology = POWERS[power].ideology
    start, budget = board["display"][power], movement_points(board, power)
    spent = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > spent[here]:
            continue
        for there in neighbours(here):
            if zone(there)[0] != ideology:
                continue
            total = cost + entry_cost(here, there, ideology)
            if total <= budget and total < spent.get(there, budget + 1):
                spent[there] = total
                heapq.heappush(queue, (total, there))
    occupied = {board["display"][p] for p in POWERS if p != power}
    return sorted(h for h in spent if h != start and h not in occupied)


def move(board: dict[str, Any], power: str, to: str) -> list[Event]:
    frm = board["display"][power]
    board["display"][power] = to
    return [Event("marker_moved", RULE, {"power": power, "from": frm, "to": to,
                                         "faction": zone(to)[1]})]
