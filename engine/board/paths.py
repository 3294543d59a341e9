"""Path search over a :class:`~engine.board.mapmodel.Map`: movement ranges, supply traces, rail.

Every search runs on integer hex indexes and takes its rules as small functions, so a ruleset
supplies its terrain chart, hexside costs and zones of control without this module knowing
them (see :mod:`engine.board.costs` for the common ones):

- ``CostFn(map, from_idx, to_idx) -> int | None`` — the cost of one step; ``None`` = impassable.
- ``StopFn(map, idx) -> bool`` — entering this hex ends movement (the hex is reached, not left).
- ``PassFn(map, from_idx, to_idx) -> bool`` — a supply path may take this step.
- ``BlockFn(map, idx) -> bool`` — this hex may not be entered at all.

Results are plain dicts keyed by hex id, inserted in sorted hex-id order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from engine.board.hexgrid import HexId
from engine.board.mapmodel import Map

CostFn: TypeAlias = Callable[[Map, int, int], "int | None"]
StopFn: TypeAlias = Callable[[Map, int], bool]
PassFn: TypeAlias = Callable[[Map, int, int], bool]
BlockFn: TypeAlias = Callable[[Map, int], bool]
Reach: TypeAlias = dict[HexId, tuple[int, "HexId | None"]]
"""hex id → (cheapest cost, previous hex on the chosen cheapest path or ``None`` at the start)."""

K = TypeVar("K")
N = TypeVar("N", bound=str)


def movement_range(
    m: Map, start: HexId, budget: int, cost_fn: CostFn, stop_fn: StopFn | None = None,
) -> Reach:
    """Return every hex reachable from ``start`` for at most ``budget``, with cost and predecessor.

    Dijkstra over integer indexes. ``stop_fn`` is not applied to ``start``: a unit that begins
    in a stopping hex (e.g. an enemy zone of control) may still leave it. A stopping hex is
    reached but never expanded.

    Ties: among cheapest paths the predecessor with the smallest index (= smallest hex id)
    wins, so the result depends only on the map and the rules, never on iteration order.

    :raises KeyError: if ``start`` is not on the map.
    :raises ValueError: if ``budget`` is negative or ``cost_fn`` returns a negative cost.
    :raises TypeError: if ``cost_fn`` returns something other than an ``int`` or ``None``.
    """
    s = m.index_of(start)
    if budget < 0:
        raise ValueError(f"movement budget must be >= 0, got {budget}")
    best: dict[int, int] = {s: 0}
    prev: dict[int, int] = {s: -1}
    settled: set[int] = set()
    heap: list[tuple[int, int]] = [(0, s)]
    adjacent = m.adjacent
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, i = pop(heap)
        if i in settled:
            continue
        settled.add(i)
        if stop_fn is not None and i != s and stop_fn(m, i):
            continue
        for j in adjacent[i]:
            if j in settled:
                continue
            c = cost_fn(m, i, j)
            if c is None:
                continue
            if c.__class__ is not int:
                raise TypeError(f"cost_fn must return int or None, got {c!r} for {m.ids[i]}→{m.ids[j]}")
            if c < 0:
                raise ValueError(f"cost_fn returned negative cost {c} for {m.ids[i]}→{m.ids[j]}")
            nd = d + c
            if nd > budget:
                continue
            old = best.get(j)
            if old is None or nd < old:
                best[j] = nd
                prev[j] = i
                push(heap, (nd, j))
            elif nd == old and i < prev[j]:
                prev[j] = i
    ids = m.ids
    return {ids[i]: (best[i], ids[prev[i]] if prev[i] >= 0 else None) for i in sorted(best)}


def path_to(result: Reach, dest: HexId) -> list[HexId]:
    """Return the path ``[start, …, dest]`` recorded in a :func:`movement_range` result.

    :raises KeyError: if ``dest`` is not in ``result``.
    """
    if dest not in result:
        raise KeyError(f"hex {dest!r} is not reachable")
    path = [dest]
    p = result[dest][1]
    while p is not None:
        path.append(p)
        p = result[p][1]
    path.reverse()
    return path


def supply_trace(
    m: Map,
    sources: Iterable[HexId],
    max_length: int | None,
    passable_fn: PassFn | None = None,
    blocked_fn: BlockFn | None = None,
    stop_fn: StopFn | None = None,
) -> dict[HexId, int]:
    """Return each hex a supply path of at most ``max_length`` hexes reaches, with its length.

    One multi-source breadth-first search from all ``sources`` (length 0), so checking any
    number of units costs one search: a unit is traced iff its hex is in the result.
    ``sources`` are taken as given (filter them first if an enemy can deny one). A step is taken
    only if ``passable_fn`` allows it and ``blocked_fn`` does not block the hex entered;
    ``stop_fn`` hexes are reached but not traced through (e.g. a path may end in, but not
    cross, an enemy zone of control). ``max_length=None`` means unlimited.

    :raises KeyError: if a source is not on the map.
    :raises ValueError: if ``max_length`` is negative.
    """
    if max_length is not None and max_length < 0:
        raise ValueError(f"supply max_length must be >= 0, got {max_length}")
    dist: dict[int, int] = {}
    frontier = sorted({m.index_of(h) for h in sources})
    for i in frontier:
        dist[i] = 0
    adjacent = m.adjacent
    level = 0
    while frontier and (max_length is None or level < max_length):
        level += 1
        nxt = []
        for i in frontier:
            if stop_fn is not None and level > 1 and stop_fn(m, i):
                continue
            for j in adjacent[i]:
                if j in dist:
                    continue
                if passable_fn is not None and not passable_fn(m, i, j):
                    continue
                if blocked_fn is not None and blocked_fn(m, j):
                    continue
                dist[j] = level
                nxt.append(j)
        frontier = nxt
    ids = m.ids
    return {ids[i]: dist[i] for i in sorted(dist)}


# ---------------------------------------------------------------------------------------------
# Rail


@dataclass(frozen=True, slots=True, eq=False)
class RailNetwork:
    """The usable rail graph: hexes joined where consecutive on some rail line.

    Lines meet only where they share a hex; running side by side does not connect them.
    """

    map: Map
    links: Mapping[int, tuple[int, ...]]

    @classmethod
    def build(
        cls, m: Map, hex_ok: BlockFn | None = None, lines: Iterable[str] | None = None,
    ) -> RailNetwork:
        """Build the network from the map's rail lines.

        ``hex_ok(map, idx)`` says whether a rail hex is usable (e.g. owned, right gauge);
        unusable hexes and their links are left out. ``lines`` restricts to those line ids.

        :raises KeyError: if ``lines`` names a line the map does not have.
        """
        chosen = m.rail
        if lines is not None:
            wanted = set(lines)
            known = {line.id for line in m.rail}
            missing = sorted(wanted - known)
            if missing:
                raise KeyError(f"no rail lines {missing!r} on map {m.name!r}")
            chosen = tuple(line for line in m.rail if line.id in wanted)
        ok: dict[int, bool] = {}

        def usable(i: int) -> bool:
            if i not in ok:
                ok[i] = hex_ok is None or bool(hex_ok(m, i))
            return ok[i]

        links: dict[int, set[int]] = {}
        for line in chosen:
            idx = [m.index[h] for h in line.hexes]
            for i in idx:
                if usable(i):
                    links.setdefault(i, set())
            for a, b in zip(idx, idx[1:], strict=False):
                if usable(a) and usable(b):
                    links[a].add(b)
                    links[b].add(a)
        return cls(m, {i: tuple(sorted(links[i])) for i in sorted(links)})

    def __contains__(self, hex_id: object) -> bool:
        i = self.map.index.get(hex_id) if isinstance(hex_id, str) else None
        return i is not None and i in self.links

    @property
    def hexes(self) -> tuple[HexId, ...]:
        """The usable rail hexes, sorted."""
        ids = self.map.ids
        return tuple(ids[i] for i in self.links)


def rail_reachable(
    network: RailNetwork, start: HexId, max_hexes: int | None, blocked: BlockFn | None = None,
) -> dict[HexId, int]:
    """Return the rail hexes reachable from ``start`` within ``max_hexes`` rail steps.

    Breadth-first along rail links; ``blocked`` hexes (enemy units, enemy zones of control as
    the ruleset decides) can be neither entered nor passed. ``start`` maps to 0.

    :raises KeyError: if ``start`` is not a usable hex of the network.
    :raises ValueError: if ``max_hexes`` is negative.
    """
    m = network.map
    if start not in network:
        raise KeyError(f"hex {start!r} is not on the usable rail network")
    if max_hexes is not None and max_hexes < 0:
        raise ValueError(f"max_hexes must be >= 0, got {max_hexes}")
    s = m.index[start]
    dist = {s: 0}
    frontier = [s]
    links = network.links
    level = 0
    while frontier and (max_hexes is None or level < max_hexes):
        level += 1
        nxt = []
        for i in frontier:
            for j in links[i]:
                if j in dist or (blocked is not None and blocked(m, j)):
                    continue
                dist[j] = level
                nxt.append(j)
        frontier = nxt
    ids = m.ids
    return {ids[i]: dist[i] for i in sorted(dist)}


class CapacityExceeded(ValueError):
    """A move asks for more of a per-turn capacity than remains."""

    def __init__(self, remaining: int, requested: int, key: object = None) -> None:
        self.remaining = remaining
        self.requested = requested
        self.key = key
        what = "capacity" if key is None else f"capacity {key!r}"
        super().__init__(f"{what}: requested {requested}, only {remaining} left")


def consume_capacity(remaining: int, amount: int = 1) -> int:
    """Return what is left of a per-turn capacity after using ``amount``.

    :raises CapacityExceeded: if ``amount > remaining``.
    :raises ValueError: if ``amount`` is negative.
    """
    if amount < 0:
        raise ValueError(f"capacity amount must be >= 0, got {amount}")
    if amount > remaining:
        raise CapacityExceeded(remaining, amount)
    return remaining - amount


def consume_keyed_capacity(remaining: Mapping[K, int], key: K, amount: int = 1) -> dict[K, int]:
    """Return a new mapping with ``amount`` taken from ``remaining[key]``; the input is untouched.

    :raises KeyError: if ``key`` has no capacity.
    :raises CapacityExceeded: if ``amount`` exceeds what is left for ``key``.
    :raises ValueError: if ``amount`` is negative.
    """
    if key not in remaining:
        raise KeyError(f"no capacity {key!r}")
    try:
        left = consume_capacity(remaining[key], amount)
    except CapacityExceeded as e:
        raise CapacityExceeded(e.remaining, e.requested, key) from None
    out = dict(remaining)
    out[key] = left
    return out


def cheapest_costs(start: N, steps: Callable[[N], Iterable[tuple[N, int]]],
                   limit: int) -> dict[N, int]:
    """The cheapest cost from ``start`` to every node of any graph reachable for at most
    ``limit``: Dijkstra over named nodes (areas, sea boxes), where :func:`movement_range` works
    on a hex map's indexes. ``steps(node)`` yields ``(next node, cost of entering it)`` for the
    steps the rules allow from ``node``, in the order they should be tried.

    The result starts with ``start`` at 0, then the nodes in the order they were first reached
    (a ruleset that needs another order sorts it); ties in the queue go to the smaller name.
    """
    best = {start: 0}
    heap: list[tuple[int, N]] = [(0, start)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best.get(node, limit + 1):
            continue
        for nxt, step in steps(node):
            total = cost + step
            if total <= limit and total < best.get(nxt, limit + 1):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def components(nodes: Iterable[N], neighbours: Callable[[N], Iterable[N]]) -> dict[N, int]:
    """Label the connected parts of the graph on ``nodes`` (edges from ``neighbours``, kept to
    ``nodes``): node → its part's label. Parts are found from their smallest node in sorted
    order and labelled with the count of nodes labelled before it, so labels are distinct and
    the same on every run."""
    inside = set(nodes)
    label: dict[N, int] = {}
    for start in sorted(inside):
        if start in label:
            continue
        mark = len(label)
        label[start] = mark
        stack = [start]
        while stack:
            here = stack.pop()
            for other in neighbours(here):
                if other in inside and other not in label:
                    label[other] = mark
                    stack.append(other)
    return label
