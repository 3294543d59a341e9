"""Fatal Alliances III sea areas on fa-europe as data (FA III 2.1.2, 2.3.1.3, 8.2.1.4, 11.3).

The map compiler already puts FA's sea areas on fa-europe: each sea hex names its area, and each
area lists the map ports touching it. What the printed map adds and ours lacks lives in a curated
table, ``data/fa_sea_areas.json``, read here:

* the **sea-box sections** 0-4 (search numbers, shore-bombardment modifiers) every area carries;
* each area's **weather zone** (8.1: the zone its sea-box lies in);
* **estuary ports** (Petrograd, Basra ...) whose hex touches no sea on our 100 km grid, and
  **Scapa Flow** (11.3.5.6), which our map has no place for;
* **naval bases** (a power's 1914 fleet bases; a guest base names its host), **off-map bases**
  (Tsingtao, on FA's world map), **iced-in ports** (8.2.1.4: closed in snow or blizzard);
* **passages** between areas that our map does not show as touching water, or that the rules
  name: straits, canals, and off-map routes.

Area adjacency (2.1.2) is the union of areas whose sea hexes touch on the map (derived) and the
listed passages. The coastal hexes of an area are derived: the land hexes beside its sea hexes.
Like the BoP Sea Chart (seachart.py), this module only reads the compiled map, so the map's hash
stays as it is; a table that disagrees with the map or with itself raises :class:`FaSeaError`.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import compiled_path
from . import hexmath as hm

DATA = Path(__file__).parent / "data"
TABLE_FILE = DATA / "fa_sea_areas.json"
MAP_NAME = "fa-europe"
ORIGINS = ("printed", "authored")
LINK_KINDS = ("strait", "canal", "off_map")
PORT_SIZES = ("major", "minor")
# 8.2.1.4 closes a port in snow or blizzard; only these zones' weather reaches them on our charts
ICE_ZONES = ("arctic", "north_temperate")
SECTIONS = (0, 1, 2, 3, 4)


class FaSeaError(ValueError):
    """The FA sea-area table disagrees with itself or with fa-europe."""


@dataclass(frozen=True, slots=True)
class SeaSection:
    """One section of a sea-box (2.1.2). ``bombardment_modifier`` None: no bombardment (11.12.2)."""

    section: int
    search: int
    bombardment_modifier: int | None
    wet_plus_one: bool      # the asterisk: +1 to the modifier against a hex in rain or snow


@dataclass(frozen=True, slots=True)
class FaPort:
    id: str
    name: str
    hex: str                # axial "q,r"
    country: str
    size: str               # major | minor (2.3.1.3 stacking)
    areas: tuple[str, ...]  # the sea areas ships leave it into (11.3.2.2)
    iced: bool = False
    origin: str = "printed"  # map places are the compiled map's; extra ports are authored
    source: str = "compiled map place"


@dataclass(frozen=True, slots=True)
class NavalBase:
    port: str
    power: str
    host: str | None
    source: str


@dataclass(frozen=True, slots=True)
class OffMapBase:
    id: str
    name: str
    power: str
    map: str
    source: str


@dataclass(frozen=True, slots=True)
class SeaLink:
    """A passage between two sea areas: a strait, a canal, or a route off this map."""

    id: str
    kind: str
    name: str
    areas: tuple[str, str]
    via_hexes: tuple[str, ...]
    via_ports: tuple[str, ...]
    map_straits: tuple[str, ...]
    map_canal: str | None
    protected_by: tuple[str, ...]
    restriction: str | None
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class FaSeaArea:
    id: str
    name: str
    weather_zone: str
    hexes: tuple[str, ...]
    coastal_hexes: tuple[str, ...]   # land hexes beside one of its sea hexes (derived)
    ports: tuple[str, ...]
    sections: tuple[SeaSection, ...]
    landlocked: bool


@dataclass(frozen=True, slots=True)
class FaSeas:
    map_name: str
    areas: Mapping[str, FaSeaArea]
    ports: Mapping[str, FaPort]
    bases: tuple[NavalBase, ...]
    off_map_bases: Mapping[str, OffMapBase]
    links: tuple[SeaLink, ...]
    adjacency: Mapping[str, tuple[str, ...]]
    power_countries: Mapping[str, tuple[str, ...]]

    def area(self, area_id: str) -> FaSeaArea:
        try:
            return self.areas[area_id]
        except KeyError:
            raise FaSeaError(f"no sea area {area_id!r}; known: {sorted(self.areas)}") from None

    def port(self, port_id: str) -> FaPort:
        try:
            return self.ports[port_id]
        except KeyError:
            raise FaSeaError(f"no FA port {port_id!r}") from None

    def neighbours(self, area_id: str) -> tuple[str, ...]:
        """Areas adjacent to ``area_id`` (2.1.2), sorted."""
        self.area(area_id)
        return self.adjacency[area_id]

    def links_between(self, a: str, b: str) -> tuple[SeaLink, ...]:
        return tuple(lk for lk in self.links if set(lk.areas) == {a, b})

    def bases_of(self, power: str) -> tuple[str, ...]:
        """The ports (and off-map bases) a power's fleets may be based at in 1914, sorted."""
        on_map = {b.port for b in self.bases if b.power == power}
        off_map = {o.id for o in self.off_map_bases.values() if o.power == power}
        return tuple(sorted(on_map | off_map))

    def controls_port(self, power: str, port_id: str) -> bool:
        """True when the port lies in one of the power's own map countries."""
        return self.port(port_id).country in self.power_countries.get(power, ())


# ------------------------------------------------------------------------------------------------

def _neighbours(hid: str) -> list[str]:
    q, r = hm.parse_hex_id(hid)
    return [hm.hex_id(q + dq, r + dr) for dq, dr in hm.DIRECTIONS]


def _hex_of_label(doc: Mapping[str, Any], label: Any, where: str) -> str:
    if not isinstance(label, str) or len(label) != 4 or not label.isdigit():
        raise FaSeaError(f"{where}: a hex label is a CCRR string, got {label!r}")
    hid = hm.hex_id(*hm.axial_of_label(label))
    if hid not in doc["hexes"]:
        raise FaSeaError(f"{where}: hex {label} is not on map {MAP_NAME}")
    return hid


def _source(raw: Mapping[str, Any], where: str, need_origin: bool = True) -> tuple[str, str]:
    origin = raw.get("origin", "authored")
    if need_origin and origin not in ORIGINS:
        raise FaSeaError(f"{where}: origin must be one of {list(ORIGINS)}, got {origin!r}")
    source = raw.get("source")
    if not isinstance(source, str) or not source:
        raise FaSeaError(f"{where}: a source is required")
    return origin, source


def _touching_areas(doc: Mapping[str, Any], hid: str) -> set[str]:
    hexes = doc["hexes"]
    return {hexes[n]["sea_area"] for n in _neighbours(hid) if n in hexes and hexes[n]["sea"]}


def _sections(raw: Mapping[str, Any]) -> tuple[SeaSection, ...]:
    _source(raw, "sections")
    rows = raw.get("rows")
    if not isinstance(rows, list) or [r.get("section") for r in rows] != list(SECTIONS):
        raise FaSeaError(f"sections: rows must be sections {list(SECTIONS)} in order (2.1.2)")
    out = []
    for r in rows:
        if r.get("search") != r["section"]:
            raise FaSeaError(f"section {r['section']}: its search number is its section number (2.1.2)")
        mod = r.get("bombardment_modifier")
        if r["section"] == 0 and mod is not None:
            raise FaSeaError("section 0 allows no shore bombardment (11.12.2): its modifier is None")
        if r["section"] > 0 and (not isinstance(mod, int) or mod < 0):
            raise FaSeaError(f"section {r['section']}: bombardment modifier must be an int >= 0")
        out.append(SeaSection(r["section"], r["search"], mod, bool(r.get("wet_plus_one", False))))
    return tuple(out)


def build_fa_seas(doc: Mapping[str, Any], table: Mapping[str, Any]) -> FaSeas:
    """The FA sea areas from the compiled fa-europe document and the curated table."""
    if doc["meta"]["name"] != MAP_NAME or table.get("map") != MAP_NAME:
        raise FaSeaError(f"the table and the map must both be {MAP_NAME!r}")
    hexes, places, seas = doc["hexes"], doc["places"], doc["seas"]
    sections = _sections(table.get("sections") or {})

    power_countries = {p: tuple(c) for p, c in (table.get("power_countries") or {}).items()
                       if p != "about"}
    for p, cs in power_countries.items():
        for c in cs:
            if c not in doc["countries"]:
                raise FaSeaError(f"power {p}: country {c!r} is not on map {MAP_NAME}")

    # ports: every compiled map port, then the authored extra ports
    ports: dict[str, dict[str, Any]] = {}
    for pid, p in places.items():
        if p.get("port"):
            ports[pid] = {"name": p["name"], "hex": p["hex"], "country": p["country"],
                          "size": p["port"], "areas": _touching_areas(doc, p["hex"]),
                          "origin": "printed", "source": "compiled map place"}
    for raw in table.get("extra_ports", []):
        pid = raw.get("id")
        where = f"extra port {pid}"
        if not isinstance(pid, str) or pid in ports or pid in places:
            raise FaSeaError(f"{where}: needs an id not already a map place")
        hid = _hex_of_label(doc, raw.get("hex"), where)
        if hexes[hid]["sea"]:
            raise FaSeaError(f"{where}: hex {hexes[hid]['label']} is sea; a port is a land hex")
        touching = _touching_areas(doc, hid)
        if not touching:
            raise FaSeaError(f"{where}: hex {hexes[hid]['label']} touches no sea area")
        if raw.get("size") not in PORT_SIZES or raw.get("country") != hexes[hid]["country"]:
            raise FaSeaError(f"{where}: size must be {list(PORT_SIZES)} and country the hex's "
                             f"({hexes[hid]['country']!r})")
        origin, source = _source(raw, where)
        ports[pid] = {"name": raw.get("name") or pid, "hex": hid, "country": raw["country"],
                      "size": raw["size"], "areas": touching, "origin": origin, "source": source}

    for raw in table.get("estuary_ports", []):
        pid, area = raw.get("port"), raw.get("area")
        where = f"estuary port {pid}"
        if pid not in ports:
            raise FaSeaError(f"{where}: not a port on map {MAP_NAME}")
        if area not in seas:
            raise FaSeaError(f"{where}: unknown sea area {area!r}")
        _source(raw, where)
        if ports[pid]["areas"]:
            raise FaSeaError(f"{where}: it already touches {sorted(ports[pid]['areas'])} on the map")
        hid = ports[pid]["hex"]
        near = {n2 for n in _neighbours(hid) for n2 in _neighbours(n)}
        if not hexes[hid]["coastal"] or not any(hexes.get(n, {}).get("sea_area") == area for n in near):
            raise FaSeaError(f"{where}: hex {hexes[hid]['label']} is not within 2 hexes of the {area}")
        ports[pid]["areas"] = {area}
    stranded = sorted(pid for pid, p in ports.items() if not p["areas"])
    if stranded:
        raise FaSeaError(f"ports reach no sea area (add them to estuary_ports): {stranded}")

    iced: set[str] = set()
    for raw in table.get("iced_ports", []):
        pid = raw.get("port")
        if pid not in ports or pid in iced:
            raise FaSeaError(f"iced port {pid!r}: unknown or listed twice")
        _source(raw, f"iced port {pid}", need_origin=False)
        zone = hexes[ports[pid]["hex"]]["weather_zone"]
        if zone not in ICE_ZONES:
            raise FaSeaError(f"iced port {pid}: it lies in the {zone} zone, where no ice forms "
                             f"(8.2.1.4 needs snow or blizzard); zones: {list(ICE_ZONES)}")
        iced.add(pid)

    frozen_ports = MappingProxyType({
        pid: FaPort(id=pid, name=p["name"], hex=p["hex"], country=p["country"], size=p["size"],
                    areas=tuple(sorted(p["areas"])), iced=pid in iced, origin=p["origin"],
                    source=p["source"])
        for pid, p in sorted(ports.items())})

    bases: list[NavalBase] = []
    for raw in table.get("naval_bases", []):
        pid, power, host = raw.get("port"), raw.get("power"), raw.get("host")
        where = f"naval base {pid} ({power})"
        if pid not in frozen_ports:
            raise FaSeaError(f"{where}: not an FA port")
        if power not in power_countries or (host is not None and host not in power_countries):
            raise FaSeaError(f"{where}: unknown power or host; powers: {sorted(power_countries)}")
        _, source = _source(raw, where, need_origin=False)
        owner = host or power
        if frozen_ports[pid].country not in power_countries[owner]:
            raise FaSeaError(f"{where}: the port is {frozen_ports[pid].country}'s, not {owner}'s")
        if any(b.port == pid and b.power == power for b in bases):
            raise FaSeaError(f"{where}: listed twice")
        bases.append(NavalBase(pid, power, host, source))

    off_map: dict[str, OffMapBase] = {}
    for raw in table.get("off_map_bases", []):
        oid = raw.get("id")
        if not isinstance(oid, str) or oid in frozen_ports or oid in off_map:
            raise FaSeaError(f"off-map base {oid!r}: needs an id that is not an FA port")
        if raw.get("power") not in power_countries:
            raise FaSeaError(f"off-map base {oid}: unknown power {raw.get('power')!r}")
        _, source = _source(raw, f"off-map base {oid}", need_origin=False)
        off_map[oid] = OffMapBase(oid, str(raw.get("name") or oid), raw["power"], str(raw.get("map")), source)

    # areas
    listed = [a.get("id") for a in table.get("areas", [])]
    if sorted(listed) != sorted(seas) or len(set(listed)) != len(listed):
        raise FaSeaError(f"areas must list each of the map's sea areas once: missing "
                         f"{sorted(set(seas) - set(listed))}, unknown or twice "
                         f"{sorted(a for a in listed if a not in seas or listed.count(a) > 1)}")
    raw_areas = {a["id"]: a for a in table["areas"]}
    area_ports: dict[str, set[str]] = {a: set() for a in seas}
    for pid, p in frozen_ports.items():
        for a in p.areas:
            area_ports[a].add(pid)

    # links: the passages the table names
    links: list[SeaLink] = []
    for raw in table.get("links", []):
        lid = raw.get("id")
        where = f"link {lid}"
        if not isinstance(lid, str) or any(lk.id == lid for lk in links):
            raise FaSeaError(f"{where}: needs a unique id")
        kind, pair = raw.get("kind"), raw.get("areas")
        if kind not in LINK_KINDS:
            raise FaSeaError(f"{where}: kind must be one of {list(LINK_KINDS)}, got {kind!r}")
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1] or \
                any(a not in seas for a in pair):
            raise FaSeaError(f"{where}: areas must be two different sea areas of {MAP_NAME}, got {pair!r}")
        origin, source = _source(raw, where)
        via_hexes = tuple(_hex_of_label(doc, lab, where) for lab in raw.get("via_hexes", []))
        via_ports = tuple(raw.get("via_ports", []))
        for pid in via_ports + tuple(raw.get("protected_by", [])):
            if pid not in frozen_ports:
                raise FaSeaError(f"{where}: {pid!r} is not an FA port")
        map_straits = tuple(raw.get("map_straits", []))
        for s in map_straits:
            if s not in doc["straits"]:
                raise FaSeaError(f"{where}: {s!r} is not a strait of {MAP_NAME}")
        canal = raw.get("map_canal")
        if kind == "canal" and (canal not in doc["canals"] or
                                sorted(doc["canals"][canal]["seas"]) != sorted(pair)):
            raise FaSeaError(f"{where}: a canal link names a map canal joining {sorted(pair)}")
        if kind == "strait":
            # the passage must reach both areas: a via sea hex in the area, or a via land hex beside it
            via = via_hexes + tuple(frozen_ports[p].hex for p in via_ports)
            reached = {hexes[h]["sea_area"] for h in via if hexes[h]["sea"]}
            reached |= {a for h in via if not hexes[h]["sea"] for a in _touching_areas(doc, h)}
            if not set(pair) <= reached:
                raise FaSeaError(f"{where}: its via hexes and ports do not reach {sorted(set(pair) - reached)}")
        links.append(SeaLink(
            id=lid, kind=kind, name=str(raw.get("name") or lid), areas=(min(pair), max(pair)),
            via_hexes=via_hexes, via_ports=via_ports, map_straits=map_straits, map_canal=canal,
            protected_by=tuple(raw.get("protected_by", [])), restriction=raw.get("restriction"),
            origin=origin, source=source))

    # adjacency: touching sea hexes on the map, plus the passages
    adj: dict[str, set[str]] = {a: set() for a in seas}
    for hid, h in hexes.items():
        if not h["sea"]:
            continue
        for n in _neighbours(hid):
            nh = hexes.get(n)
            if nh and nh["sea"] and nh["sea_area"] != h["sea_area"]:
                adj[h["sea_area"]].add(nh["sea_area"])
    for lk in links:
        a, b = lk.areas
        if lk.kind == "off_map" and b in adj[a]:
            raise FaSeaError(f"link {lk.id}: {a} and {b} already touch on the map")
        adj[a].add(b)
        adj[b].add(a)

    areas: dict[str, FaSeaArea] = {}
    for aid in sorted(seas):
        raw = raw_areas[aid]
        wz = raw.get("weather_zone") or {}
        _source(wz, f"area {aid} weather zone")
        zones = {hexes[h]["weather_zone"] for h in seas[aid]["hexes"]}
        if wz.get("zone") not in zones:
            raise FaSeaError(f"area {aid}: weather zone {wz.get('zone')!r} is none of its hexes' "
                             f"zones {sorted(zones)} (8.1)")
        landlocked = bool(raw.get("landlocked", False))
        if landlocked and adj[aid]:
            raise FaSeaError(f"area {aid} is marked landlocked but touches {sorted(adj[aid])}")
        coastal = sorted({n for h in seas[aid]["hexes"] for n in _neighbours(h)
                          if n in hexes and not hexes[n]["sea"]})
        for h in coastal:
            if not hexes[h]["coastal"]:
                raise FaSeaError(f"area {aid}: hex {hexes[h]['label']} is beside it but the map "
                                 "does not mark it coastal")
        areas[aid] = FaSeaArea(
            id=aid, name=seas[aid]["name"], weather_zone=wz["zone"],
            hexes=tuple(sorted(seas[aid]["hexes"])), coastal_hexes=tuple(coastal),
            ports=tuple(sorted(area_ports[aid])), sections=sections, landlocked=landlocked)

    # every area not marked landlocked is one sea: a ship can reach any of them from any other
    open_areas = sorted(a for a in areas if not areas[a].landlocked)
    seen, todo = {open_areas[0]}, [open_areas[0]]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != set(open_areas):
        raise FaSeaError(f"sea areas cut off from the rest: {sorted(set(open_areas) - seen)}")

    return FaSeas(
        map_name=MAP_NAME, areas=MappingProxyType(areas), ports=frozen_ports, bases=tuple(bases),
        off_map_bases=MappingProxyType(off_map), links=tuple(links),
        adjacency=MappingProxyType({a: tuple(sorted(n)) for a, n in sorted(adj.items())}),
        power_countries=MappingProxyType(power_countries))


def read_table() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def load_fa_seas() -> FaSeas:
    """FA's sea areas on fa-europe (cached; the result is read-only)."""
    doc = json.loads(compiled_path(MAP_NAME).read_text(encoding="utf-8"))
    return build_fa_seas(doc, read_table())
