"""FA 11.8 — rail movement: station to station along rail lines through friendly hexes."""

from __future__ import annotations

from typing import Any

from engine.board.paths import RailNetwork

from .foreign_troops import may_enter
from .position import (
    by_hex,
    co_operates,
    commander,
    controller,
    is_enemy,
    is_friendly,
    map_of,
    memoised,
    unit,
)
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
    # A scan of the units, not by_hex: this asks about one hex, many times a listing.
    return any(u["hex"] == hex_id and u["type"] == "HQ" and co_operates(state, u["power"], power)
               for u in state["board"]["units"].values())


def rail_cost(state: dict[str, Any], u: dict[str, Any]) -> int:
    """FA 11.8 — 1 rail move, +1 for a land unit railed in an air action."""
    action = state["flow"]["actions"].get(u["power"])
    return 1 + (1 if action == "air" else 0)


def can_rail(state: dict[str, Any], u: dict[str, Any]) -> bool:
    marks = state["flow"]["marks"]
    return (u["hex"] is not None and u["up"] and u["id"] not in marks["railed"]
            and u["id"] not in marks["moved"])


def rail_destinations(state: dict[str, Any], unit_id: str) -> list[str]:
    """FA 11.8 — the stations (and transfer ports) a face-up unit can rail to this step,
    within the foreign troop commitment limit of a friendly non-co-operating major's home
    country (FA 19.2.1)."""
    u = unit(state, unit_id)
    return [h for h in _stations(state, unit_id) if may_enter(state, [u], u["hex"], h)]


def straits_used(state: dict[str, Any], power: str) -> set[str]:
    """FA 11.8 — the straits hexsides the power's side has railed a unit across this turn."""
    side = state["board"]["sides"].get(commander(state, power))
    return set(state["flow"].get("straits_railed", {}).get(side, []))


def straits_crossed(state: dict[str, Any], unit_id: str, to: str) -> list[str]:
    """FA 11.8 — the straits hexsides a rail trip to `to` crosses (none if a route without
    them exists)."""
    if to in (_rail_search(state, unit_id, straits=False) or {}):
        return []
    return sorted((_rail_search(state, unit_id, straits=True) or {}).get(to, frozenset()))


def note_straits(state: dict[str, Any], power: str, crossed: list[str]) -> None:
    """Record the straits hexsides crossed by the side's rail move (reset each turn)."""
    if not crossed:
        return
    side = state["board"]["sides"][commander(state, power)]
    railed = state["flow"].setdefault("straits_railed", {})
    railed[side] = sorted(set(railed.get(side, [])) | set(crossed))


def _stations(state: dict[str, Any], unit_id: str) -> list[str]:
    """FA 11.8 — the stations a face-up unit can rail to this step (the sea is crossed by
    naval transport, 11.3.4: R-N24)."""
    u = unit(state, unit_id)
    here = by_hex(state)
    found = _rail_search(state, unit_id, straits=True)
    if found is None:
        return []
    return sorted(h for h in found if not would_overstack(state, h, [u], here))


def _rail_search(state: dict[str, Any], unit_id: str,
                 straits: bool) -> dict[str, frozenset[str]] | None:
    """FA 11.8 — station → the straits hexsides crossed on the way (None: the unit may not
    leave its hex by rail at all).

    Through its side's hexes only, never through enemy units. A hex in enemy ZoC may be
    entered or left only if it is a station holding a friendly land unit before and after the
    move, and entering one ends the trip. A straits hexside is crossed only if `straits` and
    no unit of the side has railed across it this turn (1 a side per hexside per turn).
    """
    u = unit(state, unit_id)
    power = u["power"]
    m = map_of(state)
    here = by_hex(state)
    zoc = enemy_zoc(state, power)

    def friendly_there(h: str, excluding: str | None = None) -> bool:
        return any(o["id"] != excluding and co_operates(state, o["power"], power)
                   for o in here.get(h, []))

    def hex_ok(mm: Any, i: int) -> bool:
        h = mm.ids[i]
        owner = controller(state, h)
        if owner is None or not (owner == power or is_friendly(state, power, owner)):
            return False
        return not any(is_enemy(state, power, o["power"]) for o in here.get(h, []))

    start = u["hex"]
    if not is_station(state, start, power, u):
        return {}
    if start in zoc and not friendly_there(start, excluding=unit_id):
        return None
    network = memoised("rail", state, power, lambda: RailNetwork.build(m, hex_ok))
    if start not in network:
        return {}
    used = straits_used(state, power)
    crossed: dict[str, frozenset[str]] = {start: frozenset()}
    frontier = [start]
    found: dict[str, frozenset[str]] = {}
    while frontier:
        nxt = []
        for h in frontier:
            for j in network.links[m.index[h]]:
                nb = m.ids[j]
                if nb in crossed:
                    continue
                side = m.hexside_between(m.index[h], j)
                via = crossed[h]
                if side is not None and side.strait:
                    if not straits or side.id in used:
                        continue
                    via = via | {side.id}
                crossed[nb] = via
                if nb in zoc:
                    if is_station(state, nb, power, u) and friendly_there(nb):
                        found[nb] = via  # enters enemy ZoC: the trip ends here
                    continue
                if is_station(state, nb, power, u):
                    found[nb] = via
                nxt.append(nb)
        frontier = sorted(nxt)
    return found
