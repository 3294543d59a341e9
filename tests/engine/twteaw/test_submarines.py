"""Submarines (TWTEAW "Units: Submarines", 4.2.9 detection, 4.2.10 interception; version 14,
docs/rules/twteaw.md rulings 159–165).

Two German submarines in the Bay of Biscay; France's ships come from the English Channel.
Dice keys: "naval <zone> <nation> intercept" (the submarines' free strike), "naval <zone>
<nation> intercepted" (the target's fire back), "naval <zone> <hunter> hunt" (the searchers'
D10s), "... hunt r1", "... hunt r2" (the finders' fire), "... hunted r2" (the submarines')."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction, view
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.migrations import V14_FLOTILLAS, v13_to_v14
from engine.rulesets.twteaw.setup import SUBMARINE_FLOTILLAS

from .positions import empty_board, fresh, put, resolve

BAY = "bay-of-biscay"
CHANNEL = "english-channel"


def sail(state, nation, zone, **ships):
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for ship, n in ships.items():
        fleet[ship] = fleet.get(ship, 0) + n


def fleets(state, nation):
    return state["secret"][nation]["fleets"]


def lift(infantry=3):
    return {"from": CHANNEL, "path": [BAY], "units": {"transport": 2}, "mission": "transport",
            "carry": {"from": "normandy", "to": "bordeaux", "units": {"infantry": infantry}}}


WOLVES = {"from": BAY, "path": [], "units": {"submarine": 2}, "mission": "intercept"}


@pytest.fixture
def board():
    state = empty_board(fresh())
    sail(state, "germany", BAY, submarine=2)
    sail(state, "france", CHANNEL, transport=2, cruiser=2)
    sail(state, "france", BAY, cruiser=2)
    put(state, "france", "normandy", infantry=3)
    return state


@pytest.mark.parametrize("nation,code,row", [
    ("germany", "submarines_apart", None),
    ("germany", "submarine_mission", {**WOLVES, "mission": "patrol"}),
    ("france", "intercept_submarines_only", {"from": BAY, "path": [], "units": {"cruiser": 1}, "mission": "intercept"}),
    ("france", "hunt_stays", {"from": CHANNEL, "path": [BAY], "units": {"cruiser": 1}, "mission": "hunt"}),
    ("france", "hunt_who", {"from": CHANNEL, "path": [], "units": {"transport": 1}, "mission": "hunt"}),
], ids=["mixed", "patrol", "surface-intercept", "hunt-moves", "transport-hunts"])
def test_twteaw_4_2_10_submarine_orders_refused_at_order_time(board, nation, code, row):
    """Ruling 160: submarines sail apart, on `move`, `intercept` or `hunt` only; only they
    intercept (4.2.10); searchers stay in their zone and are battleships, cruisers or
    submarines (4.2.9). The refusal changes nothing."""
    if row is None:
        sail(board, "germany", BAY, cruiser=1)
        row = {**WOLVES, "units": {"submarine": 2, "cruiser": 1}}
    before = json.dumps(board, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, nation, {"naval": [row]})
    assert refused.value.code == code
    assert json.dumps(board, sort_keys=True) == before


def test_twteaw_4_2_10_submarines_strike_a_task_force_sailing_in(board):
    """4.2.10: the French transports sail into the Bay, where the U-boats intercept: a free
    strike at attack 2 (a 1 hits, a 9 misses) sinks one transport (hits on ships only, the
    default order: transports before cruisers); the loaded transports hold their fire in
    round 1, so no shot comes back. One transport brings two infantry to Bordeaux; the third
    drowns. The French cruisers docked in the Bay are not a target (stationary)."""
    events = resolve(board, {"germany": {"naval": [WOLVES]}, "france": {"naval": [lift()]}},
                     {f"naval {BAY} germany intercept": [1, 9]})
    assert fleets(board, "germany") == {BAY: {"submarine": 2}}
    assert fleets(board, "france")[BAY] == {"cruiser": 2, "transport": 1}
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 2}}
    assert board["board"]["manpower_lost"]["france"] == 1
    public = next(e for e in events if e.kind == "submarine_attack")
    assert public.data == {"zone": BAY, "nations": ["france", "germany"]} and public.audience is None
    report = next(e for e in events if e.kind == "submarine_report" and e.audience == "seat:france")
    assert report.data["losses"]["france"]["sunk"] == {"transport": 1}


def test_twteaw_4_2_10_the_target_fires_back_and_subs_stay(board):
    """4.2.10: a French cruiser sails into the Bay on a `move` (defensive): the U-boats' 9 and
    8 miss; it fires back once at its defence 3 — a 3 sinks a submarine. The other stays in the
    zone (it breaks off: ruling 161)."""
    resolve(board, {"germany": {"naval": [WOLVES]},
                    "france": {"naval": [{"from": CHANNEL, "path": [BAY], "units": {"cruiser": 1}, "mission": "move"}]}},
            {f"naval {BAY} germany intercept": [9, 8], f"naval {BAY} germany intercepted": [3]})
    assert fleets(board, "germany") == {BAY: {"submarine": 1}}
    assert fleets(board, "france")[BAY] == {"cruiser": 3}


def test_twteaw_4_2_10_no_target_no_dice(board):
    """4.2.10: docked or stationary task forces may not be intercepted: with France's ships all
    staying, the U-boats roll nothing and only Germany hears that nothing came by."""
    events = resolve(board, {"germany": {"naval": [WOLVES]}}, {})
    quiet = [e for e in events if e.kind == "submarine_intercept"]
    assert [(e.data, e.audience) for e in quiet] == [({"zone": BAY, "found": False}, "seat:germany")]
    assert fleets(board, "germany") == {BAY: {"submarine": 2}}


def test_twteaw_4_2_9_hunters_find_and_fight_the_submarines(board):
    """4.2.9: the two French cruisers in the Bay stay and hunt: a 5 finds (a cruiser's
    capability is the destroyer's 5), a 6 misses. The finder has a free round (attack 4: a 4
    sinks one U-boat), then one round both ways: the finder's 9 misses, the last U-boat fires at
    its defence 2 (the only time it does) and its 2 sinks the finder. The U-boat breaks off and
    stays (ruling 161); the cruiser that missed sat the fight out."""
    hunt = {"from": BAY, "path": [], "units": {"cruiser": 2}, "mission": "hunt"}
    events = resolve(board, {"france": {"naval": [hunt]}},
                     {f"naval {BAY} france hunt": [5, 6], f"naval {BAY} france hunt r1": [4],
                      f"naval {BAY} france hunt r2": [9], f"naval {BAY} france hunted r2": [2]})
    assert fleets(board, "germany") == {BAY: {"submarine": 1}}
    assert fleets(board, "france")[BAY] == {"cruiser": 1}
    public = next(e for e in events if e.kind == "submarine_hunt" and e.audience is None)
    assert public.data == {"zone": BAY, "nations": ["france", "germany"]}


def test_twteaw_4_2_9_a_hunt_tells_nothing_when_it_finds_nothing(board):
    """Ruling 162: the searchers roll whether or not a submarine is there, and a hunt that finds
    none reads the same to the hunter when the dice missed as when the zone was empty."""
    hunt = {"orders": {"france": {"naval": [{"from": BAY, "path": [], "units": {"cruiser": 2}, "mission": "hunt"}]}}}
    missed = resolve(board, hunt["orders"], {f"naval {BAY} france hunt": [9, 9]})
    empty = empty_board(fresh())
    sail(empty, "france", BAY, cruiser=2)
    nothing = resolve(empty, hunt["orders"], {f"naval {BAY} france hunt": [1, 1]})

    def told(events):
        return [(e.kind, e.data, e.audience) for e in events if e.kind.startswith("submarine")]
    assert told(missed) == told(nothing) == [("submarine_hunt", {"zone": BAY, "found": False}, "seat:france")]
    assert fleets(board, "germany") == {BAY: {"submarine": 2}}


def test_twteaw_4_3_ruling_160_submarines_take_no_part_in_a_surface_battle(board):
    """Ruling 160: a French cruiser patrolling into the Bay finds no battle where only
    submerged U-boats lie (no contact die is rolled), and the U-boats are untouched."""
    events = resolve(board, {"france": {"naval": [{"from": CHANNEL, "path": [BAY], "units": {"cruiser": 1},
                                                   "mission": "patrol"}]}}, {})
    assert not [e for e in events if e.kind.startswith("naval_battle")]
    assert fleets(board, "germany") == {BAY: {"submarine": 2}}


def test_twteaw_fog_ruling_162_submarines_show_no_band(board):
    """Ruling 162: submerged boats count in no colour band. Two U-boats alone in the Bay show
    France nothing; beside one German cruiser and four more U-boats the Bay shows black (one
    ship afloat), not yellow (seven); Germany's allies see them exactly."""
    assert BAY not in view(RULESET, board, "seat:france")["bands"]
    sail(board, "germany", BAY, cruiser=1, submarine=4)
    assert view(RULESET, board, "seat:france")["bands"][BAY] == {"germany": "black"}
    assert view(RULESET, board, "seat:austria_hungary")["known"]["germany"]["fleets"][BAY] == \
        {"cruiser": 1, "submarine": 6}


def test_twteaw_initial_deployment_ruling_159_submarine_flotillas():
    """Ruling 159: the August 1914 flotillas lie off their base ports, two German counters
    (about 24 boats) off Heligoland in the Skagerrak zone."""
    state = fresh()
    assert state["secret"]["germany"]["fleets"]["skagerrak"]["submarine"] == 2
    assert state["secret"]["britain"]["fleets"]["north-sea"]["submarine"] == 1


def test_twteaw_version_14_migration_adds_the_flotillas_from_frozen_data():
    """Ruling 165: a running version-13 game gains each flotilla whose base port its nation
    still holds (Germany, having lost Bremen, gets none); the frozen list is the set-up's."""
    state = fresh()
    for secret in state["secret"].values():
        for zone in list(secret["fleets"]):
            secret["fleets"][zone].pop("submarine", None)
            if not secret["fleets"][zone]:
                del secret["fleets"][zone]
    state["board"]["control"]["bremen"] = "france"
    v13_to_v14(state)
    assert "submarine" not in state["secret"]["germany"]["fleets"]["skagerrak"]
    assert state["secret"]["britain"]["fleets"]["north-sea"]["submarine"] == 1
    assert state["secret"]["austria_hungary"]["fleets"]["adriatic-sea"]["submarine"] == 1
    assert V14_FLOTILLAS == {n: [(z, p, s["submarine"]) for z, p, s in rows]
                             for n, rows in SUBMARINE_FLOTILLAS.items()}


def test_twteaw_1_4_ruling_164_submarines_pass_under_a_closed_gibraltar(board):
    """Ruling 164 ("Straits and canals": Gibraltar's holder may forbid surface passage only):
    with Britain's closure of the Strait of Gibraltar to Germany standing, a German cruiser's
    order through it is refused with the rule, and the U-boats' is written and sails."""
    board["board"]["closures"] = [{"passage": "gibraltar", "by": "britain", "to": "germany"}]
    sail(board, "germany", "southern-atlantic", cruiser=1, submarine=1)

    def through(**ships):
        return {"naval": [{"from": "southern-atlantic", "path": ["western-mediterranean"], "units": ships,
                           "mission": "move"}]}
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "germany", through(cruiser=1))
    assert (refused.value.code, refused.value.rule) == ("strait_closed", "TWTEAW 1.4")
    resolve(board, {"germany": through(submarine=1)}, {})
    assert fleets(board, "germany")["western-mediterranean"] == {"submarine": 1}
