"""Neutrals (TWTEAW "Neutrals", 1.1, 1.2, Table A, "British Empire"): hidden scores, influence,
drift, joining the war, Table A reactions, Britain's casus belli and Italy's reaction roll."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, view
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import diplomacy as D
from engine.rulesets.twteaw import orders as O

from .positions import LoadedDice, empty_board, fresh, put, reactions, resolve


@pytest.fixture
def state():
    return empty_board(fresh())


def test_twteaw_1_2_influence_costs_10_and_succeeds_on_9_or_10(state):
    state["secret"]["germany"]["bank"] = 20
    resolve(state, {"germany": {"influence": ["bulgaria", "romania"]}},
            {"influence germany bulgaria": [9], "influence germany bulgaria points": [4],
             "influence germany romania": [8]})
    assert D.points(state, "bulgaria") == -5 - 3        # a 4 on a d9 is 3 points, toward the CP
    assert D.points(state, "romania") == 5               # an 8 fails
    assert state["secret"]["germany"]["bank"] == 0 + state["secret"]["germany"]["income"]


def test_twteaw_1_2_starred_minors_need_a_10(state):
    state["secret"]["france"]["bank"] = 10
    resolve(state, {"france": {"influence": ["switzerland"]}}, {"influence france switzerland": [9]})
    assert D.points(state, "switzerland") == 0


@pytest.mark.parametrize("nation,target,code", [
    ("italy", "greece", "not_in_the_war"), ("germany", "france", "not_influenced"),
    ("germany", "italy", "not_influenced"), ("france", "spain", "spanish_garrison")])
def test_twteaw_1_2_who_may_influence_whom(state, nation, target, code):
    state["secret"][nation]["bank"] = 50
    with pytest.raises(IllegalAction) as err:
        O.validate(state, nation, {"influence": [target]})
    assert err.value.code == code


def test_twteaw_neutrals_a_minor_at_10_joins_and_the_others_react(state):
    state["secret"]["greece"]["points"] = 10
    events = resolve(state, {}, reactions(state, "minor_joins_allied", "greece"))
    assert state["board"]["sides"]["greece"] == "allied"
    assert "germany|greece" in state["board"]["war"]
    assert [e.data for e in events if e.kind == "joined"] == [{"nation": "greece", "side": "allied", "provoked": True}]


def test_twteaw_neutrals_ottoman_and_italian_drift(state):
    resolve(state, {}, {"drift ottoman": [8], "drift italy": [4]})
    assert D.points(state, "ottoman_empire") == -7 and D.points(state, "italy") == 3


def test_twteaw_neutrals_a_major_joins_with_10_points_only(state):
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "ottoman_empire", {"join": "central"})
    assert err.value.code == "not_ten_points"
    state["secret"]["ottoman_empire"]["points"] = -10
    resolve(state, {"ottoman_empire": {"join": "central"}},
            reactions(state, "ottoman_empire_joins_central", "ottoman_empire"))
    assert state["board"]["sides"]["ottoman_empire"] == "central"
    assert "ottoman_empire|russia" in state["board"]["war"]


def test_twteaw_british_empire_casus_belli_when_the_cp_attack_belgium(state):
    put(state, "germany", "cologne", infantry=1)
    dice = {**reactions(state, "cp_declares", "belgium"), **reactions(state, "minor_joins_allied", "belgium")}
    events = resolve(state, {"germany": {"declare": ["belgium"]}}, dice)
    assert state["board"]["casus_belli"] == ["allied"]
    assert [e.kind for e in events].count("casus_belli") == 1
    resolve(state, {"britain": {"join": "allied"}}, {})       # provoked: nobody reacts
    assert state["board"]["sides"]["britain"] == "allied"


def test_twteaw_british_empire_casus_belli_when_the_cp_take_alsace_lorraine(state):
    state["board"]["control"]["alsace-lorraine"] = "germany"
    resolve(state, {}, {})
    assert state["board"]["casus_belli"] == ["allied"]


def test_twteaw_british_empire_unprovoked_entry_makes_italy_roll(state):
    dice = {**reactions(state, "britain_joins_allied", "britain"), "italy-reaction": [6]}
    resolve(state, {"britain": {"join": "allied"}}, dice)
    assert state["secret"]["italy"]["lean"] == "central"       # 5–8 while leaning to the Allies


@pytest.mark.parametrize("roll,lean,points,new_lean,new_points", [
    (1, "allied", 0, "allied", 20), (2, "central", 0, "allied", 0), (4, "allied", 0, "allied", 0),
    (7, "allied", 0, "central", 0), (10, "allied", 0, "allied", -20)])
def test_twteaw_italy_reaction_table(roll, lean, points, new_lean, new_points):
    state = fresh()
    state["secret"]["italy"].update(lean=lean, points=points)
    D.italy_reaction(state, LoadedDice({"italy-reaction": [roll]}))
    assert (state["secret"]["italy"]["lean"], D.points(state, "italy")) == (new_lean, new_points)


def test_twteaw_neutral_scores_are_hidden_from_everyone_else():
    state = fresh()
    assert view(RULESET, state, "seat:italy")["known"]["italy"]["points"] == 0
    assert "italy" not in view(RULESET, state, "seat:germany")["known"]
    assert "bulgaria" not in view(RULESET, state, "seat:germany")["known"]
