"""BoP 1.3, 6.41-6.44, 8.31 — naval units as data: ship classes, the ships and navy leaders.

`data/naval_classes.csv` holds one row per counter type (BB, BC, CA, CL, CC, PD, CD, SS, UB)
with its gunnery (the torpedo score for submarines), armor and radius, full and damaged. The
rulebook prints only a few of these numbers in its examples (each row's `source` says which);
the rest are ours, authored from the 1914-16 fleets and kept in proportion to the printed ones.
Every naval unit has two steps (1.3): a hit flips it to its damaged side (8.333).

`data/fleets.csv` holds the ships and navy leaders of the scenarios' orders of battle with where
they start: a Sea Chart box id or a map hex label (CCRR). A row's `scenario` lists every
scenario (space-separated) that sets the counter up there: 12.3 and 12.6 share the counters
both list in the same home ports (ruling 101). A leader starts aboard the ship named
in `start` and rides a ship of his type (`rides`), sharing its fate (8.31).

The state keeps ships in `board["fleets"]` (`{id: {"at": loc, "steps": 1|2}}`) and leaders in
`board["admirals"]` (`{id: ship id}`); only scenarios with the standard admiralty (6.41) have
these keys, so 12.1's state is unchanged.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .tables import CENTRAL, ENTENTE

DATA = Path(__file__).parent / "data"
NAVAL_SIDE = {"germany": CENTRAL, "austria_hungary": CENTRAL, "britain": ENTENTE,
              "france": ENTENTE, "russia": ENTENTE}
VAN_KINDS = ("BC", "CA", "CL")          # 8.31: may form the van
SUBMARINES = ("SS", "UB")


@dataclass(frozen=True)
class ShipClass:
    kind: str
    name: str
    surface: bool
    van: bool
    gunnery: int
    armor: int
    radius: int
    damaged_gunnery: int
    damaged_armor: int


@dataclass(frozen=True)
class Ship:
    id: str
    nation: str
    kind: str
    name: str
    scenario: str       # the scenarios (space-separated) that set it up here
    start: str          # a Sea Chart box id or a map hex label (CCRR)

    @property
    def scenarios(self) -> tuple[str, ...]:
        return tuple(self.scenario.split())

    @property
    def cls(self) -> ShipClass:
        return CLASSES[self.kind]


@dataclass(frozen=True)
class NavyLeader:
    id: str
    nation: str
    name: str
    scenario: str
    aboard: str         # the ship he starts on
    rides: str          # the ship type he must ride (8.31, 8.334)

    @property
    def scenarios(self) -> tuple[str, ...]:
        return tuple(self.scenario.split())


def _read(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _classes() -> Mapping[str, ShipClass]:
    out = {}
    for row in _read("naval_classes.csv"):
        out[row["kind"]] = ShipClass(
            kind=row["kind"], name=row["name"], surface=row["surface"] == "yes",
            van=row["van"] == "yes", gunnery=int(row["gunnery"]), armor=int(row["armor"]),
            radius=int(row["radius"]), damaged_gunnery=int(row["damaged_gunnery"]),
            damaged_armor=int(row["damaged_armor"]))
    return MappingProxyType(out)


CLASSES = _classes()


def _fleets() -> tuple[Mapping[str, Ship], Mapping[str, NavyLeader]]:
    ships: dict[str, Ship] = {}
    leaders: dict[str, NavyLeader] = {}
    for row in _read("fleets.csv"):
        if row["kind"] == "leader":
            leaders[row["id"]] = NavyLeader(row["id"], row["nation"], row["name"],
                                            row["scenario"], row["start"], row["rides"])
        else:
            if row["kind"] not in CLASSES:
                raise ValueError(f"fleets.csv: {row['id']} has unknown kind {row['kind']!r}")
            ships[row["id"]] = Ship(row["id"], row["nation"], row["kind"], row["name"],
                                    row["scenario"], row["start"])
    for leader in leaders.values():
        ship = ships.get(leader.aboard)
        if ship is None or ship.kind != leader.rides or ship.nation != leader.nation or not set(
                leader.scenarios) <= set(ship.scenarios):
            raise ValueError(f"fleets.csv: {leader.id} must start on a {leader.rides} of "
                             f"{leader.nation}, not {leader.aboard!r}")
    return MappingProxyType(ships), MappingProxyType(leaders)


SHIPS, NAVY_LEADERS = _fleets()


def ships_of(scenario: str) -> list[Ship]:
    return [s for s in SHIPS.values() if scenario in s.scenarios]


def leaders_of(scenario: str) -> list[NavyLeader]:
    return [n for n in NAVY_LEADERS.values() if scenario in n.scenarios]


def standard_admiralty(state: dict[str, Any]) -> bool:
    """6.41 — the game plays the standard admiralty (sections 7–8: 12.3, 12.6), which the
    optional one (6.45) replaces (6.451): its ships are on the board. Then 3.123 rules supply
    over water, 7.6 transport and 7.7 invasion; 6.45's sea moves, landing counter, naval
    gunfire and free water supply are not used (ruling 105)."""
    return "fleets" in state["board"]


def ships_at(state: dict[str, Any], loc: str, side: str, surface: bool = True) -> list[str]:
    """`side`'s surface ships (or submarines) in `loc`, sorted."""
    return sorted(uid for uid, ship in state["board"].get("fleets", {}).items()
                  if ship["at"] == loc and side_of_ship(uid) == side and is_surface(uid) == surface)


def gunfire_ships(state: dict[str, Any], loc: str, side: str) -> list[str]:
    """10.52, 10.561 — `side`'s surface ships in `loc` with a gunnery above one: the ships
    that count as a siege corps and cancel an amphibious invasion's −2."""
    return [uid for uid in ships_at(state, loc, side) if gunnery(state, uid) > 1]


def side_of_ship(uid: str) -> str:
    return NAVAL_SIDE[SHIPS[uid].nation]


def is_surface(uid: str) -> bool:
    return CLASSES[SHIPS[uid].kind].surface


def gunnery(state: dict[str, Any], uid: str) -> int:
    """The ship's gunnery (torpedo score) on the side it now shows (8.333)."""
    c = SHIPS[uid].cls
    return c.gunnery if state["board"]["fleets"][uid]["steps"] == 2 else c.damaged_gunnery


def armor(state: dict[str, Any], uid: str) -> int:
    c = SHIPS[uid].cls
    return c.armor if state["board"]["fleets"][uid]["steps"] == 2 else c.damaged_armor


def radius(uid: str) -> int:
    """The printed radius (7.11); a damaged ship keeps it (ruling 70: 7.1 speaks only of the
    printed score)."""
    return SHIPS[uid].cls.radius


def naval_range(uid: str) -> int:
    """7.11 — range is four times the radius: the NMP a ship has each GQ sub-phase."""
    return 4 * radius(uid)


def gunnery_lost(state: dict[str, Any], side: str) -> int:
    """12.6 — gunnery points a side has lost: a sunk ship all of its printed gunnery, a
    damaged one the difference between its two sides."""
    lost = 0
    for ship in SHIPS.values():
        if state.get("scenario") not in ship.scenarios or NAVAL_SIDE[ship.nation] != side:
            continue
        here = state["board"]["fleets"].get(ship.id)
        if here is None:
            lost += ship.cls.gunnery
        elif here["steps"] == 1:
            lost += ship.cls.gunnery - ship.cls.damaged_gunnery
    return lost
