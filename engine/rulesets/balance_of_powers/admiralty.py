"""BoP 6.45 — the optional admiralty rule, mandatory in 12.1: EP-only sea transport.

Each month the EP may move up to five corps over permitted water: two moves of up to 24 MP,
1 MP per water hex (6.452). Our reading of what the text leaves open: a corps embarks in a
friendly port hex and lands in another friendly port hex within 48 water hexes in the same
admiralty phase (it never stays at sea). Permitted water excludes the coastal waters of
Austria-Hungary, Denmark and Germany (6.451): on this map, water hexes touching their land.
The yearly landing counter (6.453) is not implemented (see the docs).
"""

from __future__ import annotations

from typing import Any

from .forces import UNITS, controller, friendly_corps_count, side_of, stack_limit, stacking_conflict
from .tables import ENTENTE, SEA_CORPS_PER_MONTH, SEA_MOVES, SEA_MP_PER_MOVE
from .theatre import Theatre

CLOSED_COASTS = ("austria_hungary", "denmark", "germany")


def permitted_water(th: Theatre, loc: str) -> bool:
    return loc in th.water and not any(th.home.get(o) in CLOSED_COASTS for o in th.all_adj[loc])


def friendly_ports(state: dict[str, Any], th: Theatre) -> list[str]:
    return sorted(loc for loc in th.ports
                  if side_of(state, controller(state, th, loc)) == ENTENTE
                  and not any(side_of(state, UNITS[u].nation) not in (ENTENTE, None)
                              for u, v in state["board"]["units"].items() if v["at"] == loc))


def sea_reach(th: Theatre, port: str) -> dict[str, int]:
    """Water hexes reachable from a port within 2 × 24 MP."""
    limit = SEA_MOVES * SEA_MP_PER_MOVE
    start = [w for w in th.all_adj[port] if permitted_water(th, w)]
    dist = {w: 1 for w in start}
    frontier = sorted(start)
    while frontier:
        nxt = []
        for loc in frontier:
            if dist[loc] >= limit:
                continue
            for other in th.all_adj[loc]:
                if other not in dist and permitted_water(th, other):
                    dist[other] = dist[loc] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    return dist


def sea_moves(state: dict[str, Any], th: Theatre, seat: str, commander_of: Any) -> list[dict[str, Any]]:
    """BoP 6.452 — every legal transport of one corps of `seat`: {"unit", "to"}."""
    if state["flow"]["sea_used"] >= SEA_CORPS_PER_MONTH:
        return []
    ports = friendly_ports(state, th)
    out = []
    reach_cache: dict[str, dict[str, int]] = {}
    for uid in sorted(state["board"]["units"]):
        unit = state["board"]["units"][uid]
        if commander_of(state, uid) != seat or not UNITS[uid].corps:
            continue
        if unit["at"] not in ports:
            continue
        if unit["at"] not in reach_cache:
            reach_cache[unit["at"]] = sea_reach(th, unit["at"])
        reach = reach_cache[unit["at"]]
        for port in ports:
            if port == unit["at"]:
                continue
            if not any(w in reach for w in th.all_adj[port]):
                continue
            if friendly_corps_count(state, port, ENTENTE) + 1 > stack_limit(state, th, port):
                continue
            if stacking_conflict(state, [uid], port):
                continue
            out.append({"unit": uid, "to": port})
    return out
