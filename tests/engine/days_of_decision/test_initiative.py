"""DoD 6 — initiative: sealed bids, the ranking, the Democrats' drop-down."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.kernel import IllegalAction, canonical_json, view
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import initiative as I
from engine.rulesets.days_of_decision.powers import SEATS, TURN_ONE_ORDER

from .positions import answer, fresh, open_decisions, play_until

# The book's example (6): turn 2, after the fixed turn-1 order; Germany, the USA and China do
# not bid; Japan bids 6 for two options; Italy 2, the Soviets 3, the CW 1, France 2.
EXAMPLE_BIDS = {"GE": (0, 0), "US": (0, 0), "CH": (0, 0), "JA": (6, 2), "IT": (2, 1),
                "RU": (3, 1), "CW": (1, 1), "FR": (2, 1)}


def example_board():
    board = fresh()["board"]
    # Italy has the higher PE than the Soviets; the CW and France are level.
    for power, pe in {"IT": 3, "RU": 2, "CW": 2, "FR": 2}.items():
        board["powers"][power].update(pe=pe, face_down=False)
    return board


def test_dod_6_final_bid_adds_the_position_modifier_then_divides_unrounded():
    assert I.final_bid(9, 2, 1) == Fraction(13, 2)          # the book's 6.5
    finals = {p: I.final_bid(b, k, TURN_ONE_ORDER.index(p) + 1)
              for p, (b, k) in EXAMPLE_BIDS.items()}
    assert finals == {"IT": 5, "RU": 5, "GE": 4, "CW": 4, "FR": 4, "JA": Fraction(7, 2),
                      "US": 1, "CH": 0}


def test_dod_6_ranking_reproduces_the_book_example():
    bids = {p: {"bid": b, "options": k} for p, (b, k) in EXAMPLE_BIDS.items()}
    order = I.rank(example_board(), bids, list(TURN_ONE_ORDER))
    # Italy over the Soviets on PE; Germany (4, no bid) below every bidder; CW over France on
    # last turn's order; Japan 5th.
    assert order == ["IT", "RU", "CW", "FR", "JA", "GE", "US", "CH"]


def test_dod_6_turn_one_has_no_bidding_and_the_fixed_order():
    state = fresh()
    assert state["board"]["initiative"] == list(TURN_ONE_ORDER)
    assert state["board"]["weather"] is not None
    [decision] = open_decisions(state)
    assert decision.kind == "option" and decision.seats == ("GE",)


def test_dod_6_bids_are_sealed_until_every_power_has_bid_then_revealed_and_spent():
    state = play_until(fresh(), "initiative")
    assert {d.kind for d in open_decisions(state)} == {"bid"}
    pool = state["board"]["powers"]["GE"]["bid_points"]
    state = answer(state, "GE", {"bid": pool, "options": 1}).state
    # Italy's view says Germany has answered, and nothing of what.
    seen = canonical_json(view(RULESET, state, "seat:IT"))
    assert '"answered":["GE"]' in seen.replace(" ", "")
    assert f'"bid":{pool},"options":1' not in seen.replace(" ", "")
    assert state["board"]["powers"]["GE"]["bid_points"] == pool          # not spent yet
    for power in SEATS:
        if power != "GE":
            state = answer(state, power, {"bid": 0, "options": 0}).state
    assert state["board"]["bids"]["GE"]["bid"] == pool                  # revealed to all
    assert state["board"]["powers"]["GE"]["bid_points"] == 0            # spent
    assert state["board"]["initiative"][0] == "GE"
    assert state["board"]["last_bidder"] == "GE"


def test_dod_6_a_bid_beyond_the_pool_is_refused_and_changes_nothing():
    state = play_until(fresh(), "initiative")
    pool = state["board"]["powers"]["IT"]["bid_points"]
    before = canonical_json(state)
    with pytest.raises(IllegalAction):
        answer(state, "IT", {"bid": pool + 1, "options": 1})
    with pytest.raises(IllegalAction):
        answer(state, "IT", {"bid": 1, "options": 0})
    assert canonical_json(state) == before


def test_dod_6_democrats_drop_down_from_the_back_of_the_track():
    state = {"board": {"initiative": ["IT", "CW", "GE", "FR", "US", "RU", "CH", "JA"]},
             "flow": {}}
    assert I.after_bids(state) == "democrats"
    assert state["flow"]["drop"] == ["CH", "US", "FR", "CW"]


def test_dod_6_a_democrat_that_bid_stays_above_every_power_that_did_not():
    board = {"initiative": ["IT", "CW", "GE", "FR", "US", "RU", "CH", "JA"],
             "bids": {p: {"bid": 1 if p in ("IT", "CW", "GE", "FR") else 0} for p in SEATS}}
    assert I.drop_positions(board, "CW") == [2, 3, 4]
    assert I.drop_positions(board, "US") == [5, 6, 7, 8]       # did not bid: anywhere below


def test_dod_6_dropping_down_moves_the_others_up_and_the_last_bidder_marker():
    state = play_until(fresh(), "initiative")
    for power in SEATS:
        bid = {"bid": 1, "options": 1} if power in ("CW", "GE") else {"bid": 0, "options": 0}
        state = answer(state, power, bid).state
    order = state["board"]["initiative"]
    assert order[:2] == ["GE", "CW"] and state["board"]["last_bidder"] == "CW"
    # reverse order: CH, US, FR decline first
    for power in [p for p in reversed(order) if p in ("CH", "US", "FR")]:
        here = state["board"]["initiative"].index(power) + 1
        state = answer(state, power, {"position": here}, kind="drop").state
    with pytest.raises(IllegalAction):        # CW bid: it may not fall below a non-bidder
        answer(state, "CW", {"position": 3}, kind="drop")
    state = answer(state, "CW", {"position": 2}, kind="drop").state
    assert state["flow"]["step"] == "politics"
