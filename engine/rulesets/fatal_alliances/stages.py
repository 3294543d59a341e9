"""FA 3.1 — what each step of the sequence does when no one needs to decide anything.

AUTOMATIC maps a step to its handler; `needs_decision` says whether a decision step still has
a power with something to decide (powers with nothing legal left are marked done here, once per
action, so `decisions()` stays a cheap read of the flow); `finish_step` moves on.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.kernel import Event, Roller

from . import morale, production, victory
from .position import on_map
from .reinforcement import place_arrivals
from .sequence import (
    ACTIVITY,
    IMPULSE,
    Step,
    active_powers,
    activity_allowed,
    end_impulse_track,
    fresh_marks,
    initiative_modifiers,
    next_in,
    other,
    set_step,
    start_impulse,
    turn_label,
)

# --- turn start --------------------------------------------------------------------------------

def do_reinforcement(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 4.2 — units due this turn arrive (initiative holder of last turn first)."""
    events.extend(place_arrivals(state, roller))
    from .offensive import arrive
    events.extend(arrive(state))
    state["flow"]["broken_down"] = []
    state["flow"]["built_up"] = []
    state["flow"]["home_front_moved"] = []
    state["flow"]["scrap_choosing"] = []
    set_step(state, Step.SCRAP)


def do_lending(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 5 — lending: nothing can be lent until production routes exist (stub)."""
    events.append(Event("lending_skipped", "FA 5", {"reason": "no lending in milestone 1"}))
    set_step(state, Step.INITIATIVE)


def do_initiative(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 6.1 — each side rolls d10 + the track's modifier; a tie goes against last turn's
    holder (a tie with no holder is rolled again)."""
    flow = state["flow"]
    ini = flow["initiative"]
    scripted = flow.get("scripted_first")
    if scripted:
        flow["scripted_first"] = None
        ini["holder"] = scripted
        events.append(Event("initiative_scripted", "FA 22", {"first_side": scripted}))
        _begin_action_stage(state, scripted)
        return
    for _ in range(20):
        cp_mod, al_mod, _ = initiative_modifiers(ini["track"])
        cp = roller.d(10, "initiative central")
        al = roller.d(10, "initiative entente")
        if cp + cp_mod != al + al_mod:
            winner = "central" if cp + cp_mod > al + al_mod else "entente"
            break
        if ini["holder"] is not None:
            winner = other(ini["holder"])
            break
    ini["rolls"] = {"central": cp, "entente": al, "track": ini["track"]}
    ini["winner"] = winner
    events.append(Event("initiative_rolled", "FA 6.1", {
        "central": cp, "entente": al, "central_drm": cp_mod, "entente_drm": al_mod,
        "winner": winner}))
    reroller = initiative_modifiers(ini["track"])[2]
    if reroller is not None and reroller != winner and not ini["rerolled"]:
        set_step(state, Step.INITIATIVE_REROLL)
    else:
        set_step(state, Step.FIRST_SIDE)


def _begin_action_stage(state: dict[str, Any], first: str) -> None:
    flow = state["flow"]
    flow["first_side"] = first
    flow["impulse"] = 0
    flow["box"] = 0
    flow["impulse_sides"] = []
    start_impulse(state, first)


# --- the impulse -------------------------------------------------------------------------------

def do_weather(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 8 — the first impulse of each pair rolls the weather for both."""
    from .weather import roll_weather
    if state["flow"]["impulse"] % 2 == 1:
        events.extend(roll_weather(state, roller))
    set_step(state, Step.DECLARATION)


def do_declaration(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 9 / 22.6 — only the scripted declarations and automatic entry dates."""
    from .setup import scripted_declarations
    events.extend(scripted_declarations(state))
    set_step(state, Step.ACTION_CHOICE)


def do_last_impulse(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 12 — the last-impulse test, then the other side's impulse or the end of turn."""
    flow = state["flow"]
    flow["impulse_sides"].append(flow["active_side"])
    from .offensive import end_impulse
    events.extend(end_impulse(state))
    ends = end_impulse_track(state, roller, events)
    state["board"].get("zoc_silenced", {}).clear()
    if ends:
        sides = flow["impulse_sides"]
        ini = flow["initiative"]
        if sides[0] == sides[-1]:
            # FA 6.2 — first and last impulse: the marker moves toward the opponent's end.
            step = 1 if sides[0] == "central" else -1
            ini["track"] = max(0, min(4, ini["track"] + step))
            events.append(Event("initiative_shift", "FA 6.2",
                                {"side": sides[0], "track": ini["track"]}))
        set_step(state, Step.FINAL_REORGANISATION)
        return
    start_impulse(state, other(flow["active_side"]))


# --- end of turn -------------------------------------------------------------------------------

def do_final_reorganisation(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 13.4 — every land unit turns face-up; with option 6 (isolated reorganisation) only
    those with a basic supply path of any length to a primary source."""
    flipped, isolated = [], []
    option_6 = state["board"].get("options", {}).get("isolated_reorganisation")
    if option_6:
        from .supply import linked_to_primary
    for u in on_map(state):
        if not u["up"]:
            if option_6 and u["hex"] not in linked_to_primary(state, u["power"]):
                isolated.append(u["id"])
                continue
            u["up"] = True
            flipped.append(u["id"])
    events.append(Event("final_reorganisation", "FA 13.4",
                        {"units": flipped, **({"isolated": isolated} if option_6 else {})}))
    flow = state["flow"]
    flow["actions"] = {}
    flow["marks"] = fresh_marks()
    production.start_production(state, roller, events)
    set_step(state, Step.PRODUCTION)


def do_morale(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    events.extend(morale.adjust_morale(state, roller))
    set_step(state, Step.PEACE)


def do_peace(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 13.6 — liberations and conquests of home countries (conquest.py)."""
    from .conquest import peace_step
    happened = peace_step(state)
    events.extend(happened)
    events.append(Event("peace_checked", "FA 13.6", {
        "conquered": sorted(e.data["country"] for e in happened if e.kind == "conquered"),
        "liberated": sorted(e.data["country"] for e in happened if e.kind == "liberated")}))
    set_step(state, Step.VICTORY)


def do_victory(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 13.7 — the victory check, then the next turn."""
    flow = state["flow"]
    outcome = victory.check(state)
    if outcome is not None:
        state["board"]["result"] = outcome
        events.append(Event("victory", "FA 13.7", outcome))
        set_step(state, Step.OVER)
        return
    flow["turn"] += 1
    flow["turn_name"], flow["year"] = turn_label(flow["turn"], flow["start_index"],
                                                 flow["start_year"])
    flow["enemy_held"] = []
    flow["initiative"]["rerolled"] = False
    state["board"]["attacked_this_turn"] = []
    state["board"]["morale_points"] = {p: 0 for p in sorted(state["board"]["sides"])}
    events.append(Event("turn_started", "FA 3.1", {"turn": flow["turn"],
                                                   "name": flow["turn_name"],
                                                   "year": flow["year"]}))
    set_step(state, Step.REINFORCEMENT)


AUTOMATIC: dict[Step, Callable[[dict[str, Any], Roller, list[Event]], None]] = {
    Step.REINFORCEMENT: do_reinforcement, Step.LENDING: do_lending,
    Step.INITIATIVE: do_initiative, Step.WEATHER: do_weather,
    Step.DECLARATION: do_declaration, Step.LAST_IMPULSE: do_last_impulse,
    Step.FINAL_REORGANISATION: do_final_reorganisation, Step.MORALE: do_morale,
    Step.PEACE: do_peace, Step.VICTORY: do_victory,
}


# --- decision steps ----------------------------------------------------------------------------

def needs_decision(state: dict[str, Any], step: Step) -> bool:
    """Recompute who still decides in `step`; False when the step is over."""
    from .orders import has_choice
    flow = state["flow"]
    if flow.get("combat") is not None:
        flow["pending"] = []
        return True
    if step in (Step.INITIATIVE_REROLL, Step.FIRST_SIDE):
        flow["pending"] = []
        return True
    if step == Step.ACTION_CHOICE:
        powers = [p for p in active_powers(state) if p not in flow["actions"]]
    elif step in ACTIVITY:
        powers = [p for p in active_powers(state)
                  if p not in flow["done"] and activity_allowed(state, p, step)
                  and has_choice(state, p, step)]
    elif step == Step.OFFENSIVE:
        powers = [p for p in active_powers(state)
                  if p not in flow["done"] and has_choice(state, p, step)]
    elif step == Step.EMERGENCY:
        # option 4: the phasing side announces first, then the other side (its defenders)
        from .emergency import announcing_powers
        powers = [p for p in announcing_powers(state)
                  if p not in flow["done"] and has_choice(state, p, step)]
    elif step in (Step.PRODUCTION, Step.ENTRENCH, Step.BREAKDOWN, Step.HOME_FRONT, Step.SCRAP):
        powers = [p for p in sorted(state["board"]["sides"])
                  if p not in flow["done"] and has_choice(state, p, step)]
    else:
        raise AssertionError(f"no decision rule for step {step}")
    flow["pending"] = powers
    return bool(powers)


def finish_step(state: dict[str, Any], step: Step, roller: Roller, events: list[Event]) -> None:
    flow = state["flow"]
    flow["pending"] = []
    if step == Step.SCRAP:
        from .scrap import end_step
        end_step(state)
        set_step(state, Step.HOME_FRONT)
    elif step == Step.HOME_FRONT:
        set_step(state, Step.BREAKDOWN)
    elif step == Step.BREAKDOWN:
        set_step(state, Step.ENTRENCH)
    elif step == Step.ENTRENCH:
        set_step(state, Step.LENDING)
    elif step == Step.ACTION_CHOICE:
        set_step(state, Step.OFFENSIVE)
    elif step == Step.OFFENSIVE:
        set_step(state, Step.EMERGENCY)
    elif step == Step.EMERGENCY:
        set_step(state, Step.RAIL)
    elif step in ACTIVITY:
        flow["marks"]["moved"] = [] if step != Step.RAIL else flow["marks"]["moved"]
        nxt = next_in(IMPULSE, step)
        assert nxt is not None
        if nxt == Step.REORGANISATION:
            from .emergency import end_of_combat
            events.extend(end_of_combat(state))
            flow["down_at_start"] = sorted(u["id"] for u in on_map(state) if not u["up"])
        set_step(state, nxt)
    elif step == Step.PRODUCTION:
        production.finish_production(state, events)
        set_step(state, Step.MORALE)
    else:
        raise AssertionError(f"cannot finish step {step}")


