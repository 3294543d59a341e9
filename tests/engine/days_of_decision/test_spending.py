"""DoD 10.2 — spending at production: bid, army and naval points at 1 money each, down to the
credit limit; every power buys at once (a sealed group)."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, MalformedAction, canonical_json
from engine.rulesets.days_of_decision import spending as S
from engine.rulesets.days_of_decision.powers import SEATS
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions, play_until


def test_dod_10_2_the_book_example_the_commonwealth_spends_16_of_22():
    state = fresh()
    board = state["board"]
    board["powers"]["CW"].update(money=12, credit_limit=10)     # 5 surplus + 7 income
    assert S.budget(board, "CW") == 22
    bought = S.validate(board, "CW", {"bid_points": 5, "army": 7, "naval": 4})
    points = {k: board["powers"]["CW"][k] for k in S.ITEMS}
    S.resolve_spending(state, "g", [(None, "CW", bought)], ScriptedDice({}))
    assert board["powers"]["CW"]["money"] == -4
    assert {k: board["powers"]["CW"][k] - points[k] for k in S.ITEMS} == {
        "bid_points": 5, "army": 7, "naval": 4}


def test_dod_10_2_spending_past_the_credit_limit_is_refused():
    board = fresh()["board"]
    board["powers"]["CH"].update(money=-3, credit_limit=4)
    assert S.budget(board, "CH") == 1
    with pytest.raises(IllegalAction):
        S.validate(board, "CH", {"bid_points": 1, "army": 1, "naval": 0})
    board["powers"]["CH"]["money"] = -6                  # below it after a negative-PE payment
    assert S.budget(board, "CH") == 0


@pytest.mark.parametrize("bad", [None, 3, {"bid_points": 1}, {"bid_points": -1, "army": 0, "naval": 0},
                                 {"bid_points": 1.5, "army": 0, "naval": 0},
                                 {"bid_points": True, "army": 0, "naval": 0},
                                 {"bid_points": 0, "army": 0, "naval": 0, "x": 1}])
def test_dod_10_2_a_malformed_purchase_is_refused_and_changes_nothing(bad):
    state = play_until(fresh(), "spending")
    before = canonical_json(state)
    with pytest.raises((MalformedAction, IllegalAction)):
        answer(state, "GE", bad)
    assert canonical_json(state) == before


def test_dod_10_2_every_power_buys_at_once_and_the_purchases_are_public_after():
    state = play_until(fresh(), "spending")
    assert {d.kind for d in open_decisions(state)} == {"spend"}
    for power in SEATS:
        buy = {"bid_points": 1, "army": 0, "naval": 0} if power == "FR" else {
            "bid_points": 0, "army": 0, "naval": 0}
        state = answer(state, power, buy).state
    assert state["flow"]["step"] == "initiative" and state["board"]["turn"] == 2
