"""Balance of Powers as a new player meets it, read from the engine: the month's script
(`sequence.MONTH_SCRIPT`) on the step table (`steps.FLOW`), the victory checks
(`victory.victory`, `occupy.check_schlieffen`, `occupy.begin_plan_xvii`) with their constants
(`tables`), the bargaining chips and capitals of the map (`theatre`), and the terrain chart.
The words are ours; every number and place comes from the engine, and the start position is
judged by the engine's own functions.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.balance_of_powers import price_of_admiralty as pofa
from engine.rulesets.balance_of_powers import steps, tables
from engine.rulesets.balance_of_powers import victory as bop_victory
from engine.rulesets.balance_of_powers.forces import controller, side_of
from engine.rulesets.balance_of_powers.scenarios import (
    FIRE_IN_THE_EAST,
    KAISERSCHLACHT,
    SCENARIOS,
    STORM_OF_STEEL,
)
from engine.rulesets.balance_of_powers.sequence import (
    MONTH_NAMES,
    MONTH_SCRIPT,
    SEASON_BEFORE,
)
from engine.rulesets.balance_of_powers.sequence import Step as S
from engine.rulesets.balance_of_powers.theatre import Theatre, theatre

from .common import sentence, start_state, step_box, title_of

RULESET = "balance_of_powers"
STEP_TITLES = {
    S.SETUP: "Set-up", S.SECRET_SETUP: "Secret set-up", S.SEASONAL: "Seasonal income",
    S.TABULATION: "Conversion and transfer", S.REDUCTIONS: "Requisition and reductions",
    S.DIPLOMACY: "Diplomacy", S.BRITAIN: "Britain joins", S.MUSTER: "Muster",
    S.PROCURE: "Procurement", S.ADMIRALTY: "Admiralty", S.WEATHER: "Weather",
    S.GQ: "General Quarters",
    S.PLAN_XVII: "Plan XVII penalty",
    S.HALF: "Fortnight half", S.COMMISSARIAT: "Commissariat", S.MONTH_END: "Month end",
    S.OVER: "Game over",
}
SIDES = {tables.CENTRAL: "Central Powers", tables.ENTENTE: "Entente"}
SEAT_NOTES = {"britain": "Britain is neutral at the start: her seat has nothing to decide until "
                         "she joins the Entente (see Britain joins in the glossary)."}


def _title(step: S) -> str:
    return STEP_TITLES.get(step, title_of(step.value))


def _box(step: S, side: str | None = None, note: str = "") -> dict[str, Any]:
    flow_step = steps.FLOW.steps[step.value]
    # Automatic steps list no decision of their own (a neutral joining may interrupt them).
    decides = flow_step.decisions not in (None, steps.AUTOMATIC)
    return step_box(_title(step), flow_step.rule, name=step.value, decides=decides,
                    side=SIDES.get(side or ""), note=note)


def _notes(scenario_id: str) -> dict[S, str]:
    months = SCENARIOS[scenario_id].months
    seasons = ", ".join(f"before {MONTH_NAMES[m]} ({s})" for m, s in sorted(SEASON_BEFORE.items())
                        if m in months[1:])
    first = MONTH_NAMES[months[0]]
    if scenario_id == FIRE_IN_THE_EAST:
        return {S.SEASONAL: f"only in a seasonal turn: {seasons}; fixed incomes (BoP 12.2)",
                S.TABULATION: "only in a seasonal turn",
                S.REDUCTIONS: "only in a seasonal turn",
                S.DIPLOMACY: "always skipped in this scenario",
                S.BRITAIN: "never: Britain stays out of this scenario",
                S.ADMIRALTY: "not used in this scenario",
                S.WEATHER: "good weather from May to October: both fortnights are played",
                S.PLAN_XVII: "not in this scenario",
                S.MONTH_END: f"the victory check ends {MONTH_NAMES[months[-1]]}"}
    if scenario_id == KAISERSCHLACHT:
        opening = ", ".join(f"before {MONTH_NAMES[m]} ({s})" for m, s in sorted(
            SEASON_BEFORE.items()) if m in months)
        return {S.SEASONAL: f"only in a seasonal turn: {opening}; the game opens with the "
                            f"first; Germany's income includes 4 RP from the East (BoP 12.4)",
                S.TABULATION: "only in a seasonal turn",
                S.REDUCTIONS: "only in a seasonal turn; Strategic Warfare: Germany loses 16 RP "
                              "to the blockade, Britain 4 to submarines (BoP 12.4)",
                S.BRITAIN: "never: Britain is at war from the start",
                S.ADMIRALTY: "Entente sea moves (the optional admiralty, BoP 6.45)",
                S.WEATHER: "snow in November: only its first fortnight is played",
                S.PLAN_XVII: "not in this scenario",
                S.MONTH_END: f"the victory check ends {MONTH_NAMES[months[-1]]}"}
    if scenario_id == STORM_OF_STEEL:
        return {S.SEASONAL: f"only in a seasonal turn: {seasons}; Britain and France may send "
                            f"RP to Russia without tracing a line (BoP 12.3)",
                S.TABULATION: "only in a seasonal turn",
                S.REDUCTIONS: "only in a seasonal turn; Strategic Warfare: Germany and "
                              "Austria-Hungary each lose 4 RP to the blockade, Britain 4 to "
                              "submarines (BoP 12.3)",
                S.DIPLOMACY: "always skipped in this scenario",
                S.BRITAIN: "never: Britain is at war from the start",
                S.ADMIRALTY: "passed by: this scenario plays the standard admiralty, which "
                             "replaces the optional one (BoP 6.451); General Quarters follow",
                S.GQ: "GQ I, then GQ II: each a Central Powers half, then an Entente half, "
                      "each navy in turn; ships carry corps and land them in a friendly port "
                      "(BoP 7.6) or place the landing counter for an invasion (BoP 7.7)",
                S.WEATHER: "by the weather table: a bad-weather month plays one fortnight",
                S.PLAN_XVII: "not in this scenario",
                S.MONTH_END: f"the victory check ends {MONTH_NAMES[months[-1]]}"}
    return {S.SEASONAL: f"only in a seasonal turn: {seasons}",
            S.TABULATION: "only in a seasonal turn",
            S.REDUCTIONS: "only in a seasonal turn",
            S.BRITAIN: "only when Britain has just joined",
            S.ADMIRALTY: "Entente sea moves",
            S.WEATHER: "good weather in all three months: both fortnights are played",
            S.PLAN_XVII: f"only in {first}, if Plan XVII failed",
            S.MONTH_END: f"the Schlieffen check ends {first}; the victory check "
                         f"ends {MONTH_NAMES[months[-1]]}"}


def _elsewhere(played: set[S], note: str) -> dict[str, Any]:
    """The steps of the table this scenario never reaches (other scenarios' steps)."""
    return {"title": "Not played in this scenario", "repeat": False, "note": note,
            "steps": [_box(step) for step in S if step not in played]}


def _naval_turn() -> list[dict[str, Any]]:
    """12.6 — the admiralty phase's two General Quarters sub-phases, then the end."""
    gq = [_box(S.GQ, side, f"GQ {'I' * sub}: move naval forces one at a time; enemy mines "
                           "attack a force entering their hex or box, and a force that meets "
                           "enemy ships may fight; a ship may spend three times its radius to "
                           "lay or clear a mine")
          for side, sub in pofa.GQ_SCRIPT]
    return [
        {"title": "May 1916: the admiralty phase", "repeat": False,
         "note": "The fleets start in port and the mines off the coasts (a fixed set-up). "
                 "Each side moves in its own half of each sub-phase, Germany first.", "steps": gq},
        {"title": "The end", "repeat": False, "note": "the victory check after GQ II",
         "steps": [_box(S.OVER)]},
        _elsewhere({S.GQ, S.OVER}, "a naval-only scenario: no set-up step, economy or land "
                                   "phase"),
    ]


def turn(scenario_id: str) -> list[dict[str, Any]]:
    """The set-up, then one month of the script (every month runs the same script)."""
    if scenario_id == pofa.SCENARIO:
        return _naval_turn()
    notes = _notes(scenario_id)
    sc = SCENARIOS[scenario_id]
    month: list[dict[str, Any]] = []
    for step, side, fortnight in MONTH_SCRIPT:
        note = notes.get(step, "")
        if step is S.HALF:
            note = f"fortnight {fortnight}"
        month.append(_box(step, side, note))
        if step is S.ADMIRALTY and S.GQ in notes:      # 12.3: the navies sail (ruling 105)
            month.append(_box(S.GQ, note=notes[S.GQ]))
    months = ", ".join(MONTH_NAMES[m] for m in sc.months)
    played = {step for step, _, _ in MONTH_SCRIPT} | {S.SETUP, S.SECRET_SETUP, S.OVER}
    if S.GQ in notes:              # 12.3 plays every step of the table
        elsewhere = []
    else:
        elsewhere = [_elsewhere(played, "General Quarters belongs to the standard admiralty "
                                        "(The Price of Admiralty, Storm of Steel); this "
                                        "scenario uses the optional admiralty instead")]
    return [
        {"title": "Before the first month", "repeat": False,
         "note": "The Entente sets up first, then the Central Powers." + _set_aside_note(sc),
         "steps": [_box(S.SETUP, tables.ENTENTE), _box(S.SETUP, tables.CENTRAL),
                   _box(S.SECRET_SETUP, note="with the secret set-up option, instead: every "
                                             "nation at once, revealed together")]},
        {"title": f"Every month: {months}", "repeat": True,
         "note": "Each side moves in its own half of each fortnight; a half is yours to move "
                 "force by force until you end it.",
         "steps": month},
        {"title": "The end", "repeat": False, "note": "",
         "steps": [_box(S.OVER)]},
        *elsewhere,
    ]


def _set_aside_note(sc: Any) -> str:
    """What a scenario's set-up keeps off the map (12.2, 12.4), from its own numbers."""
    if sc.id == FIRE_IN_THE_EAST:
        count, strength = sc.set_aside["russia"]
        return (f" Russia leaves {count} corps off the map (effectiveness {strength} or more "
                "in all): they start in the force pool.")
    if sc.id == KAISERSCHLACHT:
        count, strength = sc.set_aside["germany"]
        return (f" Britain, France and Germany each leave at least {count} corps off the map "
                f"(effectiveness {strength} or more in all): they start in the force pool. "
                "Corps may set up entrenched; the 1916 front line divides the set-up areas.")
    if sc.id == STORM_OF_STEEL:
        count, strength = sc.set_aside["germany"]
        russia, russia_strength = sc.set_aside["russia"]
        return (f" Each major but Russia leaves at least {count} corps off the map "
                f"(effectiveness {strength} or more in all); Russia at least {russia} infantry "
                f"corps (effectiveness {russia_strength} or more) and all its cavalry: they "
                "start in the force pool. Every corps but cavalry sets up entrenched; the 1916 "
                "front lines in the west and the east divide the set-up areas.")
    return ""


def _kaiser_victory(scenario_id: str) -> list[dict[str, Any]]:
    """BoP 12.4 — Berlin with Paris, or Berlin with two bargaining chips in France."""
    state = start_state(RULESET, scenario_id)
    th = theatre(state["board"]["map"])
    last = MONTH_NAMES[SCENARIOS[scenario_id].months[-1]]
    berlin, paris = th.where(th.capital["germany"]), th.where(th.capital["france"])
    need = bop_victory.KAISER_FRENCH_BCS_TO_WIN
    french = [th.where(loc) for loc in sorted(th.bcs) if th.home.get(loc) == "france"]
    held = [th.where(loc) for loc in bop_victory.french_bcs_held(state, th)]
    verdict = bop_victory.kaiserschlacht_victory(state, th)
    return [
        {"title": "Germany's offensive", "side": SIDES[tables.CENTRAL], "rule": "BoP 12.4",
         "when": f"when {last} ends",
         "text": f"Germany wins if it controls {berlin} and {paris}, or {berlin} and any "
                 f"{need} bargaining chips in France ({', '.join(french)}).",
         "reasons": ["berlin_and_paris", "berlin_and_french_bcs"],
         "now": f"At the start Germany holds {', '.join(held) or 'none of them'}."},
        {"title": "The Entente holds", "side": SIDES[tables.ENTENTE], "rule": "BoP 12.4",
         "when": f"when {last} ends",
         "text": "Otherwise the Entente wins: there is no draw.",
         "reasons": ["germany_short"],
         "now": f"If the game ended now, the result would be {_verdict(verdict)}."},
    ]


def _storm_victory(scenario_id: str) -> list[dict[str, Any]]:
    """BoP 12.3 — victory points for what each side takes of the enemy's set-up area."""
    state = start_state(RULESET, scenario_id)
    th = theatre(state["board"]["map"])
    last = MONTH_NAMES[SCENARIOS[scenario_id].months[-1]]
    verdict = bop_victory.storm_victory(state, th)
    points = verdict["victory_points"]
    return [
        {"title": "Victory points", "side": None, "rule": "BoP 12.3",
         "when": f"when {last} ends",
         "text": "Each side scores a point for every bargaining chip and every interior "
                 "fortress it controls in the enemy's set-up area (a hex that is both scores "
                 "two). Enemy battleships sunk would score too, but no ships are in play. The "
                 "side with more points wins; equal points are a draw.",
         "reasons": ["victory_points", "draw"],
         "now": f"At the start the Central Powers have {points[tables.CENTRAL]} and the "
                f"Entente {points[tables.ENTENTE]}: if the game ended now, the result would be "
                f"{_verdict(verdict)}."},
    ]


def _bcs(state: dict[str, Any], th: Theatre) -> dict[str, list[str]]:
    """The bargaining chips by the side controlling them at the start (None: neutral)."""
    out: dict[str, list[str]] = {}
    for loc in sorted(th.bcs, key=th.where):
        side = side_of(state, controller(state, th, loc)) or "neutral"
        out.setdefault(side, []).append(th.where(loc))
    return out


def _naval_victory() -> list[dict[str, Any]]:
    return [
        {"title": "Dreadnoughts in the Norwegian Sea", "side": SIDES[tables.CENTRAL],
         "rule": "BoP 12.6", "when": "after GQ II",
         "text": "Germany wins with more than one dreadnought (BB) in the Norwegian Sea box.",
         "reasons": ["norwegian_sea"], "now": "At the start every German ship is in port."},
        {"title": "Gunnery lost", "side": None, "rule": "BoP 12.6", "when": "after GQ II",
         "text": "Otherwise the side that lost more gunnery points (a sunk ship all of its "
                 "gunnery, a damaged one the difference between its two sides) loses; equal "
                 "losses are a draw.",
         "reasons": ["gunnery_lost", "equal_losses"], "now": "At the start nothing is lost."},
    ]


def _fire_victory(scenario_id: str) -> list[dict[str, Any]]:
    """BoP 12.2 — demoralization totals at the end of the last month."""
    state = start_state(RULESET, scenario_id)
    last = MONTH_NAMES[SCENARIOS[scenario_id].months[-1]]
    totals = bop_victory.demoralization_totals(state)
    need = bop_victory.DEMORALIZATION_TO_WIN
    return [
        {"title": "Demoralization", "side": None, "rule": "BoP 12.2",
         "when": f"when {last} ends",
         "text": f"Each side adds up its nations' demoralization. A side whose total is below "
                 f"{need} while the enemy's is above {need} wins; anything else is a draw. "
                 f"Demoralization rises in major battles and when interior fortresses fall.",
         "reasons": ["demoralization", "draw"],
         "now": f"At the start the Central Powers stand at {totals[tables.CENTRAL]} and the "
                f"Entente at {totals[tables.ENTENTE]}: if the game ended now, the result "
                f"would be {_verdict(bop_victory.demoralization_victory(state))}."},
    ]


def victory(scenario_id: str) -> list[dict[str, Any]]:
    if scenario_id == pofa.SCENARIO:
        return _naval_victory()
    if scenario_id == FIRE_IN_THE_EAST:
        return _fire_victory(scenario_id)
    if scenario_id == KAISERSCHLACHT:
        return _kaiser_victory(scenario_id)
    if scenario_id == STORM_OF_STEEL:
        return _storm_victory(scenario_id)
    state = start_state(RULESET, scenario_id)
    th = theatre(state["board"]["map"])
    months = SCENARIOS[scenario_id].months
    first, last = MONTH_NAMES[months[0]], MONTH_NAMES[months[-1]]
    secret = start_state(RULESET, scenario_id, secret_setup=True)
    plans_note = ("" if secret["plans"]["active"] else
                  " (Not with the secret set-up option: then neither plan applies.)")
    liege = th.where(th.place_loc["liege"])
    berlin, paris = th.where(th.capital["germany"]), th.where(th.capital["france"])
    verdict = bop_victory.victory(state, th)
    counts = verdict["bargaining_chips"]
    chips = _bcs(state, th)
    return [
        {"title": "The Schlieffen Plan", "side": SIDES[tables.CENTRAL], "rule": "BoP 12.1",
         "when": f"when {first} ends",
         "text": f"In {first} Germany must attack or enter {liege} and bring at least "
                 f"{tables.SCHLIEFFEN_CORPS} German corps into Belgium. If it has not, the "
                 f"Entente wins at once when {first} ends.{plans_note}",
         "reasons": ["schlieffen_plan_failed"],
         "now": f"At the start: {liege} not attacked, no German corps in Belgium."},
        {"title": "Plan XVII", "side": SIDES[tables.ENTENTE], "rule": "BoP 12.1",
         "when": f"in the second fortnight of {first}",
         "text": f"In the first fortnight of {first} at least {tables.PLAN_XVII_CORPS} French "
                 f"corps must enter or attack at least {tables.PLAN_XVII_HEXES} hexes of "
                 f"Germany or Luxembourg that touch France. If not, the Central Powers destroy "
                 f"up to {tables.PLAN_XVII_CORPS} French corps of their choice. A penalty, not "
                 f"a defeat.{plans_note}",
         "reasons": [], "now": ""},
        {"title": "Berlin and Paris", "side": None, "rule": "BoP 12.1",
         "when": f"when {last} ends",
         "text": f"A side that controls both {berlin} and {paris} wins.",
         "reasons": ["berlin_and_paris"],
         "now": f"At the start {berlin} is the Central Powers' and {paris} the Entente's."},
        {"title": "Bargaining chips", "side": None, "rule": "BoP 12.1",
         "when": f"when {last} ends",
         "text": f"Otherwise each side counts the bargaining chips it controls, its own home "
                 f"ones included. The Central Powers win with more than "
                 f"{tables.CP_BC_TO_WIN}, the Entente with more than {tables.EP_BC_TO_WIN}; "
                 f"anything else is a draw. There are {len(th.bcs)} of them: "
                 + "; ".join(f"{SIDES.get(side, 'neutral')}: {', '.join(names)}"
                             for side, names in sorted(chips.items())) + ".",
         "reasons": ["bargaining_chips", "draw"],
         "now": f"At the start the Central Powers control {counts[tables.CENTRAL]} and the "
                f"Entente {counts[tables.ENTENTE]}: if the game ended now, the result would be "
                f"{_verdict(verdict)}."},
    ]


def _verdict(result: dict[str, Any]) -> str:
    if result["winner"] is None:
        return "a draw"
    return f"a win for the {SIDES[result['winner']]}"


def map_facts() -> dict[str, str]:
    """Movement and combat effects of each terrain class, from the terrain chart."""
    facts: dict[str, str] = {}
    for physical, terrain in sorted(tables.TERRAIN_OF_CLASS.items()):
        if terrain == "water":
            continue
        parts = ["entering costs all remaining MP" if terrain in tables.ARMP_TERRAIN
                 else "1 MP a hex"]
        modifier = tables.COMBAT_TERRAIN.get(terrain)
        if modifier:
            parts.append(f"attacks on a defender here {modifier:+d}".replace("-", "−"))
        if terrain in ("marsh", "desert"):
            parts.append(f"at most {tables.STACK_CORPS_BARE_MARSH} corps where there is no rail, "
                         f"town or infrastructure (else {tables.STACK_CORPS})")
        facts[f"terrain-{physical}"] = sentence(parts)
    return facts
