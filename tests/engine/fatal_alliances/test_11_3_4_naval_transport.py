"""FA 11.3.4 naval transport of land units, port to port (issue #22, version 10): what a ship
carries (11.3.4.1), what may embark in its port (11.3.4.2) and how the cargo debarks in the
port the task force ends in (11.3.4.3). Rulings R-N10, R-N11."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller, new_game
from engine.rulesets.fatal_alliances import RULESET, naval_transport
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.migrations import v9_to_v10
from engine.rulesets.fatal_alliances.naval_move import naval_options, sail
from engine.rulesets.fatal_alliances.naval_transport import carries
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.war import declare_war

from .positions import skip_breakdown

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEED = b"\6" * 32
ROLLER = Roller(SEED, "transport", 0)
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-9.json"
PORTSMOUTH, CHERBOURG, DOVER = "21,10", "21,12", "23,9"
CHERBOURG_PORT = "cherbourg"
CHANNEL_FLEET = [f"britain-channel-fleet-{i}" for i in range(1, 7)]


def unit(type_, size):
    return {"id": f"x-{type_}-{size}", "type": type_, "size": size}


def entente_at_sea():
    """The campaign at war, the Entente's impulse, Britain on a naval action in the naval
    movement step, its 1st (pool) division face-up in Portsmouth with the Channel Fleet and
    the BEF's HQ in Cherbourg (so British troops may enter France, 19.2.1); I Corps, which
    sets up in Portsmouth since version 14, waits in London."""
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "transport")
    state = skip_breakdown(RULESET, state, SEED)
    for a, b in (("germany", "france"), ("germany", "russia"), ("germany", "britain")):
        declare_war(state, a, b)
    flow = state["flow"]
    flow["active_side"] = "entente"
    flow["turn"], flow["impulse"] = 1, 3
    flow["actions"] = {"britain": "naval", "france": "pass", "russia": "pass"}
    flow["used"] = {"britain": {}, "france": {}, "russia": {}}
    flow["op_unlimited"], flow["forced_pass"], flow["may_act"] = [], [], []
    move_to(state, Step.NAVAL_MOVE.value)
    state["board"]["units"]["br-pdiv-1"].update(hex=PORTSMOUTH, up=True)
    state["board"]["units"]["br-bef-hq"].update(hex=CHERBOURG, up=True)
    state["board"]["units"]["br-i"]["hex"] = "22,9"    # London, its set-up before version 14
    return state


def cargo_orders(state, ships=None):
    return [o for o in naval_options(state, "britain")
            if o.get("cargo") and (ships is None or o["units"] == ships)]


def test_fa_11_3_4_1_a_warship_carries_one_infantry_division_a_transport_a_corps_or_two():
    inf_div, inf_corps = unit("INF", "div"), unit("INF", "corps")
    assert carries(["PD"], [inf_div])
    assert not carries(["PD"], [inf_corps])                   # SCS: divisions only
    assert not carries(["CL"], [unit("CAV", "div")])          # ... of the infantry class
    assert not carries(["BB"], [inf_div, unit("GAR", "div")])  # one division an SCS
    assert carries(["BB", "CA"], [inf_div, unit("GAR", "div")])
    assert carries(["TRS"], [inf_corps]) and carries(["TRS"], [inf_div, unit("ART", "div")])
    assert not carries(["TRS"], [inf_corps, inf_div])
    assert not carries(["TRS"], [inf_div, unit("CAV", "div"), unit("ART", "div")])
    assert not carries(["AMPH"], [unit("CAV", "div")])        # AMPH: no CAV, ARM, ART
    assert carries(["AMPH"], [inf_corps])
    assert not carries(["SUB"], [inf_div])


def test_fa_11_3_4_2_a_task_force_in_port_offers_its_face_up_divisions_as_cargo():
    state = entente_at_sea()
    orders = cargo_orders(state, CHANNEL_FLEET)
    assert {"units": CHANNEL_FLEET, "to_port": CHERBOURG_PORT, "cargo": ["br-pdiv-1"]} in orders
    # Le Havre's French garrison does not co-operate with the British (19.1, 2.3.1)
    assert not any(o["to_port"] == "le_havre" for o in orders)
    # on a naval action (no land moves) cargo never goes into a sea area (11.10, version 11)
    assert all("to_port" in o for o in cargo_orders(state))
    # a corps in the port is no cargo for warships (the transports take it, version 11);
    # a face-down division embarks nowhere
    state["board"]["units"]["br-iii"].update(hex=PORTSMOUTH, up=True)
    assert {u for o in cargo_orders(state, CHANNEL_FLEET) for u in o["cargo"]} == {"br-pdiv-1"}
    state["board"]["units"]["br-pdiv-1"]["up"] = False
    assert [o for o in cargo_orders(state) if "br-pdiv-1" in o["cargo"]] == []


def test_fa_19_2_1_no_cargo_lands_in_france_without_a_british_hq_there():
    state = entente_at_sea()
    state["board"]["units"]["br-bef-hq"]["hex"] = "22,9"      # back in London
    ports = {o["to_port"] for o in cargo_orders(state, CHANNEL_FLEET)}
    assert "dover" in ports and not ports & {"le_havre", "cherbourg", "calais", "brest"}


def test_fa_11_3_4_2_two_warships_take_both_divisions_as_one_load():
    state = entente_at_sea()
    state["board"]["units"]["br-pdiv-2"].update(hex=PORTSMOUTH, up=True)
    loads = {tuple(o["cargo"]) for o in cargo_orders(state, CHANNEL_FLEET)}
    assert loads == {("br-pdiv-1",), ("br-pdiv-2",), ("br-pdiv-1", "br-pdiv-2")}


def test_fa_11_3_4_3_cargo_debarks_face_up_in_the_port_and_the_ships_turn_face_down():
    state = entente_at_sea()
    order = {"units": CHANNEL_FLEET, "to_port": CHERBOURG_PORT, "cargo": ["br-pdiv-1"]}
    assert order in naval_options(state, "britain")
    events = sail(state, "britain", order, ROLLER)
    div = state["board"]["units"]["br-pdiv-1"]
    assert (div["hex"], div["up"]) == (CHERBOURG, True)
    assert all(fleets(state)[s]["port"] == CHERBOURG_PORT and not fleets(state)[s]["up"]
               for s in CHANNEL_FLEET)
    assert events[-1].kind == "naval_transport"
    assert events[-1].data["cargo"] == [{"unit": "br-pdiv-1", "up": True}]
    # not a land move: the division may still move in the land movement step
    assert "br-pdiv-1" not in state["flow"]["marks"]["moved"]


def test_fa_11_3_4_2_a_unit_out_of_supply_embarks_and_debarks_face_down(monkeypatch):
    state = entente_at_sea()
    monkeypatch.setattr(naval_transport, "supplied_hexes", lambda s, p: frozenset())
    sail(state, "britain", {"units": CHANNEL_FLEET, "to_port": CHERBOURG_PORT,
                            "cargo": ["br-pdiv-1"]}, ROLLER)
    div = state["board"]["units"]["br-pdiv-1"]
    assert (div["hex"], div["up"]) == (CHERBOURG, False)


def test_fa_11_3_4_3_no_cargo_into_a_port_without_room_or_held_by_the_enemy():
    state = entente_at_sea()
    units = state["board"]["units"]
    assert any(o["to_port"] == "dover" for o in cargo_orders(state, CHANNEL_FLEET))
    # Dover's hex holds II Corps and the cavalry division; a third unit fills it (2.3.1:
    # two units, a third only if a division is among them)
    units["br-iii"].update(hex=DOVER, up=True)
    assert not any(o["to_port"] == "dover" for o in cargo_orders(state, CHANNEL_FLEET))
    # an enemy unit in Cherbourg's hex keeps the cargo out (the ships may still enter)
    units["ge-pdiv-1"].update(hex=CHERBOURG, up=True)
    assert not any(o["to_port"] == CHERBOURG_PORT for o in cargo_orders(state, CHANNEL_FLEET))


def test_fa_11_3_4_3_the_kernel_applies_a_cargo_order_and_refuses_an_unlisted_cargo():
    """Through the game kernel: a listed cargo order lands the division (and replays the
    same); a cargo not listed (a corps on warships) is refused and changes nothing."""
    from engine.kernel import IllegalAction, apply, decisions
    state = entente_at_sea()
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    order = {"units": CHANNEL_FLEET, "to_port": CHERBOURG_PORT, "cargo": ["br-pdiv-1"]}
    one = apply(RULESET, state, "britain", d.id, order, seed=SEED)
    two = apply(RULESET, state, "britain", d.id, order, seed=SEED)
    assert one.state == two.state
    assert one.state["board"]["units"]["br-pdiv-1"]["hex"] == CHERBOURG
    assert state["board"]["units"]["br-pdiv-1"]["hex"] == PORTSMOUTH     # never mutated
    state["board"]["units"]["br-iii"].update(hex=PORTSMOUTH, up=True)
    before = copy.deepcopy(state)
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    with pytest.raises(IllegalAction):
        apply(RULESET, state, "britain", d.id, {**order, "cargo": ["br-iii"]}, seed=SEED)
    assert state == before


def test_fa_11_3_4_version_10_carries_a_running_version_9_campaign_over_unchanged():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "9" and frozen["state"]["board"]["result"] is None
    before = copy.deepcopy(frozen["state"])
    assert v9_to_v10(frozen["state"]) == before
    assert int(RULESET.version) >= 10     # a later version carries on from here
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    kept = copy.deepcopy(state)
    assert v9_to_v10(state) == kept
