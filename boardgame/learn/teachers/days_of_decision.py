"""Days of Decision III as a new player meets it, read from the engine: the turn on the step
table (`steps.FLOW`: bids, weather, political affairs, bonus bid points, production, the end of
the turn) and how the game ends (`turn.final_result`), judged on the start position. The words are
ours; every number comes from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.days_of_decision import steps
from engine.rulesets.days_of_decision.military import CONQUEST_LEVEL
from engine.rulesets.days_of_decision.objectives import NEEDED, NEEDED_BY_IDEOLOGY
from engine.rulesets.days_of_decision.powers import IDEOLOGY_TITLES, POWERS, SEATS
from engine.rulesets.days_of_decision.turn import final_result

from .common import start_state, step_box

RULESET = "days_of_decision"
STEP_TITLES = {
    "initiative": "Secret bids for initiative",
    "democrats": "Democrats may move down the track",
    "weather": "Weather",
    "politics": "Political options, in initiative order",
    "activate": "Activate a minor after an option",
    "coup": "Coup cells may stop a coup",
    "league": "The League of Nations votes",
    "direct": "A minor's director accepts or declines",
    "bonus": "Bonus bid points",
    "military": "Military affairs",
    "production": "Income",
    "spending": "Spending",
    "us_entry": "United States entry",
    "minor_peace": "Peace for directed minors",
    "conquest": "Conquest",
    "end_of_turn": "End of turn",
    "over": "Game over",
}
DECIDES = {"initiative", "democrats", "politics", "activate", "coup", "league", "direct",
           "military", "spending", "minor_peace"}
NOTES = {
    "initiative": "every power bids at once; the others see only that you have bid until the "
                  "reveal (no bidding on turn 1: the order is fixed)",
    "democrats": "from the back of the track, each Democrat may move itself down",
    "politics": "each bidder plays the options it bid for, one at a time; after each a die "
                "may end the step early. A treaty proposal succeeds if its addressee agrees "
                "(its 0(f)) this turn; a declaration of war starts a war and adds the War "
                "Chart's United States entry and markers; a power at war may "
                "surrender, conditionally (peace if the enemy agrees this turn) or not",
    "activate": "apply a minor's markers one by one, moving it on the Status Display",
    "coup": "after a coup is announced (IPO 4), each other power with a coup cell in the "
            "minor, the last in initiative first, may spend its cell to stop it; if none "
            "does, the coup is rolled",
    "league": "after a League of Nations motion (IPO 16), the council's members and the "
              "permanent members vote at once, each vote sealed until all are in (a minor's "
              "vote is its controller's; a minor nobody controls abstains); two thirds of the "
              "votes cast carry it, a sanction only with every vote. A power sanctioned for a "
              "war on a minor may make peace with it at once instead",
    "direct": "after a declaration of war on a minor, the power chosen to direct it may "
              "decline; the next in order is asked, and if all decline the minor is conquered",
    "bonus": "the turn's treaty proposals and surrender offers are settled; allies and "
             "guarantors of a minor that fell last turn lose effectiveness unless at war with "
             "its conquerors; a power that played nothing gains bid points",
    "military": "every power at war commits army points against each enemy, and each "
                "minor's director commits the minor's own army, sealed until all have; each "
                "front is fought and its winner gains offensives",
    "us_entry": "each power at war with a Democrat adds a die's worth to its United States "
                "entry total; high totals let the United States declare war",
    "minor_peace": "a power directing a minor may make peace for it with a power at war with "
                   "it that holds no offensives into it and did not attack it this turn",
    "conquest": "a power whose enemies' offensives reach its conquest level is out of the "
                "game (checked when the fronts are fought); a minor falls when the offensives "
                "into it reach its conquest level or its army is gone",
    "over": "an ideology conquered, an ideology holding its needed minors, or the last turn",
}


def _box(name: str) -> dict[str, Any]:
    step = steps.FLOW.steps[name]
    return step_box(STEP_TITLES[name], step.rule, name=name, decides=name in DECIDES,
                    note=NOTES.get(name, ""))


def turn(scenario_id: str) -> list[dict[str, Any]]:
    board = start_state(RULESET, scenario_id)["board"]
    order = ", ".join(POWERS[p].title for p in board["initiative"])
    return [
        {"title": f"Each turn (turn 1 is {board['date']}; the game has {board['last_turn']})",
         "repeat": True,
         "note": f"On turn 1 the initiative order is fixed ({order}) and every power plays "
                 "one option; from turn 2 the powers bid for it.",
         "steps": [_box(name) for name in steps.FLOW.steps if name != "over"]},
        {"title": "The end of the game", "repeat": False, "note": "", "steps": [_box("over")]},
    ]


def victory(scenario_id: str) -> list[dict[str, Any]]:
    board = start_state(RULESET, scenario_id)["board"]
    now = final_result(board)["ideology_objectives"]
    camps = ", ".join(f"{IDEOLOGY_TITLES[i]} ({', '.join(POWERS[p].title for p in SEATS if POWERS[p].ideology == i)})"
                      for i in IDEOLOGY_TITLES)
    return [
        {"title": "The last turn", "side": None, "rule": "DoD 13",
         "when": f"after turn {board['last_turn']}",
         "text": "The game ends after its last turn and is judged by ideology: "
                 f"{camps}. Each of the 67 objectives counts for the power controlling its "
                 "country (a minor's for the power controlling the minor; one in a neutral "
                 "minor for the power with the nearest home capital). Each ideology scores "
                 "its objectives less its needed total; the highest wins (tied ideologies "
                 "share the win), and the powers are placed ideology by ideology, then by "
                 "their own objectives less their own needed totals ("
                 + ", ".join(f"{POWERS[p].title} {n}" for p, n in NEEDED.items()) + ").",
         "reasons": ["turns_played"],
         "now": f"Counted at the start the Fascists would hold {now['fascism']} objectives, "
                f"the Democrats {now['democracy']} and the Communists {now['communism']}."},
        {"title": "An ideology holds what it needs", "side": None, "rule": "DoD 4",
         "when": "at the end of any turn",
         "text": "The game ends early when one ideology's powers control at least its needed "
                 "total of objectives: "
                 + ", ".join(f"{IDEOLOGY_TITLES[i]} {n}" for i, n in NEEDED_BY_IDEOLOGY.items())
                 + " (those in neutral minors count for nobody until the game ends).",
         "reasons": ["objectives_held"], "now": ""},
        {"title": "An ideology is conquered", "side": None, "rule": "DoD 4",
         "when": "after military affairs",
         "text": "The game ends when every power of one ideology has been conquered: a power "
                 "falls when its enemies' offensives against it reach its conquest level ("
                 + ", ".join(f"{POWERS[p].title} {n}" for p, n in CONQUEST_LEVEL.items())
                 + ").",
         "reasons": ["ideology_conquered"], "now": ""},
        {"title": "Bitter end (optional)", "side": None, "rule": "DoD 4.1",
         "when": "after military affairs, if the table chose it",
         "text": "With the table option \"bitter end\" the game goes on past one conquered "
                 "ideology and past the needed objectives: it ends early only when every power of "
                 "two ideologies has been conquered, and is judged as after the last turn.",
         "reasons": ["bitter_end"], "now": ""},
    ]


def map_facts() -> dict[str, str]:
    return {}
