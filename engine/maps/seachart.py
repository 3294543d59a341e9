"""The Balance of Powers Sea Chart as data: boxes beside a compiled hex map (BoP 1.2.3, 2.52, 7.5).

The chart is a graph of three kinds of space (1.2.3):

* ``port`` boxes -- ports off the maps (Scapa Flow, Petrograd, Stockholm ...);
* ``ocean`` boxes -- waters off the maps (Norwegian Sea, Mid Atlantic ...);
* ``grey`` spaces -- windows onto a sea area that *is* on a map (North Sea, Baltic). Naval
  units never stand on one (7.54): a unit bound for it is placed on one of its map hexes.

A box touches the map through map-edge hexes: ``sea_hexes`` are the edge water hexes naval units
cross to and from (7.23, 7.51), ``land_hexes`` the edge land hexes corps march to and from a port
box (9.4) and that make a port box home country (2.24). Boxes touch each other by printed or
authored ``links``; a box touches a grey space when one of its sea hexes is in that grey space's
sea area, and two grey spaces touch when their hexes do on the map (both derived here).

The curated table is ``data/seachart_<ruleset>.json``; every box, edge list and link carries
``origin`` ("printed" when the rulebook says it, "authored" when we chose it from geography) and
its ``source``. This module only reads the compiled map (never recompiles it): the chart is a
separate document so the map's bytes and hash stay as they are. The loader checks the table
against the map and refuses a table that names unknown hexes, boxes or sea areas.
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
CHART_FILES = {"bop-north-europe": "seachart_bop.json"}
KINDS = ("port", "ocean", "grey")
ORIGINS = ("printed", "authored", "derived")
# 7.51: naval movement points to enter a box (grey spaces are never entered: 7.54)
ENTRY_NMP = {"port": 3, "ocean": 18}
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class SeaChartError(ValueError):
    """The Sea Chart table disagrees with itself or with its map."""


@dataclass(frozen=True, slots=True)
class ChartBox:
    """One Sea Chart space. Hex ids are the map's axial ``"q,r"`` ids."""

    id: str
    name: str
    kind: str
    origin: str
    source: str
    sea_hexes: tuple[str, ...] = ()
    land_hexes: tuple[str, ...] = ()
    sea_area: str | None = None
    hexes: tuple[str, ...] = ()      # a grey space's window: every hex of its sea area
    ports: tuple[str, ...] = ()      # a grey space's map ports (place ids) on its waters
    owner: str | None = None
    home_country: bool = False
    frozen_months: tuple[int, ...] = ()
    edge_origin: str | None = None
    edge_source: str | None = None


@dataclass(frozen=True, slots=True)
class ChartLink:
    """Two touching spaces (2.52), with where we have it from."""

    boxes: tuple[str, str]
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class SeaChart:
    map_name: str
    boxes: Mapping[str, ChartBox]
    links: tuple[ChartLink, ...]
    adjacency: Mapping[str, tuple[str, ...]]

    def box(self, box_id: str) -> ChartBox:
        try:
            return self.boxes[box_id]
        except KeyError:
            raise SeaChartError(f"no Sea Chart box {box_id!r}; known: {sorted(self.boxes)}") from None

    def of_kind(self, kind: str) -> tuple[str, ...]:
        if kind not in KINDS:
            raise SeaChartError(f"unknown box kind {kind!r}; kinds: {list(KINDS)}")
        return tuple(b for b in sorted(self.boxes) if self.boxes[b].kind == kind)

    def neighbours(self, box_id: str) -> tuple[str, ...]:
        """Spaces touching ``box_id`` on the chart (2.52), sorted."""
        self.box(box_id)
        return self.adjacency[box_id]

    def boxes_at(self, hex_id: str) -> tuple[str, ...]:
        """Boxes (not grey spaces) a map-edge hex leads to, by sea or by land, sorted."""
        return tuple(b.id for b in sorted(self.boxes.values(), key=lambda x: x.id)
                     if b.kind != "grey" and (hex_id in b.sea_hexes or hex_id in b.land_hexes))

    def grey_of(self, sea_area: str) -> str | None:
        """The grey space that windows a map sea area, if any."""
        return next((b.id for b in self.boxes.values() if b.sea_area == sea_area), None)

    def ports_served(self, box_id: str) -> tuple[str, ...]:
        """The ports a space stands for: a port box is its own port (its id); a grey space
        serves the map ports on its waters; an ocean box serves none directly."""
        b = self.box(box_id)
        if b.kind == "port":
            return (b.id,)
        return b.ports

    def entry_nmp(self, box_id: str) -> int:
        """Naval movement points to enter a box (7.51); grey spaces are never entered (7.54)."""
        b = self.box(box_id)
        if b.kind == "grey":
            raise SeaChartError(f"{box_id} is a grey space: a unit bound there is placed on one of "
                                "its map hexes instead (BoP 7.54)")
        return ENTRY_NMP[b.kind]


# ------------------------------------------------------------------------------------------------

def _labels(doc: Mapping[str, Any], raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) and len(x) == 4 and x.isdigit()
                                            for x in raw):
        raise SeaChartError(f"{where}: labels must be a list of CCRR strings, got {raw!r}")
    out = []
    for lab in raw:
        hid = hm.hex_id(*hm.axial_of_label(lab))
        if hid not in doc["hexes"]:
            raise SeaChartError(f"{where}: hex {lab} is not on map {doc['meta']['name']}")
        out.append(hid)
    if len(set(out)) != len(out):
        raise SeaChartError(f"{where}: a hex is listed twice")
    return tuple(sorted(out))


def _on_edge(doc: Mapping[str, Any], hid: str) -> bool:
    q, r = hm.parse_hex_id(hid)
    return any(hm.hex_id(q + dq, r + dr) not in doc["hexes"] for dq, dr in DIRS)


def _origin(raw: Mapping[str, Any], where: str) -> tuple[str, str]:
    origin, source = raw.get("origin"), raw.get("source")
    if origin not in ("printed", "authored"):
        raise SeaChartError(f"{where}: origin must be 'printed' or 'authored', got {origin!r}")
    if not isinstance(source, str) or not source:
        raise SeaChartError(f"{where}: a source is required")
    return origin, source


def _edge(doc: Mapping[str, Any], raw: Mapping[str, Any], key: str, bid: str,
          want_sea: bool) -> tuple[tuple[str, ...], str | None, str | None]:
    if key not in raw:
        return (), None, None
    where = f"box {bid} {key}"
    origin, source = _origin(raw[key], where)
    hexes = _labels(doc, raw[key].get("labels"), where)
    for hid in hexes:
        h = doc["hexes"][hid]
        if not _on_edge(doc, hid):
            raise SeaChartError(f"{where}: hex {h['label']} is not on the map's edge")
        if bool(h["sea"]) != want_sea:
            raise SeaChartError(f"{where}: hex {h['label']} is {'land' if h['sea'] is False else 'sea'}, "
                                f"a {'sea' if want_sea else 'land'} hex is needed")
    return hexes, origin, source


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def build_sea_chart(doc: Mapping[str, Any], table: Mapping[str, Any]) -> SeaChart:
    """The chart from a compiled map document and a curated table; raises SeaChartError."""
    name = doc["meta"]["name"]
    if table.get("map") != name:
        raise SeaChartError(f"the table is for map {table.get('map')!r}, not {name!r}")
    boxes: dict[str, ChartBox] = {}
    for raw in table.get("boxes", []):
        bid = raw.get("id")
        if not isinstance(bid, str) or not bid:
            raise SeaChartError(f"a box without an id: {raw!r}")
        if bid in boxes:
            raise SeaChartError(f"box {bid} is listed twice")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise SeaChartError(f"box {bid}: unknown kind {kind!r}; kinds: {list(KINDS)}")
        origin, source = _origin(raw, f"box {bid}")
        sea_hexes, so, ss = _edge(doc, raw, "sea_edge", bid, want_sea=True)
        land_hexes, lo, ls = _edge(doc, raw, "land_edge", bid, want_sea=False)
        if land_hexes and kind != "port":
            raise SeaChartError(f"box {bid}: only a port box has land hexes (9.4)")
        sea_area, hexes, ports = raw.get("sea_area"), (), ()
        if kind == "grey":
            if sea_area not in doc["seas"]:
                raise SeaChartError(f"grey space {bid}: sea area {sea_area!r} is not on map {name}")
            if sea_hexes:
                raise SeaChartError(f"grey space {bid}: its hexes are its sea area's, not an edge list")
            hexes = tuple(sorted(doc["seas"][sea_area]["hexes"]))
            ports = tuple(sorted(doc["seas"][sea_area]["ports"]))
        elif sea_area is not None:
            raise SeaChartError(f"box {bid}: only a grey space windows a sea area")
        frozen = tuple(raw.get("frozen_months", ()))
        if any(not isinstance(m, int) or not 1 <= m <= 12 for m in frozen):
            raise SeaChartError(f"box {bid}: frozen months must be 1-12, got {list(frozen)}")
        owner = raw.get("owner")
        if owner is not None and kind != "port":
            raise SeaChartError(f"box {bid}: only a port box has an owner")
        boxes[bid] = ChartBox(
            id=bid, name=str(raw.get("name") or bid), kind=kind, origin=origin, source=source,
            sea_hexes=sea_hexes, land_hexes=land_hexes, sea_area=sea_area, hexes=hexes, ports=ports,
            owner=owner, home_country=bool(raw.get("home_country", False)), frozen_months=frozen,
            edge_origin=so or lo, edge_source="; ".join(s for s in (ss, ls) if s) or None)

    # a map box the compiler already builds (the Petrograd box) must agree with the chart
    for bid, mb in doc.get("boxes", {}).items():
        if bid in boxes and sorted(mb["adjacent"]) != sorted(boxes[bid].land_hexes + boxes[bid].sea_hexes):
            raise SeaChartError(f"box {bid}: the chart's edge hexes differ from map {name}'s")

    links: list[ChartLink] = []
    seen: set[frozenset[str]] = set()
    for raw in table.get("links", []):
        pair = raw.get("boxes")
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            raise SeaChartError(f"a link joins two different boxes, got {pair!r}")
        for b in pair:
            if b not in boxes:
                raise SeaChartError(f"link {pair}: unknown box {b!r}")
        if "grey" in (boxes[pair[0]].kind, boxes[pair[1]].kind):
            raise SeaChartError(f"link {pair}: grey spaces touch through map hexes, not listed links")
        key = frozenset(pair)
        if key in seen:
            raise SeaChartError(f"link {pair} is listed twice")
        seen.add(key)
        origin, source = _origin(raw, f"link {pair}")
        links.append(ChartLink(_pair(pair[0], pair[1]), origin, source))

    # derived: a box touches the grey space its sea hexes lie in; grey spaces touching on the map
    greys = {b.sea_area: b.id for b in boxes.values() if b.kind == "grey"}
    for b in sorted(boxes.values(), key=lambda x: x.id):
        for area in sorted({doc["hexes"][h]["sea_area"] for h in b.sea_hexes}):
            if area in greys:
                links.append(ChartLink(_pair(b.id, greys[area]), "derived",
                                       f"{b.name}'s map-edge hexes are in the {area} area"))
    area_pairs: set[tuple[str, str]] = set()
    for hid, h in doc["hexes"].items():
        if h["sea_area"] not in greys:
            continue
        q, r = hm.parse_hex_id(hid)
        for dq, dr in DIRS:
            n = doc["hexes"].get(hm.hex_id(q + dq, r + dr))
            if n and n["sea_area"] in greys and n["sea_area"] != h["sea_area"]:
                area_pairs.add(_pair(greys[h["sea_area"]], greys[n["sea_area"]]))
    for a, b in sorted(area_pairs):
        links.append(ChartLink((a, b), "derived", "their sea hexes touch on the map"))

    adj: dict[str, set[str]] = {b: set() for b in boxes}
    for link in links:
        a, b = link.boxes
        adj[a].add(b)
        adj[b].add(a)
    # read-only views: load_sea_chart caches one chart for every caller
    return SeaChart(map_name=name, boxes=MappingProxyType(boxes), links=tuple(links),
                    adjacency=MappingProxyType({b: tuple(sorted(n)) for b, n in sorted(adj.items())}))


def read_table(map_name: str) -> dict:
    if map_name not in CHART_FILES:
        raise SeaChartError(f"map {map_name!r} has no Sea Chart; charts: {sorted(CHART_FILES)}")
    return json.loads((DATA / CHART_FILES[map_name]).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def load_sea_chart(map_name: str = "bop-north-europe") -> SeaChart:
    """The Sea Chart beside a compiled map (cached; the result is immutable)."""
    table = read_table(map_name)
    doc = json.loads(compiled_path(map_name).read_text(encoding="utf-8"))
    return build_sea_chart(doc, table)
