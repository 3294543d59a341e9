"""BoP 12.3 without the optional admiralty (6.451, ruling 105; issue #21): the standard
admiralty's rules replace 6.45 — no admiralty-phase sea moves or landing, transport by 7.6
alone, supply over water by 3.123, naval gunfire from ships (10.52, 10.561) — and the version
9 → 10 migration of a running 12.3 game."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kernel import apply, decisions, new_game
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers import odds, supply, transport
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL

from .helpers import hx, position
from .test_03_supply import channel_map
from .test_07_6_transport import HEX, SEATS, SEED, TH, _britains_half
from .test_07_7_amphibious import _landed

# London across the water from Calais and Dunkirk (the 6.454 tests' channel), one row of sea.
CHANNEL = channel_map("t-12-3-channel")

FROZEN_V9 = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
             / "balance_of_powers-9.json")



def _cut_off_beside_dunkirk(ships):
    """A French corps beside Dunkirk, cut off overland; Paris reaches Calais by rail. The
    board has the standard admiralty's ships (12.3), each {"at": hex label}."""
    state = position(CHANNEL, {"fra-inf-1": "0604", "ger-inf-1": "0504", "ger-inf-2": "0505",
                               "ger-inf-3": "0605"}, sides={"britain": "entente"})
    state["board"]["fleets"] = {uid: {"at": hx(CHANNEL, at), "steps": 2}
                                for uid, at in ships.items()}
    state["board"]["mines"] = {}
    return state


def _supplied(state):
    """No cache clearing: the supply memo must tell positions apart by their ships and mines."""
    return supply.supply_status(state, CHANNEL)["fra-inf-1"]


def test_bop_3_123_a_line_takes_to_the_water_only_where_a_friendly_surface_ship_is():
    # 6.454's free water line is gone: no ship, no line (the same position is supplied there)
    assert _supplied(_cut_off_beside_dunkirk({})) is False
    # the path from the corps enters the water at Dunkirk: a British cruiser there carries it
    assert _supplied(_cut_off_beside_dunkirk({"bri-cl1": "0603"})) is True
    # a ship at the far end (Calais, where the path comes ashore) is not where it enters
    assert _supplied(_cut_off_beside_dunkirk({"bri-cl1": "0103"})) is False
    # the Central Powers' corps have no ships here and no line either
    state = _cut_off_beside_dunkirk({"bri-cl1": "0603"})
    assert supply.supply_status(state, CHANNEL)["ger-inf-1"] is False


def test_bop_3_123_enemy_surface_ships_and_mines_block_the_water_submarines_do_not():
    assert _supplied(_cut_off_beside_dunkirk({"bri-cl1": "0603", "ger-cl1": "0302"})) is False
    assert _supplied(_cut_off_beside_dunkirk({"bri-cl1": "0603", "ger-ub1": "0302"})) is True
    state = _cut_off_beside_dunkirk({"bri-cl1": "0603"})
    state["board"]["mines"] = {"ger-mine1": hx(CHANNEL, "0302")}
    assert _supplied(state) is False


def test_bop_12_3_the_month_has_no_6_45_sea_moves_or_landing():
    state, _ = new_game(RULESET, STORM_OF_STEEL, {}, SEATS, SEED, "no-645-test")
    kinds, steps = set(), set()
    while state["flow"]["step"] != "gq":
        open_now = [d for d in decisions(RULESET, state) if not d.revisable]
        kinds |= {d.kind for d in open_now}
        steps.add(state["flow"]["step"])
        d = open_now[0]
        seat = d.seats[0]
        choice = list(d.options)[0] if d.options is not None else [
            i["action"] for i in RULESET.options(state, seat, d, None)][0]
        state = apply(RULESET, state, seat, d.id, choice, seed=SEED).state
    # the admiralty step is passed by with nothing to decide; General Quarters come next
    assert "admiralty" not in steps and not kinds & {"sea_move", "landing"}
    assert state["flow"]["month"] == "1916-02" and state["flow"]["sea_moved"] == {}


def test_bop_12_3_7_63_britains_five_are_counted_by_7_6_alone():
    state = _britains_half()
    # a state that still records 6.45 moves this month (a game of version 9) spends none of 7.63's
    state["flow"]["sea_moved"] = {f"bri-inf-{n}": 1 for n in range(1, 4)}
    assert transport.allowance(state, "britain") == 5


def _combat(state, units, start, target, amphibious):
    return {"attacker": "entente", "defender": "central", "from": start, "target": target,
            "units": units, "point": units[0], "supplied": {u: True for u in units},
            "amphibious": amphibious, "inherent_defense": True, "def_point": "inherent",
            "reserve": None, "ti": False}


def test_bop_12_3_10_52_naval_gunfire_comes_from_ships_not_from_6_453():
    state = _britains_half()
    corps = sorted(u for u in state["board"]["units"] if u.startswith("bri-inf"))[:1]
    state["board"]["units"][corps[0]]["at"] = HEX["0517"]
    belgian_coast = _combat(state, corps, HEX["0517"], HEX["0618"], amphibious=False)
    # 6.453 gave the Entente +1 against this (Belgian, German-held) coast with no ship at all
    assert odds.modifiers(state, TH, belgian_coast, {})["artillery"] == 0


def test_bop_12_3_10_561_a_shooting_ship_in_the_amphibious_force_cancels_the_minus_two():
    state, corps = _landed()              # CL 2 and CL 3 (gunnery 1) hold the landing at 1413
    landing = _combat(state, corps, HEX["1413"], HEX["1513"], amphibious=True)
    light = odds.modifiers(state, TH, landing, {})
    state["board"]["fleets"]["bri-ca6"]["at"] = HEX["1413"]       # an armoured cruiser (2)
    heavy = odds.modifiers(state, TH, landing, {})
    assert heavy["artillery"] == light["artillery"] + 1          # 10.52: one siege corps
    assert heavy["terrain"] == light["terrain"] + 2              # 10.561: −2 cancelled


def test_bop_12_3_v9_to_v10_corps_at_sea_come_ashore_and_6_45_landing_goes():
    frozen = json.loads(FROZEN_V9.read_text())["state"]
    assert frozen["flow"]["step"] == "admiralty" and frozen["board"]["landing"] is not None
    assert frozen["board"]["units"]["rus-inf-20"]["at"] in TH.water      # at sea under 6.45
    migrated = upgrade(MIGRATIONS, json.loads(json.dumps(frozen)), "9", "10")
    board = migrated["board"]
    assert board["landing"] is None and frozen["board"]["landing"]["at"] not in board["control"]
    ashore = board["units"]["rus-inf-20"]["at"]
    assert ashore not in TH.water and ashore in TH.ports          # the nearest friendly port
    assert migrated["flow"]["sea_moved"] == {}
    # caught in its admiralty phase, a seat may only end it
    kinds = {d.kind for d in decisions(RULESET, migrated)}
    assert kinds == {"done"}
    other = json.loads(json.dumps(frozen))
    other["scenario"] = "kaiserschlacht"
    assert upgrade(MIGRATIONS, json.loads(json.dumps(other)), "9", "10") == other


def test_bop_12_3_v9_to_v10_a_6_45_landing_held_by_ship_and_corps_becomes_7_7s():
    state, corps = _landed()
    state["board"]["landing"] = {"at": HEX["1413"], "to": HEX["1513"]}     # as 6.453 left it
    migrated = upgrade(MIGRATIONS, json.loads(json.dumps(state)), "9", "10")
    assert migrated["board"]["landing"] == {"at": HEX["1413"], "rule": "7.7", "to": HEX["1513"]}
    assert all(migrated["board"]["units"][u]["at"] == HEX["1413"] for u in corps)
