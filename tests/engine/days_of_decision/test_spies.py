"""DoD 8.2 owed options and DoD 8.7.1 IPO 9 Spies (rulings 60-61)."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import IllegalAction
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import owed, politics, spies, war_chart
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions


def _spy(state, power, target, effect, roll):
    dice = ScriptedDice({f"IPO 9 {power} spies on {target}": [roll]})
    events = O.play_option(state, power, {"option": "IPO9", "target": target,
                                          "effect": effect}, dice)
    return [e for e in events if e.kind == "spies_rolled"][0].data


def test_dod_8_7_1_ipo9_the_roll_adds_the_target_s_position_less_the_spy_s_and_the_wars():
    """Turn 1's order is GE, IT, CW, FR, RU, JA, US, CH: Germany spying on China adds 7, China
    on Germany takes 7 off; a target at war takes 1 off, at war with the spy 1 more."""
    board = fresh()["board"]
    assert spies.modifier(board, "GE", "CH") == 7
    assert spies.modifier(board, "CH", "GE") == -7
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 1})
    assert spies.modifier(board, "GE", "FR") == 3 - 1 - 1
    assert spies.modifier(board, "IT", "FR") == 2 - 1


def test_dod_8_7_1_ipo9_ruling_60_13_or_more_owes_an_ipo1_played_first_in_the_named_direction():
    """Germany spies on Japan (+5), rolls 8: 13, Japan owes an IPO 1 towards its centre
    faction. Japan's next choice offers nothing else; playing it pays the debt."""
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    data = _spy(state, "GE", "JA", "towards", 8)
    assert (data["result"], data["outcome"]) == (13, "ipo1")
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["IPO9"].cost
    assert board["powers"]["JA"]["owed"] == [{"option": "IPO1", "source": "IPO9", "by": "GE",
                                             "since": 1, "direction": "towards"}]
    offered = O.legal_options(board, "JA")
    assert offered and all(a["option"] == "IPO1" for a in offered)
    assert all(owed.in_direction(board, "JA", a["to"], "towards") for a in offered)
    O.play_option(state, "JA", offered[0], ScriptedDice({}))
    assert board["powers"]["JA"]["owed"] == []


def test_dod_8_7_1_ipo9_ruling_61_11_12_owes_a_0f_and_the_spy_may_lower_a_13_to_it():
    state = fresh()
    board = state["board"]
    assert _spy(state, "GE", "CH", "0f", 6)["outcome"] == "0f"          # 13, lowered
    board["ipos_played"] = []
    assert _spy(state, "IT", "CH", "towards", 5)["outcome"] == "0f"      # 5 + 6 = 11
    assert [d["option"] for d in board["powers"]["CH"]["owed"]] == ["0f", "0f"]
    offered = O.legal_options(board, "CH")
    assert offered and all(a["option"] == "0f" for a in offered)
    O.play_option(state, "CH", offered[0], ScriptedDice({}))
    assert board["powers"]["CH"]["owed"] == []                   # one 0(f) pays them all


def test_dod_8_7_1_ipo9_ruling_61_7_to_10_has_no_effect_and_costs_nothing():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    assert _spy(state, "GE", "CH", "0f", 3)["outcome"] == "none"         # 10: not built
    board["ipos_played"] = []
    assert _spy(state, "GE", "CH", "0f", 1)["outcome"] == "none"         # 8
    assert board["powers"]["GE"]["money"] == money
    assert board["powers"]["CH"]["owed"] == []


def test_dod_8_7_1_ipo9_6_or_less_implicates_the_spy_war_chart_and_a_lapsing_casus_belli():
    """China spies on Germany (−7) and rolls 5: −2. China takes the War Chart's US entry and
    minor effects of a war on Germany, pays nothing, and Germany holds casus belli against
    China until the end of turn 2's political step."""
    state = fresh()
    board = state["board"]
    money = board["powers"]["CH"]["money"]
    assert _spy(state, "CH", "GE", "0f", 5)["outcome"] == "implicated"
    assert board["powers"]["CH"]["money"] == money
    assert Fraction(board["us_entry"]["CH"]) == war_chart.us_entry_of("GE", 1)
    for minor, value in war_chart.minor_effects_of(board, "GE").items():
        assert board["modifiers"][minor]["CH"] == value
    assert board["casus_belli"]["GE"] == ["CH"]
    assert board["casus_belli_until"] == {"GE>CH": 2}
    politics.bonus_bids(state, ScriptedDice({}))                 # turn 1 ends: it stays
    assert board["casus_belli"]["GE"] == ["CH"]
    board["turn"] = 2
    politics.bonus_bids(state, ScriptedDice({}))                 # turn 2's step ends: gone
    assert "GE" not in board["casus_belli"] and board["casus_belli_until"] == {}


def test_dod_8_2_ruling_60_debts_in_the_order_incurred_a_0f_pays_ipo1_once_ipo1_is_played():
    """Japan owes an IPO 1 (oldest) and a 0(f). IPO 1 comes first; once someone has played
    IPO 1 this turn, a 0(f) is what it must play, and that pays both."""
    state = fresh()
    board = state["board"]
    owed.owe(board, "JA", "IPO1", "IPO9", "GE", direction="towards")
    owed.owe(board, "JA", "0f", "IPO9", "IT")
    assert {a["option"] for a in O.legal_options(board, "JA")} == {"IPO1"}
    board["ipos_played"].append("IPO1")
    offered = O.legal_options(board, "JA")
    assert offered and {a["option"] for a in offered} == {"0f"}
    O.play_option(state, "JA", offered[0], ScriptedDice({}))
    assert board["powers"]["JA"]["owed"] == []


def test_dod_8_2_ruling_60_a_debt_payable_nowhere_leaves_mp0_else_every_legal_option():
    """China owes a 0(f) but has used its MP 0 slot: it may play anything it could; the debt
    stays for its next choice."""
    state = fresh()
    board = state["board"]
    owed.owe(board, "CH", "0f", "IPO9", "GE")
    board["powers"]["CH"]["mp0_played"] = True
    free = O._free_options(board, "CH")
    assert free and O.legal_options(board, "CH") == free
    assert board["powers"]["CH"]["owed"]
    board["powers"]["CH"]["mp0_played"] = False
    owed.owe(board, "CH", "IPO1", "IPO9", "IT", direction="away")   # China cannot move away
    board["powers"]["CH"]["owed"].reverse()
    assert {a["option"] for a in O.legal_options(board, "CH")} == {"0f"}


def test_dod_8_2_ruling_60_the_owed_option_is_shown_and_alone_offered_through_the_kernel():
    """Germany owes a 0(f): its decision says so, an IPO 3 is refused and changes nothing,
    the 0(f) is accepted and the public board shows the debt paid."""
    state = fresh()
    owed.owe(state["board"], "GE", "0f", "IPO9", "IT")
    decision = open_decisions(state)[0]
    assert decision.prompt.startswith("Owed first: MP 0(f) Agree to a proposal (IPO 9 played "
                                      "by Italy)")
    assert {a["option"] for a in decision.options} == {"0f"}
    alliance = next(a for a in O._free_options(state["board"], "GE") if a["option"] == "IPO3")
    try:
        answer(state, "GE", alliance)
        raise AssertionError("an option that pays no debt was accepted")
    except IllegalAction:
        pass
    assert state["board"]["powers"]["GE"]["owed"][0]["by"] == "IT"
    result = answer(state, "GE", decision.options[0])
    assert result.state["board"]["powers"]["GE"]["owed"] == []
    assert any(e.kind == "owed_option_played" for e in result.events)


def test_dod_8_7_1_ipo9_ruling_61_a_lasting_casus_belli_already_held_does_not_lapse():
    """Germany already holds a lasting casus belli against China (an attacked ally, say):
    China's implicated spying gives no lapse date, and it outlives turn 2's political step."""
    state = fresh()
    board = state["board"]
    board["casus_belli"]["GE"] = ["CH"]
    assert _spy(state, "CH", "GE", "0f", 5)["outcome"] == "implicated"
    assert board["casus_belli_until"] == {}
    board["turn"] = 2
    politics.bonus_bids(state, ScriptedDice({}))
    assert board["casus_belli"]["GE"] == ["CH"]
