"""DoD 8.7.2 MP 5 — surrender, unconditional and conditional; DoD 12.3 — the effects of peace;
DoD 14 — the pact a conditional surrender leaves."""

from __future__ import annotations

from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import peace as P
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.activation import activatable, begin
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh, play_until

NO_DICE = ScriptedDice({})


def _at_war(aggressor="GE", target="FR", since=13):
    state = fresh()
    board = state["board"]
    board["turn"] = since + 2
    board["wars"].append({"aggressor": aggressor, "target": target, "since": since})
    board["offensives"] = {f"{aggressor}>{target}": 3, f"{target}>{aggressor}": 1}
    board["treaties"].pop(R.pair(aggressor, target), None)
    return state


def test_dod_8_7_2_mp5_is_offered_against_each_enemy_on_either_terms():
    state = _at_war()
    board = state["board"]
    offered = [a for a in O.legal_options(board, "FR") if a["option"] == "MP5"]
    assert offered == [{"option": "MP5", "to": "GE", "terms": "conditional"},
                       {"option": "MP5", "to": "GE", "terms": "unconditional"}]
    assert not [a for a in O.legal_options(board, "IT") if a["option"] == "MP5"]   # at peace
    board["powers"]["FR"]["money"] = -board["powers"]["FR"]["credit_limit"] - 5
    assert [a for a in O.legal_options(board, "FR") if a["option"] == "MP5"]  # 8.4.2: past the limit


def test_dod_8_7_2_mp5_unconditional_surrender_is_complete_conquest_with_the_pe_swing():
    state = _at_war()
    board = state["board"]
    pe_fr, pe_ge = board["powers"]["FR"]["pe"], board["powers"]["GE"]["pe"]
    events = O.play_option(state, "FR", {"option": "MP5", "to": "GE",
                                         "terms": "unconditional"}, NO_DICE)
    assert [e.kind for e in events] == ["surrendered", "power_conquered"]
    assert board["powers"]["FR"]["pe"] == pe_fr - 1 and board["powers"]["GE"]["pe"] == pe_ge + 1
    assert R.conquered(board, "FR") and board["wars"] == [] and board["offensives"] == {}
    assert board["initiative"][-1] == "FR" and O.legal_options(board, "FR") == []


def test_dod_8_7_2_mp5_the_us_loses_two_pe_when_it_surrenders():
    state = _at_war("GE", "US")
    board = state["board"]
    pe = board["powers"]["US"]["pe"]
    O.play_option(state, "US", {"option": "MP5", "to": "GE", "terms": "unconditional"}, NO_DICE)
    assert board["powers"]["US"]["pe"] == pe - 2


def test_dod_8_7_2_mp5_conditional_surrender_accepted_by_0f_brings_peace_and_a_pact():
    state = _at_war()
    board = state["board"]
    pe_fr, pe_ge = board["powers"]["FR"]["pe"], board["powers"]["GE"]["pe"]
    O.play_option(state, "FR", {"option": "MP5", "to": "GE", "terms": "conditional"}, NO_DICE)
    assert R.at_war(board, "FR", "GE")                       # pending until the settlement
    assert {"option": "0f", "agree": ["FR"]} == O.legal_options(board, "GE")[
        next(i for i, a in enumerate(O.legal_options(board, "GE")) if a["option"] == "0f")]
    O.play_option(state, "GE", {"option": "0f", "agree": ["FR"]}, NO_DICE)
    events = T.settle(state, NO_DICE)
    assert [e.kind for e in events] == ["surrendered", "peace"]
    assert not R.at_war(board, "FR", "GE") and board["offensives"] == {}
    assert board["powers"]["FR"]["pe"] == pe_fr - 1 and board["powers"]["GE"]["pe"] == pe_ge + 1
    assert board["treaties"]["FR-GE"] == {"level": 0, "signed": board["turn"]}
    assert not R.conquered(board, "FR")
    # DoD 14: the pact forbids a new declaration for Germany's 3 turns, whatever the armies
    board["powers"]["GE"]["army"] = 100
    assert T.nap_blocks(board, "GE", "FR") and not W.may_declare(board, "GE", "FR")
    board["turn"] += 3
    assert W.may_declare(board, "GE", "FR")                  # 100 : 0 beats the ratio after it
    RULESET.check_invariants(state)


def test_dod_8_7_2_mp5_a_conditional_surrender_nobody_accepts_leaves_the_war_on():
    state = _at_war()
    board = state["board"]
    pe = board["powers"]["FR"]["pe"]
    O.play_option(state, "FR", {"option": "MP5", "to": "GE", "terms": "conditional"}, NO_DICE)
    events = T.settle(state, NO_DICE)
    assert [e.kind for e in events] == ["surrender_refused"]
    assert R.at_war(board, "FR", "GE") and board["offensives"] == {"GE>FR": 3, "FR>GE": 1}
    assert board["powers"]["FR"]["pe"] == pe and "FR-GE" not in board["treaties"]


def test_dod_8_7_2_mp5_a_surrendering_power_activates_no_minor_that_turn():
    state = _at_war()
    board = state["board"]
    board["modifiers"]["belgium"] = {"FR": 2}
    board["display"]["belgium"] = board["display"]["FR"]
    assert activatable(board, "FR")
    O.play_option(state, "FR", {"option": "MP5", "to": "GE", "terms": "conditional"}, NO_DICE)
    assert not begin(state, "FR", 0) and state["flow"]["activation"] is None


def test_dod_12_3_peace_through_the_kernel_closes_the_front_before_military_affairs():
    """A conditional surrender and its 0(f) acceptance, played through the kernel, end the war
    when political affairs end: no commitments are asked of either power."""
    state = _at_war("GE", "FR", 1)
    board = state["board"]
    board["turn"] = 1
    P.surrender(state, "FR", {"to": "GE", "terms": "conditional"}, NO_DICE)
    board["accepts"]["GE"] = ["FR"]
    state = play_until(state, "spending")       # at war, the flow would stop at "military"
    assert not R.at_war(state["board"], "GE", "FR")
    assert state["board"]["treaties"]["FR-GE"]["level"] == 0
