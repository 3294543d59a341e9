"""The escort mission (TWTEAW 4.2.2; docs/rules/twteaw.md, ruling 85): warships that end their
move where a transport or move task force of the same orders ends protect it — defensive until
an aggressive enemy is in the zone; then they hunt and fire, and an enemy that finds the
escorted ships but misses the escorts meets their interception and its free round.

France's transports carry three infantry from Normandy through the Channel into the Bay of
Biscay to Bordeaux, a French cruiser escorting them; a German cruiser in the Bay. Dice keys:
"naval <zone> <camp> contact r<n>" (the hunters' D10s), "naval <zone> <camp> r<n>" (fire)."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, put, resolve

BAY = "bay-of-biscay"


def sail(state, nation, zone, **ships):
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for ship, n in ships.items():
        fleet[ship] = fleet.get(ship, 0) + n


def lift(infantry=3):
    return {"from": "english-channel", "path": [BAY], "units": {"transport": 2}, "mission": "transport",
            "carry": {"from": "normandy", "to": "bordeaux", "units": {"infantry": infantry}}}


def escort(**ships):
    return {"from": "english-channel", "path": [BAY], "units": ships or {"cruiser": 1}, "mission": "escort"}


@pytest.fixture
def board():
    state = empty_board(fresh())
    sail(state, "france", "english-channel", transport=2, cruiser=1)
    put(state, "france", "normandy", infantry=3)
    sail(state, "germany", BAY, cruiser=1)
    return state


def fleets(state, nation):
    return state["secret"][nation]["fleets"]


@pytest.mark.parametrize("code,naval", [
    ("escort_warships_only", [lift(2), {**escort(), "units": {"transport": 1}}]),
    ("escort_nothing", [escort()]),
    ("escort_nothing", [lift(), {**escort(), "path": ["irish-sea"]}]),
], ids=["transports", "alone", "elsewhere"])
def test_twteaw_4_2_2_escort_orders_refused_at_order_time(board, code, naval):
    """4.2.2: only warships escort (the rulebook's destroyers and battleships: our cruiser is
    its destroyer/cruiser type), and an escort ends its move where the ships it protects (a
    transport or move task force of the same orders) end theirs."""
    before = json.dumps(board, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "france", {"naval": naval})
    assert refused.value.code == code and refused.value.rule == "TWTEAW 4.2.2"
    assert json.dumps(board, sort_keys=True) == before
    O.validate(board, "france", {"naval": [lift(), escort()]})


def test_twteaw_4_2_2_an_escort_stays_defensive_when_no_enemy_seeks_combat(board):
    """4.2.2: an escort acts defensively unless the ships it protects are endangered. The German
    cruiser in the Bay is on a `move` mission (defensive): nobody hunts, no die is rolled, the
    troops land."""
    events = resolve(board, {"france": {"naval": [lift(), escort()]},
                             "germany": {"naval": [{"from": BAY, "path": [], "units": {"cruiser": 1},
                                                    "mission": "move"}]}}, {})
    assert not [e for e in events if e.kind.startswith("naval_battle")]
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 3}}
    assert fleets(board, "france") == {BAY: {"cruiser": 1, "transport": 2}}


def test_twteaw_4_2_2_the_escort_intercepts_with_a_free_round(board):
    """4.2.2 and the 4.2 example: the German cruiser (no orders outside friendly waters: a
    patrol) hunts at 5; against the escort's defensive factor 2 it needs 3, against the
    transports' 0 it needs 5: its 4 misses the escort and finds the transports. The escort,
    now aggressive, intercepts (5 − 2 = 3: its 2 finds the German) and has a free round: it
    alone fires (attack 4: a 3 hits) and the German fires no shot; the German cruiser sinks, the
    battle ends after one round, and the troops land."""
    events = resolve(board, {"france": {"naval": [lift(), escort()]}},
                     {f"naval {BAY} central contact r1": [4], f"naval {BAY} allied contact r1": [2],
                      f"naval {BAY} allied r1": [3]})
    assert fleets(board, "germany") == {}
    assert fleets(board, "france") == {BAY: {"cruiser": 1, "transport": 2}}
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 3}}
    battle = next(e for e in events if e.kind == "naval_battle")
    assert battle.data["rounds"] == 1


def test_twteaw_4_2_2_a_missed_interception_leaves_the_transports_alone_in_round_one(board):
    """4.2.2: the German's 4 again finds only the transports; the escort's 9 misses its
    interception, so round 1 is fought without it: the German fires (4 hits a transport; the
    loaded transports hold their fire in round 1) and the escort takes no hit. Round 2 is
    everyone's: both camps hunt (the German now against the escort's 2) and both miss; the
    battle ends. One transport sank with one infantry; two land."""
    events = resolve(board, {"france": {"naval": [lift(), escort()]}},
                     {f"naval {BAY} central contact r1": [4], f"naval {BAY} allied contact r1": [9],
                      f"naval {BAY} central r1": [4],
                      f"naval {BAY} central contact r2": [9], f"naval {BAY} allied contact r2": [9]})
    assert fleets(board, "germany") == {BAY: {"cruiser": 1}}
    assert fleets(board, "france") == {BAY: {"cruiser": 1, "transport": 1}}
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 2}}
    assert board["board"]["manpower_lost"]["france"] == 1
    assert next(e for e in events if e.kind == "naval_battle").data["rounds"] == 1


def test_twteaw_4_2_2_an_enemy_that_finds_the_escort_fights_everyone(board):
    """4.2.2: a German 2 is under 3: it finds the escort, and round 1 is a battle as usual —
    both camps fire (the German 9 misses; the escort, aggressive, fires its attack 4: a 4
    sinks the German; the transports hold their fire)."""
    resolve(board, {"france": {"naval": [lift(), escort()]}},
            {f"naval {BAY} central contact r1": [2], f"naval {BAY} allied contact r1": [9],
             f"naval {BAY} central r1": [9], f"naval {BAY} allied r1": [4]})
    assert fleets(board, "germany") == {}
    assert board["secret"]["france"]["units"] == {"bordeaux": {"infantry": 3}}
