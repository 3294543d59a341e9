"""Stages 4-5 of the compiler: hexsides, places snapped to hexes, ports, straits and canals.

Build-time only (see compiler.py).
"""
from __future__ import annotations

from collections import defaultdict

import shapely
from shapely.geometry import LineString, Point

from . import hexmath as hm
from .compile_cells import CellsStage
from .compile_inputs import EDGE_LAND_SHARE, data_csv, edge_intervals, interval_overlap


class EdgesStage(CellsStage):
    """Stages 4-5 of the compiler: hexsides, places snapped to hexes, ports, straits and canals."""

    # ---- hexsides ---------------------------------------------------------------------------
    def build_hexsides(self):
        self.sides = {}
        self.land_adjacent = defaultdict(set)
        for i, j, ca, cb in self.edge_pairs():
            if not (self.is_land[i] and self.is_land[j]):
                continue
            edge = LineString([self.corner_ll[i][ca], self.corner_ll[i][cb]])
            da, db = self.dominant[i], self.dominant[j]
            connected = False
            if da and db:
                ia_ = edge_intervals(shapely.intersection(da[1].buffer(1e-7), edge), edge)
                ib_ = edge_intervals(shapely.intersection(db[1].buffer(1e-7), edge), edge)
                connected = interval_overlap(ia_, ib_) >= EDGE_LAND_SHARE
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
        self.places = {}
        self.features = defaultdict(set)
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
        self.strait_ids = {}
        for s in data_csv("straits.csv"):
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
        for row in data_csv("canals.csv"):
            rows[row["canal"]].append((int(row["seq"]), float(row["lon"]), float(row["lat"])))
        names = {r["id"]: r for r in data_csv("canal_names.csv")}
        self.canal_out = {}
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
