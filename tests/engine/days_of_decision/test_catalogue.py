"""DoD 8.2 / 8.7 — the option catalogue as data, and the options added in this slice: IPO 3
Minor Alliance, IPO 12 Guarantee, IPO 17 The Credit Card, IPO 18 Free Trade vs. Protection,
MP 0(e) Place a Coup Cell."""

from __future__ import annotations

from engine.rulesets.days_of_decision import alliances as AL
from engine.rulesets.days_of_decision import finance as F
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.catalogue import CATALOGUE, ROWS
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh


def test_dod_8_2_every_catalogue_row_has_its_fields_and_an_effect_or_a_reason():
    assert len([r for r in ROWS if r.kind == "ipo"]) == 20                  # 8.2: 20 IPOs
    assert {r.number for r in ROWS if r.kind == "mp0"} == {f"MP 0({c})" for c in "abcdefgh"}
    for row in ROWS:
        assert row.number and row.name and row.rule.startswith("DoD 8.7"), row.id
        assert row.kind in ("ipo", "mp0", "mp") and row.cost >= 0, row.id
        assert row.pending in ("", "roll", "proposal", "vote"), row.id
        if row.status == "implemented":
            assert row.id in O.HANDLERS, f"{row.id} has no effect handler"
            assert row.kind != "ipo" or row.id in O.IPO_ACTIONS, row.id
        else:
            assert row.status == "absent" and row.note, f"{row.id} is absent with no reason"
            assert row.id not in O.HANDLERS, row.id
    assert set(O.HANDLERS) <= set(CATALOGUE)


def test_dod_8_2_each_international_option_is_played_once_a_turn_by_anyone():
    state = fresh()
    O.play_option(state, "GE", {"option": "IPO18", "to": "free_trade"}, ScriptedDice({}))
    assert not [o for o in O.legal_options(state["board"], "IT") if o["option"] == "IPO18"]
    assert [o for o in O.legal_options(state["board"], "IT") if o["option"] == "IPO12"]


def test_dod_8_7_1_ipo3_the_roll_adds_willpower_less_position_distance_and_three_to_break():
    board = fresh()["board"]
    # The book's example: Poland (willpower 2, printed) six hexes from Germany, Germany first,
    # breaking the CW's alliance. Our display: Poland moved six hexes off.
    board["display"]["poland"] = "3,-4"
    assert AL.alliance_modifier(board, "GE", "poland", breaking=True) == 2 - 1 - 6 - 3
    # The book's roll of 7 also had +1 (economic agreement, IPO 2 absent) and −2 (hostile,
    # War Chart absent): 7 + 2 + 1 − 3 − 2 − 6 − 1 = −2. Ours: 7 − 8 = −1, a failure too.
    assert AL.alliance_modifier(board, "GE", "poland", breaking=False) == 2 - 1 - 6


def test_dod_8_7_1_ipo3_a_failed_roll_costs_nothing_and_places_no_marker():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    board["display"]["turkey"] = "4,-4"                     # seven hexes from Germany
    modifier = AL.alliance_modifier(board, "GE", "turkey", False)
    assert modifier == 5 - 1 - 7
    events = AL.play_alliance(state, "GE", {"option": "IPO3", "minor": "turkey", "mode": "make"},
                              ScriptedDice({"IPO 3 GE turkey": [3]}))     # 3 − 3 = 0: fails
    assert events[0].data["success"] is False
    assert board["powers"]["GE"]["money"] == money and board["modifiers"] == {}
    assert board["alliances"] == {}
    events = AL.play_alliance(state, "GE", {"option": "IPO3", "minor": "turkey", "mode": "make"},
                              ScriptedDice({"IPO 3 GE turkey": [4]}))     # 4 − 3 = 1: succeeds
    assert events[0].data["success"] is True
    assert board["alliances"] == {"turkey": ["GE"]}
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["IPO3"].cost
    assert board["modifiers"] == {"turkey": {"GE": CATALOGUE["IPO3"].minor_effects["make"]}}


def test_dod_8_7_1_ipo3_a_minor_holds_at_most_two_alliances_and_you_may_break_your_own():
    state = fresh()
    board = state["board"]
    board["alliances"] = {"turkey": ["GE", "GE"]}            # both may be one power's
    offered = [o for o in AL.alliance_actions(board, "FR") if o["minor"] == "turkey"]
    assert offered == [{"option": "IPO3", "minor": "turkey", "mode": "break", "ally": "GE"}]
    AL.play_alliance(state, "GE", {"option": "IPO3", "minor": "turkey", "mode": "break",
                                   "ally": "GE"}, ScriptedDice({}))      # no die rolled
    assert board["alliances"] == {"turkey": ["GE"]}


def test_dod_8_7_1_ipo12_a_guarantee_needs_a_position_lower_than_the_willpower():
    board = fresh()["board"]
    # turn 1: Germany 1st, China 8th; Poland's willpower is 2, Turkey's 5 (ours)
    assert {"option": "IPO12", "minor": "poland"} in AL.guarantee_actions(board, "GE")
    assert {"option": "IPO12", "minor": "poland"} not in AL.guarantee_actions(board, "IT")
    assert AL.guarantee_actions(board, "CH") == []
    board["guarantees"] = {"poland": ["GE"]}                 # not twice on one minor
    assert {"option": "IPO12", "minor": "poland"} not in AL.guarantee_actions(board, "GE")


def test_dod_8_7_1_ipo17_is_offered_only_after_four_options_this_turn():
    board = fresh()["board"]
    for power in ("GE", "IT", "CW"):
        board["powers"][power]["played"] = 1
    assert F.credit_card_actions(board, "FR") == []
    board["powers"]["FR"]["played"] = 1
    assert F.credit_card_actions(board, "RU") == [{"option": "IPO17"}]


def test_dod_8_7_1_ipo17_interest_follows_the_book_examples():
    # 16 in debt: 3 paid, and a 4th on a roll of 2 or less (our ruling: the examples' "or less")
    assert F.interest(-16, lambda: 2) == -4
    assert F.interest(-16, lambda: 3) == -3
    # 17 in credit: 1 received, and a 2nd on 7 or less
    assert F.interest(17, lambda: 7) == 2
    assert F.interest(17, lambda: 8) == 1
    assert F.interest(20, lambda: 1 / 0) == 2 and F.interest(0, lambda: 1 / 0) == 0


def test_dod_8_7_1_ipo17_every_power_pays_or_earns_interest_in_initiative_order():
    state = fresh()
    board = state["board"]
    for entry in board["powers"].values():
        entry["money"] = 0
    board["powers"]["FR"]["money"] = -10
    board["powers"]["US"]["money"] = 13
    O.play_option(state, "GE", {"option": "IPO17"},
                  ScriptedDice({"IPO 17 interest US": [3]}))
    assert board["powers"]["FR"]["money"] == -12 and board["powers"]["US"]["money"] == 15
    assert board["powers"]["GE"]["money"] == -CATALOGUE["IPO17"].cost


def test_dod_8_7_1_ipo18_switches_trade_policy_and_the_us_starts_a_free_trader():
    state = fresh()
    board = state["board"]
    assert [p for p, e in board["powers"].items() if e["free_trader"]] == ["US"]
    assert F.trade_actions(board, "US") == [{"option": "IPO18", "to": "protection"}]
    O.play_option(state, "FR", {"option": "IPO18", "to": "free_trade"}, ScriptedDice({}))
    assert board["powers"]["FR"]["free_trader"] is True


def test_dod_8_7_2_mp0e_a_coup_cell_is_public_once_per_minor_and_uses_the_mp0_slot():
    state = fresh()
    board = state["board"]
    board["bids"]["GE"] = {"bid": 5, "options": 2, "final": "4.5"}
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "0e", "minor": "spain"}, ScriptedDice({}))
    assert board["coup_cells"] == {"spain": ["GE"]}
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["0e"].cost
    assert not [o for o in O.legal_options(board, "GE") if o["option"] in ("0a", "0e")]
    assert {"option": "0e", "minor": "spain"} not in AL.coup_cell_actions(board, "GE")
