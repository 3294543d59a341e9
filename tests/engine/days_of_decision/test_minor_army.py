"""DoD 8.7.1 IPO 5 (setting up a minor's forces), 9.3 (the minor's land combat in the abstract
war), 12.2 (its conquest) and 8.7.2 MP 4 (its peace): RULINGS 45-49."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, MalformedAction, canonical_json
from engine.kernel.game import decisions
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import minor_army as MA
from engine.rulesets.days_of_decision import minor_war as MW
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.minors import FORCES, MINORS
from engine.rulesets.days_of_decision.turn import date_of
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh

NO_DICE = ScriptedDice({})


def _at(turn: int, army: int = 40):
    state = fresh()
    board = state["board"]
    board["turn"], board["date"], board["weather"] = turn, date_of(turn), "fine"
    for entry in board["powers"].values():
        entry["army"] = army
    return state, board


def test_dod_8_7_1_ipo5_ruling_45_every_minor_s_forces_carry_their_provenance():
    assert set(FORCES) == set(MINORS)
    for minor, forces in FORCES.items():
        assert set(forces.source) == {"army", "naval", "army_yearly", "naval_yearly",
                                      "conquest_level"}, minor
        assert all(s == "authored" or s.startswith(("printed (", "inferred (")) for s in
                   forces.source.values()), minor
        assert forces.army > 0 and forces.conquest_level > 0
    spain = FORCES["spain"]
    assert (spain.army_yearly, spain.naval_yearly, spain.conquest_level) == (3, 0, 4)
    assert [k for k, s in spain.source.items() if s.startswith("printed")] == [
        "army_yearly", "naval_yearly", "conquest_level"]


def test_dod_8_7_1_ipo5_ruling_46_the_book_s_spanish_example_recorded_totals_plus_yearly():
    """The IPO 5 example: Spain's last war ended in 1939 with 24 army and 17 navy points; a
    declaration in 1941 sets it up with 30 and 17 (+3 army, +0 navy a year)."""
    state, board = _at(turn=date_turn(1941))
    board["minor_forces"]["spain"] = {"army": 24, "naval": 17, "mobilised": False,
                                      "turn": date_turn(1939) + 5}     # Nov/Dec 1939
    O.play_option(state, "GE", {"option": "MP4", "minor": "spain"}, NO_DICE)
    assert board["minor_forces"]["spain"] == {"army": 30, "naval": 17, "mobilised": True,
                                              "turn": date_turn(1941)}


def date_turn(year: int) -> int:
    return (year - 1936) * 6 + 1


def test_dod_8_7_1_ipo5_ruling_46_printed_totals_yearly_since_1936_and_0b_revealed():
    state, board = _at(turn=date_turn(1938))
    state["secret"]["IT"]["minor_ap"] = {"poland": 2, "austria": 1}
    outcome = answer(state, "GE", {"option": "MP4", "minor": "poland"})
    new = outcome.state
    # Poland: 12 printed + 2 years x 1 + Italy's two secret 0(b) points; 1 naval, none yearly
    assert new["board"]["minor_forces"]["poland"] == {"army": 16, "naval": 1,
                                                      "mobilised": True, "turn": 13}
    assert new["secret"]["IT"]["minor_ap"] == {"austria": 1}          # only Poland's revealed
    shown = [e for e in outcome.events if e.kind == "minor_forces_set_up"]
    assert [e.data["from_0b"] for e in shown] == [{"IT": 2}] and shown[0].audience is None
    # a 0(b) for a minor already at war joins its army at once, in the open
    events = O.play_option(new, "FR", {"option": "0b", "minor": "poland", "ap": 3}, NO_DICE)
    assert new["board"]["minor_forces"]["poland"]["army"] == 19
    assert "poland" not in new["secret"]["FR"]["minor_ap"]
    assert all(e.audience is None for e in events)


def _military(state):
    state["flow"].update(step="military", committed=False)
    return {d.id: d for d in decisions(RULESET, state)}


def test_dod_9_3_ruling_47_the_director_commits_the_minor_sealed_with_the_powers():
    state, board = _at(turn=13, army=30)
    O.play_option(state, "GE", {"option": "MP4", "minor": "yugoslavia"}, NO_DICE)
    MW.war_on(board, "yugoslavia", "GE")["director"] = "FR"
    board["minor_forces"]["yugoslavia"]["army"] = 6
    open_now = _military(state)
    minor = open_now["t13-commit-yugoslavia"]
    assert minor.seats == ("FR",) and minor.kind == "minor_commit"
    assert minor.group == open_now["t13-commit-GE"].group
    assert minor.data == {"minor": "yugoslavia", "army": 6, "enemies": ["GE"]}
    # the timeout default is the whole army, split evenly
    assert RULESET.timeout_default(state, minor, "FR") == {"commit": {"GE": 6}}
    before = canonical_json(state)
    for bad in ({"commit": {"GE": 7}}, {"commit": {"GE": 0}}, {"commit": {"FR": 1}}, None):
        with pytest.raises((IllegalAction, MalformedAction)):
            answer(state, "FR", bad, kind="minor_commit")
    assert canonical_json(state) == before
    sealed = answer(state, "FR", {"commit": {"GE": 6}}, kind="minor_commit")
    assert not sealed.events or all(e.kind != "minor_front_combat" for e in sealed.events)
    # the book's 9.3.4 example (without the absent national bonus: 30 committed): 30 doubled
    # by surprise to 60 against 6 is 10:1, no German loss, all 6 lost, 10 offensives capped
    # at Yugoslavia's conquest level (4, authored)
    out = answer(sealed.state, "GE", {"commit": {"yugoslavia": 30}}, kind="commit")
    combat = [e.data for e in out.events if e.kind == "minor_front_combat"]
    assert combat == [{"power": "GE", "minor": "yugoslavia",
                       "committed": {"GE": 30, "yugoslavia": 6},
                       "modified": {"GE": "60", "yugoslavia": "6"}, "winner": "GE",
                       "offensives": 10, "ratio": "10", "lost": {"GE": 0, "yugoslavia": 6},
                       "held": 4}]
    revealed = [e.data for e in out.events if e.kind == "commitments_revealed"]
    assert revealed[0]["minors"] == {"yugoslavia": {"GE": 6}}


def test_dod_9_3_ruling_47_the_book_s_seven_point_variant_costs_germany_a_quarter():
    state, board = _at(turn=13)
    O.play_option(state, "GE", {"option": "MP4", "minor": "yugoslavia"}, NO_DICE)
    war = MW.war_on(board, "yugoslavia", "GE")
    report = MA.fight(board, war, 30, 7)          # 60:7 = 8.57, the victor takes 25% / all
    assert report["lost"] == {"GE": 8, "yugoslavia": 7} and report["offensives"] == 8
    assert board["minor_offensives"] == {"GE>yugoslavia": 4}          # capped at the level


def test_dod_9_3_2_ruling_48_a_minor_s_win_removes_offensives_and_never_gains_any():
    state, board = _at(turn=14)
    board["turn"] = 13
    O.play_option(state, "GE", {"option": "MP4", "minor": "turkey"}, NO_DICE)
    board["turn"] = 14                            # no surprise after the declaration turn
    board["minor_offensives"]["GE>turkey"] = 3
    war = MW.war_on(board, "turkey", "GE")
    report = MA.fight(board, war, 2, 8)          # 8:2, the minor wins with R = 4
    assert report["winner"] == "turkey" and report["offensives"] == 4
    assert board["minor_offensives"] == {}       # 3 removed, none gained outside
    # a declarer committing nothing does not attack the minor this turn
    war.pop("attacked")
    MA.fight(board, war, 0, 1)
    assert "attacked" not in war


def test_dod_9_3_2_ruling_48_a_minor_s_front_may_be_left_unattacked_a_power_s_may_not():
    state, board = _at(turn=13, army=10)
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 12})
    O.play_option(state, "GE", {"option": "MP4", "minor": "belgium"}, NO_DICE)
    from engine.rulesets.days_of_decision import military as M
    assert M.validate(board, "GE", {"commit": {"FR": 10, "belgium": 0}})
    with pytest.raises(IllegalAction):
        M.validate(board, "GE", {"commit": {"FR": 0, "belgium": 10}})


def test_dod_12_2_ruling_49_army_gone_the_most_offensives_conquer_and_the_navy_passes():
    state, board = _at(turn=13)
    O.play_option(state, "GE", {"option": "MP4", "minor": "netherlands"}, NO_DICE)
    O.play_option(state, "IT", {"option": "MP4", "minor": "netherlands"}, NO_DICE)
    guide = MA.answering_director(board, "netherlands")
    naval = board["powers"][guide]["naval"]
    board["minor_offensives"].update({"GE>netherlands": 1, "IT>netherlands": 1})
    assert MW.conquest(state, NO_DICE) == []                 # 2 of 3, and an army: it holds
    board["minor_forces"]["netherlands"]["army"] = 0
    events = MW.conquest(state, NO_DICE)
    # a tie on offensives: Germany is ahead on the track
    assert board["minors_conquered"] == {"netherlands": "GE"}
    assert [e.data for e in events if e.kind == "minor_navy_passes"] == [
        {"minor": "netherlands", "power": guide, "naval": 4 + 2}]   # 4 + 2 yearly (1938)
    assert board["powers"][guide]["naval"] == naval + 6
    assert board["minor_offensives"] == {} and "netherlands" not in board["minor_forces"]


def test_dod_8_7_2_mp4_ruling_47_a_minor_with_no_director_commits_its_whole_army():
    state, board = _at(turn=13)
    O.play_option(state, "GE", {"option": "MP4", "minor": "greece"}, NO_DICE)
    for war in board["minor_wars"]:
        war["director"] = None
    assert MA.commit_decisions(board, "g") == []
    army = board["minor_forces"]["greece"]["army"]
    events = MA.resolve(board, {"GE": {"greece": 1}}, {})
    assert events[0].data["committed"] == {"GE": 1, "greece": army}
