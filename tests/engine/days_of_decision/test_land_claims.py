"""DoD 8.7.2 GE 13 Support Hungarian and Bulgarian land claims and GE 14 Support Rumanian land
claims (version 23, land_claims.py): GE 14's German '2' resource marker in Rumania in place of
the 2.3 set-up's '1', and its end (RULINGS 138-141); GE 13 answered by Italy's 0(f), the
territories passing between minors and the markers moving (RULINGS 142-143)."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, apply
from engine.kernel.canonical import state_hash
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import land_claims as LC
from engine.rulesets.days_of_decision import minor_army as MA
from engine.rulesets.days_of_decision import national_common as NC
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision import turn as TURN
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})


def offered(board, power="GE", option="GE14") -> bool:
    return {"option": option} in O.legal_options(board, power)


def test_dod_8_7_2_ge14_ruling_138_its_prerequisites():
    board = fresh()["board"]
    assert board["initiative"][0] == "GE" and offered(board)     # nobody allied: vacuous
    assert not any(offered(board, p) for p in board["initiative"] if p != "GE")
    # Germany must be ahead of every power allied to Rumania, Hungary or Bulgaria
    board["initiative"] = ["IT", "GE"] + [p for p in board["initiative"] if p not in ("IT", "GE")]
    board["alliances"]["bulgaria"] = ["IT"]
    assert not offered(board)
    board["alliances"]["bulgaria"] = ["CW"]                    # behind Germany
    assert offered(board)
    board["alliances"]["hungary"] = ["GE", "IT"]               # Germany's own does not count
    assert not offered(board)
    del board["alliances"]["hungary"]
    # GE 13 never played (the card says so; GE 13 is absent, so only a played record bars it)
    board["national"]["played"]["GE13"] = 1
    assert not offered(board)
    del board["national"]["played"]["GE13"]
    # RULING 138: Rumania still on the display
    board["minors_conquered"]["rumania"] = "RU"
    assert not offered(board)


def test_dod_8_7_2_ge14_ruling_139_the_marker_through_the_kernel():
    state = fresh()
    board = state["board"]
    before = dict(board["powers"]["GE"])
    assert NC.map_income(board, "GE") == 8                       # ruling 114: 8 of 10
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["GE"] and {"option": "GE14"} in decision.options
    result = apply(RULESET, state, "GE", decision.id, {"option": "GE14"}, seed=SEED)
    after = result.state
    RULESET.check_invariants(after)
    board = after["board"]
    assert board["national"]["markers"] == {"rumania": {"GE": LC.RUMANIAN_MARKER}}
    # the '2' replaces the set-up's '1': one resource more, a spare German factory uses it
    assert NC.SETUP_MARKERS["rumania"] == {"GE": 1}
    assert NC.map_income(board, "GE") == 9
    ge = board["powers"]["GE"]
    assert ge["income"] == before["income"] + 1
    assert ge["money"] == before["money"] - CATALOGUE["GE14"].cost
    events = [e for e in result.events if e.kind == "rumanian_claims"]
    assert len(events) == 1 and events[0].data["income_added"] == 1
    ge["mp_played"] = []
    assert not offered(board)                                    # one-shot


def test_dod_8_7_2_ge14_bad_input_is_refused_with_no_change():
    state = fresh()
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    frozen = state_hash(state)
    for action in ({"option": "GE14", "minor": "hungary"}, {"option": "GE12"},
                   {"option": "GE13", "agree": ["IT"]}):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "GE", decision.id, action, seed=SEED)
    assert state_hash(state) == frozen
    # played once, it is offered no more in a later turn (one-shot, ruling 112)
    after = apply(RULESET, state, "GE", decision.id, {"option": "GE14"}, seed=SEED).state
    after["board"]["turn"] = 2
    after["board"]["powers"]["GE"].update(mp_played=[], played=False)
    assert not offered(after["board"]) and offered(state["board"])


def _claimed():
    state = fresh()
    O.play_option(state, "GE", {"option": "GE14"}, NO_DICE)
    return state


def test_dod_8_7_2_ge14_ruling_140_the_marker_ends_with_war_civil_war_or_another_s_alignment():
    state = _claimed()
    board = state["board"]
    income = board["powers"]["GE"]["income"]
    board["aligned"]["rumania"] = "GE"                         # Germany's own alignment keeps it
    assert TURN.production(state, NO_DICE) and board["national"]["markers"]
    assert board["powers"]["GE"]["income"] == income
    for change in (lambda b: b["aligned"].update(rumania="RU"),
                   lambda b: b["minor_wars"].append({"power": "RU", "minor": "rumania",
                                                     "since": 1}),
                   lambda b: b["minors_conquered"].update(rumania="RU"),
                   lambda b: b["civil_wars"].update(rumania={
                       "since": 1, "favoured": "rebels", "sides": {
                           side: {"director": d, "plays": {d: 1}, "army": 3, "naval": 0,
                                  "offensives": 0, "holdings": 2, "lent": {}}
                           for side, d in (("government", "FR"), ("rebels", "RU"))}})):
        state = _claimed()
        board = state["board"]
        income = board["powers"]["GE"]["income"]
        change(board)
        events = TURN.production(state, NO_DICE)
        ended = [e for e in events if e.kind == "resource_marker_ends"]
        assert len(ended) == 1 and ended[0].data == {"power": "GE", "minor": "rumania",
                                                     "income_added": -1}
        assert board["national"]["markers"] == {}
        assert board["powers"]["GE"]["income"] == income - 1


def test_dod_8_7_2_ge13_ruling_142_its_prerequisites_and_the_bar_between_13_and_14():
    board = fresh()["board"]
    assert offered(board, option="GE13")
    assert not any(offered(board, p, "GE13") for p in board["initiative"] if p != "GE")
    board["national"]["played"]["GE14"] = 1                   # each bars the other
    assert not offered(board, option="GE13")
    board["national"]["played"] = {"GE13": 1}
    assert not offered(board) and not offered(board, option="GE13")    # GE 13 one-shot too
    board["national"]["played"] = {}
    for change, undo in ((lambda b: b["aligned"].update(rumania="RU"),
                          lambda b: b["aligned"].pop("rumania")),
                         (lambda b: b["minor_wars"].append({"power": "RU", "minor": "rumania",
                                                            "since": 1}),
                          lambda b: b["minor_wars"].clear()),
                         (lambda b: b["minors_conquered"].update(hungary="IT"),
                          lambda b: b["minors_conquered"].pop("hungary")),
                         (lambda b: b["conquered"].append("IT"),        # nobody to answer
                          lambda b: b["conquered"].remove("IT"))):
        change(board)
        assert not offered(board, option="GE13")
        undo(board)
        assert offered(board, option="GE13")


def test_dod_8_7_2_ge13_ruling_143_italy_s_0f_moves_territories_and_markers_through_the_kernel():
    state = fresh()
    board = state["board"]
    income, money = board["powers"]["GE"]["income"], board["powers"]["GE"]["money"]
    levels = {m: MA.conquest_level(board, m) for m in LC.CLAIMANTS}
    assert levels == {"rumania": 4, "hungary": 3, "bulgaria": 3}
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["GE"] and {"option": "GE13"} in decision.options
    state = apply(RULESET, state, "GE", decision.id, {"option": "GE13"}, seed=SEED).state
    assert state["board"]["powers"]["GE"]["money"] == money       # paid only on success
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["IT"] and {"option": "0f", "agree": ["GE"]} in decision.options
    state = apply(RULESET, state, "IT", decision.id, {"option": "0f", "agree": ["GE"]},
                  seed=SEED).state
    events = P.bonus_bids(state, NO_DICE)
    RULESET.check_invariants(state)
    board = state["board"]
    granted = [e for e in events if e.kind == "land_claims_granted"]
    assert len(granted) == 1 and granted[0].data["income_added"] == 1
    assert board["national"]["claims"] == {"transylvania": "hungary", "south_dobruja": "bulgaria"}
    # the set-up's German '1' in Rumania gone, a German '1' in Hungary and Bulgaria: 8 - 1 + 2
    assert board["national"]["markers"] == {"rumania": {}, "hungary": {"GE": 1},
                                            "bulgaria": {"GE": 1}}
    assert NC.map_income(board, "GE") == 9 and board["powers"]["GE"]["income"] == income + 1
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["GE13"].cost
    # Transylvania's level 1 from Rumania to Hungary; South Dobruja's is 0 (ruling 115)
    assert {m: MA.conquest_level(board, m) for m in LC.CLAIMANTS} == \
        {"rumania": 3, "hungary": 4, "bulgaria": 3}
    assert not offered(board) and not offered(board, option="GE13")
    # a war on Rumania ends nothing (the removal is for good); one on Hungary ends its marker
    board["minor_wars"].append({"power": "RU", "minor": "rumania", "since": 1})
    assert [e for e in TURN.production(state, NO_DICE) if e.kind == "resource_marker_ends"] == []
    assert board["national"]["markers"]["rumania"] == {} and NC.map_income(board, "GE") == 9
    board["minor_wars"].append({"power": "RU", "minor": "hungary", "since": 1})
    ended = [e.data for e in TURN.production(state, NO_DICE) if e.kind == "resource_marker_ends"]
    assert ended == [{"power": "GE", "minor": "hungary", "income_added": -1}]
    assert board["powers"]["GE"]["income"] == income


def test_dod_8_7_2_ge13_fails_without_italy_and_lapses_if_rumania_is_no_longer_free():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "GE13"}, NO_DICE)
    events = P.bonus_bids(state, NO_DICE)
    assert [e.data["option"] for e in events if e.kind == "national_option_failed"] == ["GE13"]
    assert board["powers"]["GE"]["money"] == money and board["national"]["claims"] == {}
    # agreed, but Rumania at war by the end of the step: it lapses at no cost (ruling 143)
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE13"}, NO_DICE)
    O.play_option(state, "IT", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    board["minor_wars"].append({"power": "RU", "minor": "rumania", "since": 1})
    events = P.bonus_bids(state, NO_DICE)
    assert "land_claims_lapsed" in [e.kind for e in events]
    assert board["powers"]["GE"]["money"] == money and board["national"]["markers"] == {}
    assert "GE13" not in board["national"]["played"]
