"""DoD 8.1.2 — who controls a minor country on the Status Display.

Nobody controls a minor in the neutral zone. A minor in an ideology is controlled by the closest
major power of that ideology that may control it: a power in the minor's own faction is always
closer than one in another faction; between powers in the minor's faction, hexes are counted
without passing through another faction; a remaining tie goes to the earlier initiative
position. China, Italy, Japan and the USA may control only the minors that list them under
their flag (minors.Minor.flag_powers); the other four may control any minor.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .display import NEUTRAL, distance, neighbours, zone
from .minors import MINORS, RESTRICTED_POWERS
from .powers import POWERS

RULE = "DoD 8.1.2"
FAR = 10 ** 6


def may_control(power: str, minor: str) -> bool:
    """DoD 8.1.2 — a restricted power needs its name under the minor's flag."""
    return power not in RESTRICTED_POWERS or power in MINORS[minor].flag_powers


def distance_within_zone(start: str, goal: str) -> int:
    """Hexes from start to goal through hexes of start's own faction only (FAR if none)."""
    home = zone(start)
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for there in neighbours(here):
            if there not in seen and zone(there) == home:
                seen[there] = seen[here] + 1
                queue.append(there)
    return FAR


def controller(board: dict[str, Any], minor: str) -> str | None:
    """The power controlling `minor` now, or None (neutral zone, or nobody eligible). A
    completely conquered minor is off the display, held by its conqueror (RULING 41)."""
    aligner = board.get("aligned", {}).get(minor)       # DoD 8.7.1 IPO 5, glossary (RULING 72)
    if aligner is not None:
        return None if aligner in board.get("conquered", ()) else str(aligner)
    taken = board.get("minors_conquered", {}).get(minor)
    if taken is not None:
        return None if taken in board.get("conquered", ()) else str(taken)
    where = board["display"][minor]
    ideology, faction = zone(where)
    if ideology == NEUTRAL:
        return None
    # a conquered power is out of the game and controls nothing (DoD 12)
    candidates = [p for p in POWERS if POWERS[p].ideology == ideology and may_control(p, minor)
                  and p not in board.get("conquered", ())]
    if not candidates:
        return None
    order = board["initiative"]

    def key(power: str) -> tuple[int, int, int]:
        there = board["display"][power]
        same_faction = zone(there) == (ideology, faction)
        hexes = distance_within_zone(where, there) if same_faction else distance(where, there)
        return (0 if same_faction else 1, hexes, order.index(power))
    return min(candidates, key=key)


def control_table(board: dict[str, Any]) -> dict[str, str | None]:
    return {minor: controller(board, minor) for minor in sorted(MINORS)}
