"""FA 11.9 — land movement: legal destinations of a unit or stack, overrun and control.

`destinations` is the one source of truth: the options expander lists it and the validator
checks an order against it.
"""

from __future__ import annotations

import heapq
from typing import Any

from engine.board import Map

from .foreign_troops import foreign_host, may_enter
from .position import by_hex, controller, is_enemy, is_friendly, map_of, owner_country, unit
from .terrain import move_cost
from .weather import weather_at
from .zoc import enemy_zoc, would_overstack

MOTORISED_TYPES = frozenset({"ARM", "MECH", "MOT"})


def may_enter_country(state: dict[str, Any], power: str, hex_id: str) -> bool:
    """FA 11.9.4–11.9.5 — own hexes, hexes of active friends, and hexes of powers (or
    minors) at war with us; never a neutral's."""
    owner = controller(state, hex_id)
    if owner is None:
        return False
    return owner == power or is_friendly(state, power, owner) or is_enemy(state, power, owner)


def is_enemy_occupied(state: dict[str, Any], power: str, here: list[dict[str, Any]]) -> bool:
    return any(is_enemy(state, power, u["power"]) for u in here)


def can_move(state: dict[str, Any], u: dict[str, Any]) -> bool:
    """FA 11.9.1 — face-up land units on the map with a movement allowance, once per step."""
    return (u["hex"] is not None and u["up"] and u["ma"] > 0
            and u["id"] not in state["flow"]["marks"]["moved"])


# Step costs read only the map, the weather and the unit types (FA 11.9.2, the TEC): kept
# across positions, keyed on those inputs, so a cost is worked out once per weather, not once
# per unit listed. Pure, so it can never go stale; bounded; set aside with the position memo.
_STEP_COSTS: dict[tuple[Any, ...], dict[tuple[int, int], int | None]] = {}
_STEP_COSTS_LIMIT = 64
MEMOS = (_STEP_COSTS,)   # for the ruleset's caches_set_aside
_UNKNOWN = object()


def _step_costs(state: dict[str, Any], m: Map,
                types: tuple[str, ...]) -> dict[tuple[int, int], int | None]:
    # keyed on the map itself (compared by identity), not its name: a test may register
    # another map under a name already used
    key = (m, tuple(sorted(state["flow"]["weather"]["zones"].items())), types)
    table = _STEP_COSTS.get(key)
    if table is None:
        if len(_STEP_COSTS) >= _STEP_COSTS_LIMIT:
            _STEP_COSTS.clear()
        table = _STEP_COSTS[key] = {}
    return table


def _worst_step(state: dict[str, Any], m: Map, i: int, j: int,
                types: tuple[str, ...]) -> int | None:
    """The stack's worst cost of one step (None if some unit may not take it)."""
    w = weather_at(state, m, m.ids[j])
    worst = 0
    for t in types:
        c = move_cost(m, m.ids[i], m.ids[j], t, w)
        if c is None:
            return None
        worst = max(worst, c)
    return worst


class MoveContext:
    """What every `destinations` call on one unchanged state shares: the units by hex, each
    power's enemy zone of control (as hex ids and as map indexes), which hexes its units may
    enter at all and each hex's foreign troop host for its units. A listing that asks for many
    stacks builds it once; it must not outlive a change of the state."""

    __slots__ = ("state", "here", "_zoc", "_zoc_at", "_open", "_hosts")

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.here = by_hex(state)
        self._zoc: dict[str, frozenset[str]] = {}
        self._zoc_at: dict[str, frozenset[int]] = {}
        self._open: dict[str, dict[int, bool]] = {}
        self._hosts: dict[str, dict[int, str | None]] = {}

    def zoc(self, power: str) -> frozenset[str]:
        if power not in self._zoc:
            self._zoc[power] = enemy_zoc(self.state, power)
        return self._zoc[power]

    def zoc_at(self, m: Map, power: str) -> frozenset[int]:
        """`zoc` as map indexes (the search's stopping hexes)."""
        if power not in self._zoc_at:
            index = m.index
            self._zoc_at[power] = frozenset(index[h] for h in self.zoc(power) if h in index)
        return self._zoc_at[power]

    def open_for(self, power: str) -> dict[int, bool]:
        """index → whether `power`'s units may enter that hex as far as the position goes
        (land, no enemy there, a country they may enter), filled as asked."""
        return self._open.setdefault(power, {})

    def hosts_for(self, power: str) -> dict[int, str | None]:
        """index → `foreign_host(state, power, hex)`, filled as asked."""
        return self._hosts.setdefault(power, {})


def destinations(state: dict[str, Any], unit_ids: list[str],
                 ctx: MoveContext | None = None) -> dict[str, dict[str, Any]]:
    """FA 11.9 — hex → {"cost", "flip"} for a stack moving together from one hex.

    Costs use the stack's worst step (leg or motorised), the budget its smallest MA. Entering
    an enemy ZoC ends the move (ZoC to ZoC is allowed); enemy-occupied hexes may not be
    entered (that needs an invasion); a unit may enter one more hex than it can afford while it
    still has movement points left, ending face-down (FA 11.9.2). `ctx` shares the position's
    facts between calls on the same state.

    The search is `engine.board.paths.movement_range`'s Dijkstra run on tables: each step's
    cost from the per-map step table, each hex's entry from the listing's tables, a ZoC stop
    by index; only the costs are kept (the predecessors are not needed here).
    """
    if ctx is None:
        ctx = MoveContext(state)
    stack = [unit(state, uid) for uid in unit_ids]
    start = stack[0]["hex"]
    power = stack[0]["power"]
    m = map_of(state)
    here = ctx.here
    stops = ctx.zoc_at(m, power)
    budget = min(u["ma"] for u in stack)
    types = tuple(sorted({u["type"] for u in stack}))
    ids = m.ids

    entry_ok: dict[str | None, bool] = {}
    homes = {u["nation"] for u in stack if u["type"] == "PARTISAN"}
    open_ = ctx.open_for(power)
    hosts = ctx.hosts_for(power)
    ok_cache: dict[int, bool] = {}

    def enterable(j: int) -> bool:
        ok = open_.get(j)
        if ok is None:
            j_id = ids[j]
            ok = open_[j] = (not m.hex(j_id).sea
                             and not is_enemy_occupied(state, power, here.get(j_id, []))
                             and may_enter_country(state, power, j_id))
        if not ok:
            ok_cache[j] = False
            return False
        j_id = ids[j]
        if homes and owner_country(m, j_id) not in homes:
            ok_cache[j] = False
            return False   # FA 13.1.3: partisans never leave their home country
        # FA 19.2.1 / 11.9: a friendly non-co-operating major's home country only within the
        # foreign troop commitment limit (the same answer for every hex of one country).
        host = hosts.get(j, _UNKNOWN)
        if host is _UNKNOWN:
            host = hosts[j] = foreign_host(state, power, j_id)
        if host not in entry_ok:
            entry_ok[host] = may_enter(state, stack, start, j_id)  # type: ignore[index]
        ok = ok_cache[j] = entry_ok[host]  # type: ignore[index]
        return ok

    steps = _step_costs(state, m, types)

    def cost(i: int, j: int) -> int | None:
        """The step's cost, None where the stack may not take it."""
        ok = ok_cache.get(j)
        if ok is None:
            ok = enterable(j)
        if not ok:
            return None
        c = steps.get((i, j), _UNKNOWN)
        if c is _UNKNOWN:
            c = steps[(i, j)] = _worst_step(state, m, i, j, types)
        return c  # type: ignore[return-value]

    s = m.index_of(start)
    best: dict[int, int] = {s: 0}
    settled: set[int] = set()
    heap: list[tuple[int, int]] = [(0, s)]
    adjacent = m.adjacent
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, i = pop(heap)
        if i in settled:
            continue
        settled.add(i)
        if i in stops and i != s:
            continue   # entering an enemy ZoC ends the move (leaving the start hex may)
        for j in adjacent[i]:
            if j in settled:
                continue
            ok = ok_cache.get(j)
            if ok is None:
                ok = enterable(j)
            if not ok:
                continue
            c = steps.get((i, j), _UNKNOWN)
            if c is _UNKNOWN:
                c = steps[(i, j)] = _worst_step(state, m, i, j, types)
            if c is None:
                continue
            nd = d + c  # type: ignore[operator]
            if nd > budget:
                continue
            old = best.get(j)
            if old is None or nd < old:
                best[j] = nd
                push(heap, (nd, j))
    out: dict[str, dict[str, Any]] = {}
    for i, c in best.items():
        if i != s:
            out[ids[i]] = {"cost": c, "flip": False}
    # One more hex than it can afford (from a hex where points remain, not a ZoC stop).
    for i, c in best.items():
        if c >= budget or (i != s and i in stops):
            continue
        for j in adjacent[i]:
            if j in best or ids[j] in out:
                continue
            if cost(i, j) is None:
                continue
            out[ids[j]] = {"cost": budget + 1, "flip": True}
    return {h: out[h] for h in sorted(out)
            if not would_overstack(state, h, stack, here)}


def take_control(state: dict[str, Any], power: str, hex_id: str) -> list[str]:
    """FA 2.5.3 / 11.9.6 — entering an enemy hex clears it: control passes and an enemy fort
    there is destroyed (no ships or aircraft exist yet to overrun). Returns what happened."""
    happened = []
    owner = controller(state, hex_id)
    if owner is not None and owner != power and is_enemy(state, power, owner):
        state["board"]["control"][hex_id] = power
        held = state["flow"].setdefault("enemy_held", [])
        if hex_id not in held:
            held.append(hex_id)
            held.sort()
        happened.append("control")
    forts = state["board"]["forts"]
    for side_id in sorted(forts):
        fort = forts[side_id]
        if fort["hex"] == hex_id and is_enemy(state, power, fort["power"]):
            del forts[side_id]
            happened.append("fort_destroyed")
    return happened
