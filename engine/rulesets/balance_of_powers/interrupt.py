"""BoP 7.4 — interrupt (standard admiralty: 12.3, 12.6; issue #21, ruling 111).

A phasing surface force that has spent more NMP than its slowest ship's radius (its overage,
7.11) may be stopped on the map: each map hex it enters in overage that a non-phasing surface
ship can reach within its radius by an unblocked path (7.42: water and port hexes, never through
a hex holding a phasing surface ship or a phasing mine) draws one attempt (7.43): 1d6 below the
overage spent so far and the whole force stops there, its move over (7.45). Never on the Sea
Chart, never by or against submarines (7.41).

A `naval_move` goes along one path (mines.path, ruling 87); `stop_point` walks it before the
force moves and returns where it stops. The non-phasing side attempts every interrupt it can
(ruling 111: an attempt costs nothing); an interrupt stops a force only where it could end its
move (ruling 103: a force with corps aboard ends where they fit).

7.44: a lump-sum spending (laying or clearing a mine, three times the radius at once) is
resolved first; then, if it left the force in overage on a map hex where no attempt was made on
it since it entered, one attempt follows there (`after_lump_sum`, ruling 113). The hex of the
force's last attempt is kept in the flow (`naval.tried`) so that a hex is tried once per entry.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.kernel import Event, Roller

from . import mines, naval
from .fleets import SHIPS, is_surface, radius, side_of_ship
from .tables import CENTRAL
from .theatre import Theatre

State = dict[str, Any]


def _map_loc(th: Theatre, loc: str) -> bool:
    return loc in th.water or loc in th.ports


def _next_hexes(th: Theatre, loc: str) -> list[str]:
    """Map hexes a ship's radius is traced through: water hexes touch water and the ports on
    them; a port hex opens on its own water."""
    waters = naval.admiralty._water(th)[1]
    if loc in th.ports:
        return sorted(waters.get(loc, ()))
    out = [o for o in th.all_adj.get(loc, ()) if o in th.water]
    out += [p for p in th.ports if loc in waters.get(p, ())]
    return sorted(set(out))


def unblocked(state: State, th: Theatre, ship: str, target: str, moving: list[str]) -> bool:
    """7.42 — the non-phasing `ship` reaches `target` within its radius in hexes, never
    passing through a hex that holds a phasing surface ship (other than the moving force,
    which is on its way) or a phasing mine; it may end in such a hex."""
    start = state["board"]["fleets"][ship]["at"]
    if not _map_loc(th, start):
        return False
    phasing = side_of_ship(moving[0])
    blocked = {s["at"] for u, s in state["board"]["fleets"].items()
               if u not in moving and side_of_ship(u) == phasing and is_surface(u)}
    blocked |= {at for m, at in state["board"].get("mines", {}).items()
                if mines.side_of_mine(m) == phasing}
    reach = radius(ship)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        loc = queue.popleft()
        if loc == target:
            return True
        if seen[loc] == reach or (loc != start and loc in blocked):
            continue
        for nxt in _next_hexes(th, loc):
            if nxt not in seen:
                seen[nxt] = seen[loc] + 1
                queue.append(nxt)
    return False


def spent_before(state: State, units: list[str]) -> dict[str, int]:
    """Each ship's NMP spent this sub-phase before this move (7.33: a joiner counts what the
    force has spent), as `naval.naval_move` charges them."""
    nf = naval.naval_flow(state)
    going_on = bool(set(units) & set(nf["force"]))
    by_force = max((nf["spent"].get(u, 0) for u in nf["force"]), default=0) if going_on else 0
    return {u: max(nf["spent"].get(u, 0), by_force if u not in nf["force"] else 0)
            for u in units}


def _step_cost(state: State, th: Theatre, frm: str, to: str, side: str, kinds: set[str]) -> int:
    return min(c for loc, c in naval._steps(state, th, frm, side, kinds) if loc == to)


def _may_stop(state: State, th: Theatre, units: list[str], riders: list[str], loc: str) -> bool:
    """Ruling 103 — a force with corps aboard ends only where they fit (never a Central
    Powers corps on the water)."""
    if not riders:
        return True
    if side_of_ship(units[0]) == CENTRAL and loc in th.water:
        return False
    return naval.may_carry_to(state, th, units, riders, loc)


def stop_point(state: State, th: Theatre, roller: Roller, units: list[str], to: str,
               riders: list[str], way: list[str] | None = None) -> tuple[str, list[Event]]:
    """7.41-7.45 — where the force moving to `to` (along `way`, by default its path) stops:
    the first hex whose interrupt roll succeeds, else `to`; with an event per attempt."""
    if not units or not all(is_surface(u) for u in units):
        return to, []                                         # 7.41: not submarines
    side = side_of_ship(units[0])
    if not any(side_of_ship(u) != side and is_surface(u) and _map_loc(th, s["at"])
               for u, s in state["board"]["fleets"].items()):
        return to, []
    spent = spent_before(state, units)
    start = state["board"]["fleets"][units[0]]["at"]
    kinds = {SHIPS[u].kind for u in units}
    events = []
    here, moved = start, 0
    for loc in way or mines.path(state, th, start, to, side, kinds):
        moved += _step_cost(state, th, here, loc, side, kinds)
        here = loc
        overage = max(spent[u] + moved - radius(u) for u in units)       # 7.11: the slowest
        if overage <= 0 or not _map_loc(th, loc) or not _may_stop(state, th, units, riders, loc):
            continue
        who = _defender(state, th, units, loc)
        if who is None:
            continue
        event = _attempt(roller, loc, who, units, overage)
        events.append(event)
        if event.data["stops"]:
            return loc, events
    return to, events


def _attempt(roller: Roller, loc: str, who: str, units: list[str], overage: int,
             **more: Any) -> Event:
    """7.43, 7.45 — one attempt at `loc`: 1d6 below the overage stops the force."""
    die = roller.roll(6, f"naval interrupt at {loc} 1d6")[0]
    return Event("naval_interrupt", "BoP 7.45", {
        "at": loc, "by": who, "units": sorted(units), "die": die, "overage": overage,
        "stops": die < overage, **more})


def _defender(state: State, th: Theatre, units: list[str], loc: str) -> str | None:
    """The first non-phasing surface ship on the map that reaches `loc` unblocked (7.42)."""
    side = side_of_ship(units[0])
    return next((d for d, s in sorted(state["board"]["fleets"].items())
                 if side_of_ship(d) != side and is_surface(d) and _map_loc(th, s["at"])
                 and unblocked(state, th, d, loc, units)), None)


def after_move(state: State, to: str, events: list[Event]) -> None:
    """7.43 — remember whether the force drew an attempt in the hex it now stands in."""
    tried = any(e.kind == "naval_interrupt" and e.data["at"] == to for e in events)
    naval.naval_flow(state)["tried"] = to if tried else None


def after_lump_sum(state: State, th: Theatre, roller: Roller) -> list[Event]:
    """7.44 (ruling 113) — after a mine is laid or cleared (resolved first), the force in
    motion, now perhaps in overage, draws one attempt where it stands: a surface force on a
    map hex it has not been tried in since it entered; a stop ends its move (7.45)."""
    nf = naval.naval_flow(state)
    units = [u for u in nf["force"] if u in state["board"]["fleets"]]
    if not units or not all(is_surface(u) for u in units):
        return []                                             # 7.41: not submarines
    here = state["board"]["fleets"][units[0]]["at"]
    overage = max(nf["spent"].get(u, 0) - radius(u) for u in units)      # 7.11
    if overage <= 0 or not _map_loc(th, here) or nf.get("tried") == here:
        return []
    who = _defender(state, th, units, here)
    if who is None:
        return []
    event = _attempt(roller, here, who, units, overage, after="mine_work")
    nf["tried"] = here
    if event.data["stops"]:
        naval.end_force(state)
    return [event]
