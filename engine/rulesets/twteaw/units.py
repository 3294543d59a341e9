"""The land units of the playable core (TWTEAW "Units" and Phase 3.1).

The rulebook prints full figures only for AA guns, rockets and carriers; the rest are on a
"Units and Technology" page it does not include. Attack and defence below are the baseline the
digest derives from the worked examples (Best Army: infantry 3/5, artillery 6/2; tanks 6/1);
the costs of infantry, artillery and tanks are **authored** (docs/rules/twteaw.md). Ships and
aircraft come with the naval and air slices.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UnitType:
    title: str
    cost: int
    attack: int
    defence: int
    captures: bool       # only infantry and tanks take territory (Phase 4.4)
    advances: bool       # may move into enemy territory (artillery, AA and rockets may not)
    cost_source: str


UNITS: dict[str, UnitType] = {
    "infantry": UnitType("Infantry", 5, 3, 5, True, True, "authored"),
    "artillery": UnitType("Artillery", 8, 6, 2, False, False, "authored"),
    "tank": UnitType("Tank", 12, 6, 1, True, True, "authored"),
}
LAND_TYPES = tuple(UNITS)            # the order casualties are taken in by default
INFANTRY_SURCHARGE = 5               # Phase 7 rule 3: infantry placed outside a city
ARTILLERY_CITY_SURCHARGE = 10        # Phase 7 rule 5: artillery placed in a city without an IC
LONE_ARTILLERY_DEFENCE = 1           # artillery alone (no infantry or tanks) defends at 1
SWISS_INFANTRY_DEFENCE = 8           # "Switzerland": infantry defends at 8
GIBRALTAR_INFANTRY_DICE = 3          # "Gibraltar": each defending infantry rolls three dice
STRAIT_PENALTY = {"infantry": 2, "artillery": 2}   # "Straits": only these may attack across
CITY_DEFENCE = 1                     # "Cities": defends at 1, never a casualty
IC_DEFENCE = 1                       # "Industrial complexes": 1, only when ordered to defend
VIRTUAL_DEFENCE = 1                  # the strait's virtual coastal defender


def stack_size(units: dict[str, int]) -> int:
    return sum(units.values())
