"""One sea battle (TWTEAW Phase 4.3, with the Phase 4.2 contact check), between the Central
and the Allied ships that end their naval movement in one sea zone (docs/rules/twteaw.md,
ruling 72).

- A camp is **aggressive** when one of its task forces there is on patrol, blockades (4.2.6) or bombards (ships without
  orders outside friendly waters patrol too), or lies docked where an enemy transport carries
  an invasion force (4.2, digest §3.5: docked ships turn on invasions; ruling 78), or escorts
  its own ships where an aggressive enemy task force is (4.2.2: the escorted are endangered;
  ruling 85); a battle needs at least one aggressive camp.
- **Contact**, before every round: each ship of an aggressive camp able to hunt rolls a D10;
  contact holds if any die is at or under its aggressive factor less the best defensive factor
  among the enemy's ships (never below 1). Lost contact ends the battle. Escorts change round
  1 (`engage`, 4.2.2, ruling 85): an enemy that finds the escorted ships but misses their
  escorts meets the escorts' interception and its free round.
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
HIT_ORDER = ("battleship", "transport", "cruiser", "damaged_battleship", "submarine")


@dataclass(slots=True)
class TaskForce:
    """Ships of one nation that move and fight together under one mission this turn."""

    nation: str
    zone: str
    ships: dict[str, int]
    mission: str                       # a naval.MISSIONS mission, or "dock"
    came_from: str
    cargo: dict[str, Any] | None = None          # {"from", "to", "units"} for a transport
    lost: dict[str, int] = field(default_factory=dict)
    invading: bool = False             # its cargo is bound for a coast its side does not hold
    hunts_invaders: bool = False       # docked, with an enemy invasion force in its zone
    target: str | None = None          # the coast a bombarding task force shells (4.2.3)

    endangered: bool = False           # an escort whose zone holds an aggressive enemy (4.2.2)

    def aggressive(self) -> bool:
        return (self.mission in ("patrol", "bombard", "blockade")
                or (self.mission == "dock" and self.hunts_invaders)
                or (self.mission == "escort" and self.endangered))

    def size(self) -> int:
        return sum(self.ships.values())

    def submerged(self) -> bool:
        """Submarines only (ruling 160): it takes no part in a surface battle (4.3) and fights
        only by its interception (4.2.10) or when detected (4.2.9; `submarines.py`)."""
        return bool(self.ships) and all(SHIPS[t].submarine for t in self.ships)


def _hunters(camp: list[TaskForce]) -> list[int]:
    return [SHIPS[t].aggressive for tf in camp if tf.aggressive()
            for t, n in sorted(tf.ships.items()) for _ in range(n) if SHIPS[t].aggressive]


def _evasion(camp: list[TaskForce]) -> int:
    return max((SHIPS[t].evasion for tf in camp for t, n in tf.ships.items() if n), default=0)


def _search(roller: Roller, zone: str, camps: dict[str, list[TaskForce]],
            rnd: int) -> dict[str, tuple[list[int], list[int]]]:
    """Phase 4.2: each aggressive camp's hunters roll their D10s this round: camp -> (the
    hunters' factors, their dice)."""
    out = {}
    for name, camp in sorted(camps.items()):
        hunters = _hunters(camp)
        if hunters:
            out[name] = (hunters, roller.roll(10, f"{name} searching {zone}, round {rnd}",
                                              len(hunters), key=f"naval {zone} {name} contact r{rnd}"))
    return out


def _finds(rolled: tuple[list[int], list[int]], enemy: list[TaskForce]) -> bool:
    """Does a die reach its hunter's factor less the best defensive factor among `enemy`?"""
    hunters, dice = rolled
    evasion = _evasion(enemy)
    return bool(enemy) and any(d <= max(1, f - evasion) for d, f in zip(dice, hunters, strict=True))


def engage(roller: Roller, zone: str, camps: dict[str, list[TaskForce]],
           rnd: int) -> dict[str, tuple[list[TaskForce], list[TaskForce]]] | None:
    """This round's contact (4.2) and who fights in it: camp -> (the task forces that fire, the
    task forces that take the enemy's hits); None when contact is lost.

    Escorts (4.2.2, ruling 85), in round 1, when exactly one camp has endangered escorts: the
    enemy's hunters are read against the escorts' defensive factor and, apart, against the rest
    of that camp's. Finding the escorts is a battle as usual. Finding only the ships they
    protect, the enemy attacks those: if the escorts' own hunters then find the enemy (their
    interception), round 1 is their free round: the escorts alone fire, and the enemy takes
    their hits without firing back; if they miss, round 1 is fought without the escorts (they
    neither fire nor take hits). Every other round is fought by everyone (ruling 72)."""
    rolled = _search(roller, zone, camps, rnd)
    everyone = {name: (camp, camp) for name, camp in camps.items()}
    guarded = [name for name, camp in camps.items()
               if any(tf.mission == "escort" and tf.endangered and tf.size() for tf in camp)]
    if rnd == 1 and len(guarded) == 1:
        (mine,) = guarded
        (theirs,) = [n for n in camps if n != mine]
        escorts = [tf for tf in camps[mine] if tf.mission == "escort"]
        rest = [tf for tf in camps[mine] if tf.mission != "escort" and tf.size()]
        hunted = rolled.get(theirs)
        intercept = mine in rolled and _finds(rolled[mine], camps[theirs])
        if hunted is not None and not _finds(hunted, escorts) and _finds(hunted, rest):
            if intercept:
                return {mine: (escorts, camps[mine]), theirs: ([], camps[theirs])}
            return {mine: (rest, rest), theirs: (camps[theirs], camps[theirs])}
    found = any(_finds(r, [tf for other, c in camps.items() if other != name for tf in c])
                for name, r in rolled.items())
    return everyone if found else None


def round_values(camp: list[TaskForce], rnd: int) -> list[int]:
    """The values the camp's ships fire at in round `rnd` (module docstring: Fire)."""
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
    values = round_values(camp, rnd)
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
        fighting = engage(roller, zone, camps, rnd + 1)
        if fighting is None:
            break
        rnd += 1
        hits = {name: _fire(roller, zone, name, fighting[name][0], rnd)
                for name in sorted(camps)}
        for name in sorted(camps):
            taken = sum(h for other, h in hits.items() if other != name)
            take_hits(fighting[name][1], taken)
    return rnd
