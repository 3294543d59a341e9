"""DoD 8.7.1 IPO 1 — New World Order: moving a power's own marker on the Status Display."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.days_of_decision import new_world_order as N
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.display import neighbours, zone
from engine.rulesets.days_of_decision.powers import POWERS
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh


def test_dod_8_7_1_ipo1_movement_points_from_initiative_and_ideology():
    board = fresh()["board"]          # turn 1: GE, IT, CW, FR, RU, JA, US, CH
    assert N.movement_points(board, "GE") == 8          # 1st, Fascist
    assert N.movement_points(board, "RU") == 9 - 5 - 1  # 5th, Communist
    assert N.movement_points(board, "CW") == 9 - 3 - 2  # 3rd, Democrat
    assert N.movement_points(board, "CH") == 1          # 8th, Democrat: never below 1


def test_dod_8_7_1_ipo1_entry_costs_toward_and_away_from_the_centre_faction():
    # Fascism's centre faction is ring 3 of its sector (our display, ruling 15)
    assert N.entry_cost("-4,0", "-3,0", "fascism") == 1      # radical -> orthodox: nearer all
    assert N.entry_cost("-3,0", "-4,0", "fascism") == 3      # orthodox -> radical: farther from all
    assert N.entry_cost("-3,0", "-3,1", "fascism") == 2      # along the ring


def test_dod_8_7_1_ipo1_stays_in_its_ideology_and_never_ends_on_another_power():
    board = fresh()["board"]
    for power in ("GE", "RU", "CW"):
        reach = N.destinations(board, power)
        assert reach, power
        others = {board["display"][p] for p in POWERS if p != power}
        assert all(zone(h)[0] == zone(board["display"][power])[0] for h in reach), power
        assert not others & set(reach), power


def test_dod_8_7_1_ipo1_is_played_once_a_turn_by_anyone():
    state = fresh()
    target = N.destinations(state["board"], "GE")[0]
    state = answer(state, "GE", {"option": "IPO1", "to": target}).state
    assert state["board"]["display"]["GE"] == target
    assert state["board"]["ipos_played"] == ["IPO1"]
    assert not [o for o in O.legal_options(state["board"], "IT") if o["option"] == "IPO1"]
    O.play_option(state, "IT", {"option": "0g"}, ScriptedDice({}))


def test_dod_8_7_1_ipo1_a_hex_out_of_reach_is_refused():
    state = fresh()
    start = state["board"]["display"]["CH"]
    reach = N.destinations(state["board"], "CH")                # 1 point: one cheap step only
    assert "2,-4" not in reach
    assert all(h in neighbours(start) and N.entry_cost(start, h, "democracy") == 1
                         for h in reach)
    with pytest.raises(IllegalAction):
        answer(state, "GE", {"option": "IPO1", "to": "0,0"})        # the neutral centre


def test_dod_8_7_1_ipo1_stacked_minors_move_along_each_paying_as_much_as_the_power():
    state = fresh()
    board = state["board"]
    board["display"]["austria"] = board["display"]["GE"]          # stacked with Germany
    alone = {a["to"] for a in N.actions(board, "GE") if "with" not in a}
    along = {a["to"] for a in N.actions(board, "GE") if a.get("with") == ["austria"]}
    assert along and along < alone                                  # 8 points, 2 per hex paid
    board["initiative"].remove("GE")
    board["initiative"].insert(4, "GE")                             # 5th: 4 points
    assert along == set(N.destinations(board, "GE"))
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    to = sorted(along)[0]
    O.play_option(state, "GE", {"option": "IPO1", "to": to, "with": ["austria"]},
                  ScriptedDice({}))
    assert board["display"]["GE"] == board["display"]["austria"] == to
    # a minor that is not stacked with the power is never offered
    assert not [a for a in N.actions(board, "IT") if a.get("with")]
