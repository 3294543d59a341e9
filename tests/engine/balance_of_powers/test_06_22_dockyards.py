"""BoP 5.11, 6.22-6.224 for naval units (issue #21, ruling 109): sunk ships go to the force
pool, majors buy them back (and mines) at 6.222's costs, repair damaged ships in a home port
for 1d6 months, and the dockyards deliver them at the muster (6.21) — in 12.3, whose
procurement step runs every month."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engine.kernel import Roller
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers import dockyards, economy, naval_combat, victory
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL
from engine.rulesets.balance_of_powers.tables import CENTRAL
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

from .helpers import Dice

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
WILHELMSHAVEN = HEX["1613"]
FROZEN_V11 = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
              / "balance_of_powers-11.json")


def storm(month: str = "1916-03", step: str = "procure", side: str = CENTRAL) -> dict:
    """12.3 as set up, moved to `month`'s `step` for `side` (the set-up itself is 12.3's)."""
    state = RULESET.setup(STORM_OF_STEEL, {}, SEATS, Roller(1, "t", 0))
    state["kernel"] = {"game_uid": "test-dockyards"}
    state["flow"].update(step=step, month=month, side=side, active=[])
    return state


def procure_decision(state: dict, seat: str):
    return next(d for d in RULESET.decisions(state) if d.kind == "procure" and seat in d.seats)


def sink(state: dict, uid: str) -> None:
    """Two hits, through naval combat's own damage rule (8.333)."""
    assert naval_combat.take_hit(state, uid) == "damaged"
    assert naval_combat.take_hit(state, uid) == "sunk"


def test_bop_5_11_a_ship_sunk_in_combat_goes_to_its_force_pool():
    state = storm()
    sink(state, "ger-cl1")
    assert "ger-cl1" not in state["board"]["fleets"]
    assert state["board"]["ship_pool"] == ["ger-cl1"]
    RULESET.check_invariants(state)


def test_bop_6_22_example_germany_buys_two_corps_two_uboats_and_a_light_cruiser():
    """6.223's example on our 12.3 board: in March Germany buys two infantry corps, two
    U-boats and a light cruiser from its force pool — 4 + 4 + 4 = 12 RP; the corps wait on
    April's box, the U-boats on September's, the cruiser on next March's. The premise (what the
    pool holds) is set; the buying goes through the procurement decision."""
    state = storm()
    state["board"]["pool"] = sorted(state["board"]["pool"] + ["ger-inf-1", "ger-inf-2"])
    sink(state, "ger-cl1")                       # the cruiser reaches the pool by combat
    state["board"]["ship_pool"] = sorted(state["board"]["ship_pool"] + ["ger-ub1", "ger-ub2"])
    state["powers"]["germany"]["rp"] = 20
    economy.begin_procure(state, Dice([]))
    assert "germany" in state["flow"]["active"]
    for uid in ("ger-inf-1", "ger-inf-2", "ger-ub1", "ger-ub2", "ger-cl1"):
        decision = procure_decision(state, "germany")
        assert {"buy": uid} in decision.options, uid
        RULESET.apply_action(state, "germany", decision, {"buy": uid}, Dice([]))
    assert state["powers"]["germany"]["rp"] == 20 - 12
    assert {"ger-inf-1", "ger-inf-2"} <= set(state["board"]["arrivals"]["1916-04"])
    yard = state["board"]["dockyard"]
    assert yard["ger-ub1"] == yard["ger-ub2"] == {"due": "1916-09", "refit": False}
    assert yard["ger-cl1"] == {"due": "1917-03", "refit": False}
    assert state["board"]["ship_pool"] == []
    RULESET.check_invariants(state)


def test_bop_6_222_a_battleship_costs_three_rp_a_step_and_needs_six_to_buy():
    state = storm()
    sink(state, "ger-bb4")
    state["powers"]["germany"]["rp"] = 5
    assert "ger-bb4" not in dockyards.procurable(state, "germany")
    state["powers"]["germany"]["rp"] = 6
    assert "ger-bb4" in dockyards.procurable(state, "germany")
    # a nation buys only its own ships (6.221)
    assert "ger-bb4" not in dockyards.procurable(state, "britain")


def test_bop_6_224_a_damaged_ship_in_its_home_port_is_repaired_for_one_step_and_1d6_months():
    state = storm()
    assert state["board"]["fleets"]["ger-bb1"]["at"] == WILHELMSHAVEN
    naval_combat.take_hit(state, "ger-bb1")
    state["powers"]["germany"]["rp"] = 10
    economy.begin_procure(state, Dice([]))
    decision = procure_decision(state, "germany")
    assert {"repair_ship": "ger-bb1"} in decision.options
    events = RULESET.apply_action(state, "germany", decision, {"repair_ship": "ger-bb1"},
                                  Dice([4]))
    assert state["powers"]["germany"]["rp"] == 7          # one battleship step: 3 RP
    assert "ger-bb1" not in state["board"]["fleets"]
    assert state["board"]["dockyard"]["ger-bb1"] == {"due": "1916-07", "refit": True}
    assert any(e.kind == "ship_repaired" and e.data["die"] == 4 for e in events)
    # a battleship away for repair is not a dreadnought sunk (12.3's victory points)
    assert "ger-bb1" not in victory.storm_vp(state, TH)["entente"]["bbs"]
    RULESET.check_invariants(state)


def test_bop_6_224_repairs_only_in_a_home_port_location():
    state = storm()
    naval_combat.take_hit(state, "ger-cl2")
    state["board"]["fleets"]["ger-cl2"]["at"] = "norwegian-sea-box"       # at sea
    state["powers"]["germany"]["rp"] = 10
    assert dockyards.repairable(state, TH, "germany") == []
    state["board"]["fleets"]["ger-cl2"]["at"] = WILHELMSHAVEN
    assert dockyards.repairable(state, TH, "germany") == ["ger-cl2"]
    # a full-strength ship has nothing to repair
    assert "ger-cl3" not in dockyards.repairable(state, TH, "germany")


def test_bop_6_224_a_navy_leader_stays_with_his_flagship_under_repair_and_returns_aboard():
    state = storm()
    naval_combat.take_hit(state, "ger-bc1")              # HIPPER's battlecruiser, the only BC
    state["powers"]["germany"]["rp"] = 10
    economy.begin_procure(state, Dice([]))
    RULESET.apply_action(state, "germany", procure_decision(state, "germany"),
                         {"repair_ship": "ger-bc1"}, Dice([1]))
    assert "ger-hipper" not in state["board"]["admirals"]
    assert state["board"]["refit_admirals"] == {"ger-hipper": "ger-bc1"}
    RULESET.check_invariants(state)
    # April's muster: the battlecruiser comes back at full strength with Hipper aboard
    state["flow"].update(step="muster", month="1916-04", side=CENTRAL)
    economy.begin_muster(state, Dice([]))
    assert state["flow"]["ship_muster"] == ["ger-bc1"]
    # out of the dockyard, not yet placed: Hipper still waits for it (found by 12.3 selfplay,
    # seed 3 game 6, whose invariant check wanted the ship in the dockyard)
    assert state["board"]["refit_admirals"] == {"ger-hipper": "ger-bc1"}
    RULESET.check_invariants(state)
    decision = next(d for d in RULESET.decisions(state) if d.kind == "ship_muster")
    assert {"unit": "ger-bc1", "at": WILHELMSHAVEN} in decision.options
    RULESET.apply_action(state, "germany", decision, {"unit": "ger-bc1", "at": WILHELMSHAVEN},
                         Dice([]))
    assert state["board"]["fleets"]["ger-bc1"] == {"at": WILHELMSHAVEN, "steps": 2}
    assert state["board"]["admirals"]["ger-hipper"] == "ger-bc1"
    assert state["board"]["refit_admirals"] == {} and state["board"]["dockyard"] == {}
    RULESET.check_invariants(state)


def test_bop_6_223_a_ship_bought_musters_in_a_home_port_only_in_its_month():
    state = storm()
    state["board"]["ship_pool"] = ["ger-ub1"]             # 12.3 fields no U-boat: the premise
    state["powers"]["germany"]["rp"] = 10
    economy.begin_procure(state, Dice([]))
    RULESET.apply_action(state, "germany", procure_decision(state, "germany"),
                         {"buy": "ger-ub1"}, Dice([]))
    for month, due in (("1916-08", False), ("1916-09", True)):
        state["flow"].update(step="muster", month=month, side=CENTRAL)
        economy.begin_muster(state, Dice([]))
        assert (state["flow"]["ship_muster"] == ["ger-ub1"]) is due, month
    decision = next(d for d in RULESET.decisions(state) if d.kind == "ship_muster")
    spots = {o["at"] for o in decision.options}
    assert WILHELMSHAVEN in spots
    assert all(TH.home.get(loc) == "germany" for loc in spots)      # 6.212: home ports only


def test_bop_6_211_a_ship_with_nowhere_to_muster_goes_back_to_the_pool():
    state = storm()
    state["board"]["dockyard"] = {"ger-ub2": {"due": "1916-05", "refit": False}}
    state["flow"].update(step="muster", month="1916-05", side=CENTRAL)
    economy.begin_muster(state, Dice([]))
    assert state["flow"]["ship_muster"] == ["ger-ub2"]
    events = economy.end_muster(state, Dice([]))
    assert state["board"]["ship_pool"] == ["ger-ub2"]
    assert any(e.kind == "muster_failed" and e.data["unit"] == "ger-ub2" for e in events)


def test_bop_6_218_a_mine_bought_for_one_rp_reaches_the_mine_pool_next_month():
    state = storm()
    state["board"]["mines"]["ger-mine1"] = "force_pool"      # cleared by the enemy (6.446)
    state["powers"]["germany"]["rp"] = 3
    economy.begin_procure(state, Dice([]))
    decision = procure_decision(state, "germany")
    assert {"buy": "ger-mine1"} in decision.options
    RULESET.apply_action(state, "germany", decision, {"buy": "ger-mine1"}, Dice([]))
    assert state["powers"]["germany"]["rp"] == 2
    assert state["board"]["mines"]["ger-mine1"] == "dockyard"
    RULESET.check_invariants(state)
    state["flow"].update(step="muster", month="1916-04", side=CENTRAL)
    economy.begin_muster(state, Dice([]))
    assert state["board"]["mines"]["ger-mine1"] == "pool"
    assert "ger-mine1" not in state["board"]["dockyard"]


def test_bop_12_3_a_dreadnought_sunk_and_bought_back_still_counts_as_sunk():
    state = storm()
    sink(state, "ger-bb2")
    assert "ger-bb2" in victory.storm_vp(state, TH)["entente"]["bbs"]
    state["powers"]["germany"]["rp"] = 10
    dockyards.procure(state, "germany", "ger-bb2", "1916-03")
    assert state["board"]["dockyard"]["ger-bb2"]["due"] == "1917-03"
    assert "ger-bb2" in victory.storm_vp(state, TH)["entente"]["bbs"]


def test_bop_6_22_version_11_game_gains_its_sunk_ships_in_the_pool():
    frozen = json.loads(FROZEN_V11.read_text())
    old = copy.deepcopy(frozen["state"])
    assert "ship_pool" not in old["board"]
    del old["board"]["fleets"]["ger-cl4"]                   # as 8.333 used to drop it
    new = upgrade(MIGRATIONS, old, "11", "12")
    assert new["board"]["ship_pool"] == ["ger-cl4"]
    assert new["board"]["dockyard"] == {} and new["board"]["refit_admirals"] == {}
