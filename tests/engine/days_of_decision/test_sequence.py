"""DoD 5 — the sequence of play as a step table; 1, 3, 7, 8.1, 13 — the data and the
automatic steps; the whole game under selfplay, leak checks on."""

from __future__ import annotations

from engine.kernel.selfplay import selfplay
from engine.rulesets.days_of_decision import RULESET, production
from engine.rulesets.days_of_decision import display as D
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.powers import (
    COMMUNISM,
    DEMOCRACY,
    FASCISM,
    POWERS,
    TURN_ONE_ORDER,
)
from engine.rulesets.days_of_decision.steps import FLOW
from tests.engine.scripted_dice import ScriptedDice

from ..test_garbage_actions import walk
from .positions import fresh, play_until


def test_dod_5_the_step_table_follows_the_sequence_of_play():
    assert list(FLOW.steps) == ["initiative", "democrats", "weather", "politics", "activate",
                                "coup", "league", "direct", "bonus", "military", "production", "spending",
                                "us_entry", "minor_peace", "conquest", "end_of_turn", "over"]


def test_dod_3_1_eight_powers_in_three_ideologies():
    by_ideology = {i: sorted(p for p, power in POWERS.items() if power.ideology == i)
                   for i in (DEMOCRACY, FASCISM, COMMUNISM)}
    assert by_ideology == {DEMOCRACY: ["CH", "CW", "FR", "US"], FASCISM: ["GE", "IT", "JA"],
                           COMMUNISM: ["RU"]}
    assert TURN_ONE_ORDER == ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")


def test_dod_3_2_us_and_soviet_pe_markers_start_face_down():
    powers = fresh()["board"]["powers"]
    assert sorted(p for p, e in powers.items() if e["face_down"]) == ["RU", "US"]


def test_dod_8_1_the_display_has_three_ideologies_of_three_factions_round_a_neutral_zone():
    zones = {D.zone(h) for h in D.HEXES}
    assert zones == {("neutral", "neutral")} | {(i, f) for i in (DEMOCRACY, FASCISM, COMMUNISM)
                                                for f in D.FACTIONS}
    assert D.zone(D.CENTRE) == ("neutral", "neutral")
    sizes = {i: sum(1 for h in D.HEXES if D.zone(h)[0] == i) for i in (DEMOCRACY, FASCISM,
                                                                      COMMUNISM)}
    assert len(set(sizes.values())) == 1                    # no ideology is favoured
    for power, hex_id in D.POWER_START.items():
        assert D.zone(hex_id)[0] == POWERS[power].ideology, power
    assert len(set(D.POWER_START.values())) == len(D.POWER_START)     # one power a hex
    assert all(m.start in D.HEXES for m in MINORS.values())
    assert D.distance("0,0", "4,-4") == 4


def test_dod_7_weather_is_read_from_the_bimonth_column():
    assert T.weather_for("Jan/Feb", 3) == "fine" and T.weather_for("Jan/Feb", 10) == "blizzard"
    assert T.weather_for("Jul/Aug", 9) == "fine"
    state = fresh()
    state["board"]["turn"] = 6                                   # Nov/Dec 1936
    T.roll_weather(state, ScriptedDice({"weather": [7]}))
    assert state["board"]["weather"] == "snow"


def test_dod_1_two_month_turns_from_jan_feb_1936():
    assert T.date_of(1) == "Jan/Feb 1936" and T.date_of(66) == "Nov/Dec 1946"


def test_dod_13_the_turn_ends_income_is_paid_and_bidding_opens_turn_two():
    state = fresh()
    money = {p: e["money"] for p, e in state["board"]["powers"].items()}
    state = play_until(state, "initiative")
    board = state["board"]
    assert board["turn"] == 2 and board["date"] == "Mar/Apr 1936"
    assert all(e["played"] == 0 and not e["mp0_played"] for e in board["powers"].values())
    # every power that played took the first option listed, 0(a) with one die (3 money);
    # Germany always plays (first on the track); income is paid to all
    paid = {p: money[p] + production.income(board, p) - board["powers"][p]["money"]
            for p in money}
    assert paid["GE"] == 3 and set(paid.values()) <= {0, 3}, paid


def test_dod_13_the_game_ends_after_the_scenario_s_last_turn():
    state = play_until(fresh(turns=1), "over")
    result = RULESET.result(state)
    assert result["reason"] == "turns_played" and result["turn"] == 1
    assert result == T.final_result(state["board"])


# DoD 3.14's scoring on the objectives (version 25, rulings 148-152): test_objectives.py.


def test_dod_selfplay_games_finish_without_errors_or_leaks():
    tally = selfplay(RULESET, "1936", games=3, seed=5, options={"turns": 4})
    assert not tally.failed, tally.problems[:3]
    assert tally.finished == 3
    assert tally.actions_by_kind["bid"] and tally.actions_by_kind["drop"]
    assert tally.actions_by_kind["option"] and tally.actions_by_kind["spend"]


def test_dod_garbage_answers_to_every_decision_kind_are_refused_cleanly():
    # the seed is one whose three turns reach an activation (version 15: seed 12 no longer does;
    # version 23: nor seed 13, GE 14 being offered from turn 1)
    fuzzed = walk("days_of_decision", "1936", {"turns": 3}, seed=15)
    assert {"bid", "drop", "option", "spend", "activate", "shift"} <= set(fuzzed)
