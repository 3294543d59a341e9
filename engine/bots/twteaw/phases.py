"""The War to End All Wars, level 2: one turn's order set, composed phase by phase from the
bot's world (world.py) — the decomposition of issue #23's bots paragraph:

1. attacks: every enemy territory next to the bot's units is scored with exact odds (odds.py)
   for the units that may go (each front keeps its garrison), with the planes that can raid it
   when they add to the score (aircraft.py, bot version 4); the best at or above the plan's
   threshold goes in, the units and planes it takes are spent, and the rest are scored again;
2. holding: what does not attack stays; a front keeps its garrison;
3. non-combat: stacks behind the front go to it, by rail where the rail reaches, else a step;
   planes off the front fly to it (aircraft.py);
4. naval (naval.py): invasions with their shore bombardment, transports to friendly coasts,
   blockades of an enemy's US trade its fleet can hold, patrols where the fleet outweighs the
   enemy, the rest kept in friendly waters; straits it holds closed to its naval enemies
   (declarations.py);
5. purchases: trenches on threatened borders (the home package where a home city qualifies),
   fighters for a contested front (aircraft.py), then the rest of the bank on infantry and
   artillery;
6. diplomacy: a neutral joins the side its plan names once its orders may; a nation whose war
   is lost by the measure of `hopeless` offers surrender, and offers received are voted by
   `ballot` (1.3).

Every part is checked with the ruleset's own validator against the position read from the
view; a part that fails is dropped, so the set the bot answers is legal by the same gate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.kernel import EngineError
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import trenches
from engine.rulesets.twteaw import units as U
from engine.rulesets.twteaw.movement import crossing_penalty
from engine.rulesets.twteaw.resolution import spend_on
from engine.rulesets.twteaw.suggestions import by_rail
from engine.rulesets.twteaw.war import controller, friendly
from engine.rulesets.twteaw.world import world

from ..protocol import BotRng
from . import aircraft, odds
from .declarations import closures
from .naval import naval_orders
from .world import PLAN, Context, Position, area_value, front_distance, garrison

Orders = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Attack:
    target: str
    score: float
    chance: float
    moves: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]   # (origin, ((unit, n), …))
    guns: tuple[tuple[str, int], ...]                            # (origin, count)
    air: tuple[aircraft.Flight, ...] = ()                        # planes on an `attack` row


def free_units(ctx: Context, spent: dict[tuple[str, str], int]) -> dict[str, dict[str, int]]:
    """Units each territory may send into an attack: infantry above the garrison, the tanks,
    and the guns (which fire from where they stand)."""
    out = {}
    for area, stack in ctx.units.items():
        # land units only: planes join by `air` rows (aircraft.py), AA guns never attack
        left = {t: n - spent.get((area, t), 0) for t, n in stack.items() if t in U.LAND_TYPES}
        keep = min(left.get("infantry", 0), garrison(ctx, area))
        left["infantry"] = left.get("infantry", 0) - keep
        out[area] = {t: n for t, n in left.items() if n > 0}
    return out


def score_attack(ctx: Context, target: str, free: dict[str, dict[str, int]],
                 planes: dict[str, dict[str, int]] | None = None) -> Attack | None:
    w = world()
    moves, guns = [], []
    values: list[int] = []
    gun_values: list[int] = []
    for origin in sorted(w.neighbours(target)):
        stack = free.get(origin, {})
        crossing = w.crossing(origin, target)
        movers = {t: stack.get(t, 0) for t in ("infantry", "tank")
                  if stack.get(t, 0) and not (t == "tank" and crossing == "strait")}
        if movers:
            tanks = movers.get("tank", 0)
            penalty = {t: crossing_penalty(ctx.pos, target, origin, t, tanks) for t in movers}
            values += odds.attack_values(movers, penalty)
            moves.append((origin, tuple(sorted(movers.items()))))
        if stack.get("artillery"):
            gun_penalty = crossing_penalty(ctx.pos, target, origin, "artillery", 0)
            gun_values += [max(1, 6 - gun_penalty)] * stack["artillery"]
            guns.append((origin, stack["artillery"]))
    if not moves:
        return None
    # the casualty order takes infantry first, wherever it came from
    values.sort(key=lambda v: v)
    if ctx.budget is not None and not ctx.budget.charge(1 + len(values)):
        return None
    defenders = ctx.enemy[target]
    city = bool(w.areas[target].city)
    result = odds.battle(tuple(values), tuple(gun_values), defenders, city, PLAN["attack_rounds"])
    lost = result.attacker_losses * PLAN["loss_cost"]["infantry"]
    score = (result.capture * area_value(target) + result.defender_losses * PLAN["kill_worth"]
             - lost)
    land = Attack(target, score, result.capture, tuple(moves), tuple(guns))
    # bot version 4: the planes that can raid the target join when they add to the score
    flights, flying, aa = aircraft.sorties(ctx, target, planes or {}, PLAN["attack_rounds"])
    if not flights or (ctx.budget is not None and not ctx.budget.charge(len(flying))):
        return land
    helped = odds.with_aa(tuple(values), tuple(gun_values), defenders, city,
                          PLAN["attack_rounds"], flying, aa)
    shot = min(len(flying), aa * U.UNITS["aa"].defence / 10) * U.UNITS["fighter"].cost
    air_score = (helped.capture * area_value(target) + helped.defender_losses
                 * PLAN["kill_worth"] - helped.attacker_losses * PLAN["loss_cost"]["infantry"]
                 - shot)
    if air_score < score + PLAN["air_gain"]:
        return land
    return Attack(target, air_score, helped.capture, tuple(moves), tuple(guns), flights)


def choose_attacks(ctx: Context, rng: BotRng) -> list[Attack]:
    chosen: list[Attack] = []
    spent: dict[tuple[str, str], int] = {}
    targets = sorted({b for a in ctx.units for b in world().neighbours(a) if b in ctx.enemy})
    while len(chosen) < PLAN["max_attacks"]:
        free = free_units(ctx, spent)
        planes = aircraft.planes_at(ctx, spent)
        scored = [a for t in targets if t not in {c.target for c in chosen}
                  for a in [score_attack(ctx, t, free, planes)] if a is not None]
        good = [a for a in scored if a.chance >= PLAN["attack_threshold"] and a.score > 0]
        if not good:
            break
        best = max(a.score for a in good)
        close = [a for a in good if a.score >= best - max(0.25, 0.05 * abs(best))]
        pick = close[rng.index(len(close))]
        chosen.append(pick)
        for origin, units in pick.moves:
            for unit, n in units:
                spent[(origin, unit)] = spent.get((origin, unit), 0) + n
        for origin, n in pick.guns:
            spent[(origin, "artillery")] = spent.get((origin, "artillery"), 0) + n
        for origin, unit, n in pick.air:
            spent[(origin, unit)] = spent.get((origin, unit), 0) + n
    return chosen


def attack_orders(attacks: list[Attack]) -> tuple[list[Orders], list[Orders]]:
    moves = [{"from": origin, "to": a.target, "units": dict(units),
              "rounds": PLAN["attack_rounds"]} for a in attacks for origin, units in a.moves]
    support = [{"from": origin, "into": a.target, "count": n} for a in attacks
               for origin, n in a.guns]
    return moves, support


def reinforce(ctx: Context) -> tuple[list[Orders], list[Orders]]:
    """Stacks behind the front: by rail where it reaches (two steps or more back), else one
    step toward the nearest front territory."""
    w = world()
    rails = (by_rail(ctx.pos, ctx.me) or O.empty_orders())["rail"]
    railed = {r["from"] for r in rails}
    dist = front_distance(ctx.pos, ctx.me, ctx.front)
    moves = []
    for area, stack in sorted(ctx.units.items()):
        if area in railed or dist.get(area, 0) <= 0:
            continue
        closer = sorted((b for b in w.neighbours(area) if dist.get(b, 1 << 30) < dist[area]
                         and "mountains" not in w.areas[b].flags),
                        key=lambda b: (-ctx.threat.get(b, 0), b))
        going = {t: n for t, n in stack.items() if not U.UNITS[t].air}
        if w.areas[area].capital and w.areas[area].owner == ctx.me:
            going["infantry"] = going.get("infantry", 0) - PLAN["capital_garrison"]
        going = {t: n for t, n in sorted(going.items()) if n > 0}
        if closer and going:
            moves.append({"from": area, "to": closer[0], "units": going})
    return moves, rails


def dig(ctx: Context, budget: int) -> tuple[list[Orders], list[str], int]:
    """Trenches where enemies next door are strong: the home package for a threatened home
    city with its five infantry, single trenches elsewhere, within `budget`."""
    w = world()
    rows, packages, spent = [], [], 0
    for area in sorted(ctx.front, key=lambda a: (-ctx.threat[a], a)):
        if controller(ctx.pos, area) != ctx.me or not ctx.units[area].get("infantry"):
            continue
        facing = [b for b in trenches.land_borders(area) if ctx.enemy.get(b, -1)
                  >= PLAN["trench_threat"] and not trenches.guarded(ctx.pos, area, b)]
        if not facing:
            continue
        info = w.areas[area]
        if (info.owner == ctx.me and info.city and len(facing) > 1
                and ctx.units[area].get("infantry", 0) >= trenches.HOME_PACKAGE_INFANTRY
                and spent + trenches.HOME_PACKAGE_COST <= budget):
            packages.append(area)
            spent += trenches.HOME_PACKAGE_COST
            continue
        for b in facing:
            if spent + trenches.COST <= budget:
                rows.append({"area": area, "facing": b})
                spent += trenches.COST
    return rows, packages, spent


def compose(ctx: Context, rng: BotRng, listed: list[Orders]) -> Orders:
    """The turn's order set; each part kept only if the validator accepts it with the rest."""
    orders = O.empty_orders()
    joins = [o["join"] for o in listed if o.get("join")]
    wanted = PLAN["joins"].get(ctx.me)
    if joins:
        orders["join"] = wanted if wanted in joins else joins[0]
    attacks = choose_attacks(ctx, rng)
    moves, support = attack_orders(attacks)
    _try(ctx, orders, {"moves": moves, "support": support})
    # bot version 4: the planes of each attack kept, on `air` attack rows
    for attack in attacks:
        if attack.air and any(m["to"] == attack.target for m in orders["moves"]):
            _try(ctx, orders, {"air": orders["air"] + aircraft.attack_rows(attack.target,
                                                                            attack.air)})
    advance, rails = reinforce(ctx)
    _try(ctx, orders, {"moves": orders["moves"] + advance, "rail": rails})
    flown: dict[tuple[str, str], int] = {}
    for row in orders["air"]:
        for unit, n in row["units"].items():
            flown[(row["from"], unit)] = flown.get((row["from"], unit), 0) + n
    for row in aircraft.air_moves(ctx, flown):
        _try(ctx, orders, {"air": orders["air"] + [row]})
    naval_orders(ctx, orders, rng, lambda part: _try(ctx, orders, part))
    close, reopen = closures(ctx)
    _try(ctx, orders, {"close": close, "reopen": reopen})
    bank = int(ctx.pos["secret"][ctx.me]["bank"])
    rows, packages, cost = dig(ctx, int(bank * PLAN["trench_share"]))
    if not _try(ctx, orders, {"trench": rows, "home_trenches": packages}):
        cost = 0
    planes = aircraft.fighter_builds(ctx, bank - cost)
    if _try(ctx, orders, {"build": planes}):
        cost += sum(U.UNITS[r["unit"]].cost * r["count"] for r in planes)
    else:
        planes = []
    builds = spend_on(ctx.pos, ctx.me, bank - cost, PLAN["artillery_share"])
    if not _try(ctx, orders, {"build": planes + builds}):
        _try(ctx, orders, {"build": builds})
    # TWTEAW 1.3: offer surrender when the position is hopeless; vote on offers received
    if hopeless(ctx.pos, ctx.me):
        _try(ctx, orders, {"surrender": True})
    offers = ctx.pos["secret"][ctx.me].get("offers_received", [])
    _try(ctx, orders, {"surrender_votes": {n: ballot(ctx.pos, ctx.me, n) for n in offers}})
    return O.validate(ctx.pos, ctx.me, orders)


def held_share(pos: Position, nation: str) -> float:
    """The share of the nation's own (original) areas it or an ally still controls."""
    own = world().originals(nation)
    if not own:
        return 1.0
    return sum(1 for a in own if friendly(pos, nation, a)) / len(own)


def capital_lost(pos: Position, nation: str) -> bool:
    capital = next((a for a in world().originals(nation) if world().areas[a].capital), None)
    return capital is not None and not friendly(pos, nation, capital)


def hopeless(pos: Position, nation: str) -> bool:
    """The bot's measure of a lost war (docs/bots.md): its side holds less than
    PLAN["surrender_below"] of its own areas while its capital still stands. Surrendering then
    gets the lost areas back (the terms); once the capital has fallen the other side declines
    (`ballot`), so offering is no use."""
    return not capital_lost(pos, nation) and held_share(pos, nation) < PLAN["surrender_below"]


def ballot(pos: Position, voter: str, offerer: str) -> str:
    """Accept (the rulebook's default) unless the voter's side already holds the offerer's
    capital: the terms would hand it back, and the conquest is nearly made."""
    return "decline" if capital_lost(pos, offerer) else "accept"


def _try(ctx: Context, orders: Orders, part: Orders) -> bool:
    """Add `part` to `orders` when the whole set stays legal; leave it out otherwise."""
    trial = {**orders, **part}
    try:
        O.validate(ctx.pos, ctx.me, trial)
    except EngineError:
        return False
    orders.update(part)
    return True
