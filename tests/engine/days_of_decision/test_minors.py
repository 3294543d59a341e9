"""DoD 8.1.2 control of minors, 8.4.3 minor-effect markers, 8.5 activating a minor."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, canonical_json
from engine.rulesets.days_of_decision import activation as A
from engine.rulesets.days_of_decision import control as C
from engine.rulesets.days_of_decision.display import distance
from engine.rulesets.days_of_decision.markers import add_markers

from .positions import answer, fresh, open_decisions


def test_dod_8_1_2_no_one_controls_a_minor_in_the_neutral_zone():
    board = fresh()["board"]
    assert board["display"]["greece"] == "0,0"
    assert C.controller(board, "greece") is None
    board["display"]["greece"] = "1,0"                  # the neutral zone's first ring
    assert C.controller(board, "greece") is None


def test_dod_8_1_2_a_power_in_the_minor_s_faction_beats_a_nearer_one_in_another_faction():
    board = fresh()["board"]
    board["display"].update(czechoslovakia="2,0", CW="3,0", FR="1,-2")
    # CW (orthodox) is next to the moderate Czechs, France (moderate) three hexes away
    assert C.controller(board, "czechoslovakia") == "FR"
    board["display"]["FR"] = "4,-1"                     # France leaves for the radicals
    assert C.controller(board, "czechoslovakia") == "CW"


def test_dod_8_1_2_ties_in_the_faction_go_to_the_earlier_initiative_position():
    board = fresh()["board"]
    board["display"].update(czechoslovakia="2,-1", FR="2,0", CW="2,-2", US="4,-4")
    assert board["initiative"].index("CW") < board["initiative"].index("FR")
    assert C.controller(board, "czechoslovakia") == "CW"
    board["initiative"].remove("FR")
    board["initiative"].insert(0, "FR")
    assert C.controller(board, "czechoslovakia") == "FR"


def test_dod_8_1_2_china_italy_japan_and_the_us_control_only_minors_under_their_flag():
    board = fresh()["board"]
    # Austria lists Italy (our flags): the nearest fascist, Italy, controls it
    assert C.controller(board, "austria") == "IT"
    # Poland lists none of them: Japan (one hex) and Italy (two) are passed over for Germany
    assert board["display"]["poland"] == "0,-2"
    assert C.controller(board, "poland") == "GE"
    assert not C.may_control("JA", "poland") and C.may_control("GE", "poland")
    assert C.may_control("US", "netherlands") and not C.may_control("CH", "netherlands")


def test_dod_8_4_3_a_new_marker_adds_to_the_power_s_old_one():
    board = fresh()["board"]
    add_markers(board, "GE", {"greece": -2, "turkey": 1})
    add_markers(board, "GE", {"greece": -3})
    add_markers(board, "FR", {"greece": 2})
    assert board["modifiers"] == {"greece": {"GE": -5, "FR": 2}, "turkey": {"GE": 1}}
    add_markers(board, "GE", {"turkey": -1})            # a sum of 0 leaves no marker
    assert "turkey" not in board["modifiers"]


def _czech_example():
    """The example of 8.5 on our display: the Czechs in the democratic moderates, allied to
    France (one hex away, in the orthodox ring), Germany far off in fascism."""
    board = fresh()["board"]
    board["display"].update(czechoslovakia="2,0", FR="3,-1")
    board["alliances"] = {"czechoslovakia": ["FR"]}
    return board


def test_dod_8_5_movement_costs_follow_the_book_example():
    board = _czech_example()
    # German +4: into the neutral zone, 2 + 1 boundary + 1 away from the ally = 4
    assert A.step_cost(board, "czechoslovakia", "GE", True, "2,0", "1,0") == 4
    # CW points: back into democracy, 2 − 1 towards the CW in its ideology + 1 boundary = 2
    assert A.step_cost(board, "czechoslovakia", "CW", True, "1,0", "2,-1") == 2
    # German points inside democracy: 2 + 1 towards Germany in another ideology + 1 away
    # from the ally = 4 (the book's "3 … +1")
    assert A.step_cost(board, "czechoslovakia", "GE", True, "2,-1", "1,-2") == 4


def test_dod_8_5_leaving_a_hex_with_a_power_that_may_control_the_minor_costs_one_more():
    board = fresh()["board"]
    board["display"].update(czechoslovakia="2,-1", FR="2,-1", US="4,-4")
    alone = A.step_cost(board, "czechoslovakia", "GE", True, "2,-1", "1,-2")
    assert alone == 2 + 1 + 1                           # another ideology, leaving France
    board["display"].update(FR="4,-1", US="2,-1")       # the US may not control the Czechs
    assert A.step_cost(board, "czechoslovakia", "GE", True, "2,-1", "1,-2") == 2 + 1


def test_dod_8_5_a_marker_moves_until_the_next_hex_costs_more_than_it_has_left():
    board = _czech_example()
    board["alliances"] = {}
    # France is one hex off: entering its hex costs 2 − 1 + 1 (orthodox ring) = 2
    assert A.end_hexes(board, "czechoslovakia", "FR", 1) == ["2,0"]     # it cannot move
    assert A.end_hexes(board, "czechoslovakia", "FR", 2) == ["3,-1"]    # it must move


def test_dod_8_5_a_negative_marker_moves_the_minor_away_from_its_power():
    board = _czech_example()
    board["alliances"] = {}
    ends = A.end_hexes(board, "czechoslovakia", "GE", -3)
    germany = board["display"]["GE"]
    assert ends and "2,0" not in ends
    assert all(distance(h, germany) > distance("2,0", germany) for h in ends)


def test_dod_8_5_after_an_option_the_power_activates_a_minor_marker_by_marker():
    state = fresh()                                     # turn 1: Germany plays first
    outcome = answer(state, "GE", {"option": "IPO12", "minor": "poland"})
    state = outcome.state
    assert state["board"]["guarantees"] == {"poland": ["GE"]}
    assert state["board"]["modifiers"] == {"poland": {"GE": 1}}
    [decision] = open_decisions(state)
    assert decision.kind == "activate" and decision.options == ({"minor": "poland"},)
    state = answer(state, "GE", {"minor": "poland"}).state
    assert state["board"]["modifiers"] == {}            # every marker taken off
    [decision] = open_decisions(state)
    assert decision.kind == "shift"
    assert all(o["marker"] == "GE" for o in decision.options)
    to = decision.options[0]["to"]
    outcome = answer(state, "GE", decision.options[0])
    state = outcome.state
    assert state["board"]["display"]["poland"] == to
    assert state["flow"]["activation"] is None
    kinds = [e.kind for e in outcome.events]
    assert "end_of_step_roll" in kinds or "political_affairs_over" in kinds  # 8.6 follows


def test_dod_8_5_a_power_with_no_minor_it_may_control_skips_activation():
    state = fresh()
    state["board"]["modifiers"] = {"poland": {"GE": 2}}      # the US may not control Poland
    assert A.activatable(state["board"], "US") == []
    assert not A.begin(state, "US", 0)
    assert A.activatable(state["board"], "GE") == ["poland"]


def test_dod_8_5_a_shift_that_is_not_offered_is_refused_and_changes_nothing():
    state = answer(fresh(), "GE", {"option": "IPO12", "minor": "poland"}).state
    state = answer(state, "GE", {"minor": "poland"}).state
    before = canonical_json(state)
    for bad in ({"marker": "GE", "to": "4,4"}, {"marker": "FR", "to": "0,-2"},
                {"marker": "GE"}):
        with pytest.raises(IllegalAction):
            answer(state, "GE", bad)
    assert canonical_json(state) == before
