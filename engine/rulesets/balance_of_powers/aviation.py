"""BoP 1.322, 6.3, 6.7, 10.51 — air units: patrols, dogfights, air superiority, the aerodrome.

Air units are not corps (1.322): they have two steps, never take control, never count for
stacking, odds or major battles, and live apart from the land units:

  board["air"]       {uid: {"at": loc, "steps": 2|1, "patrol": bool}}   air units on the map
  board["air_pool"]  [uid]              the force pool's air units (5.1; seasonal CoB additions)
  board["air_due"]   {"1916-04": [uid]} procured air units waiting for their muster (6.223)
  flow["air"]        the aviation and aerodrome phases' bookkeeping (whose turn, passes,
                     which fighters have patrolled or changed base)

The counters' values (machine guns or bombs, evasion, radius) are printed only on the counter
art, so data/air.csv carries our own (docs/rules/balance_of_powers.md, ruling 49). No air unit
is in 12.1's order of battle: the first, Russia's ILYA M, joins the force pool in the winter
of 1914, after the scenario ends.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Any

from engine.kernel import Event, Roller

from .air_tables import (
    AIR_STEP_COST,
    AIR_STEPS,
    AIR_SUPERIORITY_MODIFIER,
    BOMBERS,
    CHANGE_OF_BASE_FACTOR,
    DOGFIGHT_DICE,
    DOGFIGHT_ROUNDS_CAP,
    FIGHTER,
    FULL_ON_REDUCED_BONUS,
    TOP_GUNS_ALSO,
)
from .forces import controller, enemy_present, neutral_closed, other_side, side_of
from .scenarios import scenario_of
from .supply import supplied_locations
from .tables import CENTRAL, ENTENTE, SIDE_SEATS
from .theatre import DATA, Theatre, theatre

State = dict[str, Any]


@dataclass(frozen=True)
class AirInfo:
    id: str
    nation: str
    kind: str          # fighter, bomber, zeppelin (a bomber, +1 raiding: 5.312)
    name: str
    guns: int          # machine guns (fighters) or bombs (bombers)
    evasion: int
    radius: int
    arrives: str       # "1915-summer": the seasonal turn that puts it into the force pool

    @property
    def fighter(self) -> bool:
        return self.kind == FIGHTER


def _load() -> dict[str, AirInfo]:
    with open(DATA / "air.csv", newline="", encoding="utf-8") as handle:
        return {row["id"]: AirInfo(row["id"], row["nation"], row["kind"], row["name"],
                                   int(row["guns"]), int(row["evasion"]), int(row["radius"]),
                                   row["arrives"])
                for row in sorted(csv.DictReader(handle), key=lambda r: r["id"])}


AIR_UNITS = _load()
assert all(u.kind == FIGHTER or u.kind in BOMBERS for u in AIR_UNITS.values())


def empty_flow() -> dict[str, Any]:
    return {"turn": CENTRAL, "passes": 0, "moved": [], "rebased": []}


def air_side(state: State, uid: str) -> str | None:
    return side_of(state, AIR_UNITS[uid].nation)


def air_here(state: State, loc: str) -> list[str]:
    return sorted(uid for uid, a in state["board"]["air"].items() if a["at"] == loc)


def friendly(state: State, th: Theatre, loc: str, side: str) -> bool:
    """BoP 2.53 — a location its side controls (water and unowned hexes are nobody's)."""
    return side_of(state, controller(state, th, loc)) == side


def enemy_air(state: State, loc: str, side: str, *, fighters_only: bool) -> bool:
    return any(air_side(state, uid) == other_side(side)
               and (AIR_UNITS[uid].fighter or not fighters_only)
               for uid in air_here(state, loc))


def supplied(state: State, th: Theatre, uid: str) -> bool:
    """BoP 3.1 — an air unit demonstrates supply like a corps, before a patrol, a raid or a
    change of base."""
    unit = AIR_UNITS[uid]
    return state["board"]["air"][uid]["at"] in supplied_locations(state, th, unit.nation)


def reach(state: State, th: Theatre, start: str, mp: int, side: str, *,
          barred: set[str] | None = None) -> dict[str, int]:
    """BoP 6.311, 6.73 — where `mp` air movement points lead: 1 MP a hex whatever its terrain
    or occupants, all remaining MP into a box (from an adjacent hex), never into or through a
    neutral hex; `barred` locations (those holding enemy air units, for aborts and the
    aerodrome) are not entered."""
    seen = {start: 0}
    frontier = [start]
    for spent in range(1, mp + 1):
        nxt: list[str] = []
        for loc in frontier:
            if loc in th.boxes and loc != start:
                continue  # a box takes all remaining MP
            for other in th.all_adj.get(loc, ()):
                if other in seen or neutral_closed(state, th, other) or (
                        barred is not None and other in barred):
                    continue
                seen[other] = mp if other in th.boxes else spent
                nxt.append(other)
        frontier = sorted(nxt)
    return seen


def _enemy_air_locations(state: State, side: str) -> set[str]:
    return {a["at"] for uid, a in state["board"]["air"].items()
            if air_side(state, uid) == other_side(side)}


# --- 10.51 air superiority ------------------------------------------------------------------

def air_superiority(state: State, loc: str) -> str | None:
    """BoP 6.33, 10.51 — the side whose air units patrol over the location alone (after the
    dogfights only one side can be left there)."""
    sides = {air_side(state, uid) for uid in air_here(state, loc)
             if state["board"]["air"][uid]["patrol"]}
    return sides.pop() if len(sides) == 1 else None


def air_modifier(state: State, combat: dict[str, Any]) -> int:
    """BoP 10.51 — +1 with attacker air superiority over the defending location, −1 with the
    defender's."""
    side = air_superiority(state, combat["target"])
    if side == combat["attacker"]:
        return AIR_SUPERIORITY_MODIFIER
    if side == combat["defender"]:
        return -AIR_SUPERIORITY_MODIFIER
    return 0


# --- 6.31 patrols ----------------------------------------------------------------------------

def patrol_moves(state: State, th: Theatre, seat: str) -> list[dict[str, str]]:
    """BoP 6.311–6.312 — each of the seat's fighters that has not patrolled this phase, is in
    supply and shares no location with an enemy fighter may fly to any location within its
    radius (its own excepted)."""
    side = side_of(state, seat)
    if side is None:
        return []
    moved = set(state["flow"]["air"]["moved"])
    out = []
    for uid, unit in sorted(state["board"]["air"].items()):
        info = AIR_UNITS[uid]
        if info.nation != seat or not info.fighter or uid in moved:
            continue
        if enemy_air(state, unit["at"], side, fighters_only=True) or not supplied(state, th, uid):
            continue
        for loc in sorted(reach(state, th, unit["at"], info.radius, side)):
            if loc != unit["at"]:
                out.append({"unit": uid, "to": loc})
    return out


def patrol_movers(state: State, th: Theatre) -> dict[str, list[str]]:
    """The seats of each side with a patrol left to fly."""
    return {side: [s for s in SIDE_SEATS[side] if state["powers"][s]["side"] == side
                   and patrol_moves(state, th, s)] for side in (CENTRAL, ENTENTE)}


def patrol_turn(state: State, th: Theatre) -> str | None:
    """BoP 6.311, 6.313 — CP first, the sides alternate one fighter at a time; a side with
    nothing left to fly leaves the turn to the other; the sub-phase ends when both sides
    have passed in succession or neither can fly."""
    air = state["flow"]["air"]
    movers = patrol_movers(state, th)
    if air["passes"] >= 2 or not (movers[CENTRAL] or movers[ENTENTE]):
        return None
    return air["turn"] if movers[air["turn"]] else other_side(air["turn"])


def patrol(state: State, seat: str, action: dict[str, Any]) -> list[Event]:
    air = state["flow"]["air"]
    side = side_of(state, seat)
    assert side is not None
    air["turn"] = other_side(side)
    if action.get("pass"):
        air["passes"] += 1
        return [Event("air_patrol_passed", "BoP 6.311", {"seat": seat})]
    uid, to = action["unit"], action["to"]
    frm = state["board"]["air"][uid]["at"]
    state["board"]["air"][uid].update(at=to, patrol=True)
    air["moved"] = sorted(air["moved"] + [uid])
    air["passes"] = 0
    return [Event("air_patrol", "BoP 6.311", {"unit": uid, "from": frm, "to": to})]


def begin_aviation(state: State, roller: Roller) -> list[Event]:
    state["flow"]["air"] = empty_flow()
    return []


# --- 6.32 dogfights ------------------------------------------------------------------------

def contested(state: State) -> list[str]:
    """BoP 6.32 — locations holding fighters of both sides."""
    sides: dict[str, set[str | None]] = {}
    for uid, a in state["board"]["air"].items():
        if AIR_UNITS[uid].fighter:
            sides.setdefault(a["at"], set()).add(air_side(state, uid))
    return sorted(loc for loc, s in sides.items() if {CENTRAL, ENTENTE} <= s)


def _target(state: State, shooter: str, enemies: list[str], targeted: set[str]) -> str:
    """Ruling 49: the shooter picks the enemy fighter easiest to hit among those not yet
    targeted (once all were, among all): lowest evasion, then fewest steps, then id."""
    fresh = [u for u in enemies if u not in targeted] or enemies
    board = state["board"]["air"]
    return min(fresh, key=lambda u: (AIR_UNITS[u].evasion, board[u]["steps"], u))


def destroy(state: State, uid: str) -> None:
    """An air unit destroyed goes back to its force pool (5.11) at full strength."""
    del state["board"]["air"][uid]
    pool = state["board"]["air_pool"]
    if uid not in pool:
        pool.append(uid)
        pool.sort()


def abort_spot(state: State, th: Theatre, uid: str) -> str | None:
    """BoP 6.324 — a fighter damaged in a dogfight leaves for the nearest friendly location
    without enemy units within its radius (ruling 49: the nearest, then by id), never into a
    location with enemy air units; with none it is destroyed."""
    side = air_side(state, uid)
    assert side is not None
    here = state["board"]["air"][uid]["at"]
    spots = reach(state, th, here, AIR_UNITS[uid].radius, side,
                  barred=_enemy_air_locations(state, side))
    fits = [(cost, loc) for loc, cost in spots.items() if loc != here
            and friendly(state, th, loc, side) and not enemy_present(state, th, loc, side)]
    return min(fits)[1] if fits else None


def dogfight(state: State, th: Theatre, loc: str, roller: Roller) -> list[Event]:
    """BoP 6.322–6.326 — one dogfight: tiers by machine guns, highest first; every fighter of
    the tier fires (2d6 + guns, +1 full strength on a reduced target) and hits above the
    target's evasion; results after the tier; the fighters damaged in this dogfight abort."""
    board = state["board"]["air"]
    events: list[Event] = []
    damaged: set[str] = set()
    targeted: set[str] = set()
    fighters = [u for u in air_here(state, loc) if AIR_UNITS[u].fighter]
    for guns in sorted({AIR_UNITS[u].guns for u in fighters}, reverse=True):
        present = [u for u in air_here(state, loc) if AIR_UNITS[u].fighter]
        tier = sorted((u for u in present if AIR_UNITS[u].guns == guns),
                      key=lambda u: (air_side(state, u) != CENTRAL, u))
        hits: list[str] = []
        for shooter in tier:
            enemies = [u for u in present if air_side(state, u) != air_side(state, shooter)]
            if not enemies:
                continue
            target = _target(state, shooter, enemies, targeted)
            targeted.add(target)
            dice = roller.roll(6, f"dogfight {shooter}", DOGFIGHT_DICE)
            bonus = FULL_ON_REDUCED_BONUS if (board[shooter]["steps"] == AIR_STEPS
                                              and board[target]["steps"] < AIR_STEPS) else 0
            final = sum(dice) + AIR_UNITS[shooter].guns + bonus
            hit = final > AIR_UNITS[target].evasion
            if hit:
                hits.append(target)
            events.append(Event("air_fire", "BoP 6.323", {
                "at": loc, "shooter": shooter, "target": target, "dice": dice,
                "guns": AIR_UNITS[shooter].guns, "bonus": bonus, "final": final,
                "evasion": AIR_UNITS[target].evasion, "hit": hit}))
        for target in hits:          # 6.324: results once the whole tier has fired
            if target not in board:
                continue
            if board[target]["steps"] > 1:
                board[target]["steps"] -= 1
                damaged.add(target)
                events.append(Event("air_damaged", "BoP 6.324", {"unit": target}))
            else:
                destroy(state, target)
                damaged.discard(target)
                events.append(Event("air_destroyed", "BoP 6.324", {"unit": target}))
        for uid in sorted(damaged):  # 6.324: damaged fighters abort at the end of the tier
            if uid not in board or board[uid]["at"] != loc:
                continue
            spot = abort_spot(state, th, uid)
            if spot is None:
                destroy(state, uid)
                events.append(Event("air_destroyed", "BoP 6.324", {"unit": uid,
                                                                   "aborting": True}))
            else:
                board[uid].update(at=spot, patrol=False)
                events.append(Event("air_aborted", "BoP 6.324", {"unit": uid, "to": spot}))
    return events


def dogfights(state: State, roller: Roller) -> list[Event]:
    """BoP 6.32, 6.326–6.327 — every contested location fights dogfight after dogfight until
    one side (or neither) has fighters there: that side has air superiority over it."""
    th = theatre(state["board"]["map"])
    events: list[Event] = []
    for loc in contested(state):
        for _ in range(DOGFIGHT_ROUNDS_CAP):
            if loc not in contested(state):
                break
            events += dogfight(state, th, loc, roller)
        winner = air_superiority(state, loc)
        if winner is not None:
            events.append(Event("air_superiority", "BoP 6.327", {"at": loc, "side": winner}))
    return events


# --- 6.7 the aerodrome phase -------------------------------------------------------------------

def begin_aerodrome(state: State, roller: Roller) -> list[Event]:
    """BoP 6.33, 6.71, 6.73 — the patrols end (at the CP's aerodrome step, for both sides);
    each of the phasing side's air units outside a friendly location returns to base with its
    radius (no supply needed): the nearest friendly location it can reach without entering
    enemy air units (ruling 49), or it is eliminated. The CP returns first, then the EP."""
    th = theatre(state["board"]["map"])
    state["flow"]["air"] = empty_flow()
    events: list[Event] = []
    for uid in sorted(state["board"]["air"]):
        unit = state["board"]["air"][uid]
        unit["patrol"] = False
        side = air_side(state, uid)
        assert side is not None
        if side != state["flow"]["side"] or friendly(state, th, unit["at"], side):
            continue
        spots = reach(state, th, unit["at"], AIR_UNITS[uid].radius, side,
                      barred=_enemy_air_locations(state, side))
        homes = sorted((cost, loc) for loc, cost in spots.items()
                       if friendly(state, th, loc, side))
        if homes:
            unit["at"] = homes[0][1]
            events.append(Event("air_returned", "BoP 6.71", {"unit": uid, "to": homes[0][1]}))
        else:
            destroy(state, uid)
            events.append(Event("air_destroyed", "BoP 6.73", {"unit": uid,
                                                              "no_base": True}))
    return events


def base_moves(state: State, th: Theatre, seat: str) -> list[dict[str, str]]:
    """BoP 6.72–6.73 — an in-supply air unit may change base once: four times its radius,
    to a friendly location, never into or through one holding enemy air units."""
    side = side_of(state, seat)
    if side is None:
        return []
    done = set(state["flow"]["air"]["rebased"])
    barred = _enemy_air_locations(state, side)
    out = []
    for uid, unit in sorted(state["board"]["air"].items()):
        if AIR_UNITS[uid].nation != seat or uid in done or not supplied(state, th, uid):
            continue
        mp = CHANGE_OF_BASE_FACTOR * AIR_UNITS[uid].radius
        for loc in sorted(reach(state, th, unit["at"], mp, side, barred=barred)):
            if loc != unit["at"] and friendly(state, th, loc, side):
                out.append({"unit": uid, "to": loc})
    return out


def change_base(state: State, seat: str, action: dict[str, Any]) -> list[Event]:
    if action.get("done"):
        state["flow"]["active"] = [s for s in state["flow"]["active"] if s != seat]
        return []
    uid, to = action["unit"], action["to"]
    state["board"]["air"][uid]["at"] = to
    rebased = state["flow"]["air"]["rebased"]
    state["flow"]["air"]["rebased"] = sorted(rebased + [uid])
    return [Event("air_base_changed", "BoP 6.72", {"unit": uid, "to": to})]


def begin_change_of_base(state: State, roller: Roller) -> list[Event]:
    """BoP 6.73 — CP then EP: the side's seats with an air unit that may change base."""
    th = theatre(state["board"]["map"])
    flow = state["flow"]
    flow["active"] = [s for s in SIDE_SEATS[flow["side"]]
                      if state["powers"][s]["side"] == flow["side"]
                      and base_moves(state, th, s)]
    return []


# --- 5.1, 6.21, 6.22 the force pool, procurement, repair and muster ------------------------

def pool_additions(state: State, year: int, season: str) -> list[Event]:
    """BoP 5.12, 13.0 — a seasonal turn puts the CoB's air units of that season into their
    nation's force pool (a neutral's too: it accrues them, 5.13)."""
    key = f"{year}-{season}"
    barred = scenario_of(state).no_air   # 12.2: the Germans receive no air units
    new = [uid for uid, u in AIR_UNITS.items() if u.arrives == key
           and u.nation in state["powers"] and u.nation not in barred and uid not in state["board"]["air_pool"]
           and uid not in state["board"]["air"]]
    if not new:
        return []
    state["board"]["air_pool"] = sorted(state["board"]["air_pool"] + new)
    return [Event("air_pool_additions", "BoP 5.12", {"season": key, "units": new})]


def buyable_guns(state: State, nation: str) -> set[int]:
    """BoP 6.226 — the fighter machine-gun scores a nation may procure or repair: the single
    highest of its pool's fighters (with 7s, 6s too)."""
    pool = [AIR_UNITS[u].guns for u in state["board"]["air_pool"]
            if AIR_UNITS[u].nation == nation and AIR_UNITS[u].fighter]
    if not pool:
        return set()
    top = max(pool)
    return {top, *TOP_GUNS_ALSO.get(top, ())}


def procurable(state: State, nation: str) -> list[str]:
    """BoP 6.221–6.222, 6.226 — the nation's pool air units it can pay for at full strength
    (1 RP a step); fighters only with the machine-gun score 6.226 allows."""
    cost = AIR_STEP_COST * AIR_STEPS
    if state["powers"][nation]["rp"] < cost:
        return []
    guns = buyable_guns(state, nation)
    return [uid for uid in state["board"]["air_pool"] if AIR_UNITS[uid].nation == nation
            and (not AIR_UNITS[uid].fighter or AIR_UNITS[uid].guns in guns)]


def repairable(state: State, nation: str) -> list[str]:
    """BoP 6.224, 6.226 — the nation's damaged air units on the map, 1 RP, flipped at once;
    a fighter only with a machine-gun score it could procure (ruling 49: with no fighter in
    the pool, any of its fighters)."""
    if state["powers"][nation]["rp"] < AIR_STEP_COST:
        return []
    guns = buyable_guns(state, nation)
    return [uid for uid, a in sorted(state["board"]["air"].items())
            if AIR_UNITS[uid].nation == nation and a["steps"] < AIR_STEPS
            and (not AIR_UNITS[uid].fighter or not guns or AIR_UNITS[uid].guns in guns)]


def procure(state: State, nation: str, uid: str, next_month: str | None) -> list[Event]:
    """BoP 6.221–6.223 — bought at full strength, 1 RP a step; it musters next month."""
    cost = AIR_STEP_COST * AIR_STEPS
    state["powers"][nation]["rp"] -= cost
    state["board"]["air_pool"].remove(uid)
    if next_month is not None:
        due = state["board"]["air_due"].setdefault(next_month, [])
        due.append(uid)
        due.sort()
    return [Event("procured", "BoP 6.222", {"nation": nation, "unit": uid, "cost": cost,
                                            "arrives": next_month})]


def repair(state: State, nation: str, uid: str) -> list[Event]:
    state["powers"][nation]["rp"] -= AIR_STEP_COST
    state["board"]["air"][uid]["steps"] = AIR_STEPS
    return [Event("air_repaired", "BoP 6.224", {"nation": nation, "unit": uid,
                                                "cost": AIR_STEP_COST})]


def muster_spots(state: State, th: Theatre, uid: str) -> list[str]:
    """BoP 6.212 — a friendly, supplied population centre (or port box) of its home country."""
    nation = AIR_UNITS[uid].nation
    side = side_of(state, nation)
    if side is None:
        return []
    fed = supplied_locations(state, th, nation)
    return sorted(loc for loc in fed if th.home.get(loc) == nation
                  and (th.is_pop(loc) or loc in th.boxes)
                  and friendly(state, th, loc, side))


def muster(state: State, uid: str, loc: str) -> list[Event]:
    state["flow"]["air_muster"].remove(uid)
    state["board"]["air"][uid] = {"at": loc, "steps": AIR_STEPS, "patrol": False}
    state["board"]["air"] = dict(sorted(state["board"]["air"].items()))
    return [Event("mustered", "BoP 6.21", {"unit": uid, "at": loc})]


def begin_air_muster(state: State) -> list[str]:
    """BoP 6.211 — this month's procured air units of the side come due; the seats that
    place them."""
    flow = state["flow"]
    due = state["board"]["air_due"].pop(flow["month"], [])
    mine = [u for u in due if side_of(state, AIR_UNITS[u].nation) == flow["side"]]
    rest = [u for u in due if u not in mine]
    if rest:
        state["board"]["air_due"][flow["month"]] = rest
    flow["air_muster"] = sorted(mine)
    return sorted({AIR_UNITS[u].nation for u in mine})


def end_air_muster(state: State) -> list[Event]:
    """BoP 6.211 — an air unit with nowhere to muster goes back to the force pool."""
    events = []
    for uid in state["flow"].get("air_muster", []):
        state["board"]["air_pool"] = sorted(state["board"]["air_pool"] + [uid])
        events.append(Event("muster_failed", "BoP 6.211", {"unit": uid}))
    state["flow"]["air_muster"] = []
    return events
