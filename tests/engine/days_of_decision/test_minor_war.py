"""DoD 8.7.2 MP 4 — declaring war on a minor country (each power's option 4 for minors, the
ally's and guarantor's penalties of IPO 3 and IPO 12, the director); DoD 8.5 and IPO 3/12 —
what a minor at war bars; DoD 12.2 — conquest of a minor (RULING 41)."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, canonical_json
from engine.rulesets.days_of_decision import minor_war as MW
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.activation import activatable
from engine.rulesets.days_of_decision.control import controller
from engine.rulesets.days_of_decision.minors import MINORS
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions

NO_DICE = ScriptedDice({})


def _board(turn: int = 13, order=("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")):
    state = fresh()
    board = state["board"]
    board["turn"] = turn
    board["initiative"] = list(order)
    for entry in board["powers"].values():
        entry["army"] = 5
    return state, board


def _minor_targets(board, power):
    return {a["minor"] for a in O.legal_options(board, power)
            if a["option"] == "MP4" and "minor" in a}


def test_dod_8_7_2_ge4_germany_declares_on_a_minor_once_geared_up_and_with_an_army():
    state, board = _board(turn=12)
    assert not MW.may_declare_on_minor(board, "GE", "austria")       # PM 3/4 from 1938 (29)
    board["turn"] = 13
    assert _minor_targets(board, "GE") == set(MINORS)
    board["powers"]["GE"]["army"] = 0                                 # nothing can enter it
    assert not MW.may_declare_on_minor(board, "GE", "austria")


def test_dod_8_7_2_it4_ch4_initiative_within_the_willpower_and_ahead_of_every_ally():
    state, board = _board(order=("GE", "CW", "FR", "IT", "RU", "JA", "US", "CH"))
    # Italy is 4th: Poland (willpower 2) is out of reach, Czechoslovakia (4) within it
    assert not MW.may_declare_on_minor(board, "IT", "poland")
    assert MW.may_declare_on_minor(board, "IT", "czechoslovakia")
    board["alliances"]["czechoslovakia"] = ["FR"]                     # France is 3rd: ahead
    assert not MW.may_declare_on_minor(board, "IT", "czechoslovakia")
    board["alliances"]["czechoslovakia"] = ["US"]                     # the US is 7th: behind
    assert MW.may_declare_on_minor(board, "IT", "czechoslovakia")
    # China 8th: beyond every willpower of our minors
    assert _minor_targets(board, "CH") == set()


def test_dod_8_7_2_fr4_cw4_us4_the_democrats_need_an_allied_minor_or_the_first_place():
    state, board = _board(order=("CW", "FR", "GE", "IT", "RU", "JA", "US", "CH"))
    assert MW.may_declare_on_minor(board, "CW", "belgium")           # first on the track
    assert not MW.may_declare_on_minor(board, "FR", "belgium")       # not allied to anyone
    board["alliances"]["belgium"] = ["GE"]
    assert MW.may_declare_on_minor(board, "FR", "belgium")           # 2nd, ahead of Germany
    board["initiative"] = ["GE", "CW", "FR", "IT", "RU", "JA", "US", "CH"]
    assert not MW.may_declare_on_minor(board, "FR", "belgium")       # behind Germany now
    assert not MW.may_declare_on_minor(board, "CW", "belgium")
    board["initiative"] = ["US", "GE", "CW", "FR", "IT", "RU", "JA", "CH"]
    assert not MW.may_declare_on_minor(board, "US", "belgium")       # not at war with Germany
    board["wars"].append({"aggressor": "GE", "target": "US", "since": 13})
    assert MW.may_declare_on_minor(board, "US", "belgium")


def test_dod_8_7_2_ja4_ru4_japan_on_unallied_minors_the_soviets_only_at_war_with_germany():
    state, board = _board()
    assert MW.may_declare_on_minor(board, "JA", "spain")             # no alliance
    board["alliances"]["spain"] = ["IT"]                              # Italy 2nd, Japan 6th
    assert not MW.may_declare_on_minor(board, "JA", "spain")
    assert not MW.may_declare_on_minor(board, "RU", "finland")
    board["wars"].append({"aggressor": "GE", "target": "RU", "since": 13})
    assert MW.may_declare_on_minor(board, "RU", "finland")


def test_dod_8_7_2_mp4_war_on_your_own_ally_costs_pe_and_markers_and_ends_the_ties():
    state, board = _board()
    board["alliances"].update(austria=["GE", "IT"], hungary=["GE"])
    board["guarantees"].update(austria=["GE"], bulgaria=["GE"])
    pe, money = board["powers"]["GE"]["pe"], board["powers"]["GE"]["money"]
    chart = MW.war_chart_effects(board, "austria")                    # added to them (ruling 44)
    O.play_option(state, "GE", {"option": "MP4", "minor": "austria"}, NO_DICE)
    assert board["powers"]["GE"]["pe"] == pe - 2                     # alliance 1 + guarantee 1
    assert board["powers"]["GE"]["money"] == money - 4
    # -3 in every other minor allied or guaranteed, -2 more in the guaranteed ones
    assert board["modifiers"]["hungary"]["GE"] == -3 + chart.get("hungary", 0)
    assert board["modifiers"]["bulgaria"]["GE"] == -5 + chart.get("bulgaria", 0)
    assert board["alliances"]["austria"] == ["IT"] and "austria" not in board["guarantees"]
    assert "GE" in board["casus_belli"]["IT"]                         # Italy's ally attacked
    assert MW.at_war_with_minor(board, "GE", "austria")
    assert "MP4" in board["powers"]["GE"]["mp_played"]                # no activation this turn


def test_dod_8_7_2_mp4_the_director_controls_else_allied_else_at_war_else_nearest():
    state, board = _board()
    # Czechoslovakia sits in the Democrats' sector: its controller directs it
    holder = controller(board, "czechoslovakia")
    assert holder is not None
    assert MW.director(board, "GE", "czechoslovakia", holder) == holder
    # nobody controls a minor in the centre; an ally of another ideology comes first
    board["alliances"]["turkey"] = ["RU"]
    assert MW.director(board, "GE", "turkey", None) == "RU"
    board["alliances"].pop("turkey")
    board["wars"].append({"aggressor": "GE", "target": "US", "since": 13})
    assert MW.director(board, "GE", "turkey", None) == "US"          # at war with the declarer
    board["wars"].clear()
    # never a power of the declarer's own ideology
    assert MW.director(board, "GE", "turkey", None) not in ("GE", "IT", "JA")


def test_dod_8_7_1_ipo3_ipo12_and_8_5_a_minor_at_war_takes_no_alliance_guarantee_or_activation():
    state, board = _board()
    board["modifiers"]["austria"] = {"GE": 2}
    assert "austria" in activatable(board, "GE")
    O.play_option(state, "GE", {"option": "MP4", "minor": "austria"}, NO_DICE)
    for power in ("CW", "FR", "RU"):
        offered = O.legal_options(board, power)
        assert not any(a.get("minor") == "austria" and a["option"] in ("IPO3", "IPO12")
                       for a in offered)
    assert "austria" not in activatable(board, "GE")
    assert "austria" not in _minor_targets(board, "GE")              # already at war with it


def test_dod_12_2_2_ruling_49_a_minor_falls_to_offensives_at_its_conquest_level_not_before():
    state, board = _board()
    O.play_option(state, "GE", {"option": "MP4", "minor": "austria"}, NO_DICE)
    O.play_option(state, "GE", {"option": "MP4", "minor": "sweden"}, NO_DICE)   # (test only)
    board["coup_cells"]["austria"] = ["FR"]
    board["minor_offensives"].update({"GE>austria": 3, "GE>sweden": 3})   # levels 3 and 4
    events = MW.conquest(state, NO_DICE)
    assert [e.data for e in events if e.kind == "minor_conquered"] == [
        {"minor": "austria", "power": "GE"}]
    assert board["minors_conquered"] == {"austria": "GE"}
    assert "austria" not in board["coup_cells"] and "austria" not in board["minor_forces"]
    assert board["minor_offensives"] == {"GE>sweden": 3}
    assert [w["minor"] for w in board["minor_wars"]] == ["sweden"]    # one short: fights on
    assert controller(board, "austria") == "GE"                       # held by its conqueror
    for power in ("CW", "FR", "RU", "IT"):
        assert not any(a.get("minor") == "austria" for a in O.legal_options(board, power))


def test_dod_8_7_2_mp4_a_declaration_on_a_minor_through_the_kernel_and_a_refused_one():
    state, board = _board(order=("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"))
    before = canonical_json(state)
    for bad in ({"option": "MP4", "minor": "atlantis"}, {"option": "MP4", "minor": 3}):
        with pytest.raises(IllegalAction):
            answer(state, "GE", bad)
    assert canonical_json(state) == before
    outcome = answer(state, "GE", {"option": "MP4", "minor": "poland"})
    assert [e.data["minor"] for e in outcome.events if e.kind == "war_on_minor"] == ["poland"]
    assert MW.at_war_with_minor(outcome.state["board"], "GE", "poland")


# --- RULING 42: a director may decline, and may make peace for its minor ---------------------

def _declare_through_the_kernel(minor: str, allies: dict[str, list[str]] | None = None):
    state, board = _board()
    board["alliances"].update(allies or {})
    outcome = answer(state, "GE", {"option": "MP4", "minor": minor})
    return outcome.state


def _director_asked(state):
    asked = [d for d in open_decisions(state) if d.kind == "direct"]
    assert len(asked) == 1
    return asked[0]


def test_dod_8_7_2_mp4_ruling_42_a_director_who_declines_passes_the_minor_to_the_next():
    # Turkey sits in the neutral centre (nobody controls it); the Soviet ally directs it first
    state = _declare_through_the_kernel("turkey", {"turkey": ["RU"]})
    assert state["flow"]["step"] == "direct"
    asked = _director_asked(state)
    assert asked.seats == ("RU",) and asked.options[0] == {"direct": True}   # the default
    expected = MW.director(state["board"], "GE", "turkey", None, ["RU"])
    assert expected not in (None, "RU")
    before = canonical_json(state)
    for bad in ({"direct": "maybe"}, {"peace": True}, None):
        with pytest.raises(IllegalAction):
            answer(state, "RU", bad, kind="direct")
    assert canonical_json(state) == before
    outcome = answer(state, "RU", {"direct": False}, kind="direct")
    state = outcome.state
    war = MW.war_on(state["board"], "turkey", "GE")
    assert war["director"] == expected and war["declined"] == ["RU"]
    assert _director_asked(state).seats == (expected,)
    outcome = answer(state, expected, {"direct": True}, kind="direct")
    state = outcome.state
    assert state["flow"]["directing"] is None
    assert MW.war_on(state["board"], "turkey", "GE")["director"] == expected
    # the declarer's option ends as every option does, with the end-of-step roll (8.6)
    assert any(e.kind in ("end_of_step_roll", "political_affairs_over") for e in outcome.events)
    assert "turkey" not in state["board"]["minors_conquered"]


def test_dod_8_7_2_mp4_ruling_42_if_every_possible_director_declines_the_declarer_conquers_it():
    state = _declare_through_the_kernel("turkey")
    declined = []
    while state["flow"]["step"] == "direct":
        seat = _director_asked(state).seats[0]
        declined.append(seat)
        state = answer(state, seat, {"direct": False}, kind="direct").state
    # every power of another ideology than Germany's was asked once: the five others
    assert sorted(declined) == ["CH", "CW", "FR", "RU", "US"]
    board = state["board"]
    assert board["minors_conquered"] == {"turkey": "GE"}             # completely, at once
    assert not MW.minor_at_war(board, "turkey")
    assert controller(board, "turkey") == "GE"


def test_dod_8_7_2_mp4_ruling_48_a_director_makes_peace_only_without_offensives_or_an_attack():
    state, board = _board()
    O.play_option(state, "GE", {"option": "MP4", "minor": "sweden"}, NO_DICE)
    MW.war_on(board, "sweden", "GE")["director"] = "US"
    state["flow"]["peace_asked"] = []
    board["minor_offensives"]["GE>sweden"] = 1           # (a) Germany holds an offensive
    assert MW.peace_decisions(state) == []
    board["minor_offensives"].clear()
    MW.war_on(board, "sweden", "GE")["attacked"] = 13    # (b) Germany attacked it this turn
    assert MW.peace_decisions(state) == []
    board["turn"] = 14                                   # a turn without an attack
    offered = MW.peace_decisions(state)
    assert [d.seats for d in offered] == [("US",)]
    assert offered[0].options == ({"peace": False}, {"peace": True, "minor": "sweden",
                                                      "with": "GE"})
    army = board["minor_forces"]["sweden"]["army"]
    events = MW.do_peace(state, "US", offered[0], offered[0].options[1], NO_DICE)
    assert [e.kind for e in events] == ["minor_peace"]
    assert not MW.minor_at_war(board, "sweden")
    # its forces are recorded as its new totals (MP 4), no longer mobilised
    assert board["minor_forces"]["sweden"] == {"army": army, "naval": 3, "mobilised": False,
                                               "turn": 14}
    MW.conquest(state, NO_DICE)
    assert "sweden" not in board["minors_conquered"]
    assert MW.peace_decisions(state) == []


def test_dod_8_7_2_mp4_ruling_42_keeping_the_war_is_the_default_and_asks_once_a_turn():
    state, board = _board()
    O.play_option(state, "GE", {"option": "MP4", "minor": "sweden"}, NO_DICE)
    MW.war_on(board, "sweden", "GE")["director"] = "US"
    board["turn"] = 14
    state["flow"]["peace_asked"] = []
    decision = MW.peace_decisions(state)[0]
    MW.do_peace(state, "US", decision, {"peace": False}, NO_DICE)
    assert MW.peace_decisions(state) == [] and MW.minor_at_war(board, "sweden")


# --- RULING 43: IPO 3 / IPO 12, the minor not avenged by the next political step --------------

def _fallen_austria():
    state, board = _board()
    board["alliances"].update(austria=["FR"], hungary=["FR"])
    board["guarantees"].update(austria=["FR", "CW"], bulgaria=["FR"], greece=["CW"])
    O.play_option(state, "GE", {"option": "MP4", "minor": "austria"}, NO_DICE)
    board["minor_forces"]["austria"]["army"] = 0     # no defending army point left: it falls
    MW.conquest(state, NO_DICE)
    assert board["minors_conquered"] == {"austria": "GE"}
    return state, board


def test_dod_8_7_1_ipo3_ipo12_ruling_43_unavenged_allies_and_guarantors_lose_pe_and_place_markers():
    state, board = _fallen_austria()
    pe = {p: board["powers"][p]["pe"] for p in ("FR", "CW")}
    assert MW.unavenged(board) == []                     # not before the next political step
    board["turn"] = 14
    events = MW.unavenged(board)
    # France was allied (1 PE, -3 in every other minor allied or guaranteed) and guaranteed
    # (1 PE, -2 in every other guaranteed minor): the two add up
    assert board["powers"]["FR"]["pe"] == pe["FR"] - 2
    assert board["modifiers"]["hungary"]["FR"] == -3
    assert board["modifiers"]["bulgaria"]["FR"] == -5
    # the Commonwealth only guaranteed: 1 PE and -2 in its other guaranteed minor
    assert board["powers"]["CW"]["pe"] == pe["CW"] - 1
    assert board["modifiers"]["greece"]["CW"] == -2
    assert sorted(e.data["power"] for e in events if e.kind == "minor_unavenged") == ["CW", "FR"]
    assert board["unavenged"] == []                      # settled once
    assert MW.unavenged(board) == []


def test_dod_8_7_1_ipo3_ruling_43_an_ally_at_war_with_the_conqueror_by_then_loses_nothing():
    state, board = _fallen_austria()
    board["wars"].append({"aggressor": "FR", "target": "GE", "since": 14})
    board["turn"] = 14
    pe = board["powers"]["FR"]["pe"]
    events = MW.unavenged(board)
    assert board["powers"]["FR"]["pe"] == pe and "FR" not in board["modifiers"].get("hungary", {})
    assert [e.data["power"] for e in events if e.kind == "minor_unavenged"] == ["CW"]


def test_dod_2_6_ruling_44_a_declaration_on_a_minor_places_the_war_chart_markers():
    """8.4.3, 8.7.2 MP 4: the War Chart's minor effects apply for each declaration; the chart
    is authored (ruling 44): the declarer's -3 in the target, -1 in each minor within a hex."""
    state, board = _board()
    board["display"]["austria"] = "1,1"
    board["display"]["hungary"] = "1,1"                  # the same hex
    board["display"]["bulgaria"] = "2,1"                 # the next hex
    board["display"]["poland"] = "3,1"                   # two hexes away: untouched
    board["modifiers"]["hungary"] = {"GE": 2}
    O.play_option(state, "GE", {"option": "MP4", "minor": "austria"}, NO_DICE)
    assert board["modifiers"]["austria"]["GE"] == -3
    assert board["modifiers"]["hungary"]["GE"] == 1      # added to the old marker
    assert board["modifiers"]["bulgaria"]["GE"] == -1
    assert "GE" not in board["modifiers"].get("poland", {})
