"""Stages 2-3 of the compiler: the hex grid, then each hex's land, terrain, country, sea and weather.

Build-time only (see compiler.py).
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict, deque

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, shape
from shapely.strtree import STRtree

from . import hexmath as hm
from .compile_inputs import (
    EDGE_LAND_SHARE,
    LAND_THRESHOLD,
    NE_CLASS,
    NE_NAME_CLASS,
    TERRAIN_THRESHOLD,
    data_csv,
    data_json,
    edge_intervals,
    interval_overlap,
    rounded,
    source_features,
)
from .compile_state import CompilerState
from .definitions import SEA_OVERRIDES


class CellsStage(CompilerState):
    """Stages 2-3 of the compiler: the hex grid, then each hex's land, terrain, country, sea and weather."""

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
        self.hexes = []
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
        self.origin = (rounded(-(cx.min() - s), 3), rounded(-(cy.min() - hm.SQRT3 * s / 2), 3))
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

    def hex_of_lonlat(self, lon: float, lat: float) -> tuple[int, int]:
        x, y = self.frame.forward([lon], [lat])
        return hm.pixel_to_hex(float(x[0]), float(y[0]), self.size)

    # ---- land -------------------------------------------------------------------------------
    def classify_land(self):
        land = [shape(f["geometry"]) for f in source_features("ne_50m_land.geojson")]
        parts = []
        for g in land:
            parts.extend(getattr(g, "geoms", [g]))
        parts = [p for p in parts if not p.is_empty]
        self.land_parts = parts
        self.mainland = max(range(len(parts)), key=lambda i: parts[i].area)
        tree = STRtree(parts)
        self.land_tree = tree
        n = len(self.hexes)
        self.hexland = [[] for _ in range(n)]
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
        self.forced_sea = set()
        # dominant land piece per hex
        # per hex: (land mass, shapely geometry) of its largest land piece, or None
        self.dominant = []
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

        for row in data_csv("water_points.csv"):
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
        ia_ = edge_intervals(shapely.intersection(da[1].buffer(1e-7), edge), edge)
        ib_ = edge_intervals(shapely.intersection(db[1].buffer(1e-7), edge), edge)
        return interval_overlap(ia_, ib_) >= EDGE_LAND_SHARE

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
        lakes = shapely.unary_union([shape(f["geometry"]) for f in source_features("ne_50m_lakes.geojson")
                                     if f["properties"].get("name") not in ("Caspian Sea",)])
        lake_share = self._share(lakes)
        ne = defaultdict(list)
        for f in source_features("ne_10m_regions_polys.geojson"):
            nm, cl = f["properties"].get("name"), f["properties"].get("featurecla")
            klass = NE_NAME_CLASS[nm] if nm in NE_NAME_CLASS else NE_CLASS.get(cl)
            if klass:
                ne[klass].append(shape(f["geometry"]))
        ne_share = {k: self._share(shapely.unary_union(v)) for k, v in sorted(ne.items())}
        curated = data_json("terrain_regions.json")["regions"]
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
        polities = {p["world_1914_name"]: p for p in data_csv("polities_1914.csv")}
        geoms, labels = [], []
        for ov in data_json("border_overrides.json")["overrides"]:
            geoms.append(Polygon(ov["polygon"]))
            labels.append((ov["country"], bool(ov["home"])))
        n_over = len(geoms)
        named = []
        for f in source_features("world_1914.geojson"):
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
        self.country = []
        self.home = []
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
        feats = source_features("ne_50m_marine_polys.geojson")
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
        self.sea_area = []
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
        self.weather = [None] * len(self.hexes)
        if self.defn["weather_zones"]:
            zones = data_json(self.defn["weather_zones"])["zones"]
            self.weather_zone_defs = zones
            for i in range(len(self.hexes)):
                p = Point(self.clon[i], self.clat[i])
                zone = "north_temperate"
                for z in zones:
                    if Polygon(z["polygon"]).contains(p):
                        zone = z["id"]
                        break
                self.weather[i] = zone
