"""Land movement and combat (TWTEAW Phase 4.4, 4.6, "Artillery", "Straits", "Cities", the
special territories), resolved through the real turn with loaded dice.

Dice order in a round (combat.py): attackers (each attack order's units, infantry, artillery,
tanks), then the guns firing for the attack; defenders (by nation, then infantry, artillery,
tanks), then the guns firing for the defence, the city, the strait's virtual defender.
"""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.combat import Fighter, attack_value, share_hits

from .positions import empty_board, fresh, put, reactions, resolve, units


@pytest.fixture
def board():
    return empty_board(fresh())


def attack(frm, to, rounds=None, max_losses=None, **units_):
    move = {"from": frm, "to": to, "units": units_}
    if rounds is not None:
        move["rounds"] = rounds
    if max_losses is not None:
        move["max_losses"] = max_losses
    return move


def test_twteaw_4_6_hit_on_a_roll_at_or_under_the_rating(board):
    # Germany (2 infantry, attack 3) into Warsaw (1 Russian infantry, defence 5; city rolls 1).
    put(board, "germany", "posen", infantry=2)
    put(board, "russia", "warsaw", infantry=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=2)]}},
            {"battle warsaw attack r1": [3, 4], "battle warsaw defence r1": [6, 2]})
    # one German hit (3 ≤ 3; 4 > 3) kills the Russian; the city's 2 > 1 misses, the 6 > 5 misses
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "warsaw") == {"infantry": 2}
    assert units(board, "russia", "warsaw") == {}
    assert board["board"]["manpower_lost"]["russia"] == 1


def test_twteaw_4_6_rounds_repeat_until_one_side_is_gone(board):
    put(board, "germany", "posen", infantry=2)
    put(board, "russia", "warsaw", infantry=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=2)]}},
            {"battle warsaw attack r1": [9, 9], "battle warsaw defence r1": [5, 9],
             "battle warsaw attack r2": [1], "battle warsaw defence r2": [9, 9]})
    # round 1: the defender's 5 kills one German; round 2: the last German kills the Russian
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "warsaw") == {"infantry": 1}


def test_twteaw_4_6_the_attacker_fights_one_round_then_may_withdraw(board):
    put(board, "germany", "posen", infantry=3)
    put(board, "russia", "warsaw", infantry=2)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", rounds=1, infantry=3)]}},
            {"battle warsaw attack r1": [9, 9, 9], "battle warsaw defence r1": [9, 9, 9]})
    assert board["board"]["control"]["warsaw"] == "russia"
    assert units(board, "germany", "posen") == {"infantry": 3}        # back where they came from


def test_twteaw_2_2_withdraw_when_losses_exceed_the_limit(board):
    put(board, "germany", "posen", infantry=4)
    put(board, "russia", "warsaw", infantry=4)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", max_losses=1, infantry=4)]}},
            {"battle warsaw attack r1": [9, 9, 9, 9], "battle warsaw defence r1": [1, 9, 9, 9, 9],
             "battle warsaw attack r2": [9, 9, 9], "battle warsaw defence r2": [1, 9, 9, 9, 9]})
    # one loss after round 1 (not more than 1: fight on), two after round 2: withdraw
    assert units(board, "germany", "posen") == {"infantry": 2}
    assert board["board"]["control"]["warsaw"] == "russia"


def test_twteaw_cities_defend_at_1_and_are_never_a_casualty(board):
    put(board, "germany", "posen", infantry=2)
    put(board, "russia", "warsaw", infantry=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=2)]}},
            {"battle warsaw attack r1": [1, 9], "battle warsaw defence r1": [9, 1]})
    # the city's 1 kills a German; the German hit must fall on the infantry, not the city
    assert units(board, "germany", "warsaw") == {"infantry": 1}
    assert board["board"]["control"]["warsaw"] == "germany"


def test_twteaw_4_4_an_empty_territory_falls_to_infantry_without_a_fight(board):
    put(board, "germany", "posen", infantry=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=1)]}}, {})
    assert board["board"]["control"]["warsaw"] == "germany"


def test_twteaw_4_4_artillery_does_not_advance_into_enemy_territory(board):
    put(board, "germany", "posen", artillery=1)
    with pytest.raises(IllegalAction) as err:
        O.validate(board, "germany", {"moves": [attack("posen", "warsaw", artillery=1)]})
    assert err.value.rule == "TWTEAW 4.4" and err.value.code == "may_not_advance"


def test_twteaw_straits_penalty_and_virtual_defender_exactly(board):
    # Russia attacks German-held Sevastopol across the Kerch strait: infantry at 3 − 2 = 1.
    # Round 1: the 1 hits and falls on the virtual coastal defender (the first casualty).
    # Round 2 (no virtual defender): the Russian's 2 misses, the German's 5 kills it.
    put(board, "russia", "krasnodar", infantry=1)
    put(board, "germany", "sevastopol", infantry=1)
    board["board"]["control"]["sevastopol"] = "germany"
    resolve(board, {"russia": {"moves": [attack("krasnodar", "sevastopol", infantry=1)]}},
            {"battle sevastopol attack r1": [1], "battle sevastopol defence r1": [9, 9, 9],
             "battle sevastopol attack r2": [2], "battle sevastopol defence r2": [5, 9]})
    assert units(board, "germany", "sevastopol") == {"infantry": 1}
    assert units(board, "russia", "krasnodar") == {} and units(board, "russia", "sevastopol") == {}
    assert attack_value(Fighter("russia", "infantry", 0, "strait", penalty=2)) == 1


def test_twteaw_straits_tanks_may_not_attack_across(board):
    put(board, "russia", "krasnodar", tank=1)
    board["board"]["control"]["sevastopol"] = "germany"
    with pytest.raises(IllegalAction) as err:
        O.validate(board, "russia", {"moves": [attack("krasnodar", "sevastopol", tank=1)]})
    assert err.value.code == "tanks_across_strait"


def test_twteaw_suez_is_a_strait_from_palestine_not_from_egypt(board):
    from engine.rulesets.twteaw.world import world
    assert world().crossing("palestine", "suez-canal") == "strait"
    assert world().crossing("egypt", "suez-canal") == "land"


def test_twteaw_artillery_fires_from_next_door_and_is_never_a_casualty(board):
    put(board, "germany", "posen", infantry=1, artillery=2)
    put(board, "russia", "warsaw", infantry=2)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=1)],
                                "support": [{"from": "posen", "into": "warsaw", "count": 2}]}},
            {"battle warsaw attack r1": [9, 6, 6], "battle warsaw defence r1": [9, 9, 9]})
    # round 1: both guns hit (6 ≤ 6) and kill both Russians; the guns stay in Posen
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "posen") == {"artillery": 2}
    assert units(board, "germany", "warsaw") == {"infantry": 1}


def test_twteaw_artillery_whose_home_is_attacked_fires_in_round_1_only(board):
    # German guns in Posen fire into Warsaw while Russia attacks Posen from Danzig: in Warsaw
    # the gun fires in round 1 only; at home it defends from round 2 on.
    put(board, "germany", "posen", infantry=1, artillery=1)
    put(board, "germany", "breslau", infantry=2)
    put(board, "russia", "warsaw", infantry=3)
    board["board"]["control"]["danzig"] = "russia"
    put(board, "russia", "danzig", infantry=1)
    resolve(board, {
        "germany": {"moves": [attack("breslau", "warsaw", rounds=2, infantry=2)],
                    "support": [{"from": "posen", "into": "warsaw", "count": 1}]},
        "russia": {"moves": [attack("danzig", "posen", rounds=2, infantry=1)]}},
        {"battle posen attack r1": [9], "battle posen defence r1": [9, 9],           # infantry, city
         "battle posen attack r2": [9], "battle posen defence r2": [9, 9, 9],        # + the gun
         "battle warsaw attack r1": [9, 9, 9], "battle warsaw defence r1": [9, 9, 9, 9],  # + the gun
         "battle warsaw attack r2": [9, 9], "battle warsaw defence r2": [9, 9, 9, 9]})
    assert units(board, "germany", "breslau") == {"infantry": 2}
    assert units(board, "russia", "danzig") == {"infantry": 1}


def test_twteaw_artillery_alone_defends_at_1(board):
    put(board, "germany", "posen", infantry=1)
    put(board, "russia", "warsaw", artillery=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=1)]}},
            {"battle warsaw attack r1": [9], "battle warsaw defence r1": [2, 9],
             "battle warsaw attack r2": [3], "battle warsaw defence r2": [9, 9]})
    # a 2 would hit at artillery's defence 2, but a gun alone defends at 1
    assert board["board"]["control"]["warsaw"] == "germany"


def test_twteaw_switzerland_infantry_defends_at_8(board):
    board["board"]["war"].append("germany|switzerland")
    put(board, "germany", "munich", infantry=1)
    put(board, "switzerland", "switzerland", infantry=1)
    resolve(board, {"germany": {"moves": [attack("munich", "switzerland", rounds=1, infantry=1)]}},
            {"battle switzerland attack r1": [9], "battle switzerland defence r1": [8, 9]})
    assert units(board, "germany", "munich") == {} and units(board, "germany", "switzerland") == {}


def test_twteaw_gibraltar_infantry_rolls_three_dice_and_takes_one_hit(board):
    # Spain is neutral and cannot declare war yet: the battle is set up by hand.
    from engine.rulesets.twteaw import combat as C
    b = C.Battle(area="gibraltar", attackers=[C.Fighter("spain", "infantry", 0)] * 2,
                 defenders=[C.Fighter("britain", "infantry", -1)],
                 groups=[C.Group("spain", "seville", rounds=1)], special="gibraltar")
    from .positions import LoadedDice
    dice = LoadedDice({"battle gibraltar attack r1": [9, 9], "battle gibraltar defence r1": [9, 4, 5]})
    C.fight(b, dice)
    assert len(b.attackers) == 0 and len(b.gone) == 0      # two hits from three dice: both Spaniards die


def test_twteaw_4_6_coalition_casualties_by_strength_after_the_fictive_unit():
    # Hits are shared by each nation's part of the side's strength, not by unit count.
    fighters = [Fighter("germany", "infantry", 0)] * 3 + [Fighter("austria_hungary", "infantry", 1)]
    values = {i: 3 for i in range(4)}       # strength 9 : 3 — quotas 1.5 : 0.5, the tie to the stronger
    assert share_hits(2, fighters, values) == {"austria_hungary": 0, "germany": 2}
    values = {0: 1, 1: 1, 2: 1, 3: 6}
    assert share_hits(2, fighters, values) == {"austria_hungary": 1, "germany": 1}


def test_twteaw_4_6_a_coalition_against_one_nation_has_a_fictive_unit(board):
    put(board, "germany", "posen", infantry=1)
    put(board, "austria_hungary", "krakow", infantry=1)
    put(board, "russia", "warsaw", infantry=2)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", rounds=1, infantry=1)]},
                    "austria_hungary": {"moves": [attack("krakow", "warsaw", rounds=1, infantry=1)]}},
            {"battle warsaw attack r1": [9, 9], "battle warsaw defence r1": [1, 9, 9]})
    # one Russian hit: the attacking coalition's fictive unit soaks it
    assert units(board, "austria_hungary", "krakow") == {"infantry": 1}
    assert units(board, "germany", "posen") == {"infantry": 1}


def test_twteaw_4_6_three_way_battle_attackers_at_war_fight_each_other_first(board):
    # Germany and Italy, at war with each other, both attack Switzerland: they fight each other
    # first, both using attack values; the winner then attacks the Swiss.
    board["board"]["war"] = sorted(board["board"]["war"] + [
        "germany|italy", "germany|switzerland", "italy|switzerland"])
    put(board, "germany", "munich", infantry=2)
    put(board, "italy", "milan", infantry=1)
    put(board, "switzerland", "switzerland", infantry=1)
    from engine.rulesets.twteaw import movement

    from .positions import LoadedDice
    orders = {n: O.normalise({}) for n in ("germany", "italy")}
    orders["germany"]["moves"] = [attack("munich", "switzerland", infantry=2)]
    orders["italy"]["moves"] = [attack("milan", "switzerland", infantry=1)]
    dice = LoadedDice({"battle switzerland three-way attack r1": [1, 9],
                       "battle switzerland three-way defence r1": [9],
                       "battle switzerland attack r1": [1, 9], "battle switzerland defence r1": [9, 9]})
    events = movement.land_phase(board, orders, dice)
    assert dice.left() == {}
    assert board["board"]["control"]["switzerland"] == "germany"
    assert units(board, "germany", "switzerland") == {"infantry": 2}
    assert units(board, "italy", "milan") == {}
    assert [e.data["outcome"] for e in events if e.kind == "battle"] == ["three-way", "captured"]


def test_twteaw_1_1_an_attack_needs_a_declaration_of_war(board):
    put(board, "germany", "cologne", infantry=2)
    with pytest.raises(IllegalAction) as err:
        O.validate(board, "germany", {"moves": [attack("cologne", "belgium", infantry=2)]})
    assert (err.value.rule, err.value.code) == ("TWTEAW 1.1", "undeclared")
    O.validate(board, "germany", {"declare": ["belgium"], "moves": [attack("cologne", "belgium", infantry=2)]})


def test_twteaw_1_1_a_neutral_attacked_by_a_side_joins_the_other(board):
    put(board, "germany", "cologne", infantry=1)
    put(board, "belgium", "belgium", infantry=1)
    dice = {"battle belgium attack r1": [9], "battle belgium defence r1": [9, 9],
            **reactions(board, "cp_declares", "belgium"), **reactions(board, "minor_joins_allied", "belgium")}
    resolve(board, {"germany": {"declare": ["belgium"],
                                "moves": [attack("cologne", "belgium", rounds=1, infantry=1)]}}, dice)
    assert board["board"]["sides"]["belgium"] == "allied"
    assert "belgium|germany" in board["board"]["war"] and "austria_hungary|belgium" in board["board"]["war"]


def test_twteaw_4_6_defenders_withdraw_to_a_friendly_neighbour_when_losses_exceed(board):
    put(board, "germany", "posen", infantry=3)
    put(board, "russia", "warsaw", infantry=3, artillery=1)
    resolve(board, {"germany": {"moves": [attack("posen", "warsaw", infantry=3)]},
                    "russia": {"withdraw": [{"area": "warsaw", "to": "lublin", "max_losses": 0}]}},
            {"battle warsaw attack r1": [1, 9, 9], "battle warsaw defence r1": [9, 9, 9, 9, 9],
             "battle warsaw attack r2": [1, 9, 9], "battle warsaw defence r2": [9, 9]})
    # round 1: one Russian falls (more than 0 lost): the two infantry left go to Lublin; the gun
    # cannot leave and fights on alone (defence 1) with the city, and falls in round 2
    assert units(board, "russia", "lublin") == {"infantry": 2}
    assert board["board"]["control"]["warsaw"] == "germany"
    assert units(board, "germany", "warsaw") == {"infantry": 3}


def test_twteaw_4_6_defenders_may_only_withdraw_into_their_own_side(board):
    put(board, "russia", "warsaw", infantry=1)
    with pytest.raises(IllegalAction) as err:
        O.validate(board, "russia", {"withdraw": [{"area": "warsaw", "to": "posen", "max_losses": 0}]})
    assert err.value.code == "withdraw_where"
