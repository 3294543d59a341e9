"""DoD 8.7.1 IPO 1 — New World Order: a power moves its own marker on the Status Display.

Movement points: 9 less its initiative position (1st = 8 … 8th = 1), less 2 for a Democrat and
1 for a Communist, never below 1. Entering a hex costs 1 when it is nearer every hex of the
ideology's centre faction, 3 when it is farther from every one of them, 2 otherwise. In the
standard game a power stays in its ideology (the neutral zone is outside every ideology), and it
may not end on another power. Minors stacked with it may move along, each paying as much as the
power (so with two minors every hex costs three times as much). The bar on ending with two
hostile minors together needs the War Chart (hostility), absent; the US-entry effects are not
built yet.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from itertools import combinations
from typing import Any

from engine.kernel import Event

from .display import CENTRE_FACTION, HEXES, distance, neighbours, zone
from .minors import MINORS
from .powers import COMMUNISM, DEMOCRACY, POWERS

RULE = "DoD 8.7.1 IPO 1"
IDEOLOGY_PENALTY = {DEMOCRACY: 2, COMMUNISM: 1}


def movement_points(board: dict[str, Any], power: str) -> int:
    position = board["initiative"].index(power) + 1
    return max(1, 9 - position - IDEOLOGY_PENALTY.get(POWERS[power].ideology, 0))


@lru_cache(maxsize=None)
def centre_hexes(ideology: str) -> tuple[str, ...]:
    return tuple(h for h in HEXES if zone(h) == (ideology, CENTRE_FACTION))


@lru_cache(maxsize=None)      # the display is fixed: a pure function of three names
def entry_cost(frm: str, to: str, ideology: str) -> int:
    centre = centre_hexes(ideology)
    if all(distance(to, c) < distance(frm, c) for c in centre):
        return 1
    if all(distance(to, c) > distance(frm, c) for c in centre):
        return 3
    return 2


def stacked_minors(board: dict[str, Any], power: str) -> list[str]:
    """The minors that start stacked with the power: only they may move along."""
    here = board["display"][power]
    return sorted(m for m in MINORS if board["display"][m] == here
                  and m not in board["minors_conquered"]
                  and m not in board.get("aligned", {}))                # RULING 72     # off the display (RULING 41)


def carried_sets(board: dict[str, Any], power: str) -> list[tuple[str, ...]]:
    """Every choice of stacked minors to take along (none first), smallest first."""
    stacked = stacked_minors(board, power)
    return [tuple(c) for k in range(len(stacked) + 1) for c in combinations(stacked, k)]


def destinations(board: dict[str, Any], power: str, carried: int = 0) -> list[str]:
    """Every hex of its own ideology it can reach, other than where it stands and the hexes
    of other powers (it may pass through them: the rule only forbids ending there). With
    `carried` minors along, every hex costs (1 + carried) times as much."""
    ideology = POWERS[power].ideology
    start = board["display"][power]
    budget = movement_points(board, power) // (1 + carried)
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


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """The IPO 1 actions: a destination, and the stacked minors taken along (if any)."""
    out: list[dict[str, Any]] = []
    for carried in carried_sets(board, power):
        extra = {"with": list(carried)} if carried else {}
        out += [{"option": "IPO1", "to": h, **extra}
                for h in destinations(board, power, len(carried))]
    return out


def move(board: dict[str, Any], power: str, to: str,
         carried: list[str] | None = None) -> list[Event]:
    frm = board["display"][power]
    board["display"][power] = to
    for minor in carried or []:
        board["display"][minor] = to
    return [Event("marker_moved", RULE, {"power": power, "from": frm, "to": to,
                                         "faction": zone(to)[1], "with": list(carried or [])})]
