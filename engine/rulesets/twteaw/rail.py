"""Strategic movement (TWTEAW 4.1.3): rail moves through friendly, incorporated territory.

A unit moved by rail instead of normally may go any distance along a chain of territories its
side holds and has incorporated (straits included: the Ottoman example runs from Constantinople
through Izmir and Sinope). Every territory on the route — where it starts, where it passes,
where it ends — passes at most its resource value in units per turn, entering, leaving and
passing counted together. The units leave before any combat (4.1) and arrive in Phase 7; they
never fight. If a territory on the route is lost meanwhile, they stop in the last territory of
their side before it (ruling 44).

An order: `{"from": a, "to": b, "units": {...}, "path": [a, …, b]}`.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction

from .economy import incorporated_by
from .stacks import add, claim, take
from .units import UNITS
from .war import allied, controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 4.1.3"


def usable(state: State, nation: str, area: str) -> bool:
    """Held and incorporated by the nation or an ally."""
    holder = incorporated_by(state, area)
    return (allied(state, nation, controller(state, area)) and holder is not None
            and allied(state, nation, holder))


def capacity(area: str) -> int:
    return world().areas[area].value


def check(state: State, nation: str, rows: list[dict[str, Any]],
          used: dict[tuple[str, str], int]) -> None:
    """Refuse an illegal rail order (IllegalAction); `used` counts units already given orders."""
    w = world()
    load: dict[str, int] = {}
    for row in rows:
        path = row["path"]
        if len(path) < 2 or path[0] != row["from"] or path[-1] != row["to"] or len(set(path)) != len(path):
            raise IllegalAction(RULE, "bad_path", {"path": path},
                                "A rail path runs from the start to the end without repeating a territory.")
        for a, b in zip(path, path[1:], strict=False):
            if w.crossing(a, b) is None:
                raise IllegalAction(RULE, "path_gap", {"from": a, "to": b},
                                    f"{w.areas[a].name} and {w.areas[b].name} do not touch.")
        for area in path:
            if area not in w.areas or not usable(state, nation, area):
                raise IllegalAction(RULE, "not_friendly_incorporated", {"area": area},
                                    f"{area} is not a territory your side holds and has incorporated.")
        here = state["secret"][nation]["units"].get(row["from"], {})
        count = 0
        for unit, n in row["units"].items():
            if unit not in UNITS or UNITS[unit].air:
                raise IllegalAction(RULE, "unknown_unit", {"unit": unit},
                                    f"{unit!r} is not a land unit (planes rebase by air orders).")
            if claim(used, row["from"], unit, n) > here.get(unit, 0):
                raise IllegalAction(RULE, "not_enough_units", {"from": row["from"], "unit": unit},
                                    f"You have {here.get(unit, 0)} {unit} in {w.areas[row['from']].name} "
                                    "(a unit moves once a turn, by rail or otherwise).")
            count += n
        for area in path:
            load[area] = load.get(area, 0) + count
            if load[area] > capacity(area):
                raise IllegalAction(RULE, "over_capacity", {"area": area, "units": load[area]},
                                    f"{w.areas[area].name} passes at most {capacity(area)} units by "
                                    "rail in a turn.")


def depart(state: State, orders: dict[str, dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Phase 4.1: the rail moves leave (in nation order; a move that would overfill a territory
    an ally's rail moves already fill this turn stays home). Returns those under way."""
    load: dict[str, int] = {}
    moving = []
    for nation in sorted(orders):
        for row in orders[nation].get("rail", []):
            count = sum(row["units"].values())
            if any(load.get(a, 0) + count > capacity(a) for a in row["path"]):
                continue
            for a in row["path"]:
                load[a] = load.get(a, 0) + count
            for unit, n in row["units"].items():
                take(state, nation, row["from"], unit, n)
            moving.append((nation, row))
    return moving


def arrive(state: State, moving: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Phase 7: each rail move ends where it was going, or short of the first territory lost on
    its route. Returns the moves stopped short (with `stopped`)."""
    short = []
    for nation, row in moving:
        path = row["path"]
        lost = [i for i, a in enumerate(path) if not allied(state, nation, controller(state, a))]
        if not lost:
            end = path[-1]
        else:
            before = [a for a in path[:lost[0]] if allied(state, nation, controller(state, a))]
            after = [a for a in path[lost[0]:] if allied(state, nation, controller(state, a))]
            end = before[-1] if before else (after[0] if after else None)
            short.append({**row, "nation": nation, "stopped": end})
        for unit, n in row["units"].items():
            if end is not None:
                add(state, nation, end, unit, n)
            elif unit == "infantry":
                state["board"]["manpower_lost"][nation] += n
    return short
