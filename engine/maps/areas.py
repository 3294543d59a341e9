"""The area compiler: curated territories and sea zones + vendored geography → an area map.

Build-time only (shapely, pyproj). For area-movement games (The War to End All Wars) the map is
a graph of land territories and sea zones, not a grid. The shapes come from geography and the
graph is read off the shapes, then checked against what the rulebook states:

1. Frame. Each drawing sheet has a projection and a lon/lat frame; every length below is in
   kilometres in that projection.
2. Regions. The 1914 polities (``world_1914``, with the hex compiler's border corrections, less
   those a sheet leaves out) cut Natural Earth's land, first match winning; land outside every
   polity goes to the nearest one. Masks keep other sections' land or water off the sheet.
3. Land territories. A territory names the regions it may take land from and a few seed points.
   Each connected piece of a region is split among the seeds that lie in it (nearest seed wins:
   a Voronoi partition); a piece with no seed (a small island) goes whole to the nearest seed of
   a territory claiming the region, if within ``island_km``; else it stays unassigned (drawn,
   but no area: e.g. Iceland, the Canaries, Sudan before the African section exists).
4. Sea zones. Water is split the same way among the zones' seeds; water with no seed (the
   Caspian, Marmara) is no zone.
5. Edges. Two areas whose shapes share at least a threshold of border are adjacent: land–land,
   land–sea (a coast), sea–sea. Then the rulebook's statements (``edges.csv``) are applied:
   straits replace a land border or add one; gated passages carry their gates; a stated edge
   the geometry missed is added and listed in ``meta.warnings``; links to areas of sections not
   built yet are listed in ``meta.pending_links``.
6. Output: canonical JSON (``salient-map/1``: ``areas`` and ``edges``, no hexes) and the SVG.
"""
from __future__ import annotations

import csv
import json
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pyproj
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, shape
from shapely.ops import polylabel
from shapely.strtree import STRtree

from .compile_inputs import DATA, FORMAT, SOURCES_META, source_features
from .compiler import save
from .definitions import get_definition

SNAP_KM = 0.5            # tolerance when two shapes' borders are compared
# The hex maps' source list, cut to the two an area map reads, and its own curated tables.
LAND_SOURCES = [*(s for s in SOURCES_META if s["id"] in ("world_1914", "ne_50m_land")),
                {"id": "curated", "licence": "project", "file": "engine/maps/data/<tables>/*",
                 "origin": "Salient curated tables (each row has a source column)"}]


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _polygons(geom: Any) -> list[Polygon]:
    """The non-empty polygons of any geometry, largest first (ties by position)."""
    out = [g for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon" and not g.is_empty]
    for g in getattr(geom, "geoms", []):
        if g.geom_type in ("MultiPolygon", "GeometryCollection"):
            out.extend(_polygons(g))
    return sorted(out, key=lambda p: (-round(p.area, 3), round(p.centroid.x, 3), round(p.centroid.y, 3)))


def _points(text: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in (pair.split() for pair in text.split(";") if pair.strip())]


def _split(text: str) -> list[str]:
    return [part for part in (text or "").split("|") if part]


def sheet_ids(name: str) -> list[str]:
    """The drawing sheets a map is compiled from, in drawing order (the first is the main one)."""
    defn = get_definition(name)
    return list(defn.get("sheets") or [defn["sheet"]])


def row_sheets(row: Mapping[str, str | None], default: str) -> list[str]:
    """The sheets an area is drawn on, its home sheet (labels, anchor, city) first. An area with
    no `sheets` column is on the map's main sheet; one crossing a seam (the Sudan south of
    Egypt, the Red Sea) lists both and has seeds on each."""
    return _split(row.get("sheets") or "") or [default]


class AreaCompiler:
    """One drawing sheet of an area map: its geometry, and the edges read off it."""

    def __init__(self, name: str, sheet_id: str | None = None):
        self.name = name
        self.defn = get_definition(name)
        tables = DATA / self.defn["tables"]
        main = sheet_ids(name)[0]
        sheet_id = sheet_id or main
        all_rows = _csv(tables / "areas.csv")
        ids = [r["id"] for r in all_rows]
        if len(ids) != len(set(ids)):
            raise ValueError(f"{name}: duplicate area ids")
        self.map_ids = set(ids)                      # areas of the whole map, on any sheet
        self.home = {r["id"]: row_sheets(r, main)[0] for r in all_rows}
        self.rows = [r for r in all_rows if sheet_id in row_sheets(r, main)]
        self.edge_rows = _csv(tables / "edges.csv")
        sheets = json.loads((tables / "sheets.json").read_text(encoding="utf-8"))["sheets"]
        self.sheet = next(s for s in sheets if s["id"] == sheet_id)
        self.crs = pyproj.Transformer.from_crs("EPSG:4326", self.sheet["proj4"], always_xy=True)
        self.warnings: list[str] = []
        frame = Polygon(self.sheet["frame"])
        self.by_id = {r["id"]: self._on_sheet(r, frame, main) for r in self.rows}
        self.rows = [self.by_id[r["id"]] for r in self.rows]
        self.land_ids = sorted(r["id"] for r in self.rows if r["kind"] == "land")
        self.sea_ids = sorted(r["id"] for r in self.rows if r["kind"] == "sea")

    @staticmethod
    def _on_sheet(row: dict[str, str], frame: Polygon, main: str) -> dict[str, str]:
        """The row as this sheet sees it: an area drawn on several sheets keeps only the seeds in
        this sheet's frame (each sheet splits its own land among its own seeds)."""
        if len(row_sheets(row, main)) == 1:
            return row
        inside = [f"{lo} {la}" for lo, la in _points(row["seeds"]) if frame.contains(Point(lo, la))]
        return {**row, "seeds": ";".join(inside)}

    # ---- geometry helpers --------------------------------------------------------------------
    def km(self, geom: Any) -> Any:
        """Project a lon/lat geometry to kilometres in the sheet's projection."""
        def f(coords: np.ndarray) -> np.ndarray:
            x, y = self.crs.transform(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y]) / 1000.0
        return shapely.transform(geom, f)

    def km_point(self, lon: float, lat: float) -> Point:
        x, y = self.crs.transform(lon, lat)
        return Point(x / 1000.0, y / 1000.0)

    # ---- 1. frame and regions ----------------------------------------------------------------
    def frame(self) -> None:
        ring = Polygon(self.sheet["frame"]).segmentize(0.5)
        self.frame_ll = ring
        self.frame_km = self.km(ring)
        masks: dict[str, list[Any]] = {"land": [], "no_zone": []}
        for m in self.sheet["masks"]:
            masks[m["applies"]].append(self.km(Polygon(m["ring"]).segmentize(0.5)))
        self.land_mask = shapely.unary_union(masks["land"]) if masks["land"] else Polygon()
        self.water_mask = shapely.unary_union(masks["no_zone"]) if masks["no_zone"] else Polygon()

    def regions(self) -> None:
        """The land of each 1914 region (first match wins), in km, clipped to the frame."""
        files = self.sheet.get("sources", {})
        land_ll = shapely.unary_union([shape(f["geometry"])
                                       for f in source_features(files.get("land", "ne_50m_land.geojson"))])
        land_ll = land_ll.intersection(self.frame_ll)
        self.all_land = self.km(land_ll).buffer(0)
        self.land = self.all_land.difference(self.land_mask)
        ordered: list[tuple[str, Any]] = []
        skip = set(self.defn.get("skip_overrides", ()))
        own = json.loads((DATA / self.defn["tables"] / "overrides.json").read_text(encoding="utf-8"))["overrides"]
        shared = json.loads((DATA / "border_overrides.json").read_text(encoding="utf-8"))["overrides"]
        for ov in own + shared:
            if ov["id"] not in skip:
                ordered.append((ov["id"], Polygon(ov["polygon"])))
        for f in source_features(files.get("borders", "world_1914.geojson")):
            nm = f["properties"].get("NAME")
            if nm:
                ordered.append((nm, shape(f["geometry"])))
        covered = Polygon()
        pieces: dict[str, Any] = {}
        for rid, geom in ordered:
            g = self.km(geom.buffer(0)).intersection(self.land).difference(covered)
            if g.is_empty:
                continue
            pieces[rid] = shapely.unary_union([pieces[rid], g]) if rid in pieces else g
            covered = covered.union(g)
        # land outside every region (simplified 1914 coastlines) joins the nearest region
        orphans = _polygons(self.land.difference(covered))
        names = sorted(pieces)
        tree = STRtree([pieces[n] for n in names])
        extra: dict[str, list[Any]] = defaultdict(list)
        for poly in orphans:
            if poly.area < 1.0:
                continue
            k = int(tree.nearest(poly.representative_point()))
            extra[names[k]].append(poly)
        for rid, polys in extra.items():
            pieces[rid] = shapely.unary_union([pieces[rid], *polys])
        self.region_land = pieces

    # ---- 2. land territories -----------------------------------------------------------------
    def partition_land(self) -> None:
        claims: dict[str, list[str]] = defaultdict(list)
        seeds: dict[str, list[Point]] = {}
        for tid in self.land_ids:
            row = self.by_id[tid]
            seeds[tid] = [self.km_point(lo, la) for lo, la in _points(row["seeds"])]
            for rid in _split(row["regions"]):
                if rid not in self.region_land:
                    if self.home[tid] != self.sheet["id"]:
                        continue            # a seam area's other regions lie on its home sheet
                    raise ValueError(f"{tid}: region {rid!r} has no land on this sheet")
                claims[rid].append(tid)
        parts: dict[str, list[Any]] = defaultdict(list)
        used: set[tuple[str, int]] = set()
        island_km = self.defn["island_km"]
        for rid in sorted(claims):
            for comp in _polygons(self.region_land[rid]):
                zone = comp.buffer(1.0)
                inside = [(tid, k, p) for tid in sorted(claims[rid]) for k, p in enumerate(seeds[tid])
                          if zone.contains(p)]
                if not inside:
                    best = min(((comp.distance(p), tid) for tid in claims[rid] for p in seeds[tid]))
                    if best[0] <= island_km:
                        parts[best[1]].append(comp)
                    continue
                used.update((tid, k) for tid, k, _ in inside)
                for (tid, _k, _p), cell in zip(inside, self._cells([p for _, _, p in inside], comp), strict=True):
                    piece = cell.intersection(comp)
                    if not piece.is_empty:
                        parts[tid].append(piece)
        for tid in self.land_ids:
            for k in range(len(seeds[tid])):
                if (tid, k) not in used:
                    self.warnings.append(f"seed {k} of {tid} lies on no land it claims")
        self.seeds = seeds
        self.shapes: dict[str, Any] = {}
        for tid in self.land_ids:
            if not parts[tid]:
                raise ValueError(f"{tid}: no land (check its regions and seeds)")
            self.shapes[tid] = shapely.unary_union(parts[tid]).buffer(0)
        assigned = shapely.unary_union(list(self.shapes.values()))
        self.unassigned = self.land.difference(assigned.buffer(SNAP_KM)).buffer(0)

    @staticmethod
    def _cells(points: list[Point], within: Any) -> list[Any]:
        """Nearest-seed cells of `points`, in their order, covering `within`."""
        if len(points) == 1:
            return [within]
        env = within.envelope.buffer(50.0)
        cells = shapely.voronoi_polygons(MultiPoint(points), extend_to=env, ordered=True)
        return list(cells.geoms)

    # ---- 3. sea zones ------------------------------------------------------------------------
    def partition_sea(self) -> None:
        all_water = self.frame_km.difference(self.all_land)
        water = all_water.difference(self.water_mask)
        seeds = {zid: [self.km_point(lo, la) for lo, la in _points(self.by_id[zid]["seeds"])]
                 for zid in self.sea_ids}
        parts: dict[str, list[Any]] = defaultdict(list)
        lakes = []
        for comp in _polygons(water):
            zone = comp.buffer(1.0)
            inside = [(zid, p) for zid in self.sea_ids for p in seeds[zid] if zone.contains(p)]
            if not inside:
                lakes.append(comp)
                continue
            for (zid, _p), cell in zip(inside, self._cells([p for _, p in inside], comp), strict=True):
                piece = cell.intersection(comp)
                if not piece.is_empty:
                    parts[zid].append(piece)
        for zid in self.sea_ids:
            on_water = [p for p in seeds[zid] if water.buffer(1.0).contains(p)]
            if len(on_water) != len(seeds[zid]):
                self.warnings.append(f"a seed of {zid} lies on land")
            if not parts[zid]:
                raise ValueError(f"{zid}: no water")
            self.shapes[zid] = shapely.unary_union(parts[zid]).buffer(0)
        self.lakes = shapely.unary_union([*lakes, all_water.intersection(self.water_mask)])
        self.sea_seeds = seeds

    # ---- 4. edges ----------------------------------------------------------------------------
    def shared_km(self, a: str, b: str) -> float:
        return float(self.shapes[a].boundary.intersection(self.shapes[b].buffer(SNAP_KM)).length)

    def edges(self) -> None:
        th = self.defn["thresholds_km"]
        ids = sorted(self.shapes)
        tree = STRtree([self.shapes[i] for i in ids])
        found: dict[tuple[str, str], dict[str, Any]] = {}
        for a in ids:
            for j in sorted(int(k) for k in tree.query(self.shapes[a].buffer(SNAP_KM), predicate="intersects")):
                b = ids[j]
                if b <= a:
                    continue
                kinds = (self.by_id[a]["kind"], self.by_id[b]["kind"])
                kind = "land" if kinds == ("land", "land") else "sea" if kinds == ("sea", "sea") else "coast"
                if self.shared_km(a, b) >= th[kind]:
                    found[(a, b)] = {"kind": kind, "source": "geography", "gates": []}
        self.pending: list[dict[str, Any]] = []
        for row in self.edge_rows:
            a, b = row["a"], row["b"]
            missing = [x for x in (a, b) if x not in self.map_ids]
            if not missing and (a not in self.by_id or b not in self.by_id):
                continue                            # a link across sheets: joined by merge_sheets
            if missing:
                if not row["pending"]:
                    raise ValueError(f"edges.csv: unknown area(s) {missing} in {a}–{b}")
                self.pending.append({"a": a, "b": b, "kind": row["kind"], "section": row["pending"],
                                     "source": row["source"]})
                continue
            key = (min(a, b), max(a, b))
            kind = row["kind"]
            edge = found.get(key)
            if kind in ("land", "sea", "coast") and edge is None:
                if self.shared_km(a, b) > 0:        # the shapes touch, along less than the threshold
                    found[key] = {"kind": kind, "source": "rulebook", "gates": []}
                else:
                    self.warnings.append(f"stated {kind} edge {key[0]}–{key[1]} is not in the geography (added)")
            if edge is None:
                edge = found[key] = {"kind": kind, "source": "rulebook", "gates": []}
            edge["source"] = "rulebook" if row["source"].startswith("rulebook") else "authored"
            if kind == "strait":
                edge["kind"] = "strait"
            if kind == "link":                  # a stated special link, not a shared border
                edge["kind"] = "sea"
                edge["link"] = True
            if kind == "passage":
                edge["kind"] = "sea"
                edge["gates"].append({"by": sorted(_split(row["gate_by"])), "scope": row["gate_scope"],
                                      "rule": row["gate_rule"]})
        self.edge_map = found

    # ---- 5. output ---------------------------------------------------------------------------
    def svg_xy(self, p: Point) -> list[int]:
        minx, _miny, _maxx, maxy = self.frame_km.bounds
        k = self.sheet["km_per_unit"]
        return [round((p.x - minx) / k), round((maxy - p.y) / k)]

    def anchor(self, aid: str) -> Point:
        row = self.by_id[aid]
        if row["kind"] == "sea":
            return self.sea_seeds[aid][0]
        return polylabel(_polygons(self.shapes[aid])[0], tolerance=2.0)

    def document(self) -> dict[str, Any]:
        sections = {aid: self.by_id[aid]["section"] for aid in self.by_id}
        edges = []
        neighbours: dict[str, set[str]] = defaultdict(set)
        for (a, b), e in sorted(self.edge_map.items()):
            flags = {e["kind"]}
            if e["gates"]:
                flags.add("gated")
            if e.get("link"):
                flags.add("link")
            if sections[a] != sections[b]:
                flags.add("cross_map")
            out: dict[str, Any] = {"a": a, "b": b, "flags": sorted(flags), "source": e["source"]}
            if e["gates"]:
                out["gates"] = sorted(e["gates"], key=lambda g: (g["by"], g["scope"], g["rule"]))
            edges.append(out)
            if e["kind"] == "land":
                neighbours[a].add(b)
                neighbours[b].add(a)
        coastal = {x for (a, b), e in self.edge_map.items() if e["kind"] == "coast" for x in (a, b)}
        touches_unassigned = {tid for tid in self.land_ids
                              if self.shapes[tid].buffer(SNAP_KM).intersection(self.unassigned).area > 1.0}
        areas: dict[str, Any] = {}
        groups: dict[str, list[str]] = defaultdict(list)
        for aid in sorted(self.by_id):
            row = self.by_id[aid]
            entry: dict[str, Any] = {"name": row["name"], "kind": row["kind"], "section": row["section"],
                                     "named": row["named"] == "1", "anchor": self.svg_xy(self.anchor(aid)),
                                     "source": row["source"]}
            flags = {row["kind"]} | set(_split(row["flags"]))
            if row["kind"] == "land":
                island = not neighbours[aid] and aid not in touches_unassigned
                entry.update({
                    "owner": row["owner"], "owner_source": row["owner_src"],
                    "value": int(row["value"]), "value_source": row["value_src"],
                    "city": row["city"] or None, "capital": row["capital"] == "1",
                    "ic": row["ic"] == "1", "port": row["port"] == "1", "colony": row["colony"] or None,
                    "coastal": aid in coastal, "island": island,
                    "city_at": self.svg_xy(self.seeds[aid][0]) if row["city"] else None,
                })
                for flag, on in (("city", bool(row["city"])), ("capital", entry["capital"]), ("ic", entry["ic"]),
                                 ("port", entry["port"]), ("coastal", entry["coastal"]), ("island", island)):
                    if on:
                        flags.add(flag)
                for g in _split(row["groups"]):
                    groups[g].append(aid)
            entry["flags"] = sorted(flags)
            areas[aid] = entry
        countries = self.countries({self.by_id[t]["owner"] for t in self.land_ids})
        meta = {
            "name": self.name,
            "title": self.defn["title"],
            "ruleset": self.defn["ruleset"],
            "kind": "areas",
            "sheets": [{"id": self.sheet["id"], "title": self.sheet["title"], "proj4": self.sheet["proj4"],
                        "km_per_unit": self.sheet["km_per_unit"], "frame": self.sheet["frame"],
                        "masks": [{"id": m["id"], "applies": m["applies"], "source": m["source"]}
                                  for m in self.sheet["masks"]]}],
            "sections_built": sorted(set(sections.values())),
            "thresholds_km": self.defn["thresholds_km"],
            "island_km": self.defn["island_km"],
            "sources": LAND_SOURCES,
            "svg": {"file": f"static/maps/{self.name}/map.svg", "width": self.size[0], "height": self.size[1],
                    "layers": ["sea", "lakes", "land", "offmap", "coast", "borders", "straits", "passages",
                               "links", "places", "labels", "trenches"]},
            "pending_links": sorted(self.pending, key=lambda p: (p["section"], p["a"], p["b"])),
            "warnings": sorted(self.warnings),
        }
        return {"format": FORMAT, "meta": meta, "areas": areas, "edges": edges,
                "groups": {g: sorted(v) for g, v in sorted(groups.items())}, "countries": countries}

    @staticmethod
    def countries(owners: set[str]) -> dict[str, Any]:
        names = {r["id"]: r["name"] for r in _csv(DATA / "countries.csv")}
        return {c: {"name": names.get(c, c.replace("_", " ").title())} for c in sorted(owners)}

    def compile(self) -> dict[str, Any]:
        self.frame()
        self.regions()
        self.partition_land()
        self.partition_sea()
        self.edges()
        minx, miny, maxx, maxy = self.frame_km.bounds
        k = self.sheet["km_per_unit"]
        self.size = (round((maxx - minx) / k), round((maxy - miny) / k))
        return self.document()


def sheet_offsets(comps: list[AreaCompiler]) -> list[tuple[int, int]]:
    """Where each sheet stands in the one SVG (user units): the main sheet at the origin, each
    other sheet below the one it names (`place.below`), shifted so that the lon/lat point
    `place.align` falls at the same x on both, or to the right of it (`place.right_of`, the tops
    level): the sheets join like the rulebook's map sections."""
    offsets: dict[str, tuple[int, int]] = {}
    by_id = {c.sheet["id"]: c for c in comps}
    for c in comps:
        place = c.sheet.get("place")
        if not place:
            offsets[c.sheet["id"]] = (0, 0)
            continue
        if "right_of" in place:                     # side by side, top edges level (Asia)
            left = by_id[place["right_of"]]
            lx, ly = offsets[place["right_of"]]
            offsets[c.sheet["id"]] = (lx + left.size[0] + int(place.get("gap", 0)), ly)
            continue
        above = by_id[place["below"]]
        ax, ay = offsets[place["below"]]
        lon, lat = place["align"]
        x_above = above.svg_xy(above.km_point(lon, lat))[0] + ax
        x_here = c.svg_xy(c.km_point(lon, lat))[0]
        offsets[c.sheet["id"]] = (max(0, x_above - x_here), ay + above.size[1] + int(place.get("gap", 0)))
    return [offsets[c.sheet["id"]] for c in comps]


def _shift(xy: list[int] | None, off: tuple[int, int]) -> list[int] | None:
    return None if xy is None else [xy[0] + off[0], xy[1] + off[1]]


def merge_sheets(comps: list[AreaCompiler], docs: list[dict[str, Any]],
                 offsets: list[tuple[int, int]]) -> dict[str, Any]:
    """One map from its sheets' documents. An area's entry (anchor, city) comes from its home
    sheet, shifted to where that sheet stands; edges are the union of every sheet's (an area on
    two sheets may meet others on either); the rulebook's links between areas that share no
    sheet (Southern Atlantic–Cape Verde) are added as stated; coastal and island are re-read
    from the joined graph. With one sheet this is that sheet's document unchanged."""
    if len(docs) == 1:
        return docs[0]
    first = comps[0]
    sheet_of = {c.sheet["id"]: (c, d, off) for c, d, off in zip(comps, docs, offsets, strict=True)}
    areas: dict[str, Any] = {}
    for aid in sorted(first.map_ids):
        _c, d, off = sheet_of[first.home[aid]]
        entry = dict(d["areas"][aid])
        entry["anchor"] = _shift(entry["anchor"], off)
        if "city_at" in entry:
            entry["city_at"] = _shift(entry["city_at"], off)
        entry["sheet"] = first.home[aid]
        areas[aid] = entry
    edges: dict[tuple[str, str], dict[str, Any]] = {}
    for d in docs:
        for e in d["edges"]:
            key = (e["a"], e["b"])
            if key in edges and edges[key]["flags"] != e["flags"]:
                raise ValueError(f"{key}: the sheets disagree on this edge ({edges[key]['flags']} / {e['flags']})")
            edges.setdefault(key, e)
    kinds = {"strait": "strait", "link": "sea", "passage": "sea"}
    for row in first.edge_rows:
        a, b = row["a"], row["b"]
        if a not in areas or b not in areas:
            continue
        key = (min(a, b), max(a, b))
        if any(a in c.by_id and b in c.by_id for c in comps):
            continue                                # applied on a sheet holding both
        edge = edges.setdefault(key, {"a": key[0], "b": key[1], "flags": [], "source": ""})
        flags = set(edge["flags"]) | {kinds.get(row["kind"], row["kind"])}
        if row["kind"] == "link":
            flags.add("link")
        if row["kind"] == "passage":
            flags.add("gated")
            gate = {"by": sorted(_split(row["gate_by"])), "scope": row["gate_scope"], "rule": row["gate_rule"]}
            edge["gates"] = sorted([*edge.get("gates", []), gate], key=lambda g: (g["by"], g["scope"], g["rule"]))
        if areas[a]["section"] != areas[b]["section"]:
            flags.add("cross_map")
        edge["flags"] = sorted(flags)
        edge["source"] = "rulebook" if row["source"].startswith("rulebook") else "authored"
    land_nb: dict[str, set[str]] = defaultdict(set)
    coastal: set[str] = set()
    for e in edges.values():
        if "land" in e["flags"]:
            land_nb[e["a"]].add(e["b"])
            land_nb[e["b"]].add(e["a"])
        if "coast" in e["flags"]:
            coastal.update((e["a"], e["b"]))
    for aid, entry in areas.items():
        if entry["kind"] != "land":
            continue
        entry["coastal"] = aid in coastal
        entry["island"] = bool(entry["island"]) and not land_nb[aid]
        flags = set(entry["flags"]) - {"coastal", "island"}
        flags |= {f for f, on in (("coastal", entry["coastal"]), ("island", entry["island"])) if on}
        entry["flags"] = sorted(flags)
    pending = {(p["section"], p["a"], p["b"]): p for d in docs for p in d["meta"]["pending_links"]}
    groups: dict[str, set[str]] = defaultdict(set)
    countries: dict[str, Any] = {}
    for d in docs:
        for g, members in d["groups"].items():
            groups[g].update(members)
        countries.update(d["countries"])
    width = max(off[0] + c.size[0] for c, off in zip(comps, offsets, strict=True))
    height = max(off[1] + c.size[1] for c, off in zip(comps, offsets, strict=True))
    meta = dict(docs[0]["meta"])
    meta.update({
        "sheets": [{**d["meta"]["sheets"][0], "offset": list(off), "width": c.size[0], "height": c.size[1]}
                   for c, d, off in zip(comps, docs, offsets, strict=True)],
        "sections_built": sorted({a["section"] for a in areas.values()}),
        "svg": {**meta["svg"], "width": width, "height": height},
        "pending_links": [pending[k] for k in sorted(pending)],
        "warnings": sorted({w for d in docs for w in d["meta"]["warnings"]}),
    })
    return {"format": FORMAT, "meta": meta, "areas": areas,
            "edges": [edges[k] for k in sorted(edges)],
            "groups": {g: sorted(v) for g, v in sorted(groups.items())},
            "countries": dict(sorted(countries.items()))}


def build_areas(name: str, out_dir: Path | None = None, static_dir: Path | None = None,
                svg: bool = True) -> dict[str, Any]:
    comps = [AreaCompiler(name, sid) for sid in sheet_ids(name)]
    docs = [c.compile() for c in comps]
    offsets = sheet_offsets(comps)
    doc = merge_sheets(comps, docs, offsets)

    def drawing() -> str:
        from .arearender import render_area_svg
        return render_area_svg(list(zip(comps, offsets, strict=True)), doc)
    return save(name, doc, drawing if svg else None, out_dir, static_dir)
