"""TWTEAW level 2, bot version 4 (docs/bots.md): blockades of US trade (1.4, 4.2.6), closing
straits (1.4 "Other declarations"), and aircraft (4.5: fighters bought for a contested front,
planes on the attacks it plans with exact odds, planes flown to the front)."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from engine import bots, kernel
from engine.bots.protocol import BotRng, Budget
from engine.bots.twteaw import TwteawBot, aircraft, odds
from engine.bots.twteaw.world import PLAN, Context, build_context, position_from_view
from engine.kernel.dice import Roller
from engine.rulesets.twteaw import RULESET, straits, us_trade
from engine.rulesets.twteaw import air as A
from engine.rulesets.twteaw import combat as C
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.nations import SEATS
from engine.rulesets.twteaw.war import join_side
from tests.engine.scripted_dice import FixedDice
from tests.engine.twteaw.positions import empty_board, fresh, put


def orders_of(state: dict[str, Any], seat: str, key: bytes = b"k") -> dict[str, Any]:
    """Level 2's order set for `seat`, from its seat's view, passed through the ruleset's gate
    on the true state."""
    seen = kernel.view(RULESET, state, f"seat:{seat}")
    offers = bots.offers_for(RULESET, state, seat)
    _, action = TwteawBot().decide(seen, offers, BotRng(key * 32), Budget(TwteawBot.work))
    return O.validate(state, seat, action)


def ctx_for(state: dict[str, Any], seat: str) -> Context:
    return build_context(position_from_view(kernel.view(RULESET, state, f"seat:{seat}")), seat)


def resolve(state: dict[str, Any], written: dict[str, dict[str, Any]], seed: bytes) -> Roller:
    """One turn resolved with the real dice; the roller, with every die it rolled."""
    orders = {n: O.normalise({}) for n in SEATS}
    orders.update(written)
    roller = Roller(seed=seed * 32, game_uid="air", counter=0, version=2)
    R.resolve_turn(state, orders, roller)
    return roller


# --- exact odds with planes ------------------------------------------------------------------

def captures_by_the_resolver(fuel: int, defenders: int, aa: int, rounds: int, dice: int) -> float:
    """The share of all outcomes of `dice` D10s in which the ruleset's own air and land combat
    (`air.before_battle`, then `combat.fight`) takes the territory: one infantry and one fighter
    (its fuel over the target `fuel`, one to get home) against infantry and AA guns."""
    won = 0
    for faces in product(range(1, 11), repeat=dice):
        b = C.Battle("x", [C.Fighter("me", "infantry", 0),
                           C.Fighter("me", "fighter", 0, fuel=fuel, home=1)],
                     [C.Fighter("them", "infantry", -1) for _ in range(defenders)]
                     + [C.Fighter("them", "aa", -1) for _ in range(aa)],
                     [C.Group("me", "y", rounds=rounds)])
        roller = FixedDice(list(faces))
        A.before_battle(b, roller)
        won += C.fight(b, roller) == "captured"
    return won / 10 ** dice


@pytest.mark.parametrize("fuel,defenders,aa,rounds,dice", [
    (2, 1, 0, 1, 3),       # the fighter fights the one round
    (2, 1, 0, 2, 5),       # it leaves after round 1 (only the way home left); round 2 without it
    (2, 1, 1, 1, 4),       # an AA gun shoots at it first, and rolls nothing in the round
])
def test_twteaw_4_5_bot_odds_with_planes_are_the_resolvers_air_and_land_combat_enumerated(
        fuel, defenders, aa, rounds, dice):
    """TWTEAW 4.5 and 4.6: every outcome of the dice through the ruleset's own AA fire and land
    combat, and the bot's exact odds with a plane (value 2, staying `fuel − home` rounds) agree."""
    exact = odds.with_aa(tuple(odds.attack_values({"infantry": 1}, {})), (), defenders + aa,
                         False, rounds, ((2, fuel - 1),), aa)
    assert exact.capture == pytest.approx(
        captures_by_the_resolver(fuel, defenders, aa, rounds, dice), abs=1e-9)


# --- air attacks and moves -------------------------------------------------------------------

def western_front() -> dict[str, Any]:
    """Germany: seven infantry and three fighters in Cologne; France: two infantry in
    Alsace-Lorraine (a black band to Germany), three in Paris."""
    state = empty_board(fresh())
    put(state, "germany", "cologne", infantry=7, fighter=3)
    put(state, "germany", "berlin", infantry=2)
    put(state, "germany", "dresden", fighter=1)
    put(state, "france", "alsace-lorraine", infantry=2)
    put(state, "france", "paris", infantry=3)
    return state


def test_twteaw_4_5_level2_flies_its_planes_on_the_attacks_it_plans():
    """4.5: the fighters in Cologne join the attack level 2 plans on Alsace-Lorraine (an `air`
    attack row at the target of its land moves), since with them the exact odds and the score
    are higher; the order set passes the ruleset's gate; resolved with the real dice, the planes
    fight in the battle. Without planes the same attack scores lower."""
    state = western_front()
    action = orders_of(state, "germany")
    raids = [r for r in action["air"] if r["mission"] == "attack"]
    assert raids == [{"from": "cologne", "to": "alsace-lorraine", "units": {"fighter": 3},
                      "mission": "attack"}]
    assert any(m["to"] == "alsace-lorraine" for m in action["moves"])
    from engine.bots.twteaw.phases import free_units, score_attack
    ctx = ctx_for(state, "germany")
    with_planes = score_attack(ctx, "alsace-lorraine", free_units(ctx, {}),
                               aircraft.planes_at(ctx, {}))
    without = score_attack(ctx, "alsace-lorraine", free_units(ctx, {}))
    assert with_planes is not None and without is not None
    assert with_planes.air and with_planes.chance > without.chance
    assert with_planes.score >= without.score + PLAN["air_gain"]
    roller = resolve(state, {"germany": action}, b"a")
    first = [r for r in roller.rolls if r["key"] == "battle alsace-lorraine attack r1"]
    infantry = sum(m["units"].get("infantry", 0) for m in action["moves"]
                   if m["to"] == "alsace-lorraine")
    assert len(first) == infantry + 3        # the three fighters roll with the infantry


def test_twteaw_4_4_level2_flies_idle_planes_to_the_most_threatened_front():
    """Air moves: the fighter in Dresden (off the front) flies to the front territory facing the
    strongest enemy within its fuel, on a `move` row the gate accepts."""
    state = western_front()
    action = orders_of(state, "germany")
    (move,) = [r for r in action["air"] if r["mission"] == "move"]
    ctx = ctx_for(state, "germany")
    assert move["from"] == "dresden" and move["units"] == {"fighter": 1}
    assert move["to"] in ctx.front
    reach = A.costs_from(state, "germany", "dresden")
    assert all(ctx.threat[move["to"]] >= ctx.threat[a] for a in ctx.front
               if reach.get(a, 99) <= 3 and A.may_land(state, "germany", a))


def test_twteaw_3_1_level2_buys_fighters_only_for_a_contested_front():
    """Purchases: Germany at the start with 80 in the bank (Cologne's 14 against France's
    strong band next door: a contested front) buys fighters at an industrial complex, within the
    plan's caps; with too little in the bank, or with no contested front, it buys none."""
    state = fresh()
    state["secret"]["germany"]["bank"] = 80
    action = orders_of(state, "germany")
    planes = [b for b in action["build"] if b["unit"] == "fighter"]
    assert planes and sum(b["count"] for b in planes) <= PLAN["fighters_per_turn"]
    assert aircraft.contested(ctx_for(state, "germany"))
    state["secret"]["germany"]["bank"] = PLAN["fighter_min_bank"] + 14
    assert not [b for b in orders_of(state, "germany")["build"] if b["unit"] == "fighter"]
    quiet = empty_board(fresh())
    put(quiet, "germany", "cologne", infantry=30)
    put(quiet, "france", "alsace-lorraine", infantry=2)
    quiet["secret"]["germany"]["bank"] = 100
    assert not aircraft.contested(ctx_for(quiet, "germany"))
    assert not [b for b in orders_of(quiet, "germany")["build"] if b["unit"] == "fighter"]


# --- blockade --------------------------------------------------------------------------------

def test_twteaw_1_4_level2_blockades_germany_when_its_fleet_can_hold_the_route():
    """1.4 with 4.2.6: Britain at war, the Grand Fleet in the North Sea (the Channel's transports
    away, so no landing takes it), no German ship in or next to the Skagerrak: level 2 declares a blockade of Germany and puts a task force on the
    `blockade` mission in the Skagerrak; resolved with the real dice, Germany's US trade is cut.
    With the High Seas Fleet in the Skagerrak (its band outweighs the Grand Fleet by the plan's
    margin) it does not."""
    state = fresh()
    join_side(state, "britain", "allied")
    del state["secret"]["britain"]["fleets"]["english-channel"]
    assert not [r for r in orders_of(state, "britain")["naval"] if r["mission"] == "blockade"]
    assert "germany" not in orders_of(state, "britain")["blockade"]
    state["secret"]["germany"]["fleets"] = {}
    action = orders_of(state, "britain")
    assert action["blockade"] == ["germany"]
    (row,) = [r for r in action["naval"] if r["mission"] == "blockade"]
    assert (row["path"] or [row["from"]])[-1] == "skagerrak"
    resolve(state, {"britain": action}, b"b")
    assert state["board"]["blockades"]["germany"]["cut"]
    assert us_trade.received(state, "germany") == 0


# --- straits ---------------------------------------------------------------------------------

def test_twteaw_1_4_level2_closes_the_dardanelles_to_russia_once_at_war():
    """1.4 "Other declarations": the neutral Ottoman Empire closes nothing; once it has joined
    the Central Powers (at war with Russia, whose Black Sea Fleet it sees as a band) level 2
    closes the Bosporus and Dardanelles to Russia and the other naval enemies, the gate accepts
    it, and after the turn the passage is closed to Russia; it does not close it twice."""
    state = fresh()
    assert orders_of(state, "ottoman_empire")["close"] == []
    join_side(state, "ottoman_empire", "central")
    action = orders_of(state, "ottoman_empire")
    assert {"passage": "bosporus", "nation": "russia"} in action["close"]
    assert all(r["passage"] == "bosporus" for r in action["close"])
    resolve(state, {"ottoman_empire": action}, b"s")
    assert straits.closed_to(state, "bosporus", "russia")
    assert not [r for r in orders_of(state, "ottoman_empire")["close"]
                if r["nation"] == "russia"]


def test_twteaw_turn_level2_air_blockade_and_strait_orders_are_the_same_from_the_same_view():
    """Determinism: the same view and seed give the same order set, planes, blockades and
    closures included."""
    state = western_front()
    join_side(state, "ottoman_empire", "central")
    for seat in ("germany", "ottoman_empire"):
        assert orders_of(state, seat) == orders_of(state, seat)
