"""The rulebook's worked examples, reproduced from the rules' own functions."""

from __future__ import annotations

from engine.rulesets.twteaw import tables as T


def test_twteaw_units_fighters_level_table_examples():
    # French level 2 against German level 1: 2 against 1
    assert (T.fighter_air_attack(2, 1), T.fighter_air_attack(1, 2)) == (2, 1)
    # German level 4 against Russian level 3: 3 against 2
    assert (T.fighter_air_attack(4, 3), T.fighter_air_attack(3, 4)) == (3, 2)


def test_twteaw_4_2_contact_example():
    hunters = [T.AGGRESSIVE["battleship"]] + [T.AGGRESSIVE["cruiser"]] * 3 + [3]   # the example's fighter: 3
    assert T.contact_chance(hunters, 0) == 93          # against the unescorted transports
    assert T.contact_chance(hunters, T.DEFENSIVE["cruiser"]) == 72      # against the 2-DD escort
    assert T.contact_chance([T.AGGRESSIVE["cruiser"]] * 2, T.DEFENSIVE["cruiser"]) == 51   # interception


def test_twteaw_3_3_recon_examples():
    inf = T.RECON_LAND["infantry"]
    # 4 infantry in A and 2 infantry + 1 artillery in B, both next to C: 47 %
    assert T.recon_chance([([inf] * 4, "none"), ([inf] * 2 + [0], "none")]) == 47
    # A (4 infantry) and B (3 infantry): 34 % and 27 %, together 52 %; a trench facing A: 39 %
    assert T.recon_chance([([inf] * 4, "none")]) == 34 and T.recon_chance([([inf] * 3, "none")]) == 27
    assert T.recon_chance([([inf] * 4, "none"), ([inf] * 3, "none")]) == 52
    assert T.recon_chance([([inf] * 4, "trench"), ([inf] * 3, "none")]) == 39


def test_twteaw_victory_best_army_examples():
    # the first example prints 866, but its own terms add up to 720 + 144 + 72 + 0 = 936
    # (ruling 41: the formula as written); the comparison it illustrates still holds
    assert T.best_army([(3, 5, 48), (6, 2, 12), (2, 2, 18), (0, 1, 2)]) == 936
    assert T.best_army([(3, 6, 37), (7, 3, 8), (2, 3, 24), (4, 1, 2), (0, 1, 5), (6, 1, 4)]) == 1010


def test_twteaw_victory_best_naval_force_examples():
    assert T.best_naval_force([(7, 7, 2, 2), (4, 3, 1, 8), (2, 2, 1, 2), (0, 1, 1, 6)]) == 300
    assert T.best_naval_force([(7, 7, 2, 1), (4, 3, 1, 6), (2, 2, 1, 4), (0, 1, 1, 5)],
                              [(2, 2, 2, [(2, 3), (2, 3)], 1)]) == 282
