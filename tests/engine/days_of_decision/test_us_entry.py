"""DoD 11.2 — US entry from wars with a Democrat; DoD 8.7.2 US 4 — the modified total a US
declaration of war needs."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import us_entry as U
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.powers import SEATS
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions


def _sep_oct_1939():
    """Turn 23 is Sep/Oct 1939 (DoD 1: two-month turns from Jan/Feb 1936)."""
    state = fresh()
    state["board"]["turn"] = 23
    return state


def test_dod_11_2_the_book_example_a_first_year_roll_of_two_takes_one_off_germany():
    state = _sep_oct_1939()
    board = state["board"]
    board["wars"] += [{"aggressor": "CW", "target": "GE", "since": 23},
                      {"aggressor": "FR", "target": "GE", "since": 23}]
    events = U.war_with_a_democrat(state, ScriptedDice({"11.2 GE": [2]}))
    assert [(e.data["power"], e.data["modified"], e.data["entry"]) for e in events] == \
        [("GE", 2, -1)]                                    # one roll, however many Democrats
    assert board["us_entry"]["GE"] == "-1"
    assert all(board["us_entry"][p] == "0" for p in SEATS if p != "GE")   # Democrats roll none


def test_dod_11_2_one_more_per_full_six_turns_at_war_japan_13_turns():
    """Japan at a full war with China for 13 turns: two full six-turn spans add 2 (the book's
    limited war, one less, is test_limited_war.py's, ruling 125)."""
    state = _sep_oct_1939()
    board = state["board"]
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 10})
    events = U.war_with_a_democrat(state, ScriptedDice({"11.2 JA": [6]}))
    assert events[0].data["modified"] == 8 and events[0].data["entry"] == 1
    assert board["us_entry"]["JA"] == "1"


def test_dod_11_2_the_table_rows_the_examples_print():
    assert (U.table(2), U.table(7), U.table(10)) == (-1, 1, 2)      # printed in 11.2 / 11.3
    assert (U.table(1), U.table(3), U.table(6), U.table(9), U.table(14)) == (-1, 0, 0, 1, 2)


def test_dod_11_2_no_roll_against_a_conquered_democrat_or_at_peace():
    state = _sep_oct_1939()
    board = state["board"]
    assert U.war_with_a_democrat(state, ScriptedDice({})) == []
    board["wars"].append({"aggressor": "GE", "target": "RU", "since": 20})
    assert U.war_with_a_democrat(state, ScriptedDice({})) == []      # no Democrat in it


def test_dod_8_7_2_us4_the_book_example_germany_s_net_total_is_18_5():
    board = fresh()["board"]
    totals = {"GE": 32, "IT": 26, "JA": 25, "RU": 18, "CW": 12, "FR": 10, "CH": 4, "US": 8}
    board["us_entry"] = {p: str(v) for p, v in totals.items()}
    assert U.modified_total(board, "GE") == Fraction(37, 2)
    assert not U.may_declare(board, "GE")                           # a ways to go to 60


def test_dod_8_7_2_us4_the_us_declares_at_60_and_72_in_the_pacific():
    board = fresh()["board"]
    board["turn"] = 20
    board["us_entry"]["GE"] = "59"
    assert not W.may_declare(board, "US", "GE")
    board["us_entry"]["GE"] = "60"
    assert W.may_declare(board, "US", "GE")
    board["us_entry"]["JA"] = "70"            # + half of Germany's 60 = 100 ≥ 72
    assert U.modified_total(board, "JA") == 100 and W.may_declare(board, "US", "JA")
    board["us_entry"] = {p: "0" for p in SEATS}
    board["us_entry"]["JA"] = "71"
    assert not W.may_declare(board, "US", "JA")                     # 71 < 72 against Japan
    board["us_entry"]["RU"] = "60"
    assert not W.may_declare(board, "US", "RU")                     # the Soviets: 72 too


def test_dod_8_7_2_us4_a_conquered_power_s_total_no_longer_counts():
    board = fresh()["board"]
    board["us_entry"].update(GE="50", RU="30")
    assert U.modified_total(board, "GE") == 20
    board["conquered"].append("RU")
    assert U.modified_total(board, "GE") == 50


def test_dod_11_the_us_entry_step_rolls_for_each_war_with_a_democrat_through_the_flow():
    """A war between Germany and France from turn 1, played through the kernel: after
    production the US entry step rolls once for Germany and adds the table's value."""
    state = fresh()
    state["board"]["wars"].append({"aggressor": "GE", "target": "FR", "since": 1})
    seen = []
    for _ in range(100):
        if state["flow"]["step"] == "initiative":
            break
        decision = open_decisions(state)[0]
        default = RULESET.timeout_default(state, decision, decision.seats[0])
        out = apply(RULESET, state, decision.seats[0], decision.id, default, seed=SEED)
        seen += [e for e in out.events if e.kind == "us_entry"]
        state = out.state
    assert [e.data["power"] for e in seen] == ["GE"]
    entry = seen[0].data
    assert entry["entry"] == U.table(entry["roll"]) and entry["modified"] == entry["roll"]
    assert state["board"]["us_entry"]["GE"] == str(entry["entry"])
