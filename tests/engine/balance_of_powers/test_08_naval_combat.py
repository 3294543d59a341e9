"""BoP 8 — naval combat: contact, search, surface gunnery, torpedoes, ASW and the mandatory
return to port, with scripted dice in 12.6's start position."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import naval, naval_combat
from engine.rulesets.balance_of_powers.price_of_admiralty import initial
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from tests.engine.scripted_dice import ScriptedDice

TH = theatre(SCENARIO_MAP)
SEA = "norwegian-sea-box"


def fresh():
    return initial(SCENARIO_MAP, {})


def fire(a, b):
    return f"naval fire {a} at {b} 2d6"


def test_bop_8_23_search_finds_when_the_die_less_searchers_is_below_the_targets():
    dice = ScriptedDice({"naval search 1d6": [3, 4]})
    assert naval_combat.searches(dice, ["a", "b"], ["x", "y"]) == (True, 3)    # 3 - 2 < 2
    assert naval_combat.searches(dice, ["a", "b"], ["x", "y"]) == (False, 4)   # 4 - 2 = 2


def test_bop_8_332_gunnery_plus_2d6_must_beat_armor_and_surprise_costs_one():
    state = fresh()
    dice = ScriptedDice({fire("ger-bb1", "bri-bb1"): [3, 4, 3, 4]})
    assert naval_combat.hit_roll(dice, state, "ger-bb1", "bri-bb1", False)[0]      # 11 > 10
    assert not naval_combat.hit_roll(dice, state, "ger-bb1", "bri-bb1", True)[0]   # 10


def test_bop_8_333_a_damaged_dreadnought_sinks_only_on_doubles():
    state = fresh()
    state["board"]["fleets"]["bri-bb1"]["steps"] = 1
    dice = ScriptedDice({fire("ger-bb1", "bri-bb1"): [6, 5, 5, 5]})
    assert not naval_combat.hit_roll(dice, state, "ger-bb1", "bri-bb1", False)[0]  # 15, no pair
    assert naval_combat.hit_roll(dice, state, "ger-bb1", "bri-bb1", False)[0]      # 5-5
    assert naval_combat.take_hit(state, "bri-bb1") == "sunk"
    assert "bri-bb1" not in state["board"]["fleets"]
    assert "bri-jellicoe" not in state["board"]["admirals"]     # 8.31: he shares its fate


def test_bop_8_3_a_surface_battle_tiers_leader_shot_and_return_to_port():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["ger-bb1"]["at"] = SEA                 # Scheer aboard: two shots a salvo (8.334)
    fleets["bri-cl1"]["at"] = SEA                 # a van of one light cruiser
    dice = ScriptedDice({
        # 8.32: the CP (no van) roll 1 > 0: surprised; the EP roll 1, not > 1
        "naval surprise central 1d6": [1], "naval surprise entente 1d6": [1],
        # fleet salvo, tier 4: Scheer's flagship twice at the cruiser, -1 for surprise:
        # 3+3+4-1 = 9 > 6 hits; 1+1+4-1 = 5 misses
        fire("ger-bb1", "bri-cl1"): [3, 3, 1, 1],
        # the cruiser, flipped at the end of tier 4, fires in tier 0 (its damaged side):
        # 6+6+0 = 12 > 10 hits the dreadnought
        fire("bri-cl1", "ger-bb1"): [6, 6],
        # 8.34: CP first; lost 1, roll 4: stays; EP lost 1, roll 1: returns
        "naval return to port central 1d6": [4], "naval return to port entente 1d6": [1],
    })
    events = naval_combat.surface_combat(state, TH, dice, SEA,
                                         {"central": ["ger-bb1"], "entente": ["bri-cl1"]})
    assert dice.left() == {}
    battle = events[0].data
    assert battle["surprised"] == ["central"] and battle["van_salvo"] == []
    assert [s["shooter"] for s in battle["fleet_salvo"]] == ["ger-bb1", "ger-bb1", "bri-cl1"]
    assert battle["steps_lost"] == {"central": 1, "entente": 1}
    assert fleets["ger-bb1"] == {"at": SEA, "steps": 1}
    assert fleets["bri-cl1"] == {"at": "scapa-flow-box", "steps": 1}       # 8.5: nearest port
    assert "bri-cl1" in state["flow"]["naval"]["returned"]


def test_bop_8_41_torpedoes_then_one_asw_roll_then_home():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["ger-ub1"]["at"] = SEA
    fleets["bri-bb1"]["at"] = SEA
    dice = ScriptedDice({fire("ger-ub1", "bri-bb1"): [6, 6],   # 12 + 4 > 10
                         "ASW 3d6": [1, 2, 3]})                 # 6 < 8: one step
    naval_combat.submarine_combat(state, TH, dice, ["ger-ub1"], ["bri-bb1"])
    assert dice.left() == {}
    assert fleets["bri-bb1"]["steps"] == 1 and fleets["ger-ub1"]["steps"] == 1
    assert state["naval"]["asw"] == 9                           # 5.324: the track rises
    assert naval.port_side(state, TH, fleets["ger-ub1"]["at"]) == "central"


def test_bop_8_1_ships_in_their_own_port_decline_contact():
    state = fresh()
    dice = ScriptedDice({})           # no search may be rolled
    naval.naval_move(state, TH, "germany", ["ger-ub1"], "scapa-flow-box")
    assert naval_combat.after_move(state, TH, dice, ["ger-ub1"]) == []


def test_bop_8_24_a_pairing_searches_once_a_sub_phase():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-cl1"]["at"] = SEA
    fleets["ger-cl1"]["at"] = SEA
    dice = ScriptedDice({"naval search 1d6": [6, 6]})           # both fail
    events = naval_combat.after_move(state, TH, dice, ["ger-cl1"])
    assert [e.data["found"] for e in events] == [False, False]
    assert naval_combat.after_move(state, TH, dice, ["ger-cl1"]) == []


def test_bop_8_21_the_moving_force_may_decline_to_search_and_is_searched_back():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-cl1"]["at"] = SEA
    fleets["ger-cl1"]["at"] = SEA
    dice = ScriptedDice({"naval search 1d6": [6]})              # only the British search: fails
    events = naval_combat.after_move(state, TH, dice, ["ger-cl1"], {"search": False})
    assert [e.kind for e in events] == ["naval_search_declined", "naval_search"]
    assert events[1].data["by"] == "entente" and dice.left() == {}


def test_bop_8_31_the_moving_player_chooses_its_van_and_8_34_may_return_to_port():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["ger-bc1"]["at"] = fleets["ger-cl1"]["at"] = SEA     # Hipper's BC and a cruiser
    fleets["bri-cl1"]["at"] = SEA
    dice = ScriptedDice({
        "naval search 1d6": [1],                                 # 1 - 2 < 1: found
        # van of one (the CL) plus Hipper's BC in the main force: van units 1; CP 1 not > 1
        "naval surprise central 1d6": [1], "naval surprise entente 1d6": [1],
        fire("ger-cl1", "bri-cl1"): [1, 1, 1, 1],                # each salvo: 2 + 1 misses 6
        fire("bri-cl1", "ger-cl1"): [1, 1],                      # van salvo: 2 + 1 misses
        fire("bri-cl1", "ger-bc1"): [1, 1],                      # fleet salvo: at the main
        fire("ger-bc1", "bri-cl1"): [1, 1, 1, 1],                # Hipper: two shots, misses
        "naval return to port central 1d6": [5], "naval return to port entente 1d6": [5],
    })
    events = naval_combat.after_move(state, TH, dice, ["ger-bc1", "ger-cl1"],
                                     {"van": ["ger-cl1"], "return": True})
    battle = next(e.data for e in events if e.kind == "naval_battle")
    assert [s["shooter"] for s in battle["van_salvo"]] == ["ger-cl1", "bri-cl1"]   # BC not in
    checks = {e.data["side"]: e.data for e in events if e.kind == "naval_return_check"}
    assert checks["central"]["returns"] is False and checks["central"]["chooses_to_return"]
    assert naval.port_side(state, TH, fleets["ger-bc1"]["at"]) == "central"      # went home
    assert fleets["bri-cl1"]["at"] == SEA                                          # stayed
    assert dice.left() == {}


def test_bop_8_31_a_naval_move_carries_its_orders_and_a_wrong_van_is_refused():
    import json

    import pytest

    from engine.kernel import IllegalAction, apply, decisions, new_game
    from engine.kernel.errors import MalformedAction
    from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO
    from engine.rulesets.balance_of_powers.ruleset import RULESET

    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], b"o" * 32, "torders")
    move = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    before = json.dumps(state, sort_keys=True)
    base = {"units": ["ger-bb1", "ger-bc1"], "to": "15,-6"}
    with pytest.raises(IllegalAction) as wrong:
        apply(RULESET, state, "germany", move.id, {**base, "van": ["ger-bb1"]}, seed=b"o" * 32)
    assert wrong.value.rule == "BoP 8.31"                      # a dreadnought never in the van
    with pytest.raises(IllegalAction):
        apply(RULESET, state, "germany", move.id, {**base, "van": ["ger-cl1"]}, seed=b"o" * 32)
    with pytest.raises(MalformedAction):
        apply(RULESET, state, "germany", move.id, {**base, "search": "no"}, seed=b"o" * 32)
    with pytest.raises(MalformedAction):                        # 8.25's order is true or false
        apply(RULESET, state, "germany", move.id, {**base, "evade": "yes"}, seed=b"o" * 32)
    assert json.dumps(state, sort_keys=True) == before
    out = apply(RULESET, state, "germany", move.id,
                {**base, "van": ["ger-bc1"], "search": False, "return": True, "evade": True},
                seed=b"o" * 32)
    assert out.state["board"]["fleets"]["ger-bc1"]["at"] == "15,-6"


def test_bop_8_25_found_ships_faster_than_their_finder_evade_and_go_home():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["ger-bb1"]["at"] = fleets["bri-cl1"]["at"] = SEA
    # the dreadnought (radius 5, gunnery 4) finds the light cruiser (radius 9, gunnery 1): the
    # cruiser is faster and outgunned, so it tries (ruling 106); 3 + 4 = 7 < 9 evades
    dice = ScriptedDice({"naval search 1d6": [1], "naval evasion entente 2d6": [3, 4]})
    events = naval_combat.after_move(state, TH, dice, ["ger-bb1"])
    assert [e.kind for e in events] == ["naval_search", "naval_evasion", "naval_returned"]
    assert events[1].data == {"side": "entente", "tried": ["bri-cl1"], "dice": [3, 4],
                              "evaded": ["bri-cl1"]}
    assert fleets["bri-cl1"]["at"] == "scapa-flow-box"            # 8.5: home, no battle
    assert fleets["ger-bb1"] == {"at": SEA, "steps": 2} and dice.left() == {}


def test_bop_8_25_only_ships_faster_than_every_finder_try_one_roll_for_all():
    state = fresh()
    found = ["bri-bb1", "bri-ca1", "bri-cl1"]          # radius 5, 6, 9
    for uid in found + ["ger-bb1"]:
        state["board"]["fleets"][uid]["at"] = SEA
    dice = ScriptedDice({"naval evasion entente 2d6": [4, 4]})       # 8: below 9, not 6
    left, events = naval_combat.evade(state, TH, dice, found, ["ger-bb1"], True)
    assert events[0].data["tried"] == ["bri-ca1", "bri-cl1"]         # the BB is not faster
    assert events[0].data["evaded"] == ["bri-cl1"] and left == ["bri-bb1", "bri-ca1"]
    assert dice.left() == {}
    # a found force with more gunnery than its finder stays to fight (ruling 106)
    assert not naval_combat.outgunned(state, ["bri-bb1", "bri-cl1"], ["ger-bb1"])
    assert naval_combat.outgunned(state, ["bri-cl1"], ["ger-bb1"])


def test_bop_8_25_the_moving_force_found_by_the_enemy_evades_when_ordered():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-bb1"]["at"] = fleets["ger-cl1"]["at"] = SEA
    # the cruiser declines to search; the dreadnought searches back and finds it (1 - 1 < 1);
    # ordered to evade, it rolls 2 + 2 = 4 < 9 and goes home
    dice = ScriptedDice({"naval search 1d6": [1], "naval evasion central 2d6": [2, 2]})
    events = naval_combat.after_move(state, TH, dice, ["ger-cl1"],
                                     {"search": False, "evade": True})
    assert [e.kind for e in events] == ["naval_search_declined", "naval_search",
                                        "naval_evasion", "naval_returned"]
    assert naval.port_side(state, TH, fleets["ger-cl1"]["at"]) == "central"
    assert dice.left() == {}
