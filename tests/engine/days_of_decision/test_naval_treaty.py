"""DoD 8.7.1 IPO 15 (Naval Treaty) and 10.3 (recalculate naval ratios): rulings 79-81."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, MalformedAction
from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import naval_treaty as N
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import spending as S
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions

NO_DICE = ScriptedDice({})


def _down(board):
    return sorted(p for p in N.NAVAL_POWERS if board["powers"][p]["face_down"])


def test_dod_8_7_1_ipo15_ruling_79_ratios_from_the_printed_start_and_bought_naval_points():
    """The Classic at-start values; each bought naval point adds the power's multiple. China
    has no ratio and is never offered IPO 15."""
    board = fresh()["board"]
    assert {p: N.ratio(board, p) for p in N.NAVAL_POWERS} == N.AT_START_RATIO
    board["powers"]["RU"]["naval"] = 2
    assert N.ratio(board, "RU") == 15 + 2 * 5
    assert O.legal_options(board, "CH") == [o for o in O.legal_options(board, "CH")
                                            if o["option"] != "IPO15"]
    assert N.actions(board, "CH") == []


def test_dod_10_3_ipo15_lowest_face_down_second_only_if_outside_and_untied():
    """At start the US (10) and the USSR (15) are face down; the USSR joining turns its marker
    up at the next production; a tie for the lowest turns only the tied powers down."""
    state = fresh()
    board = state["board"]
    assert N.recalculate(board) == [] and _down(board) == ["RU", "US"]
    board["naval_treaty"] = ["RU"]
    events = N.recalculate(board)
    assert _down(board) == ["US"] and events[0].data["face_down"] == ["US"]
    board["naval_treaty"] = []
    board["powers"]["US"]["naval"] = 5                          # US 15 ties the USSR
    N.recalculate(board)
    assert _down(board) == ["RU", "US"]
    board["powers"]["US"]["naval"] = 3                          # US 13 lowest, USSR second
    board["powers"]["RU"]["naval"] = 1                          # USSR 20: Germany second
    N.recalculate(board)
    assert _down(board) == ["GE", "US"]


def test_dod_8_7_1_ipo15_ruling_80_join_and_repudiate_through_the_kernel():
    """The first power to choose is offered IPO 15; joining costs 1 and is recorded; a
    repudiation it may not make is refused and changes nothing."""
    state = fresh()
    decision = open_decisions(state)[0]
    power = decision.seats[0]
    assert {"option": "IPO15", "treaty": "join"} in decision.options
    before = canonical_json(state)
    with pytest.raises(IllegalAction):
        answer(state, power, {"option": "IPO15", "treaty": "repudiate"})
    assert canonical_json(state) == before
    money = state["board"]["powers"][power]["money"]
    result = answer(state, power, {"option": "IPO15", "treaty": "join"})
    board = result.state["board"]
    assert board["naval_treaty"] == [power]
    assert board["powers"][power]["money"] == money - 1
    assert {"option": "IPO15", "treaty": "repudiate"} in N.actions(board, power)


def test_dod_8_7_1_ipo15_bad_input_is_refused_with_no_change():
    state = fresh()
    before = canonical_json(state)
    with pytest.raises(MalformedAction):
        N.play(state, "FR", {"option": "IPO15", "treaty": "sink"}, NO_DICE)
    with pytest.raises(IllegalAction):
        N.play(state, "CH", {"option": "IPO15", "treaty": "join"}, NO_DICE)
    assert canonical_json(state) == before


def test_dod_8_7_1_ipo15_the_strongest_member_at_peace_builds_no_naval_points():
    """Japan (26, the highest) in the treaty and at peace may buy no naval points, and none is
    suggested; at war, or out of the treaty, it may."""
    state = fresh()
    board = state["board"]
    buy = {"bid_points": 0, "army": 0, "naval": 1}
    assert S.validate(board, "JA", buy) == buy
    O.play_option(state, "JA", {"option": "IPO15", "treaty": "join"}, NO_DICE)
    with pytest.raises(IllegalAction):
        S.validate(board, "JA", buy)
    assert all(s["naval"] == 0 for s in S.suggestions(board, "JA"))
    assert S.validate(board, "IT", buy) == buy                 # a member not the highest
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 1})
    assert S.validate(board, "JA", buy) == buy


def test_dod_8_7_1_ipo15_ruling_81_three_powers_at_war_suspend_the_treaty():
    """Three naval powers at war with major powers: no IPO 15, every marker face up, no build
    ban, the treaty emptied (everyone has repudiated when it returns)."""
    state = fresh()
    board = state["board"]
    board["naval_treaty"] = ["JA", "RU"]
    board["wars"] += [{"aggressor": "GE", "target": "FR", "since": 1}]
    assert not N.suspended(board)                              # two: GE and FR
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 1})   # China not counted
    assert N.suspended(board) and N.actions(board, "US") == []
    N.recalculate(board)
    assert _down(board) == [] and board["naval_treaty"] == []
