"""DoD 10.1 / 10.1.1 — income from factories, resources and the production multiple, with
8.1.3 / 8.1.4's use of controlled minors (version 24, rulings 144-147)."""

from __future__ import annotations

from engine.kernel import view
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import production as P
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision.control import controller
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh

START = {"CH": 3, "CW": 10, "FR": 10, "GE": 9, "IT": 6, "JA": 6, "RU": 8, "US": 10}


def _war(board, a, b):
    board["wars"].append({"aggressor": a, "target": b, "since": 1})


def test_dod_10_1_ruling_144_start_income_from_territories_minors_and_protection():
    """Each power's 1936 territories give its old flat figure as production points (ruling
    114); the minors it controls add what 8.1.3 allows (France's Belgium and Czechoslovakia in
    its own faction, Italy's Austria, Bulgaria and Hungary, Germany's set-up markers in Rumania
    and Sweden), and each protectionist adds its PM (10.1.1): the production step pays it."""
    state = fresh()
    board = state["board"]
    table = P.table(board)
    assert {p: row["income"] for p, row in table.items()} == START
    assert table["FR"]["minors"] == {"belgium": {"resources": 1, "factories": 2},
                                     "czechoslovakia": {"resources": 2, "factories": 3}}
    assert table["FR"]["points"] == 9 and table["FR"]["protectionist"] == "1"
    assert table["GE"]["minors"] == {"rumania": {"resources": 1, "factories": 0},
                                     "sweden": {"resources": 1, "factories": 0}}
    assert (table["GE"]["territories"]["resources"], table["GE"]["points"]) == (6, 8)
    assert table["US"]["protectionist"] == "0"             # the free trader (3.2)
    money = {p: e["money"] for p, e in board["powers"].items()}
    events = T.production(state, ScriptedDice({}))
    paid = [e for e in events if e.kind == "income"][0].data["income"]
    assert paid == START
    assert all(board["powers"][p]["money"] == money[p] + START[p] for p in START)


def test_dod_10_1_8_1_3_a_controlled_minor_at_peace_by_the_factions_between():
    """Hungary (orthodox fascist, a resource) is Italy's in its own faction. Two factions away
    at peace a controller uses nothing; one away, resources and red factories."""
    board = fresh()["board"]
    assert controller(board, "hungary") == "IT"
    assert P.breakdown(board, "IT")["minors"]["hungary"] == {"resources": 1, "factories": 0}
    board["display"]["hungary"] = "-1,-1"                  # fascist moderate
    board["display"]["GE"] = "-4,3"                        # Germany further off
    board["display"]["IT"] = "-2,-2"                       # fascist radical, 2 factions away
    assert controller(board, "hungary") == "IT"
    assert "hungary" not in P.breakdown(board, "IT")["minors"]
    board["display"]["IT"] = "-1,-2"                       # orthodox: one faction away
    assert P.breakdown(board, "IT")["minors"]["hungary"] == {"resources": 1, "factories": 0}


def test_dod_10_1_8_1_4_at_war_two_factions_away_still_gives_resources():
    board = fresh()["board"]
    board["display"]["hungary"] = "-1,-1"
    board["display"]["GE"] = "-4,3"
    board["display"]["IT"] = "-2,-2"
    assert controller(board, "hungary") == "IT"
    assert "hungary" not in P.breakdown(board, "IT")["minors"]
    _war(board, "IT", "FR")                                # at war with a major power
    assert P.breakdown(board, "IT")["minors"]["hungary"] == {"resources": 1, "factories": 0}


def test_dod_10_1_8_1_3_committed_resources_go_to_the_closest_controller_only():
    """Rumania (2 resources) holds Germany's set-up '1'. Italy controlling it one faction away
    uses the free one; in its own faction it would take Germany's only with a better
    initiative (Italy is behind Germany); stacked it takes it, and Germany loses it."""
    board = fresh()["board"]
    board["display"]["rumania"] = "-2,-2"                  # fascist radical, Italy orthodox
    board["display"]["GE"] = "-4,1"
    assert controller(board, "rumania") in ("IT", "GE")
    board["display"]["rumania"] = "-1,-2"                  # orthodox, Italy's faction
    assert controller(board, "rumania") == "IT"
    assert P.breakdown(board, "IT")["minors"]["rumania"] == {"resources": 1, "factories": 0}
    assert P.breakdown(board, "GE")["minors"]["rumania"] == {"resources": 1, "factories": 0}
    board["initiative"] = ["IT", *[p for p in board["initiative"] if p != "IT"]]
    assert P.breakdown(board, "IT")["minors"]["rumania"] == {"resources": 2, "factories": 0}
    assert "rumania" not in P.breakdown(board, "GE")["minors"]
    board["initiative"] = ["GE", *[p for p in board["initiative"] if p != "GE"]]
    board["display"]["rumania"] = board["display"]["IT"]   # stacked with Italy
    assert P.breakdown(board, "IT")["minors"]["rumania"] == {"resources": 2, "factories": 0}
    assert P.income(board, "GE") == START["GE"] - 1


def test_dod_10_1_a_minor_at_war_in_civil_war_conquered_or_aligned():
    """10.1's exceptions: a minor at war gives its controller and its markers' holders nothing;
    conquered, its resources and red factories are the conqueror's; aligned (IPO 5),
    everything it has is the aligner's (ruling 144)."""
    board = fresh()["board"]
    board["minor_wars"].append({"aggressor": "GE", "minor": "czechoslovakia", "since": 1})
    assert "czechoslovakia" not in P.breakdown(board, "FR")["minors"]
    board["minor_wars"] = []
    board["minors_conquered"]["czechoslovakia"] = "GE"
    assert P.breakdown(board, "GE")["minors"]["czechoslovakia"] == {"resources": 2,
                                                                     "factories": 3}
    assert P.income(board, "GE") == START["GE"] + 2        # 8 -> min(10, 13) resources bind
    board["minors_conquered"] = {}
    board["minor_wars"].append({"aggressor": "GE", "minor": "rumania", "since": 1})
    assert "rumania" not in P.breakdown(board, "GE")["minors"]   # its marker idles at war
    board["aligned"]["rumania"] = "GE"
    assert P.breakdown(board, "GE")["minors"]["rumania"] == {"resources": 2, "factories": 0}


def test_dod_10_1_ruling_145_the_pm_and_its_temporary_levels():
    """PML 1 is a PM of 1 and a level a quarter; the Soviet Union at war with Germany and the
    US at war gain a level for the turn, the US a second at war with every Fascist."""
    board = fresh()["board"]
    assert P.multiple(board, "RU") == 1
    _war(board, "GE", "RU")
    assert str(P.multiple(board, "RU")) == "5/4"
    assert P.income(board, "RU") == 10                     # 7 * 5/4 + its own 5/4
    board["wars"] = []
    for foe in ("GE", "IT"):
        _war(board, foe, "US")
    assert str(P.multiple(board, "US")) == "5/4"
    _war(board, "JA", "US")
    assert str(P.multiple(board, "US")) == "3/2"
    assert P.income(board, "US") == 15                     # 10 points * 3/2, a free trader


def test_dod_10_1_1_ruling_147_protectionist_and_free_trader_additions():
    """Every protectionist adds its own PM; a power adds the PM of each free trader it has a
    treaty and a trade agreement with: Japan's printed agreement with the US is no treaty."""
    board = fresh()["board"]
    assert P.breakdown(board, "JA")["free_trade"] == {}
    board["treaties"]["CW-US"] = {"level": 1, "signed": 1}
    assert P.breakdown(board, "CW")["free_trade"] == {"US": "1"}
    assert P.income(board, "CW") == START["CW"] + 1
    board["powers"]["CW"]["free_trader"] = True            # IPO 18: no protectionist bonus
    assert P.income(board, "CW") == START["CW"]            # 9 + the US's 1
    board["powers"]["US"]["free_trader"] = False
    assert P.income(board, "US") == START["US"] + 1 + 1    # its own PM and the CW's


def test_dod_10_1_the_view_shows_every_power_s_income_to_every_audience():
    state = fresh()
    for audience in ("public", "seat:GE", "side:democracy"):
        shown = view(RULESET, state, audience)["income"]
        assert {p: row["income"] for p, row in shown.items()} == START
        assert shown["IT"]["minors"]["austria"] == {"resources": 1, "factories": 1}
