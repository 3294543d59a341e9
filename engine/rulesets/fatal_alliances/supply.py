"""FA 2.4 — supply: primary and secondary sources, basic and railway paths.

One search per power: a bucketed breadth-first search from every usable source at once
(entering a hex costs 1, a desert or desert-mountain hex 2, a rail-to-rail step of a railway
path 0), so checking all of a power's units costs one or two searches. Weather sets the length at the hex a path starts
from (the unit's or the HQ's), so the search runs to the longest range and each unit compares
its own distance with its own range. Overseas paths (2.4.2.3, overseas.py) add a second layer
to the search: the hexes reached after the chain's one sea crossing.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from engine.board import Map

from .charts import SUPPLY_RANGE
from .overseas import crossings, port_hexes
from .position import (
    by_hex,
    capital_and_factories,
    co_operates,
    commander,
    controller,
    in_home_country,
    is_enemy,
    is_friendly,
    map_of,
    memoised,
    memoised_by,
    on_map,
    political_fingerprint,
    sea_hexes,
)
from .terrain import hexside_flags
from .weather import DESERT_TERRAIN, weather_at
from .zoc import enemy_zoc

MAX_RANGE = max(SUPPLY_RANGE.values())
BLOCKING_SIDES = frozenset({"alpine", "all_sea"})


@functools.lru_cache(maxsize=None)
def rail_links(m: Map) -> frozenset[tuple[str, str]]:
    """Consecutive hexes of some rail line, both directions (railway paths run free there)."""
    links = set()
    for line in m.rail:
        for a, b in zip(line.hexes, line.hexes[1:], strict=False):
            links.add((a, b))
            links.add((b, a))
    return frozenset(links)


NO_HEXES: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=None)
def rail_next(m: Map) -> dict[str, frozenset[str]]:
    """`rail_links` by hex: the hexes one rail step away (a lookup per hex, not per pair)."""
    out: dict[str, set[str]] = {}
    for a, b in rail_links(m):
        out.setdefault(a, set()).add(b)
    return {h: frozenset(nbs) for h, nbs in out.items()}


def primary_sources(state: dict[str, Any], power: str) -> list[str]:
    """FA 2.4.2 — friendly cities in the unconquered home country of `power` (a major, or a
    minor for its own units) or of a major power it co-operates with; possessions are no home
    country. A city the other side held at any time this turn is none, and a city held by a
    power the unit does not co-operate with supplies it not (19.2)."""
    m = map_of(state)
    lost = set(state["flow"].get("enemy_held", []))
    homes = [power] + [p for p in sorted(state["board"]["sides"])
                       if p != power and co_operates(state, p, power)]
    out = []
    for place_hex in city_hexes(m):
        owner = controller(state, place_hex)
        if owner is None or place_hex in lost:
            continue
        if not (owner == power or co_operates(state, owner, power)):
            continue
        if any(in_home_country(state, place_hex, home) for home in homes):
            out.append(place_hex)
    return sorted(out)


def secondary_sources(state: dict[str, Any], power: str) -> list[str]:
    """FA 2.4.2 — the secondary sources a unit of `power` may chain through: the HQs it
    co-operates with, the capitals of co-operating minors aligned with its major, and the
    capitals of countries conquered by its major or a major it co-operates with (held by a
    power it co-operates with, and not by the other side this turn)."""
    m = map_of(state)
    board = state["board"]
    lost = set(state["flow"].get("enemy_held", []))
    out = {u["hex"] for u in on_map(state)
           if u["type"] == "HQ" and co_operates(state, u["power"], power)}
    major = commander(state, power)
    capitals = [minor for minor, to in board["aligned"].items()
                if to == major and co_operates(state, minor, power)]
    capitals += [country for country, record in board.get("conquered", {}).items()
                 if co_operates(state, record["by"], power)]
    for country in sorted(set(capitals)):
        capital, _ = capital_and_factories(m, country)
        owner = controller(state, capital) if capital else None
        if (capital is not None and owner is not None and capital not in lost
                and co_operates(state, owner, power)):
            out.add(capital)
    return sorted(out)


@functools.lru_cache(maxsize=None)
def desert_hexes(m: Map) -> frozenset[str]:
    """FA 2.4.2.1 — desert and desert-mountain hexes count 2 when a supply path enters them."""
    return frozenset(h for h in m.ids if m.hex(h).terrain in DESERT_TERRAIN)


@functools.lru_cache(maxsize=None)
def city_hexes(m: Map) -> tuple[str, ...]:
    return tuple(h for h in m.ids if m.hex(h).has_feature("city"))


def may_step(state: dict[str, Any], m: Map, power: str, here: str, nb: str) -> bool:
    """A supply path may cross from `here` into `nb`: land, no blocking hexside, and not a
    country neutral to `power` (FA 2.4.3)."""
    return nb in land_steps(m)[here] and enterable(state, power)(nb)


@functools.lru_cache(maxsize=None)
def land_steps(m: Map) -> dict[str, frozenset[str]]:
    """The map's part of `may_step`: each hex's land neighbours across no blocking hexside
    (neighbour order kept in `land_step_order`)."""
    return {h: frozenset(nbs) for h, nbs in land_step_order(m).items()}


@functools.lru_cache(maxsize=None)
def land_step_order(m: Map) -> dict[str, tuple[str, ...]]:
    sea = sea_hexes(m)
    return {h: tuple(nb for nb in m.neighbours(h)
                     if nb not in sea and not hexside_flags(m, h, nb) & BLOCKING_SIDES)
            for h in m.ids}


def enterable(state: dict[str, Any], power: str) -> Callable[[str], bool]:
    """The position's part of `may_step`: whether a path of `power` may enter a land hex by
    its controller (not a country neutral to `power`), each hex judged once for as long as
    the caller keeps this function, which must be no longer than the position stands."""
    judged: dict[str, bool] = {}

    def may_enter(nb: str) -> bool:
        found = judged.get(nb)
        if found is None:
            owner = controller(state, nb)
            found = judged[nb] = (owner is None or owner == power
                                  or is_friendly(state, power, owner)
                                  or is_enemy(state, power, owner))
        return found
    return may_enter


def trace(state: dict[str, Any], m: Map, power: str, sources: list[str],
          blocked: frozenset[str], railway: bool) -> dict[str, int]:
    """Distances from any source, backwards along legal land paths (no sea crossing)."""
    return trace_layers(state, m, power, sources, blocked, railway)[0]


def trace_layers(state: dict[str, Any], m: Map, power: str, sources: list[str],
                 blocked: frozenset[str], railway: bool,
                 sea: Mapping[str, tuple[str, ...]] | None = None,
                 crossed: frozenset[str] = frozenset(),
                 ports: frozenset[str] = frozenset(),
                 enter: Callable[[str], bool] | None = None,
                 ) -> tuple[dict[str, int], dict[str, int]]:
    """Distances from any source, backwards along legal paths (bucketed BFS, costs 0/1/2):
    the first map without a sea crossing, the second with one (FA 2.4.2.3: at most one per
    tracing unit, so a source in `crossed`, linked to a primary over the sea, starts there).

    Walking back from `here` to `nb` is the path's step from `nb` into `here`: it costs what
    entering `here` costs (2 for a desert hex, FA 2.4.2.1; 0 along a railway line on a
    railway path), so the source's hex counts and the unit's own never does. `sea` maps a
    landing port's hex to the hexes a path may leave the land from to reach it (overseas.py):
    coming ashore in the port counts 1 whatever its terrain; a path goes on overland only from
    a port (`ports`), any other coastal hex is only where a path starts. `enter` is
    `enterable(state, power)`, shared by a caller's searches of one position."""
    rails = rail_next(m) if railway else {}
    steps = land_step_order(m)
    may_enter = enterable(state, power) if enter is None else enter
    deserts = desert_hexes(m)
    dist: tuple[dict[str, int], dict[str, int]] = ({}, {})
    shore: dict[str, int] = {}
    buckets: list[list[tuple[int, str]]] = [[] for _ in range(MAX_RANGE + 1)]
    for s in sources:
        if s in blocked:
            continue
        layer = 1 if s in crossed else 0
        dist[layer][s] = 0
        buckets[0].append((layer, s))
    for level in range(len(buckets)):
        queue = deque(sorted(buckets[level]))
        while queue:
            layer, here = queue.popleft()
            known = dist[layer]
            if known.get(here) != level:
                continue
            if level > 0 and here in blocked:
                continue  # a path may start here (the unit's hex) but not pass through
            entering = level + (2 if here in deserts else 1)   # off the rail lines
            on_rail = rails.get(here, NO_HEXES)
            for nb in steps[here]:
                old = known.get(nb)
                if old is not None and old <= level:
                    continue   # no step costs less than 0: already as near as it could get
                if not may_enter(nb):
                    continue
                nd = level if nb in on_rail else entering
                if nd > MAX_RANGE:
                    continue
                if old is None or nd < old:
                    known[nb] = nd
                    if nd == level:
                        queue.append((layer, nb))
                    else:
                        buckets[nd].append((layer, nb))
            if layer or not sea or here not in sea or level + 1 > MAX_RANGE:
                continue
            for start in sea[here]:   # the path's sea part, into the port `here`
                nd = level + 1
                if start not in ports:
                    shore[start] = min(nd, shore.get(start, nd))
                elif start not in dist[1] or nd < dist[1][start]:
                    dist[1][start] = nd
                    buckets[nd].append((1, start))
    crossing = dict(dist[1])
    for h, d in shore.items():
        crossing[h] = min(d, crossing.get(h, d))
    return dist[0], crossing


def adjacent_to(state: dict[str, Any], m: Map, power: str, sources: list[str],
                blocked: frozenset[str], enter: Callable[[str], bool] | None = None) -> set[str]:
    """FA 2.4.2.1 — a unit can always trace supply to an adjacent source connected by land,
    whatever the weather and terrain."""
    steps = land_step_order(m)
    may_enter = enterable(state, power) if enter is None else enter
    return {nb for s in sources if s not in blocked for nb in steps[s] if may_enter(nb)}


def range_at(state: dict[str, Any], m: Map, hex_id: str) -> int:
    return SUPPLY_RANGE[weather_at(state, m, hex_id)]


def supplied_hexes(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.4 — where `power`'s land units are in supply (memoised by position)."""
    return memoised("supply", state, power, lambda: _supplied_hexes(state, power))


def _supplied_hexes(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.4 — the hexes where a land unit of `power` is in supply now.

    Sources: primary cities, plus secondary sources linked to a primary by a railway path
    (secondaries chain without limit). A unit traces a basic path to a source; any path may not
    enter a hex in enemy ZoC unless a friendly land unit is there (the start hex excepted).
    One part of the whole chain may cross the sea (2.4.2.3): a secondary linked only over the
    sea passes its crossing on to every path traced to it.
    """
    m = map_of(state)
    zoc = enemy_zoc(state, power)
    here = by_hex(state)
    friendly_hexes = {h for h, us in here.items()
                      if any(co_operates(state, u["power"], power) for u in us)}
    blocked = frozenset(h for h in zoc if h not in friendly_hexes)
    sources = primary_sources(state, power)
    secondaries = secondary_sources(state, power)
    sea = crossings(state, m, power)
    ports = port_hexes(state, m)
    # Where forces stand enters the trace only through these: the blocked hexes, the HQs among
    # the secondaries and the sea crossings. A move that changes none of them (in the rear,
    # at sea far from the crossings, a build) finds the trace already made.
    inputs = (power, political_fingerprint(state), blocked, tuple(sources), tuple(secondaries),
              tuple(sorted(sea.items())), ports)
    return memoised_by("supply-trace", inputs, lambda: _trace_supply(
        state, m, power, blocked, sources, secondaries, sea, ports))  # type: ignore[no-any-return]


def _trace_supply(state: dict[str, Any], m: Map, power: str, blocked: frozenset[str],
                  sources: list[str], secondaries: list[str],
                  sea: Mapping[str, tuple[str, ...]], ports: frozenset[str]) -> frozenset[str]:
    """`_supplied_hexes` once its inputs are known: chain the secondaries, then trace."""
    crossed: dict[str, bool] = {}     # a linked secondary -> linked only over the sea
    enter = enterable(state, power)   # one position: each hex's controller judged once
    while True:
        frontier = sorted(set(sources) | set(crossed))
        over = frozenset(h for h, c in crossed.items() if c)
        land, by_sea = trace_layers(state, m, power, frontier, blocked, True, sea, over, ports,
                                    enter)
        near_land = adjacent_to(state, m, power, [h for h in frontier if h not in over],
                                blocked, enter)
        near_sea = adjacent_to(state, m, power, sorted(over), blocked, enter)
        found: dict[str, bool] = {}
        for h in secondaries:
            if h in near_land or (h in land and land[h] <= range_at(state, m, h)):
                found[h] = False
            elif h in near_sea or (h in by_sea and by_sea[h] <= range_at(state, m, h)):
                found[h] = True
        if found == crossed:
            break
        crossed = found
    all_sources = sorted(set(sources) | set(crossed))
    over = frozenset(h for h, c in crossed.items() if c)
    land, by_sea = trace_layers(state, m, power, all_sources, blocked, False, sea, over, ports,
                                enter)
    out = {h for dist in (land, by_sea) for h, d in dist.items() if d <= range_at(state, m, h)}
    out |= adjacent_to(state, m, power, all_sources, blocked, enter)
    out |= {s for s in all_sources if s not in blocked}
    return frozenset(out)


def linked_to_primary(state: dict[str, Any], power: str) -> frozenset[str]:
    """Option 6 (FA 13.4) — the hexes with a basic supply path of any length to one of
    `power`'s primary sources (same legality as 2.4: no sea, blocking hexsides, neutrals, or
    enemy ZoC without a friendly land unit; the unit's own hex may be in ZoC)."""
    return memoised("linked", state, power, lambda: _linked(state, power))


def _linked(state: dict[str, Any], power: str) -> frozenset[str]:
    m = map_of(state)
    zoc = enemy_zoc(state, power)
    here = by_hex(state)
    friendly = {h for h, us in here.items()
                if any(co_operates(state, u["power"], power) for u in us)}
    blocked = {h for h in zoc if h not in friendly}
    seen = {s for s in primary_sources(state, power) if s not in blocked}
    queue = sorted(seen)
    steps, may_enter = land_step_order(m), enterable(state, power)
    while queue:
        h = queue.pop()
        for nb in steps[h]:
            if nb in seen or not may_enter(nb):
                continue
            seen.add(nb)
            if nb not in blocked:
                queue.append(nb)
    return frozenset(seen)
