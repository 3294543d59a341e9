"""BoP 3 — supply: sources, overland tracing, water supply (6.454 or 3.123), the commissariat (6.6).

A nation's units are supplied where they stand in or next to a live source, or in or next to a
hex from which a path of friendly hexes holding rail, a population centre or infrastructure,
free of enemy land units, leads to a source (3.121). Sources (3.11) are a nation's capital and
home bargaining chips (Russia's east-edge rail hexes too); they also serve the minors allocated
to that nation and the shadow governments it hosts (2.93). Allied majors do not share them.
Under the optional admiralty the Entente traces freely over water between friendly ports
(6.454) and the Central Powers have no sea power (6.451); under the standard admiralty (12.3)
either side crosses water only from a port holding a friendly surface ship (3.123,
sea_supply.py; ruling 105).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import sea_supply
from .admiralty import water_ports
from .fleets import standard_admiralty
from .forces import (
    UNITS,
    controller,
    eliminate,
    enemy_present,
    infrastructure,
    landing_of,
    neighbours,
    neutral_closed,
    occupancy,
    side_of,
)
from .occupy import capture
from .scenarios import scenario_of
from .tables import ENTENTE, MAJORS, MINOR_COMMANDER
from .theatre import Theatre, theatre

RULE = "BoP 3.1"


def allocated_to(state: dict[str, Any], nation: str) -> str | None:
    """6.1 — a minor at war is allocated to one major of its side for requisition (5.24) and
    supply (3.0): the side's minor commander (France for the Entente, Germany for the Central
    Powers; our ruling, the major that takes its capital's requisition too)."""
    side = side_of(state, nation)
    return None if nation in MAJORS or side is None else MINOR_COMMANDER[side]


def shadow_host(state: dict[str, Any], nation: str) -> str | None:
    """2.93 — the same-side major whose capital hosts a conquered nation's shadow government."""
    power = state["powers"][nation]
    return power.get("shadow_host") if power.get("conquered") else None


_OWN: dict[tuple[str, str], frozenset[str]] = {}


def own_sources(th: Theatre, nation: str) -> frozenset[str]:
    """BoP 3.11 — a nation's own possible sources: its capital, its home bargaining chips and,
    for Russia, the rail hexes on the map's east edge."""
    key = (th.name, nation)
    found = _OWN.get(key)
    if found is None:
        locs = {loc for loc in th.bcs if th.home.get(loc) == nation}
        if nation in th.capital:
            locs.add(th.capital[nation])
        if nation == "russia":
            edge = max(th.column[loc] for loc in th.locs if loc not in th.boxes)
            locs |= {loc for loc in th.rail_links if th.home.get(loc) == "russia"
                     and th.column[loc] == edge}
        found = _OWN[key] = frozenset(locs)
    return found


def home_sources(state: dict[str, Any], th: Theatre, nation: str) -> frozenset[str]:
    """BoP 2.93, 6.6 — the sources a nation counts as its own: its capital and home bargaining
    chips, and its shadow host's ("as their own for all purposes")."""
    host = shadow_host(state, nation)
    found = own_sources(th, nation) | (own_sources(th, host) if host else frozenset())
    if nation in scenario_of(state).south_edge_supply:
        found |= south_edge_rail(th, nation)
    return found


def south_edge_rail(th: Theatre, nation: str) -> frozenset[str]:
    """BoP 12.2 — the nation's rail hexes in the map's bottom row (Austria-Hungary traces
    supply to them in Fire in the East)."""
    key = (th.name, f"{nation}:south")
    found = _OWN.get(key)
    if found is None:
        rows = [int(label[2:]) for label in th.label.values()
                if len(label) == 4 and label.isdigit()]
        bottom = max(rows) if rows else -1
        found = _OWN[key] = frozenset(
            loc for loc in th.rail_links if th.home.get(loc) == nation
            and len(th.label.get(loc, "")) == 4 and th.label[loc].isdigit()
            and int(th.label[loc][2:]) == bottom)
    return found


def surrounded(state: dict[str, Any], th: Theatre, loc: str, side: str,
               occ: dict[str, list[str]]) -> bool:
    """BoP 3.11 — every available adjacent location holds an enemy unit. Ocean next to a source
    would need an enemy surface ship, and 12.1 has no naval units (6.45): a coastal source or a
    port box is never surrounded. Neutral land is not available to the enemy."""
    if loc in th.boxes or loc in th.coastal or any(o in th.water for o in th.all_adj[loc]):
        return False
    around = [o for o in neighbours(state, th, loc) if not neutral_closed(state, th, o)]
    return bool(around) and all(enemy_present(state, th, o, side, occ) for o in around)


def sources(state: dict[str, Any], th: Theatre, nation: str,
            occ: dict[str, list[str]] | None = None) -> set[str]:
    """BoP 3.11 — the live sources of one nation's units: its own, its allocated major's (a
    minor) and its shadow host's (a conquered nation), while its side controls them and they
    are neither occupied by nor surrounded with enemy units."""
    side = side_of(state, nation)
    if side is None:
        return set()
    occ = occupancy(state) if occ is None else occ
    found = set(home_sources(state, th, nation))
    major = allocated_to(state, nation)
    if major is not None:
        found |= own_sources(th, major)
    live = set()
    for loc in sorted(found):
        if side_of(state, controller(state, th, loc)) != side:
            continue
        if enemy_present(state, th, loc, side, occ) or surrounded(state, th, loc, side, occ):
            continue
        live.add(loc)
    return live


_CACHE: dict[tuple[Any, ...], frozenset[str]] = {}


def _fingerprint(state: dict[str, Any], th: Theatre) -> tuple[Any, ...]:
    """What a nation's supply depends on besides the nation: the same for every nation of one
    position, so a caller tracing several takes it once."""
    board = state["board"]
    return (th.name, state.get("scenario"),
            tuple(sorted((u, v["at"]) for u, v in board["units"].items())),
            tuple(sorted(board["control"].items())), tuple(sorted(board["forts"].items())),
            tuple(sorted((board.get("landing") or {}).items())),
            tuple(sorted((board.get("anchorage") or {}).items())),
            tuple(sorted(board["infra"].items())),
            # 3.123: ships and mines decide the water legs under the standard admiralty, and a
            # contested box weighs the ships' gunnery, which damage lowers (ruling 117)
            tuple(sorted((s, f["at"], f["steps"]) for s, f in board.get("fleets", {}).items())),
            tuple(sorted((m, str(at)) for m, at in board.get("mines", {}).items())),
            tuple(sorted((n, p["side"], p.get("conquered"), p.get("shadow_host"),
                          p.get("violated_by")) for n, p in state["powers"].items())))


MEMOS = (_CACHE,)   # for the ruleset's caches_set_aside


def clear_cache() -> None:
    _CACHE.clear()


def supplied_locations(state: dict[str, Any], th: Theatre, nation: str,
                       occ: dict[str, list[str]] | None = None,
                       position: tuple[Any, ...] | None = None,
                       shared: dict[Any, Any] | None = None) -> frozenset[str]:
    """BoP 3.12 — every location where a unit of `nation` is in supply (memoised on the
    positions, control and fortresses it depends on). A caller asking for several nations of
    one position may pass its `_fingerprint` as `position` and one `shared` dict, in which
    the searches of one side keep what every nation of that side would find the same."""
    key = (nation, _fingerprint(state, th) if position is None else position)
    found = _CACHE.get(key)
    if found is None:
        found = frozenset(_trace(state, th, nation, occ, shared))
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def overland_reach(state: dict[str, Any], th: Theatre, starts: set[str], side: str,
                   occ: dict[str, list[str]], step: Any,
                   passable: dict[str, bool] | None = None) -> set[str]:
    """BoP 3.121 — the locations an overland path reaches from `starts`: rail, population
    centres or infrastructure, controlled by `side`, free of enemies; `step(loc)` gives the
    next locations (supply counts the landing link, RP transfers do not). `passable` keeps
    each location's answer across the searches of one position and side (supply_reach's
    water legs search overland again from the ports they land at)."""
    known = {} if passable is None else passable
    board = state["board"]
    control, infra, powers, home = board["control"], board["infra"], state["powers"], th.home

    def qualifies(loc: str) -> bool:
        found = known.get(loc)
        if found is None:
            owner = powers.get(control.get(loc, home.get(loc)))
            found = known[loc] = ((th.is_rail(loc) or th.is_pop(loc) or infra.get(loc) == side)
                                  and owner is not None and owner["side"] == side
                                  and not enemy_present(state, th, loc, side, occ))
        return found

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


def supply_reach(state: dict[str, Any], th: Theatre, starts: set[str], side: str,
                 occ: dict[str, list[str]], step: Any,
                 shared: dict[Any, Any] | None = None) -> set[str]:
    """BoP 3.121, 6.454, 3.123 — what a supply line reaches from `starts`: overland
    (overland_reach) and across water. Under 6.454 the Entente may take to the water at a
    friendly port, cross any water without ships, land at any friendly port on the same water
    and go on overland; under the standard admiralty either side crosses as 3.123 allows.
    `shared` (one position, `step` and `occ`) keeps each location's passability and the
    side's water crossings for the next search of the same side."""
    shared = {} if shared is None else shared
    # one position and side: each location judged once
    passable: dict[str, bool] = shared.setdefault(("passable", side), {})
    reached = overland_reach(state, th, starts, side, occ, step, passable)
    if standard_admiralty(state):
        if ("crossings", side) not in shared:
            shared[("crossings", side)] = sea_supply.crossings(state, th, side)[1]
        return sea_supply.sea_reach(
            state, th, reached, side,
            lambda fresh: overland_reach(state, th, fresh, side, occ, step, passable),
            shared[("crossings", side)])
    if side != ENTENTE:
        return reached
    ports = water_ports(state, th)
    while True:
        wet = {c for p, comps in ports.items() if p in reached for c in comps}
        fresh = {p for p, comps in ports.items() if comps & wet} - reached
        if not fresh:
            return reached
        reached |= overland_reach(state, th, fresh, side, occ, step, passable)


def _supply_step(state: dict[str, Any], th: Theatre) -> Any:
    """2.52's neighbours for a supply line, with 7.74's anchorage joined to the hex it serves
    (a port for supply only: movement never crosses it)."""
    anchorage = state["board"].get("anchorage")
    if anchorage is None:
        return lambda loc: neighbours(state, th, loc)
    link = {anchorage["at"]: anchorage["to"], anchorage["to"]: anchorage["at"]}

    def step(loc: str) -> tuple[str, ...]:
        found = neighbours(state, th, loc)
        return tuple(sorted({*found, link[loc]})) if loc in link else found
    return step


def _trace(state: dict[str, Any], th: Theatre, nation: str,
           occ: dict[str, list[str]] | None, shared: dict[Any, Any] | None) -> set[str]:
    side = side_of(state, nation)
    if side is None:
        return set()
    if shared is None or occ is None:   # what `shared` keeps holds for one occupancy only
        occ, shared = occupancy(state) if occ is None else occ, {}
    step = _supply_step(state, th)
    reached = supply_reach(state, th, sources(state, th, nation, occ), side, occ, step, shared)
    out = set(reached)
    for loc in reached:
        out.update(step(loc))
    landing = landing_of(state)
    if landing is not None and side == ENTENTE and not standard_admiralty(state):
        out.add(landing["at"])  # 6.454: the landing is supplied over water (our reading)
    return out


def supply_status(state: dict[str, Any], th: Theatre) -> dict[str, bool]:
    """Every on-map unit → supplied? (one trace per nation)."""
    occ = occupancy(state)
    standard = standard_admiralty(state)
    by_nation: dict[str, frozenset[str]] = {}
    position = _fingerprint(state, th)     # one position: taken once for every nation
    shared: dict[Any, Any] = {}            # ... whose sides' searches share their work
    out = {}
    for uid, unit in sorted(state["board"]["units"].items()):
        nation = UNITS[uid].nation
        if unit["at"] in th.water and (not standard or sea_supply.carried(state, th, uid)):
            out[uid] = True  # 3.1: carried by sea (or on the landing, 6.454)
            continue
        if nation not in by_nation:
            by_nation[nation] = supplied_locations(state, th, nation, occ, position, shared)
        out[uid] = unit["at"] in by_nation[nation]
    return out


def ends_supplied(state: dict[str, Any], th: Theatre, units: list[str], path: list[str],
                  now: dict[str, frozenset[str]] | None = None) -> bool:
    """BoP 3.12 — whether every corps of a force is in supply where a move along `path` ends,
    as the position will be then (ruling 52 in docs/rules/balance_of_powers.md): the page
    warns before a move that ends out of supply, which the commissariat (6.6) then checks when
    the half ends. Leaders are not checked (6.6 rolls for corps). `now` keeps each nation's
    supplied locations in this position across the calls of one listing."""
    now = {} if now is None else now
    corps = [uid for uid in units if UNITS[uid].corps]
    loc = path[-1]
    landing = landing_of(state)
    by_sea = loc in th.water and not (standard_admiralty(state) and landing is not None
                                      and landing["at"] == loc)
    if by_sea or not corps:
        return True   # 3.1: carried by sea (or on the landing, 6.454; 3.123 traces to it)
    for nation in {UNITS[uid].nation for uid in corps} - set(now):
        now[nation] = supplied_locations(state, th, nation)
    if all(loc in now[UNITS[uid].nation] for uid in corps):
        return True   # moving own units and taking control only ever lengthen a supply line
    # 2.53: the infantry takes control of what it enters on the way (occupy.enter). Only
    # control changes a side's own supply (its own units never block it), so the trace is
    # made again only when the path takes something, on a copy of what capture touches.
    capturers = sorted({UNITS[u].nation for u in units if UNITS[u].captures})
    if not capturers:
        return False
    after = {**state, "board": {**state["board"], "control": dict(state["board"]["control"])},
             "powers": {n: dict(p) for n, p in state["powers"].items()}}
    taken = [step for step in path[1:] if capture(after, th, step, capturers[0]) is not None]
    side = side_of(state, capturers[0])
    reach = frozenset().union(*(now[UNITS[uid].nation] for uid in corps))
    if side is None or not any(_may_carry_supply(after, th, step, side, reach) for step in taken):
        return False   # what it took cannot lengthen a supply line, nor be a source or port
    return all(loc in supplied_locations(after, th, UNITS[uid].nation) for uid in corps)


def _may_carry_supply(state: dict[str, Any], th: Theatre, loc: str, side: str,
                      supplied: frozenset[str]) -> bool:
    """Whether taking `loc` can lengthen a supply line (3.11, 3.121, 6.454): a possible source
    (a capital, a bargaining chip), a coastal hex (a port of a water leg), or a hex a path may
    run through (rail, population centre, infrastructure) next to what a line reaches now —
    the `supplied` locations are those reached and their neighbours — since a line can only
    grow into newly taken hexes through one that touches it."""
    if loc in th.bcs or loc in th.capital.values() or loc in th.coastal:
        return True
    return loc in supplied and (th.is_rail(loc) or th.is_pop(loc)
                                or infrastructure(state, loc, side))


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
            home_source = loc in home_sources(state, th, nation)
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


def move_supply(state: dict[str, Any]) -> dict[str, bool]:
    """BoP 3.1, 9.21 — supply is judged when a force starts a move: a march sets the
    allowance of the corps that start moving (3.2: −1 MP unsupplied) and every rail move
    needs supply at its declaration (9.21, 9.31); an attack checks afresh (10.1). So it is
    the position's own supply, not a snapshot of the half's start."""
    return supply_status(state, theatre(state["board"]["map"]))


def begin_commissariat(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.6 — the commissariat step is the phasing side's supply attrition."""
    return commissariat(state, theatre(state["board"]["map"]), state["flow"]["side"], roller)
