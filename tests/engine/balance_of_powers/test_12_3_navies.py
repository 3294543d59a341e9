"""BoP 12.3 Storm of Steel with the standard admiralty (ruling 101, issue #21): the order of
battle's ships, BEATTY and HIPPER, the mines and the ASW track; General Quarters inside the
month after the admiralty phase (6.43, 7.25); victory points for enemy dreadnoughts sunk; and
the version 7 → 8 migration of a running 12.3 game."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kernel import Roller, apply, decisions, new_game
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers import mines, naval, victory
from engine.rulesets.balance_of_powers.fleets import NAVY_LEADERS, SHIPS, side_of_ship
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.price_of_admiralty import initial as initial_12_6
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
FROZEN_V7 = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
             / "balance_of_powers-7.json")


def new_state():
    return RULESET.setup(STORM_OF_STEEL, {}, SEATS, Roller(1, "t", 0))


def _count(ids):
    out: dict[str, dict[str, int]] = {}
    for uid in ids:
        ship = SHIPS[uid]
        out.setdefault(ship.nation, {}).setdefault(ship.kind, 0)
        out[ship.nation][ship.kind] += 1
    return out


def test_bop_12_3_navies_set_up_in_home_ports_as_the_order_of_battle_lists_them():
    state = new_state()
    fleets = state["board"]["fleets"]
    # Britain BB1-7, BC1-2, CA1-7, CL1-3; Germany BB1-4, BC1, CD1, PD1-6, CA1-2, CC1-5, CL1-4;
    # Russia PD1, CA1-2, CC1; no submarines (12.3 lists none)
    assert _count(fleets) == {
        "britain": {"BB": 7, "BC": 2, "CA": 7, "CL": 3},
        "germany": {"BB": 4, "BC": 1, "CD": 1, "PD": 6, "CA": 2, "CC": 5, "CL": 4},
        "russia": {"PD": 1, "CA": 2, "CC": 1}}
    for uid, ship in fleets.items():
        assert ship["steps"] == 2
        # "naval units must set up in home country ports"
        assert naval.port_side(state, TH, ship["at"]) == side_of_ship(uid), uid
        home = naval.chart(TH).boxes[ship["at"]].owner if ship["at"] in naval.chart(
            TH).boxes else TH.home[ship["at"]]
        assert home == SHIPS[uid].nation, uid
    # BEATTY and HIPPER aboard their battlecruisers; JELLICOE and SCHEER are 12.6's only
    assert state["board"]["admirals"] == {"bri-beatty": "bri-bc1", "ger-hipper": "ger-bc1"}
    assert all(NAVY_LEADERS[n].rides == SHIPS[s].kind for n, s in
               state["board"]["admirals"].items())
    # "The ASW track starts at seven."; no corps carried (7.63), no coastal raid made (7.35)
    assert state["naval"] == {"asw": 7, "carried": {}, "raided": {}}


def _within(loc, side, reach=3):
    seen, front = {loc}, {loc}
    for _ in range(reach):
        front = {o for x in front for o in TH.all_adj[x]} - seen
        seen |= front
    return any(x not in TH.water and TH.home.get(x) in (
        ("germany", "austria_hungary") if side == "central" else ("britain", "france", "russia"))
        for x in seen)


def test_bop_12_3_mines_within_three_hexes_of_friendly_land_one_a_side_a_hex():
    laid = new_state()["board"]["mines"]
    by_nation: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for mid, loc in laid.items():
        by_nation[mines.MINES[mid].nation] = by_nation.get(mines.MINES[mid].nation, 0) + 1
        side = mines.side_of_mine(mid)
        assert loc in TH.water and _within(loc, side), mid         # 12.3's set-up
        assert (loc, side) not in seen, mid                         # 6.44: one a side a hex
        seen.add((loc, side))
    assert by_nation == {"austria_hungary": 4, "britain": 6, "germany": 8, "russia": 4}


def test_bop_12_3_the_12_6_set_up_is_unchanged_by_the_shared_rows():
    state = initial_12_6(SCENARIO_MAP, {})
    assert len(state["board"]["fleets"]) == 25 and len(state["board"]["mines"]) == 10
    assert set(state["board"]["admirals"]) == {"bri-beatty", "bri-jellicoe", "ger-hipper",
                                               "ger-scheer"}


def _to_gq(state, seed=b"s" * 32):
    """Play the set-ups and February's steps up to its first General Quarters half (12.3 has
    no 6.45 admiralty phase since version 10: ruling 105), answering every decision with its
    first choice."""
    while state["flow"]["step"] != "gq":
        open_now = [d for d in decisions(RULESET, state) if not d.revisable]
        d = open_now[0]
        seat = d.seats[0]
        choice = list(d.options)[0] if d.options is not None else [
            i["action"] for i in RULESET.options(state, seat, d, None)][0]
        state = apply(RULESET, state, seat, d.id, choice, seed=seed).state
    return state


def _done(state, seat, seed=b"s" * 32):
    d = [d for d in decisions(RULESET, state) if seat in d.seats and d.kind == "done"][0]
    return apply(RULESET, state, seat, d.id, {"done": True}, seed=seed).state


def test_bop_12_3_general_quarters_follow_the_admiralty_phase_each_navy_in_turn():
    state, _ = new_game(RULESET, STORM_OF_STEEL, {}, SEATS, b"s" * 32, "gq-test")
    state = _to_gq(state)
    assert state["flow"]["month"] == "1916-02"
    halves = []
    while state["flow"]["step"] == "gq":
        flow = state["flow"]
        halves.append((flow["fortnight"], flow["side"], tuple(flow["active"])))
        seat = flow["active"][0]
        if halves[-1] == (1, "central", ("germany",)):
            # 7.22, 7.25: Germany's ships move in its half, the dreadnought fee paid once
            rp = state["powers"]["germany"]["rp"]
            d = [d for d in decisions(RULESET, state) if d.kind == "naval_move"][0]
            move = {"units": ["ger-bb1", "ger-bb2"], "to": HEX["1512"]}
            state = apply(RULESET, state, "germany", d.id, move, seed=b"s" * 32).state
            assert state["powers"]["germany"]["rp"] == rp - 1
            assert state["board"]["fleets"]["ger-bb1"]["at"] == move["to"]
        state = _done(state, seat)
    # 6.43: GQ I then GQ II, each the Central Powers' half then the Entente's, Britain's navy
    # then Russia's; Austria-Hungary and France have no ships and no half
    assert halves == [(1, "central", ("germany",)), (1, "entente", ("britain",)),
                      (1, "entente", ("russia",)), (2, "central", ("germany",)),
                      (2, "entente", ("britain",)), (2, "entente", ("russia",))]
    assert state["flow"]["step"] != "admiralty" and state["flow"]["fortnight"] in (0, 1)
    assert "gq" not in state["flow"]["naval"]


def test_bop_12_3_victory_point_for_each_enemy_dreadnought_destroyed():
    state = new_state()
    fleets = state["board"]["fleets"]
    fleets["ger-bb2"]["steps"] = 1                    # damaged: still afloat, no point
    del fleets["ger-bb1"]                             # sunk: a point for the Entente
    del fleets["bri-bc1"]                             # a battlecruiser is no dreadnought (BB)
    state["board"]["admirals"].pop("bri-beatty")
    result = victory.storm_victory(state, TH)
    assert result["victory_points"] == {"central": 0, "entente": 1}
    assert result["held"]["entente"]["bbs"] == ["ger-bb1"] and result["winner"] == "entente"
    del fleets["bri-bb3"], fleets["bri-bb4"]
    result = victory.storm_victory(state, TH)
    assert result["victory_points"] == {"central": 2, "entente": 1}
    assert RULESET.view(state, "public")["victory"]["victory_points"] == {"central": 2,
                                                                         "entente": 1}


def test_bop_12_3_v7_to_v8_a_running_game_gains_its_navies_in_port_and_others_are_unchanged():
    frozen = json.loads(FROZEN_V7.read_text())["state"]
    assert frozen["scenario"] == STORM_OF_STEEL and "fleets" not in frozen["board"]
    assert frozen["flow"]["step"] == "admiralty"
    state = json.loads(json.dumps(frozen))
    state["kernel"]["undo"] = {"seat": "britain", "decision": "d",
                               "state": json.loads(json.dumps(frozen))}
    migrated = upgrade(MIGRATIONS, state, "7", "8")
    fresh = new_state()
    for version in (migrated, migrated["kernel"]["undo"]["state"]):
        assert version["board"]["fleets"] == fresh["board"]["fleets"]       # all in port
        assert version["board"]["admirals"] == fresh["board"]["admirals"]
        assert version["board"]["mines"] == fresh["board"]["mines"]
        assert version["naval"]["asw"] == 7 and version["flow"]["naval"]["spent"] == {}
        # aboard: 7.6, version 9; the ships' pool and dockyards: 6.22-6.224, version 12
        for key in ("fleets", "admirals", "mines", "aboard", "ship_pool", "dockyard",
                    "refit_admirals"):
            del version["board"][key]
        del version["naval"], version["flow"]["naval"]
    migrated["kernel"]["undo"] = frozen["kernel"]["undo"]
    assert migrated == frozen                                              # nothing else
    other = json.loads(json.dumps(frozen))
    other["scenario"] = "kaiserschlacht"
    assert upgrade(MIGRATIONS, json.loads(json.dumps(other)), "7", "8") == other
    sea = initial_12_6(SCENARIO_MAP, {})
    assert upgrade(MIGRATIONS, json.loads(json.dumps(sea)), "7", "8") == sea
