"""DoD 2.5, 8.4.3, 8.4.4, 8.7.2 MP 3, 8.7.1 IPO 11 — the Treaty Chart (rulings 62-63)."""

from __future__ import annotations

from fractions import Fraction

from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision import treaty_chart as C
from engine.rulesets.days_of_decision import war_chart
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.powers import SEATS
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh

NO_DICE = ScriptedDice({})
TURN_1937 = 7


def _sign(state, proposer, partner):
    O.play_option(state, proposer, {"option": "MP3", "to": partner}, NO_DICE)
    O.play_option(state, partner, {"option": "0f", "agree": [proposer]}, NO_DICE)
    return T.settle(state, NO_DICE)


def test_dod_2_5_ruling_62_every_chart_value_names_its_provenance_and_the_printed_ones():
    assert set(C.US_ENTRY_TREATY) == set(C.MINOR_EFFECTS_TREATY) == set(SEATS)
    assert all(len(row) == 11 for row in C.US_ENTRY_TREATY.values())
    cells = [c for row in C.US_ENTRY_TREATY.values() for c in row.values()]
    cells += [c for row in C.MINOR_EFFECTS_TREATY.values() for c in row.values()]
    assert all(c.source.split()[0] in ("printed", "inferred:", "authored:") for c in cells)
    assert all(set(row) <= set(MINORS) for row in C.MINOR_EFFECTS_TREATY.values())
    assert C.US_ENTRY_TREATY["RU"][1937].value == 11
    assert C.US_ENTRY_TREATY["RU"][1937].source.startswith("printed")
    assert C.MINOR_EFFECTS_TREATY["RU"]["finland"].value == -2
    assert (C.MINOR_EFFECTS_TREATY["IT"]["austria"].value,
            C.MINOR_EFFECTS_TREATY["IT"]["czechoslovakia"].value) == (2, 1)
    # an authored value is the opposite of the partner's War Chart row
    assert C.MINOR_EFFECTS_TREATY["FR"]["belgium"].value == \
        -war_chart.MINOR_EFFECTS_MAJORS["FR"]["belgium"].value


def test_dod_8_7_2_mp3_ruling_63_japan_s_1937_treaty_with_the_soviets_adds_the_chart_s_11():
    """MP 3.1's example: Japan's treaty with the Soviet Union in 1937 carries +11 on the
    Treaty Chart (the card's +7 is absent); without the optional split the initiator takes it
    whole. The Nazi-Soviet example of 8.4.3: the chart puts −2 in Finland for the proposer."""
    state = fresh()
    board = state["board"]
    board["turn"] = TURN_1937
    board["initiative"] = ["JA", "GE", "IT", "CW", "FR", "RU", "US", "CH"]
    before = Fraction(board["us_entry"]["JA"])
    _sign(state, "JA", "RU")
    assert board["treaties"]["JA-RU"]["level"] == 1
    assert Fraction(board["us_entry"]["JA"]) == before + 11
    assert Fraction(board["us_entry"]["RU"]) == 0                   # the acceptor takes none
    assert board["modifiers"]["finland"]["JA"] == -2


def test_dod_8_4_1_ruling_63_a_proposal_nobody_agrees_to_places_no_chart_effects():
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "MP3", "to": "IT"}, NO_DICE)
    T.settle(state, NO_DICE)
    assert board["us_entry"]["GE"] == "0" and board["modifiers"] == {}


def test_dod_8_7_1_ipo11_ruling_63_the_book_s_example_three_levels_with_italy_and_austria():
    """8.4.3's example: three levels with Italy torn up by a power allied to Austria: Austria
    (+2 on the chart) becomes −2, −1 for the ally, three times: −9; Czechoslovakia (+1): −3."""
    state = fresh()
    board = state["board"]
    board["treaties"]["GE-IT"] = {"level": 3, "signed": 1}
    board["alliances"]["austria"] = ["GE"]
    board["turn"] = 10
    O.play_option(state, "GE", {"option": "IPO11", "with": "IT", "levels": 3}, NO_DICE)
    assert board["modifiers"]["austria"]["GE"] == -9
    assert board["modifiers"]["czechoslovakia"]["GE"] == -3
    for minor, value in C.minor_effects_of(board, "IT").items():
        if minor not in ("austria", "czechoslovakia"):
            assert board["modifiers"][minor]["GE"] == -3 * value
