"""BoP 7.35 — coastal raiding (issue #21, ruling 110), in 12.6's start position (May 1916, the
German GQ I half) on the real North Europe map: the High Seas Fleet's battlecruiser raids Hull
(0210) from the water beside it, as Hipper's raids on the Yorkshire coast did."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction, apply, decisions, new_game
from engine.rulesets.balance_of_powers import answers, coastal_raids
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from tests.engine.scripted_dice import ScriptedDice

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
OFF_HULL, HULL = HEX["0309"], HEX["0210"]
SEED = b"r" * 32
RAID = f"coastal raid on {HULL} 2d6"


def game():
    """12.6 at its start, the British ships on the map gone home to Scapa Flow's box: the
    premise is an unguarded coast (no interrupt, 7.4, and no battle off Hull)."""
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], SEED, "traids")
    for uid, ship in state["board"]["fleets"].items():
        if uid.startswith("bri-"):
            ship["at"] = "scapa-flow-box"
    return state


def move_decision(state):
    return next(d for d in decisions(RULESET, state) if d.kind == "naval_move")


def raid_with(state, dice):
    """The move through the ruleset's own validation and handler, with the raid's dice given
    (nothing else rolls: no British ship on the map)."""
    decision = move_decision(state)
    action = answers.validate(state, "germany", decision,
                              {"units": ["ger-bc1"], "to": OFF_HULL, "raid": HULL})
    return RULESET.apply_action(state, "germany", decision, action, ScriptedDice(
        {RAID: dice}, optional={}))


def test_bop_7_35_the_move_beside_an_enemy_home_population_centre_offers_its_raid():
    state = game()
    items = RULESET.options(state, "germany", move_decision(state), {"units": ["ger-bc1"]})
    off_hull = next(i for i in items if i["action"]["to"] == OFF_HULL)
    assert off_hull["raids"] == [HULL]
    assert coastal_raids.targets(state, TH, "central", OFF_HULL) == {HULL: "britain"}
    # a Sea Chart box is no coast; nor is the open sea
    assert not any("raids" in i for i in items if i["action"]["to"] == "norwegian-sea-box")


def test_bop_7_35_doubles_above_the_years_last_digit_cost_the_target_one_rp():
    state = game()
    rp = state["powers"]["britain"]["rp"]
    events = raid_with(state, [4, 4])                     # 8 > 6 (1916), doubles
    raid = next(e for e in events if e.kind == "coastal_raid")
    assert raid.data["hit"] and raid.data["rp_lost"] == 1 and raid.data["nation"] == "britain"
    assert state["powers"]["britain"]["rp"] == rp - 1
    assert state["naval"]["raided"] == {"central": "1916-spring"}
    assert state["board"]["fleets"]["ger-bc1"]["at"] == OFF_HULL     # the move stands


@pytest.mark.parametrize("dice", [[3, 3], [5, 6]])
def test_bop_7_35_doubles_not_above_the_digit_or_no_doubles_cost_nothing(dice):
    state = game()
    rp = state["powers"]["britain"]["rp"]
    events = raid_with(state, dice)                       # 6 is not above 6; 11 is no doubles
    assert next(e for e in events if e.kind == "coastal_raid").data["hit"] is False
    assert state["powers"]["britain"]["rp"] == rp
    assert state["naval"]["raided"] == {"central": "1916-spring"}   # the raid is spent


def test_bop_7_35_one_raid_a_side_a_season_and_bad_raids_change_nothing():
    state = game()
    decision = move_decision(state)
    before = json.dumps(state, sort_keys=True)
    for action, reason in (
            ({"units": ["ger-bc1"], "to": OFF_HULL, "raid": HEX["0107"]}, "not_coastal_target"),
            ({"units": ["ger-ub1"], "to": HEX["1512"], "raid": HEX["1613"]}, "no_raider"),
    ):
        with pytest.raises(IllegalAction) as refused:
            apply(RULESET, state, "germany", decision.id, action, seed=SEED)
        assert refused.value.rule == "BoP 7.35" and refused.value.code == reason, action
    assert json.dumps(state, sort_keys=True) == before
    state["naval"]["raided"] = {"central": "1916-spring"}       # raided earlier this season
    with pytest.raises(IllegalAction) as spent:
        apply(RULESET, state, "germany", decision.id,
              {"units": ["ger-bc1"], "to": OFF_HULL, "raid": HULL}, seed=SEED)
    assert spent.value.code == "raid_spent"
    items = RULESET.options(state, "germany", decision, {"units": ["ger-bc1"]})
    assert not any("raids" in i for i in items)
    state["flow"]["month"] = "1916-06"                            # summer: a new season
    assert coastal_raids.may_raid(state, "central")


def test_bop_7_35_seasons_run_march_june_september_december():
    assert coastal_raids.season_of("1916-05") == "1916-spring"
    assert coastal_raids.season_of("1916-06") == "1916-summer"
    assert coastal_raids.season_of("1916-12") == coastal_raids.season_of("1917-02") == (
        "1916-winter")
    assert coastal_raids.season_of("1917-03") == "1917-spring"
