"""FA 13.5.5.4 (with 13.5.5.5, 13.5.5.8, 4.2.1, 22.1) — transports (TRS) and amphibious craft
(AMPH) are built in two production cycles: from the force pool face-down to the construction
pool, then fitted out face-up to a home port (version 15, R-N25)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, apply, decisions, new_game
from engine.maps.fa_seas import load_fa_seas
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.migrations import v14_to_v15
from engine.rulesets.fatal_alliances.naval_builds import home_port, ship_arrivals
from engine.rulesets.fatal_alliances.naval_oob import NavalOobError, build_naval_oob, read_table
from engine.rulesets.fatal_alliances.production import build, build_options
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .positions import Dice

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEED = b"\7" * 32
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-14.json"
BRITISH_TRS = [f"britain-transport-pool-{i}" for i in (1, 2, 3)]
BRITISH_AMPH = ["britain-landing-craft-pool-1", "britain-landing-craft-pool-2"]


def producing(bp=10, turn=1, uid="naval-builds"):
    """The campaign in its production step, Britain with `bp` build points (shared with
    test_13_5_5_4_convoy_builds.py)."""
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, uid)
    move_to(state, Step.PRODUCTION.value)
    state["flow"]["turn"] = turn
    board = state["board"]
    for p in SEATS:
        board["bp"][p] = 0
        board["built_now"][p] = {}
    board["bp"]["britain"] = bp
    return state


def test_fa_22_1_transports_and_landing_craft_start_in_the_force_pool_not_on_the_map():
    state = producing()
    board = state["board"]
    assert board["naval_pool"]["britain"] == BRITISH_AMPH + BRITISH_TRS
    assert board["construction_pool"] == {} and board["naval_circle"] == []
    assert not set(board["naval_pool"]["britain"]) & set(board["fleets"])
    assert "austria_hungary" not in board["naval_pool"] and "usa" not in board["naval_pool"]


def test_fa_13_5_5_4_a_first_cycle_draws_a_random_transport_and_puts_it_face_down_on_the_circle():
    state = producing(bp=10)
    opts = build_options(state, "britain")
    assert {"build": "TRS"} in opts and {"build": "AMPH"} in opts
    events = build(state, "britain", {"build": "TRS"}, Dice(2))     # 13.5.5.5: drawn at random
    board = state["board"]
    assert events[0].data["ship"] == BRITISH_TRS[1] and events[0].data["cycle"] == 1
    assert board["bp"]["britain"] == 8                              # the first cycle: 2 BP
    assert board["naval_circle"] == [{"ship": BRITISH_TRS[1], "turn": 3, "up": False}]
    assert BRITISH_TRS[1] not in board["naval_pool"]["britain"]
    assert board["built_now"]["britain"] == {"NAVAL": 1}


def test_fa_4_2_1_a_launched_ship_joins_the_construction_pool_and_fitted_out_comes_to_port():
    state = producing(bp=10)
    build(state, "britain", {"build": "AMPH"}, Dice(1))
    board = state["board"]
    assert board["bp"]["britain"] == 7                               # AMPH first cycle: 3 BP
    state["flow"]["turn"] = 2
    assert ship_arrivals(state) == [] and board["naval_circle"]      # due at turn 3
    state["flow"]["turn"] = 3
    [launched] = ship_arrivals(state)
    assert launched.kind == "launched"
    assert board["construction_pool"] == {"britain": [BRITISH_AMPH[0]]}
    assert BRITISH_AMPH[0] not in board["fleets"]                     # not yet fitted out
    # 13.5.5.4: the second cycle is bought for that very unit (13.5.5.5), face-up
    board["bp"]["britain"] = 1
    board["built_now"]["britain"], board["built_last"]["britain"] = {}, {"NAVAL": 1}
    fit = {"build": "AMPH", "fit_out": BRITISH_AMPH[0]}
    assert fit in build_options(state, "britain")
    assert {"build": "TRS"} not in build_options(state, "britain")    # 2 BP: too dear now
    build(state, "britain", fit, Dice())
    assert board["bp"]["britain"] == 0 and board["construction_pool"]["britain"] == []
    assert board["naval_circle"] == [{"ship": BRITISH_AMPH[0], "turn": 4, "up": True}]
    state["flow"]["turn"] = 4
    [arrived] = ship_arrivals(state)
    assert arrived.data == {"ship": BRITISH_AMPH[0], "port": "portsmouth"}
    ship = board["fleets"][BRITISH_AMPH[0]]
    assert (ship["port"], ship["up"], ship["area"], ship["cls"]) == ("portsmouth", True, None, "AMPH")


def test_fa_4_2_1_a_fitted_out_ship_goes_to_another_home_port_or_waits_a_turn():
    state = producing()
    ports = load_fa_seas().ports
    board = state["board"]
    # its base lost: the first British home port by id (R-N25)
    board["control"][ports["portsmouth"].hex] = "germany"
    other = home_port(state, BRITISH_TRS[0])
    assert other is not None and other != "portsmouth"
    # every British home port lost: the ship waits on the circle a turn (4.2.1)
    for port in ports.values():
        board["control"][port.hex] = "germany"
    assert home_port(state, BRITISH_TRS[0]) is None
    board["naval_circle"] = [{"ship": BRITISH_TRS[0], "turn": 1, "up": True}]
    [late] = ship_arrivals(state)
    assert late.kind == "arrival_delayed"
    assert board["naval_circle"] == [{"ship": BRITISH_TRS[0], "turn": 2, "up": True}]


def test_fa_13_5_5_8_both_cycles_count_against_the_naval_gearing_limit():
    state = producing(bp=20, turn=2)
    board = state["board"]
    board["built_last"]["britain"] = {}
    board["construction_pool"] = {"britain": [BRITISH_TRS[2]]}
    board["naval_pool"]["britain"].remove(BRITISH_TRS[2])
    assert {"build": "TRS", "fit_out": BRITISH_TRS[2]} in build_options(state, "britain")
    build(state, "britain", {"build": "TRS", "fit_out": BRITISH_TRS[2]}, Dice())
    # last turn 0 naval units, so 1 this turn: no more TRS, AMPH or fitting out
    assert not any(o["build"] in ("TRS", "AMPH") for o in build_options(state, "britain"))
    board["built_last"]["britain"] = {"NAVAL": 1}
    assert {"build": "TRS"} in build_options(state, "britain")
    build(state, "britain", {"build": "TRS"}, Dice(1))
    assert not any(o["build"] in ("TRS", "AMPH") for o in build_options(state, "britain"))


def test_fa_13_5_5_4_the_kernel_builds_a_listed_cycle_and_refuses_a_unit_not_in_construction():
    state = producing(bp=10)
    [d] = [d for d in decisions(RULESET, state) if d.seats == ("britain",)]
    assert {"build": "TRS"} in d.options
    one = apply(RULESET, state, "britain", d.id, {"build": "TRS"}, seed=SEED)
    two = apply(RULESET, state, "britain", d.id, {"build": "TRS"}, seed=SEED)
    assert one.state == two.state and len(one.state["board"]["naval_circle"]) == 1
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        apply(RULESET, state, "britain", d.id,
              {"build": "TRS", "fit_out": BRITISH_TRS[0]}, seed=SEED)
    assert state == before


def test_fa_13_5_5_4_the_order_of_battle_refuses_a_transport_without_build_cycles():
    table = read_table()
    bad = copy.deepcopy(table)
    del bad["classes"]["TRS"]["build"]
    with pytest.raises(NavalOobError, match="build cycles"):
        build_naval_oob(bad, load_fa_seas())
    bad = copy.deepcopy(table)
    bad["units"][0]["pool"] = True            # a dreadnought squadron is not built here
    with pytest.raises(NavalOobError, match="force pool"):
        build_naval_oob(bad, load_fa_seas())


def test_fa_13_5_5_4_version_15_gives_a_running_version_14_campaign_its_naval_pools():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "14" and frozen["state"]["board"]["result"] is None
    old = frozen["state"]
    assert "naval_pool" not in old["board"]
    new = v14_to_v15(copy.deepcopy(old))
    assert new["board"]["naval_pool"]["britain"] == BRITISH_AMPH + BRITISH_TRS
    assert new["board"]["construction_pool"] == {} and new["board"]["naval_circle"] == []
    for key in ("naval_pool", "construction_pool", "naval_circle"):
        new["board"].pop(key)
    assert new == old
    ep, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    assert "naval_pool" not in ep["board"]
    assert v14_to_v15(copy.deepcopy(ep)) == ep
