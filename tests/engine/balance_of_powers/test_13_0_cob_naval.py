"""BoP 13.0 — the CoB's naval lines (issue #21, ruling 116): from spring 1916 each seasonal turn
of a game with the standard admiralty (12.3) puts the ships and mines the CoB lists under that
season into their force pools, where 6.222 buys them; until now only sunk ships and cleared
mines could be bought."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import cob, economy
from engine.rulesets.balance_of_powers.fleets import SHIPS, ships_of
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL

from .helpers import Dice
from .test_06_22_dockyards import procure_decision, storm


def test_bop_13_0_the_cobs_ships_after_1915_as_printed_and_none_set_up():
    # the lines as the CoB prints them, for the navies on North Europe
    assert cob.unit_ids("1916-spring", kinds=("naval",)) == ["bri-cl4", "ger-ub12"]
    assert cob.unit_ids("1916-summer", kinds=("naval",)) == ["ger-bc2"]
    assert cob.unit_ids("1917-summer", kinds=("naval",)) == ["bri-bc3", "bri-cl5"]
    assert cob.unit_ids("1917-autumn", kinds=("naval",)) == ["ger-bc3"]
    assert cob.unit_ids("1916-spring", kinds=("mine",)) == ["1"]      # Germany's "Mine"
    for uid in ("bri-cl4", "ger-ub12", "ger-bc2", "bri-bc3", "bri-cl5", "ger-bc3"):
        assert uid in SHIPS and SHIPS[uid] not in ships_of(STORM_OF_STEEL), uid
    state = storm()
    assert not {"bri-cl4", "ger-ub12"} & set(state["board"]["fleets"])
    assert "ger-mine9" not in state["board"]["mines"]


def test_bop_13_0_the_spring_1916_seasonal_turn_brings_cl4_ub12_and_a_mine_to_the_pools():
    state = storm(month="1916-03", step="seasonal")
    events = economy.begin_seasonal(state, Dice([]))
    (added,) = [e for e in events if e.kind == "naval_pool_additions"]
    assert added.data == {"season": "1916-spring", "ships": ["bri-cl4", "ger-ub12"],
                          "mines": ["ger-mine9"]}
    assert {"bri-cl4", "ger-ub12"} <= set(state["board"]["ship_pool"])
    assert state["board"]["mines"]["ger-mine9"] == "force_pool"
    # the same turn again adds nothing twice
    assert not [e for e in economy.begin_seasonal(state, Dice([]))
                if e.kind == "naval_pool_additions"]
    RULESET.check_invariants(state)
    # procurement buys them (6.222: a submarine 1 RP a step, a mine 1 RP)
    state["flow"].update(step="procure", active=[])
    state["powers"]["germany"]["rp"] = 10
    economy.begin_procure(state, Dice([]))
    for uid in ("ger-ub12", "ger-mine9"):
        decision = procure_decision(state, "germany")
        assert {"buy": uid} in decision.options, uid
        RULESET.apply_action(state, "germany", decision, {"buy": uid}, Dice([]))
    assert state["powers"]["germany"]["rp"] == 10 - 2 - 1
    assert state["board"]["dockyard"]["ger-ub12"] == {"due": "1916-09", "refit": False}
    RULESET.check_invariants(state)


def test_bop_13_0_summer_1916_brings_germanys_bc2_and_a_second_mine():
    state = storm(month="1916-06", step="seasonal")
    events = economy.begin_seasonal(state, Dice([]))
    (added,) = [e for e in events if e.kind == "naval_pool_additions"]
    assert added.data["ships"] == ["ger-bc2"] and added.data["mines"] == ["ger-mine10"]
