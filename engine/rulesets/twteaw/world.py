"""The map as the rules see it: `twteaw-world`'s areas and edges, indexed once per process.

The compiled document (engine/maps/compiled/twteaw-world.json, format in docs/map-format.md)
is read directly: the board library's `Area` carries only names and flags, and TWTEAW needs the
owner, value, city, industrial complex and port of every territory, and the gates of passages.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from engine.maps import compiled_path

MAP_NAME = "twteaw-world"


@dataclass(frozen=True, slots=True)
class AreaInfo:
    id: str
    name: str
    kind: str                     # "land" or "sea"
    section: str
    owner: str | None = None      # original owner (land)
    value: int = 0
    city: str | None = None
    capital: bool = False
    ic: bool = False
    port: bool = False
    flags: tuple[str, ...] = ()
    colony: str | None = None     # "major" or "minor": the Colonial Restrictions table (Phase 7)


@dataclass(frozen=True, slots=True)
class World:
    """Areas, and for each land territory its land neighbours with the kind of crossing."""

    areas: Mapping[str, AreaInfo]
    land_links: Mapping[str, tuple[tuple[str, str], ...]]   # area -> ((neighbour, "land"|"strait"), ...)
    coasts: Mapping[str, tuple[str, ...]]                   # land area -> sea zones, sea -> land areas
    groups: Mapping[str, tuple[str, ...]]
    sha256: str
    # sea zone -> {neighbouring sea zone: the edge's gates (empty: open water)}
    sea_links: Mapping[str, Mapping[str, list[dict[str, object]]]]

    def land(self) -> list[str]:
        return sorted(a for a, info in self.areas.items() if info.kind == "land")

    def neighbours(self, area: str) -> tuple[str, ...]:
        return tuple(b for b, _ in self.land_links.get(area, ()))

    def crossing(self, a: str, b: str) -> str | None:
        """"land" or "strait" when land units may cross from `a` to `b`; None otherwise."""
        for other, kind in self.land_links.get(a, ()):
            if other == b:
                return kind
        return None

    def originals(self, nation: str) -> list[str]:
        """The territories a nation owned when the game starts (its supply centres)."""
        return sorted(a for a, info in self.areas.items() if info.owner == nation)


def world_from_document(doc: Mapping[str, object]) -> World:
    areas: dict[str, AreaInfo] = {}
    raw_areas = doc["areas"]
    assert isinstance(raw_areas, dict)
    for aid, raw in sorted(raw_areas.items()):
        areas[aid] = AreaInfo(
            id=aid, name=raw["name"], kind=raw["kind"], section=raw["section"],
            owner=raw.get("owner"), value=int(raw.get("value", 0)), city=raw.get("city"),
            capital=bool(raw.get("capital")), ic=bool(raw.get("ic")), port=bool(raw.get("port")),
            flags=tuple(raw.get("flags", ())), colony=raw.get("colony"))
    land: dict[str, list[tuple[str, str]]] = {}
    coasts: dict[str, list[str]] = {}
    sea: dict[str, dict[str, list[dict[str, object]]]] = {}
    raw_edges = doc["edges"]
    assert isinstance(raw_edges, list)
    for edge in raw_edges:
        a, b, flags = edge["a"], edge["b"], edge["flags"]
        if "land" in flags or "strait" in flags:
            kind = "strait" if "strait" in flags else "land"
            land.setdefault(a, []).append((b, kind))
            land.setdefault(b, []).append((a, kind))
        elif "sea" in flags:
            gates = list(edge.get("gates", []))
            sea.setdefault(a, {})[b] = gates
            sea.setdefault(b, {})[a] = gates
        elif "coast" in flags:
            coasts.setdefault(a, []).append(b)
            coasts.setdefault(b, []).append(a)
    groups = doc.get("groups", {})
    assert isinstance(groups, dict)
    meta = doc["meta"]
    assert isinstance(meta, dict)
    return World(
        areas=MappingProxyType(areas),
        land_links=MappingProxyType({a: tuple(sorted(v)) for a, v in sorted(land.items())}),
        coasts=MappingProxyType({a: tuple(sorted(v)) for a, v in sorted(coasts.items())}),
        groups=MappingProxyType({g: tuple(v) for g, v in sorted(groups.items())}),
        sha256=str(meta.get("sha256", "")),
        sea_links=MappingProxyType({z: MappingProxyType(dict(sorted(v.items())))
                                    for z, v in sorted(sea.items())}))


@lru_cache(maxsize=None)
def world() -> World:
    """The compiled `twteaw-world`, read once per process (immutable, shared by every game)."""
    with compiled_path(MAP_NAME).open(encoding="utf-8") as handle:
        return world_from_document(json.load(handle))
