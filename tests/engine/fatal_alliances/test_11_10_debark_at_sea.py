"""FA 11.10 debarking land units at sea (11.3.4.4), the interception of a task force carrying
them (11.3.5) and the 1914 troop transports (issue #22, version 11). Rulings R-N12 … R-N15."""

import copy
import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, apply, decisions, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.interception import (
    answer_debark,
    answer_intercept,
    debark_options,
    landing,
    pending,
    sail_and_watch,
)
from engine.rulesets.fatal_alliances.migrations import v10_to_v11
from engine.rulesets.fatal_alliances.naval_move import naval_options
from engine.rulesets.fatal_alliances.naval_transport import landing_split, lose_cargo
from engine.rulesets.fatal_alliances.position import controller
from engine.rulesets.fatal_alliances.sequence import remaining
from engine.rulesets.fatal_alliances.steps import open_decisions

from .test_11_3_4_naval_transport import (
    CHANNEL_FLEET,
    CHERBOURG,
    PORTSMOUTH,
    ROLLER,
    SEATS,
    SEED,
    entente_at_sea,
)

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-10.json"
TRANSPORTS = ["britain-channel-transports-1", "britain-channel-transports-2"]
TASK_FORCE = CHANNEL_FLEET + TRANSPORTS        # every surface ship in Portsmouth
BEACH = "20,10"        # an English coastal hex of the Channel: no port, no HQ
CHANNEL = "english-channel"
GERMAN_COAST = "29,5"  # a German-held coastal hex of the North Sea


def combined():
    """entente_at_sea on a combined action (land moves left: column g), with III Corps and
    the 1st Division face-up in Portsmouth."""
    state = entente_at_sea()
    state["flow"]["actions"]["britain"] = "combined"
    state["board"]["units"]["br-iii"].update(hex=PORTSMOUTH, up=True)
    return state


def landings(state):
    return [o for o in naval_options(state, "britain") if o.get("debark")]


def order(cargo, section=1, units=TASK_FORCE, area=CHANNEL):
    return {"units": units, "to_area": area, "section": section, "cargo": cargo, "debark": True}


def land(state, cargo, to=BEACH, **kw):
    """Sail with the cargo (no enemy in the way) and bring it ashore on `to`."""
    events = sail_and_watch(state, "britain", order(cargo, **kw), ROLLER)
    assert {"land": to} in debark_options(state, "britain")
    return events + answer_debark(state, "britain", {"land": to}, ROLLER)


def test_fa_11_10_a_combined_action_offers_landings_on_friendly_coasts_of_the_area():
    state = combined()
    orders = landings(state)
    assert order(["br-iii"]) in orders and order(["br-iii", "br-pdiv-1"]) in orders
    # the hex is chosen after any interception, so the order does not name it
    assert not any("land" in o for o in orders)
    # only friendly coasts: in the North Sea the German-held coast is never offered
    sail_and_watch(state, "britain", order(["br-iii"], area="north-sea"), ROLLER)
    shore = [o["land"] for o in debark_options(state, "britain") if "land" in o]
    assert shore and set(shore) <= set(seas().area("north-sea").coastal_hexes)
    assert controller(state, GERMAN_COAST) == "germany" and GERMAN_COAST not in shore
    assert all(controller(state, h) != "germany" for h in shore)
    state = combined()
    # warships alone carry no corps (11.3.4.1): the transports bring it
    assert all(o["cargo"] == ["br-pdiv-1"] for o in orders if o["units"] == CHANNEL_FLEET)
    # each unit ashore is a land move (11.10): none left, no landing; a naval action has none
    state["flow"]["used"]["britain"]["land_move"] = remaining(state, "britain", "land_move") - 1
    assert landings(state) and all(len(o["cargo"]) == 1 for o in landings(state))
    state["flow"]["used"]["britain"]["land_move"] += 1
    assert landings(state) == []
    state = combined()
    state["flow"]["actions"]["britain"] = "naval"
    assert landings(state) == []


def test_fa_11_10_a_corps_off_a_beach_lands_face_down_a_division_face_up_each_a_land_move():
    state = combined()
    events = land(state, ["br-iii", "br-pdiv-1"])
    units = state["board"]["units"]
    assert (units["br-iii"]["hex"], units["br-iii"]["up"]) == (BEACH, False)
    assert (units["br-pdiv-1"]["hex"], units["br-pdiv-1"]["up"]) == (BEACH, True)
    assert state["flow"]["used"]["britain"]["land_move"] == 2
    assert {"br-iii", "br-pdiv-1"} <= set(state["flow"]["marks"]["moved"])   # moved for good
    assert events[-1].kind == "naval_debark" and events[-1].data["to"] == BEACH
    # the ships they came off turn face-down (R-N15: the two transports hold both units)
    assert [s for s in TASK_FORCE if not fleets(state)[s]["up"]] == TRANSPORTS
    assert all(fleets(state)[s]["area"] == CHANNEL for s in TASK_FORCE)


def test_fa_11_10_a_division_off_warships_turns_every_warship_of_the_task_force_down():
    state = combined()
    land(state, ["br-pdiv-1"], units=CHANNEL_FLEET)
    assert state["board"]["units"]["br-pdiv-1"]["hex"] == BEACH
    assert all(not fleets(state)[s]["up"] for s in CHANNEL_FLEET)
    assert all(fleets(state)[s]["up"] for s in TRANSPORTS)             # stayed in port


def test_fa_11_10_into_an_ice_free_port_a_corps_stays_face_up_and_only_its_transports_turn():
    state = combined()
    land(state, ["br-iii"], to=CHERBOURG)
    corps = state["board"]["units"]["br-iii"]
    assert (corps["hex"], corps["up"]) == (CHERBOURG, True)
    assert [s for s in TASK_FORCE if not fleets(state)[s]["up"]] == TRANSPORTS


def _german_cruiser_in_the_channel(state):
    ship = fleets(state)["germany-goeben-breslau-1"]
    ship.update(port=None, area=CHANNEL, section=3, up=True)


def test_fa_11_3_5_a_landing_waits_aboard_for_the_interception_then_comes_ashore():
    state = combined()
    _german_cruiser_in_the_channel(state)
    events = sail_and_watch(state, "britain", order(["br-iii"]), ROLLER)
    assert events[0].data["interceptors"] == ["germany"]
    assert landing(state)["cargo"] == ["br-iii"]
    assert state["board"]["units"]["br-iii"]["hex"] == PORTSMOUTH      # not ashore yet
    # the interception comes first: Germany is asked, Britain's landing waits
    [d] = open_decisions(state)
    assert (d.kind, d.seats) == ("naval_intercept", ("germany",))
    answer_intercept(state, "germany", {"done": True}, ROLLER)
    assert pending(state) is None
    [d] = open_decisions(state)
    assert (d.kind, d.seats) == ("naval_debark", ("britain",)) and {"land": BEACH} in d.options
    events = answer_debark(state, "britain", {"land": BEACH}, ROLLER)
    assert landing(state) is None and state["board"]["units"]["br-iii"]["hex"] == BEACH
    assert events[-1].kind == "naval_debark"


def test_fa_11_3_4_cargo_goes_down_with_its_sunk_transport_and_stays_home_with_an_aborted_one():
    state = combined()
    cargo = ["br-iii", "br-pdiv-1"]
    sh = fleets(state)
    for s in TASK_FORCE:
        sh[s].update(port=None, area=CHANNEL, section=1)
    # every carrier still in the area: all lands
    assert landing_split(state, TASK_FORCE, cargo, CHANNEL) == (cargo, [], [])
    # one transport back in port (aborted), the other sunk: the corps fits on the aborted
    # one and stays home; the division still has its warships
    sh["britain-channel-transports-1"].update(port="portsmouth", area=None, section=None)
    del sh["britain-channel-transports-2"]
    assert landing_split(state, TASK_FORCE, cargo, CHANNEL) == (["br-pdiv-1"], ["br-iii"], [])
    # both transports sunk: the corps goes down (to its force pool, a morale cost, 14.1)
    del sh["britain-channel-transports-1"]
    land, back, lost = landing_split(state, TASK_FORCE, cargo, CHANNEL)
    assert (land, back, lost) == (["br-pdiv-1"], [], ["br-iii"])
    morale = state["board"]["morale_points"].get("britain", 0)
    events = lose_cargo(state, "britain", back, lost)
    assert state["board"]["units"]["br-iii"]["hex"] is None
    assert "br-iii" in state["board"]["pool"]["britain"]
    assert state["board"]["morale_points"]["britain"] < morale
    assert events[-1].kind == "cargo_lost" and events[-1].data["destroyed"] == ["br-iii"]


def test_fa_11_10_the_kernel_lands_a_listed_order_and_refuses_a_landing_on_an_enemy_coast():
    state = combined()
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    at_sea = apply(RULESET, state, "britain", d.id, order(["br-iii"], area="north-sea"),
                   seed=SEED).state
    [d] = [d for d in decisions(RULESET, at_sea) if "britain" in d.seats]
    assert d.kind == "naval_debark"
    shore = d.options[0]["land"]
    one = apply(RULESET, at_sea, "britain", d.id, {"land": shore}, seed=SEED)
    two = apply(RULESET, at_sea, "britain", d.id, {"land": shore}, seed=SEED)
    assert one.state == two.state and one.state["board"]["units"]["br-iii"]["hex"] == shore
    # Wilhelmshaven's coast is German: the corps may not land there (an invasion is its own answer, 11.11)
    before = copy.deepcopy(at_sea)
    with pytest.raises(IllegalAction):
        apply(RULESET, at_sea, "britain", d.id, {"land": GERMAN_COAST}, seed=SEED)
    assert at_sea == before


def test_fa_22_2_the_1914_order_of_battle_sets_troop_transports_in_port():
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "trs")
    trs = {k: (v["power"], v["port"], v["up"]) for k, v in fleets(state).items()
           if v["cls"] == "TRS"}
    assert trs == {"britain-channel-transports-1": ("britain", "portsmouth", True),
                   "britain-channel-transports-2": ("britain", "portsmouth", True),
                   # version 14 (R-N24): the BEF pair in Dover's hex, the Indian convoy
                   "britain-bef-transports-1": ("britain", "harwich", True),
                   "britain-bef-transports-2": ("britain", "harwich", True),
                   "britain-indian-transports-1": ("britain", "alexandria", True),
                   "france-transports-1": ("france", "toulon", True)}


def test_fa_11_10_version_11_sets_the_transports_in_a_running_version_10_campaign():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "10" and frozen["state"]["board"]["result"] is None
    old = copy.deepcopy(frozen["state"])
    new = v10_to_v11(frozen["state"])
    added = sorted(set(new["board"]["fleets"]) - set(old["board"]["fleets"]))
    assert added == ["britain-channel-transports-1", "britain-channel-transports-2",
                     "france-transports-1"]
    assert all(new["board"]["fleets"][s]["up"] and new["board"]["fleets"][s]["area"] is None
               for s in added)
    for s in added:
        del new["board"]["fleets"][s]
    assert new == old                     # nothing else changes
    assert int(RULESET.version) >= 11
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    kept = copy.deepcopy(state)
    assert v10_to_v11(state) == kept


def test_fa_11_3_5_4_after_fighting_through_only_what_the_surviving_carriers_hold_lands():
    """The whole chain: a successful interception, the moving power fights through, and the
    cargo's fate follows its carriers (R-N14), for a run of seeds."""
    from engine.kernel import Roller
    from engine.rulesets.fatal_alliances.interception import answer_intercepted, naval
    cargo = ["br-iii", "br-pdiv-1"]
    fates = set()
    for n in range(12):
        state = combined()
        for uid, ship in fleets(state).items():       # the High Seas Fleet lies in wait
            if uid.startswith("germany-high-seas-fleet"):
                ship.update(port=None, area=CHANNEL, section=3, up=True)
        sail_and_watch(state, "britain", order(cargo), ROLLER)
        p = pending(state)
        p.update(stage="fight", interceptor="germany", roll=1, subs=False)   # the roll succeeded
        events = answer_intercepted(state, "britain", {"fight": True}, Roller(SEED, "ft", n))
        assert naval(state)["pending"] is None
        units, sh = state["board"]["units"], fleets(state)
        here = [s for s in TASK_FORCE if s in sh and sh[s]["area"] == CHANNEL]
        expected = landing_split(state, TASK_FORCE, cargo, CHANNEL)[0]
        if landing(state) is not None:
            [d] = open_decisions(state)
            assert d.kind == "naval_debark" and landing(state)["cargo"]
            answer_debark(state, "britain", {"land": BEACH}, ROLLER)
        for uid in cargo:
            u = units.get(uid)
            if u is None or u["hex"] is None:           # destroyed (a division leaves the game)
                fates.add("lost")
                assert any(e.kind == "cargo_lost" and uid in e.data["destroyed"] for e in events)
            elif u["hex"] == BEACH:
                fates.add("landed")
                assert here and uid in expected
            else:
                fates.add("back")
                assert (u["hex"], u["up"]) == (PORTSMOUTH, False)
    assert "landed" in fates and fates - {"landed"}, fates
