"""The map compiler: map definition + vendored geography + curated tables → salient-map/1.

Build-time only: this module imports shapely and pyproj and must never be imported by the
running app (``engine/maps/__init__.py`` does not import it).

Pipeline (all geometric tests are done in lon/lat; only the SVG output is projected):
1. Frame: projection + similarity transform km → SVG units (fitted to anchors for BoP).
2. Hex set: a rectangle in odd-q column/row coordinates.
3. Per hex: land area (Natural Earth land), dominant land piece, terrain from 19 sample points
   (lakes, curated regions, Natural Earth physical regions), 1914 country (overrides, then
   world_1914), sea area, weather zone.
4. Hexsides: all-sea (the dominant land pieces of the two hexes do not meet on the shared
   edge), borders, straits, canals, rivers snapped onto hex edges.
5. Places snapped to land hexes of their own landmass, rail lines routed hex-by-hex.
6. Canonical JSON (sorted keys, no floats outside meta) + SVG layers.
"""
from __future__ import annotations

import csv
import hashlib
import heapq
import json
import math
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyproj
import shapely
from shapely.geometry import LineString, Point, Polygon, shape
from shapely.strtree import STRtree

from . import hexmath as hm
from .definitions import SEA_OVERRIDES, get_definition
from .hexside_features import FEATURES as HEXSIDE_FEATURES
from .hexside_features import curated_hexsides, lake_hexsides

HERE = Path(__file__).parent
DATA = HERE / "data"
SOURCES = HERE / "sources"
COMPILED = HERE / "compiled"
STATIC = HERE.parent.parent / "static" / "maps"

FORMAT = "salient-map/1"
TERRAIN_CLASSES = ["clear", "forest", "hills", "mountain", "marsh", "desert", "lake", "sea"]
LAND_THRESHOLD = 0.5        # share of a hex's area that must be land
TERRAIN_THRESHOLD = 0.4     # share of a hex's sample points a terrain region must cover
EDGE_LAND_SHARE = 0.03      # share of the shared edge that must be land on both sides to connect

# Natural Earth physical regions → physical class (names mapped explicitly win).
NE_CLASS = {"Range/mtn": "mountain", "Desert": "desert", "Wetlands": "marsh", "Foothills": "hills",
            "Plateau": "hills", "Delta": "marsh", "Tundra": "clear"}
NE_NAME_CLASS = {
    "Harz": "hills", "Erzgebirge": "hills", "Sudetes Mts.": "hills", "Jura": "mountain",
    "Böhmerwald": "forest", "Massif Central": "hills", "Ardennes": "forest", "Vosges": "mountain",
    "PENÍNSULA IBÉRICA": None, "Dnieper Upland": None, "Azov Upland": None, "Volga Upland": None,
    "CENTRAL RUSSIAN UPLAND": None, "Stavropol’ Plateau": None, "Nile Delta": None,
    "Ustyurt Plateau": "desert", "Plat. du Tademaït": "desert", "Libyan Plateau": "desert",
    "Jilf al Kabir Plateau": "desert", "Al Harüj al Aswad Plateau": "desert",
    "Cambrian Mts.": "hills", "Grampian Mts.": "mountain", "Calabria": "mountain",
}
SOURCES_META = [
    {"id": "world_1914", "licence": "GPL-3.0", "file": "engine/maps/sources/world_1914.geojson",
     "origin": "aourednik/historical-basemaps"},
    {"id": "ne_50m_land", "licence": "public domain", "file": "engine/maps/sources/ne_50m_land.geojson",
     "origin": "Natural Earth via martynafford/natural-earth-geojson"},
    {"id": "ne_50m_lakes", "licence": "public domain", "file": "engine/maps/sources/ne_50m_lakes.geojson",
     "origin": "Natural Earth via martynafford/natural-earth-geojson"},
    {"id": "ne_50m_marine_polys", "licence": "public domain",
     "file": "engine/maps/sources/ne_50m_marine_polys.geojson",
     "origin": "Natural Earth via martynafford/natural-earth-geojson"},
    {"id": "ne_10m_regions_polys", "licence": "public domain",
     "file": "engine/maps/sources/ne_10m_regions_polys.geojson",
     "origin": "Natural Earth via martynafford/natural-earth-geojson"},
    {"id": "ne_10m_rivers", "licence": "public domain",
     "file": "engine/maps/sources/ne_10m_rivers_centerlines.geojson + ne_10m_rivers_europe.geojson",
     "origin": "Natural Earth via martynafford/natural-earth-geojson"},
    {"id": "curated", "licence": "project", "file": "engine/maps/data/*",
     "origin": "Salient curated tables (each row has a source column)"},
]


# --------------------------------------------------------------------------------------------
# inputs

def _features(name: str) -> list[dict]:
    return json.loads((SOURCES / name).read_text(encoding="utf-8"))["features"]


def _csv(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _json(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _r(x: float, nd: int = 6) -> float:
    v = round(float(x), nd)
    return 0.0 if v == 0 else v


# --------------------------------------------------------------------------------------------
# frame: lon/lat <-> SVG user units

class Frame:
    """lon/lat → projected metres → SVG units via z = a * (x - i*y)/1000 + b (complex)."""

    def __init__(self, proj4: str, a: complex, b: complex, size: float):
        self.proj4 = proj4
        self.a, self.b, self.size = a, b, size
        crs = pyproj.CRS.from_proj4(proj4)
        self._fwd = pyproj.Transformer.from_crs("EPSG:4326", crs, always_xy=True)

    def forward(self, lon, lat):
        x, y = self._fwd.transform(np.asarray(lon, float), np.asarray(lat, float))
        w = (np.asarray(x) - 1j * np.asarray(y)) / 1000.0
        z = self.a * w + self.b
        return z.real, z.imag

    def inverse(self, sx, sy):
        z = np.asarray(sx, float) + 1j * np.asarray(sy, float)
        w = (z - self.b) / self.a
        x, y = w.real * 1000.0, -w.imag * 1000.0
        lon, lat = self._fwd.transform(x, y, direction="INVERSE")
        return np.asarray(lon), np.asarray(lat)

    def project_geom(self, geom):
        def f(coords):
            x, y = self.forward(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])
        return shapely.transform(geom, f)


def _km_complex(proj4: str, lon, lat) -> np.ndarray:
    t = pyproj.Transformer.from_crs("EPSG:4326", pyproj.CRS.from_proj4(proj4), always_xy=True)
    x, y = t.transform(np.asarray(lon, float), np.asarray(lat, float))
    return (np.asarray(x) - 1j * np.asarray(y)) / 1000.0


def fit_anchors(defn: dict, cities: dict) -> tuple[Frame, dict]:
    """Least-squares similarity (scale, rotation, offset) from projected anchors to their labelled
    hex centres; the base projection's centre and standard parallels are chosen by a small grid
    search minimising the worst residual."""
    size = defn["layout_size"]
    pdef = defn["projection"]
    anchors = _csv(pdef["anchors"])
    lon = [float(cities[a["place"]]["lon"]) for a in anchors]
    lat = [float(cities[a["place"]]["lat"]) for a in anchors]
    centres = []
    for a in anchors:
        q, r = hm.axial_of_label(a["label"])
        centres.append(complex(*hm.hex_to_pixel(q, r, size)))
    target = np.array(centres)
    best: tuple[tuple[float, float, Any, Any], str, Any, Any] | None = None
    for lon0 in pdef["search"]["lon0"]:
        for lat1, lat2 in pdef["search"]["lats"]:
            proj4 = pdef["base"].format(lon0=lon0, lat1=lat1, lat2=lat2)
            w = _km_complex(proj4, lon, lat)
            m = np.column_stack([w, np.ones_like(w)])
            sol, *_ = np.linalg.lstsq(m, target, rcond=None)
            res = np.abs(m @ sol - target) / (hm.SQRT3 * size)  # in hex (centre-to-centre) units
            key = (round(float(res.max()), 6), round(float(np.sqrt((res ** 2).mean())), 6), lon0, lat1)
            if best is None or key < best[0]:
                best = (key, proj4, sol, res)
    assert best is not None, "the projection search tried no candidate"
    _, proj4, sol, res = best
    scale, offset = complex(sol[0]), complex(sol[1])
    frame = Frame(proj4, scale, offset, size)
    km_per_hex = hm.SQRT3 * size / abs(scale)
    info = {
        "method": "least-squares similarity (scale, rotation, offset) of the projected anchors onto "
                  "their labelled hex centres; base projection lon_0 and standard parallels by grid search "
                  "minimising the worst residual",
        "km_per_hex": _r(km_per_hex, 3),
        "rotation_deg": _r(math.degrees(math.atan2(scale.imag, scale.real)), 4),
        "rms_hex": _r(float(np.sqrt((res ** 2).mean())), 3),
        "max_hex": _r(float(res.max()), 3),
        "anchors": [{"place": an["place"], "label": an["label"], "residual_hex": _r(float(rv), 3),
                     "source": an["source"]} for an, rv in zip(anchors, res, strict=False)],
    }
    return frame, info


def fixed_frame(defn: dict) -> Frame:
    size = defn["layout_size"]
    proj4 = defn["projection"]["proj4"]
    a = complex(hm.SQRT3 * size / defn["hex_km"], 0.0)
    return Frame(proj4, a, 0j, size)


def _intervals(geom, edge) -> list[tuple[float, float]]:
    """Parts of ``edge`` covered by ``geom`` (a line intersection) as sorted (t0, t1) in [0, 1]."""
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.geom_type == "LineString" and g.length > 0:
            ts = sorted(edge.project(Point(c), normalized=True) for c in (g.coords[0], g.coords[-1]))
            out.append((ts[0], ts[1]))
    return sorted(out)


def _overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    tot = 0.0
    for a0, a1 in a:
        for b0, b1 in b:
            tot += max(0.0, min(a1, b1) - max(a0, b0))
    return tot


# --------------------------------------------------------------------------------------------
# the compiler

class Compiler:
    def __init__(self, name: str):
        self.name = name
        self.defn = get_definition(name)
        self.size = self.defn["layout_size"]
        # a definition may add places of its own (BoP: towns only its rail needs)
        extra = _csv(self.defn["extra_cities"]) if self.defn.get("extra_cities") else []
        self.cities = {c["id"]: c for c in _csv("cities.csv") + extra}
        self.calibration = None
        if self.defn["projection"]["kind"] == "fit-anchors":
            self.frame, self.calibration = fit_anchors(self.defn, self.cities)
        else:
            self.frame = fixed_frame(self.defn)
        self.warnings: list[str] = []

    # ---- grid ------------------------------------------------------------------------------
    def make_grid(self):
        ext = self.defn["extent"]
        if "cols" in ext:
            c0, c1 = ext["cols"]
            r0, r1 = ext["rows"]
        else:
            lo0, la0, lo1, la1 = ext["lonlat"]
            lons = np.concatenate([np.linspace(lo0, lo1, 60), np.linspace(lo0, lo1, 60),
                                   np.full(60, lo0), np.full(60, lo1)])
            lats = np.concatenate([np.full(60, la0), np.full(60, la1),
                                   np.linspace(la0, la1, 60), np.linspace(la0, la1, 60)])
            x, y = self.frame.forward(lons, lats)
            xmin, xmax, ymin, ymax = x.min(), x.max(), y.min(), y.max()
            s = self.size
            c0 = math.floor(xmin / (1.5 * s))
            c1 = math.ceil(xmax / (1.5 * s))
            c0 -= c0 & 1  # keep column parity: shift by an even number of columns
            r0 = math.floor(ymin / (hm.SQRT3 * s)) - 1
            r1 = math.ceil(ymax / (hm.SQRT3 * s))
            # re-base so that the grid starts at column 0, row 0
            shift = complex(*hm.hex_to_pixel(*hm.offset_to_axial(c0, r0), s))
            self.frame.b -= shift
            c1, r1 = c1 - c0, r1 - r0
            c0, r0 = 0, 0
        self.hexes: list[tuple[int, int]] = []
        for col in range(c0, c1 + 1):
            for row in range(r0, r1 + 1):
                self.hexes.append(hm.offset_to_axial(col, row))
        if "clip_lonlat" in ext:
            # keep the hexes whose centre lies inside the lon/lat box (the vendored sources' box)
            lo0, la0, lo1, la1 = ext["clip_lonlat"]
            s = self.size
            px = np.array([1.5 * s * q for q, r in self.hexes])
            py = np.array([hm.SQRT3 * s * (r + q / 2.0) for q, r in self.hexes])
            lon, lat = self.frame.inverse(px, py)
            keep = (lon >= lo0) & (lon <= lo1) & (lat >= la0) & (lat <= la1)
            self.hexes = [h for h, k in zip(self.hexes, keep, strict=False) if k]
        self.hexset = set(self.hexes)
        self.ids = {h: hm.hex_id(*h) for h in self.hexes}
        s = self.size
        cx = np.array([1.5 * s * q for q, r in self.hexes])
        cy = np.array([hm.SQRT3 * s * (r + q / 2.0) for q, r in self.hexes])
        # origin so that the whole grid has non-negative coordinates
        self.origin = (_r(-(cx.min() - s), 3), _r(-(cy.min() - hm.SQRT3 * s / 2), 3))
        self.cx, self.cy = cx, cy
        self.index = {h: i for i, h in enumerate(self.hexes)}
        # hex polygons in lon/lat (corners shared exactly between neighbours)
        n = len(self.hexes)
        ang = np.radians(np.arange(6) * 60.0)
        kx = cx[:, None] + s * np.cos(ang)[None, :]
        ky = cy[:, None] + s * np.sin(ang)[None, :]
        lon, lat = self.frame.inverse(kx.ravel(), ky.ravel())
        self.corner_ll = np.column_stack([lon, lat]).reshape(n, 6, 2)
        self.hexpolys = [Polygon(self.corner_ll[i]) for i in range(n)]
        # sample points: centre + 6 at 0.45 S + 12 at 0.8 S
        pts = [(0.0, 0.0)]
        for k in range(6):
            a = math.radians(30 + 60 * k)
            pts.append((0.45 * s * math.cos(a), 0.45 * s * math.sin(a)))
        for k in range(12):
            a = math.radians(30 * k)
            pts.append((0.78 * s * math.cos(a), 0.78 * s * math.sin(a)))
        off = np.array(pts)
        sx = cx[:, None] + off[None, :, 0]
        sy = cy[:, None] + off[None, :, 1]
        slon, slat = self.frame.inverse(sx.ravel(), sy.ravel())
        self.nsamp = len(pts)
        self.slon, self.slat = slon.reshape(n, -1), slat.reshape(n, -1)
        clon, clat = self.frame.inverse(cx, cy)
        self.clon, self.clat = clon, clat

    def hex_of_lonlat(self, lon: float, lat: float) -> tuple[int, int]:
        x, y = self.frame.forward([lon], [lat])
        return hm.pixel_to_hex(float(x[0]), float(y[0]), self.size)

    # ---- land -------------------------------------------------------------------------------
    def classify_land(self):
        land = [shape(f["geometry"]) for f in _features("ne_50m_land.geojson")]
        parts = []
        for g in land:
            parts.extend(getattr(g, "geoms", [g]))
        parts = [p for p in parts if not p.is_empty]
        self.land_parts = parts
        self.mainland = max(range(len(parts)), key=lambda i: parts[i].area)
        tree = STRtree(parts)
        self.land_tree = tree
        n = len(self.hexes)
        self.hexland: list[list[tuple[int, object]]] = [[] for _ in range(n)]
        self.land_share = np.zeros(n)
        for i, poly in enumerate(self.hexpolys):
            area = poly.area
            tot = 0.0
            for j in sorted(tree.query(poly, predicate="intersects")):
                piece = shapely.intersection(parts[j], poly)
                for g in getattr(piece, "geoms", [piece]):
                    if g.geom_type == "Polygon" and g.area > 0:
                        self.hexland[i].append((int(j), g))
                        tot += g.area
            self.land_share[i] = tot / area
        self.is_land = self.land_share >= LAND_THRESHOLD
        self.forced_sea: set[int] = set()
        # dominant land piece per hex
        # per hex: (land mass, shapely geometry) of its largest land piece, or None
        self.dominant: list[Any] = []
        for i in range(n):
            pieces = self.hexland[i]
            self.dominant.append(max(pieces, key=lambda p: p[1].area) if pieces else None)
        # islands too small for a hex keep a hex when a listed place stands on them
        mass_has_hex = {self.dominant[i][0] for i in range(n) if self.is_land[i] and self.dominant[i]}
        for cid in self.cities:  # table order: the first place listed decides a shared hex
            c = self.cities[cid]
            lon, lat = float(c["lon"]), float(c["lat"])
            h = self.hex_of_lonlat(lon, lat)
            if h not in self.hexset:
                continue
            i = self.index[h]
            if self.is_land[i]:
                continue
            p = Point(lon, lat)
            for j, g in self.hexland[i]:
                # a place keeps its own hex when the hex is a quarter land or more (Constantinople
                # on 100 km hexes), or when its island would otherwise vanish (Malta)
                if (j not in mass_has_hex or self.land_share[i] >= 0.25) and g.buffer(0.02).contains(p):
                    self.is_land[i] = True
                    self.dominant[i] = (j, g)
                    mass_has_hex.add(j)
                    break

        for row in _csv("water_points.csv"):
            if row["map"] not in (self.name, "*"):
                continue
            h = self.hex_of_lonlat(float(row["lon"]), float(row["lat"]))
            if h in self.hexset:
                self.is_land[self.index[h]] = False
                self.forced_sea.add(self.index[h])
        self.bridge_land()

    def _edge_connected(self, i: int, j: int, ca: int, cb: int) -> bool:
        da, db = self.dominant[i], self.dominant[j]
        if not (da and db):
            return False
        edge = LineString([self.corner_ll[i][ca], self.corner_ll[i][cb]])
        ia_ = _intervals(shapely.intersection(da[1].buffer(1e-7), edge), edge)
        ib_ = _intervals(shapely.intersection(db[1].buffer(1e-7), edge), edge)
        return _overlap(ia_, ib_) >= EDGE_LAND_SHARE

    def _components(self) -> list[list[int]]:
        adj = defaultdict(set)
        for i, j, ca, cb in self.edge_pairs():
            if self.is_land[i] and self.is_land[j] and self._edge_connected(i, j, ca, cb):
                adj[i].add(j)
                adj[j].add(i)
        seen, comps = set(), []
        for i in range(len(self.hexes)):
            if self.is_land[i] and i not in seen:
                comp, dq = [], deque([i])
                seen.add(i)
                while dq:
                    k = dq.popleft()
                    comp.append(k)
                    for j in sorted(adj[k]):
                        if j not in seen:
                            seen.add(j)
                            dq.append(j)
                comps.append(sorted(comp))
        return comps

    def bridge_land(self):
        """Narrow peninsulas (Calabria, Gallipoli...) can fall below the land threshold and leave a
        stretch of mainland cut off on the map. Reconnect such a piece to the largest component of
        its landmass through at most two water hexes holding land of that landmass."""
        for _round in range(3):
            comps = self._components()
            by_mass = defaultdict(list)
            for comp in comps:
                masses = Counter(self.dominant[k][0] for k in comp if self.dominant[k])
                if masses:
                    by_mass[masses.most_common(1)[0][0]].append(comp)
            changed = False
            for mass, cs in sorted(by_mass.items()):
                if len(cs) < 2:
                    continue
                cs.sort(key=lambda c: (-len(c), c[0]))
                main = set(cs[0])
                for comp in cs[1:]:
                    if any(self._on_edge(k) for k in comp):
                        continue
                    path = self._bridge(set(comp), main, mass)
                    for k in path or []:
                        pieces = [p for p in self.hexland[k] if p[0] == mass]
                        self.is_land[k] = True
                        self.dominant[k] = max(pieces, key=lambda p: p[1].area)
                        changed = True
            if not changed:
                return

    def _bridge(self, comp: set, main: set, mass: int):
        start = sorted(comp)
        prev = {k: None for k in start}
        dq = deque((k, 0) for k in start)
        while dq:
            k, depth = dq.popleft()
            for nb in hm.neighbours(*self.hexes[k]):
                j = self.index.get(nb)
                if j is None or j in prev:
                    continue
                if j in main:
                    path = []
                    while k is not None and k not in comp:
                        path.append(k)
                        k = prev[k]
                    return path
                if depth >= 2 or self.is_land[j] or j in self.forced_sea:
                    continue
                share = sum(p[1].area for p in self.hexland[j] if p[0] == mass) / self.hexpolys[j].area
                if share < 0.12:
                    continue
                prev[j] = k
                dq.append((j, depth + 1))
        return None

    # ---- terrain ----------------------------------------------------------------------------
    def _share(self, geom) -> np.ndarray:
        if geom is None or geom.is_empty:
            return np.zeros(len(self.hexes))
        shapely.prepare(geom)
        inside = shapely.contains_xy(geom, self.slon.ravel(), self.slat.ravel()).reshape(self.slon.shape)
        return inside.mean(axis=1)

    def classify_terrain(self):
        n = len(self.hexes)
        lakes = shapely.unary_union([shape(f["geometry"]) for f in _features("ne_50m_lakes.geojson")
                                     if f["properties"].get("name") not in ("Caspian Sea",)])
        lake_share = self._share(lakes)
        ne = defaultdict(list)
        for f in _features("ne_10m_regions_polys.geojson"):
            nm, cl = f["properties"].get("name"), f["properties"].get("featurecla")
            klass = NE_NAME_CLASS[nm] if nm in NE_NAME_CLASS else NE_CLASS.get(cl)
            if klass:
                ne[klass].append(shape(f["geometry"]))
        ne_share = {k: self._share(shapely.unary_union(v)) for k, v in sorted(ne.items())}
        curated = _json("terrain_regions.json")["regions"]
        cur_share = [(r["terrain"], self._share(Polygon(r["polygon"]))) for r in curated]
        self.terrain = []
        for i in range(n):
            if not self.is_land[i]:
                self.terrain.append("sea")
                continue
            t = None
            if lake_share[i] >= 0.5:
                t = "lake"
            if t is None:
                for klass, sh in reversed(cur_share):  # later curated regions win
                    if sh[i] >= TERRAIN_THRESHOLD:
                        t = klass
                        break
            if t is None:
                for klass in ("mountain", "marsh", "desert", "forest", "hills"):
                    if klass in ne_share and ne_share[klass][i] >= TERRAIN_THRESHOLD:
                        t = klass
                        break
            self.terrain.append(t or "clear")

    # ---- countries --------------------------------------------------------------------------
    def classify_countries(self):
        polities = {p["world_1914_name"]: p for p in _csv("polities_1914.csv")}
        geoms, labels = [], []
        for ov in _json("border_overrides.json")["overrides"]:
            geoms.append(Polygon(ov["polygon"]))
            labels.append((ov["country"], bool(ov["home"])))
        n_over = len(geoms)
        named = []
        for f in _features("world_1914.geojson"):
            nm = f["properties"].get("NAME")
            if nm and nm in polities:
                geoms.append(shape(f["geometry"]))
                labels.append((polities[nm]["country"], polities[nm]["home"] == "1"))
                named.append(len(geoms) - 1)
            elif nm:
                self.warnings.append(f"world_1914 polity {nm!r} not in polities_1914.csv")
        for g in geoms:
            shapely.prepare(g)
        lon, lat = self.slon.ravel(), self.slat.ravel()
        owner = np.full(lon.shape, -1)
        for k in range(len(geoms) - 1, -1, -1):  # first match wins → assign in reverse
            inside = shapely.contains_xy(geoms[k], lon, lat)
            owner[inside] = k
        owner = owner.reshape(self.slon.shape)
        self.geoms_country, self.labels_country, self.n_over = geoms, labels, n_over
        named_tree = STRtree([geoms[k] for k in named])
        self.country: list[str | None] = []
        self.home: list[str | None] = []
        for i in range(len(self.hexes)):
            if not self.is_land[i]:
                self.country.append(None)
                self.home.append(None)
                continue
            # only samples on the hex's dominant land piece vote
            dom = self.dominant[i][1] if self.dominant[i] else None
            votes = Counter()
            homes = Counter()
            on_dom = (shapely.contains_xy(dom.buffer(1e-3), self.slon[i], self.slat[i]) if dom is not None
                      else np.ones(self.nsamp, bool))
            for s in range(self.nsamp):
                k = owner[i, s]
                if k < 0 or not on_dom[s]:
                    continue
                votes[labels[k][0]] += 1
                homes[(labels[k][0], labels[k][1])] += 1
            if votes:
                c = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
                h = homes[(c, True)] >= homes[(c, False)]
            else:
                p = Point(self.clon[i], self.clat[i])
                k = named[int(named_tree.nearest(p))]
                c, h = labels[k]
            self.country.append(c)
            self.home.append(c if h else None)

    def polity_at(self, lon: float, lat: float) -> tuple[str, bool] | None:
        p = Point(lon, lat)
        for g, lab in zip(self.geoms_country, self.labels_country, strict=False):
            if g.contains(p):
                return lab
        return None

    # ---- seas and weather -------------------------------------------------------------------
    def classify_seas(self):
        feats = _features("ne_50m_marine_polys.geojson")
        areas = []  # (area id, geometry)
        for ov in SEA_OVERRIDES:
            areas.append((ov["area"], Polygon(ov["polygon"])))
        for aid, _name, names, lonfilter in self.defn["seas"]:
            for f in feats:
                if f["properties"].get("name") not in names:
                    continue
                g = shape(f["geometry"])
                if lonfilter and not (lonfilter[0] <= g.centroid.x < lonfilter[1]):
                    continue
                areas.append((aid, g))
        known = {a for a, *_ in self.defn["seas"]}
        areas = [(a, g) for a, g in areas if a in known]
        owner = np.full(self.slon.shape, -1)
        for k in range(len(areas) - 1, -1, -1):
            shapely.prepare(areas[k][1])
            inside = shapely.contains_xy(areas[k][1], self.slon.ravel(), self.slat.ravel())
            owner[inside.reshape(self.slon.shape)] = k
        tree = STRtree([g for _, g in areas])
        self.sea_area: list[str | None] = []
        for i in range(len(self.hexes)):
            if self.is_land[i]:
                self.sea_area.append(None)
                continue
            votes = Counter(areas[k][0] for k in owner[i] if k >= 0)
            if votes:
                self.sea_area.append(sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0])
            else:
                k = int(tree.nearest(Point(self.clon[i], self.clat[i])))
                self.sea_area.append(areas[k][0])
        self.weather: list[str | None] = [None] * len(self.hexes)
        if self.defn["weather_zones"]:
            zones = _json(self.defn["weather_zones"])["zones"]
            self.weather_zone_defs = zones
            for i in range(len(self.hexes)):
                p = Point(self.clon[i], self.clat[i])
                zone = "north_temperate"
                for z in zones:
                    if Polygon(z["polygon"]).contains(p):
                        zone = z["id"]
                        break
                self.weather[i] = zone

    # ---- hexsides ---------------------------------------------------------------------------
    def edge_pairs(self):
        """Yield (i, j, corner_a, corner_b) for each on-map hexside once."""
        for i, (q, r) in enumerate(self.hexes):
            for corner in range(6):
                d = hm.EDGE_DIRECTION[corner]
                nb = (q + hm.DIRECTIONS[d][0], r + hm.DIRECTIONS[d][1])
                j = self.index.get(nb)
                if j is None or j < i:
                    continue
                yield i, j, corner, (corner + 1) % 6

    def build_hexsides(self):
        self.sides: dict[str, dict] = {}
        self.land_adjacent: dict[int, set[int]] = defaultdict(set)
        for i, j, ca, cb in self.edge_pairs():
            if not (self.is_land[i] and self.is_land[j]):
                continue
            edge = LineString([self.corner_ll[i][ca], self.corner_ll[i][cb]])
            da, db = self.dominant[i], self.dominant[j]
            connected = False
            if da and db:
                ia_ = _intervals(shapely.intersection(da[1].buffer(1e-7), edge), edge)
                ib_ = _intervals(shapely.intersection(db[1].buffer(1e-7), edge), edge)
                connected = _overlap(ia_, ib_) >= EDGE_LAND_SHARE
            sid = hm.hexside_id(self.ids[self.hexes[i]], self.ids[self.hexes[j]])
            entry = {}
            if not connected:
                entry["all_sea"] = True
            else:
                self.land_adjacent[i].add(j)
                self.land_adjacent[j].add(i)
            if self.country[i] != self.country[j]:
                entry["border"] = True
            if entry:
                self.sides[sid] = entry

    def side(self, a: tuple[int, int], b: tuple[int, int]) -> dict:
        sid = hm.hexside_id(self.ids[a], self.ids[b])
        return self.sides.setdefault(sid, {})

    # ---- places -----------------------------------------------------------------------------
    def landmass_of(self, lon: float, lat: float) -> int:
        p = Point(lon, lat)
        hits = [int(k) for k in self.land_tree.query(p, predicate="intersects")]
        if hits:
            return min(hits)
        return int(self.land_tree.nearest(p))

    def snap(self, lon: float, lat: float, country: str | None = None,
             avoid: set[int] | None = None) -> tuple[int, int] | None:
        """The land hex of a place: its own hex if that hex is land on the place's landmass,
        otherwise the nearest such hex (by centre distance)."""
        h = self.hex_of_lonlat(lon, lat)
        mass = self.landmass_of(lon, lat)
        x, y = self.frame.forward([lon], [lat])
        x, y = float(x[0]), float(y[0])
        if h not in self.hexset:  # off the map: not on this map
            return None
        i = self.index.get(h)
        p = Point(lon, lat)
        if country is None and i is not None and self.is_land[i] and self.dominant[i] and self.dominant[i][0] == mass:
            on_other_piece = any(g.contains(p) for j, g in self.hexland[i] if g is not self.dominant[i][1])
            if not on_other_piece:
                return h
        best = None
        for k in range(len(self.hexes)):
            if not self.is_land[k] or not self.dominant[k] or self.dominant[k][0] != mass:
                continue
            if country is not None and (self.country[k] != country or k in (avoid or ())):
                continue
            d = (self.cx[k] - x) ** 2 + (self.cy[k] - y) ** 2
            if d > (3.0 * self.size * hm.SQRT3) ** 2:
                continue
            # nearest dominant land piece first (in ~km), then nearest centre
            gap = round(self.dominant[k][1].distance(p) * 100)
            key = (gap, d, self.ids[self.hexes[k]])
            if best is None or key < best[0]:
                best = (key, k)
        if best is None:
            return None
        return self.hexes[best[1]]

    def place_cities(self):
        self.places: dict[str, dict] = {}
        self.features: dict[int, set[str]] = defaultdict(set)
        forced: dict[int, tuple[int, str]] = {}
        claimed: dict[int, str] = {}  # hex index → country of the first place snapped there
        pinned = {}
        if self.calibration:
            # calibrated maps pin each anchor on its rulebook hex (it is at most one hex from the
            # geometric one), so set-up rules and worked examples read the same on the map
            pinned = {a["place"]: hm.axial_of_label(a["label"]) for a in self.calibration["anchors"]}
        table = list(self.cities)
        order_ids = sorted(self.cities, key=lambda c: (c not in pinned, self.cities[c]["capital"] != "1",
                                                        table.index(c)))
        for order, cid in enumerate(order_ids):
            c = self.cities[cid]
            h = self.snap(float(c["lon"]), float(c["lat"]))
            if h is None:
                continue
            pin = pinned.get(cid)
            if pin is not None and pin in self.hexset and self.is_land[self.index[pin]] and hm.distance(pin, h) <= 1:
                h = pin
            i = self.index[h]
            if claimed.get(i, c["country"]) != c["country"]:
                # a place of another country already holds this hex (Luxembourg and Metz on
                # 100 km hexes): take the nearest free hex of the place's own country
                alt = self.snap(float(c["lon"]), float(c["lat"]), country=c["country"],
                                avoid={k for k, v in claimed.items() if v != c["country"]})
                if alt is None:
                    self.warnings.append(f"{cid}: hex {self.ids[h]} held by a {claimed[i]} place; dropped")
                    continue
                self.warnings.append(f"{cid}: hex {self.ids[h]} held by a {claimed[i]} place; moved to {self.ids[alt]}")
                h, i = alt, self.index[alt]
            claimed.setdefault(i, c["country"])
            self.places[cid] = {"name": c["name"], "hex": self.ids[h], "country": c["country"],
                                "capital": c["capital"] == "1", "port": c["port"] or None,
                                "fortress": c["fortress"] == "1", "kind": "city",
                                "resource": c["resource"] or None, "factory": c["factory"] == "1"}
            f = self.features[i]
            f.add("city")
            if c["capital"] == "1":
                f.add("capital")
            if c["fortress"] == "1":
                f.add("fortress")
            if c["resource"]:
                f.add("resource")
            if c["factory"] == "1":
                f.add("factory")
            rank = (0 if c["capital"] == "1" else 1, order)
            if i not in forced or rank < forced[i][0]:
                forced[i] = (rank, cid)
        # the hex of a listed place belongs to the place's 1914 country
        for i, (_rank, cid) in sorted(forced.items()):
            c = self.cities[cid]
            if self.country[i] != c["country"]:
                pol = self.polity_at(float(c["lon"]), float(c["lat"]))
                home = pol[1] if pol and pol[0] == c["country"] else True
                self.country[i] = c["country"]
                self.home[i] = c["country"] if home else None

    def finish_ports(self):
        self.coastal = [False] * len(self.hexes)
        for i, (q, r) in enumerate(self.hexes):
            if not self.is_land[i]:
                continue
            for nb in hm.neighbours(q, r):
                j = self.index.get(nb)
                if j is not None and not self.is_land[j]:
                    self.coastal[i] = True
                elif j is not None and self.sides.get(hm.hexside_id(self.ids[(q, r)], self.ids[nb]), {}).get("all_sea"):
                    self.coastal[i] = True
        for cid, p in self.places.items():
            if not p["port"]:
                continue
            i = self.index[hm.parse_hex_id(p["hex"])]
            if not self.coastal[i]:
                # estuary ports (London, Antwerp, Hamburg...) reach the sea by river: keep the port
                # and count the hex as coastal
                self.warnings.append(f"estuary port {cid} in hex {p['hex']} without a sea neighbour: hex made coastal")
                self.coastal[i] = True
            self.features[i].add("port_major" if p["port"] == "major" else "port_minor")
        for f in self.features.values():
            if "port_major" in f:
                f.discard("port_minor")

    # ---- straits and canals -----------------------------------------------------------------
    def straits(self):
        self.strait_ids: dict[str, str] = {}
        for s in _csv("straits.csv"):
            a = self.snap(float(s["lon_a"]), float(s["lat_a"]))
            b = self.snap(float(s["lon_b"]), float(s["lat_b"]))
            if a is None or b is None:
                continue
            if a == b or hm.distance(a, b) != 1:
                # choose the land neighbour of a in the direction of b's point
                bx, by = self.frame.forward([float(s["lon_b"])], [float(s["lat_b"])])
                cands = [nb for nb in hm.neighbours(*a) if nb in self.index and self.is_land[self.index[nb]]
                         and nb != a]
                if not cands:
                    continue
                b = min(cands, key=lambda nb: ((self.cx[self.index[nb]] - bx[0]) ** 2
                                               + (self.cy[self.index[nb]] - by[0]) ** 2, self.ids[nb]))
            e = self.side(a, b)
            e["strait"] = True
            e["all_sea"] = True
            ia, ib = self.index[a], self.index[b]
            self.land_adjacent[ia].discard(ib)
            self.land_adjacent[ib].discard(ia)
            self.strait_ids[s["id"]] = hm.hexside_id(self.ids[a], self.ids[b])

    def canals(self):
        rows = defaultdict(list)
        for row in _csv("canals.csv"):
            rows[row["canal"]].append((int(row["seq"]), float(row["lon"]), float(row["lat"])))
        names = {r["id"]: r for r in _csv("canal_names.csv")}
        self.canal_out: dict[str, dict] = {}
        for cid in sorted(rows):
            pts = [(lo, la) for _, lo, la in sorted(rows[cid])]
            x, y = self.frame.forward([p[0] for p in pts], [p[1] for p in pts])
            if not all((hm.pixel_to_hex(xx, yy, self.size) in self.hexset) for xx, yy in zip(x, y, strict=False)):
                continue
            edges = self.line_to_edges(list(zip(x, y, strict=False)))
            hexes = []
            for lo, la in pts:
                h = self.snap(lo, la)
                if h and (not hexes or hexes[-1] != h):
                    hexes.append(h)
            path = []
            for a, b in zip(hexes, hexes[1:], strict=False):
                seg = self.route(a, b, allow_water=True) or [a, b]
                path.extend(seg if not path else seg[1:])
            if len(hexes) == 1:
                path = hexes
            sides = []
            for i, j in edges:
                if self.is_land[i] and self.is_land[j]:
                    e = self.side(self.hexes[i], self.hexes[j])
                    e["canal"] = True
                    sides.append(hm.hexside_id(self.ids[self.hexes[i]], self.ids[self.hexes[j]]))
            meta = names[cid]
            seas = [s for s in (meta["sea_a"], meta["sea_b"])]
            self.canal_out[cid] = {"name": meta["name"], "hexes": [self.ids[h] for h in path],
                                   "hexsides": sorted(set(sides)), "seas": seas}
            for h in path:
                self.features[self.index[h]].add("canal")

    # ---- rivers -----------------------------------------------------------------------------
    def build_vertex_graph(self):
        s = self.size
        self.vkey = {}
        self.vpos = {}
        self.vadj: dict[tuple, dict[tuple, tuple[int, int]]] = defaultdict(dict)
        for i, (q, r) in enumerate(self.hexes):
            cs = hm.corners(self.cx[i], self.cy[i], s)
            keys = [(round(x * 100), round(y * 100)) for x, y in cs]
            for k, (x, y) in zip(keys, cs, strict=False):
                self.vpos[k] = (x, y)
            for corner in range(6):
                d = hm.EDGE_DIRECTION[corner]
                nb = (q + hm.DIRECTIONS[d][0], r + hm.DIRECTIONS[d][1])
                j = self.index.get(nb)
                if j is None:
                    continue
                ka, kb = keys[corner], keys[(corner + 1) % 6]
                self.vadj[ka][kb] = (min(i, j), max(i, j))
                self.vadj[kb][ka] = (min(i, j), max(i, j))

    def _edge_table(self):
        if getattr(self, "_edges", None) is None:
            keys = sorted(self.vadj)
            pairs = sorted({(min(u, w), max(u, w)) for u in keys for w in self.vadj[u]})
            mid = np.array([((self.vpos[u][0] + self.vpos[w][0]) / 2, (self.vpos[u][1] + self.vpos[w][1]) / 2)
                            for u, w in pairs])
            self._edges = (pairs, shapely.points(mid))
        return self._edges

    def nearest_vertex(self, x: float, y: float):
        q, r = hm.pixel_to_hex(x, y, self.size)
        cx, cy = hm.hex_to_pixel(q, r, self.size)
        best = None
        for vx, vy in hm.corners(cx, cy, self.size):
            k = (round(vx * 100), round(vy * 100))
            d = (vx - x) ** 2 + (vy - y) ** 2
            if k in self.vadj and (best is None or (d, k) < best):
                best = (d, k)
        return best[1] if best else None

    def line_to_edges(self, pts_xy: list[tuple[float, float]]) -> list[tuple[int, int]]:
        """Snap a polyline (SVG units) onto hex edges: the cheapest vertex path from the vertex
        nearest its first point to the vertex nearest its last, where an edge costs a fixed step
        plus the distance of its midpoint from the line (edges farther than 1.2 S are excluded).
        Returns hex index pairs of the hexsides."""
        if len(pts_xy) < 2:
            return []
        line = LineString(pts_xy)
        if line.length == 0:
            return []
        a = self.nearest_vertex(*pts_xy[0])
        b = self.nearest_vertex(*pts_xy[-1])
        if a is None or b is None or a == b:
            return []
        pairs, mids = self._edge_table()
        d = shapely.distance(mids, line)
        s = self.size
        near = {}
        for k in np.nonzero(d <= 1.2 * s)[0]:
            u, w = pairs[k]
            near[(u, w)] = near[(w, u)] = 0.25 * s + float(d[k])
        adj = defaultdict(list)
        for (u, w), c in near.items():
            adj[u].append((w, c))
        dist = {a: 0.0}
        prev: dict[Any, Any] = {a: None}
        heap = [(0.0, a)]
        while heap:
            g, u = heapq.heappop(heap)
            if u == b:
                break
            if g > dist.get(u, 1e18):
                continue
            for w, c in sorted(adj[u]):
                ng = g + c
                if ng < dist.get(w, 1e18) - 1e-9:
                    dist[w] = ng
                    prev[w] = u
                    heapq.heappush(heap, (ng, w))
        if b not in prev:
            return []
        out = []
        v = b
        while prev[v] is not None:
            out.append(self.vadj[prev[v]][v])
            v = prev[v]
        return out[::-1]

    def rivers(self):
        feats = _features("ne_10m_rivers_centerlines.geojson") + _features("ne_10m_rivers_europe.geojson")
        by_name = defaultdict(list)
        for f in feats:
            nm = f["properties"].get("name")
            if nm:
                by_name[nm].append(shape(f["geometry"]))
        lines: dict[str, list] = defaultdict(list)
        meta = {}
        for row in _csv("rivers.csv"):
            meta[row["id"]] = (row["name"], row["class"])
            for nm in row["ne_names"].split(";"):
                for g in by_name.get(nm, []):
                    for ln in getattr(g, "geoms", [g]):
                        lines[row["id"]].append(list(ln.coords))
        extra = defaultdict(list)
        for row in _csv("rivers_extra.csv"):
            extra[row["river"]].append((int(row["seq"]), float(row["lon"]), float(row["lat"])))
            meta.setdefault(row["river"], (row["name"], row["class"]))
        for rid, pts in extra.items():
            lines[rid].append([(lo, la) for _, lo, la in sorted(pts)])
        self.river_out: dict[str, dict] = {}
        rank = {"major": 2, "minor": 1}
        for rid in sorted(lines):
            name, klass = meta[rid]
            sides = set()
            for coords in lines[rid]:
                arr = np.array(coords)
                x, y = self.frame.forward(arr[:, 0], arr[:, 1])
                inside = [(xx, yy) for xx, yy in zip(x, y, strict=False)
                          if hm.pixel_to_hex(xx, yy, self.size) in self.hexset]
                if len(inside) < 2:
                    continue
                # split at gaps where the line leaves the map
                run = []
                for xx, yy in zip(x, y, strict=False):
                    if hm.pixel_to_hex(xx, yy, self.size) in self.hexset:
                        run.append((xx, yy))
                    else:
                        if len(run) >= 2:
                            sides.update(self.line_to_edges(run))
                        run = []
                if len(run) >= 2:
                    sides.update(self.line_to_edges(run))
            ids = []
            for i, j in sorted(sides):
                if not (self.is_land[i] and self.is_land[j]):
                    continue
                e = self.side(self.hexes[i], self.hexes[j])
                if rank[klass] > rank.get(e.get("river"), 0):
                    e["river"] = klass
                ids.append(hm.hexside_id(self.ids[self.hexes[i]], self.ids[self.hexes[j]]))
            if ids:
                self.river_out[rid] = {"name": name, "class": klass, "hexsides": sorted(set(ids))}

    # ---- rail -------------------------------------------------------------------------------
    def passable(self, i: int, j: int, allow_water=False) -> bool:
        if allow_water:
            return True
        if not (self.is_land[i] and self.is_land[j]):
            return False
        e = self.sides.get(hm.hexside_id(self.ids[self.hexes[i]], self.ids[self.hexes[j]]), {})
        if e.get("red_bar") or e.get("all_lake"):
            return False  # no rail over an impassable ridge or across a lake
        if j in self.land_adjacent[i]:
            return True
        return bool(e.get("strait"))

    def route(self, a, b, allow_water=False):
        """Shortest hex path a → b (A*), ties broken toward the straight line, then by hex id."""
        ia, ib = self.index[a], self.index[b]
        ax, ay, bx, by = self.cx[ia], self.cy[ia], self.cx[ib], self.cy[ib]
        seg = math.hypot(bx - ax, by - ay) or 1.0
        unit = hm.SQRT3 * self.size

        def off(k):
            return abs((bx - ax) * (ay - self.cy[k]) - (ax - self.cx[k]) * (by - ay)) / seg / unit

        openq = [(hm.distance(a, b), 0.0, self.ids[a], ia)]
        best = {ia: 0.0}
        prev = {ia: None}
        while openq:
            _f, g, _hid, k = heapq.heappop(openq)
            if k == ib:
                break
            if g > best.get(k, 1e18):
                continue
            for nb in hm.neighbours(*self.hexes[k]):
                j = self.index.get(nb)
                if j is None or not self.passable(k, j, allow_water):
                    continue
                ng = g + 1.0 + 0.01 * off(j)
                if ng < best.get(j, 1e18) - 1e-12:
                    best[j] = ng
                    prev[j] = k
                    heapq.heappush(openq, (ng + hm.distance(nb, b), ng, self.ids[nb], j))
        if ib not in prev:
            return None
        path = [ib]
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])
        return [self.hexes[k] for k in reversed(path)]

    def rail(self):
        self.rail_out = []
        extra = _csv(self.defn["extra_rail"]) if self.defn.get("extra_rail") else []
        for row in _csv("rail.csv") + extra:
            stops = [c for c in row["cities"].split(";") if c in self.places]
            if len(stops) < 2:
                continue
            hexes = []
            for a, b in zip(stops, stops[1:], strict=False):
                ha, hb = hm.parse_hex_id(self.places[a]["hex"]), hm.parse_hex_id(self.places[b]["hex"])
                seg = self.route(ha, hb) if ha != hb else [ha]
                if seg is None:
                    self.warnings.append(f"rail {row['id']}: no land route {a} → {b}")
                    if len(hexes) >= 2:
                        self.rail_out.append({"id": f"{row['id']}", "name": row["name"],
                                              "hexes": [self.ids[h] for h in hexes]})
                    hexes = []
                    continue
                hexes.extend(seg if not hexes else seg[1:])
            if len(hexes) >= 2:
                rid = row["id"]
                if any(r["id"] == rid for r in self.rail_out):
                    rid = f"{rid}-2"
                self.rail_out.append({"id": rid, "name": row["name"], "hexes": [self.ids[h] for h in hexes]})
        self.rail_out.sort(key=lambda r: r["id"])

    # ---- islands ----------------------------------------------------------------------------
    def islands(self):
        seen = set()
        comps = []
        for i in range(len(self.hexes)):
            if not self.is_land[i] or i in seen:
                continue
            comp = []
            dq = deque([i])
            seen.add(i)
            while dq:
                k = dq.popleft()
                comp.append(k)
                for j in sorted(self.land_adjacent[k]):
                    if j not in seen:
                        seen.add(j)
                        dq.append(j)
            comps.append(sorted(comp))
        comps.sort(key=lambda c: (-len(c), c[0]))
        names = []
        for f in _features("ne_10m_regions_polys.geojson"):
            if f["properties"].get("featurecla") in ("Island", "Island group"):
                names.append((f["properties"]["name"], shape(f["geometry"])))
        self.island_out = {}
        main = comps[0] if comps else []
        for comp in comps[1:]:
            masses = {self.dominant[k][0] for k in comp if self.dominant[k]}
            votes = Counter()
            for k in comp:
                p = Point(self.clon[k], self.clat[k])
                for nm, g in names:
                    if g.buffer(0.2).contains(p):
                        votes[nm] += 1
            mainland = self.mainland in masses
            name = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if votes and not mainland else None
            edge = any(self._on_edge(k) for k in comp)
            iid = (name or f"land-{self.ids[self.hexes[comp[0]]]}").lower().replace(" ", "-").replace(".", "")
            if iid in self.island_out:
                iid = f"{iid}-{self.ids[self.hexes[comp[0]]]}"
            # kind: "island" = land not on the mainland landmass; "detached" = mainland land whose
            # connection to the rest of the map runs off the map edge
            kind = "island" if not mainland else ("detached" if edge else "unconnected")
            self.island_out[iid] = {"name": name, "hexes": sorted(self.ids[self.hexes[k]] for k in comp),
                                    "kind": kind, "touches_map_edge": edge}
        self.main_component = main

    def _on_edge(self, k: int) -> bool:
        return any(nb not in self.hexset for nb in hm.neighbours(*self.hexes[k]))

    # ---- output -----------------------------------------------------------------------------
    def document(self) -> dict:
        d = self.defn
        hexes = {}
        for i, h in enumerate(self.hexes):
            hid = self.ids[h]
            land = bool(self.is_land[i])
            hexes[hid] = {
                "label": hm.label_of(*h),
                "terrain": self.terrain[i],
                "sea": not land,
                "coastal": bool(self.coastal[i]),
                "country": self.country[i],
                "home": self.home[i],
                "sea_area": self.sea_area[i],
                "weather_zone": self.weather[i],
                "features": sorted(self.features.get(i, ())),
            }
        sides = {}
        for sid, e in self.sides.items():
            if not e:
                continue
            sides[sid] = {"river": e.get("river"), "strait": bool(e.get("strait")),
                          "canal": bool(e.get("canal")), "all_sea": bool(e.get("all_sea")),
                          "border": bool(e.get("border"))}
            # written only where present, so maps without them keep their bytes
            sides[sid].update({k: True for k in ("all_lake", *HEXSIDE_FEATURES) if e.get(k)})
        seas = {}
        ports_by_area = defaultdict(set)
        for pid, p in self.places.items():
            if p["port"]:
                q, r = hm.parse_hex_id(p["hex"])
                for nb in hm.neighbours(q, r):
                    j = self.index.get(nb)
                    if j is not None and not self.is_land[j]:
                        ports_by_area[self.sea_area[j]].add(pid)
        for aid, name, _names, _f in d["seas"]:
            hx = sorted(self.ids[h] for i, h in enumerate(self.hexes) if self.sea_area[i] == aid)
            if not hx:
                continue
            entry = {"name": name, "hexes": hx, "ports": sorted(ports_by_area.get(aid, ()))}
            if d["sea_sections"]:
                entry["sections"] = {str(k): [] for k in range(5)}
            seas[aid] = entry
        boxes = {}
        for bid, b in sorted(d["boxes"].items()):
            adj = []
            for lab in b["adjacent_labels"]:
                h = hm.axial_of_label(lab)
                if h in self.hexset:
                    adj.append(self.ids[h])
            boxes[bid] = {"name": b["name"], "kind": b["kind"], "adjacent": sorted(adj), "sea": b["sea"],
                          "place": b.get("place"), "source": b["source"]}
        countries = {}
        present = {c for c in self.country if c}
        for row in _csv("countries.csv"):
            if row["id"] not in present:
                continue
            countries[row["id"]] = {"name": row["name"],
                                    "capital": row["capital"] if row["capital"] in self.places else None,
                                    "neutral": row["belligerent_aug_1914"] != "1"}
        for c in sorted(present - set(countries)):
            countries[c] = {"name": c.replace("_", " ").title(), "capital": None, "neutral": True}
        places = {}
        for pid, p in self.places.items():
            places[pid] = p
        meta = {
            "name": self.name,
            "title": d["title"],
            "ruleset": d["ruleset"],
            "hex_km": d["hex_km"],
            "layout": {"orientation": d["orientation"], "size": self.size, "origin": list(self.origin)},
            "projection": {
                "proj4": self.frame.proj4,
                "to_svg": {"a": [_r(self.frame.a.real, 9), _r(self.frame.a.imag, 9)],
                           "b": [_r(self.frame.b.real, 6), _r(self.frame.b.imag, 6)],
                           "formula": "svg = origin + a*w + b (complex), w = (x_m - i*y_m)/1000 in the proj4 CRS"},
                "notes": "flat-topped axial hexes; SVG y grows southwards",
            },
            "label_scheme": {"kind": "column-row", "format": "CCRR", "parity": d["label_scheme"]["parity"],
                             "col": "q", "row": "r + (q - (q & 1)) / 2",
                             "calibrated": d["label_scheme"]["calibrated"]},
            "bounds": {"q": [min(h[0] for h in self.hexes), max(h[0] for h in self.hexes)],
                       "r": [min(h[1] for h in self.hexes), max(h[1] for h in self.hexes)]},
            "sources": SOURCES_META,
            "terrain_classes": TERRAIN_CLASSES,
            "svg": {"file": f"static/maps/{self.name}/map.svg",
                    "layers": ["sea", "terrain", "coast", "grid", "rivers", "borders", "rail", "places", "labels"]},
            "warnings": sorted(self.warnings),
        }
        if self.calibration:
            cal = dict(self.calibration)
            for an in cal["anchors"]:
                placed = self.places.get(an["place"])
                an["hex"] = placed["hex"] if placed else None
                an["hex_label"] = hexes[placed["hex"]]["label"] if placed else None
                want = hm.axial_of_label(an["label"])
                an["hex_distance"] = (hm.distance(hm.parse_hex_id(placed["hex"]), want)
                                      if placed else None)
                city = self.cities[an["place"]]
                geo = self.hex_of_lonlat(float(city["lon"]), float(city["lat"]))
                an["geometric_hex_label"] = hm.label_of(*geo)
                an["geometric_hex_distance"] = hm.distance(geo, want)
            meta["calibration"] = cal
        if self.defn["weather_zones"]:
            meta["weather_zones_doc"] = _json(self.defn["weather_zones"])["about"]
        doc = {
            "format": FORMAT,
            "meta": meta,
            "hexes": hexes,
            "hexsides": sides,
            "seas": seas,
            "boxes": boxes,
            "rail": self.rail_out,
            "places": places,
            "countries": countries,
            "rivers": self.river_out,
            "canals": self.canal_out,
            "straits": {k: v for k, v in sorted(self.strait_ids.items())},
            "islands": self.island_out,
        }
        if self.hexside_features_out:
            doc["hexside_features"] = self.hexside_features_out
        if self.defn["weather_zones"]:
            doc["weather_zones"] = {z["id"]: {"name": z["name"]} for z in self.weather_zone_defs}
            doc["weather_zones"]["north_temperate"] = {"name": "North temperate"}
        return doc

    def compile(self) -> dict:
        self.make_grid()
        self.classify_land()
        self.classify_terrain()
        self.classify_countries()
        self.classify_seas()
        self.build_hexsides()
        self.place_cities()
        # recompute borders after city overrides changed countries
        for i, j, _a, _b in self.edge_pairs():
            if self.is_land[i] and self.is_land[j]:
                e = self.side(self.hexes[i], self.hexes[j])
                if self.country[i] != self.country[j]:
                    e["border"] = True
                else:
                    e.pop("border", None)
        self.straits()
        self.finish_ports()
        self.build_vertex_graph()
        self.canals()
        self.rivers()
        self.hexside_features_out: dict[str, dict] = {}
        if self.defn.get("lake_hexsides"):
            lake_hexsides(self, _features("ne_50m_lakes.geojson"))
        if self.defn.get("hexside_features"):
            self.hexside_features_out = curated_hexsides(self, _csv(self.defn["hexside_features"]))
        self.rail()
        self.islands()
        return self.document()


def canonical(doc: dict) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def save(name: str, doc: dict, drawing: Callable[[], str] | None, out_dir: Path | None = None,
         static_dir: Path | None = None) -> dict:
    """Seal a compiled map document with its hash and write it (and, given `drawing`, its SVG):
    shared by the hex maps (`build`) and the area maps (`areas.build_areas`)."""
    doc["meta"]["sha256"] = hashlib.sha256(canonical(doc).encode("utf-8")).hexdigest()
    out_dir = out_dir or COMPILED
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{name}.json").write_text(canonical(doc) + "\n", encoding="utf-8")
    if drawing is not None:
        sdir = (static_dir or STATIC) / name
        sdir.mkdir(parents=True, exist_ok=True)
        (sdir / "map.svg").write_text(drawing(), encoding="utf-8")
    return doc


def build(name: str, out_dir: Path | None = None, static_dir: Path | None = None, svg: bool = True) -> dict:
    comp = Compiler(name)
    doc = comp.compile()

    def drawing() -> str:
        from .render import render_svg
        return render_svg(comp, doc)
    return save(name, doc, drawing if svg else None, out_dir, static_dir)
