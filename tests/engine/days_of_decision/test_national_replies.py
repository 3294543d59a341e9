"""DoD 8.7.2 — national options answered by another power's 0(f) (version 20, RULINGS 122-123):
CH 6 Modernize Army, answered by the US, settled with the turn's proposals."""

from __future__ import annotations

from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import national as N
from engine.rulesets.days_of_decision import national_common as NC
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision import turn as TURN
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh

NO_DICE = ScriptedDice({})


def order(board, *first):
    board["initiative"] = list(first) + [p for p in board["initiative"] if p not in first]


def ch6_offered(board) -> bool:
    return {"option": "CH6"} in O.legal_options(board, "CH")


def test_dod_8_7_2_ch6_china_ahead_of_the_soviet_union_and_japan():
    board = fresh()["board"]
    order(board, "CH")
    assert ch6_offered(board)
    order(board, "JA", "CH")
    assert not ch6_offered(board)                        # Japan ahead
    order(board, "RU", "CH")
    assert not ch6_offered(board)                        # the Soviet Union ahead
    order(board, "GE", "CW", "CH")
    assert ch6_offered(board)                            # others ahead do not matter
    assert not any(o["option"] == "CH6" for p in ("US", "RU", "JA")
                   for o in O.legal_options(board, p))


def test_dod_8_7_2_mp0f_ruling_122_the_us_answers_ch6_and_china_pays_on_success():
    state = fresh()
    board = state["board"]
    order(board, "CH")
    money, army = board["powers"]["CH"]["money"], board["powers"]["CH"]["army"]
    O.play_option(state, "CH", {"option": "CH6"}, NO_DICE)
    assert board["proposals"] == [{"from": "CH", "to": "US", "turn": 1, "kind": "national",
                                   "option": "CH6"}]
    assert board["powers"]["CH"]["money"] == money               # nothing paid yet (8.4.1)
    # the 0(f) reply kind is the general one: China waits among the US's proposers
    offered = [o["agree"] for o in O.legal_options(board, "US") if o["option"] == "0f"]
    assert offered[0] == ["CH"]
    # a proposal of kind national does not count as a treaty asked for (MP 3)
    assert {"option": "MP3", "to": "US"} in O.legal_options(board, "CH")
    O.play_option(state, "US", {"option": "0f", "agree": ["CH"]}, NO_DICE)
    events = P.bonus_bids(state, NO_DICE)
    assert [e.kind for e in events if e.kind == "modernize_army"] == ["modernize_army"]
    assert board["proposals"] == [] and board["accepts"] == {}
    assert board["powers"]["CH"]["money"] == money - CATALOGUE["CH6"].cost
    assert board["national"]["army_due"] == {"CH": N.MODERNIZE_ARMY} and NC.played(board, "CH6")
    assert board["powers"]["CH"]["army"] == army                 # RULING 123: not yet
    RULESET.check_invariants(state)
    TURN.production(state, NO_DICE)
    assert board["powers"]["CH"]["army"] == army + 15            # printed
    assert board["national"]["army_due"] == {}
    assert not ch6_offered(board)                                # once a game


def test_dod_8_7_2_mp0f_ruling_122_a_0f_before_the_option_agrees_and_none_fails_at_no_cost():
    state = fresh()
    board = state["board"]
    order(board, "US", "CH")
    O.play_option(state, "US", {"option": "0f", "agree": ["CH"]}, NO_DICE)     # first
    O.play_option(state, "CH", {"option": "CH6"}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["national"]["army_due"] == {"CH": 15}
    # no answer (or one naming someone else): the option fails, costs nothing, may be retried
    state = fresh()
    board = state["board"]
    order(board, "CH")
    money = board["powers"]["CH"]["money"]
    O.play_option(state, "CH", {"option": "CH6"}, NO_DICE)
    O.play_option(state, "US", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    events = P.bonus_bids(state, NO_DICE)
    assert "national_option_failed" in [e.kind for e in events]
    assert board["powers"]["CH"]["money"] == money and board["national"]["army_due"] == {}
    assert not NC.played(board, "CH6")
    board["powers"]["CH"]["mp_played"] = []                      # a later turn
    assert ch6_offered(board)
