"""BoP 6.45 — the optional admiralty rule, mandatory in 12.1: the Entente's sea transport,
invasion and supply; the Central Powers have no naval capabilities.

Permitted hexes are all ocean and coastal hexes except the coastal hexes of Austria-Hungary,
Denmark, Germany and the Sea of Marmara (6.451). Our map has no part-water coastal hexes: its
water hexes are the ocean, all of them permitted (a German coast is land, which a ship never
enters but a landing may point at); Marmara is not on North Europe.

Transport (6.452): each month up to five corps move; each makes up to two moves of up to 24 MP
(1 MP a water hex), from a friendly port, the landing or the sea, to a friendly port, the
landing or any water hex, where it stays at sea until it moves again. Corps at sea are
supplied (3.1, carried by naval transport), cannot be attacked (no enemy ships) and do
nothing else until they land. Once per calendar year the EP place a landing counter (6.453)
on a water hex pointing at an adjacent coastal hex they do not hold (never a neutral one:
entering it needs a violation): Entente-held land linked only to that hex, a transport
destination, and the start of an amphibious assault (−2, 10.561; the inherent defense of an
empty hex, 1.25). It goes when no Entente corps holds it at the end of an Entente half (our
reading of the ship-less 7.72), or when the enemy clears it (10.81). Supply (6.454) crosses any
water between friendly ports (supply.py).
"""

from __future__ import annotations

from typing import Any

from engine.board.paths import components
from engine.kernel import Event, Roller

from .forces import (
    UNITS,
    at_war,
    commander,
    controller,
    friendly_corps_count,
    landing_of,
    neutral_closed,
    occupancy,
    side_of,
    stack_limit,
    stacking_conflict,
)
from .tables import ENTENTE, SEA_CORPS_PER_MONTH, SEA_MOVES, SEA_MP_PER_MOVE, SIDE_SEATS
from .theatre import Theatre, theatre

SCHELDT_PORT = "antwerp"   # 6.121: a port only once Belgium and the Netherlands are violated


def permitted_water(th: Theatre, loc: str) -> bool:
    """BoP 6.451 — every water hex of North Europe is permitted (see the module's note)."""
    return loc in th.water


def is_port(state: dict[str, Any], th: Theatre, loc: str) -> bool:
    """A port hex now: Antwerp only once both Belgium and the Netherlands have been violated
    (6.121; the Scheldt's mouth is Dutch)."""
    if loc not in th.ports:
        return False
    if th.place_loc.get(SCHELDT_PORT) == loc:
        return all(state["powers"][n].get("violated_by") for n in ("belgium", "netherlands"))
    return True


_WATER: dict[str, tuple[dict[str, int], dict[str, frozenset[str]]]] = {}
# Estuary ports whose land neighbours also touch another sea than the one their river runs to
# (map labels, ruling 112): Hamburg's Elbe reaches the North Sea at 1712, never Lübeck Bay
# (2112) beyond Holstein — which made Hamburg a passage between the two seas.
ESTUARY_MOUTH = {"1913": ("1712",)}


def _water(th: Theatre) -> tuple[dict[str, int], dict[str, frozenset[str]]]:
    """Per map: each water hex's connected body of water, and each port's water — the water
    hexes next to it or, for an estuary port (London, Rouen …: the map shows no water beside
    it), next to its land neighbours."""
    found = _WATER.get(th.name)
    if found is None:
        body = components(th.water, lambda loc: th.all_adj[loc])
        waters: dict[str, frozenset[str]] = {}
        for port in th.ports:
            if port in th.box_sea:
                waters[port] = _box_waters(th, port)
                continue
            near = {o for o in th.all_adj[port] if o in th.water}
            if not near:
                near = {w for n in th.adj[port] for w in th.all_adj[n] if w in th.water}
                mouth = ESTUARY_MOUTH.get(th.label.get(port, ""))
                if mouth is not None:
                    near = {w for w in near if th.label.get(w) in mouth}
            waters[port] = frozenset(near)
        found = _WATER[th.name] = (body, waters)
    return found


def _box_waters(th: Theatre, box: str) -> frozenset[str]:
    """A port box's water on the map (1.23): the hexes of its sea nearest to it (the
    Petrograd box opens on the Baltic's eastern shore: the Gulf of Finland is off the map)."""
    sea = th.box_sea[box]
    seen, frontier = {box}, [box]
    while frontier:
        found = {o for loc in frontier for o in th.all_adj[loc]
                 if o in th.water and th.sea_area.get(o) == sea}
        if found:
            return frozenset(found)
        nxt = sorted({o for loc in frontier for o in th.all_adj[loc]} - seen)
        seen.update(nxt)
        frontier = nxt
    return frozenset()


def port_waters(th: Theatre, port: str) -> frozenset[str]:
    return _water(th)[1].get(port, frozenset())


def friendly_ports(state: dict[str, Any], th: Theatre) -> list[str]:
    """Entente-held port hexes free of enemy units, and the landing (6.452)."""
    ports = {p for p in th.ports if is_port(state, th, p)}
    landing = landing_of(state)
    if landing is not None:
        ports.add(landing["at"])
    return sorted(loc for loc in ports
                  if side_of(state, controller(state, th, loc)) == ENTENTE
                  and not any(side_of(state, UNITS[u].nation) not in (ENTENTE, None)
                              for u, v in state["board"]["units"].items() if v["at"] == loc))


def water_ports(state: dict[str, Any], th: Theatre) -> dict[str, frozenset[int]]:
    """BoP 6.454 — each Entente port (and the landing) with the bodies of water it opens on:
    supply may pass between any two that share one, no ships needed."""
    body, _ = _water(th)
    out = {}
    for port in friendly_ports(state, th):
        near = {port} if port in th.water else port_waters(th, port)
        out[port] = frozenset(body[w] for w in near)
    return out


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


def sea_reach(th: Theatre, start: str) -> dict[str, int]:
    """BoP 6.452 — the water hexes one move of 24 MP reaches from a port, the landing or the
    sea, with their cost (1 MP a water hex entered)."""
    first = {start: 0} if start in th.water else {w: 1 for w in port_waters(th, start)}
    dist = dict(first)
    frontier = sorted(first)
    while frontier:
        nxt = []
        for loc in frontier:
            if dist[loc] >= SEA_MP_PER_MOVE:
                continue
            for other in th.all_adj[loc]:
                if other not in dist and permitted_water(th, other):
                    dist[other] = dist[loc] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    return dist


def at_sea(state: dict[str, Any], th: Theatre, uid: str) -> bool:
    """A corps carried by sea (on a water hex that is not the landing)."""
    loc = state["board"]["units"][uid]["at"]
    landing = landing_of(state)
    return loc in th.water and not (landing is not None and loc == landing["at"])


def sea_moves(state: dict[str, Any], th: Theatre, seat: str) -> list[dict[str, Any]]:
    """BoP 6.452 — every legal move of one corps of `seat`: {"unit", "to"}, to a friendly port,
    the landing or a water hex (at sea) within one move."""
    moved = state["flow"]["sea_moved"]
    ports = friendly_ports(state, th)
    occ = occupancy(state)     # one position: who stands where, for every target's stacking
    out = []
    for uid in sorted(state["board"]["units"]):
        unit = state["board"]["units"][uid]
        if commander(state, uid) != seat or not UNITS[uid].corps:
            continue
        if uid in state["board"].get("aboard", {}):     # 7.6: a passenger rides its ship
            continue
        if moved.get(uid, 0) >= SEA_MOVES or (
                uid not in moved and len(moved) >= SEA_CORPS_PER_MONTH):
            continue
        if unit["at"] not in ports and unit["at"] not in th.water:
            continue
        reach = sea_reach(th, unit["at"])
        targets = [p for p in ports if p in reach or port_waters(th, p) & reach.keys()]
        targets += [w for w in reach if w not in ports]
        for loc in sorted(set(targets) - {unit["at"]}):
            if friendly_corps_count(state, loc, ENTENTE, occ) + 1 > stack_limit(state, th, loc):
                continue
            if stacking_conflict(state, [uid], loc, occ):
                continue
            out.append({"unit": uid, "to": loc})
    return out


def sea_move(state: dict[str, Any], uid: str, to: str) -> list[Event]:
    """BoP 6.452 — one move of one corps (it counts once toward the month's five)."""
    frm = state["board"]["units"][uid]["at"]
    state["board"]["units"][uid]["at"] = to
    moved = state["flow"]["sea_moved"]
    moved[uid] = moved.get(uid, 0) + 1
    state["flow"]["sea_moved"] = dict(sorted(moved.items()))
    return [Event("sea_move", "BoP 6.452", {"unit": uid, "from": frm, "to": to})]


# --- the admiralty step and the end of an Entente half (begin and end effects) -------------

def begin_admiralty(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.452 — the month's sea moves start unused; the EP seats at war with a sea move or
    a landing to make are active."""
    flow = state["flow"]
    th = theatre(state["board"]["map"])
    flow["sea_moved"] = {}
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
