"""BoP 3 — supply: sources, overland tracing, water supply under 6.454, the commissariat (6.6).

A nation's units are supplied where they stand in or next to a live source, or in or next to a
hex from which a path of friendly hexes holding rail or a population centre, free of enemy
land units, leads to a source (3.12). Sources are not shared between allies (3.11).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .forces import (
    UNITS,
    controller,
    eliminate,
    enemy_present,
    infrastructure,
    landing_of,
    neighbours,
    occupancy,
    side_of,
    unit_side,
)
from .theatre import Theatre, theatre

RULE = "BoP 3.1"


def sources(state: dict[str, Any], th: Theatre, nation: str,
            occ: dict[str, list[str]] | None = None) -> set[str]:
    """BoP 3.11 — the live sources of one nation.

    Its capital and home bargaining chips while its side controls them; Russia also its
    east-edge rail hexes; Britain also any Entente port on open water (6.454, our reading:
    the water leg back to British ports is always open on this map). A source whose every
    neighbour holds an enemy land unit is dead (3.11)."""
    side = side_of(state, nation)
    if side is None:
        return set()
    occ = occupancy(state) if occ is None else occ
    found: set[str] = set()
    cap = th.capital.get(nation)
    if cap is not None:
        found.add(cap)
    for loc in th.bcs:
        if th.home.get(loc) == nation:
            found.add(loc)
    if nation == "russia":
        edge = max(th.column[loc] for loc in th.locs if loc not in th.boxes)
        found |= {loc for loc in th.rail_links if th.home.get(loc) == "russia"
                  and th.column[loc] == edge}
    if nation == "britain":
        for loc in th.ports:
            if side_of(state, controller(state, th, loc)) == side and any(
                    th.sea_area.get(w) not in (None, "baltic") for w in th.all_adj[loc]):
                found.add(loc)
    live = set()
    for loc in sorted(found):
        if side_of(state, controller(state, th, loc)) != side:
            continue
        if enemy_present(state, th, loc, side, occ):
            continue
        around = neighbours(state, th, loc)
        if around and all(enemy_present(state, th, other, side, occ) for other in around):
            continue
        live.add(loc)
    return live


_CACHE: dict[tuple[Any, ...], frozenset[str]] = {}


def _fingerprint(state: dict[str, Any], th: Theatre, nation: str) -> tuple[Any, ...]:
    board = state["board"]
    return (th.name, nation,
            tuple(sorted((u, v["at"]) for u, v in board["units"].items())),
            tuple(sorted(board["control"].items())), tuple(sorted(board["forts"].items())),
            tuple(sorted((board.get("landing") or {}).items())),
            tuple(sorted(board["infra"].items())),
            tuple(sorted((n, p["side"]) for n, p in state["powers"].items())))


def clear_cache() -> None:
    _CACHE.clear()


def supplied_locations(state: dict[str, Any], th: Theatre, nation: str,
                       occ: dict[str, list[str]] | None = None) -> frozenset[str]:
    """BoP 3.12 — every location where a unit of `nation` is in supply (memoised on the
    positions, control and fortresses it depends on)."""
    key = _fingerprint(state, th, nation)
    found = _CACHE.get(key)
    if found is None:
        found = frozenset(_trace(state, th, nation, occ))
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def overland_reach(state: dict[str, Any], th: Theatre, starts: set[str], side: str,
                   occ: dict[str, list[str]], step: Any) -> set[str]:
    """BoP 3.121 — the locations an overland path reaches from `starts`: rail, population
    centres or infrastructure, controlled by `side`, free of enemies; `step(loc)` gives the
    next locations (supply counts the landing link, RP transfers do not)."""

    def qualifies(loc: str) -> bool:
        return ((th.is_rail(loc) or th.is_pop(loc) or infrastructure(state, loc, side))
                and side_of(state, controller(state, th, loc)) == side
                and not enemy_present(state, th, loc, side, occ))

    reached = set(starts)
    frontier = sorted(starts)
    while frontier:
        nxt = []
        for loc in frontier:
            for other in step(loc):
                if other not in reached and qualifies(other):
                    reached.add(other)
                    nxt.append(other)
        frontier = nxt
    return reached


def _trace(state: dict[str, Any], th: Theatre, nation: str,
           occ: dict[str, list[str]] | None) -> set[str]:
    side = side_of(state, nation)
    if side is None:
        return set()
    occ = occupancy(state) if occ is None else occ
    live = sources(state, th, nation, occ)

    reached = overland_reach(state, th, live, side, occ,
                             lambda loc: neighbours(state, th, loc))
    out = set(reached)
    for loc in reached:
        out.update(neighbours(state, th, loc))
    landing = landing_of(state)
    if landing is not None and side == "entente":
        out.add(landing["at"])  # 6.454: water supply to the landing (our reading, see docs)
    return out


def supply_status(state: dict[str, Any], th: Theatre) -> dict[str, bool]:
    """Every on-map unit → supplied? (one trace per nation)."""
    occ = occupancy(state)
    by_nation: dict[str, frozenset[str]] = {}
    out = {}
    for uid, unit in sorted(state["board"]["units"].items()):
        nation = UNITS[uid].nation
        if nation not in by_nation:
            by_nation[nation] = supplied_locations(state, th, nation, occ)
        out[uid] = unit["at"] in by_nation[nation]
    return out


def commissariat(state: dict[str, Any], th: Theatre, side: str, roller: Roller) -> list[Event]:
    """BoP 6.6 — the phasing side checks its corps, lowest printed effectiveness first (equal
    values together); each unsupplied corps survives on 1d6 < printed effectiveness, −1 to the
    roll in its own capital or a home bargaining chip."""
    events: list[Event] = []
    status = supply_status(state, th)
    levels = sorted({UNITS[uid].effectiveness for uid in status
                     if UNITS[uid].corps and side_of(state, UNITS[uid].nation) == side})
    for level in levels:
        batch = [uid for uid, ok in sorted(status.items())
                 if not ok and UNITS[uid].corps and UNITS[uid].effectiveness == level
                 and side_of(state, UNITS[uid].nation) == side]
        for uid in batch:
            nation = UNITS[uid].nation
            loc = state["board"]["units"][uid]["at"]
            roll = roller.d(6, f"commissariat {uid}")
            home_source = (loc == th.capital.get(nation)) or (
                loc in th.bcs and th.home.get(loc) == nation)
            final = roll - 1 if home_source else roll
            survives = final < UNITS[uid].effectiveness
            if not survives:
                eliminate(state, uid)
            events.append(Event("commissariat", "BoP 6.6", {
                "unit": uid, "at": loc, "roll": roll, "final": final,
                "needs_below": UNITS[uid].effectiveness, "survives": survives}))
        if batch:
            status = supply_status(state, th)
    return events


def snapshot_half_supply(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 3.1 — the phasing side's supply is judged when its half begins and holds for the
    half (a begin effect of the half)."""
    flow = state["flow"]
    status = supply_status(state, theatre(state["board"]["map"]))
    flow["supplied"] = {u: ok for u, ok in status.items() if unit_side(state, u) == flow["side"]}
    return []


def forget_half_supply(state: dict[str, Any], roller: Roller) -> list[Event]:
    """The half's supply snapshot ends with the half (an end effect of the half)."""
    state["flow"]["supplied"] = {}
    return []


def begin_commissariat(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.6 — the commissariat step is the phasing side's supply attrition."""
    return commissariat(state, theatre(state["board"]["map"]), state["flow"]["side"], roller)
