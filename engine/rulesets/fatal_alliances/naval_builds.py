"""FA 13.5.5.4, 4.2.1 — building transports (TRS) and amphibious craft (AMPH); version 15.

A naval unit is built in two production cycles (13.5.5.4). The first, bought from the force
pool (a random unit of the chosen type, 13.5.5.5), goes face-down on the production circle and
arrives in the construction pool (4.2.1: launched, not fitted out). The second, bought for a
named unit of the construction pool, goes face-up on the circle and arrives on the map in a
port the power controls in the unit's home country (4.2.1). Both cycles count against the
NAVAL gearing class (13.5.5.8). Costs and times are the order of battle's (authored: the
counter backs are not in the rulebook text, R-N25).

State (campaign only, where the board has fleets): ``board.naval_pool`` (power → unit ids of
the force pool), ``board.construction_pool`` (power → ids) and ``board.naval_circle``
(``{ship, turn, up}``: ``up`` false for a first cycle, true for a fitted-out ship).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .fleets import fleets, new_ship, oob_unit, seas
from .naval_oob import BUILT_TYPES, load_naval_oob
from .position import controller, is_home_country_hex, map_of

State = dict[str, Any]
RULE = "FA 13.5.5.4"
GEAR_CLASS = "NAVAL"   # 13.5.5.8: surface naval units, from any pool


def naval_pools(seats: list[str]) -> dict[str, list[str]]:
    """FA 22.1 — each seated power's force pool of buildable naval units at the start."""
    out: dict[str, list[str]] = {}
    for u in load_naval_oob().units:
        if u.pool and u.power in seats:
            out.setdefault(u.power, []).append(u.id)
    return {p: sorted(ids) for p, ids in sorted(out.items())}


def has_naval_builds(state: State) -> bool:
    return "naval_pool" in state["board"]


def cycle(ship_id: str, second: bool) -> tuple[int, int]:
    """(BP, turns) of a unit's first or second production cycle (13.5.5.4)."""
    build = load_naval_oob().classes[oob_unit(ship_id).cls].build
    assert build is not None
    return build[1] if second else build[0]


def _of_type(ids: list[str], cls: str) -> list[str]:
    return [i for i in ids if oob_unit(i).cls == cls]


def options(state: State, power: str) -> list[dict[str, Any]]:
    """FA 13.5.5.4 — a first cycle of each type in the power's pool, and the second cycle of
    each unit in its construction pool, that its BP pay for (the caller checks gearing)."""
    if not has_naval_builds(state):
        return []
    board = state["board"]
    bp = board["bp"].get(power, 0)
    out: list[dict[str, Any]] = []
    pool = board["naval_pool"].get(power, [])
    for cls in BUILT_TYPES:
        ids = _of_type(pool, cls)
        if ids and cycle(ids[0], False)[0] <= bp:
            out.append({"build": cls})
    for sid in board["construction_pool"].get(power, []):
        if cycle(sid, True)[0] <= bp:
            out.append({"build": oob_unit(sid).cls, "fit_out": sid})
    return out


def build_ship(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.5.5.4–13.5.5.6 — pay a cycle and put the unit on the circle: a first cycle draws
    a random unit of the type from the force pool (face-down), a second cycle takes the named
    unit out of the construction pool (face-up)."""
    board = state["board"]
    turn = state["flow"]["turn"]
    sid = action.get("fit_out")
    if sid is not None:
        board["construction_pool"][power].remove(sid)
        up = True
    else:
        ids = _of_type(board["naval_pool"][power], action["build"])
        sid = ids[roller.d(len(ids), f"force pool {action['build']}") - 1] if len(ids) > 1 else ids[0]
        board["naval_pool"][power].remove(sid)
        up = False
    cost, time = cycle(sid, up)
    board["bp"][power] -= cost
    board["naval_circle"].append({"ship": sid, "turn": turn + time, "up": up})
    board["naval_circle"].sort(key=lambda e: (e["turn"], e["ship"]))
    return [Event("built", RULE, {"power": power, "class": action["build"], "ship": sid,
                                  "cycle": 2 if up else 1, "cost": cost, "arrives": turn + time})]


def home_port(state: State, ship_id: str) -> str | None:
    """FA 4.2.1 — a port the power controls in the unit's home country: its order-of-battle
    base when it qualifies, else the first such port by id (R-N25); None when there is none."""
    u = oob_unit(ship_id)
    s = seas()
    m = map_of(state)

    def usable(pid: str) -> bool:
        port = s.ports.get(pid)
        return (port is not None and controller(state, port.hex) == u.power
                and is_home_country_hex(m, port.hex, u.power))

    if usable(u.base):
        return u.base
    return next((pid for pid in sorted(s.ports) if usable(pid)), None)


def ship_arrivals(state: State) -> list[Event]:
    """FA 4.2.1 — the naval units due this turn: a first cycle goes face-up into the
    construction pool, a fitted-out unit face-up into a home port (none: a turn later)."""
    if not has_naval_builds(state):
        return []
    board = state["board"]
    turn = state["flow"]["turn"]
    events: list[Event] = []
    for entry in [e for e in board["naval_circle"] if e["turn"] <= turn]:
        sid = entry["ship"]
        power = oob_unit(sid).power
        if not entry["up"]:
            board["naval_circle"].remove(entry)
            pool = board["construction_pool"].setdefault(power, [])
            pool.append(sid)
            pool.sort()
            events.append(Event("launched", "FA 4.2.1", {"power": power, "ship": sid}))
            continue
        port = home_port(state, sid)
        if port is None:
            entry["turn"] = turn + 1
            events.append(Event("arrival_delayed", "FA 4.2.1", {"ship": sid}))
            continue
        board["naval_circle"].remove(entry)
        fleets(state)[sid] = new_ship(oob_unit(sid), port)
        board["fleets"] = dict(sorted(board["fleets"].items()))
        events.append(Event("reinforcement", "FA 4.2.1", {"ship": sid, "port": port}))
    board["naval_circle"].sort(key=lambda e: (e["turn"], e["ship"]))
    return events


__all__ = ["GEAR_CLASS", "build_ship", "cycle", "has_naval_builds", "home_port", "naval_pools",
           "options", "ship_arrivals"]
