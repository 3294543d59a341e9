"""The naval slice's first rules (version 3): ships, the 1914 fleets, naval orders with one
mission a turn, sea battles, transports landing on friendly coasts (docs/rules/twteaw.md,
rulings 69–73). Battles are forced through their dice keys: "naval <zone> <camp> contact r<n>"
(the hunters' D10s) and "naval <zone> <camp> r<n>" (the ships' fire)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import RULESET, fog
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.migrations import MIGRATIONS, v2_to_v3
from engine.rulesets.twteaw.naval import friendly_waters
from engine.rulesets.twteaw.setup import FLEETS
from engine.rulesets.twteaw.units import SHIPS
from engine.rulesets.twteaw.war import join_side
from engine.rulesets.twteaw.world import world

from .positions import empty_board, fresh, put, resolve

FROZEN_V2 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-2.json"


@pytest.fixture
def board():
    return empty_board(fresh())


@pytest.fixture
def britain_at_war(board):
    join_side(board, "britain", "allied")
    return board


def sail(state, nation, zone, **ships):
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for ship, n in ships.items():
        fleet[ship] = fleet.get(ship, 0) + n


def fleets(state, nation):
    return state["secret"][nation]["fleets"]


def patrol(frm, path, **ships):
    return {"from": frm, "path": path, "units": ships, "mission": "patrol"}


def test_twteaw_units_ships_values_as_the_digest_derives_them():
    """TWTEAW "Units" (digest §1.4): battleship 7/7, cruiser 4/3 and the fastest, transport 0/1;
    contact factors of Phase 4.2."""
    bb, dd, tr = SHIPS["battleship"], SHIPS["cruiser"], SHIPS["transport"]
    assert (bb.attack, bb.defence, dd.attack, dd.defence, tr.attack, tr.defence) == (7, 7, 4, 3, 0, 1)
    assert dd.move == 3 and dd.move > bb.move
    assert (bb.aggressive, bb.evasion, dd.aggressive, dd.evasion) == (3, 1, 5, 2)
    assert SHIPS["damaged_battleship"].attack == 0 and not SHIPS["damaged_battleship"].warship


def test_twteaw_initial_deployment_the_1914_fleets_lie_off_their_ports():
    """TWTEAW "Initial Deployment" (ruling 69): every fleet in a sea zone on its base port's
    coast, in friendly waters but Goeben's and (version 14, ruling 166) the German cruisers in
    American waters; no two enemies share a zone at the start."""
    state, w = fresh(), world()
    for nation, rows in FLEETS.items():
        for zone, port, _ in rows:
            assert w.areas[zone].kind == "sea" and w.areas[port].port and zone in w.coasts[port]
            abroad = (nation, zone) in {("germany", "aegean-sea"), ("germany", "us-pacific-coast"),
                                        ("germany", "caribbean-sea")}
            assert friendly_waters(state, nation, zone) == (not abroad), (nation, zone)
    assert fleets(state, "britain")["north-sea"] == {"battleship": 8, "cruiser": 6, "submarine": 1}
    for zone in w.sea_links:
        here = [n for n in state["secret"] if zone in fleets(state, n)]
        assert not any(state["board"]["war"].count(f"{a}|{b}") for a in here for b in here), zone


def test_twteaw_fog_ships_exact_for_the_alliance_bands_for_the_others():
    """Fog (Miscellaneous): France sees Russia's ships exactly, Germany's only as bands per
    sea zone; the public sees no fleet."""
    state = fresh()
    seen = fog.view(state, "seat:france")
    # with the Baltic submarine division (version 14, ruling 159), exact to an ally
    assert seen["known"]["russia"]["fleets"]["gulf-of-bothnia"] == {"battleship": 2, "cruiser": 2, "submarine": 1}
    assert "germany" not in seen["known"]
    assert seen["bands"]["skagerrak"] == {"germany": "yellow"}
    assert seen["bands"]["baltic-sea"] == {"germany": "black"}
    public = fog.view(state, "public")
    assert public["known"] == {} and "fleets" not in json.dumps(public)


REFUSALS = [
    ("too_far", "germany", [patrol("skagerrak", ["north-sea", "irish-sea", "middle-atlantic"], battleship=1)]),
    ("not_adjacent", "germany", [patrol("skagerrak", ["irish-sea"], battleship=1)]),
    ("no_ships", "germany", [patrol("north-sea", [], battleship=1)]),
    ("not_enough_ships", "germany", [patrol("skagerrak", [], battleship=4),
                                     {"from": "skagerrak", "path": ["north-sea"],
                                      "units": {"battleship": 3}, "mission": "move"}]),
    ("passage_closed", "russia", [patrol("gulf-of-bothnia", ["baltic-sea", "skagerrak"], cruiser=1)]),
    ("patrol_warships_only", "germany", [patrol("baltic-sea", [], transport=1)]),
    ("no_such_mission", "germany", [{"from": "skagerrak", "path": [], "units": {"battleship": 1},
                                     "mission": "submarine_hunt"}]),
    ("transport_loaded_only", "france", [{"from": "gulf-of-lyon", "path": [], "units": {"transport": 1},
                                          "mission": "transport"}]),
    ("over_capacity", "france", [{"from": "gulf-of-lyon", "path": [], "units": {"transport": 1},
                                  "mission": "transport",
                                  "carry": {"from": "marseille", "to": "marseille", "units": {"infantry": 1, "artillery": 1}}}]),
    ("load_where", "france", [{"from": "gulf-of-lyon", "path": [], "units": {"transport": 1}, "mission": "transport",
                               "carry": {"from": "bordeaux", "to": "marseille", "units": {"infantry": 1}}}]),
    ("undeclared", "france", [{"from": "gulf-of-lyon", "path": ["tyrrhenian-sea"], "units": {"transport": 1},
                               "mission": "transport",
                               "carry": {"from": "marseille", "to": "milan", "units": {"infantry": 1}}}]),
]


@pytest.mark.parametrize("code,nation,naval", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_twteaw_4_2_naval_orders_refused_at_order_time(code, nation, naval):
    """Phase 4.2 / 3.5: an illegal naval order is refused with its rule; nothing changes."""
    state = fresh()
    put(state, "france", "marseille", artillery=1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, nation, {"naval": naval})
    assert refused.value.code == code
    assert json.dumps(state, sort_keys=True) == before


def test_twteaw_4_2_a_unit_sails_or_marches_not_both():
    """Phase 4.2 / 4.4: troops embarked cannot also move by land."""
    state = fresh()
    carry = {"from": "marseille", "to": "marseille", "units": {"infantry": 2}}
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "france", {
            "moves": [{"from": "marseille", "to": "lyon", "units": {"infantry": 1}}],
            "naval": [{"from": "gulf-of-lyon", "path": [], "units": {"transport": 1},
                       "mission": "transport", "carry": carry}]})
    assert refused.value.code == "not_enough_units"


def test_twteaw_map_passages_the_kiel_canal_is_germanys_and_the_danish_straits_closed_while_denmark_is_neutral():
    """TWTEAW map passages: Germany holds Hamburg (the Kiel Canal): its ships pass between the
    Baltic and the Skagerrak; Russia's do not while Denmark is neutral."""
    state = fresh()
    O.validate(state, "germany", {"naval": [patrol("skagerrak", ["baltic-sea"], battleship=1)]})
    with pytest.raises(IllegalAction):
        O.validate(state, "russia", {"naval": [patrol("gulf-of-bothnia", ["baltic-sea", "skagerrak"], cruiser=1)]})
    join_side(state, "denmark", "central")
    O.validate(state, "russia", {"naval": [patrol("gulf-of-bothnia", ["baltic-sea", "skagerrak"], cruiser=1)]})


def test_twteaw_4_3_a_sea_battle_hits_on_a_d10_at_or_under_and_ends_when_contact_is_lost(britain_at_war):
    """Phase 4.3: German ships on patrol enter the North Sea, where British cruisers lie docked.
    Contact (4.2): battleship 3 and cruiser 5, less the cruisers' 2 → 1 and 3; a 3 finds them.
    The patrol fires its attack (7, 4: a 7 hits, a 5 misses), the docked cruisers their defence
    (3, 3: a 3 hits). The hit on Germany damages its battleship; one British cruiser sinks. In
    round 2 only the cruiser can hunt (the damaged battleship cannot) and misses: it ends."""
    state = britain_at_war
    sail(state, "germany", "skagerrak", battleship=1, cruiser=1)
    sail(state, "britain", "north-sea", cruiser=2)
    events = resolve(state, {"germany": {"naval": [patrol("skagerrak", ["north-sea"], battleship=1, cruiser=1)]}},
                     {"naval north-sea central contact r1": [9, 3],
                      "naval north-sea central r1": [7, 5], "naval north-sea allied r1": [3, 4],
                      "naval north-sea central contact r2": [4]})
    assert fleets(state, "germany") == {"north-sea": {"cruiser": 1, "damaged_battleship": 1}}
    assert fleets(state, "britain") == {"north-sea": {"cruiser": 1}}
    public = [e for e in events if e.kind == "naval_battle"]
    assert [e.data for e in public] == [{"zone": "north-sea", "nations": ["britain", "germany"], "rounds": 1}]
    assert public[0].audience is None
    reports = {e.audience: e.data["losses"] for e in events if e.kind == "naval_battle_report"}
    assert set(reports) == {"seat:britain", "seat:germany"}
    assert reports["seat:germany"] == {"britain": {"damaged": {}, "sunk": {"cruiser": 1}},
                                       "germany": {"damaged": {"battleship": 1}, "sunk": {}}}


def test_twteaw_4_3_a_battleship_takes_two_hits(britain_at_war):
    """Phase 4.3 step 5: the first hit damages a battleship, the second sinks it."""
    state = britain_at_war
    sail(state, "germany", "skagerrak", battleship=1)
    sail(state, "britain", "north-sea", battleship=2)
    events = resolve(state, {"germany": {"naval": [patrol("skagerrak", ["north-sea"], battleship=1)]}},
                     {"naval north-sea central contact r1": [2],
                      "naval north-sea central r1": [10], "naval north-sea allied r1": [1, 2]})
    assert fleets(state, "germany") == {}
    assert fleets(state, "britain") == {"north-sea": {"battleship": 2}}
    report = next(e for e in events if e.kind == "naval_battle_report")
    assert report.data["losses"]["germany"] == {"damaged": {"battleship": 1}, "sunk": {"battleship": 1}}


def test_twteaw_3_5_two_defensive_task_forces_do_not_fight(britain_at_war):
    """Contact check (3.5): combat only if one task force is aggressive. A German force on a
    `move` mission slips past British ships docked in their own waters: no die is rolled."""
    state = britain_at_war
    sail(state, "germany", "skagerrak", battleship=1)
    sail(state, "britain", "north-sea", cruiser=1)
    events = resolve(state, {"germany": {"naval": [{"from": "skagerrak", "path": ["north-sea"],
                                                    "units": {"battleship": 1}, "mission": "move"}]}}, {})
    assert fleets(state, "germany") == {"north-sea": {"battleship": 1}}
    assert not [e for e in events if e.kind.startswith("naval_battle")]


def test_twteaw_3_5_ships_without_orders_patrol_outside_friendly_waters(britain_at_war):
    """Dock (3.5): ships with no orders in waters that are not their side's count as a patrol.
    The German battleship in the Aegean hunts a British cruiser moving in: contact at 3 − 2 = 1."""
    state = britain_at_war
    sail(state, "germany", "aegean-sea", battleship=1)
    sail(state, "britain", "eastern-mediterranean", cruiser=1)
    resolve(state, {"britain": {"naval": [{"from": "eastern-mediterranean", "path": ["aegean-sea"],
                                           "units": {"cruiser": 1}, "mission": "move"}]}},
            {"naval aegean-sea central contact r1": [1],
             "naval aegean-sea central r1": [7], "naval aegean-sea allied r1": [9]})
    assert fleets(state, "britain") == {}
    assert fleets(state, "germany") == {"aegean-sea": {"battleship": 1}}


def test_twteaw_4_2_transports_carry_infantry_to_a_friendly_coast(board):
    """Phase 4.2: transports load from a territory on their zone's coast, move (the Channel–
    Biscay link), and land on their side's coast; capacity 2 a transport."""
    sail(board, "france", "english-channel", transport=2)
    put(board, "france", "normandy", infantry=5)
    resolve(board, {"france": {"naval": [{"from": "english-channel", "path": ["bay-of-biscay"],
                                          "units": {"transport": 2}, "mission": "transport",
                                          "carry": {"from": "normandy", "to": "bordeaux",
                                                    "units": {"infantry": 4}}}]}}, {})
    assert board["secret"]["france"]["units"] == {"normandy": {"infantry": 1}, "bordeaux": {"infantry": 4}}
    assert fleets(board, "france") == {"bay-of-biscay": {"transport": 2}}


def test_twteaw_4_2_cargo_goes_down_with_its_transport(board):
    """Phase 4.2: if a transport sinks, its cargo is lost. A German cruiser outside friendly
    waters patrols the Bay of Biscay; the loaded transports hold their fire in round 1 (3.5);
    one sinks, and of 3 infantry the one left afloat carries 2."""
    sail(board, "germany", "bay-of-biscay", cruiser=1)
    sail(board, "france", "english-channel", transport=2)
    put(board, "france", "normandy", infantry=3)
    events = resolve(board, {"france": {"naval": [{"from": "english-channel", "path": ["bay-of-biscay"],
                                                   "units": {"transport": 2}, "mission": "transport",
                                                   "carry": {"from": "normandy", "to": "bordeaux",
                                                             "units": {"infantry": 3}}}]}},
                     {"naval bay-of-biscay central contact r1": [5], "naval bay-of-biscay central r1": [4],
                      "naval bay-of-biscay central contact r2": [6]})
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 2}}
    assert fleets(board, "france") == {"bay-of-biscay": {"transport": 1}}
    assert board["board"]["manpower_lost"]["france"] == 1
    landed = next(e for e in events if e.kind == "landed")
    assert landed.audience == "seat:france" and landed.data["lost"] == {"infantry": 1}


def test_twteaw_version_2_game_carries_to_version_3_without_navies():
    """Version 3 (ruling 69): a running game of version 2 gets empty fleets and waits on the
    same decisions."""
    v2 = json.loads(FROZEN_V2.read_text())["state"]
    assert all("fleets" not in s for s in v2["secret"].values())
    waiting = [d.id for d in RULESET.decisions(v2)]
    v3 = v2_to_v3(json.loads(json.dumps(v2)))
    assert all(s["fleets"] == {} for s in v3["secret"].values())
    assert [d.id for d in RULESET.decisions(v3)] == waiting
    for step in MIGRATIONS[2:]:                  # on to the current version and its map
        v3 = step.migrate(v3)
    RULESET.check_invariants(v3)
