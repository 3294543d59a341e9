"""DoD 2.2 — the political map as the rules see it: `dod-political`'s territories and borders.

The seed does not print its map; the compiled document (engine/maps/compiled/dod-political.json,
built by engine/maps/political.py from engine/maps/data/dod/) is slice one of it: the 1936
territories of the eight major powers and of the display minors, with the colonies and the
territories the national options name, each value with its provenance (`sources`). Rulings
113-117 in docs/rules/days_of_decision.md say what was authored and how.

Read once per process and immutable, so every game shares it. Nothing in a game's state comes
from it but what an option built on it changes (GE 7 from version 19, rulings 118-120).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from engine.maps import compiled_path

MAP_NAME = "dod-political"

# DoD 4: the 67 objectives, names as printed.
OBJECTIVES: tuple[str, ...] = (
    "Aden", "Amsterdam", "Antwerp", "Athens", "Baghdad", "Batavia", "Belgrade", "Berlin",
    "Birmingham", "Bucharest", "Budapest", "Buenos Aires", "Calcutta", "Canberra", "Cape Town",
    "Chungking", "Colombo", "Dakar", "Delhi", "Diego Suarez", "Dutch Harbor", "Gibraltar",
    "Helsinki", "Honolulu", "Istanbul", "Jerusalem", "Kiel", "Kiev", "Kwajalein", "Lan-Chow",
    "Leningrad", "London", "Los Angeles", "Madrid", "Manila", "Marseilles", "Mexico City",
    "Milan", "Munich", "Moscow", "Oslo", "Ottawa", "Pago Pago", "Panama", "Paris",
    "Port Arthur", "Prague", "Rabaul", "Riyadh", "Rome", "Saigon", "Sao Paulo", "Shanghai",
    "Singapore", "Stockholm", "Suez", "Sverdlovsk", "Taihoku", "Teheran", "Tokyo", "Truk",
    "Vienna", "Vancouver", "Vladivostok", "Warsaw", "Washington", "Wellington")


@dataclass(frozen=True, slots=True)
class Territory:
    id: str
    name: str
    owner: str                 # a power id (GE) or a minor id (austria): who held it in 1936
    home: bool                 # part of its owner's home country at the start
    colony: str | None         # colony, dominion, mandate, puppet, territory, commonwealth
    start_control: str | None  # who controls it on turn 1 (None: nobody, ruling 116)
    resources: int
    factories: int
    factory_colour: str | None  # DoD 10.1: red factories can be captured, blue cannot
    level: int                 # DoD 12.1: the offensives that conquer its cities
    capital: str | None
    objectives: tuple[str, ...]
    sources: Mapping[str, str]  # value -> "printed …" / "inferred …" / "authored …"


@dataclass(frozen=True, slots=True)
class PoliticalMap:
    territories: Mapping[str, Territory]
    borders: Mapping[str, tuple[str, ...]]   # territory -> bordering territories (land or strait)
    sha256: str

    def held_by(self, holder: str) -> list[str]:
        """The territories `holder` controls at the start (DoD 10.1 counts their resources)."""
        return sorted(t for t, info in self.territories.items() if info.start_control == holder)

    def home_country(self, owner: str) -> list[str]:
        return sorted(t for t, info in self.territories.items()
                      if info.owner == owner and info.home)

    def production(self, holder: str, added: tuple[str, ...] = (), resources: int = 0) -> int:
        """DoD 10.1 — the production points of what `holder` controls at the start, with the
        `added` territories and `resources` more from elsewhere (GE 10's tribute): each factory
        that receives a resource makes one (min of the two sums; ruling 114)."""
        held = [self.territories[t] for t in sorted({*self.held_by(holder), *added})]
        return min(sum(t.resources for t in held) + resources, sum(t.factories for t in held))

    def home_level(self, owner: str) -> int:
        """DoD 12.1 / 12.3 — the offensives that conquer the home country (ruling 115)."""
        return sum(self.territories[t].level for t in self.home_country(owner))


def political_map_from_document(doc: Mapping[str, Any]) -> PoliticalMap:
    territories = {
        tid: Territory(
            id=tid, name=raw["name"], owner=raw["owner"], home=bool(raw["home"]),
            colony=raw.get("colony"), start_control=raw.get("start_control"),
            resources=int(raw["resources"]), factories=int(raw["factories"]),
            factory_colour=raw.get("factory_colour"), level=int(raw["level"]),
            capital=raw.get("capital"), objectives=tuple(raw.get("objectives", ())),
            sources=MappingProxyType(dict(raw["sources"])))
        for tid, raw in sorted(doc["areas"].items())}
    borders: dict[str, set[str]] = {t: set() for t in territories}
    for edge in doc["edges"]:
        borders[edge["a"]].add(edge["b"])
        borders[edge["b"]].add(edge["a"])
    return PoliticalMap(
        territories=MappingProxyType(territories),
        borders=MappingProxyType({t: tuple(sorted(b)) for t, b in sorted(borders.items())}),
        sha256=str(doc["meta"].get("sha256", "")))


@lru_cache(maxsize=None)
def political_map() -> PoliticalMap:
    """The compiled `dod-political`, read once per process."""
    with compiled_path(MAP_NAME).open(encoding="utf-8") as handle:
        return political_map_from_document(json.load(handle))
