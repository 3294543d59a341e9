"""BoP 3.123 — supply over water under the standard admiralty (12.3; ruling 105).

A supply path traced from a unit back to its source may take to the water at a friendly port
hex, port box or landing that holds a friendly surface ship, cross water hexes free of enemy
surface ships and enemy mines (fortresses stand on land here: our map has no fortified water
hex), and come ashore at any friendly port or landing on that water, then go on overland.
Boxes on the way need a friendly surface ship too; the Petrograd box, our map's only one, is
a port, so it takes part only as an end of the water leg and needs one like any port where a
path enters. A box may hold enemy surface ships, mines and land units besides and still carry
the line if the tracing side's gunnery there is more than the enemy's gunnery and mine factors
together (`holds_box`, ruling 117). A line may also run through the Sea Chart's ocean boxes
(ruling 119): from a map-edge hex into the box it opens on, from box to touching box, and back
onto the map's water or into a port box that touches it — each box held as above, none frozen
that month (7.53); so a line can go round a blocked strait by the open ocean.

supply.py traces from the sources outwards, so the ship is needed at the port where its search
arrives — the port on the unit's side of the water, where the unit's path enters it.
Under the optional admiralty (6.45: 12.1, 12.4; and 12.2, which uses neither) the Entente
crosses water freely instead (6.454, admiralty.water_ports).
"""

from __future__ import annotations

from typing import Any

from engine.maps.seachart import SeaChart, SeaChartError

from . import mines, naval
from .admiralty import is_port, port_waters
from .fleets import gunnery, is_surface, ships_at, side_of_ship
from .forces import UNITS, controller, landing_of, other_side, side_of, unit_side
from .mines import side_of_mine
from .tables import ENTENTE
from .theatre import Theatre

State = dict[str, Any]


def _ships(state: State, side: str) -> dict[str, set[str]]:
    """Where `side`'s surface ships stand: {location: ships}."""
    out: dict[str, set[str]] = {}
    for uid, ship in state["board"]["fleets"].items():
        if side_of_ship(uid) == side and is_surface(uid):
            out.setdefault(ship["at"], set()).add(uid)
    return out


def _blocked(state: State, side: str) -> set[str]:
    """3.123 — the water locations a path cannot cross: an enemy surface ship or an enemy mine
    there (submarines never block)."""
    found = {ship["at"] for uid, ship in state["board"]["fleets"].items()
             if side_of_ship(uid) != side and is_surface(uid)}
    found |= {loc for mid, loc in state["board"].get("mines", {}).items()
              if loc is not None and side_of_mine(mid) != side}
    return found


def holds_box(state: State, box: str, side: str) -> bool:
    """3.123 — whether a box carries `side`'s supply line: a friendly surface ship there and,
    where the enemy is there too (surface ships, mines or land units: a contested box), more
    friendly gunnery than the enemy's gunnery and mine factors together — the mines counted as
    they attack in that box, 6.443's doubling and halving included (ruling 117)."""
    friendly = ships_at(state, box, side)
    if not friendly:
        return False
    enemy = other_side(side)
    against = sum(gunnery(state, uid) for uid in ships_at(state, box, enemy)) \
        + mines.score_in_box(box, mines.at(state, box, enemy))
    contested = against > 0 or any(
        v["at"] == box and UNITS[u].corps and unit_side(state, u) == enemy
        for u, v in state["board"]["units"].items())
    return not contested or sum(gunnery(state, uid) for uid in friendly) > against


def ports(state: State, th: Theatre, side: str) -> list[str]:
    """3.123 — where `side`'s supply may enter or leave the water: its ports (map port hexes
    and the Petrograd box) free of enemy land units, its landing and its anchorage (7.74)."""
    found = {p for p in th.ports if is_port(state, th, p)
             and side_of(state, controller(state, th, p)) == side}
    landing = landing_of(state)
    if landing is not None and landing.get("side", ENTENTE) == side:
        found.add(landing["at"])
    anchorage = state["board"].get("anchorage")        # 7.74: a port for supply only
    if anchorage is not None and side == ENTENTE and side_of(
            state, controller(state, th, anchorage["to"])) == side:
        found.add(anchorage["at"])
    # An enemy corps closes a port hex; a box it may share (3.123: `holds_box` weighs it).
    occupied = {v["at"] for u, v in state["board"]["units"].items()
                if UNITS[u].corps and unit_side(state, u) not in (side, None)} - th.boxes
    return sorted(found - occupied)


def _waters(th: Theatre, loc: str) -> frozenset[str]:
    return frozenset({loc}) if loc in th.water else port_waters(th, loc)


def _chart(th: Theatre) -> SeaChart | None:
    """The map's Sea Chart, None for a map without one (a test's small map)."""
    try:
        return naval.chart(th)
    except SeaChartError:
        return None


def _ocean_boxes(state: State, th: Theatre, side: str) -> set[str]:
    """Ruling 119 — the Sea Chart's ocean boxes a line of `side` may cross this month: not
    frozen (7.53) and held (3.123: a friendly surface ship, more gunnery if contested)."""
    ch = _chart(th)
    if ch is None:
        return set()
    month = int(state["flow"]["month"][5:7])
    return {b for b in ch.of_kind("ocean") if month not in ch.boxes[b].frozen_months
            and holds_box(state, b, side)}


def _next_water(th: Theatre, loc: str, oceans: set[str]) -> list[str]:
    """The water locations a line steps to from `loc`: map water hexes beside a hex, and the
    held ocean boxes a map-edge hex opens on; from a box its map-edge hexes and its held
    neighbours."""
    water = [o for o in th.all_adj.get(loc, ()) if o in th.water]
    if not oceans:
        return water
    ch = naval.chart(th)
    if loc in ch.boxes:
        return [*ch.boxes[loc].sea_hexes, *(o for o in ch.neighbours(loc) if o in oceans)]
    return [*water,
            *(b for b in ch.boxes_at(loc) if b in oceans and loc in ch.boxes[b].sea_hexes)]


def _touches(th: Theatre, port: str, seen: set[str]) -> bool:
    """Whether a line over the water `seen` comes to `port`: its own water, or for a port box
    an ocean box beside it on the chart."""
    if _waters(th, port) & seen:
        return True
    ch = _chart(th)
    return ch is not None and port in ch.boxes and any(o in seen for o in ch.neighbours(port))


def crossings(state: State, th: Theatre, side: str) -> tuple[list[str], dict[str, set[str]]]:
    """3.123 — `side`'s ports, and for each port where a path may enter the water (a friendly
    surface ship there) the ports it reaches over open water: {entry: {exit, …}}."""
    here = ports(state, th, side)
    ships = _ships(state, side)
    ch = _chart(th)
    blocked = _blocked(state, side) - set(ch.boxes if ch else ())   # a box: `holds_box`
    oceans = _ocean_boxes(state, th, side)
    reach: dict[str, set[str]] = {}
    for entry in here:
        if entry not in ships or (entry in th.boxes and not holds_box(state, entry, side)):
            continue
        seen = {w for w in _waters(th, entry) if w not in blocked}
        if entry in th.boxes and ch is not None:   # a port box opens on its ocean boxes too
            seen |= {o for o in ch.neighbours(entry) if o in oceans}
        frontier = sorted(seen)
        while frontier:
            nxt = []
            for loc in frontier:
                for other in _next_water(th, loc, oceans):
                    if other not in seen and other not in blocked:
                        seen.add(other)
                        nxt.append(other)
            frontier = sorted(nxt)
        reach[entry] = {p for p in here if p != entry and _touches(th, p, seen)
                        and (p not in th.boxes or holds_box(state, p, side))}
    return here, reach


def sea_reach(state: State, th: Theatre, reached: set[str], side: str,
              overland: Any, reach: dict[str, set[str]] | None = None) -> set[str]:
    """3.123 — what a supply search that has reached `reached` overland adds over water: a port
    with a friendly surface ship whose water joins that of a reached port, then overland on
    from it (`overland(starts)`), until nothing new is found. `reach` is `crossings(state, th,
    side)[1]` when the caller has it already (the same for every nation of the side)."""
    if reach is None:
        _, reach = crossings(state, th, side)
    while True:
        fresh = {entry for entry, exits in reach.items()
                 if entry not in reached and exits & reached}
        if not fresh:
            return reached
        reached |= overland(fresh)


def carried(state: State, th: Theatre, uid: str) -> bool:
    """3.1 — a unit carried by naval transport is supplied: aboard a ship (7.6) under the
    standard admiralty; on the landing it must trace supply like any other unit."""
    return uid in state["board"].get("aboard", {}) or (
        state["board"]["units"][uid]["at"] in th.water and not _on_landing(state, uid))


def _on_landing(state: State, uid: str) -> bool:
    landing = landing_of(state)
    return landing is not None and state["board"]["units"][uid]["at"] == landing["at"]

