"""BoP 2.53 — control changes when forces enter locations; the 12.1 plan bookkeeping.

Our ruling (docs, ambiguity "capture in passing"): an infantry or mountain corps that enters a
location free of enemy units takes control of it at once, also when it only passes through.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .forces import UNITS, controller, fort_steps, side_of
from .tables import CRISIS_LIMIT, MAJORS
from .sequence import MONTHS, first_fortnight_of_game
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
    """BoP 2.91, 2.92 — +1 demoralization; at the national limit the nation is in crisis."""
    power = state["powers"][nation]
    if power["crisis"]:
        return
    power["dem"] += 1
    if power["dem"] >= CRISIS_LIMIT.get(nation, 99):
        power["crisis"] = True


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
