"""FA 20.5.1 E in the 1914 campaign (22.3, 22.6) with 13.5.1.4 — a minor's convoy points
(version 26, R-N51-R-N53): a minor that aligns during play sets up its table's points in port
as its major's, which the major then sails like its own; none without a port of the minor's,
none for a minor off the table, none in East Prussia, and a running version-25 game as it is."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import apply, decisions, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.campaign import enter_minor, run_script
from engine.rulesets.fatal_alliances.migrations import v25_to_v26
from engine.rulesets.fatal_alliances.minor_convoys import set_up_minor_convoys
from engine.rulesets.fatal_alliances.naval_convoy_moves import convoy_orders
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.war import activate

from .positions import skip_breakdown

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
SEED = b"\x33" * 32
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-25.json"
OSTEND, LISBON, PORTO = "24,9", "10,26", "12,23"


def campaign():
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "minor-convoys")
    return skip_breakdown(RULESET, state, SEED)


def at_impulse_3():
    """Turn 1, impulse 3: the script has aligned Serbia (impulse 1) and Belgium (impulse 3)."""
    state = campaign()
    state["flow"].update(turn=1, impulse=3, active_side="entente")
    return state, run_script(state)


def test_fa_22_3_belgium_aligning_sets_up_two_french_convoy_points_in_port():
    before = campaign()
    assert "france" not in before["board"].get("convoys_in_port", {})
    state, events = at_impulse_3()
    assert state["board"]["aligned"] == {"belgium": "france", "serbia": "russia"}
    # Serbia is not on the Minor Country CPs table: only Belgium sets up points
    [set_up] = [e for e in events if e.kind == "minor_convoys_set_up"]
    assert set_up.data == {"minor": "belgium", "major": "france", "points": 2, "port": OSTEND}
    assert set_up.rule == "FA 20.5.1"
    assert state["board"]["convoys_in_port"] == {"france": 2}
    assert "russia" not in state["board"]["convoys_in_port"]


def test_fa_13_5_1_4_a_minor_s_convoy_points_sail_as_its_major_s():
    """R-N52: from set-up on the points are France's: France's naval move offers its pool in
    port, and the kernel sails them into an area's 0 section as French points."""
    state, _ = at_impulse_3()
    state["flow"]["actions"] = {"france": "naval"}
    state["flow"]["used"] = {"france": {}}
    move_to(state, Step.NAVAL_MOVE.value)
    orders = [o for o in convoy_orders(state, "france") if o["convoy"] == "port"]
    assert {"convoy": "port", "to_area": "north-sea"} in orders
    [d] = [d for d in decisions(RULESET, state) if d.seats == ("france",)]
    assert d.kind == "naval_move"
    state = apply(RULESET, state, "france", d.id, {"convoy": "port", "to_area": "north-sea"},
                  seed=SEED).state
    [d] = [d for d in decisions(RULESET, state) if d.seats == ("france",)]
    assert d.kind == "naval_convoy" and {"points": 2} in d.options
    state = apply(RULESET, state, "france", d.id, {"points": 2}, seed=SEED).state
    assert state["board"]["convoys"]["north-sea"]["france"] == 2
    assert "france" not in state["board"]["convoys_in_port"]
    # without Belgium's points France has no pool in port to sail from
    bare = campaign()
    assert not [o for o in convoy_orders(bare, "france") if o["convoy"] == "port"]


def test_fa_22_6_portugal_enters_with_two_british_points_and_bulgaria_with_none():
    state = campaign()
    activate(state, "britain")
    events = enter_minor(state, "portugal", "britain")
    assert [e.kind for e in events] == ["minor_entered", "minor_convoys_set_up"]
    assert events[1].data == {"minor": "portugal", "major": "britain", "points": 2,
                              "port": LISBON}
    assert state["board"]["convoys_in_port"]["britain"] == 2
    pool = dict(state["board"]["convoys_in_port"])
    activate(state, "germany")
    assert [e.kind for e in enter_minor(state, "bulgaria", "germany")] == ["minor_entered"]
    assert state["board"]["convoys_in_port"] == pool


def test_fa_22_6_a_minor_holding_no_port_of_its_own_sets_up_no_convoy_points():
    """R-N51: 20.5.1 A sets a minor's units up only in hexes it controls, ships in port."""
    state = campaign()
    activate(state, "britain")
    state["board"]["control"].update({LISBON: "germany", PORTO: "germany"})
    events = enter_minor(state, "portugal", "britain")
    assert [e.kind for e in events] == ["minor_entered", "minor_convoys_lapsed"]
    assert "britain" not in state["board"].get("convoys_in_port", {})


def test_fa_22_east_prussia_sets_up_no_minor_convoy_points():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    assert set_up_minor_convoys(state, "belgium", "france") == []
    assert "convoys_in_port" not in state["board"]


def test_fa_22_version_26_carries_a_running_version_25_campaign_unchanged():
    """R-N53: Belgium aligned under version 25 keeps France without its points (20.5.1 sets
    up once, when the minor aligns); the state's shape is unchanged."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "25"
    assert frozen["state"]["board"]["aligned"]["belgium"] == "france"
    old = copy.deepcopy(frozen["state"])
    assert v25_to_v26(frozen["state"]) == old and int(RULESET.version) >= 26
