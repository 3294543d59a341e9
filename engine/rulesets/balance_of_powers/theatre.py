"""BoP 1.22, 2.5 — the map as the rules see it: locations, terrain, adjacency, places.

A `Theatre` is an immutable index built once per map from the board library's `Map` plus our
own data (`data/places.csv`: bargaining chips and fortress colours, which the compiled map does
not carry). Locations are hex ids ("q,r") and port-box ids ("petrograd-box").

The scenario's map is `bop-north-europe` (engine/maps/compiled). Tests register small
handmade maps with `register_theatre(name, map)`; the state names its map, so every hook finds
the right theatre.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from engine.board import Map, load_map

from .tables import ARMP_TERRAIN, NORTH_EUROPE, RULEBOOK_MAP_OF, TERRAIN_OF_CLASS

DATA = Path(__file__).parent / "data"
SCENARIO_MAP = "bop-north-europe"

PORT_BOX_HOME = {"petrograd-box": "russia"}  # BoP 2.24: Petrograd is a Russian home port


def _read_places() -> dict[str, dict[str, str]]:
    with open(DATA / "places.csv", newline="", encoding="utf-8") as handle:
        return {row["place"]: row for row in csv.DictReader(handle)}


PLACE_DATA = _read_places()


@dataclass(frozen=True)
class Theatre:
    name: str
    locs: tuple[str, ...]
    terrain: Mapping[str, str]
    country: Mapping[str, str | None]
    home: Mapping[str, str | None]
    label: Mapping[str, str]
    column: Mapping[str, int]
    adj: Mapping[str, tuple[str, ...]]           # land moves (BoP 2.52, 2.521, 9.13)
    all_adj: Mapping[str, tuple[str, ...]]       # every touching location incl. water
    rivers: frozenset[frozenset[str]]            # hexsides with a river or canal
    mountain_passes: frozenset[frozenset[str]]   # 1 MP into a mountain hex (TEC, 9.13)
    alpine_passes: frozenset[frozenset[str]]     # mountain corps only, ARMP (TEC, 9.13)
    borders: frozenset[frozenset[str]]           # international border hexsides
    place_at: Mapping[str, str]                  # loc -> place id (population centres)
    place_loc: Mapping[str, str]                 # place id -> loc
    place_name: Mapping[str, str]
    capital: Mapping[str, str]                   # nation -> loc
    bcs: frozenset[str]
    fortress: Mapping[str, str]                  # loc -> "red" | "black"
    ports: frozenset[str]
    coastal: frozenset[str]
    rail_links: Mapping[str, frozenset[str]]
    boxes: frozenset[str]
    water: frozenset[str]
    sea_area: Mapping[str, str | None]
    rulebook_map: str = NORTH_EUROPE             # which of the rulebook's maps (6.511 weather)
    box_sea: Mapping[str, str] = field(default_factory=dict)  # port box -> the sea it opens on

    def is_pop(self, loc: str) -> bool:
        return loc in self.place_at

    def where(self, loc: str) -> str:
        """A location as players read it: its place's name and hex number (the map's labels)."""
        label = self.label.get(loc, loc)
        pid = self.place_at.get(loc)
        return f"{self.place_name[pid]} ({label})" if pid is not None and (
            pid in self.place_name) else label

    def ends_march(self, frm: str, to: str) -> bool:
        """BoP 9.13 — entering `to` from `frm` costs all remaining MP: forest, marsh, mountain
        (unless along a mountain pass), a port box, or across an alpine pass."""
        side = frozenset((frm, to))
        if side in self.alpine_passes:
            return True
        if self.terrain.get(to) == "mountain" and side in self.mountain_passes:
            return False
        return self.terrain.get(to) in ARMP_TERRAIN or to in self.boxes

    def mountain_corps_only(self, frm: str, to: str) -> bool:
        """BoP 9.13 — only mountain corps cross an alpine pass hexside."""
        return frozenset((frm, to)) in self.alpine_passes

    def is_rail(self, loc: str) -> bool:
        return bool(self.rail_links.get(loc))

    def distance_within(self, start: str, limit: int) -> dict[str, int]:
        """Hex distance over all touching locations (for radius tests such as 6.123)."""
        seen = {start: 0}
        frontier = [start]
        for step in range(1, limit + 1):
            nxt = []
            for loc in frontier:
                for other in self.all_adj[loc]:
                    if other not in seen:
                        seen[other] = step
                        nxt.append(other)
            frontier = sorted(nxt)
        return seen


def build_theatre(name: str, m: Map, rulebook_map: str) -> Theatre:
    terrain: dict[str, str] = {}
    country: dict[str, str | None] = {}
    home: dict[str, str | None] = {}
    label: dict[str, str] = {}
    column: dict[str, int] = {}
    coastal: set[str] = set()
    water: set[str] = set()
    sea_area: dict[str, str | None] = {}
    for info in m.hexes:
        hid = info.id
        bop = "water" if info.sea else TERRAIN_OF_CLASS.get(info.terrain, "open")
        terrain[hid] = bop
        country[hid] = info.country
        home[hid] = info.home if info.home is not None else info.country
        label[hid] = info.label or hid
        column[hid] = int(info.label[:2]) if info.label and info.label[:2].isdigit() else 0
        if bop == "water":
            water.add(hid)
            sea_area[hid] = info.sea_area
        if info.coastal:
            coastal.add(hid)
    land = {h for h, t in terrain.items() if t != "water"}
    adj: dict[str, list[str]] = {h: [] for h in terrain}
    all_adj: dict[str, list[str]] = {h: [] for h in terrain}
    rivers: set[frozenset[str]] = set()
    borders: set[frozenset[str]] = set()
    mountain_passes: set[frozenset[str]] = set()
    alpine_passes: set[frozenset[str]] = set()
    for hid in m.ids:
        for other in m.neighbours(hid):
            all_adj[hid].append(other)
            side = m.hexside(hid, other)
            if side is not None and (side.river is not None or side.canal):
                rivers.add(frozenset((hid, other)))
            if side is not None and side.mountain_pass:
                mountain_passes.add(frozenset((hid, other)))
            if side is not None and side.alpine_pass:
                alpine_passes.add(frozenset((hid, other)))
            if (side is not None and side.border) or (
                    hid in land and other in land and country[hid] != country[other]):
                borders.add(frozenset((hid, other)))
            # 9.13, 2.521: no march (so no attack, retreat, reserve or supply adjacency) across
            # an all-sea or all-lake hexside (no flotillas on North Europe, 9.5) or a red bar
            if hid in land and other in land and not (side is not None and (
                    side.all_sea or side.all_lake or side.red_bar)):
                adj[hid].append(other)
    boxes = set()
    box_sea: dict[str, str] = {}
    for box_id, box in sorted(m.boxes.items()):
        boxes.add(box_id)
        if box.kind == "port" and box.sea is not None:
            box_sea[box_id] = box.sea   # 1.23: a port box on a sea (Petrograd's Baltic)
        terrain[box_id] = "box"
        nation = PORT_BOX_HOME.get(box_id)
        country[box_id] = nation
        home[box_id] = nation
        label[box_id] = box.name
        column[box_id] = 99
        adj[box_id] = []
        all_adj[box_id] = []
        for hid in box.adjacent:
            if hid in land:
                adj[box_id].append(hid)
                adj[hid].append(box_id)
            all_adj[box_id].append(hid)
            all_adj[hid].append(box_id)
    place_at: dict[str, str] = {}
    place_loc: dict[str, str] = {}
    place_name: dict[str, str] = {}
    capital: dict[str, str] = {}
    fortress: dict[str, str] = {}
    ports: set[str] = set()
    bcs: set[str] = set()
    # a hex's name is its capital's, else its bargaining chip's (Warsaw, not Novogeorgievsk)
    for pid, place in sorted(m.places.items(), key=lambda kv: (
            not kv[1].capital, PLACE_DATA.get(kv[0], {}).get("bc") != "1", kv[0])):
        loc = place.hex
        if loc not in land:
            continue
        place_at.setdefault(loc, pid)
        place_loc[pid] = loc
        place_name[pid] = place.name
        if place.capital and place.country:
            capital[place.country] = loc
        extra = PLACE_DATA.get(pid, {})
        if place.fortress or extra.get("fortress"):
            fortress[loc] = extra.get("fortress") or "black"
        if place.port:
            ports.add(loc)
        if extra.get("bc") == "1":
            bcs.add(loc)
    for info in m.hexes:
        if any(f.startswith("port") for f in info.features) and info.id in land:
            ports.add(info.id)
    ports |= set(box_sea)   # a port box is a port (9.4; 6.454 water supply)
    for box_id in sorted(boxes):
        box = m.boxes[box_id]
        pid = getattr(box, "place", None) or box_id.replace("-box", "")
        place_at[box_id] = pid
        place_loc.setdefault(pid, box_id)
        place_name.setdefault(pid, box.name)
        nation = PORT_BOX_HOME.get(box_id)
        if nation and nation not in capital and pid == "petrograd":
            capital[nation] = box_id
    rail: dict[str, set[str]] = {}
    for line in m.rail:
        for a, b in zip(line.hexes, line.hexes[1:], strict=False):
            if a in land and b in land:
                rail.setdefault(a, set()).add(b)
                rail.setdefault(b, set()).add(a)
    return Theatre(
        name=name, locs=tuple(sorted(land | boxes)),
        terrain=MappingProxyType(terrain), country=MappingProxyType(country),
        home=MappingProxyType(home), label=MappingProxyType(label),
        column=MappingProxyType(column),
        adj=MappingProxyType({k: tuple(sorted(set(v))) for k, v in adj.items()}),
        all_adj=MappingProxyType({k: tuple(sorted(set(v))) for k, v in all_adj.items()}),
        rivers=frozenset(rivers), borders=frozenset(borders),
        mountain_passes=frozenset(mountain_passes), alpine_passes=frozenset(alpine_passes),
        place_at=MappingProxyType(place_at), place_loc=MappingProxyType(place_loc),
        place_name=MappingProxyType(place_name), capital=MappingProxyType(capital),
        bcs=frozenset(bcs), fortress=MappingProxyType(fortress), ports=frozenset(ports),
        coastal=frozenset(coastal),
        rail_links=MappingProxyType({k: frozenset(v) for k, v in rail.items()}),
        boxes=frozenset(boxes), water=frozenset(water), sea_area=MappingProxyType(sea_area),
        rulebook_map=rulebook_map, box_sea=MappingProxyType(box_sea))


_REGISTERED: dict[str, Theatre] = {}


def register_theatre(name: str, m: Map, rulebook_map: str = NORTH_EUROPE) -> Theatre:
    """Make a (test) map available to games whose state names it; a test map stands for a
    piece of North Europe unless it says otherwise."""
    theatre = build_theatre(name, m, rulebook_map)
    _REGISTERED[name] = theatre
    return theatre


@lru_cache(maxsize=4)
def _load_named(name: str) -> Theatre:
    return build_theatre(name, load_map(name), RULEBOOK_MAP_OF[name])


def theatre(name: str) -> Theatre:
    if name in _REGISTERED:
        return _REGISTERED[name]
    return _load_named(name)
