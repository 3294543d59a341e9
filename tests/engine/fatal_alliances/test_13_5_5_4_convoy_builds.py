"""FA 13.5.5.4 (with 13.5.5.8 and 4.2.1) — convoy points are built: 1 BP a point, 4 turns on
the circle, every 2 points (or a last 1) one NAVAL unit for gearing, arriving in port
(version 21, R-N41, R-N42)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, apply, decisions, new_game
from engine.maps.fa_seas import load_fa_seas
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.convoy_builds import aligned_port, convoy_arrivals, naval_units
from engine.rulesets.fatal_alliances.migrations import v20_to_v21
from engine.rulesets.fatal_alliances.position import map_of
from engine.rulesets.fatal_alliances.production import build, build_options
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .positions import Dice
from .test_13_5_5_4_naval_builds import producing as naval_builds_producing

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEED = b"\7" * 32
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-20.json"
CONVOY = {"build": "convoy"}


def producing(bp=10, turn=1):
    """The campaign in its production step, Britain with `bp` build points."""
    return naval_builds_producing(bp, turn, "convoy-builds")


def test_fa_13_5_5_4_a_convoy_point_costs_1_bp_and_takes_4_turns():
    state = producing(bp=3, turn=2)
    board = state["board"]
    board["built_last"]["britain"] = {"NAVAL": 1}
    assert CONVOY in build_options(state, "britain")
    [built] = build(state, "britain", CONVOY, Dice())
    assert built.data == {"power": "britain", "class": "convoy", "cost": 1, "arrives": 6}
    build(state, "britain", CONVOY, Dice())
    assert board["bp"]["britain"] == 1
    # one entry a power and turn, the points counted (13.5.1.4: any denomination)
    assert board["convoy_circle"] == [{"power": "britain", "points": 2, "turn": 6}]
    assert board["built_now"]["britain"] == {"convoy": 2}
    board["bp"]["britain"] = 0                                       # no BP, no convoy point
    assert CONVOY not in build_options(state, "britain")


def test_fa_13_5_5_8_every_two_convoy_points_count_as_one_naval_unit():
    assert naval_units({"convoy": 1}) == 1 and naval_units({"convoy": 2}) == 1
    assert naval_units({"NAVAL": 1, "convoy": 3}) == 3
    state = producing(bp=20, turn=2)
    board = state["board"]
    board["built_last"]["britain"] = {}                # last turn nothing: 1 NAVAL unit now
    build(state, "britain", CONVOY, Dice())
    # the first point opened a unit: a second point fits in it, a ship no longer does
    opts = build_options(state, "britain")
    assert CONVOY in opts and not any(o["build"] in ("TRS", "AMPH") for o in opts)
    build(state, "britain", CONVOY, Dice())
    assert CONVOY not in build_options(state, "britain")
    # last turn 3 points = 2 units: this turn 3 units, e.g. a transport and 4 points
    board["built_now"]["britain"] = {}
    board["built_last"]["britain"] = {"convoy": 3}
    build(state, "britain", {"build": "TRS"}, Dice(1))
    for _ in range(4):
        assert CONVOY in build_options(state, "britain")
        build(state, "britain", CONVOY, Dice())
    assert CONVOY not in build_options(state, "britain")
    assert board["built_now"]["britain"] == {"NAVAL": 1, "convoy": 4}


def test_fa_4_2_1_built_convoy_points_come_into_port_or_wait_a_turn():
    state = producing(bp=5)
    board = state["board"]
    for _ in range(3):
        build(state, "britain", CONVOY, Dice())
    state["flow"]["turn"] = 4
    assert convoy_arrivals(state) == [] and board["convoy_circle"]   # due at turn 5
    state["flow"]["turn"] = 5
    [arrived] = convoy_arrivals(state)
    assert (arrived.kind, arrived.data) == ("convoys_arrived", {"power": "britain", "points": 3})
    assert board["convoys_in_port"] == {"britain": 3} and board["convoy_circle"] == []
    # every British home port lost: the points wait a turn, joining those due then
    board["convoy_circle"] = [{"power": "britain", "points": 2, "turn": 5},
                              {"power": "britain", "points": 1, "turn": 6}]
    for port in load_fa_seas().ports.values():
        board["control"][port.hex] = "germany"
    [late] = convoy_arrivals(state)
    assert late.kind == "arrival_delayed" and late.data["convoy_points"] == 2
    assert board["convoy_circle"] == [{"power": "britain", "points": 3, "turn": 6}]
    assert board["convoys_in_port"] == {"britain": 3}


def test_fa_13_5_5_4_the_kernel_builds_a_convoy_point_and_refuses_bad_input():
    state = producing(bp=1)
    [d] = [d for d in decisions(RULESET, state) if d.seats == ("britain",)]
    assert CONVOY in d.options
    one = apply(RULESET, state, "britain", d.id, CONVOY, seed=SEED)
    assert one.state["board"]["convoy_circle"] == [{"power": "britain", "points": 1, "turn": 5}]
    before = copy.deepcopy(state)
    for bad in ({"build": "convoy", "points": 3}, {"build": "convoys"}):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "britain", d.id, bad, seed=SEED)
    assert state == before
    # out of BP: no more convoy points
    [d2] = [d for d in decisions(RULESET, one.state) if d.seats == ("britain",)]
    with pytest.raises(IllegalAction):
        apply(RULESET, one.state, "britain", d2.id, CONVOY, seed=SEED)
    # East Prussia has no fleets, and builds no convoy points
    ep, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    move_to(ep, Step.PRODUCTION.value)
    ep["board"]["bp"]["germany"] = 5
    assert CONVOY not in build_options(ep, "germany")


def test_fa_13_5_5_4_version_21_carries_a_running_version_20_campaign_unchanged():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "20"
    assert frozen["state"]["board"]["result"] is None
    old = copy.deepcopy(frozen["state"])
    assert "convoy_circle" not in old["board"]
    assert v20_to_v21(frozen["state"]) == old and int(RULESET.version) >= 21


def test_fa_4_2_1_one_due_convoy_point_a_turn_comes_in_through_an_aligned_country():
    """R-N45: with no home port, 1 of the power's own due points (not a free one) arrives
    through a port of an aligned minor; the rest wait a turn; no aligned port, all wait."""
    state = producing(bp=5)
    board = state["board"]
    m = load_fa_seas()
    british = [p.hex for p in m.ports.values()
               if map_of(state).hex(p.hex).home == "britain"]
    for hex_id in british:
        board["control"][hex_id] = "germany"
    board["convoy_circle"] = [{"power": "britain", "points": 3, "turn": 5}]
    state["flow"]["turn"] = 5
    before = copy.deepcopy(state)
    [late] = convoy_arrivals(state)                    # nothing aligned with Britain yet
    assert late.kind == "arrival_delayed" and "convoys_in_port" not in board
    state = before
    board = state["board"]
    board["aligned"]["belgium"] = "britain"
    minor, port = aligned_port(state, "britain")
    assert minor == "belgium" and map_of(state).hex(port).home == "belgium"
    arrived, late = convoy_arrivals(state)
    assert (arrived.kind, arrived.data) == ("convoys_arrived", {
        "power": "britain", "points": 1, "aligned": "belgium", "port": port})
    assert late.kind == "arrival_delayed" and late.data["convoy_points"] == 2
    assert board["convoys_in_port"] == {"britain": 1}
    assert board["convoy_circle"] == [{"power": "britain", "points": 2, "turn": 6}]
    # a Belgian port held by the enemy is no way in
    for p in m.ports.values():
        if map_of(state).hex(p.hex).home == "belgium":
            board["control"][p.hex] = "germany"
    assert aligned_port(state, "britain") is None


def test_fa_4_2_1_version_23_carries_a_running_version_22_campaign_unchanged():
    from engine.rulesets.fatal_alliances.migrations import v22_to_v23
    frozen = json.loads((FIXTURE.parent / "fatal_alliances-22.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "22"
    old = copy.deepcopy(frozen["state"])
    assert v22_to_v23(frozen["state"]) == old and int(RULESET.version) >= 23
