"""DoD 8.7.2 GE 8 Demand Sudetenland and GE 10 Demand Danzig Corridor, with the answers that
block them — CW 6 and FR 8 (GE 8), CW 7 (GE 10) — each a national option answered by the other
Western power's 0(f) (version 21, RULINGS 129-133, on ruling 122's mechanism)."""

from __future__ import annotations

from engine.rulesets.days_of_decision import RULESET
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


def offered(board, power, option) -> bool:
    return {"option": option} in O.legal_options(board, power)


def test_dod_8_7_2_ge8_ge10_need_the_pm_and_a_free_minor():
    board = fresh()["board"]
    assert offered(board, "GE", "GE8") and offered(board, "GE", "GE10")
    board["powers"]["GE"]["efforts"] = 2                     # PM 1/2: below 3/4
    assert not offered(board, "GE", "GE8") and not offered(board, "GE", "GE10")
    board["powers"]["GE"]["efforts"] = 0
    board["aligned"]["czechoslovakia"] = "RU"                # aligned by a major power
    assert not offered(board, "GE", "GE8") and offered(board, "GE", "GE10")
    board["minor_wars"].append({"power": "RU", "minor": "poland", "since": 1})
    assert not offered(board, "GE", "GE10")
    assert not any(o["option"] in ("GE8", "GE10") for p in ("IT", "FR", "CW")
                   for o in O.legal_options(board, p))


def test_dod_8_7_2_ge8_ruling_130_unanswered_the_sudetenland_joins_germany():
    state = fresh()
    board = state["board"]
    money, income = board["powers"]["GE"]["money"], board["powers"]["GE"]["income"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    assert board["national"]["demands"] == [{"option": "GE8", "turn": 1}]
    assert board["powers"]["GE"]["money"] == money               # paid only on success
    assert offered(board, "CW", "CW6") and offered(board, "FR", "FR8")   # the answers open
    assert not offered(board, "CW", "CW7")
    events = P.bonus_bids(state, NO_DICE)
    granted = [e for e in events if e.kind == "demand_granted"]
    assert len(granted) == 1 and granted[0].data["territory"] == "sudetenland"
    assert board["national"]["home"] == {"sudetenland": "GE"}
    # the Sudetenland's resource and red factory: one production point more (ruling 114)
    assert board["powers"]["GE"]["income"] == income + 1
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["GE8"].cost
    assert board["national"]["demands"] == [] and NC.played(board, "GE8")
    assert "czechoslovakia" not in board["minors_conquered"]     # it stays on the display
    RULESET.check_invariants(state)
    board["powers"]["GE"]["mp_played"] = []
    assert not offered(board, "GE", "GE8")                       # once a game


def test_dod_8_7_2_cw6_ruling_131_france_s_0f_blocks_ge8_for_good_and_guarantees():
    state = fresh()
    board = state["board"]
    order(board, "GE", "CW", "FR")
    money = {p: board["powers"][p]["money"] for p in ("GE", "CW")}
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    O.play_option(state, "CW", {"option": "CW6"}, NO_DICE)
    assert {"from": "CW", "to": "FR", "turn": 1, "kind": "national",
            "option": "CW6"} in board["proposals"]
    O.play_option(state, "FR", {"option": "0f", "agree": ["CW"]}, NO_DICE)
    events = P.bonus_bids(state, NO_DICE)
    kinds = [e.kind for e in events]
    assert "demand_backed" in kinds and "demand_blocked" in kinds
    assert kinds.index("demand_backed") < kinds.index("demand_blocked")   # answers first
    assert board["national"]["home"] == {} and board["national"]["blocked"] == {"GE8": 1}
    assert board["powers"]["GE"]["money"] == money["GE"]         # a blocked demand is free
    assert board["powers"]["CW"]["money"] == money["CW"] - CATALOGUE["CW6"].cost
    assert set(board["guarantees"]["czechoslovakia"]) >= {"CW", "FR"}
    RULESET.check_invariants(state)
    board["powers"]["GE"]["mp_played"] = []
    assert not offered(board, "GE", "GE8") and offered(board, "GE", "GE10")


def test_dod_8_7_2_cw6_without_france_s_0f_fails_and_ge8_succeeds():
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    O.play_option(state, "CW", {"option": "CW6"}, NO_DICE)
    O.play_option(state, "FR", {"option": "0f", "agree": ["GE"]}, NO_DICE)   # names another
    events = P.bonus_bids(state, NO_DICE)
    kinds = [e.kind for e in events]
    assert "national_option_failed" in kinds and "demand_granted" in kinds
    assert board["national"]["home"] == {"sudetenland": "GE"}
    assert not NC.played(board, "CW6")


def test_dod_8_7_2_fr8_ruling_132_the_cw_s_0f_blocks_ge8_and_backs_the_little_entente():
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE8"}, NO_DICE)
    O.play_option(state, "FR", {"option": "FR8"}, NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["FR"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["national"]["blocked"] == {"GE8": 1} and board["national"]["home"] == {}
    for minor in ("czechoslovakia", "rumania", "yugoslavia"):
        assert {"CW", "FR"} <= set(board["guarantees"][minor]), minor
    # the war branch: a German war on Rumania begun in an earlier turn opens FR 8 alone
    board = fresh()["board"]
    assert not offered(board, "FR", "FR8")
    board["minor_wars"].append({"power": "GE", "minor": "rumania", "since": 1})
    assert not offered(board, "FR", "FR8")                       # not in an earlier turn
    board["turn"] = 2
    assert offered(board, "FR", "FR8")


def test_dod_8_7_2_ge10_cw7_and_poland_s_resource_until_war_or_alignment():
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE10"}, NO_DICE)
    assert offered(board, "CW", "CW7") and not offered(board, "CW", "CW6")
    income = board["powers"]["GE"]["income"]
    events = P.bonus_bids(state, NO_DICE)
    assert [e.data["territory"] for e in events if e.kind == "demand_granted"] \
        == ["danzig_corridor"]
    assert board["national"]["tribute"] == {"poland": "GE"}
    # the corridor has no resource or factory; Poland's resource feeds a spare German factory
    assert board["powers"]["GE"]["income"] == income + 1
    RULESET.check_invariants(state)
    board["minor_wars"].append({"power": "RU", "minor": "poland", "since": 1})
    events = TURN.production(state, NO_DICE)
    assert "tribute_ends" in [e.kind for e in events]
    assert board["national"]["tribute"] == {} and board["powers"]["GE"]["income"] == income
    # CW 7 with France's 0(f) blocks it
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "GE10"}, NO_DICE)
    O.play_option(state, "CW", {"option": "CW7"}, NO_DICE)
    O.play_option(state, "FR", {"option": "0f", "agree": ["CW"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["national"]["blocked"] == {"GE10": 1} and board["national"]["tribute"] == {}
    assert {"CW", "FR"} <= set(board["guarantees"]["poland"])
