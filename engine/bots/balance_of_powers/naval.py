"""Balance of Powers level 2 at sea (BoP 7, 8; 12.3, 12.6): which naval moves it plays.

A force of surface ships sails to fight an enemy surface force that cannot decline contact
(one not in its own port: 6.41) — in the hex it enters, or next door by the zones of patrol
(6.42, 8.1: `contact.touches`) — when it outguns those forces by `naval_edge`, never into
contact with stronger ones. Wherever it goes it must not end where enemy surface forces able to reach it
next sub-phase outgun it — unless that place is its own port, where it may decline contact.
Since the force stops wherever it meets the enemy on its way (8.1 in passing, ruling 118),
its way must not pass a force that outguns it either. A force too weak to fight the enemy's
strongest force joins a friendly one when together they
outgun it (concentration). A scenario's goal at sea draws the ships that serve it (`GOALS`):
in 12.6 two German dreadnoughts in the Norwegian Sea box win the game for Germany
(`price_of_admiralty.result`), so the Germans steer their dreadnoughts towards it. Anything
else stays where it is (the `done` answer scores 0).

The bot chooses among the listed answers, and a naval move is listed for whole stacks only
(7.21: any part may sail, but only what `naval.move_items` lists is offered), so a stack
moves at its slowest ship: 12.6's High Seas Fleet, held to 16 NMP by its pre-dreadnoughts,
can come near the Norwegian Sea box but never pay its 18 to enter.

Strength is the sum of the ships' gunnery on the side they now show (8.332: gunnery is what
hits; 12.6 counts gunnery lost). Distances are NMP on the map and the Sea Chart, from the
ruleset's own movement (`naval.reachable`: 7.22, 7.5), computed once per turn and kept on the
context. A submarine force strikes the enemy surface ships it can reach when its exact odds
(search, torpedoes, the ASW roll after) are worth it (`submarine_strike`, version 12). Not
played yet: mines, transport (a force with passengers) and 12.3's raiders; they keep their
passive answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.kernel.model import Decision
from engine.rulesets.balance_of_powers import contact, mines
from engine.rulesets.balance_of_powers import naval as bop_naval
from engine.rulesets.balance_of_powers.fleets import (
    SHIPS,
    armor,
    gunnery,
    is_surface,
    naval_range,
    ships_at,
    side_of_ship,
)
from engine.rulesets.balance_of_powers.forces import other_side
from engine.rulesets.balance_of_powers.price_of_admiralty import NORWEGIAN_SEA
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO as PRICE_OF_ADMIRALTY
from engine.rulesets.balance_of_powers.tables import CENTRAL

from ..heuristic import Score
from .world import WEIGHTS, Context

W = WEIGHTS
FAR = 999           # NMP: a goal the force cannot reach at all

# Per scenario and side, the location at sea that wins it and the kind of ship that counts.
GOALS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    PRICE_OF_ADMIRALTY: {CENTRAL: (NORWEGIAN_SEA, "BB")},
}


def naval_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 7.2, 8 — a force's move: a battle it wins on paper, its scenario's goal, or
    nothing; never into a stronger force, never to wait for one at sea."""
    action = item["action"]
    if action.get("passengers") or action.get("land"):
        return None                                   # 7.6 transport: not planned yet
    fleets = ctx.position["board"]["fleets"]
    units = [u for u in action["units"] if u in fleets]
    if not units:
        return None
    if not is_surface(units[0]):
        return submarine_strike(ctx, units, action["to"])                  # 8.4
    ctx.charge(2)
    ours = strength(ctx, units)
    to = action["to"]
    side = side_of_ship(units[0])
    score = 0.0
    if _stronger_on_the_way(ctx, units, to, ours):
        return None
    here = enemy_in_contact(ctx, to, side, len(units) + len(friends_at(ctx, to, side, units)))
    theirs = strength(ctx, here)
    if here:
        if ours < W["naval_edge"] * theirs:
            return None
        score += W["naval_battle"] * (ours - theirs)
    together = ours + strength(ctx, friends_at(ctx, to, side, units))
    # Where it ends (after a battle too): no stronger enemy force may reach it next
    if threat_at(ctx, to, side) - theirs > together and not own_port(ctx, to, side):
        return None
    if not here:
        score += _join_worth(ctx, ours, together, side)
    score += _goal_worth(ctx, units, side, fleets[units[0]]["at"], to)
    return score if score > 0 else None


def submarine_strike(ctx: Context, units: list[str], to: str) -> Score:
    """8.21, 8.23, 8.41, 8.42 — a submarine force sails to strike the enemy surface ships it
    would be in contact with at `to` (no one can search for it: it fears no battle), each
    location in turn as the rules take them. Worth, exactly from the dice: the chance its
    search finds them times the gunnery its torpedoes are expected to knock off (each boat at
    the highest-gunnery ship, 2d6 + its torpedo score above the armor), less the gunnery the
    ASW roll is expected to cost the boats after they fire (5.324); gunnery as 12.6 counts
    it lost, step by step. Never worth it with no
    target; the boats go home after a strike either way."""
    side = side_of_ship(units[0])
    ctx.charge(4)
    friends = len(friends_at(ctx, to, side, units))
    targets = enemy_in_contact(ctx, to, side, len(units) + friends)
    if not targets:
        return None
    fleets = ctx.position["board"]["fleets"]
    by_loc: dict[str, list[str]] = {}
    for uid in targets:
        by_loc.setdefault(fleets[uid]["at"], []).append(uid)
    # the first location fought (its own hex first): once the boats fire they go home (8.42)
    there = to if to in by_loc else sorted(by_loc)[0]
    ships = by_loc[there]
    found = min(6, len(units) + len(ships) - 1) / 6                         # 8.23: d6 − n < t
    aim = max(ships, key=lambda u: (gunnery(ctx.position, u), u))           # 8.41
    drop = _step_worth(ctx, aim)
    need = armor(ctx.position, aim)
    expected = sum(TWO_D6_ABOVE.get(need - gunnery(ctx.position, b), 0.0) for b in units) * drop
    track = (ctx.position.get("naval") or ctx.position["board"].get("naval") or {}).get("asw", 0)
    loss = ASW_STEPS.get(int(track), 0.0)        # the view shows the track as board.naval
    score = found * (W["naval_torpedo"] * expected
                     - W["naval_sub_step"] * sum(_step_worth(ctx, b) for b in units)
                     / len(units) * loss)
    return score if score > 0 else None


def _step_worth(ctx: Context, uid: str) -> int:
    """The gunnery a ship loses with its next step (12.6's count, `fleets.gunnery_lost`): a
    full ship the difference between its sides, a damaged one what it has left."""
    c = SHIPS[uid].cls
    full = ctx.position["board"]["fleets"][uid]["steps"] == 2
    return c.gunnery - c.damaged_gunnery if full else c.damaged_gunnery


def _chances() -> tuple[dict[int, float], dict[int, float]]:
    """Exact odds from the dice: P(2d6 > n) by n, and the ASW roll's expected steps lost by
    track (3d6 below the track: 1 step, 2 on doubles, 3 on triples; 5.324)."""
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    above = {n: sum(1 for t in two if t > n) / 36 for n in range(-12, 13)}
    asw = {}
    for track in range(0, 19):
        steps = 0
        for a in range(1, 7):
            for b in range(1, 7):
                for c in range(1, 7):
                    if a + b + c < track:
                        same = max((a, b, c).count(d) for d in (a, b, c))
                        steps += same
        asw[track] = steps / 216
    return above, asw


TWO_D6_ABOVE, ASW_STEPS = _chances()


def _stronger_on_the_way(ctx: Context, units: list[str], to: str, ours: float) -> bool:
    """8.1 in passing (ruling 118): a force stops to search and fight wherever it meets the
    enemy on its way, so a way that passes an enemy force it does not outgun by the edge is
    refused like such a destination. The ways from the force's location are searched once
    per force and turn (`mines.ways`), each location's enemies in contact once."""
    fleets = ctx.position["board"]["fleets"]
    side = side_of_ship(units[0])
    start = fleets[units[0]]["at"]
    kinds = frozenset(SHIPS[u].kind for u in units)
    tree = ctx.naval.get(("ways", start, kinds))
    if tree is None:
        ctx.charge(20)
        tree = ctx.naval[("ways", start, kinds)] = mines.ways(ctx.position, ctx.th, start, side,
                                                               set(kinds))
    for loc in mines.way_to(tree, start, to)[:-1]:
        count = len(units) + len(friends_at(ctx, loc, side, units))
        met = ctx.naval.get(("met", loc, count, side))
        if met is None:
            ctx.charge(1)
            met = ctx.naval[("met", loc, count, side)] = enemy_in_contact(ctx, loc, side, count)
        if met and ours < W["naval_edge"] * strength(ctx, met):
            return True
    return False


def friends_at(ctx: Context, loc: str, side: str, units: list[str]) -> list[str]:
    return [u for u in ships_at(ctx.position, loc, side) if u not in units]


def _join_worth(ctx: Context, ours: float, together: float, side: str) -> float:
    """Concentration: a force too weak for the enemy's strongest force joins friends with
    whom it outguns that force by the edge."""
    strongest = max((gun for _, gun in _enemy_reach(ctx, side)), default=0.0)
    if ours >= W["naval_edge"] * strongest or together < W["naval_edge"] * strongest:
        return 0.0
    return W["naval_join"]


def strength(ctx: Context, units: list[str]) -> float:
    return float(sum(gunnery(ctx.position, u) for u in units))


def own_port(ctx: Context, loc: str, side: str) -> bool:
    return bop_naval.port_side(ctx.position, ctx.th, loc) == side


def enemy_at_sea(ctx: Context, loc: str, side: str) -> list[str]:
    """The enemy surface ships at `loc` that must accept contact (6.41: not in their port)."""
    enemy = other_side(side)
    found = ships_at(ctx.position, loc, enemy)
    return [] if found and own_port(ctx, loc, enemy) else found


def enemy_in_contact(ctx: Context, loc: str, side: str, ours: int) -> list[str]:
    """The enemy surface ships that `ours` ships of `side` at `loc` would be in contact with
    (6.42, 8.1: there, or next door by the zones of patrol), not in their own port."""
    enemy = other_side(side)
    fleets = ctx.position["board"]["fleets"]
    by_loc: dict[str, int] = {}
    for uid, ship in fleets.items():
        if side_of_ship(uid) == enemy:
            by_loc[ship["at"]] = by_loc.get(ship["at"], 0) + 1
    found: list[str] = []
    for there, count in sorted(by_loc.items()):
        if contact.touches(ctx.th, loc, ours, there, count):
            found += enemy_at_sea(ctx, there, side)
    return found


def threat_at(ctx: Context, loc: str, side: str) -> float:
    """The gunnery of the enemy surface forces that could reach `loc` in one sub-phase (a
    force at its slowest ship's range: 7.11)."""
    return sum(gun for reach, gun in _enemy_reach(ctx, side) if loc in reach)


def _enemy_reach(ctx: Context, side: str) -> list[tuple[frozenset[str], float]]:
    memo = ctx.naval.get(("reach", side))
    if memo is None:
        fleets = ctx.position["board"]["fleets"]
        stacks: dict[str, list[str]] = {}
        for uid in sorted(fleets):
            if is_surface(uid) and side_of_ship(uid) != side:
                stacks.setdefault(fleets[uid]["at"], []).append(uid)
        memo = []
        for at, ships in sorted(stacks.items()):
            ctx.charge(20)
            budget = min(naval_range(u) for u in ships)
            reach = bop_naval.reachable(ctx.position, ctx.th, at, side_of_ship(ships[0]),
                                        {SHIPS[u].kind for u in ships}, budget)
            memo.append((frozenset(reach) | {at}, strength(ctx, ships)))
        ctx.naval[("reach", side)] = memo
    return memo


def _goal_worth(ctx: Context, units: list[str], side: str, start: str, to: str) -> float:
    """The scenario's goal at sea (`GOALS`): what the move does for it, by how much nearer
    (in NMP) it brings the ships that count there; 0 where the scenario has none."""
    goal = GOALS.get(ctx.position["kernel"].get("scenario") or "", {}).get(side)
    if goal is None:
        return 0.0
    where, kind = goal
    counting = len([u for u in units if SHIPS[u].kind == kind])
    if not counting:
        return 0.0
    if to == where:
        return W["naval_goal"] * counting
    before, after = _distance(ctx, where, start), _distance(ctx, where, to)
    if after >= before:
        return 0.0
    return W["naval_approach"] * counting * (before - after) / max(1, before)


def _distance(ctx: Context, goal: str, loc: str) -> int:
    """NMP from `loc` to `goal`, read from the goal outwards once per turn (the chart's
    costs are nearly symmetric: an approach, not a route)."""
    memo = ctx.naval.get(("goal", goal))
    if memo is None:
        ctx.charge(20)
        memo = {goal: 0, **bop_naval.reachable(ctx.position, ctx.th, goal, CENTRAL, {"BB"}, FAR)}
        ctx.naval[("goal", goal)] = memo
    return int(memo.get(loc, FAR))
