"""DoD 4.1 (optional) — bitter end: play continues until two ideologies are conquered
(ruling 64)."""

from __future__ import annotations

from engine.kernel import new_game
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import objectives as OB
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision.powers import SEATS
from engine.rulesets.days_of_decision.ruleset import MANIFEST
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, answer, fresh, play_until


def _bitter(on: bool = True):
    state, _ = new_game(RULESET, "1936", {"turns": 66, "bitter_end": on}, list(SEATS), SEED,
                        "test")
    return state


def test_dod_4_1_bitter_end_is_a_table_option_off_by_default():
    option = next(o for o in MANIFEST["scenarios"][0]["options"] if o["id"] == "bitter_end")
    assert option["type"] == "boolean" and option["default"] is False
    assert fresh()["board"]["bitter_end"] is False
    assert _bitter()["board"]["bitter_end"] is True


def test_dod_4_1_ruling_64_one_conquered_ideology_does_not_end_a_bitter_end_game():
    """The real chain of test_war's Soviet conquest (30 doubled by surprise against 2): the
    whole Communist ideology falls, and with bitter end the turn goes on to production."""
    state = _bitter()
    state["board"]["wars"].append({"aggressor": "GE", "target": "RU", "since": 1})
    state["board"]["powers"]["GE"]["army"], state["board"]["powers"]["RU"]["army"] = 30, 2
    state = play_until(state, "military")
    state["board"]["weather"] = "fine"
    state = answer(state, "GE", {"commit": {"RU": 30}}).state
    state = answer(state, "RU", {"commit": {"GE": 2}}).state
    assert "RU" in state["board"]["conquered"]
    assert RULESET.result(state) is None and state["flow"]["step"] != "over"


def test_dod_4_1_ruling_64_two_conquered_ideologies_end_it_judged_as_after_the_last_turn():
    state = _bitter()
    board = state["board"]
    board["conquered"] = ["RU"]
    assert T.after_military(state) == "production"
    board["conquered"] = ["RU", "GE", "IT", "JA"]
    assert T.after_military(state) == "over"
    result = board["result"]
    assert result["reason"] == "bitter_end"
    assert result["conquered_ideologies"] == ["fascism", "communism"]
    assert result["winners"] == T.final_result(board)["winners"]


def test_dod_4_1_ruling_64_holding_the_needed_objectives_does_not_end_a_bitter_end_game():
    state = _bitter()
    board = state["board"]
    board["conquered"] = ["CH", "CW", "FR", "US"]               # the Fascists take theirs
    board["conquered_by"] = {"CH": ["JA"], "CW": ["GE"], "FR": ["IT"], "US": ["JA"]}
    for minor in ("sweden", "greece"):
        board["display"][minor] = board["display"]["GE"]     # stacked with Germany
    assert OB.reached(board) == ["fascism"]
    T.end_turn(state, ScriptedDice({}))
    assert board["result"] is None and board["turn"] == 2
