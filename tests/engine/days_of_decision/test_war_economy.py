"""DoD 8.7.1 IPO 19 (Embargo) and IPO 20 (National Effort), and the income they leave (10.1):
rulings 55-57, and since version 24 rulings 145-146 (a PM level, trade lost as resources)."""

from __future__ import annotations

from fractions import Fraction

from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import production as P
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision import us_entry as U
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh

NO_DICE = ScriptedDice({})


def _income(state, power):
    """Run the production step (10.1) and return what `power` was paid."""
    events = T.production(state, NO_DICE)
    return [e for e in events if e.kind == "income"][0].data["income"][power]


def _offered(board, power, option):
    return [o for o in O.legal_options(board, power) if o["option"] == option]


def test_dod_8_7_1_ipo20_ruling_55_145_national_effort_six_turns_up_then_one_level_down():
    """Only at war with a major power. Germany at war (9 production points: 8.1.4 adds Poland's,
    two factions off) plays it on turn 5: PM 5/4 on turns 5-10 (9 * 5/4 and its protectionist
    5/4, 12.5: 13), then 3/4 for the rest of the game (6.75 + 3/4: 8)."""
    state = fresh()
    board = state["board"]
    board["turn"] = 5
    assert not _offered(board, "GE", "IPO20")                  # at peace
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 4})
    assert _offered(board, "GE", "IPO20") == [{"option": "IPO20"}]
    assert P.multiple(board, "GE") == 1
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "IPO20"}, NO_DICE)
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["IPO20"].cost
    paid = []
    for turn in range(5, 13):
        board["turn"] = turn
        paid.append(_income(state, "GE"))
    assert paid == [13, 13, 13, 13, 13, 13, 8, 8]
    assert P.multiple(board, "GE") == Fraction(3, 4)
    assert _income(state, "FR") == 10                           # the enemy is untouched


def test_dod_8_7_1_ipo20_ruling_55_not_again_while_running_and_the_cuts_add_up():
    state = fresh()
    board = state["board"]
    board["turn"] = 5
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 4})
    O.play_option(state, "GE", {"option": "IPO20"}, NO_DICE)
    board["ipos_played"] = []
    board["turn"] = 10
    assert not _offered(board, "GE", "IPO20")                  # its effort runs to turn 10
    board["turn"] = 11
    assert _offered(board, "GE", "IPO20")
    O.play_option(state, "GE", {"option": "IPO20"}, NO_DICE)
    assert _income(state, "GE") == 10                          # up one, down one: PM 1
    board["turn"] = 17
    assert _income(state, "GE") == 5                           # PM 1/2: 4.5 + 1/2
    board["powers"]["GE"]["efforts"] = 9
    assert _income(state, "GE") == 0                           # PM 0 off the left end


def test_dod_8_7_1_ipo19_ruling_56_embargo_needs_a_trade_agreement_and_casus_belli():
    """France's printed level-1 treaty with Italy is a trade agreement; casus belli against
    Italy opens the embargo. Germany, with no treaty with France, may not, casus belli or not."""
    state = fresh()
    board = state["board"]
    assert not _offered(board, "FR", "IPO19")
    R.grant_casus_belli(board, "FR", "IT")
    R.grant_casus_belli(board, "GE", "FR")
    assert _offered(board, "FR", "IPO19") == [{"option": "IPO19", "target": "IT"}]
    assert not _offered(board, "GE", "IPO19")
    O.play_option(state, "FR", {"option": "IPO19", "target": "IT"}, NO_DICE)
    board["ipos_played"] = []
    assert not _offered(board, "FR", "IPO19")                  # once against the same power


def test_dod_8_7_1_ipo19_ruling_56_the_us_embargoes_japan_on_the_printed_trade_agreement():
    """The US and Japan start with a trade agreement. With no casus belli the US may embargo
    Japan once Japan is at war with a Democrat other than China, or at war with China with a
    modified US entry total of 30."""
    state = fresh()
    board = state["board"]
    assert not _offered(board, "US", "IPO19")
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 1})
    assert not _offered(board, "US", "IPO19")
    U.add(board, "JA", 30)
    assert U.modified_total(board, "JA") >= 30
    assert _offered(board, "US", "IPO19") == [{"option": "IPO19", "target": "JA"}]
    U.add(board, "JA", -30)
    assert not _offered(board, "US", "IPO19")
    board["wars"].append({"aggressor": "JA", "target": "CW", "since": 1})
    assert _offered(board, "US", "IPO19") == [{"option": "IPO19", "target": "JA"}]
    assert not _offered(board, "CW", "IPO19")                  # at war: no trade left


def test_dod_8_7_1_ipo19_ruling_57_embargo_halves_the_chart_and_cuts_income_until_war():
    """France embargoes Italy: it pays the card, places half of the War Chart's minor effects
    of a declaration on Italy (Austria −2 → −1, Hungary and Spain −1 → 0, Greece and Yugoslavia
    +1 → +1), Italy loses 2 production points a turn and France 1 (ruling 146); war between
    them lifts it."""
    state = fresh()
    board = state["board"]
    R.grant_casus_belli(board, "FR", "IT")
    money = board["powers"]["FR"]["money"]
    O.play_option(state, "FR", {"option": "IPO19", "target": "IT"}, NO_DICE)
    assert board["powers"]["FR"]["money"] == money - CATALOGUE["IPO19"].cost
    assert board["modifiers"] == {"austria": {"FR": -1}, "greece": {"FR": 1},
                                  "yugoslavia": {"FR": 1}}
    assert _income(state, "IT") == 6 - 2 and _income(state, "FR") == 10 - 1
    assert _income(state, "GE") == 9
    board["wars"].append({"aggressor": "FR", "target": "IT", "since": 2})
    events = T.production(state, NO_DICE)
    assert [e.kind for e in events] == ["embargo_lifted", "income"]
    assert board["embargoes"] == []
    assert events[-1].data["income"]["IT"] == 6


def test_dod_8_7_1_ipo19_ruling_57_a_new_treaty_level_lifts_the_embargo():
    state = fresh()
    board = state["board"]
    board["turn"] = 8
    R.grant_casus_belli(board, "FR", "IT")
    O.play_option(state, "FR", {"option": "IPO19", "target": "IT"}, NO_DICE)
    assert _income(state, "IT") == 4
    board["treaties"]["FR-IT"] = {"level": 2, "signed": 9}
    board["turn"] = 9
    assert _income(state, "IT") == 6 and board["embargoes"] == []
