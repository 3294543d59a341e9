"""BoP 12.6 on the game page (issue #21): what the browser's Sea Chart reads from the engine —
the view of a naval game (fleets and the victory status), the ships each naval_move decision
concerns (the counters a click selects), the moves of a chosen part of a stack (7.21), and a
battle's event naming the ships it sank and damaged."""

from __future__ import annotations

import pytest

from engine.kernel import apply, decisions, expand_options, new_game, view
from engine.kernel.errors import MalformedAction
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO
from engine.rulesets.balance_of_powers.ruleset import RULESET

SEATS = ["britain", "germany"]
HIGH_SEAS_FLEET = ["ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4", "ger-bc1", "ger-cl1", "ger-cl2",
                   "ger-pd1", "ger-pd2"]
# Beatty's battlecruisers and CL 1 (radius 7: 9 NMP to MEET runs an overage of 1 in its 8th
# hex, which no die stops, 7.45); BB 6-7 (radius 5) would draw interrupts from the High Seas
# Fleet at MEET from the 7th hex on (7.4, ruling 111)
BEATTY = ["bri-bc1", "bri-bc2", "bri-cl1"]
MEET = "10,6"                      # hex 1011: the North Sea, in reach of both forces


SEED = b"n" * 32


def start(seed=SEED):
    state, _ = new_game(RULESET, SCENARIO, {}, SEATS, seed, "t126c")
    return state


def open_kind(state, kind):
    return next(d for d in decisions(RULESET, state) if d.kind == kind)


def test_bop_12_6_the_view_of_a_naval_game_has_the_fleets_and_the_victory_status():
    state = start()
    for audience in ("seat:germany", "seat:britain", "public"):
        seen = view(RULESET, state, audience)
        assert seen["board"]["fleets"] == state["board"]["fleets"]     # 2.68: all open
        assert seen["board"]["mines"] == state["board"]["mines"]       # 6.44: mines too
        assert seen["victory"] == {"rule": "BoP 12.6", "checked_after": "1916-05",
                                   "german_bbs_in_norwegian_sea": 0, "bbs_to_win": 2,
                                   "gunnery_lost": {"central": 0, "entente": 0}}
    state["board"]["fleets"]["ger-bb1"]["steps"] = 1
    state["board"]["fleets"]["ger-bb2"]["at"] = "norwegian-sea-box"
    seen = view(RULESET, state, "public")["victory"]
    assert seen["gunnery_lost"]["central"] == 1 and seen["german_bbs_in_norwegian_sea"] == 1


def test_bop_7_2_naval_move_concerns_the_ships_that_can_sail():
    """The chart's clickable counters: every ship of the phasing seat whose stack can go
    somewhere; the other seat's decision list is empty, so it concerns nothing."""
    state = start()
    germany = view(RULESET, state, "seat:germany")["decisions"]
    move = next(d for d in germany.values() if d["kind"] == "naval_move")
    assert move["concerns"] == {"units": sorted(HIGH_SEAS_FLEET + ["ger-ub1", "ger-ub2"])}
    britain = view(RULESET, state, "seat:britain")["decisions"]
    assert "concerns" not in next(d for d in britain.values() if d["kind"] == "naval_move")


def test_bop_7_21_the_moves_of_a_chosen_part_of_a_stack():
    state = start()
    move = open_kind(state, "naval_move")
    part = expand_options(RULESET, state, "germany", move.id, {"units": ["ger-cl1", "ger-bb1"]})
    assert part and all(i["action"]["units"] == ["ger-bb1", "ger-cl1"] for i in part)
    whole = expand_options(RULESET, state, "germany", move.id, None)
    fleet = {i["action"]["to"]: i["nmp"] for i in whole if i["action"]["units"] == HIGH_SEAS_FLEET}
    # 7.22: without the pre-dreadnoughts (range 16) a dreadnought and a cruiser go further (20)
    reach = {i["action"]["to"]: i["nmp"] for i in part}
    assert set(fleet) < set(reach) and max(reach.values()) > 16 >= max(fleet.values())
    # 7.21: a surface ship and a U-boat are never one force; another seat's ship never moves
    assert expand_options(RULESET, state, "germany", move.id, {"units": ["ger-bb1", "ger-ub1"]}) == []
    assert expand_options(RULESET, state, "germany", move.id, {"units": ["bri-bb1"]}) == []
    with pytest.raises(MalformedAction):
        expand_options(RULESET, state, "germany", move.id, {"units": "ger-bb1"})


def test_bop_8_3_the_battle_event_names_the_ships_sunk_and_damaged():
    """Beatty's force sails into the High Seas Fleet's hex (the browser test's battle): the
    event's `sunk` and `damaged` are exactly what the board shows after the salvos."""
    state = start()
    move = open_kind(state, "naval_move")
    state = apply(RULESET, state, "germany", move.id, {"units": HIGH_SEAS_FLEET, "to": MEET},
                  seed=SEED).state
    done = open_kind(state, "done")
    state = apply(RULESET, state, "germany", done.id, {"done": True}, seed=SEED).state
    move = open_kind(state, "naval_move")
    out = apply(RULESET, state, "britain", move.id, {"units": BEATTY, "to": MEET}, seed=SEED)
    battle = next(e for e in out.events if e.kind == "naval_battle")
    fleets = out.state["board"]["fleets"]
    ships = HIGH_SEAS_FLEET + BEATTY
    assert battle.data["sunk"] == sorted(u for u in ships if u not in fleets)
    assert battle.data["damaged"] == sorted(u for u in ships if u in fleets and fleets[u]["steps"] == 1)
    assert battle.data["sunk"] or battle.data["damaged"]
    lost = battle.data["steps_lost"]
    assert lost["central"] + lost["entente"] == 2 * len(battle.data["sunk"]) + len(battle.data["damaged"])
