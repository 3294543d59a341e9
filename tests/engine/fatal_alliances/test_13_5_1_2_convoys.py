"""FA 13.5.1.2 and 13.5.1.4 — convoy points at sea and the resources they ship to the factories
(version 19, R-N35–R-N37): the authored 1914 stacks, a chain of areas each holding a convoy
point for every resource crossing it, the side's partners' points, the minor-port allowance, the
canals, option 2's carriers, the production step's shipments and a running version-18
campaign carried forward."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.convoys import Request, place_convoys, plan, points_for
from engine.rulesets.fatal_alliances.migrations import v18_to_v19
from engine.rulesets.fatal_alliances.overseas import convoy_points_at_sea
from engine.rulesets.fatal_alliances.production import (
    production_points,
    sea_requests,
    start_production,
)
from engine.rulesets.fatal_alliances.setup import build_state
from engine.rulesets.fatal_alliances.war import declare_war

from .positions import Dice

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-18.json"
CARDIFF, NEWCASTLE, BELFAST, LONDON = "20,9", "22,5", "19,6", "22,9"
BAKU, BATUM, ODESSA = "65,-3", "58,1", "47,3"
ALEXANDRIA, AQABA, CANAL_HEX = "49,19", "55,17", "52,18"


def campaign():
    return build_state("campaign-1914", {"profile": "fa3"}, SEATS)


def at_war(state, *powers):
    """Make `powers` active (the 1914 script brings them in impulse by impulse)."""
    for p in powers:
        if p not in state["board"]["active"]:
            state["board"]["active"].append(p)


def test_fa_13_5_1_4_the_1914_campaign_sets_its_convoy_points_at_sea():
    s = campaign()
    assert s["board"]["convoys"] == {
        "baltic": {"germany": 2}, "black-sea": {"russia": 2}, "caspian": {"russia": 2},
        "english-channel": {"britain": 3}, "mediterranean-west": {"france": 2},
        "north-sea": {"britain": 3}, "tyrrhenian": {"italy": 2}}
    # only the seated powers' stacks; East Prussia has no fleets and no convoys
    assert place_convoys(["britain"]) == {"english-channel": {"britain": 3},
                                          "north-sea": {"britain": 3}}
    assert "convoys" not in build_state("east-prussia-1914", {"profile": "fa3"},
                                        ["germany", "russia"])["board"]


def test_fa_13_5_1_2_welsh_coal_reaches_a_factory_only_by_sea():
    s = campaign()
    # Cardiff's resource has no railway to a British factory: it is loaded at its own port
    (req,) = sea_requests(s, "britain")
    assert req.resource == CARDIFF and CARDIFF in req.loads
    assert production_points(s, "britain") == 6
    # without the Channel's convoy points it stays on the quay: 13.5.1's 5 PP
    del s["board"]["convoys"]["english-channel"]
    assert production_points(s, "britain") == 5


def test_fa_13_5_1_2_a_resource_railed_to_a_port_sails_from_there():
    s = campaign()
    (req,) = sea_requests(s, "russia")
    assert req.resource == BAKU and BATUM in req.loads and BAKU in req.loads
    shipped = plan(s, [req])
    assert [(x.load, x.landing, x.areas) for x in shipped] == [(BATUM, ODESSA, ("black-sea",))]
    # with no Black Sea convoy points Baku's own Caspian convoys do no good: no Caspian port
    # rails on to a factory
    del s["board"]["convoys"]["black-sea"]
    assert plan(s, [req]) == [] and production_points(s, "russia") == 27


def test_fa_13_5_1_2_a_chain_needs_a_convoy_point_in_every_area_crossed():
    s = campaign()
    s["board"]["convoys"] = {"english-channel": {"britain": 1}}
    coal = Request("britain", CARDIFF, (CARDIFF,), (NEWCASTLE,))   # Newcastle: North Sea only
    assert plan(s, [coal]) == []
    s["board"]["convoys"]["north-sea"] = {"britain": 1}
    (ship,) = plan(s, [coal])
    assert ship.areas == ("english-channel", "north-sea")
    # each resource uses one point in each area: one point carries one resource
    assert len(plan(s, [coal, Request("britain", LONDON, (CARDIFF,), (NEWCASTLE,))])) == 1
    s["board"]["convoys"]["english-channel"]["britain"] = 2
    s["board"]["convoys"]["north-sea"]["britain"] = 2
    assert len(plan(s, [coal, Request("britain", LONDON, (CARDIFF,), (NEWCASTLE,))])) == 2


def test_fa_13_5_1_2_active_partners_share_their_convoy_points_a_neutral_does_not():
    s = campaign()
    s["board"]["convoys"] = {"english-channel": {"france": 1}}
    coal = Request("britain", CARDIFF, (CARDIFF,), (BELFAST,))
    s["board"]["active"] = [p for p in s["board"]["active"] if p != "britain"]
    # a neutral Britain may use only its own convoys (R-N37)
    assert points_for(s, "britain", "english-channel") == 0 and plan(s, [coal]) == []
    at_war(s, "britain", "france")
    assert points_for(s, "britain", "english-channel") == 1 and len(plan(s, [coal])) == 1
    # never an enemy's
    s["board"]["convoys"] = {"english-channel": {"germany": 5}}
    assert plan(s, [coal]) == []


def test_fa_13_5_1_2_a_side_ships_five_resources_a_turn_through_a_minor_port():
    s = campaign()
    s["board"]["convoys"] = {"english-channel": {"britain": 10}}
    # Cardiff is a minor port, London a major one
    requests = [Request("britain", f"r{i}", (CARDIFF,), (LONDON,)) for i in range(7)]
    assert len(plan(s, requests)) == 5
    into_london = [Request("britain", f"r{i}", (LONDON,), ("21,10",)) for i in range(7)]
    assert len(plan(s, into_london)) == 7   # London to Portsmouth: two major ports


def test_fa_13_5_1_2_no_chain_through_a_canal_shut_to_the_power():
    s = campaign()
    s["board"]["convoys"] = {"mediterranean-east": {"britain": 1}, "red-sea": {"britain": 1}}
    cargo = Request("britain", "x", (ALEXANDRIA,), (AQABA,))
    (ship,) = plan(s, [cargo])
    assert ship.areas == ("mediterranean-east", "red-sea")
    # an Ottoman Empire at war with Britain on the canal's bank shuts it (11.3.3, R-N29)
    declare_war(s, "ottoman", "britain")
    s["board"]["control"][CANAL_HEX] = "ottoman"
    assert plan(s, [cargo]) == []


def test_fa_2_4_2_3_option_2_counts_convoy_points_as_carriers():
    s = campaign()
    assert convoy_points_at_sea(s, "britain", "english-channel") == 3
    assert convoy_points_at_sea(s, "britain", "baltic") == 0      # Germany's
    assert convoy_points_at_sea(s, "germany", "baltic") == 2


def test_fa_13_5_1_2_the_production_step_ships_and_says_so():
    s = campaign()
    events = start_production(s, Dice())
    shipped = [e.data for e in events if e.kind == "resource_shipped"]
    assert [(d["power"], d["resource"], d["areas"]) for d in shipped] == [
        ("britain", CARDIFF, ["english-channel"]), ("russia", BAKU, ["black-sea"])]
    made = {e.data["power"]: e.data["pp"] for e in events if e.kind == "production"}
    assert (made["britain"], made["russia"]) == (6, 28)


def test_fa_13_5_1_4_the_view_shows_every_convoy_stack_to_every_audience():
    s = campaign()
    # FA has no fog of war at sea or on land: the stacks are markers on the map
    for audience in ["britain", "germany", "spectator"]:
        assert RULESET.view(s, audience)["board"]["convoys"] == s["board"]["convoys"]


def test_fa_13_5_1_4_version_19_gives_a_running_version_18_campaign_its_convoys():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "18"
    old = copy.deepcopy(frozen["state"])
    assert "convoys" not in old["board"]
    new = v18_to_v19(frozen["state"])
    assert new["board"]["convoys"] == place_convoys(sorted(old["board"]["sides"]))
    new["board"].pop("convoys")
    assert new == old and int(RULESET.version) >= 19
