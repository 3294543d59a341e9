"""The War to End All Wars, level 2: the naval orders (Phase 4.2), written in the order schema
the human editor writes and `engine/rulesets/twteaw/naval.py` checks — one task force per row,
one mission a turn (patrol, move, transport, bombard; ruling 71).

The bot's naval plan, in the order it is written (docs/bots.md):

1. **Invasions** (4.6.1 with 4.2.3): spare troops on a coast its transports can load from go
   to an enemy coast its transports reach when the exact odds of the landing — beach penalties,
   the coastal defender taken as one more defender, the undamaged battleships that can reach the
   same zone shelling at their bombardment value every round, no withdrawal — reach
   `PLAN["invasion_threshold"]`; the battleships go with a `bombard` order on that coast.
2. **Transports** to friendly coasts: spare troops far from any front (cut off from it by land,
   as on an island, or `PLAN["sail_from"]` steps or more behind it) sail to the friendly coast
   nearest a front their transports reach, through zones where no enemy ship shows.
3. **Blockades** (bot version 4; 1.4, 4.2.6, `us_trade.py`): an enemy's US trade route all of
   whose zones the bot's free warships can hold (`plan_blockade`) is declared blockaded and
   each zone gets a `blockade` task force.
4. **Engagement**: the warships of a zone patrol to a zone within reach (their own included)
   where enemy ships show and the estimated enemy fleet is at most its strength divided by
   `PLAN["naval_superiority"]` (ships' strength: attack, twice for a battleship's two hits;
   ships the seat cannot see counted from their band at a battleship's strength each).
5. **Escorts** (4.2.2): the warships still free in a transport's start zone go with it on an
   `escort` mission when enemy ships show within `PLAN["escort_watch"]` zones of where it ends.
6. **Home waters**: everything else keeps to friendly waters — no order where it lies in them
   (docked: defensive, but turning on an invasion force, ruling 78), a `move` to the nearest
   friendly zone when it lies outside them (where it would patrol by default).

Submarines (bot version 7, ruleset version 14) get no orders: they lie submerged where they
are, neither intercepting nor hunting, and count for nothing in a surface battle's estimate.

Spare troops are those no land, rail or support order of the set has taken, less a front's
garrison and a capital's. Every row is added only if the ruleset's validator accepts the whole
set with it (phases._try), so no refused order is ever written.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.rulesets.twteaw import invasions, us_trade
from engine.rulesets.twteaw.naval import friendly_waters, passable, sea_neighbours
from engine.rulesets.twteaw.units import (
    CARGO_POINTS,
    SHIPS,
    SHORE_BOMBARDMENT,
    TRANSPORT_CAPACITY,
)
from engine.rulesets.twteaw.war import allied, at_war, controller
from engine.rulesets.twteaw.world import world

from ..protocol import BotRng
from . import odds
from .world import PLAN, Context, garrison

Orders = dict[str, Any]


def ship_strength(ship: str, n: int) -> float:
    """A ship's weight in a sea battle: its attack, twice for an undamaged battleship (two
    hits); a damaged battleship soaks one hit at its defence; a transport counts one."""
    if ship == "battleship":
        return 2.0 * SHIPS[ship].attack * n
    if ship == "damaged_battleship":
        return 0.5 * SHIPS[ship].defence * n
    if ship == "transport":
        return 1.0 * n
    return float(SHIPS[ship].attack * n)


def fleet_strength(fleet: dict[str, int]) -> float:
    return sum(ship_strength(t, n) for t, n in fleet.items())


def enemy_ships(ctx: Context, zone: str) -> float:
    """The estimated strength of the ships of nations at war with the bot in `zone`: exact
    where the seat sees them, else each ship its band stands for at a battleship's strength."""
    total = 0.0
    for nation, secret in ctx.pos["secret"].items():
        if at_war(ctx.pos, ctx.me, nation):
            total += fleet_strength(secret.get("fleets", {}).get(zone, {}))
    for nation, colour in ctx.pos["bands"].get(zone, {}).items():
        if nation not in ctx.pos["secret"] and at_war(ctx.pos, ctx.me, nation):
            total += PLAN["fleet_band_estimate"][colour] * ship_strength("battleship", 1)
    return total


def routes(ctx: Context, start: str, speed: int) -> dict[str, list[str]]:
    """Each sea zone the bot's ships reach from `start` within `speed` zones through passages
    open to it, with the first shortest path found (neighbours in id order)."""
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if len(paths[at]) >= speed:
            continue
        for nxt, gates in sorted(sea_neighbours(at).items()):
            if nxt not in paths and passable(ctx.pos, ctx.me, gates):
                paths[nxt] = paths[at] + [nxt]
                queue.append(nxt)
    return paths


def home_section(me: str) -> str:
    """The map section of the nation's capital (where its main war is fought)."""
    w = world()
    return next((w.areas[a].section for a in w.originals(me) if w.areas[a].capital), "europe")


def war_distance(ctx: Context) -> dict[str, int]:
    """Steps through the bot's side's land from each such territory to the nearest one next
    to an enemy territory of the bot's home section (0: on a front); territories cut off by
    the sea are left out. A colonial front (German Togoland next to French West Africa) is the
    garrisons' to fight: the transports carry the home army to the main front, not to it."""
    w = world()
    home = home_section(ctx.me)
    mine = [a for a in w.land() if allied(ctx.pos, ctx.me, controller(ctx.pos, a))]
    dist = {a: 0 for a in mine if w.areas[a].section == home
            and any(b in ctx.enemy and w.areas[b].section == home for b in w.neighbours(a))}
    queue = deque(sorted(dist))
    while queue:
        a = queue.popleft()
        for b in w.neighbours(a):
            if b not in dist and allied(ctx.pos, ctx.me, controller(ctx.pos, b)):
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def spare_troops(ctx: Context, orders: Orders, area: str) -> dict[str, int]:
    """Units in `area` no order of the set has taken, less the garrison it keeps."""
    left = dict(ctx.units.get(area, {}))
    for row in orders["moves"] + orders["rail"]:
        if row["from"] == area:
            for t, n in row["units"].items():
                left[t] = left.get(t, 0) - n
    for row in orders["support"]:
        if row["from"] == area:
            left["artillery"] = left.get("artillery", 0) - row["count"]
    for row in orders["naval"]:
        if "carry" in row and row["carry"]["from"] == area:
            for t, n in row["carry"]["units"].items():
                left[t] = left.get(t, 0) - n
    keep = garrison(ctx, area)
    info = world().areas[area]
    if info.capital and info.owner == ctx.me:
        keep = max(keep, PLAN["capital_garrison"])
    left["infantry"] = left.get("infantry", 0) - keep
    return {t: n for t, n in sorted(left.items()) if n > 0 and t in CARGO_POINTS}


def load(troops: dict[str, int], capacity: int, invading: bool) -> dict[str, int]:
    """What `capacity` troop points take of `troops`: infantry first, then artillery, then
    tanks (never tanks to an invasion: TWTEAW units tanks)."""
    out: dict[str, int] = {}
    room = capacity
    for unit in ("infantry", "artillery", "tank"):
        if invading and unit == "tank":
            continue
        k = min(troops.get(unit, 0), room // CARGO_POINTS[unit])
        if k > 0:
            out[unit] = k
            room -= k * CARGO_POINTS[unit]
    return out


@dataclass
class Fleets:
    """The bot's ships still without an order this turn, zone by zone."""

    left: dict[str, dict[str, int]]

    def take(self, zone: str, ships: dict[str, int]) -> None:
        for t, n in ships.items():
            self.left[zone][t] -= n


def _speed(ships: dict[str, int]) -> int:
    return min(SHIPS[t].move for t, n in ships.items() if n)


def _usable(ctx: Context, zone: str, path: list[str]) -> bool:
    """A transport goes only through and to zones where no enemy ship shows."""
    return all(enemy_ships(ctx, z) == 0 for z in [zone, *path])


@dataclass(frozen=True, slots=True)
class Invasion:
    chance: float
    score: float
    transport: Orders
    bombard: tuple[Orders, ...]


def _landing_odds(ctx: Context, cargo: dict[str, int], target: str, battleships: int) -> float:
    values = odds.attack_values(cargo, invasions.BEACH_PENALTY)
    guns = tuple([SHORE_BOMBARDMENT["battleship"]] * battleships)
    if ctx.budget is not None and not ctx.budget.charge(1 + len(values)):
        return 0.0
    defenders = ctx.enemy[target] + invasions.COASTAL_DEFENCE
    return odds.battle(tuple(sorted(values)), guns, defenders, bool(world().areas[target].city),
                       PLAN["invasion_rounds"]).capture


def plan_invasions(ctx: Context, orders: Orders, fleets: Fleets) -> list[Invasion]:
    """Landings worth making this turn with the transports and battleships within reach."""
    from .world import area_value
    w = world()
    found: list[Invasion] = []
    for zone in sorted(fleets.left):
        carriers = fleets.left[zone].get("transport", 0)
        if not carriers:
            continue
        for src in sorted(w.coasts.get(zone, ())):
            if w.areas[src].kind != "land" or controller(ctx.pos, src) != ctx.me:
                continue
            cargo = load(spare_troops(ctx, orders, src), TRANSPORT_CAPACITY * carriers, True)
            if not cargo.get("infantry"):
                continue
            for last, path in sorted(routes(ctx, zone, SHIPS["transport"].move).items()):
                if not _usable(ctx, zone, path):
                    continue
                for target in sorted(w.coasts.get(last, ())):
                    if target not in ctx.enemy or w.areas[target].kind != "land":
                        continue
                    guns = _bombarders(ctx, fleets, last, zone)
                    shells = sum(r["units"].get("battleship", 0) for r in guns)
                    chance = _landing_odds(ctx, cargo, target, shells)
                    if chance < PLAN["invasion_threshold"]:
                        continue
                    need = -(-sum(CARGO_POINTS[t] * n for t, n in cargo.items())
                             // TRANSPORT_CAPACITY)
                    row = {"from": zone, "path": path, "units": {"transport": need},
                           "mission": "transport",
                           "carry": {"from": src, "to": target, "units": cargo}}
                    bombard = tuple({**r, "target": target} for r in guns)
                    found.append(Invasion(chance, chance * area_value(target), row, bombard))
    return found


def _bombarders(ctx: Context, fleets: Fleets, last: str, exclude: str | None) -> list[Orders]:
    """One `bombard` row (without its target) from every zone whose undamaged battleships
    reach `last`, with the cruisers of that zone beside them."""
    rows = []
    for zone in sorted(fleets.left):
        ships = {t: n for t, n in fleets.left[zone].items() if n and t in ("battleship", "cruiser")}
        if not ships.get("battleship"):
            continue
        path = routes(ctx, zone, _speed(ships)).get(last)
        if path is None:
            continue
        rows.append({"from": zone, "path": path, "units": ships, "mission": "bombard"})
    return rows


def plan_transport(ctx: Context, orders: Orders, fleets: Fleets, zone: str,
                   dist: dict[str, int]) -> Orders | None:
    """The transports of `zone` carry spare troops far from the front to the friendly coast
    nearest one they reach (nearest the front first, then the shortest voyage, then by id)."""
    w = world()
    carriers = fleets.left[zone].get("transport", 0)
    if not carriers or not dist:
        return None
    best: tuple[tuple[int, int, str, str], str, str, list[str], dict[str, int]] | None = None
    for src in sorted(w.coasts.get(zone, ())):
        if w.areas[src].kind != "land" or controller(ctx.pos, src) != ctx.me:
            continue
        far = dist.get(src)
        if far is not None and far < PLAN["sail_from"]:
            continue
        cargo = load(spare_troops(ctx, orders, src), TRANSPORT_CAPACITY * carriers, False)
        if not cargo:
            continue
        for last, path in sorted(routes(ctx, zone, SHIPS["transport"].move).items()):
            if not _usable(ctx, zone, path):
                continue
            for dst in sorted(w.coasts.get(last, ())):
                near = dist.get(dst)
                if (near is None or w.areas[dst].kind != "land"
                        or (far is not None and near > far - PLAN["sail_gain"])):
                    continue
                key = (near, len(path), src, dst)
                if best is None or key < best[0]:
                    best = (key, src, dst, path, cargo)
    if best is None:
        return None
    _, src, dst, path, cargo = best
    need = -(-sum(CARGO_POINTS[t] * n for t, n in cargo.items()) // TRANSPORT_CAPACITY)
    return {"from": zone, "path": path, "units": {"transport": need}, "mission": "transport",
            "carry": {"from": src, "to": dst, "units": cargo}}


def plan_blockade(ctx: Context, fleets: Fleets, target: str) -> list[Orders] | None:
    """Bot version 4 (1.4, 4.2.6): `blockade` rows holding every zone of `target`'s US trade
    route with the bot's own free warships — in each zone the task force of one zone, nearest
    first, whose strength is at least `naval_superiority` times the enemy ships shown there and
    `blockade_neighbour_weight` of those next door (they may come to break it) — or None when
    the route cannot all be held, the trade is below `blockade_min_trade`, or the route leaves
    the map (Russia's, ruling 99)."""
    if not at_war(ctx.pos, ctx.me, target) or target not in us_trade.AMOUNTS:
        return None
    zones = us_trade.route(ctx.pos, target)
    if (us_trade.trade_of(ctx.pos, target) < PLAN["blockade_min_trade"]
            or us_trade.OFF_SHEET in zones):
        return None
    left = {z: dict(f) for z, f in fleets.left.items()}
    rows = []
    for zone in zones:
        danger = enemy_ships(ctx, zone) + PLAN["blockade_neighbour_weight"] * sum(
            enemy_ships(ctx, z) for z in sorted(sea_neighbours(zone)))
        best: tuple[tuple[int, float, str], list[str], dict[str, int]] | None = None
        for src in sorted(left):
            ships = {t: n for t, n in sorted(left[src].items())
                     if n > 0 and t in ("battleship", "cruiser")}
            if not ships:
                continue
            path = routes(ctx, src, _speed(ships)).get(zone)
            strength = fleet_strength(ships)
            if path is None or strength < PLAN["naval_superiority"] * danger:
                continue
            key = (len(path), -strength, src)
            if best is None or key < best[0]:
                best = (key, path, ships)
        if best is None:
            return None
        (_, _, src), path, ships = best
        rows.append({"from": src, "path": path, "units": ships, "mission": "blockade"})
        for t, n in ships.items():
            left[src][t] -= n
    return rows


def plan_engagements(ctx: Context, fleets: Fleets, rng: BotRng) -> list[Orders]:
    """Warships patrol into the zone within reach where they outweigh the enemy most."""
    rows = []
    for zone in sorted(fleets.left):
        ships = {t: n for t, n in fleets.left[zone].items() if n and t in ("battleship", "cruiser")}
        if not ships:
            continue
        mine = fleet_strength(ships)
        scored = []
        for last, path in sorted(routes(ctx, zone, _speed(ships)).items()):
            theirs = enemy_ships(ctx, last)
            if theirs > 0 and mine >= PLAN["naval_superiority"] * theirs:
                scored.append((theirs, last, path))
        if not scored:
            continue
        top = max(s[0] for s in scored)
        close = [s for s in scored if s[0] >= top * 0.95]
        _, last, path = close[rng.index(len(close))] if len(close) > 1 else close[0]
        rows.append({"from": zone, "path": path, "units": ships, "mission": "patrol"})
    return rows


def threatened(ctx: Context, zone: str) -> bool:
    """Enemy ships show within `PLAN["escort_watch"]` sea zones of `zone` (any passage)."""
    seen, ring = {zone}, [zone]
    for _ in range(PLAN["escort_watch"]):
        ring = [b for a in ring for b in sorted(sea_neighbours(a)) if b not in seen]
        seen.update(ring)
    return any(enemy_ships(ctx, z) > 0 for z in sorted(seen))


def plan_escorts(ctx: Context, orders: Orders, fleets: Fleets) -> list[Orders]:
    """The warships left in a transport's start zone escort it (4.2.2) where enemy ships show
    near the zone it ends in: the same path, the `escort` mission."""
    rows = []
    for row in orders["naval"]:
        if row["mission"] != "transport":
            continue
        zone = row["from"]
        ships = {t: n for t, n in sorted(fleets.left.get(zone, {}).items())
                 if n and t in ("battleship", "cruiser")}
        if (ships and _speed(ships) >= len(row["path"])
                and threatened(ctx, row["path"][-1] if row["path"] else zone)):
            rows.append({"from": zone, "path": list(row["path"]), "units": ships,
                         "mission": "escort"})
    return rows


def plan_home(ctx: Context, fleets: Fleets) -> list[Orders]:
    """Ships outside friendly waters with no order move to the nearest friendly zone."""
    rows = []
    for zone in sorted(fleets.left):
        ships = {t: n for t, n in sorted(fleets.left[zone].items()) if n}
        if not ships or friendly_waters(ctx.pos, ctx.me, zone):
            continue
        reach = routes(ctx, zone, _speed(ships))
        homes = sorted((len(p), z) for z, p in reach.items()
                       if z != zone and friendly_waters(ctx.pos, ctx.me, z))
        if homes:
            rows.append({"from": zone, "path": reach[homes[0][1]], "units": ships,
                         "mission": "move"})
    return rows


def naval_orders(ctx: Context, orders: Orders, rng: BotRng,
                 attempt: Callable[[Orders], bool]) -> None:
    """Add the turn's naval rows to `orders`, each kept only if `attempt` (the validator with
    the whole set) accepts it: invasions with their bombardment, transports, engagements, home
    waters — in that order, each part seeing the ships and troops the parts before it took."""
    own = ctx.pos["secret"][ctx.me].get("fleets", {})
    # bot version 7: submarines get no orders (they lie submerged where they are; docs/bots.md)
    fleets = Fleets({z: {t: n for t, n in f.items() if not SHIPS[t].submarine}
                     for z, f in sorted(own.items())})

    def add(rows: list[Orders]) -> bool:
        if not attempt({"naval": orders["naval"] + rows}):
            return False
        for row in rows:
            fleets.take(row["from"], row["units"])
        return True

    for _ in range(PLAN["max_invasions"]):
        found = plan_invasions(ctx, orders, fleets)
        if not found:
            break
        best = max(found, key=lambda i: i.score)
        if not add([best.transport, *best.bombard]):
            break
    dist = war_distance(ctx)
    for zone in sorted(fleets.left):
        row = plan_transport(ctx, orders, fleets, zone, dist)
        if row is not None:
            add([row])
    for target in sorted(us_trade.AMOUNTS):
        rows = plan_blockade(ctx, fleets, target)
        if rows and attempt({"naval": orders["naval"] + rows,
                             "blockade": orders["blockade"] + [target]}):
            for row in rows:
                fleets.take(row["from"], row["units"])
    for row in plan_engagements(ctx, fleets, rng):
        add([row])
    for row in plan_escorts(ctx, orders, fleets):
        add([row])
    for row in plan_home(ctx, fleets):
        add([row])
