"""BoP 12.6 "The Price of Admiralty": the fixed order of battle, the two General Quarters
sub-phases through the kernel, naval moves as decisions, the victory check, and selfplay."""

from __future__ import annotations

import pytest

from engine.kernel import (
    IllegalAction,
    apply,
    decisions,
    expand_options,
    new_game,
    timeout_action,
)
from engine.kernel.selfplay import selfplay
from engine.rulesets import get
from engine.rulesets.balance_of_powers.fleets import SHIPS
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO, result
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.ruleset import SCENARIO as BEFORE_THE_LEAVES_FALL

SEATS = ["britain", "germany"]
SEED = b"n" * 32
SEA = "norwegian-sea-box"


def start():
    state, _ = new_game(RULESET, SCENARIO, {}, SEATS, SEED, "t126")
    return state


def act(state, decision, action):
    return apply(RULESET, state, decision.seats[0], decision.id, action, seed=SEED).state


def open_kind(state, kind):
    return next(d for d in decisions(RULESET, state) if d.kind == kind)


def test_bop_12_6_order_of_battle_and_tracks():
    state = start()
    fleets = state["board"]["fleets"]
    kinds = sorted(SHIPS[u].kind for u in fleets if SHIPS[u].nation == "britain")
    assert kinds == ["BB"] * 7 + ["BC"] * 2 + ["CA"] * 2 + ["CL"] * 2 + ["SS"]
    kinds = sorted(SHIPS[u].kind for u in fleets if SHIPS[u].nation == "germany")
    assert kinds == ["BB"] * 4 + ["BC", "CL", "CL", "PD", "PD", "UB", "UB"]
    assert sorted(state["board"]["admirals"]) == ["bri-beatty", "bri-jellicoe", "ger-hipper",
                                                  "ger-scheer"]
    assert {n: state["powers"][n]["rp"] for n in SEATS} == {"britain": 2, "germany": 2}
    assert state["naval"]["asw"] == 8
    assert all(s["steps"] == 2 for s in fleets.values())


def test_bop_12_6_two_gq_sub_phases_germany_first_then_the_result():
    state = start()
    halves = []
    while state["flow"]["result"] is None:
        done = open_kind(state, "done")
        halves.append((state["flow"]["fortnight"], done.seats[0]))
        state = act(state, done, {"done": True})
    assert halves == [(1, "germany"), (1, "britain"), (2, "germany"), (2, "britain")]
    assert state["flow"]["step"] == "over"
    assert state["flow"]["result"]["reason"] == "equal_losses"


def test_bop_12_6_naval_move_is_a_decision_of_the_phasing_seat():
    state = start()
    move = open_kind(state, "naval_move")
    assert move.seats == ("germany",) and move.rule == "BoP 7.2"
    listed = [o["action"] for o in expand_options(RULESET, state, "germany", move.id, None)]
    # each whole stack is listed (surface and submarines apart, 7.21); any part is accepted
    assert {tuple(a["units"]) for a in listed} == {
        ("ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4", "ger-bc1", "ger-cl1", "ger-cl2",
         "ger-pd1", "ger-pd2"), ("ger-ub1",), ("ger-ub2",)}
    state = act(state, move, {"units": ["ger-bb1", "ger-bb2"], "to": "15,-6"})
    assert state["board"]["fleets"]["ger-bb1"]["at"] == "15,-6"
    assert state["powers"]["germany"]["rp"] == 1                       # 7.25
    with pytest.raises(IllegalAction):
        act(state, open_kind(state, "naval_move"), {"units": ["ger-bb3"], "to": SEA})


def test_bop_12_6_a_deadline_passes_the_naval_move_and_ends_the_half():
    state = start()
    move = open_kind(state, "naval_move")
    answer = timeout_action(RULESET, state, move, "germany")
    assert answer == {"pass": True}
    out = apply(RULESET, state, "germany", move.id, answer, seed=SEED)
    assert out.events[0].rule == "BoP 6.43"
    assert out.state["flow"]["side"] == "entente"       # Germany's half of GQ I is over
    assert out.state["board"]["fleets"] == state["board"]["fleets"]


def test_bop_12_6_victory():
    state = start()
    fleets = state["board"]["fleets"]
    fleets["ger-bb1"]["at"] = SEA
    assert result(state)["reason"] == "equal_losses"              # one dreadnought is not enough
    fleets["ger-bb2"]["at"] = SEA
    assert result(state)["winner"] == "central" and result(state)["reason"] == "norwegian_sea"
    fleets["ger-bb2"]["at"] = fleets["ger-bb3"]["at"]
    del fleets["bri-cl1"]                                         # Britain loses 1 gunnery
    fleets["ger-bc1"]["steps"] = 1                                # Germany loses 3 - 2 = 1
    assert result(state)["gunnery_lost"] == {"central": 1, "entente": 1}
    assert result(state)["winner"] is None
    fleets["bri-bc1"]["steps"] = 1                                # Britain: 2
    assert result(state)["winner"] == "central" and result(state)["reason"] == "gunnery_lost"


def test_bop_12_6_selfplay_finishes_with_naval_moves():
    summary = selfplay(get("balance_of_powers"), SCENARIO, games=2, seed=21).summary()
    assert summary["errors"] == 0 and summary["dead_ends"] == 0
    assert summary["finished"] == 2 and summary["actions_by_kind"]["naval_move"] > 0


def test_bop_12_6_before_the_leaves_fall_has_no_navy():
    state, _ = new_game(RULESET, BEFORE_THE_LEAVES_FALL, {},
                        ["austria_hungary", "britain", "france", "germany", "russia"],
                        SEED, "t121")
    assert "fleets" not in state["board"] and "naval" not in state["flow"]


def test_bop_12_6_invariants_keep_ships_off_grey_spaces_and_leaders_aboard():
    state = start()
    RULESET.check_invariants(state)
    state["board"]["fleets"]["ger-cl1"]["at"] = "north-sea-grey"       # 7.54: never on one
    with pytest.raises(AssertionError):
        RULESET.check_invariants(state)
    state = start()
    del state["board"]["fleets"]["ger-bb1"]                            # Scheer's flagship
    with pytest.raises(AssertionError):
        RULESET.check_invariants(state)
