"""The War to End All Wars, level 2: aircraft (bot version 4; the ruleset's air slice,
`engine/rulesets/twteaw/air.py`, TWTEAW 4.5).

Three uses, each read from the seat's view through the ruleset's own pure functions:

1. **Air attacks** on the battles the bot plans (`sorties`): a plane joins an attack when it
   can fly to the target, fight a round and still get home (`air.can_raid`); it stays over the
   target for as many rounds as its fuel allows before only the way home is left (the fuel over
   the target less `air.home_cost`, as `air.sortie` and `combat._spend_fuel` count it), at its
   attack value (`combat.attack_value`, less `air.trench_penalty` over a guarded territory). The
   odds are exact (`odds.battle` with `planes`; `odds.with_aa` when the seat sees AA guns
   there). Planes are not sent where the seat sees enemy fighters (the bot does not weigh air
   combat), nor by a nation that does not see the target's holder as an enemy.
2. **Air moves** (`air_moves`): a plane that neither attacks nor stands on a front flies to the
   most threatened front territory of its nation within its fuel (`move`, arriving with the
   land moves, so it defends there).
3. **Purchases** (`fighter_builds`): fighters when a front is *contested* by the value map —
   an own front territory facing at least `PLAN["air_contested_threat"]` estimated enemy units
   with at least `PLAN["air_contested_share"]` of that number of its own — and the bank affords
   them: at most `PLAN["fighters_per_turn"]`, leaving at least `PLAN["fighter_min_bank"]` of
   the bank for the infantry and guns, and no more than one plane for every
   `PLAN["land_per_plane"]` land units it has.
   They are placed at the industrial complex nearest that front.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.twteaw import air
from engine.rulesets.twteaw import combat as C
from engine.rulesets.twteaw import units as U
from engine.rulesets.twteaw.economy import placement_cost
from engine.rulesets.twteaw.war import allied, at_war, controller
from engine.rulesets.twteaw.world import world

from .world import PLAN, Context, front_distance

Orders = dict[str, Any]
Flight = tuple[str, str, int]        # (origin, plane type, count)


def planes_at(ctx: Context, spent: dict[tuple[str, str], int]) -> dict[str, dict[str, int]]:
    """The bot's planes not yet given a mission, territory by territory."""
    out = {}
    for area, stack in sorted(ctx.units.items()):
        left = {t: n - spent.get((area, t), 0) for t, n in sorted(stack.items())
                if t in U.AIR_TYPES}
        left = {t: n for t, n in left.items() if n > 0}
        if left:
            out[area] = left
    return out


def _reach(ctx: Context, frm: str) -> dict[str, int]:
    key = ("reach", frm)
    if key not in ctx.memo:
        ctx.memo[key] = air.costs_from(ctx.pos, ctx.me, frm)
    return ctx.memo[key]


def _home(ctx: Context, area: str) -> int | None:
    key = ("home", area)
    if key not in ctx.memo:
        ctx.memo[key] = air.home_cost(ctx.pos, ctx.me, area)
    return ctx.memo[key]


def stay(ctx: Context, frm: str, to: str, unit: str) -> int:
    """Rounds a plane of `unit` from `frm` fights over `to` (0: it cannot raid there)."""
    fuel = U.UNITS[unit].fuel
    out, back = _reach(ctx, frm).get(to), _home(ctx, to)
    if out is None or back is None or out + 1 + back > fuel:
        return 0
    return fuel - out - back


def seen_enemy(ctx: Context, area: str, unit: str) -> int:
    """Enemy units of `unit` the seat sees in `area` (nations it is entitled to see only)."""
    return sum(s["units"].get(area, {}).get(unit, 0) for n, s in sorted(ctx.pos["secret"].items())
               if at_war(ctx.pos, ctx.me, n))


def sorties(ctx: Context, target: str, free: dict[str, dict[str, int]],
            rounds: int) -> tuple[tuple[Flight, ...], tuple[tuple[int, int], ...], int]:
    """The free planes that can raid `target`, their (value, rounds) in casualty order
    (fighters before bombers), and the AA guns the seat sees there."""
    if seen_enemy(ctx, target, "fighter") or not at_war(ctx.pos, ctx.me,
                                                         controller(ctx.pos, target)):
        return (), (), 0
    penalty = air.trench_penalty(ctx.pos, target)
    flights: list[Flight] = []
    planes: list[tuple[int, int]] = []
    for unit in U.AIR_TYPES:
        for origin in sorted(free):
            n = free[origin].get(unit, 0)
            k = stay(ctx, origin, target, unit) if n else 0
            if k:
                flights.append((origin, unit, n))
                value = C.attack_value(C.Fighter(ctx.me, unit, 0, penalty=penalty))
                planes += [(value, min(k, rounds))] * n
    return tuple(flights), tuple(planes), seen_enemy(ctx, target, "aa")


def attack_rows(target: str, flights: tuple[Flight, ...]) -> list[Orders]:
    rows: dict[str, dict[str, int]] = {}
    for origin, unit, n in flights:
        rows.setdefault(origin, {})[unit] = n
    return [{"from": origin, "to": target, "units": units, "mission": "attack"}
            for origin, units in sorted(rows.items())]


def air_moves(ctx: Context, spent: dict[tuple[str, str], int]) -> list[Orders]:
    """Planes off the front fly to the most threatened front territory within their fuel."""
    rows = []
    fronts = sorted((a for a in ctx.front if air.may_land(ctx.pos, ctx.me, a)),
                    key=lambda a: (-ctx.threat[a], a))
    for area, planes in planes_at(ctx, spent).items():
        if area in ctx.front:
            continue
        for unit, n in sorted(planes.items()):
            reach = _reach(ctx, area)
            dest = next((a for a in fronts if reach.get(a, 1 << 30) <= U.UNITS[unit].fuel), None)
            if dest is not None:
                rows.append({"from": area, "to": dest, "units": {unit: n}, "mission": "move"})
    return rows


def contested(ctx: Context) -> list[str]:
    """Own front territories where both sides are strong (the value map's contested fronts),
    the most threatened first."""
    out = []
    for area in sorted(ctx.front, key=lambda a: (-ctx.threat[a], a)):
        mine = sum(n for t, n in ctx.units.get(area, {}).items() if t in U.LAND_TYPES)
        threat = ctx.threat[area]
        if (threat >= PLAN["air_contested_threat"]
                and mine >= PLAN["air_contested_share"] * threat
                and controller(ctx.pos, area) == ctx.me):
            out.append(area)
    return out


def fighter_builds(ctx: Context, bank: int) -> list[Orders]:
    """Fighters for a contested front, placed at the industrial complex nearest it."""
    fronts = contested(ctx)
    if not fronts or bank < PLAN["fighter_min_bank"]:
        return []
    land = sum(n for s in ctx.units.values() for t, n in s.items() if t in U.LAND_TYPES)
    owned = sum(n for s in ctx.units.values() for t, n in s.items() if t in U.AIR_TYPES)
    cost = U.UNITS["fighter"].cost
    count = min(PLAN["fighters_per_turn"], land // PLAN["land_per_plane"] - owned,
                (bank - PLAN["fighter_min_bank"]) // cost)
    if count <= 0:
        return []
    dist = front_distance(ctx.pos, ctx.me, {fronts[0]})
    ics = sorted((dist.get(a, 1 << 30), a) for a in world().land()
                 if placement_cost(ctx.pos, ctx.me, "fighter", a) == 0
                 and allied(ctx.pos, ctx.me, controller(ctx.pos, a)))
    if not ics:
        return []
    return [{"unit": "fighter", "at": ics[0][1], "count": count}]
