"""DoD 8.7.1 IPO 10 Government Falls/Election Called, DoD 8.7.2 MP 0(c) Hold Election and the
US government (rulings 65-70)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.days_of_decision import elections, politics, turn, us_entry
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.elections import election_period
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions


def test_dod_8_7_1_ipo10_ruling_65_france_every_year_the_blocks_of_three_and_five():
    assert election_period("FR", 1937) == (1937, 1937)
    assert election_period("CW", 1938) == (1936, 1938)
    assert election_period("GE", 1939) == (1939, 1941)
    assert election_period("JA", 1947) == (1945, 1947)
    assert election_period("RU", 1940) == (1936, 1940)
    assert election_period("CH", 1941) == (1941, 1945)


def test_dod_8_7_1_ipo10_ruling_65_the_us_from_each_presidential_year():
    assert election_period("US", 1936) == (1936, 1939)
    assert election_period("US", 1943) == (1940, 1943)
    assert election_period("US", 1947) == (1944, 1947)


def test_dod_8_7_1_ipo10_ruling_65_bad_input_is_refused():
    with pytest.raises(ValueError, match="outside"):
        election_period("FR", 1935)
    with pytest.raises(ValueError, match="unknown power"):
        election_period("XX", 1937)


def _targets(board, power):
    return sorted(a["target"] for a in O.legal_options(board, power) if a["option"] == "IPO10")


def test_dod_8_7_1_ipo10_ruling_67_targets_itself_or_a_democrat_ahead_never_the_us():
    """Turn 1's order is GE, IT, CW, FR, RU, JA, US, CH: China may call its own election,
    France's or the Commonwealth's, never the US's (nor outside Nov/Dec its own); France its
    own or the Commonwealth's; a Fascist none."""
    board = fresh()["board"]
    assert _targets(board, "CH") == ["CH", "CW", "FR"]
    assert _targets(board, "FR") == ["CW", "FR"]
    assert _targets(board, "CW") == ["CW"]
    assert _targets(board, "GE") == []
    assert _targets(board, "US") == ["CW", "FR"]       # its own only in Nov/Dec


def test_dod_8_7_1_ipo10_on_itself_holds_the_election_until_the_next_period():
    """France calls its own election: its 1936 period is voted, no IPO 10 or 0(c) is offered
    for it in 1936; in 1937 (turn 7) it is due again."""
    state = fresh()
    board = state["board"]
    events = O.play_option(state, "FR", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    assert [e.kind for e in events] == ["election_held"]
    assert board["powers"]["FR"]["voted_period"] == 1936
    board["ipos_played"] = []
    assert "FR" not in _targets(board, "CH")
    assert _targets(board, "FR") == ["CW"]
    board["turn"] = 7
    assert _targets(board, "FR") == ["CW", "FR"]


def test_dod_8_7_1_ipo10_a_power_at_war_or_owing_is_no_target():
    board = fresh()["board"]
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 1})
    assert _targets(board, "CH") == ["CH", "CW"]
    board["powers"]["CW"]["owed"].append({"option": "0c", "source": "IPO10", "by": "FR",
                                          "since": 1})
    assert _targets(board, "CH") == ["CH"]


def test_dod_8_7_1_ipo10_against_another_owes_0c_played_first_through_the_kernel():
    """China (last) calls France's election: France owes MP 0(c), is told so, may play
    nothing else (an IPO 3 is refused and changes nothing), and its 0(c) holds the election
    and pays the debt."""
    state = fresh()
    board = state["board"]
    board["initiative"] = ["FR", "GE", "IT", "CW", "RU", "JA", "US", "CH"]
    events = O.play_option(state, "CH", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    assert [e.kind for e in events] == ["election_called", "option_owed"]
    assert board["powers"]["FR"]["owed"] == [{"option": "0c", "source": "IPO10", "by": "CH",
                                             "since": 1}]
    decision = open_decisions(state)[0]
    assert decision.seats == ("FR",)
    assert decision.prompt.startswith("Owed first: MP 0(c) Hold Election (IPO 10 played by")
    assert [a["option"] for a in decision.options] == ["0c"]
    alliance = next(a for a in O._free_options(board, "FR") if a["option"] == "IPO3")
    with pytest.raises(IllegalAction):
        answer(state, "FR", alliance)
    assert board["powers"]["FR"]["owed"][0]["by"] == "CH"
    result = answer(state, "FR", {"option": "0c"})
    after = result.state["board"]["powers"]["FR"]
    assert after["owed"] == [] and after["voted_period"] == 1936
    assert [e.kind for e in result.events if e.kind in ("owed_option_played", "election_held")] \
        == ["owed_option_played", "election_held"]


def test_dod_8_7_2_mp0c_once_ipo10_is_played_this_turn_a_due_power_may_hold_its_election():
    state = fresh()
    board = state["board"]
    assert {"option": "0c"} not in O.legal_options(board, "CW")
    O.play_option(state, "FR", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    assert {"option": "0c"} in O.legal_options(board, "CW")
    assert {"option": "0c"} not in O.legal_options(board, "FR")     # voted
    assert {"option": "0c"} not in O.legal_options(board, "GE")     # not a Democrat
    O.play_option(state, "CW", {"option": "0c"}, ScriptedDice({}))
    assert board["powers"]["CW"]["voted_period"] == 1936


def _end(state, turn_no):
    state["board"]["turn"] = turn_no
    return turn.end_turn(state, ScriptedDice({}))


def test_dod_8_7_1_ipo10_a_late_election_is_owed_at_the_end_of_its_period_war_or_not():
    """Nov/Dec 1936 ends: France (yearly) has not voted and owes a late 0(c); the
    Commonwealth's period runs to 1938 and China's to 1940. A power at war is excused; a debt
    already owed stays owed at war."""
    state = fresh()
    board = state["board"]
    events = _end(state, 6)
    late = [e.data for e in events if e.kind == "option_owed"]
    assert [(d["power"], d["source"]) for d in late] == [("FR", "late")]
    assert board["powers"]["CW"]["owed"] == [] and board["powers"]["CH"]["owed"] == []
    assert "Hold Election (its election is late)" in politics._prompt(board, "FR")
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 7})
    assert O.legal_options(board, "FR") == [{"option": "0c"}]     # owed, even at war
    board["wars"].append({"aggressor": "GE", "target": "CW", "since": 7})
    events = _end(state, 18)
    assert board["powers"]["CW"]["owed"] == []                     # at war: excused


def test_dod_8_7_1_ipo10_ruling_70_a_missed_us_election_brings_the_republicans():
    """The US does not vote in Nov/Dec 1936: Republicans. Every US entry effect then moves one
    toward zero (+6 → +5, −4 → −3, +1/2 → 0). The US may call its own election only in its
    election turn (Nov/Dec 1940), at war too (ruling 66), and winning it returns the
    Democrats."""
    state = fresh()
    board = state["board"]
    assert board["us_government"] == elections.DEMOCRATS
    events = _end(state, 6)
    assert board["us_government"] == elections.REPUBLICANS
    assert any(e.kind == "us_government" for e in events)
    us_entry.add(board, "GE", 6)
    us_entry.add(board, "IT", -4)
    us_entry.add(board, "JA", Fraction(1, 2))
    assert (us_entry.total(board, "GE"), us_entry.total(board, "IT"),
            us_entry.total(board, "JA")) == (5, -3, 0)
    board["turn"] = 29
    assert "US" not in _targets(board, "US")
    board["turn"] = 30
    board["wars"].append({"aggressor": "JA", "target": "US", "since": 25})   # ruling 66
    assert "US" in _targets(board, "US") and "US" not in _targets(board, "CH")
    O.play_option(state, "US", {"option": "IPO10", "target": "US"}, ScriptedDice({}))
    assert board["us_government"] == elections.DEMOCRATS
    _end(state, 30)
    assert board["us_government"] == elections.DEMOCRATS
    us_entry.add(board, "GE", 6)
    assert us_entry.total(board, "GE") == 11


def test_dod_8_7_1_ipo10_a_us_that_votes_in_nov_dec_1936_keeps_the_democrats():
    state = fresh()
    board = state["board"]
    board["turn"] = 6
    O.play_option(state, "US", {"option": "IPO10", "target": "US"}, ScriptedDice({}))
    assert board["powers"]["US"]["voted_period"] == 1936
    _end(state, 6)
    assert board["us_government"] == elections.DEMOCRATS


def test_dod_8_7_1_ipo10_the_us_holds_its_election_by_0c_once_ipo10_is_taken():
    """Nov/Dec 1940: France takes IPO 10 first; the US holds its election by MP 0(c) and keeps
    the Democrats. In Sep/Oct 1940 no 0(c) is offered to it."""
    state = fresh()
    board = state["board"]
    board["turn"] = 29
    O.play_option(state, "FR", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    assert {"option": "0c"} not in O.legal_options(board, "US")
    board["turn"], board["ipos_played"] = 30, []
    O.play_option(state, "CW", {"option": "IPO10", "target": "CW"}, ScriptedDice({}))
    assert {"option": "0c"} in O.legal_options(board, "US")
    O.play_option(state, "US", {"option": "0c"}, ScriptedDice({}))
    _end(state, 30)
    assert board["us_government"] == elections.DEMOCRATS
    assert board["powers"]["US"]["voted_period"] == 1940


def test_dod_8_2_ipo10_ruling_78_an_owed_0c_may_be_any_of_the_options_bid_for():
    """France owes a 0(c) and bid for two options: its first choice may be the 0(c) or any
    option but another MP 0 (which would take the slot the 0(c) needs); its last must be the
    0(c)."""
    state = fresh()
    board = state["board"]
    board["initiative"] = ["FR", "GE", "IT", "CW", "RU", "JA", "US", "CH"]
    O.play_option(state, "CH", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    board["ipos_played"] = []
    board["bids"]["FR"]["options"] = 2
    board["powers"]["FR"]["played"] = 0
    first = [a["option"] for a in O.legal_options(board, "FR")]
    assert first[0] == "0c" and "IPO1" in first
    assert not {"0a", "0b", "0e", "0g"} & set(first)
    O.play_option(state, "FR", next(a for a in O.legal_options(board, "FR")
                                    if a["option"] == "IPO1"), ScriptedDice({}))
    assert [a["option"] for a in O.legal_options(board, "FR")] == ["0c"]
    assert board["powers"]["FR"]["owed"][0]["option"] == "0c"
