"""DoD 8.7.1 IPO 4 (Coup) and MP 0(e) coup cells used against it: rulings 90-95."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.kernel import IllegalAction, MalformedAction
from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import RULESET, war_chart
from engine.rulesets.days_of_decision import coup as C
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions

COST = CATALOGUE["IPO4"].cost


def _coup(state, power, minor, roll, control=None, by=None):
    script = {f"IPO 4 {power} coup in {minor}": [roll]}
    if control:
        script[f"IPO 4 {by or power} control dice in {minor}"] = control
    dice = ScriptedDice(script)
    events = O.play_option(state, power, {"option": "IPO4", "minor": minor}, dice)
    assert dice.left() == {}
    return events


def test_dod_8_7_1_ipo4_initiative_at_most_the_willpower_and_not_at_war():
    """Turn 1's order is GE, IT, CW, FR, RU, JA, US, CH: Germany (1st) may try every minor,
    Russia (5th) only the willpower-5 minors, China (8th) none; a minor at war is out."""
    board = fresh()["board"]
    assert {a["minor"] for a in C.actions(board, "GE")} == set(C.MINORS)
    assert {a["minor"] for a in C.actions(board, "RU")} == {"sweden", "turkey"}
    assert C.actions(board, "CH") == []
    board["minor_wars"].append({"power": "FR", "minor": "turkey", "since": 1, "director": "GE",
                                "declined": []})
    assert {a["minor"] for a in C.actions(board, "RU")} == {"sweden"}


def test_dod_8_7_1_ipo4_the_modifier_alliances_stability_and_year():
    """The book's Yugoslavia (allied to CW and IT, stability +2): -2 + 2, and 1936's authored
    -1; in 1941 the printed +1 gives the example's net +1; Germany's own alliance adds 1."""
    board = fresh()["board"]
    board["alliances"]["yugoslavia"] = ["CW", "IT"]
    assert C.modifier(board, "GE", "yugoslavia") == -2 + 2 - 1
    board["turn"] = 31                                  # Jan/Feb 1941
    assert C.modifier(board, "GE", "yugoslavia") == 1
    board["alliances"]["yugoslavia"] = ["GE", "IT"]
    assert C.modifier(board, "GE", "yugoslavia") == 1 - 1 + 2 + 1


def test_dod_8_7_1_ipo4_ruling_92_the_printed_table_points():
    """4 is a two-dice counter-coup, 8 a three-dice coup (the book's examples)."""
    assert C.table(4) == ("counter_coup", 2)
    assert C.table(8) == ("coup", 3)
    assert C.table(1) == ("no_effect", 0)
    assert C.table(2) == ("civil_war", 0)


def test_dod_8_7_1_ipo4_a_coup_places_the_dice_total_as_the_couper_s_marker():
    """Germany on Poland (stability 0, 1936 -1) rolls 10: 9, a three-dice coup; 3+4+5 = 12
    becomes Germany's marker in Poland; the coup is paid; alliances stay."""
    state = fresh()
    board = state["board"]
    board["alliances"]["poland"] = ["FR"]
    money = board["powers"]["GE"]["money"]
    events = _coup(state, "GE", "poland", 10, [3, 4, 5])
    data = [e for e in events if e.kind == "coup_attempt"][0].data
    assert (data["modified"], data["result"], data["dice"], data["total"]) == (8, "coup", 3, 12)
    assert board["modifiers"]["poland"]["GE"] == 12
    assert board["powers"]["GE"]["money"] == money - COST
    assert board["alliances"]["poland"] == ["FR"]


def test_dod_8_7_1_ipo4_a_counter_coup_goes_to_another_ideology_s_ally_and_implicates():
    """Germany on Sweden, allied to the Commonwealth (-1), stability -2, 1936 -1: a roll of 8
    is 4, a two-dice counter-coup; the Commonwealth (ally, another ideology) rolls 6 and places
    it; Germany takes half Sweden's War Chart US entry."""
    state = fresh()
    board = state["board"]
    board["alliances"]["sweden"] = ["CW"]
    before = Fraction(board["us_entry"]["GE"])
    _coup(state, "GE", "sweden", 8, [2, 4], by="CW")
    assert board["modifiers"]["sweden"] == {"CW": 6}
    half = Fraction(war_chart.us_entry_of("sweden", board["turn"]), 2)
    assert Fraction(board["us_entry"]["GE"]) == before + half


def test_dod_8_7_1_ipo4_counter_couper_order_controller_ally_distance():
    board = fresh()["board"]
    assert C.counter_couper(board, "GE", "sweden") not in ("GE", "IT", "JA")
    board["alliances"]["sweden"] = ["US", "RU"]
    assert C.counter_couper(board, "GE", "sweden") == "RU"          # the better-placed ally
    board["alliances"]["sweden"] = ["IT"]                           # same ideology: no
    assert C.counter_couper(board, "GE", "sweden") != "IT"


def _announce(state, cells):
    """Germany (first on turn 1) announces a coup in Spain through the kernel."""
    state["board"]["coup_cells"]["spain"] = cells
    return answer(state, "GE", {"option": "IPO4", "minor": "spain"})


def test_dod_8_7_1_ipo4_ruling_91_holders_asked_in_reverse_initiative_first_use_stops_it():
    """France, Germany and Russia hold cells in Spain: Russia (later in initiative) is asked
    first, a reaction window whose default keeps the cell; Russia keeps it, France is asked
    and uses it: France's cell is spent, no die is rolled, Germany still pays, its own cell
    is never asked."""
    state = fresh()
    money = state["board"]["powers"]["GE"]["money"]
    out = _announce(state, ["FR", "GE", "RU"])
    assert [e.data for e in out.events if e.kind == "coup_announced"] == [
        {"power": "GE", "minor": "spain", "holders": ["RU", "FR"]}]
    (asked,) = open_decisions(out.state)
    assert asked.kind == "coup_cell" and asked.seats == ("RU",) and asked.reaction
    assert RULESET.timeout_default(out.state, asked, "RU") == {"use": False}
    out = answer(out.state, "RU", {"use": False})
    assert [e.kind for e in out.events] == ["coup_cell_kept"]
    (asked,) = open_decisions(out.state)
    assert asked.kind == "coup_cell" and asked.seats == ("FR",)
    out = answer(out.state, "FR", {"use": True})
    board = out.state["board"]
    assert [e.data for e in out.events if e.kind == "coup_neutralised"] == [
        {"power": "GE", "minor": "spain", "cell_of": "FR"}]
    assert not [e for e in out.events if e.kind == "coup_attempt"]
    assert board["coup_cells"]["spain"] == ["GE", "RU"]
    assert board["powers"]["GE"]["money"] == money - COST
    assert "spain" not in board["modifiers"] and out.state["flow"]["coup"] is None
    assert all(d.kind != "coup_cell" for d in open_decisions(out.state))


def test_dod_8_7_1_ipo4_ruling_91_every_holder_keeps_its_cell_so_the_coup_is_rolled():
    """Russia alone holds a cell and keeps it: the coup is rolled and Russia's cell stays."""
    state = fresh()
    out = _announce(state, ["RU"])
    assert not [e for e in out.events if e.kind == "coup_attempt"]
    out = answer(out.state, "RU", {"use": False})
    assert [e.kind for e in out.events][:2] == ["coup_cell_kept", "coup_attempt"]
    assert out.state["board"]["coup_cells"]["spain"] == ["RU"]
    assert out.state["flow"]["coup"] is None


def test_dod_8_7_1_ipo4_ruling_91_the_couper_s_own_cell_opens_no_window():
    """Only Germany's own cell is in Spain: nobody is asked, the coup is rolled at once."""
    state = fresh()
    out = _announce(state, ["GE"])
    assert [e.kind for e in out.events if e.kind.startswith("coup_")] == ["coup_attempt"]
    assert all(d.kind != "coup_cell" for d in open_decisions(out.state))
    assert out.state["board"]["coup_cells"]["spain"] == ["GE"]


def test_dod_8_7_1_ipo4_bad_input_is_refused_with_no_change():
    state = fresh()
    before = canonical_json(state)
    with pytest.raises(MalformedAction):
        C.play(state, "GE", {"option": "IPO4", "minor": "atlantis"}, ScriptedDice({}))
    with pytest.raises(IllegalAction):
        C.play(state, "CH", {"option": "IPO4", "minor": "poland"}, ScriptedDice({}))
    assert canonical_json(state) == before


def test_dod_8_7_1_ipo4_offered_and_refused_through_the_kernel():
    state = fresh()
    decision = open_decisions(state)[0]
    power = decision.seats[0]
    offered = [o for o in decision.options if o.get("option") == "IPO4"]
    assert offered
    before = canonical_json(state)
    with pytest.raises(IllegalAction):
        answer(state, power, {"option": "IPO4", "minor": "narnia"})
    assert canonical_json(state) == before
