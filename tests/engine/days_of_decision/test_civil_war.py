"""DoD 8.7.1 IPO 4 (civil-war result), IPO 7 / IPO 8, 9.5 and 10.4: the minor civil war,
rulings 96-104."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, MalformedAction
from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import RULESET, alignment, alliances, league, markers, turn
from engine.rulesets.days_of_decision import civil_war as CW
from engine.rulesets.days_of_decision import coup as C
from engine.rulesets.days_of_decision import minor_war as MW
from engine.rulesets.days_of_decision import options as O
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh


def _split_dice(minor, army_roll, naval_roll):
    return {f"civil war in {minor}: army split": [army_roll],
            f"civil war in {minor}: naval split": [naval_roll]}


def _start(state, minor, rebels, government, army_roll, naval_roll, recorded=None):
    """A civil war begun through IPO 4's own hook; `recorded` stands for the totals a minor
    keeps from an earlier war (RULING 46), to set up the book's example forces."""
    if recorded is not None:
        state["board"]["minor_forces"][minor] = {**recorded, "mobilised": False, "turn": 1}
    dice = ScriptedDice(_split_dice(minor, army_roll, naval_roll))
    events = CW.start(state, rebels, government, minor, dice)
    assert dice.left() == {}
    return events


def _sides(state, minor):
    return state["board"]["civil_wars"][minor]["sides"]


# --- the start (IPO 4, RULINGS 96-97) -----------------------------------------------------------

def test_dod_8_7_1_ipo4_ruling_96_a_civil_war_result_starts_the_civil_war():
    """Germany on Poland rolls 3 (0 stability, 1936 -1): 2, civil war. Germany runs the rebels,
    the US (the counter-couper: nearest of another ideology) the government. France's secret
    MP 0(b) points join the forces as in a war and leave its ledger (12 + 2 = 14 army
    points); a 8 gives the rebels 40% (5.6: 6), a 5 splits Poland's 1 naval point, which goes
    to Germany (1st on the track, the US 7th). Each side starts with 2 of the 4 offensives."""
    state = fresh()
    state["secret"]["FR"]["minor_ap"]["poland"] = 2
    dice = ScriptedDice({"IPO 4 GE coup in poland": [3], **_split_dice("poland", 8, 5)})
    events = O.play_option(state, "GE", {"option": "IPO4", "minor": "poland"}, dice)
    assert dice.left() == {}
    attempt = [e for e in events if e.kind == "coup_attempt"][0].data
    assert (attempt["result"], attempt["government"]) == ("civil_war", "US")
    sides = _sides(state, "poland")
    assert {s: (sides[s]["director"], sides[s]["army"], sides[s]["naval"],
                sides[s]["offensives"], sides[s]["plays"]) for s in CW.SIDES} == {
        "rebels": ("GE", 6, 1, 2, {"GE": 1}), "government": ("US", 8, 0, 2, {"US": 1})}
    assert state["secret"]["FR"]["minor_ap"] == {}
    begun = [e for e in events if e.kind == "civil_war_begins"][0].data
    assert begun["from_0b"] == {"FR": 2}
    RULESET.check_invariants(state)


def test_dod_8_7_1_ipo4_ruling_97_the_book_s_spanish_and_turkish_splits():
    """Spain, 12 army and 4 naval points: a 10 gives the Nationalists 30% (4 of 12, the
    Republic 8); a 1 gives them 70% of the navy (3 of 4). Turkey, 9 and 1: an 8 leaves the
    government 60% (5), a 5 gives the single naval point to Germany, the better initiative."""
    state = fresh()
    _start(state, "spain", "GE", "FR", 10, 1, {"army": 12, "naval": 4})
    spain = _sides(state, "spain")
    assert (spain["rebels"]["army"], spain["government"]["army"]) == (4, 8)
    assert (spain["rebels"]["naval"], spain["government"]["naval"]) == (3, 1)
    _start(state, "turkey", "GE", "CW", 8, 5, {"army": 9, "naval": 1})
    turkey = _sides(state, "turkey")
    assert (turkey["government"]["army"], turkey["rebels"]["army"]) == (5, 4)
    assert (turkey["rebels"]["naval"], turkey["government"]["naval"]) == (1, 0)


def test_dod_9_5_offensives_start_at_half_the_odd_one_to_the_better_initiative():
    """Spain's 4 (printed): 2 each. Turkey's 5: the spare goes to the side whose director is
    earlier on the track: Germany's rebels (1st) over the Commonwealth (3rd), then, with the
    sides the other way round, the Commonwealth's government."""
    state = fresh()
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 12, "naval": 4})
    assert [_sides(state, "spain")[s]["offensives"] for s in CW.SIDES] == [2, 2]
    _start(state, "turkey", "GE", "CW", 5, 5, {"army": 9, "naval": 1})
    assert [_sides(state, "turkey")[s]["offensives"] for s in CW.SIDES] == [2, 3]
    state = fresh()
    _start(state, "turkey", "RU", "CW", 5, 5, {"army": 9, "naval": 1})
    assert [_sides(state, "turkey")[s]["offensives"] for s in CW.SIDES] == [3, 2]


def test_dod_9_5_a_side_without_army_after_set_up_has_lost():
    """One army point: a 10 gives the rebels 30% (0.3: none), the government wins at once and
    keeps its point as the minor's forces; no forces at all: the army roll's favourite wins
    (a 1, 70% rebels: the rebels)."""
    state = fresh()
    events = _start(state, "austria", "GE", "FR", 10, 5, {"army": 1, "naval": 0})
    ended = [e for e in events if e.kind == "civil_war_ends"][0].data
    assert ended["winner"] == "government" and "austria" not in state["board"]["civil_wars"]
    assert state["board"]["minor_forces"]["austria"]["army"] == 1
    events = _start(state, "hungary", "GE", "FR", 1, 5, {"army": 0, "naval": 0})
    assert [e for e in events if e.kind == "civil_war_ends"][0].data["winner"] == "rebels"


# --- the battle and the end (9.5, RULINGS 99-102) -----------------------------------------------

def test_dod_9_5_the_book_s_nationalists_win_one_offensive_from_the_republicans():
    """Spain at 2 and 2: the Nationalists (6 army points) beat the Republic (5) at 1.2 to 1:
    one offensive, 3 to 1 (the 9.5 example). Losses from the 9.3 table: half each."""
    state = fresh()
    state["board"]["weather"] = "fine"
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 11, "naval": 0})
    sides = _sides(state, "spain")
    sides["rebels"]["army"], sides["government"]["army"] = 6, 5
    events = CW.battles(state, ScriptedDice({}))
    battle = events[0].data
    assert (battle["winner"], battle["offensives"], battle["held"]) == \
        ("rebels", 1, {"government": 1, "rebels": 3})
    assert (sides["rebels"]["army"], sides["government"]["army"]) == (3, 2)
    RULESET.check_invariants(state)


def test_dod_8_7_1_ipo4_ruling_100_the_rebels_win_and_turn_the_minor_round():
    """The Nationalists at 3 win again (8 against 4, 2 offensives, capped at the 4): the war is
    over in its second turn. Spain's marker, moved to 3,-2 for the test, is mirrored to -3,2
    and walks two hexes towards the centre; the markers in it are reversed and so are later
    effects, except on Spain as the target of an option (RULING 101). The winner's points are
    Spain's forces; the Republic's points transferred by France go back to it (RULING 102)."""
    state = fresh()
    board = state["board"]
    board["weather"] = "fine"
    board["display"]["spain"] = "3,-2"
    board["modifiers"]["spain"] = {"GE": 3, "FR": -2}
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 12, "naval": 2})
    sides = _sides(state, "spain")
    sides["rebels"].update(army=8, offensives=3)
    sides["government"].update(army=4, offensives=1, lent={"FR": 1})
    army_fr = board["powers"]["FR"]["army"]
    board["turn"] += 1
    events = CW.battles(state, ScriptedDice({}))
    ended = [e for e in events if e.kind == "civil_war_ends"][0].data
    assert (ended["winner"], ended["turns"], ended["display"]) == ("rebels", 2, "-1,0")
    assert board["display"]["spain"] == "-1,0" and "spain" not in board["civil_wars"]
    assert board["modifiers"]["spain"] == {"GE": -3, "FR": 2}
    assert board["minor_forces"]["spain"] == {"army": 6, "naval": 1, "mobilised": False,
                                              "turn": board["turn"]}
    assert board["powers"]["FR"]["army"] == army_fr + 1 and ended["returned"] == {"FR": 1}
    assert board["rebel_governments"] == ["spain"]
    markers.add_markers(board, "IT", {"spain": 2})
    assert board["modifiers"]["spain"]["IT"] == -2
    markers.add_markers(board, "IT", {"spain": 3}, target="spain")
    assert board["modifiers"]["spain"]["IT"] == 1
    RULESET.check_invariants(state)


def test_dod_9_5_a_government_win_changes_no_marker():
    state = fresh()
    board = state["board"]
    board["weather"] = "fine"
    board["modifiers"]["turkey"] = {"GE": 3}
    _start(state, "turkey", "GE", "CW", 5, 5, {"army": 10, "naval": 0})
    _sides(state, "turkey")["government"].update(army=20)
    where = board["display"]["turkey"]
    while "turkey" in board["civil_wars"]:
        CW.battles(state, ScriptedDice({}))
    assert board["display"]["turkey"] == where and board["modifiers"]["turkey"] == {"GE": 3}
    assert board["rebel_governments"] == []


# --- production (10.4, RULING 103) --------------------------------------------------------------

def test_dod_10_4_ruling_103_each_side_builds_twice_its_holdings_at_production():
    """Turkey's 5 (its conquest level, authored): 2 for the rebels, the odd 3 for the
    government; at production 4 and 6 army points."""
    state = fresh()
    _start(state, "turkey", "GE", "CW", 5, 5, {"army": 10, "naval": 0})
    sides = _sides(state, "turkey")
    before = (sides["rebels"]["army"], sides["government"]["army"])
    events = turn.production(state, ScriptedDice({}))
    built = [e for e in events if e.kind == "civil_war_production"][0].data
    assert built["army"] == {"rebels": 4, "government": 6}
    assert (sides["rebels"]["army"], sides["government"]["army"]) == (before[0] + 4,
                                                                       before[1] + 6)


# --- IPO 7 / IPO 8 (RULING 98) ------------------------------------------------------------------

def test_dod_8_7_1_ipo7_ipo8_limits_by_initiative_and_faction():
    """Spain stacked with France (Democracy, moderate): France (4th) may spend 5 + 2 on the
    government, 5 on the rebels; Italy (2nd, another faction) 7 on the government, 7 + 1 on
    the rebels. No minor in civil war, no play offered."""
    state = fresh()
    board = state["board"]
    assert CW.support_actions("IPO7")(board, "FR") == []
    board["display"]["spain"] = board["display"]["FR"]
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 12, "naval": 0})
    assert (CW.limit(board, "FR", "spain", "IPO7"), CW.limit(board, "FR", "spain", "IPO8")) == (7, 5)
    assert (CW.limit(board, "IT", "spain", "IPO7"), CW.limit(board, "IT", "spain", "IPO8")) == (7, 8)
    offered = [a for a in O.legal_options(board, "IT") if a["option"] == "IPO8"]
    assert max(a["army"] for a in offered) == 8


def test_dod_8_7_1_ipo7_ipo8_support_buys_transfers_and_control_goes_to_most_plays():
    """Italy plays IPO 8 for Spain's rebels: 3 army points bought (3 money) and 6 of its own
    transferred; 1 play against Germany's coup, a tie: Germany keeps them. Next turn Italy
    plays again: 2 to 1, Italy directs the rebels."""
    state = fresh()
    board = state["board"]
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 12, "naval": 0})
    rebels = _sides(state, "spain")["rebels"]
    board["powers"]["IT"]["army"] = 10
    money, army = board["powers"]["IT"]["money"], rebels["army"]
    play = {"option": "IPO8", "minor": "spain", "army": 1, "naval": 0, "transfer": 6}
    O.play_option(state, "IT", play, ScriptedDice({}))
    assert board["powers"]["IT"]["money"] == money - 1 and board["powers"]["IT"]["army"] == 4
    assert rebels["army"] == army + 7 and rebels["lent"] == {"IT": 6}
    assert rebels["plays"] == {"GE": 1, "IT": 1} and rebels["director"] == "GE"
    board["ipos_played"] = []                       # the next turn
    events = O.play_option(state, "IT", {**play, "transfer": 0, "army": 3}, ScriptedDice({}))
    assert rebels["director"] == "IT" and events[-1].data["was"] == "GE"
    RULESET.check_invariants(state)


def test_dod_8_7_1_ipo7_bad_input_is_refused_with_no_change():
    state = fresh()
    _start(state, "spain", "GE", "FR", 5, 5, {"army": 12, "naval": 0})
    before = canonical_json(state)
    bad = [({"option": "IPO7", "minor": "spain", "army": 1}, MalformedAction),
           ({"option": "IPO7", "minor": "spain", "army": -1, "naval": 0, "transfer": 0},
            MalformedAction),
           ({"option": "IPO7", "minor": "poland", "army": 1, "naval": 0, "transfer": 0},
            IllegalAction),
           ({"option": "IPO7", "minor": "spain", "army": 0, "naval": 0, "transfer": 3},
            IllegalAction),
           ({"option": "IPO7", "minor": "spain", "army": 20, "naval": 0, "transfer": 0},
            IllegalAction),
           ({"option": "IPO7", "minor": "spain", "army": 1, "naval": 0, "transfer": 7},
            IllegalAction)]
    for action, error in bad:
        with pytest.raises(error):
            CW.play_support(state, "CW", action, ScriptedDice({}))
        assert canonical_json(state) == before


# --- the bars while it lasts (IPO 4, RULING 104) ------------------------------------------------

def test_dod_8_7_1_ipo4_options_on_a_minor_in_civil_war_are_barred():
    """No coup, alliance, guarantee, coup cell, MP 0(b), declaration of war, alignment or
    League move names a minor in civil war."""
    state = fresh()
    board = state["board"]
    board["display"]["spain"] = board["display"]["GE"]
    board["alliances"]["spain"] = ["GE"]
    _start(state, "spain", "IT", "FR", 5, 5, {"army": 12, "naval": 0})
    named = {(a["option"], a.get("minor")) for p in ("GE", "IT", "CW", "FR")
             for a in O.legal_options(board, p)}
    assert not {o for o, m in named if m == "spain"} - {"IPO7", "IPO8"}
    assert all(a["minor"] != "spain" for a in C.actions(board, "GE"))
    assert not MW.may_declare_on_minor(board, "CW", "spain")
    assert not alignment.may_align(board, "GE", "spain")
    assert not league._may_move_minor(board, "GE", "spain")
    assert all(a["minor"] != "spain" for a in alliances.coup_cell_actions(board, "GE"))
