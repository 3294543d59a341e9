"""DoD 8 — political affairs: the MP 0 options, the end-of-step roll, the bonus bid points."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, canonical_json, view
from engine.kernel.game import events_for
from engine.kernel.leaks import find_leaks
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision.powers import SEATS, modified_pe
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh


def test_dod_8_7_2_mp0a_any_ten_raises_pe_by_one_only():
    state = fresh()
    board = state["board"]
    pe, money = board["powers"]["GE"]["pe"], board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "0a", "dice": 2}, ScriptedDice({"0(a) GE": [10, 10]}))
    assert board["powers"]["GE"]["pe"] == pe + 1
    assert board["powers"]["GE"]["money"] == money - 6


def test_dod_8_7_2_mp0a_without_a_ten_pe_stays():
    state = fresh()
    pe = state["board"]["powers"]["IT"]["pe"]
    O.play_option(state, "IT", {"option": "0a", "dice": 1}, ScriptedDice({"0(a) IT": [9]}))
    assert state["board"]["powers"]["IT"]["pe"] == pe


def test_dod_8_7_2_mp0a_dice_cost_two_after_three_turns_of_negative_pe():
    board = fresh()["board"]
    assert O.pe_die_cost(board, "FR") == 3
    board["powers"]["FR"]["negative_pe_turns"] = 3
    assert O.pe_die_cost(board, "FR") == 2


def test_dod_8_4_2_an_option_that_would_pass_the_credit_limit_is_not_offered():
    board = fresh()["board"]
    board["powers"]["CH"].update(money=-2, credit_limit=4)        # 2 money of room
    offered = O.legal_options(board, "CH")
    assert not [o for o in offered if o["option"] == "0a"]          # a die costs 3
    assert {o["ap"] for o in offered if o["option"] == "0b"} == {1, 2}


def test_dod_8_2_mp0_sub_options_share_one_slot_a_turn():
    state = fresh()
    state["board"]["bids"]["GE"] = {"bid": 5, "options": 2, "final": "4.5"}
    O.play_option(state, "GE", {"option": "0b", "minor": "austria", "ap": 1}, ScriptedDice({}))
    left = O.legal_options(state["board"], "GE")
    assert left and {o["option"] for o in left} <= set(O.IPO_ACTIONS) | set(O.MP_ACTIONS)
    state["board"]["ipos_played"].extend(O.IPO_ACTIONS)            # others played them all
    state["board"]["powers"]["GE"]["mp_played"].extend(O.MP_ACTIONS)   # and its MP 3, MP 4
    assert O.legal_options(state["board"], "GE") == []
    assert not P.may_still_play(state["board"], "GE")       # its second bid lapses (our ruling)


def test_dod_8_7_2_mp0g_only_when_it_is_the_sole_option_and_three_times_modified_pe():
    state = fresh()
    board = state["board"]
    assert {"option": "0g"} in O.legal_options(board, "US")          # turn 1: one option each
    board["bids"]["US"] = {"bid": 4, "options": 2, "final": "2.5"}
    assert {"option": "0g"} not in O.legal_options(board, "US")
    board["bids"]["US"] = {"bid": 4, "options": 1, "final": "5"}
    pool = board["powers"]["US"]["bid_points"]
    O.play_option(state, "US", {"option": "0g"}, ScriptedDice({}))
    # the US PE marker starts face down (3.2): modified PE is one less
    assert board["powers"]["US"]["bid_points"] == pool + 3 * modified_pe(board, "US")
    assert modified_pe(board, "US") == board["powers"]["US"]["pe"] - 1


def test_dod_8_7_2_mp0b_the_minor_stays_secret_from_every_other_power():
    state = fresh()                                     # turn 1: Germany plays first
    outcome = answer(state, "GE", {"option": "0b", "minor": "czechoslovakia", "ap": 3})
    state = outcome.state
    assert state["secret"]["GE"]["minor_ap"] == {"czechoslovakia": 3}
    assert view(RULESET, state, "seat:GE")["secret"]["GE"]["minor_ap"] == {"czechoslovakia": 3}
    assert "GE" in view(RULESET, state, "side:fascism")["secret"]
    for audience in ("seat:FR", "side:democracy", "side:communism", "public"):
        seen = view(RULESET, state, audience)
        assert "GE" not in seen["secret"], audience
        seen["board"].pop("display")            # the minors' public places on the display
        seen.pop("control")                     # and who controls each (8.1.2), all public
        seen.pop("reference")                   # the static names and catalogue, the same for all
        seen["board"].pop("league")             # the League's members, public (IPO 16)
        seen.pop("income")                      # what each power's minors give it (10.1)
        assert "czechoslovakia" not in canonical_json(seen), audience
        assert find_leaks(RULESET, state, audience) == [], audience
    shown = events_for(RULESET, state, outcome.events, "seat:FR")
    assert "czechoslovakia" not in canonical_json(shown)
    assert "czechoslovakia" in canonical_json(events_for(RULESET, state, outcome.events,
                                                         "seat:GE"))
    assert state["board"]["powers"]["GE"]["money"] == 10 - 3      # the spending is public


def test_dod_8_2_an_option_not_offered_is_refused_and_changes_nothing():
    state = fresh()
    before = canonical_json(state)
    for bad in ({"option": "0b", "minor": "atlantis", "ap": 1}, {"option": "0a", "dice": 0},
                {"option": "IPO 2"}, {"option": "0b", "minor": "austria", "ap": 4}):
        with pytest.raises(IllegalAction):
            answer(state, "GE", bad)
    assert canonical_json(state) == before


def _mid_step(played_step: int):
    state = fresh()
    state["flow"].update(cursor=1, played_step=played_step, ended=False)
    return state


def test_dod_8_6_the_end_roll_subtracts_one_per_option_already_played():
    state = _mid_step(played_step=2)          # Italy's option is the third of the step
    events = P.do_option(state, "IT", None, {"option": "0g"},
                         ScriptedDice({"end of political affairs after IT": [3]}))
    [roll] = [e for e in events if e.kind == "end_of_step_roll"]
    assert roll.data["modified"] == 1 and roll.data["over"]
    assert state["flow"]["ended"] and P.after_option(state) == "bonus"


def test_dod_8_6_a_modified_roll_above_one_lets_the_next_power_play():
    state = _mid_step(played_step=2)
    P.do_option(state, "IT", None, {"option": "0g"},
                ScriptedDice({"end of political affairs after IT": [4]}))
    assert not state["flow"]["ended"]
    assert P.after_option(state) == "politics"
    assert state["board"]["initiative"][state["flow"]["cursor"]] == "CW"


def test_dod_8_6_political_affairs_end_when_the_last_bidder_has_played_without_a_roll():
    state = fresh()
    state["flow"].update(cursor=7, played_step=7, ended=False)      # China, the last of turn 1
    events = P.do_option(state, "CH", None, {"option": "0g"}, ScriptedDice({}))
    assert [e.data["reason"] for e in events if e.kind == "political_affairs_over"] == [
        "last_bidder_done"]
    assert P.after_option(state) == "bonus"


def test_dod_8_6_bonus_bid_points_for_powers_that_played_nothing():
    state = fresh()
    board = state["board"]
    board["powers"]["GE"]["played"] = 1
    board["powers"]["FR"].update(pe=-2, face_down=False)
    before = {p: dict(board["powers"][p]) for p in SEATS}
    P.bonus_bids(state, ScriptedDice({}))
    assert board["powers"]["GE"]["bid_points"] == before["GE"]["bid_points"]    # it played
    assert board["powers"]["IT"]["bid_points"] == before["IT"]["bid_points"] + 2
    # face down: the US gains its PE less one
    assert board["powers"]["US"]["bid_points"] == before["US"]["bid_points"] + 0
    assert board["powers"]["FR"]["money"] == before["FR"]["money"] - 2          # pays instead
    assert board["powers"]["FR"]["bid_points"] == before["FR"]["bid_points"]
