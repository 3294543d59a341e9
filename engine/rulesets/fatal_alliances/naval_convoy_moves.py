"""FA 11.3 with 13.5.1.4 — convoy points make naval moves (version 24, R-N46-R-N50).

Convoy points are counted, not named (`board.convoys`: area → power → points at sea, always
in the 0 section; `board.convoys_in_port`: power → points in port, no port named, R-N40), and
they move "just like any other naval units" (13.5.1.4). A move is one task force (11.3.1), so
it spends one naval move of the power's action (10.2) and takes two answers, to keep the list
short: the `naval_move` decision offers each stack with each destination
(`{convoy: "port" | <area>, to_area | to_port}`), then `naval_convoy` asks how many of its
points go (`{points: n}`, all first). Moving some and leaving the rest is how a stack splits
(11.3.2.1); points arriving where the power already has some merge with them.

- *Reach* (R-N46): the counter values are not in the rulebook text, so convoy points move as
  the merchant hulls of a troop transport: movement allowance 3 and range 5 (`SPEED`,
  `RANGE`; data/naval_oob_1914.json's TRS). Each area or port entered costs one of each
  (11.3.2.4); the 0 section costs nothing more.
- *Where* (R-N47): from port into the 0 section of an area within reach (11.3.2.6: convoy
  points only patrol in the 0 section); from an area's 0 section back into a friendly base
  (11.3.1 c, 13.3.2). A stack at sea moves only into port: 11.3.1 allows a unit at sea no move
  to another area (the annotated 13.3 B says so of units kept at sea), so convoy points change
  areas by way of a port, over two impulses. Points in port sail from any port the power
  itself (or its aligned minor) holds, since the pool names none (R-N48).
- *Once an impulse, face-down in port* (R-N49): points that moved this impulse do not move
  again (`flow.naval.convoys_moved`, area → power → points); points ending in port take a "CP
  used" marker (11.3.2.2), counted in `board.convoys_used` (power → points) until the final
  reorganisation turns everything face-up (13.4).
- *Passages and mines* (R-N50): never through a canal closed to the power (11.3.3,
  passages.py, as for its SCSs); never across a boundary a minefield protects against it
  (11.3.2.5): convoy points have no defence to roll against, so their moves keep to the clear
  ways. No interception of a convoy move yet (11.3.5; the naval combat step can still find
  them, 11.4.7.2).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction

from .convoys import convoys
from .fleets import area_distances, friendly_base, seas
from .minefields import Neighbours, bypassed, protecting
from .passages import sea_neighbours
from .position import controller
from .sequence import spend

State = dict[str, Any]
RULE = "FA 13.5.1.4"
SPEED = 3          # R-N46: a troop transport's movement allowance (merchant hulls)
RANGE = 5          # R-N46: and its range
IN_PORT = "port"   # the `convoy` of an order sailing from the power's points in port


def _now_moved(state: State) -> dict[str, dict[str, int]]:
    naval = state["flow"].get("naval") or {}
    return naval.get("convoys_moved", {})  # type: ignore[no-any-return]


def used_in_port(state: State, power: str) -> int:
    """R-N49 — the power's points in port under a "CP used" marker (face-down) this turn."""
    return int(state["board"].get("convoys_used", {}).get(power, 0))


def free_points(state: State, power: str, where: str) -> int:
    """The power's face-up points at `where` (an area, or `IN_PORT`) that have not moved this
    impulse (R-N49)."""
    if where == IN_PORT:
        return max(0, state["board"].get("convoys_in_port", {}).get(power, 0)
                   - used_in_port(state, power))
    here = convoys(state).get(where, {}).get(power, 0)
    return max(0, here - _now_moved(state).get(where, {}).get(power, 0))


def _stacks(state: State, power: str) -> list[str]:
    """Where the power has convoy points free to move: port first, then areas by id."""
    out = [IN_PORT] if free_points(state, power, IN_PORT) else []
    return out + sorted(a for a in convoys(state) if free_points(state, power, a))


def _home_ports(state: State, power: str) -> list[str]:
    """R-N48 — the map ports the power's pool may sail from: held by the power or by a minor
    aligned with it."""
    aligned = state["board"]["aligned"]
    out = []
    for pid, port in sorted(seas().ports.items()):
        holder = controller(state, port.hex)
        if holder is not None and aligned.get(holder, holder) == power:
            out.append(pid)
    return out


def _clear_ways(state: State, power: str, every_passage: bool) -> Neighbours:
    """R-N50 — the power's sea adjacency (11.3.3's closed canals left out unless
    `every_passage`) less every boundary a minefield protects against it (11.3.2.5)."""
    step = seas().neighbours if every_passage else sea_neighbours(state, power)
    cut = {frozenset(f.areas) for f, _ in protecting(state, power)
           if not bypassed(state, f, power)}
    if not cut:
        return step
    return lambda area: tuple(n for n in step(area) if frozenset((area, n)) not in cut)


def destinations(state: State, power: str, where: str,
                 every_passage: bool = False) -> list[dict[str, Any]]:
    """R-N46, R-N47 — where the points at `where` may end a naval move: from port, the 0
    section of each area within reach of a port the power holds; from an area, each
    friendly base within reach."""
    step = _clear_ways(state, power, every_passage)
    budget = min(SPEED, RANGE)
    if where == IN_PORT:
        starts = sorted({a for pid in _home_ports(state, power)
                         for a in seas().port(pid).areas})
        reach = area_distances(starts, budget, step)
        return [{"to_area": a} for a in sorted(reach)]
    reach = {where: 0} | {a: d for a, d in area_distances(step(where), budget, step).items()
                          if a != where}
    return [{"to_port": pid} for pid, port in sorted(seas().ports.items())
            if any(reach.get(a, budget) + 1 <= budget for a in port.areas)
            and friendly_base(state, power, pid)]


def convoy_orders(state: State, power: str, every_passage: bool = False) -> list[dict[str, Any]]:
    """The `naval_move` options for convoy points: each stack with each destination (the
    number of points is asked next, `naval_convoy`)."""
    return [{"convoy": where, **d} for where in _stacks(state, power)
            for d in destinations(state, power, where, every_passage)]


def pending(state: State) -> dict[str, Any] | None:
    """The convoy order waiting for its number of points (None: none)."""
    naval = state["flow"].get("naval") or {}
    return naval.get("convoy_order")  # type: ignore[no-any-return]


def choose_order(state: State, power: str, action: dict[str, Any]) -> list[Event]:
    """First answer: note the stack and destination; `naval_convoy` asks how many points.
    Nothing moves and no naval move is spent yet."""
    order: dict[str, Any] = {k: action[k] for k in ("convoy", "to_area", "to_port") if k in action}
    state["flow"]["naval"]["convoy_order"] = {"power": power} | order
    return []


def points_options(state: State, power: str) -> list[dict[str, Any]]:
    """The `naval_convoy` options: how many of the stack's free points sail, all first."""
    order = pending(state)
    if order is None or order["power"] != power:
        return []
    n = free_points(state, power, order["convoy"])
    return [{"points": k} for k in range(n, 0, -1)]


def move_points(state: State, power: str, action: Any) -> list[Event]:
    """FA 11.3, 13.5.1.4 — carry out the pending convoy order with `points` points (the kernel
    matched the answer to a listed count; re-checked so that a direct call changes nothing on
    bad input)."""
    order = pending(state)
    if order is None or order["power"] != power:
        raise IllegalAction(RULE, "no_convoy_order", {"power": power},
                            "No convoy order is waiting for its number of points")
    points = action.get("points") if isinstance(action, dict) else None
    free = free_points(state, power, order["convoy"])
    if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= free:
        raise IllegalAction(RULE, "bad_convoy_points", {"points": points, "free": free},
                            f"Move between 1 and {free} convoy points")
    board = state["board"]
    naval = state["flow"]["naval"]
    naval.pop("convoy_order")
    start = order["convoy"]
    if start == IN_PORT:
        pool = board["convoys_in_port"]
        pool[power] -= points
        if pool[power] == 0:
            del pool[power]
    else:
        stacks = board["convoys"][start]
        stacks[power] -= points
        if stacks[power] == 0:
            del stacks[power]
        if not stacks:
            del board["convoys"][start]
    if "to_area" in order:
        area = order["to_area"]
        here = board.setdefault("convoys", {}).setdefault(area, {})
        here[power] = here.get(power, 0) + points
        moved = naval.setdefault("convoys_moved", {}).setdefault(area, {})
        moved[power] = moved.get(power, 0) + points
        to = f"sea:{area}:0"
    else:
        pool = board.setdefault("convoys_in_port", {})
        pool[power] = pool.get(power, 0) + points
        used = board.setdefault("convoys_used", {})
        used[power] = used.get(power, 0) + points        # 11.3.2.2: a "CP used" marker
        to = f"port:{order['to_port']}"
    spend(state, power, "naval_move")
    frm = "port" if start == IN_PORT else f"sea:{start}:0"
    return [Event("convoy_moved", "FA 11.3", {"power": power, "points": points,
                                              "from": frm, "to": to})]


def face_up(state: State) -> dict[str, int]:
    """FA 13.4 — the final reorganisation takes the "CP used" markers off (R-N49)."""
    return state["board"].pop("convoys_used", None) or {}


__all__ = ["IN_PORT", "RANGE", "SPEED", "choose_order", "convoy_orders", "destinations",
           "face_up", "free_points", "move_points", "pending", "points_options",
           "used_in_port"]
