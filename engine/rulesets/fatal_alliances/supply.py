"""FA 2.4 — supply: primary and secondary sources, basic and railway paths.

One search per power: a bucketed breadth-first search from every usable source at once
(steps cost 1, desert hexes 2, rail-to-rail steps of a railway path 0), so checking all of a
power's units costs one or two searches. Weather sets the length at the hex a path starts
from (the unit's or the HQ's), so the search runs to the longest range and each unit compares
its own distance with its own range.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.board import Map

from .charts import SUPPLY_RANGE
from .position import (
    by_hex,
    controller,
    is_enemy,
    is_friendly,
    is_home_hex,
    map_of,
    memoised,
    on_map,
    sea_hexes,
)
from .powers import is_co_operating
from .terrain import hexside_flags
from .weather import weather_at
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


def primary_sources(state: dict[str, Any], power: str) -> list[str]:
    """FA 2.4.2 — friendly cities in the home country of `power` or of a co-operating
    power, not held by the enemy at any time this turn."""
    m = map_of(state)
    lost = set(state["flow"].get("enemy_held", []))
    out = []
    for place_hex in city_hexes(m):
        owner = controller(state, place_hex)
        if owner is None or place_hex in lost:
            continue
        if not (owner == power or is_co_operating(owner, power)):
            continue
        home = any(is_home_hex(m, place_hex, p) for p in sorted(state["board"]["sides"])
                   if is_co_operating(p, power))
        if home:
            out.append(place_hex)
    return sorted(out)


@functools.lru_cache(maxsize=None)
def desert_hexes(m: Map) -> frozenset[str]:
    return frozenset(h for h in m.ids if m.hex(h).terrain == "desert")


@functools.lru_cache(maxsize=None)
def city_hexes(m: Map) -> tuple[str, ...]:
    return tuple(h for h in m.ids if m.hex(h).has_feature("city"))


def trace(state: dict[str, Any], m: Map, power: str, sources: list[str],
           blocked: frozenset[str], railway: bool) -> dict[str, int]:
    """Distances from any source, backwards along legal paths (bucketed BFS, costs 0/1/2)."""
    rails = rail_links(m) if railway else frozenset()
    seas = sea_hexes(m)
    deserts = desert_hexes(m)
    dist: dict[str, int] = {}
    buckets: list[list[str]] = [[] for _ in range(MAX_RANGE + 1)]
    for s in sources:
        if s in blocked:
            continue
        dist[s] = 0
        buckets[0].append(s)
    for level in range(len(buckets)):
        queue = sorted(buckets[level])
        while queue:
            here = queue.pop(0)
            if dist.get(here) != level:
                continue
            if here in blocked and level > 0:
                continue  # a path may start here (the unit's hex) but not pass through
            for nb in m.neighbours(here):
                if nb in seas:
                    continue
                flags = hexside_flags(m, here, nb)
                if flags & BLOCKING_SIDES:
                    continue
                owner = controller(state, nb)
                if owner is not None and not (owner == power or is_friendly(state, power, owner)
                                              or is_enemy(state, power, owner)):
                    continue
                step = 0 if (here, nb) in rails else (2 if nb in deserts else 1)
                nd = level + step
                if nd > MAX_RANGE:
                    continue
                if nb not in dist or nd < dist[nb]:
                    dist[nb] = nd
                    if nd == level:
                        queue.append(nb)
                    else:
                        buckets[nd].append(nb)
    return dist


def range_at(state: dict[str, Any], m: Map, hex_id: str) -> int:
    return SUPPLY_RANGE[weather_at(state, m, hex_id)]


def supplied_hexes(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.4 — where `power`'s land units are in supply (memoised by position)."""
    return memoised("supply", state, power, lambda: _supplied_hexes(state, power))


def _supplied_hexes(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.4 — the hexes where a land unit of `power` is in supply now.

    Sources: primary cities, plus co-operating HQs linked to a primary by a railway path
    (secondaries chain without limit). A unit traces a basic path to a source; any path may not
    enter a hex in enemy ZoC unless a friendly land unit is there (the start hex excepted).
    """
    m = map_of(state)
    zoc = enemy_zoc(state, power)
    here = by_hex(state)
    friendly_hexes = {h for h, us in here.items()
                      if any(is_co_operating(u["power"], power) for u in us)}
    blocked = frozenset(h for h in zoc if h not in friendly_hexes)
    sources = primary_sources(state, power)
    hqs = sorted((u["hex"] for u in on_map(state)
                  if u["type"] == "HQ" and is_co_operating(u["power"], power)))
    linked: set[str] = set()
    frontier = list(sources)
    while True:
        dist = trace(state, m, power, frontier, blocked, railway=True)
        new = [h for h in hqs if h not in linked and h in dist
               and dist[h] <= range_at(state, m, h)]
        if not new:
            break
        linked.update(new)
        frontier = sorted(set(frontier) | linked)
    all_sources = sorted(set(sources) | linked)
    basic = trace(state, m, power, all_sources, blocked, railway=False)
    out = set()
    for h, d in basic.items():
        if d <= range_at(state, m, h) or d <= 1:
            out.add(h)
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
                if any(is_co_operating(u["power"], power) for u in us)}
    blocked = {h for h in zoc if h not in friendly}
    seas = sea_hexes(m)
    seen = {s for s in primary_sources(state, power) if s not in blocked}
    queue = sorted(seen)
    while queue:
        h = queue.pop()
        for nb in m.neighbours(h):
            if nb in seen or nb in seas or hexside_flags(m, h, nb) & BLOCKING_SIDES:
                continue
            owner = controller(state, nb)
            if owner is not None and not (owner == power or is_friendly(state, power, owner)
                                          or is_enemy(state, power, owner)):
                continue
            seen.add(nb)
            if nb not in blocked:
                queue.append(nb)
    return frozenset(seen)
