"""Printed tables and formulas of the rulebook, as pure functions of their inputs.

Each reproduces the rulebook's worked examples (tests/engine/twteaw/test_examples.py). The
rules that use them (air combat, naval contact, reconnaissance, the final score) come with
their slices; the arithmetic is settled here first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

# "Units: Fighters": a fighter's attack value in air combat, by its own level (row) and the
# enemy fighters' level (column).
FIGHTER_AIR_ATTACK = (
    (2, 1, 1, 1, 1),
    (2, 2, 1, 1, 1),
    (2, 2, 2, 1, 1),
    (2, 2, 2, 2, 2),
    (3, 3, 3, 3, 3),
)
BOMBER_AIR_ATTACK = 1

# Phase 4.2: contact (engagement) factors: aggressive (a hit on a D10 at or under it) and the
# defensive factor a task force imposes on its hunters (only its best unit counts).
AGGRESSIVE = {"battleship": 3, "cruiser": 5, "submarine": 2, "fighter": 2, "bomber": 4}
DEFENSIVE = {"battleship": 1, "cruiser": 2, "submarine": 1, "fighter": 1, "bomber": 2,
             "carrier": 0, "transport": 0}

# Phase 3.3: passive reconnaissance base chances, by unit, on land and at sea (percent).
RECON_LAND = {"infantry": 10, "tank": 5, "trench": 5, "battleship": 5, "cruiser": 5,
              "carrier": 5, "fighter": 10, "bomber": 10}
RECON_SEA = {"infantry": 5, "tank": 5, "battleship": 30, "cruiser": 50, "carrier": 30,
             "submarine": 20, "fighter": 5, "bomber": 5}


def fighter_air_attack(own_level: int, enemy_level: int) -> int:
    return FIGHTER_AIR_ATTACK[own_level][enemy_level]


def contact_chance(hunters: Iterable[int], enemy_defence: int) -> int:
    """Phase 4.2: the chance (whole percent, rounded down) that at least one hunter's D10 falls
    at or under its aggressive factor less the enemy's defensive factor (never below 1)."""
    miss = 1.0
    for factor in hunters:
        miss *= 1 - max(1, factor - enemy_defence) / 10
    return math.floor(100 * (1 - miss) + 1e-9)


def recon_chance(borders: Iterable[tuple[Iterable[int], str]]) -> int:
    """Phase 3.3: passive recon of one territory from several borders. The units looking
    across one border combine (1 − Π(1 − bᵢ)), in whole percent; a trench on that border halves
    it, a super trench quarters it (rounded down); the borders then combine the same way.
    `borders`: (base chances in percent, "none" | "trench" | "super") per border."""
    miss = 1.0
    for chances, cover in borders:
        seen = 1.0
        for b in chances:
            seen *= 1 - b / 100
        percent = round(100 * (1 - seen))
        percent //= {"none": 1, "trench": 2, "super": 4}[cover]
        miss *= 1 - percent / 100
    return math.floor(100 * (1 - miss) + 0.5)


def best_army(units: Iterable[tuple[int, int, int]]) -> int:
    """"Victory conditions": Σ attack × defence × count over land and air units."""
    return sum(a * d * n for a, d, n in units)


def best_naval_force(ships: Iterable[tuple[int, int, int, int]],
                     carriers: Iterable[tuple[int, int, int, list[tuple[int, int]], int]] = ()) -> int:
    """"Victory conditions": Σ attack × defence × hits × count over ships; a carrier counts as
    (its attack + its fighters' attacks) × (its defence + theirs) × its hits."""
    total = sum(a * d * h * n for a, d, h, n in ships)
    for a, d, h, fighters, n in carriers:
        total += (a + sum(f[0] for f in fighters)) * (d + sum(f[1] for f in fighters)) * h * n
    return total
