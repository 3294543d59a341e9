"""DoD 8.7.2 GE 7 Anschluss (version 19, national.py): the first national option played from the
political map (dod-political). RULINGS 118-120."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET, production
from engine.rulesets.days_of_decision import military as M
from engine.rulesets.days_of_decision import national as N
from engine.rulesets.days_of_decision import national_common as NC
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import war_economy as WE
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from engine.rulesets.days_of_decision.world import political_map

from .positions import SEED, fresh, open_decisions


def offered(board) -> bool:
    return any(o["option"] == "GE7" for o in O.legal_options(board, "GE"))


def order(board, *first):
    board["initiative"] = list(first) + [p for p in board["initiative"] if p not in first]


def test_dod_8_7_2_ge7_ruling_118_the_pm_is_one_at_the_flat_income_a_quarter_a_level():
    board = fresh()["board"]
    assert WE.production_multiple(board, "GE") == 1 and offered(board)
    board["powers"]["GE"]["efforts"] = 1                    # one national effort run out: 3/4
    assert WE.production_multiple(board, "GE") == Fraction(3, 4) and offered(board)
    board["powers"]["GE"]["efforts"] = 2                    # two: 1/2, below GE 7 (b)
    assert WE.production_multiple(board, "GE") == Fraction(1, 2) and not offered(board)


def test_dod_8_7_2_ge7_a_to_d_italy_s_7_allies_ahead_and_a_free_austria():
    board = fresh()["board"]                                # turn 1: Germany 1st
    board["alliances"]["austria"] = ["IT"]
    assert offered(board)                                   # Germany ahead of Italy
    order(board, "IT")
    assert not offered(board)                               # (c) an ally of Austria ahead
    order(board, "GE")
    board["national"]["played"]["IT7"] = 1                  # (a) Italy's Anschluss
    assert not offered(board)
    board["national"]["played"].pop("IT7")
    for blocked in ({"minor_wars": [{"minor": "austria", "power": "IT"}]},
                    {"civil_wars": {"austria": {}}}, {"minors_conquered": {"austria": "IT"}},
                    {"aligned": {"austria": "IT"}}):
        saved = {k: board[k] for k in blocked}
        board.update(blocked)
        assert not offered(board), blocked                  # (d) Austria not free
        board.update(saved)
    assert offered(board)
    assert not any(o["option"] == "GE7" for o in O.legal_options(board, "IT"))


def test_dod_8_7_2_ge7_ruling_119_120_austria_joins_germany_through_the_kernel():
    state = fresh()
    board = state["board"]
    board["alliances"]["austria"] = ["IT"]
    board["guarantees"]["austria"] = ["FR"]
    army, income, money = (board["powers"]["GE"][k] for k in ("army", "income", "money"))
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["GE"]
    assert {"option": "GE7"} in decision.options
    after = apply(RULESET, state, "GE", decision.id, {"option": "GE7"}, seed=SEED).state
    RULESET.check_invariants(after)
    board = after["board"]
    ge = board["powers"]["GE"]
    assert ge["army"] == army + N.ANSCHLUSS_ARMY == army + 7           # printed
    assert ge["money"] == money - CATALOGUE["GE7"].cost
    # RULING 120, from the map: Austria's resource and factory make one more production point
    # (8 -> min(9, 11)), its level 3 adds to Germany's 12
    austria = political_map().territories["austria"]
    assert (austria.resources, austria.factories, austria.level) == (1, 1, 3)
    assert ge["income"] == income + 1 and production.breakdown(board, "GE")["points"] == income + 1
    assert M.conquest_level(board, "GE") == M.CONQUEST_LEVEL["GE"] + 3 == 15
    # RULING 119: Austria leaves the display held by Germany, its ties gone, nothing owed
    assert board["minors_conquered"]["austria"] == "GE"
    assert "austria" not in board["alliances"] and "austria" not in board["guarantees"]
    assert board["unavenged"] == [] and board["national"]["home"] == {"austria": "GE"}
    assert not offered(board)                                # one-shot


def test_dod_12_ruling_120_offensives_capped_at_the_larger_home_country():
    board = fresh()["board"]
    board["offensives"] = {}
    M._place_offensives(board, "FR", "GE", 40)
    assert board["offensives"]["FR>GE"] == 12                # the 1936 home country
    board["national"]["home"] = {"austria": "GE"}
    board["minors_conquered"]["austria"] = "GE"
    M._place_offensives(board, "FR", "GE", 40)
    assert board["offensives"]["FR>GE"] == 15                # Austria's 3 more
    assert M.conquest_level(board, "IT") == 8


# --- IT 7 Italian Anschluss (version 20, RULING 121) -----------------------------------------

def italy_offered(board) -> bool:
    return any(o["option"] == "IT7" for o in O.legal_options(board, "IT"))


def test_dod_8_7_2_it7_ruling_121_ge7_for_italy_each_barring_the_other():
    board = fresh()["board"]
    order(board, "IT")
    assert italy_offered(board)
    assert not any(o["option"] == "IT7" for o in O.legal_options(board, "GE"))
    assert not any(o["option"] == "GE7" for o in O.legal_options(board, "IT"))
    board["national"]["played"]["GE7"] = 1                  # (a) Germany's Anschluss
    assert not italy_offered(board)
    board["national"]["played"] = {"IT7": 1}                # and the other way round
    order(board, "GE")
    assert not offered(board)
    board["national"]["played"] = {}
    order(board, "IT")
    board["powers"]["IT"]["efforts"] = 2                    # (b) PM 1/2
    assert not italy_offered(board)
    board["powers"]["IT"]["efforts"] = 0
    board["alliances"]["austria"] = ["GE"]
    order(board, "GE", "IT")
    assert not italy_offered(board)                         # (c) Germany, Austria's ally, ahead
    order(board, "IT")
    assert italy_offered(board)
    board["aligned"]["austria"] = "GE"
    assert not italy_offered(board)                         # (d)


def test_dod_8_7_2_it7_ruling_121_austria_joins_italy_through_the_kernel():
    state = fresh()
    board = state["board"]
    order(board, "IT")
    board["alliances"]["austria"] = ["GE"]
    army, income, money = (board["powers"]["IT"][k] for k in ("army", "income", "money"))
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["IT"] and {"option": "IT7"} in decision.options
    after = apply(RULESET, state, "IT", decision.id, {"option": "IT7"}, seed=SEED).state
    RULESET.check_invariants(after)
    board = after["board"]
    it = board["powers"]["IT"]
    assert it["army"] == army + 7 and it["money"] == money - CATALOGUE["IT7"].cost
    world = political_map()
    added = world.production("IT", ("austria",)) - world.production("IT")
    assert it["income"] == income + added
    assert M.conquest_level(board, "IT") == M.CONQUEST_LEVEL["IT"] + 3 == 11
    assert M.conquest_level(board, "GE") == 12
    assert board["minors_conquered"]["austria"] == "IT"
    assert board["national"]["home"] == {"austria": "IT"} and "austria" not in board["alliances"]
    assert not italy_offered(board) and not offered(board)   # one-shot; GE 7 barred for good


# --- IT 8 Occupy Albania (version 20, RULING 128) --------------------------------------------

def albania_offered(board) -> bool:
    return {"option": "IT8"} in O.legal_options(board, "IT")


def test_dod_8_7_2_it8_ruling_128_pm_and_ahead_of_the_commonwealth():
    board = fresh()["board"]                                # turn 1: Italy 2nd, the CW 3rd
    assert albania_offered(board)
    order(board, "CW")
    assert not albania_offered(board)                       # the CW ahead
    order(board, "IT")
    board["powers"]["IT"]["efforts"] = 2                    # PM 1/2
    assert not albania_offered(board)
    assert not any(o["option"] == "IT8" for p in ("GE", "CW") for o in O.legal_options(board, p))


def test_dod_8_7_2_it8_ruling_128_albania_an_italian_colony_through_the_kernel():
    state = fresh()
    board = state["board"]
    order(board, "IT")
    income, money = board["powers"]["IT"]["income"], board["powers"]["IT"]["money"]
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert {"option": "IT8"} in decision.options
    after = apply(RULESET, state, "IT", decision.id, {"option": "IT8"}, seed=SEED).state
    RULESET.check_invariants(after)
    board = after["board"]
    assert board["national"]["colonies"] == {"albania": "IT"}
    assert board["powers"]["IT"]["money"] == money - CATALOGUE["IT8"].cost
    world = political_map()
    assert board["powers"]["IT"]["income"] == income + (
        world.production("IT", ("albania",)) - world.production("IT"))
    assert M.conquest_level(board, "IT") == 8               # a colony is not home country
    assert not albania_offered(board)
    # a colony's production counts with a later home territory: IT 7 after IT 8
    assert NC.gained(board, "IT") == ("albania",)
    board["national"]["home"]["austria"] = "IT"
    assert NC.gained(board, "IT") == ("albania", "austria")
