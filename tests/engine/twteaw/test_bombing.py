"""Tactical bombing (TWTEAW 4.1.1; rulings 123–128), through the real turn with loaded dice.

Dice of a raid (bombing.py): the air rounds ("bombing <area> air attack a<k>": the raiders;
"… air defence a<k>": the intercepting fighters), then the AA guns' one shot ("bombing <area>
aa"); a land battle at the same territory later in the turn rolls its own "battle …" dice.
"""

from __future__ import annotations

import pytest

from engine.rulesets.twteaw import combat as C
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, march, put, refused, resolve, units


@pytest.fixture
def board():
    return empty_board(fresh())


def raid(frm, to, **planes):
    return {"from": frm, "to": to, "units": planes, "mission": "tactical"}


# --- orders (rulings 123, 124) ------------------------------------------------------------------

def test_twteaw_4_1_1_only_planes_of_4_fuel_fly_tactical_raids_on_an_enemy_in_reach(board):
    put(board, "germany", "posen", fighter=1, bomber=1)
    err = refused(board, "germany", {"air": [raid("posen", "warsaw", fighter=1)]})
    assert (err.rule, err.code) == ("TWTEAW 4.1.1", "too_little_fuel")
    err = refused(board, "germany", {"air": [raid("posen", "berlin", bomber=1)]})
    assert err.code == "not_an_enemy"
    put(board, "germany", "hamburg", bomber=1)
    # Hamburg → … → Warsaw is beyond 4 fuel with a round over the target and the way home
    err = refused(board, "germany", {"air": [raid("hamburg", "warsaw", bomber=1)]})
    assert err.code == "no_fuel_to_return"
    checked = O.validate(board, "germany", {"air": [raid("posen", "warsaw", bomber=1)]})
    assert checked["air"][0]["mission"] == "tactical"
    # a plane flies once a turn: no raid and attack with the same bomber
    err = refused(board, "germany", {"air": [raid("posen", "warsaw", bomber=1),
                                             {**raid("posen", "warsaw", bomber=1), "mission": "attack"}]})
    assert err.code == "not_enough_planes"


def test_twteaw_4_1_1_warnings_a_raid_without_an_infantry_attack_or_too_few_planes(board):
    put(board, "germany", "posen", bomber=2, infantry=1)
    checked = O.validate(board, "germany", {"air": [raid("posen", "warsaw", bomber=2)]})
    codes = [w["code"] for w in O.corroborate(board, "germany", checked)]
    assert codes == ["bombing_without_attack", "too_few_bombers"]
    put(board, "germany", "posen", bomber=1)
    checked = O.validate(board, "germany", {"air": [raid("posen", "warsaw", bomber=3)],
                                            "moves": [march("posen", "warsaw", infantry=1)]})
    assert O.corroborate(board, "germany", checked) == []


# --- strike points and the infantry's +1 (ruling 126) -------------------------------------------

@pytest.mark.parametrize("bombers, taken", [(3, True), (2, False)])
def test_twteaw_4_1_1_three_strike_points_give_attacking_infantry_plus_1(board, bombers, taken):
    put(board, "germany", "posen", infantry=1, bomber=bombers)
    put(board, "russia", "warsaw", infantry=1)
    # no fighter or AA gun in Warsaw: every bomber scores; the infantry's 4 hits only at 3 + 1
    # (defence: the Russian infantry and the city)
    events = resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=bombers)],
                                         "moves": [march("posen", "warsaw", 1, infantry=1)]}},
                     {"battle warsaw attack r1": [4], "battle warsaw defence r1": [9, 9]})
    assert (board["board"]["control"]["warsaw"] == "germany") is taken
    assert units(board, "germany", "posen") == ({"bomber": 3} if taken else {"bomber": 2, "infantry": 1})
    report = next(e for e in events if e.kind == "air_raid_report" and e.audience == "seat:germany")
    assert (report.data["scored"], report.data["bonus"]) == (bombers, taken)


def test_twteaw_4_1_1_the_plus_1_comes_after_a_trench_penalty(board):
    put(board, "germany", "posen", infantry=1, bomber=3)
    put(board, "russia", "warsaw", infantry=1)
    board["board"]["trenches"]["warsaw>posen"] = {"nation": "russia", "kind": "trench"}
    # infantry 3 − 2 (trench) = 1, + 1 = 2: the 2 hits
    resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=3)],
                                "moves": [march("posen", "warsaw", 1, infantry=1)]}},
            {"battle warsaw attack r1": [2], "battle warsaw defence r1": [9, 9]})
    assert board["board"]["control"]["warsaw"] == "germany"
    # and after the floor of 1: a landing's infantry at 3 − 3 is 1, with the strike 2
    assert C.attack_value(C.Fighter("germany", "infantry", 0, penalty=3, bonus=1)) == 2


# --- interception, AA, fog (rulings 127, 128) ---------------------------------------------------

def test_twteaw_4_1_1_fighters_intercept_and_aa_fires_before_the_strike(board):
    put(board, "germany", "posen", bomber=3)
    put(board, "russia", "warsaw", infantry=1, fighter=1, aa=1)
    events = resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=3)]}},
                     # one air round (another would leave the bombers only the fuel home):
                     # the bombers miss, the fighter downs one; the AA gun downs another
                     {"bombing warsaw air attack a1": [9, 9, 9], "bombing warsaw air defence a1": [2],
                      "bombing warsaw aa": [1]})
    assert units(board, "germany", "posen") == {"bomber": 1}
    assert units(board, "russia", "warsaw") == {"infantry": 1, "fighter": 1, "aa": 1}
    mine = next(e for e in events if e.kind == "air_raid_report" and e.audience == "seat:germany")
    assert mine.data["scored"] == 1 and mine.data["bonus"] is False
    assert mine.data["losses"] == {"germany": {"bomber": 2}}
    assert mine.data["met"] == {"russia": {"aa": "black", "fighter": "black"}}   # bands only
    theirs = next(e for e in events if e.kind == "air_raid_report" and e.audience == "seat:russia")
    assert theirs.data["raiders"] == {"germany": "black"}
    assert "sent" not in theirs.data and "scored" not in theirs.data
    public = next(e for e in events if e.kind == "air_raid")
    assert public.audience is None          # everyone: that a raid was flown, by whom, where
    assert public.data == {"area": "warsaw", "raiders": ["germany"], "holder": "russia"}


def test_twteaw_4_1_1_intercepting_fighters_can_be_shot_down(board):
    put(board, "germany", "posen", bomber=3)
    put(board, "russia", "warsaw", fighter=1)
    resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=3)]}},
            {"bombing warsaw air attack a1": [1, 9, 9], "bombing warsaw air defence a1": [9]})
    assert units(board, "russia", "warsaw") == {}
    assert units(board, "germany", "posen") == {"bomber": 3}


# --- the raiders' turn (ruling 125) -------------------------------------------------------------

def test_twteaw_4_1_1_raiders_do_not_defend_their_base_and_land_there_in_phase_7(board):
    put(board, "germany", "posen", infantry=1, bomber=3)
    put(board, "russia", "warsaw", infantry=1)
    # the Russian attack on Posen meets the German infantry and the city only (no bomber dice)
    resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=3)]},
                    "russia": {"moves": [march("warsaw", "posen", 1, infantry=1)]}},
            {"battle posen attack r1": [9], "battle posen defence r1": [9, 9]})
    assert units(board, "germany", "posen") == {"infantry": 1, "bomber": 3}


def test_twteaw_4_1_1_raiders_whose_base_falls_are_lost(board):
    put(board, "germany", "posen", bomber=3)
    put(board, "russia", "warsaw", infantry=1)
    events = resolve(board, {"germany": {"air": [raid("posen", "warsaw", bomber=3)]},
                             "russia": {"moves": [march("warsaw", "posen", infantry=1)]}}, {})
    assert board["board"]["control"]["posen"] == "russia"
    assert units(board, "germany", "posen") == {}
    lost = [e for e in events if e.kind == "raiders_lost"]
    assert lost and lost[0].audience == "seat:germany" and lost[0].data["units"] == {"bomber": 3}


# --- the order editor's air form: only legal flights (rulings 114–124) ---------------------------

def test_twteaw_4_1_1_the_air_form_lists_only_flights_the_server_accepts(board):
    put(board, "germany", "posen", fighter=1, bomber=1, infantry=1)
    choices = [c for c in O.air_choices(board, "germany", {}, "posen", {"bomber": 1}) if "action" in c]
    pairs = {(c["mission"], c["to"]) for c in choices}
    assert ("tactical", "warsaw") in pairs and ("attack", "warsaw") in pairs
    assert ("move", "berlin") in pairs and ("move", "warsaw") not in pairs
    for c in choices:                      # each one is a whole set the validator passes
        assert O.validate(board, "germany", c["action"]) == c["action"]
    fighters = O.air_choices(board, "germany", {}, "posen", {"fighter": 1})
    # 3 fuel: no raid, and the form is told why
    assert [c["refused"]["code"] for c in fighters if c["mission"] == "tactical"] == ["too_little_fuel"]
    assert {c["to"] for c in fighters if c["mission"] == "attack"} < {c["to"] for c in choices if c["mission"] == "attack"}
    too_many = O.air_choices(board, "germany", {}, "posen", {"fighter": 2})
    assert {c["refused"]["code"] for c in too_many} == {"not_enough_planes"}


def test_twteaw_4_1_1_a_raid_on_a_nation_that_surrendered_in_1_3_is_called_off(board):
    # Serbia offers in turn 1; in turn 2 its surrender is accepted in 1.3 (no ballot accepts),
    # before the raids of 4.1: the Austrian bombers stay in Bosnia, and only Austria is told
    resolve(board, {"serbia": {"surrender": True}}, {})
    put(board, "austria_hungary", "bosnia", bomber=3)
    events = resolve(board, {"austria_hungary": {"air": [raid("bosnia", "serbia", bomber=3)]}}, {})
    assert units(board, "austria_hungary", "bosnia") == {"bomber": 3}
    off = [e for e in events if e.kind == "raid_called_off"]
    assert off and off[0].audience == "seat:austria_hungary"
    assert not any(e.kind == "air_raid" for e in events)


def test_twteaw_4_1_1_selfplay_suggestions_send_bombers_on_raids_and_stay_legal(board):
    from engine.rulesets.twteaw.suggestions import suggestions
    put(board, "germany", "posen", infantry=2, fighter=1, bomber=3)
    offered = suggestions(board, "germany")
    raids = [o for o in offered if any(r["mission"] == "tactical" for r in o["air"])]
    assert raids and all(O.validate(board, "germany", o) == O.normalise(o) for o in offered)
    row = next(r for r in raids[0]["air"] if r["mission"] == "tactical")
    assert row["units"] == {"bomber": 3} and raids[0]["moves"]          # with the infantry's attack
