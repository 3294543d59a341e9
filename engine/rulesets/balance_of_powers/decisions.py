"""Balance of Powers — who decides what: the decisions each step lists.

Each step of the table (steps.py) names its lister here. `listed` wraps a step's own lister
with what every step shares: nothing once the game is over, a joining power's placement first
(Britain's corps, a violated neutral's corps: they interrupt whatever step made them join),
and a memo on the position. A decision's id names the month, fortnight, step, side, seat and
kind (and the answer counter `flow["answer_count"]` where the same question comes back after
every answer, so each gets a fresh deadline).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.game import copy_json

from . import (
    admiralty,
    air_raids,
    aviation,
    combat,
    dockyards,
    economy,
    movement,
    neutrals,
    occupy,
    setup,
    supply,
)
from .answers import attack_items, march_items, memo_key, rail_starts
from .fleets import SHIPS
from .forces import UNITS, at_war, commander, occupancy, unit_side
from .scenarios import scenario_of
from .sequence import MONTH_NAMES, first_fortnight_of_game
from .tables import MAJORS, MINOR_COMMANDER, SIDE_SEATS
from .theatre import Theatre, theatre

State = dict[str, Any]
OwnLister = Callable[[State, Theatre], list[Decision]]
SeatLister = Callable[[State, Theatre, str], list[Decision]]

COMBAT_KINDS = ("proceed", "reserve", "point", "infrastructure", "reroll", "pay", "loss",
                "retreat")
# The decision kinds whose question comes back after every answer (a fresh id each time).
ASKED_AGAIN = COMBAT_KINDS + ("muster", "plan_xvii", "procure", "violate", "air_patrol",
                               "air_base", "air_muster", "ship_muster", "air_raid", "naval_move",
                               "naval_mine")
RULE_OF_KIND = {
    "march": "BoP 9.1", "rail": "BoP 9.2", "combat": "BoP 10", "entrench": "BoP 9.61",
    "done": "BoP 6.53", "naval_move": "BoP 7.2", "naval_mine": "BoP 6.44", "setup": "BoP 12.1", "violate": "BoP 6.11", "muster": "BoP 6.21",
    "procure": "BoP 6.22", "sea_move": "BoP 6.452", "britain_setup": "BoP 12.1",
    "plan_xvii": "BoP 12.1", "proceed": "BoP 10.3", "infrastructure": "BoP 10.572",
    "reserve": "BoP 10.4", "point": "BoP 10.531", "reroll": "BoP 12.1",
    "pay": "BoP 10.711", "loss": "BoP 10.712", "retreat": "BoP 10.722",
    "remove_breach": "BoP 10.594", "landing": "BoP 6.453", "neutral_setup": "BoP 6.11",
    "stop": "BoP 9.0", "place_infrastructure": "BoP 6.215", "transfer": "BoP 5.23",
    "leader_return": "BoP 1.323", "shadow_government": "BoP 2.93",
    "air_patrol": "BoP 6.31", "air_base": "BoP 6.72", "air_muster": "BoP 6.21", "ship_muster": "BoP 6.21",
    "air_raid": "BoP 5.31"}
COMBAT_PROMPTS = {"proceed": "Attack on {target} after the bombardment: pay the RP and go on?",
                  "infrastructure": "Attack on {target}: use your infrastructure marker (+1)?",
                  "reserve": "Attack on {target}: commit a reserve?",
                  "point": "Attack on {target}: choose your point unit",
                  "reroll": "Reroll this land combat roll (once, first fortnight)?",
                  "pay": "Pay 1 RP to cancel this RP result?",
                  "loss": "Choose the next loss",
                  "retreat": "Choose where this corps retreats"}

FORCE_SCHEMA = {"type": "object", "required": ["units", "to"],
                "properties": {"units": {"type": "array", "items": {"type": "string"}},
                               "to": {"type": "string"}}}
RAIL_SCHEMA = {"type": "object", "required": ["units", "to", "payer"],
               "properties": {"units": {"type": "array", "items": {"type": "string"}},
                              "to": {"type": "string"}, "payer": {"type": "string"}}}
ATTACK_SCHEMA = {"type": "object", "required": ["units", "target", "point", "payer"],
                 "properties": {"units": {"type": "array", "items": {"type": "string"}},
                                "target": {"type": "string"}, "point": {"type": "string"},
                                "payer": {"type": ["string", "null"]}}}
SETUP_SCHEMA = {"type": "object", "required": ["placement"],
                "properties": {"placement": {"type": "object",
                                             "additionalProperties": {"type": "string"}}}}
SEA_SCHEMA = {"type": "object", "required": ["unit", "to"],
              "properties": {"unit": {"type": "string"}, "to": {"type": "string"}}}

_DECISIONS: dict[str, tuple[Decision, ...]] = {}
_PAUSED: dict[str, tuple[Decision, ...]] = {}


MEMOS = (_DECISIONS, _PAUSED,)   # for the ruleset's caches_set_aside


def clear_cache() -> None:
    _DECISIONS.clear()
    _PAUSED.clear()


def decision(state: State, seat: str, kind: str, *, options: tuple[Any, ...] | None = None,
             schema: dict[str, Any] | None = None, group: str | None = None,
             reaction: bool = False, undoable: bool = False, prompt: str = "",
             data: dict[str, Any] | None = None, suffix: str | None = None) -> Decision:
    flow = state["flow"]
    did = f"{flow['month']}-f{flow['fortnight']}-{flow['step']}-{flow['side']}-{seat}-{kind}"
    if suffix is not None:
        did += f"-{suffix}"
    asked = None
    if kind in ASKED_AGAIN:
        asked = flow["answer_count"]
        did += f"-{asked}"  # a new question after every answer (fresh deadline)
    return Decision(id=did, seats=(seat,), kind=kind, rule=RULE_OF_KIND[kind],
                    prompt=prompt or kind.replace("_", " "), options=options, schema=schema,
                    waiting=f"{seat} is deciding ({kind.replace('_', ' ')})", group=group,
                    reaction=reaction, undoable=undoable, data=data or {}, asked=asked)


# --- what every step shares ---------------------------------------------------------------------

def listed(own: OwnLister | None) -> Callable[[State], list[Decision]]:
    """A step's lister: its own decisions (`own`, none for an automatic step) after what every
    step shares; memoised on the position (the kernel asks several times per action)."""
    def decisions(state: State) -> list[Decision]:
        key = memo_key(state)
        found = _DECISIONS.get(key)
        if found is None:
            found = tuple(_open(state, own))
            if len(_DECISIONS) > 512:
                _DECISIONS.clear()
            _DECISIONS[key] = found
        return list(found)
    return decisions


def _open(state: State, own: OwnLister | None) -> list[Decision]:
    flow = state["flow"]
    if flow["result"] is not None:
        return []
    th = theatre(state["board"]["map"])
    if flow.get("britain_to_place"):
        return [britain_decision(state, th)]
    if flow.get("neutral_to_place"):
        return [neutral_decision(state, th, flow["neutral_to_place"][0])]
    if flow.get("shadow_to_choose"):
        return [shadow_decision(state, flow["shadow_to_choose"][0])]
    return own(state, th) if own is not None else []


def each_active(seat_lister: SeatLister) -> OwnLister:
    """A step whose seats decide in turn: the decisions of every seat still active."""
    def decisions(state: State, th: Theatre) -> list[Decision]:
        return [d for seat in state["flow"]["active"] for d in seat_lister(state, th, seat)]
    return decisions


def commander_for_new(state: State, uid: str) -> str:
    """The seat that will command a unit not yet on the map."""
    nation = UNITS[uid].nation
    if nation in MAJORS:
        return nation
    return MINOR_COMMANDER[state["powers"][nation]["side"]]


def britain_decision(state: State, th: Theatre) -> Decision:
    """BoP 12.1 — Britain joins: where its first corps go."""
    ports = neutrals.french_ports(state, th)
    homes = neutrals.british_home(th)
    options: tuple[dict[str, str | None], ...] = tuple(
        {"port": p, "home": h} for p in ports for h in homes)
    if not options:
        options = ({"port": None, "home": homes[0] if homes else None},)
    return decision(state, "britain", "britain_setup", options=options,
                    prompt="Britain joins: place cavalry 1 and infantry 1–2 in a "
                           "French port, infantry 3 in Britain")


def neutral_decision(state: State, th: Theatre, uid: str) -> Decision:
    """BoP 6.11 — a violated neutral's corps, one at a time, by the seat that will command it."""
    options: tuple[dict[str, str | None], ...] = tuple(
        {"unit": uid, "at": loc} for loc in neutrals.neutral_spots(state, th, uid))
    seat = commander_for_new(state, uid)
    return decision(state, seat, "neutral_setup", options=options or ({"unit": uid, "at": None},),
                    prompt=f"Place {UNITS[uid].nation.title()} corps "
                           f"{UNITS[uid].name} in a population centre",
                    reaction=seat not in SIDE_SEATS[state["flow"]["side"]])


def shadow_decision(state: State, nation: str) -> Decision:
    """BoP 2.93 — a conquered nation (its commander) designates its shadow government's host."""
    seat = nation if nation in MAJORS else MINOR_COMMANDER[state["powers"][nation]["side"]]
    options = tuple({"nation": nation, "host": host} for host in occupy.shadow_hosts(state, nation))
    return decision(state, seat, "shadow_government", options=options,
                    reaction=seat not in SIDE_SEATS[state["flow"]["side"]],
                    prompt=f"{nation.replace('_', ' ').title()} is conquered: which ally's "
                           "capital hosts its shadow government?")


# --- set-up (BoP 12.1) ---------------------------------------------------------------------------

def _setup_decisions(state: State, *, secret: bool) -> list[Decision]:
    flow = state["flow"]
    placed = flow["placed"]
    sc = scenario_of(state)
    seats = setup.SETUP_NATIONS if secret else dict(sc.setup_order)[flow["side"]]
    when = MONTH_NAMES[sc.months[0]]
    return [decision(state, seat, "setup", schema=SETUP_SCHEMA,
                     group="setup" if secret else None, prompt=f"Place your {when} units")
            for seat in seats if seat not in placed]


def setup_decisions(state: State, th: Theatre) -> list[Decision]:
    """BoP 12.1 — one side's nations place their units (EP first, then CP)."""
    return _setup_decisions(state, secret=False)


def secret_setup_decisions(state: State, th: Theatre) -> list[Decision]:
    """BoP 12.1 optional set-up — every nation at once, sealed until all have answered."""
    return _setup_decisions(state, secret=True)


# --- the construction steps ----------------------------------------------------------------------

def transfer_decision(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 5.22, 5.23 — transfer RP to an ally or convert a fortress step, until finished."""
    options = ({"to": None},) + tuple(economy.transfer_options(state, th, seat)) + tuple(
        {"convert": loc} for loc in economy.conversion_options(state, th, seat))
    return [decision(state, seat, "transfer", options=options,
                     prompt="Transfer RP to an ally or convert a fortress step (or finish)")]


def violation_decision(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.11 — the side's lead may declare a violation of a neutral."""
    options = ({"violate": None},) + tuple(
        {"violate": n} for n in neutrals.violation_options(state, th, state["flow"]["side"]))
    return [decision(state, seat, "violate", options=options,
                     prompt="Declare a violation of a neutral (or none)")]


def muster_unit(state: State, seat: str) -> str | None:
    """The seat's next arrival that has somewhere to muster."""
    th = theatre(state["board"]["map"])
    for uid in state["flow"].get("muster", []):
        if commander(state, uid) == seat and economy.muster_locations(state, th, uid):
            return uid
    return None


def muster_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.215 — an arriving infrastructure marker first; then BoP 6.21 — each arrival."""
    if seat in state["flow"].get("infra_to_place", []):
        spots = economy.infrastructure_spots(state, th, seat)
        options: tuple[dict[str, Any], ...] = tuple({"at": loc} for loc in spots) or (
            {"at": None},)
        return [decision(state, seat, "place_infrastructure", options=options,
                         prompt="Place your infrastructure marker")]
    uid = muster_unit(state, seat)
    if uid is None:
        return air_muster_decisions(state, th, seat)
    options = tuple({"unit": uid, "at": loc} for loc in economy.muster_locations(
        state, th, uid))
    return [decision(state, seat, "muster", options=options,
                     prompt=f"Muster {UNITS[uid].name} ({UNITS[uid].nation})")]


def air_muster_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.21 — each arriving air unit of the seat that has somewhere to muster."""
    for uid in state["flow"].get("air_muster", []):
        spots = aviation.muster_spots(state, th, uid)
        if aviation.AIR_UNITS[uid].nation == seat and spots:
            return [decision(state, seat, "air_muster",
                             options=tuple({"unit": uid, "at": loc} for loc in spots),
                             prompt=f"Muster the air unit {aviation.AIR_UNITS[uid].name}")]
    return ship_muster_decisions(state, seat)


def ship_muster_decisions(state: State, seat: str) -> list[Decision]:
    """BoP 6.21, 6.223, 6.224 — each ship of the seat the dockyards deliver this month."""
    arriving = dockyards.ship_muster_unit(state, seat)
    if arriving is None:
        return []
    uid, spots = arriving
    return [decision(state, seat, "ship_muster",
                     options=tuple({"unit": uid, "at": loc} for loc in spots),
                     prompt=f"Muster the ship {SHIPS[uid].name}, at full strength")]


def air_patrol_decisions(state: State, th: Theatre) -> list[Decision]:
    """BoP 6.31 — the side whose turn it is flies one fighter or passes (each of its seats
    with a patrol left is asked; the first answer is the side's)."""
    side = aviation.patrol_turn(state, th)
    if side is None:
        return []
    return [decision(state, seat, "air_patrol", options=(
        {"pass": True},) + tuple(aviation.patrol_moves(state, th, seat)),
        prompt="Fly a fighter on patrol (or pass)")
        for seat in aviation.patrol_movers(state, th)[side]]


def air_raid_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 5.31 — raid a strategic target with one bomber, or be done."""
    return [decision(state, seat, "air_raid", options=(
        {"done": True},) + tuple(air_raids.raid_options(state, th, seat)),
        prompt="Raid a strategic target with a bomber (or be done)")]


def air_base_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.72 — change the base of an in-supply air unit, or be done."""
    return [decision(state, seat, "air_base", options=(
        {"done": True},) + tuple(aviation.base_moves(state, th, seat)),
        prompt="Change an air unit's base (or be done)")]


def procure_decision(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.22 — buy from the pool (or repair a fortress, an air unit or a ship, or buy
    infrastructure), or stop."""
    options: tuple[dict[str, Any], ...] = ({"buy": None},) + tuple(
        {"buy": u} for u in economy.procurable(state, seat)) + tuple(
        {"buy": u} for u in aviation.procurable(state, seat)) + tuple(
        {"repair": loc} for loc in economy.repairable(state, th, seat)) + tuple(
        {"repair_air": u} for u in aviation.repairable(state, seat)) + tuple(
        {"buy": u} for u in dockyards.procurable(state, seat)) + tuple(
        {"repair_ship": u} for u in dockyards.repairable(state, th, seat)) + (
        ({"buy": economy.INFRASTRUCTURE},)
        if economy.infrastructure_buyable(state, seat) else ())
    return [decision(state, seat, "procure", options=options,
                     prompt="Procure a unit from your pool (or stop)")]


def admiralty_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.45 — sea moves and the year's landing, until the seat is done. A scenario
    without 6.45 never opens the phase; a 12.3 game caught in it by version 10 may only end
    it (ruling 105)."""
    out = [decision(state, seat, "done", options=({"done": True},),
                    prompt="End your admiralty phase")]
    if not scenario_of(state).admiralty:
        return out
    if admiralty.sea_moves(state, th, seat):
        out.append(decision(state, seat, "sea_move", schema=SEA_SCHEMA,
                            prompt="Move a corps by sea (6.45)"))
    landings = admiralty.landing_options(state, th)
    if landings:
        out.append(decision(state, seat, "landing", options=tuple(landings),
                            prompt="Place the year's landing counter (6.453)"))
    return out


def plan_xvii_decision(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 12.1 Plan XVII — the CP destroys French corps of its choice."""
    options = ({"destroy": None},) + tuple(
        {"destroy": u} for u in sorted(state["board"]["units"])
        if UNITS[u].nation == "france" and UNITS[u].corps)
    return [decision(state, seat, "plan_xvii", options=options,
                     prompt="Plan XVII failed: destroy a French corps")]


# --- a side's fortnight half (BoP 6.53, 9, 10) ----------------------------------------------------

def half_or_combat_decisions(state: State, th: Theatre) -> list[Decision]:
    """The combat in progress asks its one question; otherwise every active seat moves."""
    flow = state["flow"]
    question = combat.pending(state, th)
    if question is not None:
        kind, seat, options = question
        return [decision(state, seat, kind, options=tuple(options),
                         reaction=seat not in SIDE_SEATS[flow["side"]],
                         prompt=COMBAT_PROMPTS[kind].format(target=flow["combat"]["target"]))]
    return [d for seat in flow["active"] for d in half_decisions(state, th, seat)]


def paused_decisions(state: State) -> list[Decision]:
    """Issue #27, for views only: the half's menus set aside while another question is asked,
    which come back under the same ids — every active seat's menu while a combat asks its
    questions or a power joining places its corps, and a seat's menu without its force while
    that force moves (what `stop`, 9.0, would give back: `done`, the marches, the attacks and
    rails of its other stacks). The kernel lists those not open now, marked paused; nothing
    answers them. A forecast, never a rule: what comes back may differ (the views then patch
    the difference), and the state is not changed."""
    flow = state["flow"]
    if flow["result"] is not None or flow["step"] != "half" or not flow["active"]:
        return []
    key = memo_key(state)
    found = _PAUSED.get(key)
    if found is None:
        found = tuple(_paused(state))
        if len(_PAUSED) > 512:
            _PAUSED.clear()
        _PAUSED[key] = found
    return list(found)


def _paused(state: State) -> list[Decision]:
    flow = state["flow"]
    th = theatre(state["board"]["map"])
    interrupted = bool(flow.get("britain_to_place") or flow.get("neutral_to_place")
                       or flow.get("shadow_to_choose")) or combat.pending(state, th) is not None
    supplied = supply.move_supply(state)
    out = []
    for seat in flow["active"]:
        if interrupted:
            out += half_decisions(state, th, seat)
        if movement.active_force(state, seat, supplied):
            out += half_decisions(_stopped(state, seat), th, seat)
    return out


def _stopped(state: State, seat: str) -> State:
    """The position after `stop` (9.0) for a forecast: `end_force` changes only the flow, so
    only the flow is copied; the rest is shared with `state`, and read, never written (the
    listers are pure)."""
    stopped = dict(state)
    stopped["flow"] = copy_json(state["flow"])
    movement.end_force(stopped, seat)
    return stopped


def half_decisions(state: State, th: Theatre, seat: str) -> list[Decision]:
    """BoP 6.53, 9.0 — a seat's half: continue or stop the force in motion, or start one
    (march a whole stack or part of one, rail, attack), remove a breach, return a leader,
    entrench; `done` ends its half."""
    supplied = supply.move_supply(state)
    force = movement.active_force(state, seat, supplied)
    if force:
        out = [stop_decision(state, seat)]
        if march_items(state, th, seat, supplied, limit=1):
            out.append(continue_decision(state, seat))
        return out + rail_and_attack_decisions(state, th, seat, supplied)
    out = [decision(state, seat, "done", options=({"done": True},),
                    prompt="End your fortnight half")]
    for part, prompt in (("whole", "March a whole stack"),
                         ("part", "March part of a stack (the rest stays)")):
        if march_items(state, th, seat, supplied, limit=1, part=part):
            out.append(decision(state, seat, "march", schema=FORCE_SCHEMA, undoable=True,
                                prompt=prompt, suffix=part, data={"part": part}))
    out += rail_and_attack_decisions(state, th, seat, supplied)
    removals = breach_removals(state, seat)
    if removals:
        out.append(decision(state, seat, "remove_breach", options=tuple(removals),
                            undoable=True,
                            prompt="Remove a breach (all MP of the corps stacked with it)"))
    leaders = leader_returns(state, seat, supplied)
    if leaders:
        out.append(decision(state, seat, "leader_return", options=tuple(leaders),
                            undoable=True, prompt="Return a leader to the force pool"))
    entrench = movement.entrench_candidates(state, th, seat)
    if entrench:
        out.append(decision(state, seat, "entrench", options=tuple(entrench),
                            undoable=True, prompt="Entrench or un-entrench a corps"))
    return out


def stop_decision(state: State, seat: str) -> Decision:
    """BoP 9.0 — finish the move of the force in motion."""
    return decision(state, seat, "stop", options=({"stop": True},),
                    prompt="Finish this force's move")


def continue_decision(state: State, seat: str) -> Decision:
    """BoP 9.1 — the force in motion marches on."""
    return decision(state, seat, "march", schema=FORCE_SCHEMA, undoable=True,
                    prompt="Continue the march")


def rail_and_attack_decisions(state: State, th: Theatre, seat: str,
                              supplied: dict[str, bool]) -> list[Decision]:
    """One rail decision per location a force can rail from, one attack decision per
    enemy location within reach (both cost RP, so their number stays bounded)."""
    out = []
    for loc in rail_starts(state, th, seat, supplied):
        out.append(decision(state, seat, "rail", schema=RAIL_SCHEMA, undoable=True,
                            prompt=f"Move a force by rail from {th.where(loc)} (1 RP)",
                            suffix=loc, data={"from": loc}))
    targets = sorted({item["action"]["target"] for item in attack_items(
        state, th, seat, supplied)})
    for target in targets:
        out.append(decision(state, seat, "combat", schema=ATTACK_SCHEMA,
                            prompt=f"Attack {th.where(target)}",
                            suffix=target, data={"target": target}))
    return out


def leader_returns(state: State, seat: str, supplied: dict[str, bool]) -> list[dict[str, str]]:
    """BoP 1.323 — a leader whose command could move now may go back to the pool instead.
    His command is his side's corps in his location; one of them must be unmoved this half,
    allowed to move and have MP (the moment the rule names)."""
    out = []
    moves = state["flow"]["moves"]
    for uid, unit in sorted(state["board"]["units"].items()):
        if UNITS[uid].kind != "leader" or commander(state, uid) != seat or uid in moves:
            continue
        if any(UNITS[o].corps and unit_side(state, o) == unit_side(state, uid) and o not in moves
               and v["at"] == unit["at"] and movement.may_move(state, o)
               and movement.mp_left(state, o, supplied.get(o, True)) > 0
               for o, v in state["board"]["units"].items()):
            out.append({"leader": uid})
    return out


def breach_removals(state: State, seat: str) -> list[dict[str, str]]:
    """BoP 10.594 — a force stacked with a breach removes it by spending all its MP where it
    starts; every corps of that force must do so (all or nothing), so all the seat's corps
    there must still be unmoved."""
    out = []
    occ = occupancy(state)
    for breach in state["board"]["breaches"]:
        here = [u for u in occ.get(breach["at"], []) if UNITS[u].corps]
        mine = [u for u in here if commander(state, u) == seat]
        if not mine or len(mine) != len([u for u in here if unit_side(state, u) ==
                                         unit_side(state, mine[0])]):
            continue
        if any(u in state["flow"]["moves"] or not movement.may_move(state, u) for u in mine):
            continue
        out.append({"at": breach["at"], "to": breach["to"]})
    return sorted(out, key=lambda o: (o["at"], o["to"]))


def idle_reasons(state: State) -> dict[str, dict[str, str]]:
    """BoP 6.53, 12.1 — in a half, why each seat of its side that is not active has nothing to
    decide, as a phrase after its name ("Austria-Hungary is still mobilising (…)"), with the
    rule. A derived fact of the public flow (2.68); empty outside a half."""
    flow = state["flow"]
    if flow["step"] != "half" or flow["side"] not in SIDE_SEATS:
        return {}
    out = {}
    for seat in SIDE_SEATS[flow["side"]]:
        if seat in flow["active"]:
            continue
        if not at_war(state, seat):
            out[seat] = {"rule": "BoP 6.53", "text": "is not at war, so it has no half"}
        elif (first_fortnight_of_game(flow["month"], flow["fortnight"])
              and seat not in movement.MOBILISED_FIRST):
            out[seat] = {"rule": "BoP 12.1", "text": "is still mobilising (in fortnight 1 of "
                         "August 1914 only British, French and German corps move)"}
        else:
            out[seat] = {"rule": "BoP 6.53", "text": "has ended its half (or had nothing "
                         "left to do but end it)"}
    return out


def open_half(state: State, roller: Roller) -> list[Event]:
    """BoP 6.53 — the half begins: the side's seats at war that have something to do besides
    `done` are active (begin effect of the half, after the resets of movement, combat and
    supply)."""
    flow = state["flow"]
    th = theatre(state["board"]["map"])
    flow["active"] = [s for s in SIDE_SEATS[flow["side"]] if at_war(state, s)
                      and len(half_decisions(state, th, s)) > 1]
    return [Event("half_begins", "BoP 6.53", {"month": flow["month"],
                                              "fortnight": flow["fortnight"],
                                              "side": flow["side"]})]
