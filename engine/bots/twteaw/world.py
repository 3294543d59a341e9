"""The War to End All Wars, level 2: the bot's world, read from its seat's view only, and its
plan as data (docs/bots.md).

The view (engine/rulesets/twteaw/fog.py) holds the public board, the exact hidden state of the
seat's nation and its allies (`known`), and for every other nation a colour band per territory.
`position_from_view` turns it into a position the ruleset's own pure functions read (controller,
war, trenches, economy, the order validator): `secret` holds only the known nations, so nothing
the seat cannot see is there to read. Enemy strength is an estimate from the bands (`PLAN`),
exact only for a nation the seat is entitled to see.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from engine.rulesets.twteaw.war import allied, at_war, controller
from engine.rulesets.twteaw.world import world

from ..protocol import Budget

Position = dict[str, Any]

# The plan, as data. Weights are authored: the values a player of the core would weigh.
PLAN: dict[str, Any] = {
    # Units a colour band stands for (fog.BANDS: black 0–5, yellow 6–20, red 21+): a little
    # above each band's middle, since the bot would rather overrate an enemy than underrate it.
    "band_estimate": {"black": 3, "yellow": 15, "red": 30},
    # Attack only at or above this chance of taking the territory (exact odds, odds.py).
    "attack_threshold": 0.6,
    # Rounds an attack fights before it withdraws (the order's conditional).
    "attack_rounds": 3,
    # Attacks per turn at most (each is scored again once the one before took its units).
    "max_attacks": 4,
    # A territory's worth: its resources, plus a city, a capital and an industrial complex.
    "value_city": 4, "value_capital": 12, "value_ic": 4,
    # What a unit lost costs, and what an enemy unit killed is worth, in the same resources.
    "loss_cost": {"infantry": 5, "tank": 12, "artillery": 8}, "kill_worth": 5,
    # Infantry kept in a front territory: this share of the strongest enemy next door (with
    # defence 5 against attack 3, a defender holds against about twice its number).
    "garrison_share": 0.5, "garrison_min": 1,
    # Infantry a capital behind the front keeps when the rest goes forward.
    "capital_garrison": 2,
    # Purchases: one artillery for every this many infantry; trenches: at most this share of
    # the bank, against enemies next door estimated at least `trench_threat` units.
    "artillery_share": 3, "trench_share": 0.3, "surrender_below": 0.5, "trench_threat": 10,
    # Naval (naval.py). Ships a colour band in a sea zone stands for (1-5 black, 6-20
    # yellow, 21+ red), each weighed as a battleship: the bot would rather overrate a fleet.
    "fleet_band_estimate": {"black": 4, "yellow": 15, "red": 28},
    # Warships patrol into a zone only where their strength is at least this multiple of the
    # enemy's estimated there (a sea battle has no withdrawal but lost contact).
    "naval_superiority": 1.5,
    # Troops sail to a friendly coast from this many steps behind the front or more (or from
    # land cut off from it), and only to a coast at least `sail_gain` steps nearer a front.
    "sail_from": 3, "sail_gain": 2,
    # A naval invasion goes in at or above this chance of taking the coast (exact odds of a
    # landing that fights to the end: ruling 77), at most `max_invasions` a turn.
    "invasion_threshold": 0.7, "invasion_rounds": 30, "max_invasions": 1,
    # Free warships escort a transport when enemy ships show within this many zones of the
    # zone it ends in (4.2.2).
    "escort_watch": 2,
    # Blockade of US trade (us_trade.py, 1.4, 4.2.6; bot version 4): declared when the bot's
    # own free warships can hold every zone of an enemy's route, each task force at least
    # `naval_superiority` times the enemy ships shown in its zone and the zones next to it,
    # and the trade denied is at least `blockade_min_trade` a turn.
    "blockade_min_trade": 5, "blockade_neighbour_weight": 0.5,
    # Aircraft (aircraft.py; bot version 4): a front is contested where it faces at least
    # `air_contested_threat` estimated enemy units with at least `air_contested_share` of that
    # number of the bot's own land units; then at most `fighters_per_turn` fighters, leaving
    # `fighter_min_bank` of the bank for infantry and guns, at most one plane per
    # `land_per_plane` land units. A plane joins a planned attack when it adds at least
    # `air_gain` to the attack's score.
    "air_contested_threat": 10, "air_contested_share": 0.5, "fighters_per_turn": 1,
    "fighter_min_bank": 30, "land_per_plane": 12, "air_gain": 0.5,
    # The side a neutral major joins when its orders may (historical leanings).
    "joins": {"britain": "allied", "italy": "allied", "ottoman_empire": "central",
              "spain": "allied"},
}


def position_from_view(view: dict[str, Any]) -> Position:
    """The view as a position: the public board, and `secret` for the known nations only."""
    return {"board": view["board"], "flow": view["flow"], "secret": view["known"],
            "bands": view["bands"]}


@dataclass
class Context:
    me: str
    pos: Position
    budget: Budget | None = None
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    enemy: dict[str, int] = field(default_factory=dict)     # enemy territory -> estimated units
    front: set[str] = field(default_factory=set)            # own territories next to an enemy
    threat: dict[str, int] = field(default_factory=dict)    # own area -> strongest enemy next door
    memo: dict[Any, Any] = field(default_factory=dict)      # per-decision caches (air reach)


def enemy_strength(pos: Position, me: str, area: str) -> int:
    """Units of the nations at war with `me` in `area`: exact where the seat may see them,
    else the band's estimate."""
    total = 0
    for nation, secret in pos["secret"].items():
        if at_war(pos, me, nation):
            total += sum(secret["units"].get(area, {}).values())
    for nation, colour in pos["bands"].get(area, {}).items():
        if nation not in pos["secret"] and at_war(pos, me, nation):
            total += int(PLAN["band_estimate"][colour])
    return total


def area_value(area: str) -> int:
    info = world().areas[area]
    return (info.value + (PLAN["value_city"] if info.city else 0)
            + (PLAN["value_capital"] if info.capital else 0) + (PLAN["value_ic"] if info.ic else 0))


def build_context(pos: Position, me: str) -> Context:
    w = world()
    ctx = Context(me, pos, units={a: dict(s) for a, s in pos["secret"][me]["units"].items()})
    for area in w.land():
        if at_war(pos, me, controller(pos, area)):
            ctx.enemy[area] = enemy_strength(pos, me, area)
    for area in ctx.units:
        near = [ctx.enemy[b] for b in w.neighbours(area) if b in ctx.enemy]
        if near:
            ctx.front.add(area)
            ctx.threat[area] = max(near)
    return ctx


def front_distance(pos: Position, me: str, front: set[str]) -> dict[str, int]:
    """Steps through friendly land from each friendly territory to the nearest front one."""
    w = world()
    dist = {a: 0 for a in front}
    queue = deque(sorted(front))
    while queue:
        a = queue.popleft()
        for b in w.neighbours(a):
            if b not in dist and allied(pos, me, controller(pos, b)):
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def garrison(ctx: Context, area: str) -> int:
    """Infantry a territory keeps: a share of the strongest enemy next door (front only)."""
    if area not in ctx.front:
        return 0
    return max(PLAN["garrison_min"], math.ceil(PLAN["garrison_share"] * ctx.threat[area]))
