"""Builders for the common movement rules, as functions for :mod:`engine.board.paths`.

Each builder takes the map it will be used with and precomputes a tuple or dict indexed by hex
index, so the returned function is one or two lookups per step. Using a built function with a
different map raises ``ValueError`` rather than returning costs of the wrong map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from engine.board.hexgrid import HexId
from engine.board.mapmodel import HexsideInfo, Map, RiverClass
from engine.board.paths import BlockFn, CostFn, PassFn, StopFn


def _other_map(m: Map) -> ValueError:
    return ValueError(f"this function was built for map {m.name!r} and used with another map")


def _check_cost(value: object, what: str) -> int | None:
    if value is None:
        return None
    if value.__class__ is not int or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what}: costs must be non-negative ints or None, got {value!r}")
    return value


def terrain_cost(m: Map, table: Mapping[str, int | None]) -> CostFn:
    """Return a cost function charging ``table[terrain of the hex entered]``.

    ``None`` in the table makes that terrain impassable (e.g. ``{"sea": None}``).

    :raises ValueError: if a terrain class on the map is missing from ``table`` (a gap in a
        ruleset's chart is a bug, not a default), or a cost is not a non-negative int or None.
    """
    missing = sorted({h.terrain for h in m.hexes} - set(table))
    if missing:
        raise ValueError(f"terrain table has no cost for {missing!r} on map {m.name!r}")
    for terrain in sorted(table):
        _check_cost(table[terrain], f"terrain {terrain!r}")
    enter = tuple(table[h.terrain] for h in m.hexes)

    def cost(mm: Map, i: int, j: int) -> int | None:
        if mm is not m:
            raise _other_map(m)
        return enter[j]

    return cost


def hexside_surcharge(m: Map, base: CostFn, surcharge: Callable[[HexsideInfo], int | None]) -> CostFn:
    """Return ``base`` plus ``surcharge(side)`` for steps across a side with features.

    ``surcharge`` returning ``None`` makes the side impassable; sides without an entry in the
    map cost nothing extra.

    :raises ValueError: if ``surcharge`` returns a negative or non-int value.
    """
    n = len(m.ids)
    extra: dict[int, int | None] = {}
    for side in m.hexsides.values():
        if side.a not in m.index or side.b not in m.index:
            continue
        add = _check_cost(surcharge(side), f"hexside {side.id!r}")
        if add == 0:
            continue
        ia, ib = m.index[side.a], m.index[side.b]
        extra[ia * n + ib] = add
        extra[ib * n + ia] = add

    def cost(mm: Map, i: int, j: int) -> int | None:
        c = base(mm, i, j)
        if c is None:
            return None
        if mm is not m:
            raise _other_map(m)
        k = i * n + j
        if k not in extra:
            return c
        add = extra[k]
        return None if add is None else c + add

    return cost


def river_surcharge(m: Map, base: CostFn, major: int | None, minor: int | None) -> CostFn:
    """Return ``base`` plus ``major``/``minor`` for crossing a river hexside (``None`` = barred).

    :raises ValueError: if a surcharge is not a non-negative int or None.
    """
    _check_cost(major, "major river")
    _check_cost(minor, "minor river")
    by_class = {RiverClass.MAJOR: major, RiverClass.MINOR: minor}
    return hexside_surcharge(m, base, lambda side: 0 if side.river is None else by_class[side.river])


def zone_of_control(
    m: Map, unit_hexes: Iterable[HexId], extends: PassFn | None = None,
) -> frozenset[int]:
    """Return the indexes of hexes in the zone of control of units at ``unit_hexes``.

    A zone is the unit's hex plus its on-map neighbours into which ``extends(map, unit_idx,
    neighbour_idx)`` allows it (e.g. not across an all-sea hexside).

    :raises KeyError: if a hex is not on the map.
    """
    zone: set[int] = set()
    for h in sorted(set(unit_hexes)):
        i = m.index_of(h)
        zone.add(i)
        for j in m.adjacent[i]:
            if extends is None or extends(m, i, j):
                zone.add(j)
    return frozenset(zone)


def stop_in(m: Map, hexes: Iterable[int]) -> StopFn:
    """Return a stop function: entering any of ``hexes`` (indexes) ends movement.

    Typical use: ``stop_in(m, zone_of_control(m, enemy_hexes))`` — entering enemy ZOC stops.
    """
    stops = frozenset(hexes)

    def stop(mm: Map, i: int) -> bool:
        if mm is not m:
            raise _other_map(m)
        return i in stops

    return stop


def blocked_in(m: Map, hexes: Iterable[int]) -> BlockFn:
    """Return a block function: none of ``hexes`` (indexes) may be entered."""
    return stop_in(m, hexes)


def without(m: Map, base: CostFn, hexes: Iterable[int]) -> CostFn:
    """Return ``base`` with ``hexes`` (indexes) made impassable, e.g. enemy-occupied hexes."""
    barred = frozenset(hexes)

    def cost(mm: Map, i: int, j: int) -> int | None:
        if j in barred:
            return None
        return base(mm, i, j)

    return cost


def land_only(m: Map) -> PassFn:
    """Return a passability function for land paths: no sea hexes, no all-sea hexsides."""
    sea = tuple(h.sea for h in m.hexes)

    def passable(mm: Map, i: int, j: int) -> bool:
        if mm is not m:
            raise _other_map(m)
        if sea[j]:
            return False
        side = m.hexside_between(i, j)
        return side is None or not side.all_sea

    return passable
