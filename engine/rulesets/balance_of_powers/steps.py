"""Balance of Powers — the step table: the sequence of play at a glance (docs/rulesets.md).

Each step names its lister (decisions.py), its verbs (handlers.py), its begin and end effects
(beside their rules: economy, neutrals, admiralty, movement, combat, supply, occupy, victory)
and its successor. The month is a script (sequence.MONTH_SCRIPT): `next_in_script` moves the
script's cursor `flow["script_position"]` and sets the side (and a half's fortnight), as the
kernel's `Flow` asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.flow import Answers, Effect, Flow, State, Step, Verb

from . import (
    admiralty,
    air_raids,
    amphibious,
    aviation,
    combat,
    economy,
    movement,
    neutrals,
    occupy,
    price_of_admiralty,
    setup,
    supply,
    victory,
    weather,
)
from .answers import PASS, PASSABLE
from .decisions import (
    COMBAT_KINDS,
    admiralty_decisions,
    air_base_decisions,
    air_patrol_decisions,
    air_raid_decisions,
    each_active,
    half_or_combat_decisions,
    listed,
    muster_decisions,
    open_half,
    plan_xvii_decision,
    procure_decision,
    secret_setup_decisions,
    setup_decisions,
    transfer_decision,
    violation_decision,
)
from .handlers import (
    answer_combat,
    do_air_base,
    do_air_muster,
    do_air_patrol,
    do_air_raid,
    do_attack,
    do_britain_setup,
    do_done,
    do_entrench,
    do_landing,
    do_leader_return,
    do_march,
    do_muster,
    do_neutral_setup,
    do_pass,
    do_place_infrastructure,
    do_plan_xvii,
    do_procure,
    do_rail,
    do_remove_breach,
    do_sea_move,
    do_setup,
    do_shadow_government,
    do_ship_muster,
    do_stop,
    do_transfer,
    do_violate,
    tidy,
)
from .scenarios import scenario_of
from .sequence import MONTH_SCRIPT, next_month
from .sequence import Step as StepName
from .tables import CENTRAL, ENTENTE
from .theatre import theatre

# --- every answer, every step --------------------------------------------------------------------

def answered(verb: Verb) -> Verb:
    """The verb, or PASS where a move may be passed (BoP 9.0, 6.53); then the answer counter
    `flow["answer_count"]` moves on (a question asked again gets a fresh id) and the checks
    that follow any action run (handlers.tidy)."""
    def answer(state: State, seat: str, decision: Decision, action: Any,
               roller: Roller) -> list[Event]:
        passed = decision.kind in PASSABLE and action == PASS
        events = (do_pass if passed else verb)(state, seat, decision, action, roller)
        state["flow"]["answer_count"] += 1
        return events + tidy(state, theatre(state["board"]["map"]))
    return answer


# Britain's and a violated neutral's placements, and a conquered nation's shadow government,
# interrupt whatever step made them happen.
JOINING: Mapping[str, Verb] = {"britain_setup": do_britain_setup,
                               "neutral_setup": do_neutral_setup,
                               "shadow_government": do_shadow_government}


def verbs(**own: Verb) -> dict[str, Verb]:
    return {kind: answered(verb) for kind, verb in {**JOINING, **own}.items()}


def effects(*parts: Effect) -> Effect:
    """Several rules' effects at one moment, in order (the half's resets, then who is active)."""
    def run(state: State, roller: Roller) -> list[Event]:
        events: list[Event] = []
        for part in parts:
            events += part(state, roller)
        return events
    return run


# --- the cursor ----------------------------------------------------------------------------------

def _position(state: State) -> str:
    return str(state["flow"]["step"])


def _move_to(state: State, step: str) -> None:
    """Every step change clears the active seats; the new step's begin names them."""
    state["flow"]["step"] = step
    state["flow"]["active"] = []


def after_setup(state: State) -> str:
    """BoP 12.1, 11.3 — the EP set up first, then the CP; then the first month."""
    if state["flow"]["side"] == ENTENTE:
        state["flow"]["side"] = CENTRAL
        return StepName.SETUP.value
    return next_in_script(state)


def next_in_script(state: State) -> str:
    """The next step of the month's script, or of the next month once this one has ended;
    the game is over when the month's end decided it (BoP 6.0, 12.1). In a month of one
    fortnight (bad weather on the whole map, 6.512) the steps of fortnight 2 are passed by."""
    flow = state["flow"]
    flow["script_position"] += 1
    if flow["script_position"] >= len(MONTH_SCRIPT):
        if flow["result"] is not None:
            return StepName.OVER.value
        flow["month"] = next_month(flow["month"])
        flow["script_position"] = 0
        flow["fortnight"] = 0
    if MONTH_SCRIPT[flow["script_position"]][2] == 2 and weather.fortnights(
            theatre(state["board"]["map"]), flow["month"]) == 1:
        while MONTH_SCRIPT[flow["script_position"]][2] == 2:
            flow["script_position"] += 1
    step, side, fortnight = MONTH_SCRIPT[flow["script_position"]]
    flow["side"] = side or flow["side"]
    if step is StepName.HALF:
        flow["fortnight"] = fortnight
    return step.value


def announce_month(state: State, roller: Roller) -> list[Event]:
    """BoP 6.0 — a new month begins (the set-up opens the first)."""
    month = state["flow"]["month"]
    first = scenario_of(state).months[0]
    return [] if month == first else [Event("month_begins", "BoP 6.0", {"month": month})]


def resolve_setup(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    """BoP 12.1 optional set-up — all placements revealed and placed together."""
    events = []
    for _, seat, action in answers:
        setup.place(state, action["placement"])
        events.append(Event("set_up", "BoP 12.1", {"seat": seat,
                                                  "placement": action["placement"]}))
    state["flow"]["placed"] = sorted(seat for _, seat, _ in answers)
    state["flow"]["answer_count"] += 1
    return events


def after_admiralty(state: State) -> str:
    """BoP 6.45, or (12.3, rulings 101, 105: no 6.45 there) the month's General Quarters halves
    of the standard admiralty (6.43) where the scenario has fleets; then the script goes on."""
    return price_of_admiralty.gq_after_admiralty(state) or next_in_script(state)


def after_gq(state: State) -> str:
    """BoP 6.43 — the next General Quarters half; in 12.3, after the month's last one, the
    month's script goes on (ruling 101)."""
    return price_of_admiralty.after_gq(state) or next_in_script(state)


def begin_admiralty(state: State, roller: Roller) -> list[Event]:
    """BoP 6.45 — the admiralty phase, in the scenarios whose special rules use it (12.1)."""
    return admiralty.begin_admiralty(state, roller) if scenario_of(state).admiralty else []


# --- the table -----------------------------------------------------------------------------------

AUTOMATIC = listed(None)   # no seat decides, unless a power joining interrupts
HALF_VERBS = verbs(done=do_done, stop=do_stop, march=do_march, rail=do_rail, combat=do_attack,
                   remove_breach=do_remove_breach, leader_return=do_leader_return,
                   entrench=do_entrench, **{kind: answer_combat for kind in COMBAT_KINDS})

FLOW = Flow([
    Step(StepName.SETUP.value, "BoP 12.1", decisions=listed(setup_decisions),
         verbs=verbs(setup=do_setup), next=after_setup),
    Step(StepName.SECRET_SETUP.value, "BoP 12.1", decisions=listed(secret_setup_decisions),
         verbs=verbs(), resolve=resolve_setup, next=next_in_script),
    Step(StepName.SEASONAL.value, "BoP 5.21", decisions=AUTOMATIC, verbs=verbs(),
         begin=effects(announce_month, economy.begin_seasonal), next=next_in_script),
    Step(StepName.TABULATION.value, "BoP 5.22", decisions=listed(each_active(transfer_decision)),
         verbs=verbs(transfer=do_transfer), begin=economy.begin_tabulation,
         next=next_in_script),
    Step(StepName.REDUCTIONS.value, "BoP 5.24", decisions=AUTOMATIC, verbs=verbs(),
         begin=economy.begin_reductions, next=next_in_script),
    Step(StepName.AIR_RAIDS.value, "BoP 5.31", decisions=listed(each_active(air_raid_decisions)),
         verbs=verbs(air_raid=do_air_raid), begin=air_raids.begin_air_raids,
         next=next_in_script),
    Step(StepName.DIPLOMACY.value, "BoP 6.11", decisions=listed(each_active(violation_decision)),
         verbs=verbs(violate=do_violate), begin=neutrals.begin_diplomacy, next=next_in_script),
    Step(StepName.BRITAIN.value, "BoP 12.1", decisions=AUTOMATIC, verbs=verbs(),
         begin=neutrals.begin_britain, next=next_in_script),
    Step(StepName.MUSTER.value, "BoP 6.21", decisions=listed(each_active(muster_decisions)),
         verbs=verbs(muster=do_muster, place_infrastructure=do_place_infrastructure,
                     air_muster=do_air_muster, ship_muster=do_ship_muster),
         begin=economy.begin_muster, end=economy.end_muster, next=next_in_script),
    Step(StepName.PROCURE.value, "BoP 6.22", decisions=listed(each_active(procure_decision)),
         verbs=verbs(procure=do_procure), begin=economy.begin_procure,
         end=economy.end_procure, next=next_in_script),
    Step(StepName.AVIATION.value, "BoP 6.3", decisions=listed(air_patrol_decisions),
         verbs=verbs(air_patrol=do_air_patrol), begin=aviation.begin_aviation,
         end=aviation.dogfights, next=next_in_script),
    Step(StepName.ADMIRALTY.value, "BoP 6.45", decisions=listed(each_active(admiralty_decisions)),
         verbs=verbs(done=do_done, sea_move=do_sea_move, landing=do_landing),
         begin=begin_admiralty, next=after_admiralty),
    Step(StepName.GQ.value, "BoP 6.43",
         decisions=listed(each_active(price_of_admiralty.gq_decisions)),
         verbs=verbs(done=do_done, naval_move=price_of_admiralty.do_naval_move,
                     naval_mine=price_of_admiralty.do_naval_mine),
         begin=price_of_admiralty.begin_gq, end=price_of_admiralty.end_gq,
         next=after_gq),
    Step(StepName.WEATHER.value, "BoP 6.51", decisions=AUTOMATIC, verbs=verbs(),
         begin=weather.begin_weather, next=next_in_script),
    Step(StepName.PLAN_XVII.value, "BoP 12.1", decisions=listed(each_active(plan_xvii_decision)),
         verbs=verbs(plan_xvii=do_plan_xvii), begin=occupy.begin_plan_xvii,
         next=next_in_script),
    Step(StepName.HALF.value, "BoP 6.53", decisions=listed(half_or_combat_decisions),
         verbs=HALF_VERBS,
         begin=effects(movement.reset_rail_capacity, movement.clear_moves,
                       combat.clear_markers, combat.clear_reserve_designations, open_half),
         end=effects(amphibious.end_of_half, admiralty.remove_empty_landing,
                     combat.clear_markers, movement.clear_moves),
         next=next_in_script),
    Step(StepName.COMMISSARIAT.value, "BoP 6.6", decisions=AUTOMATIC, verbs=verbs(),
         begin=supply.begin_commissariat, next=next_in_script),
    Step(StepName.AERODROME.value, "BoP 6.7", decisions=listed(each_active(air_base_decisions)),
         verbs=verbs(air_base=do_air_base),
         begin=effects(aviation.begin_aerodrome, aviation.begin_change_of_base),
         next=next_in_script),
    Step(StepName.MONTH_END.value, "BoP 6.0", decisions=AUTOMATIC, verbs=verbs(),
         end=effects(occupy.check_schlieffen, victory.check_victory), next=next_in_script),
    Step(StepName.OVER.value, "BoP 12.1", next=None),
], position=_position, move_to=_move_to)
