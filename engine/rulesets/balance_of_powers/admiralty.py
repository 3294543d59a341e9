"""BoP 6.45 — the optional admiralty rule, mandatory in 12.1: EP-only sea transport.

Each month the EP may move up to five corps over permitted water: two moves of up to 24 MP,
1 MP per water hex (6.452). Our reading of what the text leaves open: a corps embarks in a
friendly port hex and lands in another friendly port hex within 48 water hexes in the same
admiralty phase (it never stays at sea). Permitted water excludes the coastal waters of
Austria-Hungary, Denmark and Germany (6.451): on this map, water hexes touching their land.
Once per calendar year the EP may place a landing counter (6.453) on a permitted water hex,
pointing at an adjacent coastal hex it does not hold (neutral coasts excluded: entering them
needs a violation): it is Entente-held land linked only to that hex, a sea-transport
destination, and the start of an amphibious assault (−2, 10.561; the inherent defense of an
empty hex, 1.25). It is removed when it holds no Entente corps at the end of an Entente half
(our reading of the ship-less 7.72), or when the enemy clears it (10.81).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .forces import (
    UNITS,
    at_war,
    commander,
    controller,
    friendly_corps_count,
    landing_of,
    neutral_closed,
    side_of,
    stack_limit,
    stacking_conflict,
)
from .tables import ENTENTE, SEA_CORPS_PER_MONTH, SEA_MOVES, SEA_MP_PER_MOVE, SIDE_SEATS
from .theatre import Theatre, theatre

CLOSED_COASTS = ("austria_hungary", "denmark", "germany")


def permitted_water(th: Theatre, loc: str) -> bool:
    return loc in th.water and not any(th.home.get(o) in CLOSED_COASTS for o in th.all_adj[loc])


def friendly_ports(state: dict[str, Any], th: Theatre) -> list[str]:
    """Entente-held port hexes free of enemy units, and the landing (6.452)."""
    ports = set(th.ports)
    landing = landing_of(state)
    if landing is not None:
        ports.add(landing["at"])
    return sorted(loc for loc in ports
                  if side_of(state, controller(state, th, loc)) == ENTENTE
                  and not any(side_of(state, UNITS[u].nation) not in (ENTENTE, None)
                              for u, v in state["board"]["units"].items() if v["at"] == loc))


def landing_options(state: dict[str, Any], th: Theatre) -> list[dict[str, str]]:
    """BoP 6.453 — where the year's landing counter may go."""
    if state["board"]["landing_used"] or landing_of(state) is not None:
        return []
    out = []
    for water in sorted(th.water):
        if not permitted_water(th, water):
            continue
        for target in th.all_adj[water]:
            if target in th.water or target in th.boxes or target not in th.terrain:
                continue
            if neutral_closed(state, th, target):
                continue
            if side_of(state, controller(state, th, target)) in (ENTENTE, None):
                continue
            out.append({"at": water, "to": target})
    return out


def sea_reach(th: Theatre, port: str) -> dict[str, int]:
    """Water hexes reachable from a port within 2 × 24 MP."""
    limit = SEA_MOVES * SEA_MP_PER_MOVE
    start = [w for w in th.all_adj[port] if permitted_water(th, w)]
    if port in th.water:
        start = [port]  # the landing counter lies on water itself
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


def sea_moves(state: dict[str, Any], th: Theatre, seat: str) -> list[dict[str, Any]]:
    """BoP 6.452 — every legal transport of one corps of `seat`: {"unit", "to"}."""
    if state["flow"]["sea_used"] >= SEA_CORPS_PER_MONTH:
        return []
    ports = friendly_ports(state, th)
    out = []
    reach_cache: dict[str, dict[str, int]] = {}
    for uid in sorted(state["board"]["units"]):
        unit = state["board"]["units"][uid]
        if commander(state, uid) != seat or not UNITS[uid].corps:
            continue
        if unit["at"] not in ports:
            continue
        if unit["at"] not in reach_cache:
            reach_cache[unit["at"]] = sea_reach(th, unit["at"])
        reach = reach_cache[unit["at"]]
        for port in ports:
            if port == unit["at"]:
                continue
            if port not in reach and not any(w in reach for w in th.all_adj[port]):
                continue
            if friendly_corps_count(state, port, ENTENTE) + 1 > stack_limit(state, th, port):
                continue
            if stacking_conflict(state, [uid], port):
                continue
            out.append({"unit": uid, "to": port})
    return out


# --- the admiralty step and the end of an Entente half (begin and end effects) -------------

def begin_admiralty(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.452 — the month's sea moves start unused; the EP seats at war with a sea move or
    a landing to make are active."""
    flow = state["flow"]
    th = theatre(state["board"]["map"])
    flow["sea_used"] = 0
    flow["active"] = [s for s in SIDE_SEATS[ENTENTE] if at_war(state, s)
                      and (sea_moves(state, th, s) or landing_options(state, th))]
    return []


def remove_empty_landing(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.453 — a landing that holds no corps at the end of an Entente half is removed
    (our reading of the ship-less 7.72; an end effect of the half)."""
    landing = state["board"].get("landing")
    if state["flow"]["side"] != ENTENTE or landing is None or any(
            u["at"] == landing["at"] and UNITS[uid].corps
            for uid, u in state["board"]["units"].items()):
        return []
    state["board"]["landing"] = None
    state["board"]["control"].pop(landing["at"], None)
    return [Event("landing_removed", "BoP 6.453", dict(landing))]
