"""Aircraft and AA guns (TWTEAW "Units: Fighters, Bombers, AA gun", 4.1.2, 4.4, 4.5, 4.6 step 2;
rulings 113–121), through the real turn with loaded dice.

Dice in a battle with planes (air.py): the air rounds ("battle <area> air attack a<k>", "… air
defence a<k>": attacking planes, then the holder's fighters), the AA guns' one shot
("battle <area> aa"), then the land rounds as in test_land_combat.py, each attack order's units
in turn (the land moves first, then the air attacks; a plane order's fighters before its bombers).
"""

from __future__ import annotations

import pytest

from engine.kernel import MalformedAction, view
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, march, put, refused, resolve, units


@pytest.fixture
def board():
    return empty_board(fresh())


def sortie(frm, to, mission="attack", **planes):
    return {"from": frm, "to": to, "units": planes, "mission": mission}


# --- buying and placing (ruling 113) ------------------------------------------------------------

def test_twteaw_units_fighters_and_aa_are_bought_at_an_ic_and_placed_in_phase_7(board):
    board["secret"]["germany"]["bank"] = 40
    resolve(board, {"germany": {"build": [{"unit": "fighter", "at": "berlin", "count": 2},
                                          {"unit": "aa", "at": "berlin", "count": 1}]}}, {})
    assert units(board, "germany", "berlin") == {"fighter": 2, "aa": 1}
    # 2 × 15 (authored) + 3 (printed), then Phase 8 income
    assert board["secret"]["germany"]["bank"] == 40 - 33 + board["secret"]["germany"]["income"]


def test_twteaw_units_aircraft_need_an_ic(board):
    board["secret"]["germany"]["bank"] = 40
    err = refused(board, "germany", {"build": [{"unit": "fighter", "at": "posen", "count": 1}]})
    assert err.code == "placement"


def test_twteaw_units_bombers_only_italy_has_the_technology(board):
    board["secret"]["germany"]["bank"] = 40
    err = refused(board, "germany", {"build": [{"unit": "bomber", "at": "berlin", "count": 1}]})
    assert (err.rule, err.code) == ("TWTEAW units bombers", "no_bomber_technology")
    board["secret"]["italy"]["bank"] = 40
    O.validate(board, "italy", {"build": [{"unit": "bomber", "at": "milan", "count": 1}]})


# --- orders: fuel validated when written (rulings 114, 115) -------------------------------------

def test_twteaw_4_5_an_attack_must_keep_fuel_for_a_round_and_the_way_home(board):
    put(board, "germany", "berlin", fighter=1)
    put(board, "germany", "posen", fighter=1)
    # Berlin → Posen → Warsaw 2, a round 1, home to Posen 1: 4 > 3
    err = refused(board, "germany", {"air": [sortie("berlin", "warsaw", fighter=1)]})
    assert err.code == "no_fuel_to_return"
    O.validate(board, "germany", {"air": [sortie("posen", "warsaw", fighter=1)]})


def test_twteaw_4_5_planes_fly_by_air_orders_not_land_moves(board):
    put(board, "germany", "posen", fighter=1, infantry=1)
    err = refused(board, "germany", {"moves": [march("posen", "warsaw", fighter=1)]})
    assert err.code == "planes_fly"
    err = refused(board, "germany", {"air": [sortie("posen", "warsaw", infantry=1)]})
    assert err.code == "not_a_plane"
    err = refused(board, "germany", {"air": [sortie("posen", "warsaw", fighter=2)]})
    assert err.code == "not_enough_planes"
    with pytest.raises(MalformedAction):
        O.validate(board, "germany", {"air": [{"from": "posen", "to": "warsaw",
                                               "units": {"fighter": 1}, "mission": "loop"}]})


def test_twteaw_4_4_an_air_move_lands_at_once_and_defends_there(board):
    put(board, "germany", "berlin", fighter=1)
    put(board, "germany", "posen", infantry=1)
    put(board, "russia", "warsaw", infantry=1)
    # Berlin → Posen costs 1 of its 3 fuel; it is in Posen for the Russian attack, and rolls
    # its defence 2 there (dice: Russian infantry; German infantry, fighter)
    resolve(board, {"germany": {"air": [sortie("berlin", "posen", "move", fighter=1)]},
                    "russia": {"moves": [march("warsaw", "posen", infantry=1), ]}},
            {"battle posen attack r1": [9], "battle posen defence r1": [9, 2, 9]})
    assert units(board, "germany", "posen") == {"fighter": 1, "infantry": 1}
    assert units(board, "russia", "warsaw") == {}


def test_twteaw_4_1_2_a_rebase_flies_double_fuel_and_lands_in_phase_7(board):
    put(board, "germany", "posen", fighter=1)
    # Posen → Breslau → … → Austrian Trieste: 4 fuel over the side's land, beyond a fighter's 3
    # but within a rebase's 6; Russian Warsaw is no place to land
    err = refused(board, "germany", {"air": [sortie("posen", "warsaw", "rebase", fighter=1)]})
    assert err.code == "may_not_land"
    O.validate(board, "germany", {"air": [sortie("posen", "trieste", "rebase", fighter=1)]})
    err = refused(board, "germany", {"air": [sortie("posen", "trieste", "move", fighter=1)]})
    assert err.code == "out_of_range"
    resolve(board, {"germany": {"air": [sortie("posen", "trieste", "rebase", fighter=1)]}}, {})
    assert units(board, "germany", "trieste") == {"fighter": 1}
    assert units(board, "germany", "posen") == {}


def test_twteaw_4_1_2_a_rebase_does_not_overfly_enemy_land(board):
    put(board, "germany", "konigsberg", fighter=1)
    # Königsberg to Breslau: the short way is over Russian Warsaw; over German land it is
    # Danzig–Posen–Breslau (3), within the rebase's 6 — but never through Warsaw
    O.validate(board, "germany", {"air": [sortie("konigsberg", "breslau", "rebase", fighter=1)]})
    from engine.rulesets.twteaw import air
    assert "warsaw" not in air.costs_from(board, "germany", "konigsberg", rebase=True)
    assert "warsaw" in air.costs_from(board, "germany", "konigsberg")


# --- air combat, AA, the land battle (rulings 116, 117, 119, 121) --------------------------------

def test_twteaw_4_5_interceptors_fight_first_and_a_short_ranged_raider_turns_home(board):
    put(board, "germany", "posen", infantry=2, fighter=1)
    put(board, "russia", "warsaw", infantry=1, fighter=1)
    resolve(board, {"germany": {"moves": [march("posen", "warsaw", infantry=2)],
                                "air": [sortie("posen", "warsaw", fighter=1)]}},
            # air round 1: the German fighter's 2 hits (level table 2), the Russian's 9 misses;
            # the German has 1 fuel left, just enough to get home: it leaves
            {"battle warsaw air attack a1": [2], "battle warsaw air defence a1": [9],
             # the land round: two German infantry; the Russian infantry and the city
             "battle warsaw attack r1": [1, 9], "battle warsaw defence r1": [9, 9]})
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "posen") == {"fighter": 1}
    assert units(board, "germany", "warsaw") == {"infantry": 2}
    assert units(board, "russia", "warsaw") == {}


def test_twteaw_4_5_bombers_use_1_in_air_combat(board):
    put(board, "germany", "posen", bomber=1)
    put(board, "russia", "warsaw", fighter=1, infantry=1)
    # the bomber's 2 misses (it rolls 1 in the air); the Russian fighter's 2 kills it
    resolve(board, {"germany": {"air": [sortie("posen", "warsaw", bomber=1)]}},
            {"battle warsaw air attack a1": [2], "battle warsaw air defence a1": [2]})
    assert units(board, "germany", "posen") == {}
    assert units(board, "russia", "warsaw") == {"fighter": 1, "infantry": 1}


def test_twteaw_4_6_each_aa_gun_fires_once_and_only_at_planes(board):
    put(board, "germany", "posen", infantry=1, bomber=1)
    put(board, "russia", "warsaw", infantry=1, aa=2)
    # two AA dice, two hits, one plane: the bomber is lost, the infantry untouched by AA; in
    # the round the guns do not roll (defence: the Russian infantry and the city)
    resolve(board, {"germany": {"moves": [march("posen", "warsaw", rounds=1, infantry=1)],
                                "air": [sortie("posen", "warsaw", bomber=1)]}},
            {"battle warsaw aa": [1, 1],
             "battle warsaw attack r1": [9], "battle warsaw defence r1": [9, 9]})
    assert units(board, "germany", "posen") == {"infantry": 1}       # withdrew after round 1
    assert units(board, "russia", "warsaw") == {"infantry": 1, "aa": 2}


def test_twteaw_4_6_a_plane_attacks_at_its_value_and_leaves_when_it_can_just_get_home(board):
    put(board, "germany", "posen", infantry=1, bomber=1)
    put(board, "russia", "warsaw", infantry=2, aa=1)
    resolve(board, {"germany": {"moves": [march("posen", "warsaw", infantry=1)],
                                "air": [sortie("posen", "warsaw", bomber=1)]}},
            {"battle warsaw aa": [5],
             # round 1: the infantry's 9 misses, the bomber's 4 hits (attack 4);
             # the bomber arrived with 3 fuel, keeps 1 for home: it fights 2 rounds
             "battle warsaw attack r1": [9, 4], "battle warsaw defence r1": [9, 9, 9],
             "battle warsaw attack r2": [9, 9], "battle warsaw defence r2": [9, 9],
             # round 3: the infantry alone; round 4: it takes the AA gun (a casualty like any)
             "battle warsaw attack r3": [3], "battle warsaw defence r3": [9, 9],
             "battle warsaw attack r4": [1], "battle warsaw defence r4": [9]})
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "posen") == {"bomber": 1}
    assert units(board, "germany", "warsaw") == {"infantry": 1}


def test_twteaw_4_5_planes_never_take_a_territory(board):
    put(board, "germany", "posen", bomber=1)
    resolve(board, {"germany": {"air": [sortie("posen", "warsaw", bomber=1)]}},
            {})
    assert board["board"]["control"]["warsaw"] == "russia"
    assert units(board, "germany", "posen") == {"bomber": 1}


def test_twteaw_trenches_aircraft_take_3_against_a_guarded_territory(board):
    put(board, "germany", "posen", bomber=1)
    put(board, "russia", "warsaw", infantry=1)
    board["board"]["trenches"]["warsaw>krakow"] = {"nation": "russia", "kind": "trench"}
    # a 2 would hit at 4; with the trench (from any side) the bomber hits at 1: it misses
    resolve(board, {"germany": {"air": [sortie("posen", "warsaw", bomber=1)]}},
            {"battle warsaw attack r1": [2], "battle warsaw defence r1": [9, 9],
             "battle warsaw attack r2": [2], "battle warsaw defence r2": [9, 9]})
    assert units(board, "russia", "warsaw") == {"infantry": 1}


def test_twteaw_4_6_defenders_may_list_planes_in_their_casualties_order(board):
    put(board, "germany", "posen", infantry=1)
    put(board, "russia", "warsaw", infantry=1, fighter=1)
    resolve(board, {"germany": {"moves": [march("posen", "warsaw", rounds=2, infantry=1)]},
                    "russia": {"casualties": ["fighter", "infantry", "artillery", "tank"]}},
            {"battle warsaw attack r1": [1], "battle warsaw defence r1": [9, 9, 9],
             "battle warsaw attack r2": [9], "battle warsaw defence r2": [9, 9]})
    assert units(board, "russia", "warsaw") == {"infantry": 1}
    with pytest.raises(MalformedAction):
        O.validate(board, "russia", {"casualties": ["fighter", "infantry", "artillery"]})


# --- fog -----------------------------------------------------------------------------------------

def test_twteaw_fog_enemy_planes_show_as_a_colour_band_only(board):
    put(board, "germany", "berlin", fighter=6, aa=1)
    seen = view(RULESET, board, "seat:russia")
    assert seen["bands"]["berlin"]["germany"] == "yellow"        # 7 units: 6–20
    assert "germany" not in seen["known"]
    assert "fighter" not in repr(seen["bands"])


def test_twteaw_4_5_the_raiders_press_on_when_another_air_round_would_keep_them_out(board):
    put(board, "germany", "posen", bomber=1)
    put(board, "russia", "warsaw", fighter=1, infantry=1)
    # the bomber arrives with 3 fuel and keeps 1 for home: after one air round it has 2, and a
    # second would leave it only enough to get home, so it goes on to the land battle (ruling
    # 116), fights one round there at 4 and leaves
    resolve(board, {"germany": {"air": [sortie("posen", "warsaw", bomber=1)]}},
            {"battle warsaw air attack a1": [9], "battle warsaw air defence a1": [9],
             # defence: the infantry, the fighter (its defence 2, after the air battle), the city
             "battle warsaw attack r1": [4], "battle warsaw defence r1": [9, 9, 9]})
    assert units(board, "germany", "posen") == {"bomber": 1}
    assert units(board, "russia", "warsaw") == {"fighter": 1}


def test_twteaw_4_1_2_a_rebase_whose_goal_falls_lands_back_at_its_base(board):
    put(board, "germany", "berlin", fighter=1)
    put(board, "russia", "warsaw", infantry=1)
    # the fighter leaves Berlin for Posen in 4.1; Russia walks into empty Posen in 4.4
    events = resolve(board, {"germany": {"air": [sortie("berlin", "posen", "rebase", fighter=1)]},
                             "russia": {"moves": [march("warsaw", "posen", infantry=1)]}}, {})
    assert board["board"]["control"]["posen"] == "russia"
    assert units(board, "germany", "berlin") == {"fighter": 1}
    cut = [e for e in events if e.kind == "rebase_cut"]
    assert cut and cut[0].data["landed"] == "berlin" and cut[0].audience == "seat:germany"
