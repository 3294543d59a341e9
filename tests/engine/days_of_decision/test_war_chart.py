"""DoD 2.6, 8.4.3, 8.4.4, 8.7.2 MP 4 — the War Chart's US entry and its effects of declarations
on major powers (rulings 51-53)."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import apply, view
from engine.kernel.game import events_for
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import us_entry as U
from engine.rulesets.days_of_decision import war_chart as C
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.powers import SEATS
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})
TURN_1938, TURN_1939, TURN_1942 = 13, 19, 37


def _board(turn: int):
    state = fresh()
    board = state["board"]
    board["turn"] = turn
    board["initiative"] = ["GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"]
    for entry in board["powers"].values():
        entry["army"] = 5
    return state, board


def test_dod_2_6_ruling_51_poland_1939_is_the_printed_ten_and_rows_fall_by_the_2_6_slope():
    """8.4.4's example: Germany's declaration on Poland in 1939 is +10 on the War Chart (the
    card's +6 is absent). Ruling 51: the row falls as 2.6's Central American row does (10, 9,
    8, 7 by two-year steps), so Poland is 11 in 1936 and 8 from 1942."""
    assert [10 - C._fall(y) for y in (1936, 1937, 1938, 1939, 1940, 1941, 1942, 1946)] == \
        [10, 10, 9, 9, 8, 8, 7, 7]                     # the printed Central American row
    state, board = _board(TURN_1939)
    O.play_option(state, "GE", {"option": "MP4", "minor": "poland"}, NO_DICE)
    assert U.total(board, "GE") == 10
    assert C.US_ENTRY_MINORS["poland"][1939].source.startswith("printed 8.4.4")
    assert C.us_entry_of("poland", 1) == 11 and C.us_entry_of("poland", TURN_1942) == 8


def test_dod_2_6_ruling_51_52_every_chart_value_names_its_provenance():
    """Every minor and every major power has a US entry for each year 1936-1946, and each
    value (and each minor effect of a major power's row) says printed, inferred or authored."""
    assert set(C.US_ENTRY_MINORS) == set(MINORS) and set(C.US_ENTRY_MAJORS) == set(SEATS)
    assert set(C.MINOR_EFFECTS_MAJORS) == set(SEATS)
    cells = [c for row in (*C.US_ENTRY_MINORS.values(), *C.US_ENTRY_MAJORS.values())
             for c in row.values()]
    cells += [c for row in C.MINOR_EFFECTS_MAJORS.values() for c in row.values()]
    assert all(len(row) == 11 for row in (*C.US_ENTRY_MINORS.values(),
                                          *C.US_ENTRY_MAJORS.values()))
    assert all(c.source.split()[0] in ("printed", "inferred:", "authored", "authored:")
               for c in cells)
    assert all(set(row) <= set(MINORS) for row in C.MINOR_EFFECTS_MAJORS.values())
    assert sum(c.source.startswith("printed") for c in cells) == 1       # only Poland 1939


def test_dod_2_6_ruling_52_a_declaration_on_a_major_adds_us_entry_and_places_markers():
    """Germany declares on France in 1938: France's row is 12 in 1936, 11 in 1938 (ruling 52),
    added to Germany's total; Germany's markers of France's row go into the minors (a
    conquered minor is skipped), added to the old ones (8.4.3)."""
    state, board = _board(TURN_1938)
    board["modifiers"]["poland"] = {"GE": 2}
    board["minors_conquered"]["rumania"] = "IT"
    O.play_option(state, "GE", {"option": "MP4", "target": "FR"}, NO_DICE)
    assert U.total(board, "GE") == 11
    assert board["modifiers"]["czechoslovakia"]["GE"] == -2
    assert board["modifiers"]["belgium"]["GE"] == -2
    assert board["modifiers"]["yugoslavia"]["GE"] == -1
    assert board["modifiers"]["poland"]["GE"] == 1                      # 2 - 1
    assert "GE" not in board["modifiers"].get("rumania", {})
    assert all(U.total(board, p) == 0 for p in SEATS if p != "GE")


def test_dod_2_6_ruling_53_casus_belli_halves_the_war_chart_us_entry():
    """MP 4 'Casus Bellum': with casus belli against the target, half the chart's US entry
    (fractions kept, 8.4.4). The Commonwealth on Germany in 1938: 4 - 1 = 3, halved 3/2."""
    state, board = _board(TURN_1938)
    R.grant_casus_belli(board, "CW", "GE")
    O.play_option(state, "CW", {"option": "MP4", "target": "GE"}, NO_DICE)
    assert U.total(board, "CW") == Fraction(3, 2)
    assert board["modifiers"]["hungary"]["CW"] == -2 and board["modifiers"]["poland"]["CW"] == 1
    state, board = _board(TURN_1938)
    board["casus_belli"] = {}
    board["initiative"] = ["IT", "GE", "CW", "FR", "RU", "JA", "US", "CH"]
    O.play_option(state, "GE", {"option": "MP4", "target": "CW"}, NO_DICE)   # no casus belli
    assert U.total(board, "GE") == 14


def test_dod_2_6_ruling_53_the_war_chart_moves_the_us_towards_war_through_the_kernel():
    """A declaration through the kernel: the declarer's total is public (every seat sees the
    event and the board), and it feeds the US 4 modified total against it."""
    state = fresh()
    state["board"]["turn"] = TURN_1938
    before = U.modified_total(state["board"], "GE")
    d = [d for d in open_decisions(state) if d.kind == "option"][0]
    result = apply(RULESET, state, "GE", d.id, {"option": "MP4", "target": "FR"}, seed=SEED)
    board = result.state["board"]
    assert U.modified_total(board, "GE") == before + 11
    for seat in SEATS:
        assert view(RULESET, result.state, f"seat:{seat}")["board"]["us_entry"]["GE"] == "11"
        kinds = [e["kind"] for e in events_for(RULESET, result.state, result.events, f"seat:{seat}")]
        assert "war_chart_us_entry" in kinds
