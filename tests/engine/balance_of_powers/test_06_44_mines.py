"""BoP 6.44 — mines: 12.6's set-up, mine attacks in hexes and boxes, a force's way through
mined locations (ruling 87), and the version 6 → 7 migration (ruling 88)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kernel import IllegalAction, apply, decisions, new_game
from engine.kernel.errors import MalformedAction
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers import mines, naval
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO, initial
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from tests.engine.scripted_dice import ScriptedDice

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
FROZEN_V6 = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
             / "balance_of_powers-6.json")


def fresh():
    return initial(SCENARIO_MAP, {})


def mine_die(uid, dice="1d6"):
    return f"mine attack on {uid} {dice}"


def _within(loc, nation, reach=3):
    seen, front = {loc}, {loc}
    for _ in range(reach):
        front = {o for x in front for o in TH.all_adj[x]} - seen
        seen |= front
    return any(TH.home.get(x) == nation and x not in TH.water for x in seen)


def test_bop_6_444_12_6_sets_up_its_mines_within_three_hexes_of_friendly_land():
    board = fresh()["board"]["mines"]
    by_nation = {}
    for mid, loc in board.items():
        by_nation.setdefault(mines.MINES[mid].nation, []).append(loc)
        assert loc in TH.water, mid                                  # coastal/ocean hexes
        assert _within(loc, mines.MINES[mid].nation), mid            # 12.6's set-up
    assert {n: len(v) for n, v in by_nation.items()} == {"britain": 4, "germany": 6}
    for locs in by_nation.values():                                  # 6.44: one a side a hex
        assert len(set(locs)) == len(locs)


def test_bop_6_443_a_mine_in_a_hex_hits_a_ship_when_1d6_is_below_its_score():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-cl1"]["at"] = fleets["bri-bb6"]["at"] = HEX["1612"]    # German mine, score 2
    dice = ScriptedDice({mine_die("bri-bb6"): [1], mine_die("bri-cl1"): [2]})
    events = mines.attack(state, TH, dice, HEX["1612"], ["bri-cl1", "bri-bb6"])
    assert [(e.data["unit"], e.data["hit"], e.data["outcome"]) for e in events] == [
        ("bri-bb6", True, "damaged"), ("bri-cl1", False, None)]       # 1 < 2; 2 is not < 2
    assert fleets["bri-bb6"]["steps"] == 1 and fleets["bri-cl1"]["steps"] == 2
    assert all(e.rule == "BoP 6.443" for e in events)


def test_bop_6_443_a_mine_sinks_a_damaged_dreadnought_without_doubles():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-bb1"].update(at=HEX["1612"], steps=1)
    events = mines.attack(state, TH, ScriptedDice({mine_die("bri-bb1"): [1]}), HEX["1612"],
                          ["bri-bb1"])
    assert events[0].data["outcome"] == "sunk" and "bri-bb1" not in fleets
    assert "bri-jellicoe" not in state["board"]["admirals"]           # 8.31: aboard, lost


def test_bop_6_441_own_mines_never_attack():
    state = fresh()
    state["board"]["fleets"]["ger-cl1"]["at"] = HEX["1612"]
    assert mines.attack(state, TH, ScriptedDice({}), HEX["1612"], ["ger-cl1"]) == []


def test_bop_6_443_box_mines_roll_2d6_below_their_sum_doubled_or_halved():
    state = fresh()
    box = "norwegian-sea-box"
    state["board"]["mines"].update({"ger-mine1": box, "ger-mine2": box})
    state["board"]["fleets"]["bri-cl1"]["at"] = box
    dice = ScriptedDice({mine_die("bri-cl1", "2d6"): [1, 2]})          # 3 < 2 + 2
    events = mines.attack(state, TH, dice, box, ["bri-cl1"])
    assert events[0].data["score"] == 4 and events[0].data["hit"]
    assert mines.score_in_box("gulf-of-finland-box", ["ger-mine1", "ger-mine2"]) == 8
    assert mines.score_in_box("mid-atlantic-box", ["ger-mine1", "ger-mine2"]) == 2


def test_bop_6_442_a_force_is_attacked_in_each_mined_location_of_its_way():
    state = fresh()
    fleets = state["board"]["fleets"]
    fleets["bri-cl1"]["at"] = fleets["bri-cl2"]["at"] = HEX["1411"]
    start = HEX["1411"]
    # ruling 87: the cheapest way, then the fewest mined locations: 1511 then 1612, both mined
    assert mines.path(state, TH, start, HEX["1612"], "entente", {"CL"}) == [
        HEX["1511"], HEX["1612"]]
    # 1410 → 1712: 1510, 1611, 1711, 1712 (two mined) beats 1411, 1511, 1612, 1712 (three)
    assert mines.path(state, TH, HEX["1410"], HEX["1712"], "entente", {"CL"}) == [
        HEX["1510"], HEX["1611"], HEX["1711"], HEX["1712"]]
    state["flow"]["side"] = "entente"
    naval.naval_move(state, TH, "britain", ["bri-cl1", "bri-cl2"], HEX["1612"])
    dice = ScriptedDice({mine_die("bri-cl1"): [1, 1], mine_die("bri-cl2"): [6, 6]})
    way = mines.path(state, TH, start, HEX["1612"], "entente", {"CL"})
    events = mines.attacks_along(state, TH, dice, way, ["bri-cl1", "bri-cl2"])
    assert [(e.data["at"], e.data["unit"], e.data["outcome"]) for e in events] == [
        (HEX["1511"], "bri-cl1", "damaged"), (HEX["1511"], "bri-cl2", None),
        (HEX["1612"], "bri-cl1", "sunk"), (HEX["1612"], "bri-cl2", None)]
    assert "bri-cl1" not in fleets and dice.left() == {}


def test_bop_6_442_a_naval_move_through_the_kernel_meets_the_mines():
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], b"m" * 32, "tmines")
    done = next(d for d in decisions(RULESET, state) if d.kind == "done")
    state = apply(RULESET, state, "germany", done.id, {"done": True}, seed=b"m" * 32).state
    state["board"]["fleets"]["bri-cl2"]["at"] = HEX["1411"]          # the Harwich cruiser
    move = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    out = apply(RULESET, state, "britain", move.id, {"units": ["bri-cl2"], "to": HEX["1612"]},
                seed=b"m" * 32)
    attacks = [e for e in out.events if e.kind == "naval_mine_attack"]
    assert [e.data["at"] for e in attacks][:1] == [HEX["1511"]]
    assert 1 <= len(attacks) <= 2       # a sinking in 1511 ends the attacks on the way


def test_bop_6_44_v6_to_v7_a_running_12_6_game_gains_no_mines_and_others_are_unchanged():
    frozen = json.loads(FROZEN_V6.read_text())["state"]
    assert frozen["scenario"] == SCENARIO and "mines" not in frozen["board"]
    state = json.loads(json.dumps(frozen))
    state["kernel"]["undo"] = {"seat": "britain", "decision": "d",
                               "state": json.loads(json.dumps(frozen))}
    migrated = upgrade(MIGRATIONS, state, "6", "7")
    undo_state = migrated["kernel"]["undo"]["state"]
    migrated["kernel"]["undo"] = frozen["kernel"]["undo"]
    for version in (migrated, undo_state):
        assert version["board"].pop("mines") == {}                    # ruling 88
        assert version == frozen                                      # nothing else changes
    land = json.loads(json.dumps(frozen))
    del land["board"]["fleets"]                                       # a land scenario's board
    assert upgrade(MIGRATIONS, json.loads(json.dumps(land)), "6", "7") == land


def _britain_to_move(state):
    state["flow"]["side"] = "entente"
    state["flow"]["active"] = ["britain"]
    return state


def test_bop_6_446_clearing_an_enemy_mine_uses_the_clearance_table():
    state = _britain_to_move(fresh())
    fleets = state["board"]["fleets"]
    fleets["bri-cl1"]["at"] = fleets["bri-cl2"]["at"] = HEX["1411"]   # 1511 (mined) next door
    items = [i["action"] for i in mines.mine_items(state, TH, "britain")]
    assert {"unit": "bri-cl1", "clear": "ger-mine5"} in items        # 1511, adjacent
    assert {"unit": "bri-cl1", "clear": "ger-mine1"} not in items    # 1512: two hexes away
    assert not any(a["unit"] == "bri-ss1" and "clear" in a for a in items)   # subs never clear
    dice = ScriptedDice({"mine clearance bri-cl1 1d6": [3], "mine clearance bri-cl2 1d6": [1]})
    events = mines.do_mine_work(state, TH, dice, "britain", {"unit": "bri-cl1",
                                                             "clear": "ger-mine5"})
    assert events[0].data["cleared"] is False and state["board"]["mines"]["ger-mine5"] == HEX[
        "1511"]
    assert naval.remaining(state, "bri-cl1") == 4 * 9 - 3 * 9       # three times its radius
    events = mines.do_mine_work(state, TH, dice, "britain", {"unit": "bri-cl2",
                                                             "clear": "ger-mine5"})
    assert (events[0].data["cleared"], events[0].data["outcome"]) == (True, "damaged")  # a 1
    assert state["board"]["mines"]["ger-mine5"] == "force_pool"
    assert fleets["bri-cl2"]["steps"] == 1
    assert state["flow"]["naval"]["clearing"] == ["bri-cl1", "bri-cl2"]
    # cl1 has 9 NMP left, less than 27: no more mine work for it this sub-phase
    assert not any(i["action"]["unit"] == "bri-cl1"
                   for i in mines.mine_items(state, TH, "britain"))


def test_bop_6_446_clearing_an_own_mine_returns_it_to_the_pool_and_6_445_lays_it_again():
    state = fresh()                                                   # Germany's half
    state["board"]["fleets"]["ger-cl1"]["at"] = HEX["1612"]
    events = mines.do_mine_work(state, TH, ScriptedDice({}), "germany",
                                {"unit": "ger-cl1", "clear": "ger-mine2"})
    assert events[0].data["own"] and state["board"]["mines"]["ger-mine2"] == "pool"
    state["board"]["fleets"]["ger-ub1"]["at"] = HEX["1013"]
    lay = {"unit": "ger-ub1", "lay": "ger-mine2"}                     # a U-boat may lay
    assert lay in [i["action"] for i in mines.mine_items(state, TH, "germany")]
    mines.do_mine_work(state, TH, ScriptedDice({}), "germany", lay)
    assert state["board"]["mines"]["ger-mine2"] == HEX["1013"]
    RULESET.check_invariants(state)
    # 6.44: one mine a side a hex — the pool is empty now, and 1612's neighbour 1512 is full
    assert not any("lay" in i["action"] for i in mines.mine_items(state, TH, "germany"))


def test_bop_6_446_a_clearing_ship_cannot_claim_to_be_in_port():
    state = _britain_to_move(fresh())
    assert naval.in_port(state, TH, "bri-cl2")                        # at Harwich
    state["board"]["mines"]["ger-mine1"] = HEX["0416"]                # off Harwich
    mines.do_mine_work(state, TH, ScriptedDice({"mine clearance bri-cl2 1d6": [4]}), "britain",
                       {"unit": "bri-cl2", "clear": "ger-mine1"})
    assert not naval.in_port(state, TH, "bri-cl2")


def test_bop_6_445_a_mine_action_is_checked_and_refused_without_change():
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], b"m" * 32, "tmine2")
    state["board"]["fleets"]["ger-cl1"]["at"] = HEX["1612"]
    work = next(d for d in decisions(RULESET, state) if d.kind == "naval_mine")
    assert work.rule == "BoP 6.44" and work.seats == ("germany",)
    before = json.dumps(state, sort_keys=True)
    for bad in ({"unit": "ger-ub2", "clear": "ger-mine2"},           # a U-boat, far away
                {"unit": "bri-cl1", "clear": "ger-mine2"},           # not Germany's ship
                {"unit": "ger-cl1", "clear": "ger-mine2", "lay": "x"}):
        try:
            apply(RULESET, state, "germany", work.id, bad, seed=b"m" * 32)
        except (IllegalAction, MalformedAction) as exc:
            assert "mine" in str(exc).lower() or "choose" in str(exc).lower()
        else:
            raise AssertionError(f"{bad} accepted")
    assert json.dumps(state, sort_keys=True) == before
    out = apply(RULESET, state, "germany", work.id, {"unit": "ger-cl1", "clear": "ger-mine2"},
                seed=b"m" * 32)
    assert out.state["board"]["mines"]["ger-mine2"] == "pool"
    assert [e.kind for e in out.events][:1] == ["naval_mine_cleared"]
