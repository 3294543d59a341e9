"""Stage 5 of the compiler: lines drawn on the hex edges and centres, rivers and rail, and islands.

Build-time only (see compiler.py).
"""
from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict, deque
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, shape

from . import hexmath as hm
from .compile_edges import EdgesStage
from .compile_inputs import data_csv, source_features


class LinesStage(EdgesStage):
    """Stage 5 of the compiler: lines drawn on the hex edges and centres, rivers and rail, and islands."""

    # ---- rivers -----------------------------------------------------------------------------
    def build_vertex_graph(self):
        s = self.size
        self.vkey = {}
        self.vpos = {}
        self.vadj = defaultdict(dict)
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
        feats = source_features("ne_10m_rivers_centerlines.geojson") + source_features("ne_10m_rivers_europe.geojson")
        by_name = defaultdict(list)
        for f in feats:
            nm = f["properties"].get("name")
            if nm:
                by_name[nm].append(shape(f["geometry"]))
        lines: dict[str, list] = defaultdict(list)
        meta = {}
        for row in data_csv("rivers.csv"):
            meta[row["id"]] = (row["name"], row["class"])
            for nm in row["ne_names"].split(";"):
                for g in by_name.get(nm, []):
                    for ln in getattr(g, "geoms", [g]):
                        lines[row["id"]].append(list(ln.coords))
        extra = defaultdict(list)
        for row in data_csv("rivers_extra.csv"):
            extra[row["river"]].append((int(row["seq"]), float(row["lon"]), float(row["lat"])))
            meta.setdefault(row["river"], (row["name"], row["class"]))
        for rid, pts in extra.items():
            lines[rid].append([(lo, la) for _, lo, la in sorted(pts)])
        self.river_out = {}
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
        extra = data_csv(self.defn["extra_rail"]) if self.defn.get("extra_rail") else []
        for row in data_csv("rail.csv") + extra:
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
        for f in source_features("ne_10m_regions_polys.geojson"):
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
