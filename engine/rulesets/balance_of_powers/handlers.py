"""Balance of Powers — the verbs: one handler per decision kind.

A handler changes the position and returns events; it never chooses the next step (the step
table does, steps.py). Every answer is followed by `tidy`, the checks that follow any action.
The six questions of a combat in progress (reserve, point unit, reroll, RP payment, loss,
retreat) have one verb, `answer_combat`: the combat pipeline knows which one it asked.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from . import (
    admiralty,
    air_raids,
    aviation,
    combat,
    dockyards,
    economy,
    movement,
    neutrals,
    setup,
    setup_fire,
    setup_kaiser,
    setup_storm,
    supply,
)
from .fleets import SHIPS
from .forces import (
    ENTRENCHED,
    MANEUVER,
    UNITS,
    commander,
    controller,
    eliminate,
    lone_leaders,
    occupancy,
    side_of,
)
from .mines import MINES
from .occupy import check_conquest, enter, host_shadow_government
from .scenarios import FIRE_IN_THE_EAST, KAISERSCHLACHT, STORM_OF_STEEL, scenario_of
from .sequence import Step, next_month
from .tables import RAIL_COST
from .theatre import Theatre, theatre

State = dict[str, Any]


# --- set-up, and the powers that join (any step) -------------------------------------------------

def do_setup(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
    """BoP 12.1, 12.2 — place one nation's units (EP first, then CP); in 12.2 the Russian units
    left out of the placement are the previously eliminated ones, in the force pool."""
    sc = scenario_of(state)
    entrenched = action.get("entrenched", ())
    if sc.id == STORM_OF_STEEL:   # 12.3: every corps but cavalry sets up entrenched
        entrenched = setup_storm.must_entrench(action["placement"])
    setup.place(state, action["placement"], entrenched)
    state["flow"]["placed"].append(seat)
    events = [Event("set_up", sc.rule, {"seat": seat, "placement": action["placement"]})]
    area = setup_kaiser if sc.id == KAISERSCHLACHT else setup_fire \
        if sc.id == FIRE_IN_THE_EAST else setup_storm if sc.id == STORM_OF_STEEL else None
    if area is not None:
        aside = [u for u in area.seat_units(seat) if u not in action["placement"]]
        if aside:
            state["board"]["pool"] = sorted(state["board"]["pool"] + aside)
            events.append(Event("set_aside", sc.rule, {"nation": seat, "units": aside}))
    return events


def do_britain_setup(state: State, seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
    """BoP 12.1 — Britain places cavalry 1, infantry 1–2 in a French port, infantry 3 in
    Britain; corps that arrived while she was neutral (5.13) go to Britain too, or to the
    French port if theirs is a port arrival (IEF A)."""
    placed = {}
    for uid in state["flow"].pop("britain_to_place"):
        arrives = UNITS[uid].arrives
        to_port = arrives == "joins" or arrives.endswith("-port")
        loc = action["port"] if to_port else action["home"]
        if loc is None:
            state["board"]["pool"] = sorted(state["board"]["pool"] + [uid])
            continue
        state["board"]["units"][uid] = {"at": loc, "mode": MANEUVER}
        placed[uid] = loc
    return [Event("britain_set_up", "BoP 12.1", {"units": placed})]


def do_neutral_setup(state: State, seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
    """BoP 6.11 — a joining neutral's corps set up in maneuver mode in its population
    centres (to the pool when none has room)."""
    uid = action["unit"]
    state["flow"]["neutral_to_place"].remove(uid)
    if action["at"] is None:
        state["board"]["pool"] = sorted(state["board"]["pool"] + [uid])
        return [Event("muster_failed", "BoP 6.11", {"unit": uid})]
    state["board"]["units"][uid] = {"at": action["at"], "mode": MANEUVER}
    return [Event("neutral_set_up", "BoP 6.11", {"unit": uid, "at": action["at"]})]


def do_shadow_government(state: State, seat: str, decision: Decision, action: Any,
                         roller: Roller) -> list[Event]:
    """BoP 2.93 — a conquered nation's shadow government goes to an ally's capital."""
    flow = state["flow"]
    flow["shadow_to_choose"] = [n for n in flow["shadow_to_choose"] if n != action["nation"]]
    return [host_shadow_government(state, action["nation"], action["host"])]


# --- diplomacy and construction ------------------------------------------------------------------

def do_violate(state: State, seat: str, decision: Decision, action: Any,
               roller: Roller) -> list[Event]:
    """BoP 6.11 — declare a violation; the victim joins the other side at once."""
    th = theatre(state["board"]["map"])
    flow = state["flow"]
    if action["violate"] is None:
        flow["active"] = [s for s in flow["active"] if s != seat]
        return []
    return neutrals.violate(state, th, flow["side"], action["violate"])


def do_place_infrastructure(state: State, seat: str, decision: Decision, action: Any,
                            roller: Roller) -> list[Event]:
    """BoP 6.215 — an infrastructure marker arrives (lost when there is nowhere to put it)."""
    state["flow"]["infra_to_place"].remove(seat)
    if action["at"] is None:
        return [Event("muster_failed", "BoP 6.215", {"unit": "infrastructure"})]
    side = side_of(state, seat)
    state["board"]["infra"][action["at"]] = side
    state["board"]["infra"] = dict(sorted(state["board"]["infra"].items()))
    return [Event("infrastructure_placed", "BoP 6.215", {"nation": seat, "at": action["at"]})]


def do_transfer(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """BoP 5.22, 5.23 — convert a fortress step into 2 RP, or send RP to an ally."""
    power = state["powers"][seat]
    if "convert" in action:
        loc = action["convert"]
        steps = state["board"]["forts"].get(loc, 2) - 1
        state["board"]["forts"][loc] = steps
        state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))
        power["rp"] += 2
        power["season_moves"]["converted"] = True
        return [Event("conversion", "BoP 5.222", {"nation": seat, "at": loc, "rp": 2})]
    if action["to"] is None:
        state["flow"]["active"] = [s for s in state["flow"]["active"] if s != seat]
        return []
    other = state["powers"][action["to"]]
    power["rp"] -= action["rp"]
    other["rp"] += action["rp"]
    power["season_moves"]["out"] += action["rp"]
    other["season_moves"]["in"] += action["rp"]
    return [Event("transfer", "BoP 5.23", {"from": seat, "to": action["to"],
                                           "rp": action["rp"]})]


def do_muster(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """BoP 6.21 — an arriving unit enters at a home population centre."""
    uid = action["unit"]
    state["flow"]["muster"].remove(uid)
    state["board"]["units"][uid] = {"at": action["at"], "mode": MANEUVER}
    return [Event("muster", "BoP 6.21", {"unit": uid, "at": action["at"]})]


def do_ship_muster(state: State, seat: str, decision: Decision, action: Any,
                   roller: Roller) -> list[Event]:
    """BoP 6.21 — a ship from the dockyards enters at full strength in a home port."""
    return dockyards.muster(state, action["unit"], action["at"])


def do_procure(state: State, seat: str, decision: Decision, action: Any,
               roller: Roller) -> list[Event]:
    """BoP 6.22 — buy a unit from the pool; it arrives next month."""
    flow = state["flow"]
    if "repair" in action:
        return economy.repair(state, seat, action["repair"])
    if "repair_air" in action:
        return aviation.repair(state, seat, action["repair_air"])
    if "repair_ship" in action:
        return dockyards.repair(state, seat, action["repair_ship"], flow["month"], roller)
    if action["buy"] is None:
        flow["active"] = [s for s in flow["active"] if s != seat]
        return []
    if action["buy"] in SHIPS or action["buy"] in MINES:
        return dockyards.procure(state, seat, action["buy"], flow["month"])
    month = next_month(flow["month"])
    if action["buy"] in aviation.AIR_UNITS:
        return aviation.procure(state, seat, action["buy"], month)
    return economy.procure(state, seat, action["buy"], month)


# --- aviation (6.3, 6.7) and air muster (6.21) -------------------------------------------------

def do_air_patrol(state: State, seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """BoP 6.311 — one fighter flies to its patrol location, or the side passes."""
    return aviation.patrol(state, seat, action)


def do_air_raid(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """BoP 5.31 — one bomber raids a strategic target (then an enemy fighter may shoot), or
    the seat is done."""
    return air_raids.raid(state, seat, action, roller)


def do_air_base(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """BoP 6.72 — one air unit changes base, or the seat is done."""
    return aviation.change_base(state, seat, action)


def do_air_muster(state: State, seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """BoP 6.21 — an arriving air unit enters at a home population centre."""
    return aviation.muster(state, action["unit"], action["at"])


# --- the admiralty phase -------------------------------------------------------------------------

def do_sea_move(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """BoP 6.452 — one move of one corps by sea (to a port, the landing or the sea)."""
    return admiralty.sea_move(state, action["unit"], action["to"])


def do_landing(state: State, seat: str, decision: Decision, action: Any,
               roller: Roller) -> list[Event]:
    """BoP 6.453 — place the year's landing counter: Entente land linked to one coast hex."""
    state["board"]["landing"] = {"at": action["at"], "to": action["to"]}
    state["board"]["landing_used"] = True
    state["board"]["control"][action["at"]] = seat
    state["board"]["control"] = dict(sorted(state["board"]["control"].items()))
    return [Event("landing_placed", "BoP 6.453", dict(action))]


# --- Plan XVII -----------------------------------------------------------------------------------

def do_plan_xvii(state: State, seat: str, decision: Decision, action: Any,
                 roller: Roller) -> list[Event]:
    """BoP 12.1 Plan XVII — the CP destroys up to four French corps of its choice."""
    flow = state["flow"]
    if action["destroy"] is None:
        flow["plan17_left"] = 0
    else:
        eliminate(state, action["destroy"])
        flow["plan17_left"] -= 1
    if flow["plan17_left"] <= 0:
        flow["active"] = []
    return [Event("plan_xvii_penalty", "BoP 12.1", {"destroyed": action["destroy"]})]


# --- a side's half: forces, marches, rail, attacks -----------------------------------------------

def do_done(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    """BoP 6.53 — the seat has finished its forces for this half (or admiralty phase)."""
    flow = state["flow"]
    flow["active"] = [s for s in flow["active"] if s != seat]
    movement.end_force(state, seat)
    return []


def do_pass(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    """BoP 9.0, 6.53 — the seat moves nothing more this half (or admiralty phase): its force
    in motion stops and it is done. What a deadline plays on a march, rail, attack or sea
    move decision."""
    flow = state["flow"]
    units = list(flow["force"].get(seat, []))
    movement.end_force(state, seat)
    flow["active"] = [s for s in flow["active"] if s != seat]
    rule = {Step.ADMIRALTY.value: "BoP 6.452", Step.GQ.value: "BoP 6.43"}.get(flow["step"],
                                                                           "BoP 9.0")
    return [Event("passed", rule, {"seat": seat, "stopped": units})]


def do_leader_return(state: State, seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
    """BoP 1.323 — a leader leaves his command for the force pool (procured again later)."""
    eliminate(state, action["leader"])
    return [Event("leader_returned", "BoP 1.323", {"unit": action["leader"],
                                                   "voluntary": True})]


def do_stop(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    """BoP 9.0 — the seat's moving force is finished; another may start."""
    units = list(state["flow"]["force"].get(seat, []))
    movement.end_force(state, seat)
    return [Event("force_done", "BoP 9.0", {"units": units})]


def do_remove_breach(state: State, seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
    """BoP 10.594 — every corps stacked with the breach spends all its MP; it is removed."""
    units = [u for u in occupancy(state).get(action["at"], [])
             if UNITS[u].corps and commander(state, u) == seat]
    movement.start_force(state, units, supply.move_supply(state))
    movement.spend(state, units, 99)
    movement.end_force(state, seat)
    state["board"]["breaches"] = [b for b in state["board"]["breaches"]
                                  if not (b["at"] == action["at"] and b["to"] == action["to"])]
    return [Event("breach_removed", "BoP 10.594", dict(action))]


def do_entrench(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """BoP 9.61 — flip a corps' mode with all its MP, in its starting location."""
    uid = action["unit"]
    movement.start_force(state, [uid], supply.move_supply(state))
    state["board"]["units"][uid]["mode"] = action["mode"]
    state["flow"]["moves"][uid]["mp"] = 0
    movement.end_force(state, seat)
    return [Event("mode", "BoP 9.61", {"unit": uid, "mode": action["mode"]})]


def do_march(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
    """BoP 9.1 — march a force; it takes control of what its infantry enters."""
    th = theatre(state["board"]["map"])
    units = action["units"]
    supplied = supply.move_supply(state)
    cost, path = movement.march_destinations(state, th, units, supplied)[action["to"]]
    movement.start_force(state, units, supplied)
    movement.spend(state, units, cost)
    events = [Event("march", "BoP 9.1", {"units": units, "path": path, "mp": cost})]
    return events + enter(state, th, units, path)


def do_rail(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    """BoP 9.2 — rail a force: 1 RP from the payer, 18 hexes per MP."""
    th = theatre(state["board"]["map"])
    units = action["units"]
    supplied = supply.move_supply(state)
    cost, path = movement.rail_destinations(state, th, units, supplied)[action["to"]]
    payer = action["payer"]
    state["powers"][payer]["rp"] -= RAIL_COST
    corps = [u for u in units if UNITS[u].corps]
    movement.use_rail_capacity(state, payer, corps)
    movement.start_force(state, units, supplied)
    movement.spend(state, units, cost, rail=cost)
    for uid in corps:
        if state["board"]["units"][uid]["mode"] == ENTRENCHED:
            state["board"]["units"][uid]["mode"] = MANEUVER  # 9.23
    events = [Event("rail", "BoP 9.2", {"units": units, "path": path, "mp": cost,
                                       "payer": payer})]
    return events + enter(state, th, units, path)


def do_attack(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """BoP 10 — declare an attack; the pipeline runs until someone must decide."""
    th = theatre(state["board"]["map"])
    return combat.declare(state, th, seat, action["units"], action["target"], action["point"],
                          action["payer"], supply.move_supply(state), roller)


def answer_combat(state: State, seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """BoP 10.3 (go on after a bombardment), 10.4 (reserve), 10.531 (point unit), 10.572
    (infrastructure), 12.1 (the CP's reroll), 10.711 (pay 1 RP to cancel an "RP" result),
    10.712, 10.713 (the next loss), 10.722 (a retreat): the answer to the combat's open
    question, then the pipeline runs on."""
    return combat.answer(state, theatre(state["board"]["map"]), decision.kind, action, roller)


# --- after every answer --------------------------------------------------------------------------

def tidy(state: State, th: Theatre) -> list[Event]:
    """After every action: lone leaders go home (1.323); Britain's triggers (6.123)."""
    events = []
    for uid in lone_leaders(state, th):
        eliminate(state, uid)
        events.append(Event("leader_returned", "BoP 1.323", {"unit": uid}))
    for loc, owner in sorted(state["board"]["infra"].items()):
        if side_of(state, controller(state, th, loc)) not in (owner, None):
            del state["board"]["infra"][loc]  # our ruling: the enemy took its hex
            events.append(Event("infrastructure_lost", "BoP 6.215", {"at": loc}))
    events += check_conquest(state, th)
    events += neutrals.britain_triggers(state, th)
    return events
