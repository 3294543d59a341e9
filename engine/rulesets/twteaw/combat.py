"""One land battle, round by round (TWTEAW Phase 4.6, "Artillery", "Straits", "Cities").

Every round both sides roll at once: a D10 per unit, a hit on a roll at or under its value.
Attackers use attack values less their penalties (never below 1: crossing a strait costs
infantry and artillery 2, a trench 2, 3 and 2 for infantry, artillery and tanks); defenders use
defence values. The defending city rolls 1 while a defending unit is left, and is never a
casualty. A strait attack meets a virtual coastal defender (defence 1, the first casualty). A
landing from the sea (4.6.1) meets one too, and there it holds the beach on its own (the battle
goes on while it stands, even with no other defender), and the landing's groups never withdraw
(`invasions.py`); one coastal defender a battle. An industrial complex its holder ordered to
defend rolls 1 like the city while a defending unit is left, and is the last casualty: a hit
beyond every defending unit destroys it ("Industrial complexes"; ruling 67). Artillery fires
from next door with its attack value,
for the attack or for the defence; it is never a casualty there, and stops when the units it
fires for are gone — or after round 1 when its own territory is attacked too. Battleships on a
shore bombardment (4.2.3, 4.6.1) fire the same way from their sea zone for a landing, with
their bombardment value, in every round while a unit that came ashore still fights. Each side removes
one unit per hit: a coalition fighting a single nation has a fictive unit that soaks the first
hit, and shares the rest by each nation's part of the side's strength; within a nation, units go
in its casualty order. The attacker fights at least one round; an attacking group withdraws
after its `rounds` or once its losses exceed `max_losses`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.kernel import Roller

from . import invasions
from . import units as U

MAX_ROUNDS = 30          # a battle still undecided after this many rounds ends with a withdrawal


@dataclass
class Fighter:
    nation: str
    type: str
    group: int                    # index of the attacking group (-1: a defender)
    crossing: str = "land"
    joins: int = 1                # the first round it fires in (a gun busy next door: 2)
    penalty: int = 0              # off its attack value: a strait, a trench (never below 1)
    fuel: int = 0                 # an attacking plane: fuel left (air.py)
    home: int = 0                 # and the fuel it keeps to get home
    bonus: int = 0                # added after the floor: tactical bombing's +1 (bombing.py)


@dataclass
class Group:
    """One attack order's units (or the defenders, group -1)."""
    nation: str
    origin: str
    rounds: int | None = None
    max_losses: int | None = None
    lost: int = 0
    withdrawn: bool = False
    landing: bool = False         # came ashore from transports: no withdrawal (4.6.1)


@dataclass
class Gun:
    """Artillery firing into this battle from `origin`."""
    nation: str
    origin: str
    count: int
    crossing: str
    busy_at_home: bool = False    # its own territory is attacked: it fires in round 1 only
    penalty: int = 0
    bombard: int = 0              # battleships shelling from the sea zone `origin`: their
    #                               bombardment value, every round while a landing's units fight (4.6.1)


@dataclass
class Battle:
    area: str
    attackers: list[Fighter]
    defenders: list[Fighter]
    groups: list[Group]
    attack_guns: list[Gun] = field(default_factory=list)
    defence_guns: list[Gun] = field(default_factory=list)
    city: bool = False
    ic_defends: bool = False                 # the holder ordered its IC to fight (last casualty)
    ic_lost: bool = False
    special: str | None = None               # "switzerland" | "gibraltar"
    both_attack: bool = False                # a three-way battle: both sides use attack values
    stage: str = ""                          # names the dice of a three-way battle
    casualty_order: dict[str, list[str]] = field(default_factory=dict)
    rounds: int = 0
    losses: dict[str, dict[str, int]] = field(default_factory=dict)   # nation -> type -> lost
    gone: list[Fighter] = field(default_factory=list)                 # attackers who withdrew
    # defenders' withdrawal orders: nation -> (losses it accepts, where it may go); and who went
    defender_limits: dict[str, int] = field(default_factory=dict)
    fled: list[Fighter] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)


def attack_value(f: Fighter) -> int:
    return max(1, U.UNITS[f.type].attack - f.penalty) + f.bonus


def defence_value(b: Battle, f: Fighter, side: list[Fighter]) -> int:
    if f.type == "infantry" and b.special == "switzerland":
        return U.SWISS_INFANTRY_DEFENCE
    if f.type == "infantry" and b.special in ("afghanistan", "tibet"):
        return U.MOUNTAIN_INFANTRY_DEFENCE
    if f.type == "artillery" and not any(o.type in ("infantry", "tank") for o in side):
        return U.LONE_ARTILLERY_DEFENCE
    return U.UNITS[f.type].defence


def gun_value(g: Gun) -> int:
    if g.bombard:
        return g.bombard
    return max(1, U.UNITS["artillery"].attack - g.penalty)


def _firing(b: Battle, g: Gun) -> bool:
    if g.bombard:
        return any(b.groups[f.group].landing for f in b.attackers)
    return b.rounds == 1 or not g.busy_at_home


def _roll(roller: Roller, values: list[int], b: Battle, who: str) -> tuple[int, list[int]]:
    if not values:
        return 0, []
    where = f"{b.area} {b.stage}" if b.stage else b.area
    dice = roller.roll(10, f"{who} in {where}, round {b.rounds}", len(values),
                       key=f"battle {where} {who} r{b.rounds}")
    return sum(1 for d, v in zip(dice, values, strict=True) if d <= v), dice


def share_hits(hits: int, fighters: list[Fighter], values: dict[int, int]) -> dict[str, int]:
    """Hits per nation in proportion to each nation's strength (largest remainders; a tie goes
    to the stronger nation, then by id), never more than a nation has units; the overflow goes
    round again."""
    count: dict[str, int] = {}
    strength: dict[str, int] = {}
    for i, f in enumerate(fighters):
        count[f.nation] = count.get(f.nation, 0) + 1
        strength[f.nation] = strength.get(f.nation, 0) + values[i]
    out = {n: 0 for n in count}
    left = min(hits, sum(count.values()))
    while left > 0:
        open_ = sorted(n for n in count if out[n] < count[n])
        total = sum(max(strength[n], 1) for n in open_)
        quota = {n: left * max(strength[n], 1) / total for n in open_}
        given = {n: min(math.floor(quota[n]), count[n] - out[n]) for n in open_}
        rest = left - sum(given.values())
        for n in sorted(open_, key=lambda n: (-(quota[n] - math.floor(quota[n])), -strength[n], n)):
            if rest and out[n] + given[n] < count[n]:
                given[n] += 1
                rest -= 1
        for n in open_:
            out[n] += given[n]
        left -= sum(given.values())
        if not any(given.values()):
            break
    return out


def take_hits(b: Battle, side: list[Fighter], hits: int, values: list[int]) -> None:
    """Remove `hits` units from `side` (in place), by nation shares and casualty orders."""
    per_nation = share_hits(hits, side, dict(enumerate(values)))
    for nation, n in sorted(per_nation.items()):
        order = U.casualty_order(b.casualty_order.get(nation, list(U.LAND_TYPES)))
        for _ in range(n):
            mine = [f for f in side if f.nation == nation]
            victim = min(mine, key=lambda f: (order.index(f.type), f.group))
            side.remove(victim)
            b.losses.setdefault(nation, {})
            b.losses[nation][victim.type] = b.losses[nation].get(victim.type, 0) + 1
            if victim.group >= 0:
                b.groups[victim.group].lost += 1


def _coalition(side: list[Fighter], other: list[Fighter]) -> bool:
    return len({f.nation for f in side}) > 1 and len({f.nation for f in other}) == 1


def _spend_fuel(b: Battle) -> None:
    """A round costs every attacking plane 1 fuel; one that can only just get home leaves."""
    going = []
    for f in b.attackers:
        if U.UNITS[f.type].air:
            f.fuel -= 1
            if f.fuel <= f.home:
                going.append(f)
    b.gone += going
    b.attackers = [f for f in b.attackers if not any(f is g for g in going)]


def fight(b: Battle, roller: Roller) -> str:
    """Resolve the battle; returns "captured", "held" (attackers gone or withdrawn) or
    "cleared" (no defender left and nobody able to take the territory)."""
    beach = any(f.crossing == "beach" for f in b.attackers) and not b.both_attack
    virtual = beach or (any(f.crossing == "strait" for f in b.attackers) and not b.both_attack)
    fictive_attack = _coalition(b.attackers, b.defenders)
    fictive_defence = _coalition(b.defenders, b.attackers)
    while b.attackers and (b.defenders or (beach and virtual)):
        b.rounds += 1
        a_values = [attack_value(f) for f in b.attackers]
        guns = [g for g in b.attack_guns if _firing(b, g)]
        a_values_all = a_values + [gun_value(g) for g in guns for _ in range(g.count)]
        d_values = [attack_value(f) if b.both_attack else defence_value(b, f, b.defenders)
                    for f in b.defenders]
        d_dice = []
        for f, v in zip(b.defenders, d_values, strict=True):
            if f.joins > b.rounds or f.type == "aa":
                continue        # an AA gun fires once, at planes, before the rounds (air.py)
            d_dice += [v] * (U.GIBRALTAR_INFANTRY_DICE if b.special == "gibraltar" and f.type == "infantry" else 1)
        dguns = [g for g in b.defence_guns if b.rounds == 1 or not g.busy_at_home]
        d_dice += [gun_value(g) for g in dguns for _ in range(g.count)]
        if b.city:
            d_dice.append(U.CITY_DEFENCE)
        if b.ic_defends:
            d_dice.append(U.IC_DEFENCE)
        if virtual:
            d_dice.append(invasions.COASTAL_DEFENCE if beach else U.VIRTUAL_DEFENCE)
        a_hits, a_roll = _roll(roller, a_values_all, b, "attack")
        d_hits, d_roll = _roll(roller, d_dice, b, "defence")
        if virtual and a_hits:
            virtual, a_hits = False, a_hits - 1
        if fictive_defence and a_hits:
            fictive_defence, a_hits = False, a_hits - 1
        if fictive_attack and d_hits:
            fictive_attack, d_hits = False, d_hits - 1
        if b.ic_defends and a_hits > len(b.defenders):
            b.ic_defends, b.ic_lost = False, True    # a hit beyond every defending unit
        take_hits(b, b.defenders, a_hits, d_values)
        take_hits(b, b.attackers, d_hits, a_values)
        b.log.append({"round": b.rounds, "attack_dice": a_roll, "defence_dice": d_roll})
        _spend_fuel(b)
        if not b.attackers or not (b.defenders or (beach and virtual)):
            break
        for g in b.groups:
            if g.withdrawn:
                continue
            if g.landing:
                g.withdrawn = b.rounds >= invasions.LANDING_MAX_ROUNDS
                continue
            over_losses = g.max_losses is not None and g.lost > g.max_losses
            if (g.rounds is not None and b.rounds >= g.rounds) or over_losses or b.rounds >= MAX_ROUNDS:
                g.withdrawn = True
        b.gone += [f for f in b.attackers if b.groups[f.group].withdrawn]
        b.attackers = [f for f in b.attackers if not b.groups[f.group].withdrawn]
        for nation, limit in sorted(b.defender_limits.items()):
            if sum(b.losses.get(nation, {}).values()) > limit:
                # defenders disengage; guns cannot leave an attacked territory
                leaving = [f for f in b.defenders if f.nation == nation and f.type not in ("artillery", "aa")]
                b.fled += leaving
                b.defenders = [f for f in b.defenders if f not in leaving]
                del b.defender_limits[nation]
    if b.defenders or (beach and virtual):
        return "held"
    if any(U.UNITS[f.type].captures for f in b.attackers):
        return "captured"
    return "cleared"
