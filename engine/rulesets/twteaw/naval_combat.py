"""One sea battle (TWTEAW Phase 4.3, with the Phase 4.2 contact check), between the Central
and the Allied ships that end their naval movement in one sea zone (docs/rules/twteaw.md,
ruling 72).

- A camp is **aggressive** when one of its task forces there is on patrol or bombards (ships without
  orders outside friendly waters patrol too), or lies docked where an enemy transport carries
  an invasion force (4.2, digest §3.5: docked ships turn on invasions; ruling 78); a battle
  needs at least one aggressive camp.
- **Contact**, before every round: each ship of an aggressive camp able to hunt rolls a D10;
  contact holds if any die is at or under its aggressive factor less the best defensive factor
  among the enemy's ships (never below 1). Lost contact ends the battle.
- **Fire**: every ship rolls a D10 and hits at or under its value — its attack when its camp is
  aggressive, its defence otherwise (the D10 hit-on-≤ shape of land combat). Transports on a
  transport mission hold their fire in round 1; battleships on a shore-bombardment mission fire
  at 25 % of that value (rounded down; a die only if it is above 0) in round 1 (4.2.3, ruling
  82). Both camps fire, then the hits are taken.
- **Casualties**, the owners' default order: a hit first damages an undamaged battleship
  (the second hit on it sinks it), then sinks a transport, a cruiser, a damaged battleship;
  within a type, from the task force holding most of them (then by nation).
- The battle ends when a camp has no ships left, contact is lost, or after `MAX_ROUNDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kernel import Roller

from .units import BOMBARD_FIRST_ROUND_PERCENT, SHIPS, SHORE_BOMBARDMENT

RULE = "TWTEAW 4.3"
MAX_ROUNDS = 10
HIT_ORDER = ("battleship", "transport", "cruiser", "damaged_battleship")


@dataclass(slots=True)
class TaskForce:
    """Ships of one nation that move and fight together under one mission this turn."""

    nation: str
    zone: str
    ships: dict[str, int]
    mission: str                       # "patrol", "move", "transport", "bombard" or "dock"
    came_from: str
    cargo: dict[str, Any] | None = None          # {"from", "to", "units"} for a transport
    lost: dict[str, int] = field(default_factory=dict)
    invading: bool = False             # its cargo is bound for a coast its side does not hold
    hunts_invaders: bool = False       # docked, with an enemy invasion force in its zone
    target: str | None = None          # the coast a bombarding task force shells (4.2.3)

    def aggressive(self) -> bool:
        return self.mission in ("patrol", "bombard") or (self.mission == "dock" and self.hunts_invaders)

    def size(self) -> int:
        return sum(self.ships.values())


def _hunters(camp: list[TaskForce]) -> list[int]:
    return [SHIPS[t].aggressive for tf in camp if tf.aggressive()
            for t, n in sorted(tf.ships.items()) for _ in range(n) if SHIPS[t].aggressive]


def _evasion(camp: list[TaskForce]) -> int:
    return max((SHIPS[t].evasion for tf in camp for t, n in tf.ships.items() if n), default=0)


def contact(roller: Roller, zone: str, camps: dict[str, list[TaskForce]], rnd: int) -> bool:
    """Phase 4.2: does any hunter of an aggressive camp find the enemy this round?"""
    found = False
    for name, camp in sorted(camps.items()):
        hunters = _hunters(camp)
        if not hunters:
            continue
        enemy = [tf for other, c in camps.items() if other != name for tf in c]
        need = [max(1, f - _evasion(enemy)) for f in hunters]
        dice = roller.roll(10, f"{name} searching {zone}, round {rnd}", len(need),
                           key=f"naval {zone} {name} contact r{rnd}")
        found = found or any(d <= v for d, v in zip(dice, need, strict=True))
    return found


def _values(camp: list[TaskForce], rnd: int) -> list[int]:
    aggressive = any(tf.aggressive() for tf in camp)
    out = []
    for tf in camp:
        if tf.mission == "transport" and rnd == 1:
            continue
        for t, n in sorted(tf.ships.items()):
            value = SHIPS[t].attack if aggressive else SHIPS[t].defence
            if tf.mission == "bombard" and rnd == 1 and t in SHORE_BOMBARDMENT:
                value = value * BOMBARD_FIRST_ROUND_PERCENT // 100
            out += [value] * n if value > 0 else []
    return out


def _fire(roller: Roller, zone: str, name: str, camp: list[TaskForce], rnd: int) -> int:
    values = _values(camp, rnd)
    if not values:
        return 0
    dice = roller.roll(10, f"{name} ships firing in {zone}, round {rnd}", len(values),
                       key=f"naval {zone} {name} r{rnd}")
    return sum(1 for d, v in zip(dice, values, strict=True) if d <= v)


def take_hits(camp: list[TaskForce], hits: int) -> None:
    """The default casualty order (module docstring)."""
    for _ in range(hits):
        for kind in HIT_ORDER:
            holders = [tf for tf in camp if tf.ships.get(kind, 0) > 0]
            if holders:
                break
        else:
            return
        tf = sorted(holders, key=lambda f: (-f.ships[kind], f.nation, f.came_from))[0]
        tf.ships[kind] -= 1
        if not tf.ships[kind]:
            del tf.ships[kind]
        if kind == "battleship":
            tf.ships["damaged_battleship"] = tf.ships.get("damaged_battleship", 0) + 1
        tf.lost[kind] = tf.lost.get(kind, 0) + 1


def fight(roller: Roller, zone: str, camps: dict[str, list[TaskForce]]) -> int:
    """Fight the battle in `zone` between the two camps; the task forces lose their ships in
    place (`ships`, `lost`). Returns the rounds fought (0: no contact)."""
    rnd = 0
    while rnd < MAX_ROUNDS and all(any(tf.size() for tf in c) for c in camps.values()):
        if not contact(roller, zone, camps, rnd + 1):
            break
        rnd += 1
        hits = {name: _fire(roller, zone, name, camp, rnd) for name, camp in sorted(camps.items())}
        for name, camp in sorted(camps.items()):
            taken = sum(h for other, h in hits.items() if other != name)
            take_hits(camp, taken)
    return rnd
