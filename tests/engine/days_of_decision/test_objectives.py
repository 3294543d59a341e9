"""DoD 4 (the digest's 3.14) and 13 — victory by the 67 objectives (version 25): who holds
each, the neutral minors' to the nearest home capital at the end, the printed needed totals for
the early end and the score (objectives.py, rulings 148-152)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from engine.kernel.record import upgrade_step
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import military as M
from engine.rulesets.days_of_decision import objectives as OB
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision.migrations import add_objectives
from engine.rulesets.days_of_decision.powers import POWERS, SEATS
from engine.rulesets.days_of_decision.world import OBJECTIVES, political_map
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, play_until

NO_DICE = ScriptedDice({})
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / \
    "days_of_decision-24.json"


def counts(totals):
    return {k: str(v) for k, v in totals.items()}


def test_dod_4_ruling_148_every_printed_objective_has_its_country_and_its_place_on_the_map():
    assert sorted(OB.OBJECTIVE_TABLE) == sorted(OBJECTIVES) and len(OBJECTIVES) == 67
    areas = political_map().territories
    placed = {o: t for t, area in areas.items() for o in area.objectives}
    for name, entry in OB.OBJECTIVE_TABLE.items():
        assert entry.source.startswith(("printed", "inferred", "authored")), name
        if entry.territory is None:                      # a country the model lacks
            assert name not in placed and entry.kind == "minor" and name in OB.NEAREST_CAPITAL
            continue
        area = areas[entry.territory]
        assert placed[name] == entry.territory and area.owner == entry.country, name
        kind = "colony" if area.colony else ("home" if area.owner in POWERS else "minor")
        assert entry.kind == kind, name
        if entry.country not in POWERS:                  # it can lie in a neutral minor
            assert entry.name in OB.NEAREST_CAPITAL, name
    assert sum(OB.NEEDED.values()) == sum(OB.NEEDED_BY_IDEOLOGY.values()) == 112
    for ideology, needed in OB.NEEDED_BY_IDEOLOGY.items():
        assert sum(OB.NEEDED[p] for p in SEATS if POWERS[p].ideology == ideology) == needed


def test_dod_4_ruling_148_at_the_start_each_power_holds_its_own_and_its_controlled_minors():
    """The 1936 start: home countries and colonies by their powers; the minors Germany (Poland:
    Warsaw), Italy (Austria, Hungary: Vienna, Budapest) and France (Belgium, Czechoslovakia:
    Antwerp, Prague) control on the Status Display by them; the other minors are neutral."""
    board = fresh()["board"]
    assert counts(OB.held(board)) == {"CH": "3", "CW": "16", "FR": "7", "GE": "4", "IT": "4",
                                      "JA": "5", "RU": "5", "US": "6"}
    assert OB.holders(board, "Prague") == {"FR": 1} and OB.holders(board, "Athens") is None
    assert OB.holders(board, "Oslo") is None                 # Norway: not in our model
    assert sum(OB.held(board, final=True).values()) == 67


def test_dod_4_ruling_150_a_neutral_minor_s_objective_counts_only_at_the_end_half_on_a_tie():
    """Belgium in the neutral centre: Antwerp counts for nobody during the game; at the end
    Paris and London are equally near (ruling 150's tie), so France and Britain take a half."""
    board = fresh()["board"]
    before = OB.held(board, final=True)
    board["display"]["belgium"] = "0,0"
    assert OB.holders(board, "Antwerp") is None
    assert OB.held(board)["FR"] == 6                         # Antwerp gone from France
    after = OB.held(board, final=True)
    assert after["FR"] == before["FR"] - Fraction(1, 2)
    assert after["CW"] == before["CW"] + Fraction(1, 2)
    result = T.final_result(board)
    assert result["objectives"]["FR"] == "7.5" and result["objectives"]["CW"] == "17.5"
    assert result["objectives_net"]["FR"] == "0.5"


def test_dod_4_ruling_149_a_power_conquered_by_offensives_hands_its_objectives_to_its_conqueror():
    """The real chain: Germany's war on the Soviet Union; 30 doubled by surprise against 2
    conquers it at the military step. Germany (the only enemy with offensives) takes Moscow,
    Leningrad, Kiev, Sverdlovsk and Vladivostok."""
    state = fresh()
    board = state["board"]
    board["wars"].append({"aggressor": "GE", "target": "RU", "since": board["turn"]})
    board["powers"]["GE"]["army"], board["powers"]["RU"]["army"] = 30, 2
    start = OB.held(board)
    state = play_until(state, "military")
    state["board"]["weather"] = "fine"
    state = answer(state, "GE", {"commit": {"RU": 30}}).state
    state = answer(state, "RU", {"commit": {"GE": 2}}).state
    board = state["board"]
    assert board["conquered_by"] == {"RU": ["GE"]}
    RULESET.check_invariants(state)                 # recorded for every conquered power
    soviet = [o for o, e in OB.OBJECTIVE_TABLE.items() if e.country == "RU"]
    assert sorted(soviet) == ["Kiev", "Leningrad", "Moscow", "Sverdlovsk", "Vladivostok"]
    assert all(OB.holders(board, o) == {"GE": 1} for o in soviet)
    assert OB.held(board)["RU"] == 0 and start["RU"] == 5


def test_dod_4_ruling_149_tied_conquerors_share_and_a_migrated_conquest_counts_for_nobody():
    board = fresh()["board"]
    board["offensives"] = {"GE>FR": 4, "IT>FR": 4, "JA>FR": 1}
    assert M.conquerors(board, "FR") == ["GE", "IT"]
    board["conquered"] = ["FR"]
    board["conquered_by"] = {"FR": ["GE", "IT"]}
    assert OB.holders(board, "Paris") == {"GE": Fraction(1, 2), "IT": Fraction(1, 2)}
    board["conquered_by"] = {"FR": []}                       # conquered before version 25
    assert OB.holders(board, "Paris") == {}
    assert OB.held(board)["FR"] == 0
    # ruling 150: a neutral minor's objective still goes to the nearest capital's power at the
    # end, even conquered ("even if occupied"): Madrid is France's
    assert OB.held(board, final=True)["FR"] == 1


def test_dod_4_ruling_148_a_territory_an_option_handed_over_is_its_new_holder_s():
    """GE 7 Anschluss joins Austria to the German home country: Vienna is Germany's."""
    board = fresh()["board"]
    assert OB.holders(board, "Vienna") == {"IT": 1}
    board["national"]["home"]["austria"] = "GE"
    assert OB.holders(board, "Vienna") == {"GE": 1}


def _fascist_world(extra_minors):
    """The Fascists have conquered China, the Commonwealth, the US (Japan, Germany, Japan) and
    France (Italy): 43 objectives; each minor stacked with Germany adds its one objective."""
    state = fresh()
    board = state["board"]
    board["conquered"] = ["CH", "CW", "FR", "US"]
    board["conquered_by"] = {"CH": ["JA"], "CW": ["GE"], "FR": ["IT"], "US": ["JA"]}
    for minor in extra_minors:
        board["display"][minor] = board["display"]["GE"]
    return state


def test_dod_4_the_game_ends_when_an_ideology_controls_its_printed_needed_total():
    state = _fascist_world(["sweden", "greece"])                # Stockholm, Athens
    board = state["board"]
    assert OB.by_ideology(OB.held(board))["fascism"] == OB.NEEDED_BY_IDEOLOGY["fascism"] == 45
    events = T.end_turn(state, NO_DICE)
    assert events[-1].data["reason"] == "objectives_held"
    assert events[-1].data["ideologies"] == ["fascism"]
    assert board["result"]["reason"] == "objectives_held"
    assert set(board["result"]["winners"]) == {"GE", "IT", "JA"}


def test_dod_4_one_objective_short_of_the_needed_total_the_game_goes_on():
    state = _fascist_world(["sweden"])
    board = state["board"]
    assert OB.by_ideology(OB.held(board))["fascism"] == 44
    T.end_turn(state, NO_DICE)
    assert board["result"] is None and board["turn"] == 2


def test_dod_4_ruling_151_neutral_minors_do_not_count_towards_the_early_end():
    """At the end they would: the Fascists' nearest capitals take Oslo, Athens, Belgrade and
    more, but the early end counts only what the powers control."""
    state = _fascist_world(["sweden"])
    board = state["board"]
    assert OB.by_ideology(OB.held(board, final=True))["fascism"] > 45
    assert OB.reached(board) == []


def test_dod_13_ruling_152_a_worked_case_from_a_real_game_scored_on_its_objectives():
    """The version fixture (a random game of 700 actions, turn 29 Sep/Oct 1940), upgraded:
    Japan conquered Finland, Italy Spain, Germany Turkey. Counted by hand:
    Democrats CH 3 + Batavia (nearest Nanking) = 4; CW 16 + Amsterdam = 17; FR its 5 + Antwerp
    (Belgium on the display) = 6; US 6 + Panama, Mexico City, Buenos Aires, Sao Paulo = 10:
    37 - 50 = -13. Fascists GE Berlin, Kiel, Munich, Warsaw, Istanbul + Oslo, Stockholm = 7;
    IT Rome, Milan, Vienna, Budapest, Madrid + Athens, Belgrade, Bucharest = 8; JA its 5 +
    Helsinki = 6: 21 - 45 = -24. Communists RU its 5 + Prague + Baghdad, Riyadh, Teheran = 9:
    9 - 17 = -8. The Communists win; then the Democrats by their own (CH +1, FR -1, CW -6, US
    -7), then the Fascists (IT 0, JA -8, GE -16)."""
    frozen = json.loads(FIXTURE.read_text())
    board = upgrade_step(RULESET, frozen["state"], "24").state["board"]
    assert board["turn"] == 29 and board["minors_conquered"] == {
        "finland": "JA", "spain": "IT", "turkey": "GE"}
    result = T.final_result(board)
    assert result["objectives"] == {"CH": "4", "CW": "17", "FR": "6", "GE": "7", "IT": "8",
                                    "JA": "6", "RU": "9", "US": "10"}
    assert result["ideology_objectives"] == {"democracy": "37", "fascism": "21",
                                             "communism": "9"}
    assert result["ideology_scores"] == {"democracy": "-13", "fascism": "-24",
                                         "communism": "-8"}
    assert result["winners"] == ["RU"] and result["ideologies"] == ["communism"]
    assert [p["seats"] for p in result["placements"]] == [
        ["RU"], ["CH"], ["FR"], ["CW"], ["US"], ["IT"], ["JA"], ["GE"]]
    assert result["objectives_net"]["IT"] == "0" and result["objectives_net"]["GE"] == "-16"


def test_dod_3_14_tied_ideologies_share_the_win_and_places_are_shared():
    """At the start the Democrats score 39 - 50 = -11 and the Communists 9 - 17 = -8. France
    stacked with Greece, Yugoslavia and Rumania takes Athens, Belgrade and Bucharest (at the end
    Italy's by the nearest capital otherwise): the Democrats reach -8, level with the
    Communists, and both win; equal powers share a place and the next skips (2, 2, 4)."""
    board = fresh(turns=1)["board"]
    assert T.final_result(board)["ideology_scores"] == {
        "democracy": "-11", "fascism": "-26", "communism": "-8"}
    for minor in ("greece", "yugoslavia", "rumania"):
        board["display"][minor] = board["display"]["FR"]
    result = T.final_result(board)
    assert result["ideology_scores"] == {"democracy": "-8", "fascism": "-29", "communism": "-8"}
    assert result["ideologies"] == ["communism", "democracy"]
    assert result["winners"] == ["CH", "CW", "FR", "RU", "US"]
    assert result["placements"][:3] == [{"place": 1, "seats": ["FR"]},
                                        {"place": 2, "seats": ["CH"]},
                                        {"place": 3, "seats": ["CW"]}]
    assert {"place": 5, "seats": ["RU"]} in result["placements"]


def test_dod_3_14_equal_powers_share_a_place_and_the_next_place_skips():
    board = fresh(turns=1)["board"]
    result = T.final_result(board)        # CH and FR both +1 at the start
    assert result["placements"][1] == {"place": 2, "seats": ["CH", "FR"]}
    assert result["placements"][2]["place"] == 4


def test_dod_4_the_migration_to_version_25_records_no_conqueror_for_an_old_conquest():
    state = fresh()
    state["board"]["conquered"] = ["RU"]
    del state["board"]["conquered_by"]
    migrated = add_objectives(state)
    assert migrated["board"]["conquered_by"] == {"RU": []}
    assert OB.held(migrated["board"])["RU"] == 0
    assert OB.holders(migrated["board"], "Moscow") == {}
