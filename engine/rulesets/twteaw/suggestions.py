"""Complete, legal order sets to choose from: the order editor's quick orders, and what
selfplay picks among (the decision's options when no query is given).

An order set is one answer of many parts, far too many to list; the legal ones are checked by
`orders.validate` (listing is checking for each part, through the options query). This module
offers a handful of whole sets built from the position — hold, buy, dig trenches on the
front, hold but withdraw the front after heavy losses, attack one neighbour with everything next
to it (its fighters in the battle, its bombers on a tactical raid first), bring the rear forward
(a step, or by rail),
and (for a nation at war) declare war on a neutral neighbour and march in — each of which
passes the validator. Diplomacy: influence a neutral minor, or join the war when a neutral
may.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from . import air, diplomacy, economy, rail, trenches
from .nations import INACTIVE, MAIN_WAR, NATIONS
from .orders import empty_orders, normalise
from .resolution import spend_on
from .units import AIR_TYPES, BOMBER_NATIONS, UNITS
from .war import allied, at_war, beyond_the_neutral_rules, controller, side
from .world import world

State = dict[str, Any]
MAX_ATTACKS = 6


def _with_builds(state: State, nation: str, orders: dict[str, Any]) -> dict[str, Any]:
    orders["build"] = spend_on(state, nation, state["secret"][nation]["bank"], 4)
    return orders


def attack_on(state: State, nation: str, target: str, declare: list[str]) -> dict[str, Any] | None:
    """Every infantry and tank next to `target` goes in (one infantry stays where more than one
    stands), every gun next to it fires; withdraw after three rounds."""
    w = world()
    orders = empty_orders()
    orders["declare"] = declare
    for origin in w.neighbours(target):
        stack = state["secret"][nation]["units"].get(origin, {})
        crossing = w.crossing(origin, target)
        movers = {t: stack.get(t, 0) for t in ("infantry", "tank")
                  if stack.get(t, 0) and not (t == "tank" and crossing == "strait")}
        if movers.get("infantry", 0) > 1:
            movers["infantry"] -= 1
        if movers:
            orders["moves"].append({"from": origin, "to": target, "units": movers, "rounds": 3})
        if stack.get("artillery"):
            orders["support"].append({"from": origin, "into": target, "count": stack["artillery"]})
    if not orders["moves"]:
        return None
    for origin, stack in sorted(state["secret"][nation]["units"].items()):
        # fighters join the battle; bombers (4 fuel) strike first for the infantry (4.1.1)
        for mission, types in (("attack", ("fighter",)), ("tactical", ("bomber",))):
            planes = {t: stack[t] for t in types if stack.get(t)}
            if planes and air.can_raid(state, nation, origin, target, planes):
                orders["air"].append({"from": origin, "to": target, "units": planes, "mission": mission})
    orders["moves"].sort(key=lambda m: (m["from"], m["to"]))
    orders["support"].sort(key=lambda r: (r["from"], r["into"]))
    return orders


def _front_distance(state: State, nation: str) -> dict[str, int]:
    """Steps through friendly land to the nearest friendly territory next to an enemy."""
    w = world()
    friendly = [a for a in w.land() if allied(state, nation, controller(state, a))]
    front = [a for a in friendly if any(at_war(state, nation, controller(state, b)) for b in w.neighbours(a))]
    dist = {a: 0 for a in front}
    queue = deque(front)
    friendly_set = set(friendly)
    while queue:
        a = queue.popleft()
        for b in w.neighbours(a):
            if b in friendly_set and b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def air_force(state: State, nation: str) -> dict[str, Any] | None:
    """Buy a fighter (Italy: a bomber too) and an AA gun at the first industrial complex, and
    infantry with what is left."""
    ics = [a for a in world().land() if economy.placement_cost(state, nation, "fighter", a) == 0]
    if not ics or not economy.can_build(state, nation):
        return None
    wanted = ["fighter", "aa"] + (["bomber"] if nation in BOMBER_NATIONS else [])
    bank = state["secret"][nation]["bank"]
    builds = []
    for unit in wanted:
        cost = economy.unit_cost(state, nation, unit)
        if cost <= bank:
            builds.append({"unit": unit, "at": ics[0], "count": 1})
            bank -= cost
    if not any(b["unit"] in AIR_TYPES for b in builds):
        return None
    orders = empty_orders()
    orders["build"] = builds + spend_on(state, nation, bank, 0)
    return normalise(orders)


def advance(state: State, nation: str) -> dict[str, Any] | None:
    """Every stack behind the front moves one step toward it."""
    w = world()
    dist = _front_distance(state, nation)
    orders = empty_orders()
    for area, stack in sorted(state["secret"][nation]["units"].items()):
        if dist.get(area, 0) <= 0:
            continue
        closer = sorted(b for b in w.neighbours(area) if dist.get(b, 1 << 30) < dist[area]
                        and "mountains" not in w.areas[b].flags)
        if not closer:
            continue
        ground = {t: n for t, n in sorted(stack.items()) if not UNITS[t].air}
        planes = {t: n for t, n in sorted(stack.items()) if UNITS[t].air}
        if ground:
            orders["moves"].append({"from": area, "to": closer[0], "units": ground})
        if planes and air.may_land(state, nation, closer[0]):
            orders["air"].append({"from": area, "to": closer[0], "units": planes, "mission": "move"})
    return orders if orders["moves"] or orders["air"] else None


def _rail_path(state: State, nation: str, start: str, goal: set[str]) -> list[str] | None:
    """The shortest rail path (fewest territories, then ids) from `start` into `goal`."""
    w = world()
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        if a in goal and a != start:
            path = [a]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for b in sorted(w.neighbours(a)):
            if b not in parent and rail.usable(state, nation, b):
                parent[b] = a
                queue.append(b)
    return None


def by_rail(state: State, nation: str) -> dict[str, Any] | None:
    """Stacks far behind the front go to it by rail, as far as the territories' capacities let."""
    dist = _front_distance(state, nation)
    front = {a for a, d in dist.items() if d == 0}
    load: dict[str, int] = {}
    orders = empty_orders()
    for area, stack in sorted(state["secret"][nation]["units"].items()):
        if dist.get(area, 0) < 2 or not rail.usable(state, nation, area):
            continue
        path = _rail_path(state, nation, area, front)
        if path is None:
            continue
        room = min(rail.capacity(a) - load.get(a, 0) for a in path)
        moving: dict[str, int] = {}
        for unit in sorted(t for t in stack if not UNITS[t].air):
            take = min(stack[unit], room - sum(moving.values()))
            if take > 0:
                moving[unit] = take
        if moving:
            for a in path:
                load[a] = load.get(a, 0) + sum(moving.values())
            orders["rail"].append({"from": area, "to": path[-1], "units": moving, "path": path})
    return orders if orders["rail"] else None


def cautious(state: State, nation: str) -> dict[str, Any] | None:
    """Every stack at the front withdraws into the rear once it has lost half its units."""
    w = world()
    dist = _front_distance(state, nation)
    orders = empty_orders()
    for area, stack in sorted(state["secret"][nation]["units"].items()):
        if dist.get(area) != 0:
            continue
        rear = sorted(b for b in w.neighbours(area) if dist.get(b, 0) > 0 and w.crossing(area, b) == "land")
        if rear:
            orders["withdraw"].append({"area": area, "to": rear[0], "max_losses": sum(stack.values()) // 2})
    return orders if orders["withdraw"] else None


def dig_in(state: State, nation: str) -> dict[str, Any] | None:
    """Entrench every front border held by infantry, with up to half of the bank."""
    budget = state["secret"][nation]["bank"] // 2
    orders = empty_orders()
    for area, stack in sorted(state["secret"][nation]["units"].items()):
        if not stack.get("infantry") or controller(state, area) != nation:
            continue
        for facing in trenches.land_borders(area):
            if (at_war(state, nation, controller(state, facing)) and not trenches.guarded(state, area, facing)
                    and budget >= trenches.COST):
                orders["trench"].append({"area": area, "facing": facing})
                budget -= trenches.COST
    return orders if orders["trench"] else None


def diplomatic(state: State, nation: str) -> list[dict[str, Any]]:
    """Influence a neutral minor (at war); join a side (a neutral with 10 points for it, or
    Britain with a casus belli)."""
    out = []
    if side(state, nation) in MAIN_WAR and state["secret"][nation]["bank"] >= diplomacy.INFLUENCE_COST:
        targets = [n for n in sorted(NATIONS)
                   if NATIONS[n].kind == "minor" and n not in INACTIVE
                   and not beyond_the_neutral_rules(state, n)]
        if targets:
            orders = empty_orders()
            orders["influence"] = [targets[state["board"]["turn"] % len(targets)]]
            out.append(orders)
    elif not beyond_the_neutral_rules(state, nation):
        score = diplomacy.points(state, nation)
        for new in MAIN_WAR:
            ready = (new in state["board"]["casus_belli"] if nation == "britain"
                     else diplomacy.TOWARD[new] * score >= diplomacy.ENTRY)
            if ready:
                orders = empty_orders()
                orders["join"] = new
                out.append(orders)
    return out


def suggestions(state: State, nation: str) -> list[dict[str, Any]]:
    w = world()
    out = [empty_orders(), _with_builds(state, nation, empty_orders())]
    dug = dig_in(state, nation)
    if dug:
        out.append(dug)
    careful = cautious(state, nation)
    if careful:
        out.append(_with_builds(state, nation, careful))
    mine = state["secret"][nation]["units"]
    targets = sorted({b for a in mine for b in w.neighbours(a)
                      if at_war(state, nation, controller(state, b))})
    for target in targets[:MAX_ATTACKS]:
        orders = attack_on(state, nation, target, [])
        if orders:
            out.append(_with_builds(state, nation, orders))
    planes = air_force(state, nation)
    if planes:
        out.append(planes)
    forward = advance(state, nation)
    if forward:
        out.append(_with_builds(state, nation, forward))
    railed = by_rail(state, nation)
    if railed:
        out.append(_with_builds(state, nation, railed))
    if side(state, nation) in MAIN_WAR and NATIONS[nation].kind == "major":
        neutral = sorted({b for a in mine for b in w.neighbours(a)
                          if NATIONS[controller(state, b)].kind == "minor"
                          and controller(state, b) not in INACTIVE
                          and not beyond_the_neutral_rules(state, controller(state, b))})
        if neutral:
            holder = controller(state, neutral[0])
            orders = attack_on(state, nation, neutral[0], [holder])
            if orders:
                out.append(orders)
    out += diplomatic(state, nation)
    unique: dict[str, dict[str, Any]] = {}
    for orders in out:
        unique.setdefault(repr(sorted(orders.items())), orders)
    return list(unique.values())
