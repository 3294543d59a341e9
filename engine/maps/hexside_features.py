"""Hexside features a terrain chart needs beyond rivers and coasts: passes, red bars (impassable
hexsides) and all-lake hexsides. Build-time only (shapely), called by the compiler for the
definitions that ask for them (`"hexside_features"`, `"lake_hexsides"`), so other maps compile
byte for byte as before.

* **All-lake** (computed): a hexside between two land hexes at least half of whose length lies
  in a Natural Earth lake (Lake Peipus, Lake Constance …): the water is on the hexside, not
  inside a hex, so only boats cross it (BoP 9.13).
* **Red bars** (curated, `hexsides_<map>.csv` feature `red_bar`): an impassable ridge as an
  ordered line of lon/lat points, snapped onto hex edges as rivers are.
* **Passes** (curated, features `mountain_pass`, `alpine_pass`): the road over the pass as an
  ordered line of lon/lat points; every hexside that road crosses into or out of a mountain hex
  is a pass hexside. An alpine pass opens the red bar it crosses.

Every row names its source; the rows are ours (the printed map is not in the seeds).
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, shape

from . import hexmath as hm

FEATURES = ("red_bar", "mountain_pass", "alpine_pass")
LAKE_SHARE = 0.5   # share of a hexside's length in a lake that makes it all-lake


def lake_hexsides(comp: Any, lakes_geojson: list[dict]) -> list[str]:
    """Mark all-lake hexsides between land hexes; returns their ids."""
    lakes = shapely.unary_union([shape(f["geometry"]) for f in lakes_geojson
                                 if f["properties"].get("name") not in ("Caspian Sea",)])
    marked = []
    for i, j, ca, cb in comp.edge_pairs():
        if not (comp.is_land[i] and comp.is_land[j]):
            continue
        edge = LineString([comp.corner_ll[i][ca], comp.corner_ll[i][cb]])
        wet = shapely.intersection(lakes, edge).length
        if edge.length and wet / edge.length >= LAKE_SHARE:
            sid = hm.hexside_id(comp.ids[comp.hexes[i]], comp.ids[comp.hexes[j]])
            comp.side(comp.hexes[i], comp.hexes[j])["all_lake"] = True
            marked.append(sid)
    return sorted(marked)


def _crossed(comp: Any, points: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """The hexes a lon/lat line passes through, in order, as index pairs of the hexsides it
    crosses (the line is sampled every tenth of a hex)."""
    arr = np.array(points)
    x, y = comp.frame.forward(arr[:, 0], arr[:, 1])
    step = 0.1 * comp.size
    trail: list[int] = []
    for k in range(len(points) - 1):
        n = max(1, math.ceil(math.hypot(x[k + 1] - x[k], y[k + 1] - y[k]) / step))
        for t in range(n + 1):
            px = x[k] + (x[k + 1] - x[k]) * t / n
            py = y[k] + (y[k + 1] - y[k]) * t / n
            j = comp.index.get(hm.pixel_to_hex(float(px), float(py), comp.size))
            if j is not None and (not trail or trail[-1] != j):
                trail.append(j)
    pairs = []
    for a, b in zip(trail, trail[1:], strict=False):
        if comp.hexes[b] in hm.neighbours(*comp.hexes[a]):
            pairs.append((min(a, b), max(a, b)))
    return pairs


def curated_hexsides(comp: Any, rows: list[dict]) -> dict[str, dict[str, Any]]:
    """Apply the curated passes and red bars; returns {feature id: {name, feature, hexsides,
    source}} for the document."""
    lines: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    meta: dict[str, tuple[str, str, str]] = {}
    for row in rows:
        if row["feature"] not in FEATURES:
            raise ValueError(f"unknown hexside feature {row['feature']!r}")
        lines[row["id"]].append((int(row["seq"]), float(row["lon"]), float(row["lat"])))
        meta.setdefault(row["id"], (row["feature"], row["name"], row["source"]))
    out: dict[str, dict[str, Any]] = {}
    # red bars first: an alpine pass crossing one opens it
    order = sorted(lines, key=lambda fid: (meta[fid][0] == "alpine_pass", fid))
    for fid in order:
        feature, name, source = meta[fid]
        points = [(lo, la) for _, lo, la in sorted(lines[fid])]
        if feature == "red_bar":
            arr = np.array(points)
            x, y = comp.frame.forward(arr[:, 0], arr[:, 1])
            pairs = comp.line_to_edges(list(zip(x.tolist(), y.tolist(), strict=True)))
        else:
            pairs = [(i, j) for i, j in _crossed(comp, points)
                     if "mountain" in (comp.terrain[i], comp.terrain[j])]
        ids = []
        for i, j in sorted(set(pairs)):
            if not (comp.is_land[i] and comp.is_land[j]):
                continue
            side = comp.side(comp.hexes[i], comp.hexes[j])
            if side.get("all_sea") or (feature == "alpine_pass" and not side.get("red_bar")):
                continue  # an alpine pass is where a track crosses an impassable ridge
            side[feature] = True
            if feature == "alpine_pass":
                side.pop("red_bar", None)
            ids.append(hm.hexside_id(comp.ids[comp.hexes[i]], comp.ids[comp.hexes[j]]))
        if not ids:
            comp.warnings.append(f"hexside feature {fid}: no hexside on this map")
            continue
        out[fid] = {"name": name, "feature": feature, "hexsides": sorted(ids), "source": source}
    for entry in out.values():  # what an alpine pass opened is no longer red-barred
        entry["hexsides"] = [sid for sid in entry["hexsides"]
                             if comp.sides[sid].get(entry["feature"])]
    return out
