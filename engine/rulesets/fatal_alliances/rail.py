"""FA 11.8 — rail movement: station to station along rail lines through friendly hexes."""

from __future__ import annotations

from typing import Any

from engine.board.paths import RailNetwork

from .position import by_hex, controller, is_enemy, is_friendly, map_of, unit
from .powers import is_co_operating
from .zoc import enemy_zoc, would_overstack

STATION_FEATURES = ("city", "port_major", "port_minor")
# FA 11.8 / limits-table footnote — a trip between the European and World maps longer than
# this many European hexes costs one more rail move (fa3: 40 from the text; fa-annotated: 20
# from its chart). fa-europe has no World-map hexes, so milestone 1 never pays it.
LONG_TRIP_HEXES = {"fa3": 40, "fa-annotated": 20}


def is_station(state: dict[str, Any], hex_id: str, power: str, mover: dict[str, Any]) -> bool:
    """FA 11.8.1 — cities, ports and HQ hexes; for an HQ every rail hex is a station."""
    m = map_of(state)
    info = m.hex(hex_id)
    if any(info.has_feature(f) for f in STATION_FEATURES):
        return True
    if mover["type"] == "HQ":
        return True
    return any(u["type"] == "HQ" and is_co_operating(u["power"], power)
               for u in by_hex(state).get(hex_id, []))


def rail_cost(state: dict[str, Any], u: dict[str, Any]) -> int:
    """FA 11.8 — 1 rail move, +1 for a land unit railed in an air action."""
    action = state["flow"]["actions"].get(u["power"])
    return 1 + (1 if action == "air" else 0)


def can_rail(state: dict[str, Any], u: dict[str, Any]) -> bool:
    marks = state["flow"]["marks"]
    return (u["hex"] is not None and u["up"] and u["id"] not in marks["railed"]
            and u["id"] not in marks["moved"])


def rail_destinations(state: dict[str, Any], unit_id: str) -> list[str]:
    """FA 11.8 — the stations a face-up unit can rail to this step.

    Through its side's hexes only, never through enemy units. A hex in enemy ZoC may be
    entered or left only if it is a station holding a friendly land unit before and after the
    move, and entering one ends the trip.
    """
    u = unit(state, unit_id)
    power = u["power"]
    m = map_of(state)
    here = by_hex(state)
    zoc = enemy_zoc(state, power)

    def friendly_there(h: str, excluding: str | None = None) -> bool:
        return any(o["id"] != excluding and is_co_operating(o["power"], power)
                   for o in here.get(h, []))

    def hex_ok(mm: Any, i: int) -> bool:
        h = mm.ids[i]
        owner = controller(state, h)
        if owner is None or not (owner == power or is_friendly(state, power, owner)):
            return False
        return not any(is_enemy(state, power, o["power"]) for o in here.get(h, []))

    start = u["hex"]
    if not is_station(state, start, power, u):
        return []
    if start in zoc and not friendly_there(start, excluding=unit_id):
        return []
    network = RailNetwork.build(m, hex_ok)
    if start not in network:
        return []
    seen = {start}
    frontier = [start]
    found = []
    while frontier:
        nxt = []
        for h in frontier:
            for j in network.links[m.index[h]]:
                nb = m.ids[j]
                if nb in seen:
                    continue
                seen.add(nb)
                if nb in zoc:
                    if is_station(state, nb, power, u) and friendly_there(nb):
                        found.append(nb)  # enters enemy ZoC: the trip ends here
                    continue
                if is_station(state, nb, power, u):
                    found.append(nb)
                nxt.append(nb)
        frontier = sorted(nxt)
    return sorted(h for h in found if not would_overstack(state, h, [u], here))
