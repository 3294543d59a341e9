"""Aircraft and AA guns (TWTEAW "Units: Fighters, Bombers, AA gun", 4.1.2 rebasing, 4.4 air
moves, 4.5 air combat, 4.6 AA fire; rulings 113–122).

Planes stand in the nations' unit stacks like the land units (so they are bought, placed,
counted and fogged as the others are) and fly by the order key `air`, one row a flight:
`{"from", "to", "units": {"fighter"|"bomber": n}, "mission"}` with the mission

- `move`: to a territory of the nation's side within the plane's fuel; it arrives at once,
  with the land moves, and defends there (Phase 4.4);
- `attack`: at an enemy land territory; the plane must be able to fly there, fight one round
  and still reach a territory of its side (digest §7.3 item 5: validated when ordered);
- `rebase` (4.1.2): to a territory of its side over its side's land and the sea, with double
  fuel; it leaves in 4.1, cannot fight, and lands in Phase 7;
- `tactical` (4.1.1, version 8): a raid on an enemy territory in Phase 4.1, checked like an
  attack, by planes of 4 fuel or more (bombing.py).

Fuel is the plane's range for the turn: entering a land territory costs 1, a sea zone 2
(ruling 114); a round of air or land combat costs 1, the AA shot none. Before a land battle
the holder's fighters there intercept (4.5): rounds of air combat, fighters at their level
table value (all nations are at level 0 until research comes), bombers at 1, until one side
has no planes left in the air. An attacking plane that can only just get home leaves; the
attackers press on to the land battle as soon as another air round would keep one of them
out of it (ruling 116). Then each defending AA gun rolls once at the attacking planes (hits
only kill planes) and the land battle begins: planes attack at their attack value (−3 against
a territory a trench guards, ruling 117), defending planes roll their defence, and an
attacking plane leaves when it can only just get home. Planes never take a territory; the
survivors fly home (ruling 119).
"""

from __future__ import annotations

from typing import Any

from engine.board.paths import cheapest_costs
from engine.kernel import Event, IllegalAction, MalformedAction, Roller

from . import combat as C
from . import units as U
from .nations import NATIONS
from .stacks import add, claim, take
from .tables import BOMBER_AIR_ATTACK, fighter_air_attack
from .war import allied, at_war, controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 4.5"
MOVE_RULE = "TWTEAW 4.4"    # air moves are made in the land movement phase
REBASE_RULE = "TWTEAW 4.1.2"
MISSIONS = ("move", "attack", "rebase", "tactical")   # tactical: bombing.py (4.1.1)
LAND_FUEL, SEA_FUEL = 1, 2          # fuel to enter a land territory, a sea zone
REBASE_FACTOR = 2                   # 4.1.2: a rebase flies double the plane's fuel
TRENCH_PENALTY = 3                  # "Trenches": aircraft −3 against a guarded territory
TACTICAL_FUEL = 4                   # 4.1.1: "any aircraft with at least 4 fuel points"
FIGHTER_LEVEL = 0                   # no research yet: every nation flies level-0 fighters


def normalise(rows: list[Any]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        if not isinstance(row, dict) or set(row) != {"from", "to", "units", "mission"}:
            raise MalformedAction('an air order is {"from", "to", "units", "mission"}')
        units = row["units"]
        if not isinstance(units, dict) or not units:
            raise MalformedAction("air.units is an object of plane counts")
        for k in ("from", "to", "mission"):
            if not isinstance(row[k], str) or not row[k]:
                raise MalformedAction(f"air.{k} must be a non-empty string")
        if row["mission"] not in MISSIONS:
            raise MalformedAction(f"air.mission is one of {', '.join(MISSIONS)}")
        counts = {}
        for t, n in sorted(units.items()):
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise MalformedAction("air.units counts must be whole numbers ≥ 1")
            counts[str(t)] = n
        out.append({"from": row["from"], "to": row["to"], "units": counts, "mission": row["mission"]})
    return sorted(out, key=lambda r: (r["from"], r["to"], r["mission"], sorted(r["units"].items())))


# --- where planes may fly --------------------------------------------------------------------

def _links(area: str) -> list[str]:
    w = world()
    if w.areas[area].kind == "sea":
        return [*w.sea_links.get(area, {}), *w.coasts.get(area, ())]
    return [*w.neighbours(area), *w.coasts.get(area, ())]


def _enter_cost(area: str) -> int:
    return SEA_FUEL if world().areas[area].kind == "sea" else LAND_FUEL


def may_land(state: State, nation: str, area: str) -> bool:
    """A territory of the nation's side, not the mountains (no plane below 5 fuel enters
    Switzerland, Afghanistan or Tibet, and none lands there)."""
    info = world().areas.get(area)
    return (info is not None and info.kind == "land" and "mountains" not in info.flags
            and allied(state, nation, controller(state, area)))


def _passable(state: State, nation: str, area: str, rebase: bool) -> bool:
    info = world().areas[area]
    if info.kind == "sea":
        return True
    if "mountains" in info.flags:
        return False
    return not rebase or allied(state, nation, controller(state, area))


def costs_from(state: State, nation: str, start: str, rebase: bool = False,
               limit: int = 12) -> dict[str, int]:
    """The least fuel to reach each area from `start` (Dijkstra; a rebase may not overfly land
    outside its side's, ruling 115); areas beyond `limit` are left out."""
    def steps(area: str) -> list[tuple[str, int]]:
        return [(nxt, _enter_cost(nxt)) for nxt in sorted(_links(area))
                if _passable(state, nation, nxt, rebase)]

    return cheapest_costs(start, steps, limit)


def home_cost(state: State, nation: str, area: str) -> int | None:
    """The fuel a plane over `area` needs to reach a territory of its side (0: it is one)."""
    reach = costs_from(state, nation, area)
    homes = [c for a, c in reach.items() if may_land(state, nation, a)]
    return min(homes) if homes else None


def fuel_of(units: dict[str, int]) -> int:
    """A flight goes as far as its shortest-ranged plane."""
    return min(U.UNITS[t].fuel for t in units)


def can_raid(state: State, nation: str, frm: str, to: str, units: dict[str, int]) -> bool:
    """Enough fuel to fly from `frm` to `to`, fight a round there and get home (digest §7.3
    item 5)."""
    fuel = fuel_of(units)
    out = costs_from(state, nation, frm, limit=fuel).get(to)
    back = home_cost(state, nation, to)
    return out is not None and back is not None and out + 1 + back <= fuel


def too_short(units: dict[str, int]) -> list[str]:
    """The plane types in a flight without the fuel for a tactical raid (4.1.1)."""
    return [t for t in sorted(units) if U.UNITS[t].fuel < TACTICAL_FUEL]


# --- orders ----------------------------------------------------------------------------------

def _refuse(code: str, data: dict[str, Any], message: str, rule: str = MOVE_RULE) -> IllegalAction:
    return IllegalAction(rule, code, data, message)


def check(state: State, nation: str, rows: list[dict[str, Any]], used: dict[tuple[str, str], int],
          declared: set[str]) -> None:
    """Refuse the first air order that may not be flown."""
    w = world()
    for row in rows:
        frm, to, mission = row["from"], row["to"], row["mission"]
        here = state["secret"][nation]["units"].get(frm, {})
        if frm not in w.areas or not here:
            raise _refuse("no_units", {"from": frm}, f"You have no units in {frm!r}.")
        for unit, n in row["units"].items():
            if unit not in U.AIR_TYPES:
                raise _refuse("not_a_plane", {"unit": unit},
                              f"{unit!r} does not fly (aircraft: {', '.join(U.AIR_TYPES)}).")
            if claim(used, frm, unit, n) > here.get(unit, 0):
                raise _refuse("not_enough_planes", {"from": frm, "unit": unit},
                              f"You have {here.get(unit, 0)} {unit} in {w.areas[frm].name} "
                              "(a plane flies once a turn).")
        if to not in w.areas or w.areas[to].kind != "land":
            raise _refuse("no_such_territory", {"to": to}, f"{to!r} is not a land territory.")
        fuel = fuel_of(row["units"])
        if mission in ("move", "rebase"):
            if not may_land(state, nation, to):
                raise _refuse("may_not_land", {"to": to},
                              f"Planes land only in a territory of your side (not the mountains): "
                              f"{w.areas[to].name} is not one.")
            rebase = mission == "rebase"
            need = costs_from(state, nation, frm, rebase, REBASE_FACTOR * fuel).get(to)
            budget = REBASE_FACTOR * fuel if rebase else fuel
            if need is None or need > budget:
                raise _refuse("out_of_range", {"from": frm, "to": to, "fuel": budget},
                              f"{w.areas[to].name} is beyond these planes' {budget} fuel"
                              + (" over your side's territory and the sea." if rebase else "."),
                              REBASE_RULE if rebase else MOVE_RULE)
            continue
        if mission == "tactical" and too_short(row["units"]):
            raise _refuse("too_little_fuel", {"units": too_short(row["units"])},
                          f"Tactical bombing needs planes of at least {TACTICAL_FUEL} fuel: "
                          f"{', '.join(too_short(row['units']))} cannot fly it.", "TWTEAW 4.1.1")
        holder = controller(state, to)
        if allied(state, nation, holder) or (not at_war(state, nation, holder) and holder not in declared):
            raise _refuse("not_an_enemy", {"to": to},
                          f"{w.areas[to].name} is not held by a nation you are at war with "
                          f"({NATIONS[holder].title}).", "TWTEAW 1.1")
        if not can_raid(state, nation, frm, to, row["units"]):
            raise _refuse("no_fuel_to_return", {"from": frm, "to": to, "fuel": fuel},
                          f"With {fuel} fuel these planes cannot reach {w.areas[to].name}, fight a "
                          "round and still get back to your side's territory.")


# --- resolution ------------------------------------------------------------------------------

def rebase_depart(state: State, orders: dict[str, dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """4.1.2: rebasing planes leave the board (they take no part in the turn's combats)."""
    flying = []
    for nation in sorted(orders):
        for row in orders[nation].get("air", []):
            if row["mission"] == "rebase":
                for unit, n in row["units"].items():
                    take(state, nation, row["from"], unit, n)
                flying.append((nation, row))
    return flying


def rebase_arrive(state: State, flying: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    """Phase 7: a rebase lands where it was going, or — that territory lost meanwhile — back at
    its base; with neither held by its side the planes are lost (ruling 120)."""
    events = []
    for nation, row in flying:
        where = next((a for a in (row["to"], row["from"]) if may_land(state, nation, a)), None)
        for unit, n in row["units"].items():
            if where is not None:
                add(state, nation, where, unit, n)
        if where != row["to"]:
            events.append(Event("rebase_cut", REBASE_RULE, {"nation": nation, "from": row["from"],
                                                            "to": row["to"], "landed": where,
                                                            "units": dict(row["units"])},
                                audience=f"seat:{nation}"))
    return events


def sortie(state: State, nation: str, row: dict[str, Any]) -> dict[str, Any]:
    """An attack row as the land phase takes it: each plane type's fuel over the target, and
    the fuel it keeps to get home."""
    out = costs_from(state, nation, row["from"], limit=12)[row["to"]]
    return {"from": row["from"], "to": row["to"], "units": dict(row["units"]), "air": True,
            "fuel": {t: U.UNITS[t].fuel - out for t in row["units"]},
            "home": home_cost(state, nation, row["to"]) or 0}


def trench_penalty(state: State, area: str) -> int:
    """Ruling 117: a trench on any border shelters the territory from the air."""
    return TRENCH_PENALTY if any(k.startswith(f"{area}>") for k in state["board"]["trenches"]) else 0


def _planes(side: list[C.Fighter]) -> list[C.Fighter]:
    return [f for f in side if U.UNITS[f.type].air]


def _hit(b: C.Battle, side: list[C.Fighter], targets: list[C.Fighter], hits: int,
         values: list[int]) -> list[C.Fighter]:
    """Remove `hits` of `targets` (by the casualty rules) from `side` too; the survivors."""
    pool = list(targets)
    C.take_hits(b, pool, hits, values)
    dead = [f for f in targets if not any(f is p for p in pool)]
    side[:] = [f for f in side if not any(f is d for d in dead)]
    return pool


def _leave(b: C.Battle, planes: list[C.Fighter]) -> list[C.Fighter]:
    """Planes that can only just get home leave the fight (to `b.gone`): those left."""
    going = [f for f in planes if f.fuel <= f.home]
    b.gone += going
    b.attackers = [f for f in b.attackers if not any(f is g for g in going)]
    return [f for f in planes if f.fuel > f.home]


def air_value(f: C.Fighter) -> int:
    if f.type == "bomber":
        return BOMBER_AIR_ATTACK
    return fighter_air_attack(FIGHTER_LEVEL, FIGHTER_LEVEL)


def _roll(roller: Roller, b: C.Battle, values: list[int], who: str, label: str,
          prefix: str = "battle") -> tuple[int, list[int]]:
    """Dice keyed "battle <area> air attack a<round>", "… air defence a<round>", "… aa" (a
    bombing raid's: "bombing <area> …", so that a battle later in the turn rolls its own)."""
    if not values:
        return 0, []
    dice = roller.roll(10, f"{label} over {b.area}", len(values), key=f"{prefix} {b.area} {who}")
    return sum(1 for d, v in zip(dice, values, strict=True) if d <= v), dice


def before_battle(b: C.Battle, roller: Roller, prefix: str = "battle") -> None:
    """4.5 air combat, then the AA guns' one shot (4.6 step 2), before the battle's rounds (or
    before a bombing raid's strike, bombing.py, with its own dice: `prefix` "bombing")."""
    raiders = _planes(b.attackers)
    interceptors = [f for f in b.defenders if f.type == "fighter"]
    left = {id(f): U.UNITS["fighter"].fuel for f in interceptors}
    k = 0
    while raiders and interceptors:
        k += 1
        a_values = [air_value(f) for f in raiders]
        d_values = [air_value(f) for f in interceptors]
        a_hits, a_dice = _roll(roller, b, a_values, f"air attack a{k}", f"attacking planes, air round {k},", prefix)
        d_hits, d_dice = _roll(roller, b, d_values, f"air defence a{k}", f"intercepting fighters, air round {k},", prefix)
        interceptors = _hit(b, b.defenders, interceptors, a_hits, d_values)
        raiders = _hit(b, b.attackers, raiders, d_hits, a_values)
        b.log.append({"air_round": k, "attack_dice": a_dice, "defence_dice": d_dice})
        for f in raiders:
            f.fuel -= 1
        for f in interceptors:
            left[id(f)] -= 1
        interceptors = [f for f in interceptors if left[id(f)] > 0]   # landed: they still defend
        raiders = _leave(b, raiders)
        if any(f.fuel < f.home + 2 for f in raiders):
            break           # one more air round would keep a plane out of the land battle
    raiders = _planes(b.attackers)
    guns = [f for f in b.defenders if f.type == "aa"]
    if raiders and guns:
        hits, dice = _roll(roller, b, [U.UNITS["aa"].defence] * len(guns), "aa", "AA guns", prefix)
        _hit(b, b.attackers, raiders, hits, [C.attack_value(f) for f in raiders])
        b.log.append({"aa_dice": dice})

