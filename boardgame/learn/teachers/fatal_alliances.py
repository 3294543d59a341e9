"""Fatal Alliances as a new player meets it, read from the engine: the turn and the impulse on
the step table (`steps.FLOW`), the victory conditions of the scenario's start position
(`board.victory`, judged by `victory.check`), the turn names and length, and the terrain chart
(`charts.TERRAIN_MP`, `charts.TERRAIN_TABLE`). The words are ours; every number and place comes
from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.fatal_alliances import charts, steps
from engine.rulesets.fatal_alliances import victory as fa_victory
from engine.rulesets.fatal_alliances.campaign import campaign_spec
from engine.rulesets.fatal_alliances.position import controller, map_of
from engine.rulesets.fatal_alliances.powers import POWER_SIDE
from engine.rulesets.fatal_alliances.sequence import Step as S
from engine.rulesets.fatal_alliances.sequence import turn_label
from engine.rulesets.fatal_alliances.setup import SCENARIOS

from .common import sentence, start_state, step_box, title_of

RULESET = "fatal_alliances"
STEP_TITLES = {
    S.REINFORCEMENT: "Reinforcements", S.SCRAP: "Destroy and scrap units",
    S.HOME_FRONT: "Home-front reserves", S.BREAKDOWN: "Breakdown and build-up",
    S.ENTRENCH: "Entrenchments", S.LENDING: "Lending", S.INITIATIVE: "Initiative roll",
    S.INITIATIVE_SCRIPTED: "Scripted initiative", S.INITIATIVE_REROLL: "Initiative re-roll",
    S.FIRST_SIDE: "Who moves first", S.WEATHER: "Weather", S.DECLARATION: "Declarations",
    S.ACTION_CHOICE: "Action choice", S.OFFENSIVE: "Offensive points",
    S.EMERGENCY: "Emergency HQ supply", S.NAVAL_MOVE: "Naval movement",
    S.NAVAL_COMBAT: "Naval combat", S.RAIL: "Rail movement", S.LAND_MOVE: "Land movement",
    S.LAND_COMBAT: "Land combat", S.REORGANISATION: "Reorganisation", S.PARTISANS: "Partisans",
    S.RETURN_TO_BASE: "Return to base",
    S.LAST_IMPULSE: "Last-impulse test", S.FINAL_REORGANISATION: "Final reorganisation",
    S.PRODUCTION: "Production", S.MORALE: "Morale", S.PEACE: "Peace", S.LIBERATION: "Liberation", S.VICTORY: "Victory check",
    S.OVER: "Game over",
}
SIDES = {"central": "Central Powers", "entente": "Allies"}
# The turn's three parts, in the table's order (a test checks that every step is in one).
TURN_START = (S.TURN_START, S.REINFORCEMENT, S.SCRAP, S.HOME_FRONT, S.BREAKDOWN, S.ENTRENCH, S.LENDING,
              S.INITIATIVE_SCRIPTED, S.INITIATIVE, S.INITIATIVE_REROLL, S.FIRST_SIDE)
IMPULSE = (S.WEATHER, S.DECLARATION, S.ACTION_CHOICE, S.OFFENSIVE, S.EMERGENCY, S.NAVAL_MOVE,
           S.NAVAL_COMBAT, S.RAIL, S.LAND_MOVE, S.LAND_COMBAT, S.REORGANISATION, S.LAST_IMPULSE)
TURN_END = (S.PARTISANS, S.RETURN_TO_BASE, S.FINAL_REORGANISATION, S.PRODUCTION, S.MORALE, S.PEACE, S.LIBERATION, S.VICTORY,
            S.OVER)
NOTES = {
    S.HOME_FRONT: "option 7 only", S.EMERGENCY: "option 4 only",
    S.INITIATIVE_SCRIPTED: "in the scenario's scripted turns",
    S.INITIATIVE: "the other turns", S.INITIATIVE_REROLL: "if the track allows it",
    S.WEATHER: "once for each pair of impulses", S.DECLARATION: "scripted by the scenario",
    S.LAST_IMPULSE: "a d10: another impulse, or the end of the turn",
    S.TURN_START: "the turn's marks cleared", S.LENDING: "nothing to do yet", S.PEACE: "conquest; liberation offered",
    S.LIBERATION: "the other majors give back or keep a liberated country's hexes",
    S.PARTISANS: "a d10 on the Partisan Table: conquered or occupied countries may rise",
    S.NAVAL_MOVE: "the campaign: a naval or combined action sails task forces from port into "
                  "a sea-box section, or home (troops aboard land in the port they reach; "
                  "on a combined action they may come ashore on a friendly coast of the sea "
                  "area once any interception is over, and go down with sunk transports); "
                  "an enemy there may try to intercept",
    S.NAVAL_COMBAT: "the campaign: search rolls by sea-box section, then surface rounds on "
                    "Salient's authored naval chart until nobody is found",
    S.RETURN_TO_BASE: "the campaign: ships at sea go home, or stay a section lower",
}


def _box(step: S) -> dict[str, Any]:
    flow_step = steps.FLOW.steps[step.value]
    return step_box(STEP_TITLES.get(step, title_of(step.value)), flow_step.rule,
                    name=step.value, decides=isinstance(flow_step, steps.PowersStep),
                    note=NOTES.get(step, ""))


def turn(scenario_id: str) -> list[dict[str, Any]]:
    state = start_state(RULESET, scenario_id)
    flow = state["flow"]
    last = state["board"]["victory"]["last_turn"]
    first_name = f"{flow['turn_name']} {flow['year']}"
    end_name = "{} {}".format(*turn_label(last, flow["start_index"], flow["start_year"]))
    return [
        {"title": f"The start of each turn (turn 1 is {first_name}; the last, turn {last}, "
                  f"is {end_name})", "repeat": True,
         "note": "A turn is two months. Every power with something to do decides in each step.",
         "steps": [_box(s) for s in TURN_START]},
        {"title": "Impulses: the sides take turns until the last-impulse test ends the turn",
         "repeat": True,
         "note": "The side whose impulse it is chooses an action per power, then moves, "
                 "attacks and reorganises within that action's limits.",
         "steps": [_box(s) for s in IMPULSE]},
        {"title": "The end of each turn", "repeat": False,
         "note": "Production and morale, then the victory check; if no one has won, the next "
                 "turn starts.",
         "steps": [_box(s) for s in TURN_END]},
    ]


def _named(state: dict[str, Any], scenario_id: str) -> dict[str, str]:
    """The victory hexes by the names of the places the scenario chose them by (a hex of the
    map may hold several places: Gumbinnen, Insterburg and Königsberg share one)."""
    spec = SCENARIOS.get(scenario_id) or campaign_spec()
    m = map_of(state)
    named: dict[str, str] = {}
    for places in spec["victory"].values():
        if not isinstance(places, (str, list)):
            continue
        for pid in [places] if isinstance(places, str) else places:
            if isinstance(pid, str) and pid in m.places:
                named.setdefault(m.places[pid].hex, m.places[pid].name)
    return named


def _where(state: dict[str, Any], scenario_id: str, hexes: list[str]) -> list[str]:
    m = map_of(state)
    named = _named(state, scenario_id)
    return [f"{named.get(h, 'hex')} ({m.hex(h).label})" for h in hexes]


def _held(state: dict[str, Any], hexes: list[str], side: str) -> int:
    return sum(1 for h in hexes if POWER_SIDE.get(controller(state, h) or "", "") == side)


def victory(scenario_id: str) -> list[dict[str, Any]]:
    state = start_state(RULESET, scenario_id)
    v = state["board"]["victory"]
    flow = state["flow"]
    last = v["last_turn"]
    end = "the end of turn {} ({} {})".format(last, *turn_label(last, flow["start_index"],
                                                               flow["start_year"]))
    morale = state["board"]["morale"].get("germany")
    out = [{"title": "German morale", "side": SIDES["entente"], "rule": "FA 13.7",
            "when": "at once, at any turn's end",
            "text": "If Germany's morale falls to 0, the Allies win.",
            "reasons": ["german_morale_zero"],
            "now": f"At the start German morale is {morale}."}]
    # The engine's verdict if the game ended at the start (the last turn, nothing moved).
    final = {**state, "flow": {**flow, "turn": last}}
    verdict = fa_victory.check(final)
    if v["kind"] == "east_prussia":
        german, russian = v["german_objectives"], v["russian_objectives"]
        sudden = _where(state, scenario_id, [v["sudden_death"]])[0] if v["sudden_death"] else None
        if sudden:
            out.append({"title": f"Take {sudden.split(' (')[0]}", "side": SIDES["entente"],
                        "rule": "FA 13.7", "when": "at once, at any turn's end",
                        "text": f"If Russia controls {sudden}, the Allies win at once.",
                        "reasons": ["konigsberg_taken"], "now": ""})
        score = verdict["score"] if verdict else {}
        out.append({
            "title": "Victory cities", "side": None, "rule": "FA 13.7", "when": f"at {end}",
            "text": f"Russia counts the German cities it controls ({', '.join(_where(state, scenario_id, german))}); "
                    f"Germany counts the Russian ones it controls ({', '.join(_where(state, scenario_id, russian))}). "
                    "More wins; equal is a draw.",
            "reasons": ["objectives", "objectives_drawn"],
            "now": f"At the start Russia holds {score.get('russia', 0)} of {len(german)} and "
                   f"Germany {score.get('germany', 0)} of {len(russian)}: "
                   f"{_verdict(verdict)} if the game ended now."})
    else:
        capitals = v["automatic"]
        out.append({
            "title": "Every capital", "side": None, "rule": "FA 13.7",
            "when": "at once, at any turn's end",
            "text": f"A side that controls all of {', '.join(_where(state, scenario_id, capitals))} wins at once.",
            "reasons": ["all_capitals"],
            "now": f"At the start the Central Powers hold {_held(state, capitals, 'central')} "
                   f"of them and the Allies {_held(state, capitals, 'entente')}."})
        objectives = v["objectives"]
        out.append({
            "title": "Victory cities", "side": SIDES["central"], "rule": "FA 13.7",
            "when": f"at {end}",
            "text": f"The Central Powers win if they control at least {v['central_needs']} of "
                    f"these {len(objectives)} cities; otherwise the Allies win: "
                    f"{', '.join(_where(state, scenario_id, objectives))}.",
            "reasons": ["objectives"],
            "now": f"At the start they hold {_held(state, objectives, 'central')}: "
                   f"{_verdict(verdict)} if the game ended now."})
    return out


def _verdict(result: dict[str, Any] | None) -> str:
    if result is None or result["winner"] is None:
        return "a draw"
    return f"a win for the {SIDES[result['winner']]}"


def map_facts() -> dict[str, str]:
    """Movement cost and combat table of each terrain class, from the terrain chart."""
    facts = {}
    for physical, terrain in sorted(charts.PHYSICAL_TO_FA.items()):
        cost = charts.TERRAIN_MP.get(terrain)
        if cost is None:
            continue
        leg, motor = cost
        parts = [f"{leg} MP to enter ({motor} motorised)" if leg is not None
                 else "land units may not enter"]
        if charts.TERRAIN_TABLE.get(terrain) == "assault":
            parts.append("attacks here use the Assault table")
        facts[f"terrain-{physical}"] = sentence(parts)
    return facts
