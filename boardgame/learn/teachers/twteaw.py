"""The War to End All Wars as a new player meets it, read from the engine: the turn on the step
table (`steps.FLOW`: one step of written orders, resolved together), and what each side wants
(`resolution.end_of_turn` and `resolution.score`, judged on the start position). The words are
ours; every number comes from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.twteaw import steps
from engine.rulesets.twteaw.nations import ALLIED, CENTRAL
from engine.rulesets.twteaw.resolution import score

from .common import start_state, step_box

RULESET = "twteaw"
STEP_TITLES = {"orders": "Written orders, then the turn resolves", "over": "Game over"}
SIDES = {CENTRAL: "Central Powers", ALLIED: "Allied Powers"}
NOTES = {"orders": "every nation writes its whole turn at once and says ready; the rulebook's "
                   "phases then run in order (declarations, builds, moves and battles, "
                   "incorporation, placement, income)",
         "over": "a full victory, or the score after the last turn"}


def _box(name: str) -> dict[str, Any]:
    step = steps.FLOW.steps[name]
    return step_box(STEP_TITLES.get(name, name), step.rule, name=name,
                    decides=name == "orders", note=NOTES.get(name, ""))


def turn(scenario_id: str) -> list[dict[str, Any]]:
    state = start_state(RULESET, scenario_id)
    board = state["board"]
    return [
        {"title": f"Each turn (turn 1 is {board['date']}; the game has {board['turns']})",
         "repeat": True,
         "note": "Orders are written in secret and may be rewritten until every nation is "
                 "ready or the deadline passes.",
         "steps": [_box("orders")]},
        {"title": "The end of the game", "repeat": False, "note": "", "steps": [_box("over")]},
    ]


def victory(scenario_id: str) -> list[dict[str, Any]]:
    state = start_state(RULESET, scenario_id)
    turns = state["board"]["turns"]
    now = score(state)["score"]
    return [
        {"title": "Conquest or surrender", "side": None, "rule": "TWTEAW victory",
         "when": "at the end of any turn",
         "text": "A side wins at once when every nation of the other side has been conquered or "
                 "has surrendered (an offer of surrender is voted on by the side it is made to, "
                 "each nation with as many votes as its income; the surrendered nation pays a "
                 "quarter of its income to the victors for twelve turns).",
         "reasons": ["conquest", "surrender"], "now": "At the start no nation is conquered and none has surrendered."},
        {"title": "Production", "side": None, "rule": "TWTEAW victory",
         "when": f"after the last turn (turn {turns})",
         "text": "Each side's production is compared with its production at the start, in "
                 "percent; the higher side wins, equal is a draw.",
         "reasons": ["score", "draw"],
         "now": f"At the start the {SIDES[CENTRAL]} stand at {now[CENTRAL]}% and the "
                f"{SIDES[ALLIED]} at {now[ALLIED]}%."},
    ]


def map_facts() -> dict[str, str]:
    return {}
