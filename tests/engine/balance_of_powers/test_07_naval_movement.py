"""BoP 7 — naval movement on the map's water and the Sea Chart's boxes (standard admiralty),
played in 12.6's start position on the real North Europe map and its Sea Chart."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers import naval
from engine.rulesets.balance_of_powers.price_of_admiralty import initial
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)
NORWEGIAN_EDGE = "15,-6"     # 1501, a North Sea hex under the Norwegian Sea box (7.51)
STOCKHOLM_WATER = "33,-15"   # a Baltic hex at Stockholm's box


def fresh():
    return initial(SCENARIO_MAP, {})


def reach(state, seat, units):
    return naval.destinations(state, TH, seat, units)


def test_bop_7_11_range_is_four_times_the_radius():
    state = fresh()
    # a dreadnought (radius 5: 20 NMP) reaches the Norwegian Sea (18) but not the ocean
    # beyond it (36); a light cruiser (radius 9: 36 NMP) reaches both
    bb = reach(state, "britain", ["bri-bb1"])
    assert bb["norwegian-sea-box"] == 18 and "north-atlantic-box" not in bb
    assert reach(state, "britain", ["bri-ca1"]).get("north-atlantic-box") is None  # radius 6
    state["board"]["fleets"]["bri-cl2"]["at"] = "scapa-flow-box"
    assert reach(state, "britain", ["bri-cl2"])["north-atlantic-box"] == 36


def test_bop_7_11_a_force_moves_at_its_slowest_ships_range():
    state = fresh()
    # Wilhelmshaven's surface stack holds pre-dreadnoughts (radius 4: 16 NMP)
    stack = next(s for s in naval.stacks(state, "germany") if "ger-pd1" in s)
    assert naval.check_force(state, TH, "germany", stack) == 16
    assert naval.check_force(state, TH, "germany", ["ger-bb1", "ger-bb2"]) == 20


def test_bop_7_51_box_and_edge_costs():
    state = fresh()
    state["board"]["fleets"]["bri-cl1"]["at"] = "norwegian-sea-box"
    cl = reach(state, "britain", ["bri-cl1"])
    assert cl[NORWEGIAN_EDGE] == 1                 # box to its map-edge hex: 1
    assert cl["scapa-flow-box"] == 3               # a port box: 3
    assert cl["north-atlantic-box"] == 18          # an ocean box: 18
    assert all(not b.endswith("-grey") for b in cl)   # 7.54: grey spaces are never entered
    state["board"]["fleets"]["bri-cl1"]["at"] = NORWEGIAN_EDGE
    assert reach(state, "britain", ["bri-cl1"])["norwegian-sea-box"] == 18


def test_bop_7_53_the_white_sea_is_frozen_november_to_february():
    state = fresh()
    state["board"]["fleets"]["bri-cl1"]["at"] = "norwegian-sea-box"
    assert "white-sea-box" in reach(state, "britain", ["bri-cl1"])
    state["flow"]["month"] = "1916-11"
    assert "white-sea-box" not in reach(state, "britain", ["bri-cl1"])


def test_bop_7_51_ruling_67_neutral_ports_are_never_entered():
    state = fresh()
    state["board"]["fleets"]["bri-cl1"]["at"] = STOCKHOLM_WATER
    found = reach(state, "britain", ["bri-cl1"])
    assert "stockholm-box" not in found               # Sweden's, a neutral's: never entered
    assert found["helsinki-box"] == 25                 # a friendly (Russian) port box: entered
    state["board"]["fleets"]["ger-cl1"]["at"] = STOCKHOLM_WATER
    assert "helsinki-box" in reach(state, "germany", ["ger-cl1"])   # an enemy one too (7.51)


def test_bop_7_25_the_dreadnought_fee():
    state = fresh()
    naval.naval_move(state, TH, "britain", ["bri-bb1"], "norwegian-sea-box")
    assert state["powers"]["britain"]["rp"] == 1
    naval.naval_move(state, TH, "britain", ["bri-bb2"], "norwegian-sea-box")
    assert state["powers"]["britain"]["rp"] == 1          # once a month, however many BBs
    state["powers"]["germany"]["rp"] = 0
    with pytest.raises(IllegalAction) as no_rp:
        naval.check_force(state, TH, "germany", ["ger-bb1"])
    assert no_rp.value.code == "bb_fee"
    naval.check_force(state, TH, "germany", ["ger-cl1"])   # other ships need no RP


def test_bop_7_21_surface_ships_and_submarines_never_one_force():
    state = fresh()
    with pytest.raises(IllegalAction) as mixed:
        naval.check_force(state, TH, "britain", ["bri-cl2", "bri-ss1"])
    assert mixed.value.code == "mixed_force"
    assert ["bri-ss1"] in naval.stacks(state, "britain")


def test_bop_7_33_dropped_ships_stop_and_joiners_count_what_the_force_spent():
    state = fresh()
    first = next(h for h, c in reach(state, "germany", ["ger-cl1", "ger-cl2"]).items() if c == 3)
    naval.naval_move(state, TH, "germany", ["ger-cl1", "ger-cl2"], first)
    state["board"]["fleets"]["ger-bc1"]["at"] = first       # an unmoved ship waiting there
    second = next(h for h, c in reach(state, "germany", ["ger-cl1"]).items() if c == 2)
    naval.naval_move(state, TH, "germany", ["ger-cl1", "ger-bc1"], second)
    nf = state["flow"]["naval"]
    assert nf["spent"]["ger-bc1"] == 5 and nf["spent"]["ger-cl1"] == 5
    assert "ger-cl2" in nf["done"]                          # dropped off: moves no more
    with pytest.raises(IllegalAction):
        naval.check_force(state, TH, "germany", ["ger-cl2"])
    # another force starts: the first is finished
    naval.naval_move(state, TH, "germany", ["ger-ub1"],
                     next(iter(reach(state, "germany", ["ger-ub1"]))))
    assert {"ger-cl1", "ger-bc1"} <= set(nf["done"])


def test_bop_7_22_a_force_cannot_go_beyond_its_range():
    state = fresh()
    with pytest.raises(IllegalAction) as far:
        naval.check_move(state, TH, "germany", ["ger-bb1"], "norwegian-sea-box")
    assert far.value.code == "out_of_range"


def _hex(label):
    return {lab: loc for loc, lab in TH.label.items()}[label]


def test_bop_7_34_the_kiel_canal_joins_the_north_sea_and_the_baltic_through_brunsbuttel():
    """Ruling 112: Brunsbüttel (1812) and Kiel (1911) are the canal's hexes, 1 NMP each:
    Wilhelmshaven to Kiel is 3 NMP (1712, Brunsbüttel, Kiel), not round Denmark; a ship may
    stop in the canal."""
    from engine.rulesets.balance_of_powers import mines
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    state = fresh()
    wilhelmshaven, kiel, brunsbuttel = _hex("1613"), _hex("1911"), _hex("1812")
    path = mines.path(state, TH, wilhelmshaven, kiel, "central", {"CL"})
    assert [TH.label[x] for x in path] == ["1712", "1812", "1911"]
    assert reach(state, "germany", ["ger-cl1"])[kiel] == 3
    naval.naval_move(state, TH, "germany", ["ger-cl1"], brunsbuttel)
    RULESET.check_invariants(state)                   # a ship may stand in the canal (7.32)


def test_bop_7_34_an_enemy_held_end_closes_the_canal_but_lets_a_ship_in_and_out():
    state = fresh()
    wilhelmshaven, kiel, brunsbuttel = _hex("1613"), _hex("1911"), _hex("1812")
    state["board"]["control"][brunsbuttel] = "britain"        # a British landing holds it
    from engine.rulesets.balance_of_powers import mines
    path = mines.path(state, TH, wilhelmshaven, kiel, "central", {"CL"})
    assert brunsbuttel not in path and len(path) > 10          # round Denmark
    assert reach(state, "germany", ["ger-cl1"])[brunsbuttel] == 2   # in, and out the same way
    assert (kiel, 1) not in naval.canal_steps(state, TH, brunsbuttel, "central")
    # Kiel is German: the canal is closed to the British too, from either end
    assert (brunsbuttel, 1) not in naval.canal_steps(state, TH, kiel, "entente")
    assert (kiel, 1) not in naval.canal_steps(state, TH, brunsbuttel, "entente")


def test_bop_7_32_hamburg_opens_on_the_elbe_mouth_only_never_on_lubeck_bay():
    """Ruling 112: the estuary port's water is where its river meets the sea (1712); before,
    its land neighbours' water made Hamburg a passage into the Baltic (2112)."""
    from engine.rulesets.balance_of_powers.admiralty import port_waters
    assert sorted(TH.label[w] for w in port_waters(TH, _hex("1913"))) == ["1712"]
