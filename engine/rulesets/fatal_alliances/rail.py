"""FA 11.8 — rail movement: station to station along rail lines through friendly hexes."""

from __future__ import annotations

import functools
from typing import Any

from engine.board import Map
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


def rail_destinations(state: dict[str, Any], unit_id: str,
                      ctx: RailContext | None = None) -> list[str]:
    """FA 11.8 — the stations (and transfer ports) a face-up unit can rail to this step,
    within the foreign troop commitment limit of a friendly non-co-operating major's home
    country (FA 19.2.1). `ctx` shares the position's facts between calls on one state."""
    u = unit(state, unit_id)
    return [h for h in _stations(state, unit_id, ctx) if may_enter(state, [u], u["hex"], h)]


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


def _stations(state: dict[str, Any], unit_id: str, ctx: RailContext | None = None) -> list[str]:
    """FA 11.8 — the stations a face-up unit can rail to this step (the sea is crossed by
    naval transport, 11.3.4: R-N24)."""
    if ctx is None:
        ctx = RailContext(state)
    u = unit(state, unit_id)
    found = _rail_search(state, unit_id, straits=True, ctx=ctx)
    if found is None:
        return []
    return sorted(h for h in found if not would_overstack(state, h, [u], ctx.here))


@functools.lru_cache(maxsize=None)
def station_hexes(m: Map) -> frozenset[str]:
    """FA 11.8.1 — the map's own stations: cities and ports."""
    return frozenset(h for h in m.ids
                     if any(m.hex(h).has_feature(f) for f in STATION_FEATURES))


class RailContext:
    """What every rail search on one unchanged state shares: the units by hex, and per power
    its enemy zone of control, its rail network, the hexes of the HQs it co-operates with
    (stations, 11.8.1) and the searches already made from a hex (the same for every unit of
    the power there but its own presence in the start hex, checked per unit before). A
    listing that asks for many units builds it once; it must not outlive a change of the
    state."""

    __slots__ = ("state", "map", "here", "_zoc", "_network", "_hqs", "searches")

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.map = map_of(state)
        self.here = by_hex(state)
        self._zoc: dict[str, frozenset[str]] = {}
        self._network: dict[str, RailNetwork] = {}
        self._hqs: dict[str, frozenset[str]] = {}
        self.searches: dict[tuple[str, str, bool, bool], dict[str, frozenset[str]]] = {}

    def zoc(self, power: str) -> frozenset[str]:
        if power not in self._zoc:
            self._zoc[power] = enemy_zoc(self.state, power)
        return self._zoc[power]

    def network(self, power: str) -> RailNetwork:
        if power not in self._network:
            state, here = self.state, self.here

            def hex_ok(mm: Any, i: int) -> bool:
                h = mm.ids[i]
                owner = controller(state, h)
                if owner is None or not (owner == power or is_friendly(state, power, owner)):
                    return False
                return not any(is_enemy(state, power, o["power"]) for o in here.get(h, []))
            self._network[power] = memoised("rail", state, power,
                                            lambda: RailNetwork.build(self.map, hex_ok))
        return self._network[power]

    def is_station(self, hex_id: str, power: str, hq: bool) -> bool:
        """`is_station` with the power's HQ hexes gathered once."""
        if hq or hex_id in station_hexes(self.map):
            return True
        if power not in self._hqs:
            state = self.state
            self._hqs[power] = frozenset(
                u["hex"] for u in state["board"]["units"].values()
                if u["type"] == "HQ" and u["hex"] is not None
                and co_operates(state, u["power"], power))
        return hex_id in self._hqs[power]

    def friendly_there(self, h: str, power: str, excluding: str | None = None) -> bool:
        return any(o["id"] != excluding and co_operates(self.state, o["power"], power)
                   for o in self.here.get(h, []))


def _rail_search(state: dict[str, Any], unit_id: str, straits: bool,
                 ctx: RailContext | None = None) -> dict[str, frozenset[str]] | None:
    """FA 11.8 — station → the straits hexsides crossed on the way (None: the unit may not
    leave its hex by rail at all).

    Through its side's hexes only, never through enemy units. A hex in enemy ZoC may be
    entered or left only if it is a station holding a friendly land unit before and after the
    move, and entering one ends the trip. A straits hexside is crossed only if `straits` and
    no unit of the side has railed across it this turn (1 a side per hexside per turn).
    """
    if ctx is None:
        ctx = RailContext(state)
    u = unit(state, unit_id)
    power = u["power"]
    hq = u["type"] == "HQ"
    zoc = ctx.zoc(power)
    start = u["hex"]
    if not ctx.is_station(start, power, hq):
        return {}
    if start in zoc and not ctx.friendly_there(start, power, excluding=unit_id):
        return None
    key = (power, start, hq, straits)
    found = ctx.searches.get(key)
    if found is None:
        found = ctx.searches[key] = _search_from(ctx, power, start, hq, straits)
    return found


def _search_from(ctx: RailContext, power: str, start: str, hq: bool,
                 straits: bool) -> dict[str, frozenset[str]]:
    """`_rail_search`'s walk from `start` once the unit may leave it (the same for every
    unit of `power` there with the same HQ-ness)."""
    state, m = ctx.state, ctx.map
    zoc = ctx.zoc(power)
    network = ctx.network(power)
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
                    if ctx.is_station(nb, power, hq) and ctx.friendly_there(nb, power):
                        found[nb] = via  # enters enemy ZoC: the trip ends here
                    continue
                if ctx.is_station(nb, power, hq):
                    found[nb] = via
                nxt.append(nb)
        frontier = sorted(nxt)
    return found
