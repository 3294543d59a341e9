"""DoD 8.7.2 GE 9 Czech. Rump Occupied (version 22, cession.py), and what GE 8 / GE 10 take
from a minor's own conquest level (12.1, 12.2; minor_army.conquest_level). RULINGS 134-137."""

from __future__ import annotations

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import cession as C
from engine.rulesets.days_of_decision import civil_war as CIVIL
from engine.rulesets.days_of_decision import league as L
from engine.rulesets.days_of_decision import military as M
from engine.rulesets.days_of_decision import minor_army as MA
from engine.rulesets.days_of_decision import national_common as NC
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from engine.rulesets.days_of_decision.control import controller
from engine.rulesets.days_of_decision.minors import FORCES
from engine.rulesets.days_of_decision.world import political_map
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})


def offered(board, power="GE", option="GE9") -> bool:
    return {"option": option} in O.legal_options(board, power)


def sudetenland_ceded(state):
    """GE 8 made and granted in turn 1 by the real chain (the demand, then the end of political
    affairs), then the next turn's option step for Germany."""
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["national"]["home"] == {"sudetenland": "GE"}
    board["turn"] = 2
    board["powers"]["GE"].update(mp_played=[], played=False)
    return state


# --- GE 9's prerequisites -------------------------------------------------------------------

def test_dod_8_7_2_ge9_needs_ge8_granted_in_an_earlier_turn_and_a_free_czechoslovakia():
    state = fresh()
    board = state["board"]
    assert not offered(board)                                  # no GE 8 yet
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    board["powers"]["GE"]["mp_played"] = []
    assert NC.played(board, "GE8") and not offered(board)       # granted this turn, not before
    board["turn"] = 2
    assert offered(board)
    assert not any(o["option"] == "GE9" for p in ("IT", "CW", "FR")
                   for o in O.legal_options(board, p))
    for blocked in ({"minor_wars": [{"minor": "czechoslovakia", "power": "RU", "since": 1}]},
                    {"civil_wars": {"czechoslovakia": {}}},
                    {"minors_conquered": {"czechoslovakia": "RU"}},
                    {"aligned": {"czechoslovakia": "RU"}}):
        saved = {k: board[k] for k in blocked}
        board.update(blocked)
        assert not offered(board), blocked                     # Czechoslovakia not free
        board.update(saved)
    assert offered(board)
    # a blocked GE 8 never opens GE 9
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    O.play_option(state, "CW", {"option": "CW6"}, NO_DICE)
    O.play_option(state, "FR", {"option": "0f", "agree": ["CW"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    board["turn"] = 2
    board["powers"]["GE"]["mp_played"] = []
    assert board["national"]["blocked"] == {"GE8": 1} and not offered(board)


# --- GE 9's effects (RULINGS 136-137) -------------------------------------------------------

def test_dod_8_7_2_ge9_ruling_136_137_the_rump_a_german_colony_through_the_kernel():
    state = fresh()                         # the option step's flow, GE 8's board of turn 2
    state["board"] = sudetenland_ceded(fresh())["board"]
    board = state["board"]
    board["alliances"]["czechoslovakia"] = ["FR"]
    board["guarantees"]["czechoslovakia"] = ["CW"]
    board["modifiers"]["czechoslovakia"] = {"FR": 2}
    before = {p: dict(board["powers"][p]) for p in ("GE", "CW", "FR")}
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["GE"] and {"option": "GE9"} in decision.options
    after = apply(RULESET, state, "GE", decision.id, {"option": "GE9"}, seed=SEED).state
    RULESET.check_invariants(after)
    board = after["board"]
    ge = board["powers"]["GE"]
    assert ge["army"] == before["GE"]["army"] + C.RUMP_ARMY == before["GE"]["army"] + 21
    assert ge["money"] == before["GE"]["money"] - CATALOGUE["GE9"].cost
    # RULING 137: the Commonwealth +3 and France +1, both Democrats (printed)
    assert board["powers"]["CW"]["pe"] == before["CW"]["pe"] + 3
    assert board["powers"]["FR"]["pe"] == before["FR"]["pe"] + 1
    # RULING 136, from the map: Bohemia-Moravia and Slovakia a German colony, the Sudetenland
    # already home; Bohemia's resource and 2 factories: 9 -> min(10, 13), one point more
    world = political_map()
    assert board["national"]["colonies"] == {"bohemia": "GE", "slovakia": "GE"}
    assert board["national"]["home"] == {"sudetenland": "GE"}
    assert (world.territories["bohemia"].resources, world.territories["bohemia"].factories) \
        == (1, 2)
    assert ge["income"] == before["GE"]["income"] + 1
    assert NC.map_income(board, "GE") == 10
    assert M.conquest_level(board, "GE") == M.CONQUEST_LEVEL["GE"] + 1   # the Sudetenland only
    # off the display, held by Germany, its ties gone, no vote, nothing owed
    assert board["minors_conquered"]["czechoslovakia"] == "GE"
    assert controller(board, "czechoslovakia") == "GE"
    for table in ("alliances", "guarantees", "modifiers"):
        assert "czechoslovakia" not in board[table], table
    assert board["unavenged"] == [] and NC.absorbed(board, "czechoslovakia")
    assert all(country != "czechoslovakia" for country, _ in L._named(board, None, None))
    board["powers"]["GE"]["mp_played"] = []
    assert not offered(board)                                  # one-shot


def test_dod_8_7_2_ge9_ruling_136_the_occupation_does_not_open_fr8_s_war_branch():
    state = sudetenland_ceded(fresh())
    O.play_option(state, "GE", {"option": "GE9"}, NO_DICE)
    board = state["board"]
    board["turn"] = 3
    assert not offered(board, "FR", "FR8")                     # no war was declared
    board["minors_conquered"]["rumania"] = "GE"                # a conquest by war opens it
    assert offered(board, "FR", "FR8")


# --- the minor's own conquest level (RULINGS 134-135) ---------------------------------------

def test_dod_12_2_ruling_134_czechoslovakia_s_level_falls_by_the_sudetenland_s():
    state = fresh()
    board = state["board"]
    world = political_map()
    assert MA.conquest_level(board, "czechoslovakia") == FORCES["czechoslovakia"].conquest_level \
        == world.home_level("czechoslovakia") == 4
    sudetenland_ceded(state)
    assert world.territories["sudetenland"].level == 1
    assert MA.conquest_level(board, "czechoslovakia") == 3
    # a war on it: the offensives into it stop at 3, and 3 conquer it
    board["minor_wars"].append({"power": "RU", "minor": "czechoslovakia", "since": 2})
    MA.place(board, "RU", "czechoslovakia", 10)
    assert MA.into(board, "czechoslovakia") == 3
    board["minor_forces"]["czechoslovakia"] = {"army": 5, "naval": 0, "mobilised": True}
    assert MA.conqueror(board, "czechoslovakia") == "RU"
    # its civil war starts at half of 3 a side (the better initiative's side the odd one) and
    # its holdings are the 3 left (ruling 103)
    board["minor_wars"], board["minor_offensives"] = [], {}
    board["minor_forces"] = {}
    CIVIL.start(state, "RU", "FR", "czechoslovakia", ScriptedDice({
        "civil war in czechoslovakia: army split": [5],
        "civil war in czechoslovakia: naval split": [5]}))
    sides = board["civil_wars"]["czechoslovakia"]["sides"]
    assert sorted(s["offensives"] for s in sides.values()) == [1, 2]
    assert sum(s["holdings"] for s in sides.values()) == 3
    RULESET.check_invariants(state)


def test_dod_12_2_ruling_134_poland_s_level_falls_by_the_corridor_s():
    state = fresh()
    board = state["board"]
    assert MA.conquest_level(board, "poland") == 4
    O.play_option(state, "GE", {"option": "GE10"}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["national"]["home"] == {"danzig_corridor": "GE"}
    assert MA.conquest_level(board, "poland") == 3
    assert MA.conquest_level(board, "czechoslovakia") == 4     # nobody else's


def test_dod_8_7_2_ge8_ruling_135_a_demand_lapses_if_its_minor_is_no_longer_free():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    board["minor_wars"].append({"power": "RU", "minor": "czechoslovakia", "since": 1})
    events = P.bonus_bids(state, NO_DICE)
    assert "demand_lapsed" in [e.kind for e in events]
    assert board["national"]["home"] == {} and board["national"]["blocked"] == {}
    assert board["powers"]["GE"]["money"] == money and not NC.played(board, "GE8")
    assert MA.conquest_level(board, "czechoslovakia") == 4
    # not blocked: made again once Czechoslovakia is free
    board["minor_wars"] = []
    board["turn"] = 2
    board["powers"]["GE"]["mp_played"] = []
    assert offered(board, "GE", "GE8")
