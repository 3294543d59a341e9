"""Phase 4.6.1 naval invasions (invasions.py; docs/rules/twteaw.md, rulings 74–79): a transport
mission lands its troops on a coast held by a nation at war with the mover; the landing is an
attack of Phase 4.6 with the beach penalties, the coastal defender, and no withdrawal.

France sails two transports from the English Channel through the North Sea into the Skagerrak
and lands on Bremen (German, a city). The battle's dice keys are "battle bremen attack r<n>"
(the invaders in unit order: infantry, then artillery) and "battle bremen defence r<n>" (the
defenders, then the city, then the coastal defender)."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction, audiences, events_for, view
from engine.kernel.leaks import find_leaks, find_order_leaks
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, put, resolve, units


def sail(state, nation, zone, **ships):
    state["secret"][nation]["fleets"].setdefault(zone, {}).update(ships)


def invade(to="bremen", frm="normandy", path=("north-sea", "skagerrak"), transports=2, **cargo):
    return {"naval": [{"from": "english-channel", "path": list(path), "units": {"transport": transports},
                       "mission": "transport", "carry": {"from": frm, "to": to, "units": cargo}}]}


@pytest.fixture
def board():
    state = empty_board(fresh())
    sail(state, "france", "english-channel", transport=2)
    return state


def battle(events, area="bremen"):
    return next(e.data for e in events if e.kind == "battle" and e.data["area"] == area)


def test_twteaw_4_6_1_an_invasion_meets_the_beach_penalties_and_the_coastal_defender(board):
    """Infantry lands at 3 − 3 and artillery at 6 − 4 (never below 1), against one German
    infantry, the city and the coastal defender (1, the first casualty). Round 1: 2, 1, 3 — only
    the 1 hits (unpenalised, all three would), and it takes the coastal defender. Round 2: a 1
    kills the infantry; the coastal defender no longer rolls. France takes Bremen."""
    put(board, "france", "normandy", infantry=2, artillery=1)
    put(board, "germany", "bremen", infantry=1)
    events = resolve(board, {"france": invade(infantry=2, artillery=1)},
                     {"battle bremen attack r1": [2, 1, 3], "battle bremen defence r1": [9, 9, 9],
                      "battle bremen attack r2": [1, 9, 9], "battle bremen defence r2": [9, 9]})
    assert battle(events) == {"area": "bremen", "attackers": ["france"], "defenders": ["germany"],
                              "outcome": "captured", "holder": "france"}
    assert board["board"]["control"]["bremen"] == "france"
    assert units(board, "france", "bremen") == {"artillery": 1, "infantry": 2}
    assert units(board, "france", "normandy") == {} and units(board, "germany", "bremen") == {}
    assert board["secret"]["france"]["fleets"] == {"skagerrak": {"transport": 2}}
    report = next(e for e in events if e.kind == "battle_report" and e.audience == "seat:germany")
    assert report.data["losses"] == {"germany": {"infantry": 1}}


def test_twteaw_4_6_1_the_coastal_defender_holds_an_empty_beach_and_a_failed_landing_is_lost(board):
    """Nobody defends Bremen, yet the landing meets the coastal defender, and the city rolls
    beside it. The invader misses, the city's 1 hits: the landing is destroyed — it cannot
    withdraw, and nothing comes back to Normandy."""
    put(board, "france", "normandy", infantry=1)
    events = resolve(board, {"france": invade(infantry=1)},
                     {"battle bremen attack r1": [5], "battle bremen defence r1": [1, 9]})
    assert battle(events)["outcome"] == "held"
    assert board["board"]["control"]["bremen"] == "germany"
    assert board["secret"]["france"]["units"] == {}
    assert board["board"]["manpower_lost"]["france"] == 1


def test_twteaw_4_6_1_a_landing_never_withdraws(board):
    """A land attack withdraws after 30 rounds (ruling 33); a landing fights on until one side
    is gone: 31 rounds of misses, then a 1 takes the coastal defender and Bremen."""
    put(board, "france", "normandy", infantry=1)
    dice = {f"battle bremen {side} r{r}": [10] * n for r in range(1, 32) for side, n in (("attack", 1), ("defence", 2))}
    dice |= {"battle bremen attack r32": [1], "battle bremen defence r32": [10, 10]}
    events = resolve(board, {"france": invade(infantry=1)}, dice)
    assert battle(events)["outcome"] == "captured"
    assert units(board, "france", "bremen") == {"infantry": 1}


def test_twteaw_4_6_1_invaders_who_do_not_take_the_coast_are_lost(board):
    """Artillery may land (its penalty is −4), but it never takes a territory: it clears the
    beach of its coastal defender, cannot go back aboard, and is lost."""
    put(board, "france", "normandy", artillery=1)
    events = resolve(board, {"france": invade(artillery=1)},
                     {"battle bremen attack r1": [2], "battle bremen defence r1": [9, 9]})
    assert battle(events)["outcome"] == "cleared"
    assert board["board"]["control"]["bremen"] == "germany"
    assert board["secret"]["france"]["units"] == {}


def test_twteaw_4_6_1_docked_ships_hunt_an_invasion_force(board):
    """Dock (4.2; digest §3.5): ships lying in their own waters are defensive, but aggressive against an
    invasion force. A German cruiser docked in the Skagerrak (off Bremen, a German port) finds
    the French transports (5 − 0: a 5) and sinks one; loaded transports hold their fire in
    round 1; contact is lost in round 2. The other transport's two infantry go ashore."""
    sail(board, "germany", "skagerrak", cruiser=1)
    put(board, "france", "normandy", infantry=4)
    events = resolve(board, {"france": invade(infantry=4)},
                     {"naval skagerrak central contact r1": [5], "naval skagerrak central r1": [4],
                      "naval skagerrak central contact r2": [6],
                      "battle bremen attack r1": [1, 1], "battle bremen defence r1": [9, 9]})
    assert board["secret"]["france"]["fleets"] == {"skagerrak": {"transport": 1}}
    assert units(board, "france", "bremen") == {"infantry": 2}
    assert board["board"]["manpower_lost"]["france"] == 2
    invading = next(e for e in events if e.kind == "invading")
    assert invading.data["units"] == {"infantry": 2} and invading.data["lost"] == {"infantry": 2}


REFUSALS = [
    ("tanks_may_not_invade", "TWTEAW units tanks", {}, invade(tank=1)),
    ("undeclared", "TWTEAW 1.1", {}, invade(to="netherlands", path=[], infantry=1)),
    ("undeclared", "TWTEAW 1.1", {}, invade(to="london", path=[], infantry=1)),
]


@pytest.mark.parametrize("code,rule,extra,orders", REFUSALS, ids=["tank", "neutral-minor", "neutral-major"])
def test_twteaw_4_6_1_invasions_refused_at_order_time(board, code, rule, extra, orders):
    """Tanks may not invade; a coast whose holder the mover is not at war with needs a
    declaration in the same orders (1.1). Nothing changes."""
    put(board, "france", "normandy", infantry=1, tank=1)
    before = json.dumps(board, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "france", {**orders, **extra})
    assert (refused.value.code, refused.value.rule) == (code, rule)
    assert json.dumps(board, sort_keys=True) == before


def test_twteaw_4_6_1_what_may_land_where(board):
    """Infantry and artillery invade; a declaration in the same orders makes a neutral's coast
    a target; tanks still land on their side's coasts (Phase 4.2)."""
    put(board, "france", "normandy", infantry=1, artillery=1, tank=1)
    O.validate(board, "france", invade(infantry=1, artillery=1))
    O.validate(board, "france", {"declare": ["netherlands"], **invade(to="netherlands", path=[], infantry=1)})
    O.validate(board, "france", invade(to="brest", path=[], tank=1))


def test_twteaw_4_6_1_fog_an_invasion_force_is_seen_only_by_its_alliance(board):
    """Written, the invasion is France's secret: no view of a nation outside its alliance
    changes with it. Resolved, the others learn that France fought for Bremen and who holds
    it, not what landed or what is left; Germany, who fought, learns the losses."""
    put(board, "france", "normandy", infantry=2)
    order = O.validate(board, "france", invade(infantry=2))
    book = {"t1-orders": {"t1-orders-france": {"seat": "france", "action": order}}}
    for audience in ("seat:germany", "seat:italy", "seat:britain", "public"):
        assert find_order_leaks(RULESET, board, book, audience) == [], audience
    events = resolve(board, {"france": order},
                     {"battle bremen attack r1": [1, 9], "battle bremen defence r1": [9, 9]})
    assert units(board, "france", "bremen") == {"infantry": 2}
    for audience in audiences(RULESET, board):
        assert find_leaks(RULESET, board, audience) == [], audience
    kinds = {a: {e["kind"] for e in events_for(RULESET, board, events, a)}
             for a in ("seat:italy", "seat:germany", "seat:russia", "public")}
    assert "battle" in kinds["public"] and not kinds["public"] & {"invading", "battle_report"}
    assert not kinds["seat:italy"] & {"invading", "battle_report"}
    assert "battle_report" in kinds["seat:germany"] and "invading" not in kinds["seat:germany"]
    assert "invading" in kinds["seat:russia"]                          # France's ally
    for audience in ("seat:germany", "seat:italy", "public"):
        seen = view(RULESET, board, audience)
        assert "france" not in seen["known"]
        assert "skagerrak" not in json.dumps(seen.get("known", {}))
