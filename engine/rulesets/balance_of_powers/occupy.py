"""BoP 2.53 — control changes when forces enter locations; the 12.1 plan bookkeeping.

Our ruling (docs, ambiguity "capture in passing"): an infantry or mountain corps that enters a
location free of enemy units takes control of it at once, also when it only passes through.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .forces import UNITS, controller, fort_steps, in_crisis, side_of
from .sequence import MONTHS, first_fortnight_of_game
from .tables import (
    CRISIS_LIMIT,
    ENTENTE,
    MAJORS,
    PLAN_XVII_CORPS,
    PLAN_XVII_HEXES,
    SCHLIEFFEN_CORPS,
    SIDE_SEATS,
)
from .theatre import Theatre


def capture(state: dict[str, Any], th: Theatre, loc: str, nation: str) -> Event | None:
    """BoP 2.53, 2.531, 2.532 — `nation`'s infantry solely occupies `loc`.

    Allies never take each other's locations; a location of a friendly nation that the enemy
    held reverts to its original owner (liberation)."""
    if fort_steps(state, th, loc):
        return None  # 1.333: the fortress still belongs to its owner
    side = side_of(state, nation)
    current = controller(state, th, loc)
    if side_of(state, current) == side:
        return None
    home = th.home.get(loc)
    new = home if side_of(state, home) == side else nation
    if home in MAJORS and side_of(state, home) != side and loc in th.fortress and not any(
            frozenset((loc, o)) in th.borders for o in th.all_adj[loc]):
        demoralize(state, home)  # 2.91: an enemy takes an interior fortress (1.334)
    control = state["board"]["control"]
    if new == home:
        control.pop(loc, None)
    else:
        control[loc] = new
    state["board"]["control"] = dict(sorted(control.items()))
    return Event("control", "BoP 2.53", {"at": loc, "from": current, "to": new})


def demoralize(state: dict[str, Any], nation: str) -> None:
    """BoP 2.91, 2.92 — +1 demoralization; the marker stops at the national limit (crisis)."""
    if not in_crisis(state, nation):
        state["powers"][nation]["demoralization"] += 1


def remove_absorbed_breaches(state: dict[str, Any], th: Theatre) -> None:
    """BoP 10.595 (1) — a breach goes when one side controls both of its ends."""
    kept = []
    for breach in state["board"]["breaches"]:
        a = side_of(state, controller(state, th, breach["at"]))
        b = side_of(state, controller(state, th, breach["to"]))
        if a is not None and a == b:
            continue
        kept.append(breach)
    state["board"]["breaches"] = kept


def enter(state: dict[str, Any], th: Theatre, units: list[str], path: list[str]) -> list[Event]:
    """Move `units` along `path` (first element: where they stand), taking control on the way
    and recording what the 12.1 plans count."""
    events: list[Event] = []
    capturers = sorted({UNITS[u].nation for u in units if UNITS[u].captures})
    for loc in path[1:]:
        if capturers:
            event = capture(state, th, loc, capturers[0])
            if event is not None:
                events.append(event)
        track_plans(state, th, units, loc, attack=False)
    for uid in units:
        state["board"]["units"][uid]["at"] = path[-1]
    remove_absorbed_breaches(state, th)
    return events


def track_plans(state: dict[str, Any], th: Theatre, units: list[str], loc: str, *,
                attack: bool) -> None:
    """BoP 12.1 — Plan XVII (fortnight 1 of August: ≥ 4 French corps enter or attack ≥ 2
    hexes of Germany or Luxembourg adjacent to France) and Schlieffen (August: attack or enter
    Liège, ≥ 9 German corps enter Belgium)."""
    flow = state["flow"]
    plans = state["plans"]
    if flow["month"] != MONTHS[0]:
        return
    corps = [u for u in units if UNITS[u].corps]
    if first_fortnight_of_game(flow["month"], flow["fortnight"]) and th.home.get(loc) in (
            "germany", "luxembourg") and any(th.home.get(o) == "france" for o in th.adj[loc]):
        french = [u for u in corps if UNITS[u].nation == "france"]
        if french:
            plan = plans["plan17"]
            plan["corps"] = sorted(set(plan["corps"]) | set(french))
            plan["hexes"] = sorted(set(plan["hexes"]) | {loc})
    german = [u for u in corps if UNITS[u].nation == "germany"]
    if german:
        plan = plans["schlieffen"]
        if loc == th.place_loc.get("liege"):
            plan["liege"] = True
        if th.home.get(loc) == "belgium" and not attack:
            plan["corps"] = sorted(set(plan["corps"]) | set(german))


ALTERNATE_CAPITALS = {"austria_hungary": ("budapest",)}  # BoP 2.93: Vienna or Budapest


def capitals(th: Theatre, nation: str) -> list[str]:
    found = [th.capital[nation]] if nation in th.capital else []
    found += [th.place_loc[p] for p in ALTERNATE_CAPITALS.get(nation, ()) if p in th.place_loc]
    return found


def conquered_now(state: dict[str, Any], th: Theatre, nation: str) -> bool:
    """BoP 2.93 — the enemy holds the capital (Vienna or Budapest for Austria-Hungary) and, if
    the nation has other home bargaining chips, at least one of them."""
    side = side_of(state, nation)
    if side is None:
        return False
    caps = capitals(th, nation)
    lost = [c for c in caps if side_of(state, controller(state, th, c)) not in (side, None)]
    if not lost:
        return False
    others = [loc for loc in th.bcs if th.home.get(loc) == nation and loc not in caps]
    return not others or any(side_of(state, controller(state, th, loc)) not in (side, None)
                             for loc in others)


def shadow_hosts(state: dict[str, Any], nation: str) -> list[str]:
    """BoP 2.93 — the same-side majors (at war, not conquered) whose capital may host a
    conquered nation's shadow government."""
    side = side_of(state, nation)
    return [m for m in MAJORS if m != nation and side is not None
            and state["powers"][m]["side"] == side and not state["powers"][m].get("conquered")]


def host_shadow_government(state: dict[str, Any], nation: str, host: str) -> Event:
    """BoP 2.93 — the conquered nation's units draw supply from its host's capital and home
    bargaining chips and muster in its capital or ports, as if they were its own."""
    state["powers"][nation]["shadow_host"] = host
    return Event("shadow_government", "BoP 2.93", {"nation": nation, "host": host})


def check_conquest(state: dict[str, Any], th: Theatre) -> list[Event]:
    """BoP 2.93 — conquest and liberation. A conquered major goes to its crisis limit and posts
    the "conquered" income column; a conquered minor's fortresses are all ruined; the conquered
    nation designates a same-side major's capital as the host of its shadow government (at once
    when there is one candidate, else its commander chooses: `flow["shadow_to_choose"]`).
    Retaking the capital undoes conquest and ends the shadow government (a major stays in
    crisis)."""
    events: list[Event] = []
    for nation in sorted(state["powers"]):
        power = state["powers"][nation]
        if power["side"] is None:
            continue
        now = conquered_now(state, th, nation)
        if now and not power.get("conquered"):
            power["conquered"] = True
            if nation in MAJORS:
                power["demoralization"] = max(power["demoralization"], CRISIS_LIMIT[nation])
            else:
                for loc in sorted(th.fortress):
                    if th.home.get(loc) == nation and fort_steps(state, th, loc):
                        state["board"]["forts"][loc] = 0
                state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))
            events.append(Event("conquest", "BoP 2.93", {"nation": nation}))
            hosts = shadow_hosts(state, nation)
            power["shadow_host"] = None
            if len(hosts) == 1:
                events.append(host_shadow_government(state, nation, hosts[0]))
            elif hosts:
                flow = state["flow"]
                flow["shadow_to_choose"] = sorted(set(flow.get("shadow_to_choose", [])) | {nation})
        elif power.get("conquered") and not any(
                side_of(state, controller(state, th, c)) not in (power["side"], None)
                for c in capitals(th, nation)):
            power["conquered"] = False
            power["shadow_host"] = None
            state["flow"]["shadow_to_choose"] = [
                n for n in state["flow"].get("shadow_to_choose", []) if n != nation]
            events.append(Event("liberation", "BoP 2.93", {"nation": nation}))
    return events


# --- the plans' checks (a begin effect of Plan XVII, an end effect of the month) -------------

def begin_plan_xvii(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 12.1 Plan XVII — unless France sent four corps into Germany and took two hexes in
    August, the CP destroys up to four French corps (Germany decides)."""
    flow = state["flow"]
    plan = state["plans"]["plan17"]
    if flow["month"] == MONTHS[0] and state["plans"]["active"] and (
            len(plan["corps"]) < PLAN_XVII_CORPS or len(plan["hexes"]) < PLAN_XVII_HEXES):
        flow["plan17_left"] = PLAN_XVII_CORPS
        flow["active"] = ["germany"]
        return [Event("plan_xvii_failed", "BoP 12.1", dict(plan))]
    return []


def check_schlieffen(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 12.1 Schlieffen Plan — unless Germany took Liège and brought its corps west in
    August, the Entente wins when August ends."""
    flow = state["flow"]
    plan = state["plans"]["schlieffen"]
    if flow["month"] != MONTHS[0] or not state["plans"]["active"] or (
            plan["liege"] and len(plan["corps"]) >= SCHLIEFFEN_CORPS):
        return []
    flow["result"] = {"winner": ENTENTE, "winners": list(SIDE_SEATS[ENTENTE]),
                      "reason": "schlieffen_plan_failed", "rule": "BoP 12.1",
                      "schlieffen": dict(plan)}
    return [Event("schlieffen_failed", "BoP 12.1", dict(plan))]
