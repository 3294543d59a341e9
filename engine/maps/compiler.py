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

Files: compile_inputs (sources, thresholds, readers), compile_frame (1), compile_cells (2-3),
compile_edges (4, places, straits, canals), compile_lines (rivers, rail, islands), and here the
order of the stages and the document they produce. compile_state names what the stages share; each stage builds on the one before
(CellsStage → EdgesStage → LinesStage → Compiler).
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import hexmath as hm
from .compile_frame import fit_anchors, fixed_frame
from .compile_inputs import (
    COMPILED,
    FORMAT,
    SOURCES_META,
    STATIC,
    TERRAIN_CLASSES,
    data_csv,
    data_json,
    rounded,
    source_features,
)
from .compile_lines import LinesStage
from .definitions import get_definition
from .hexside_features import FEATURES as HEXSIDE_FEATURES
from .hexside_features import curated_hexsides, lake_hexsides


class Compiler(LinesStage):
    """One map's compilation: the stages in order (``compile``), then the document."""

    def __init__(self, name: str):
        self.name = name
        self.defn = get_definition(name)
        self.size = self.defn["layout_size"]
        # a definition may add places of its own (BoP: towns only its rail needs)
        extra = data_csv(self.defn["extra_cities"]) if self.defn.get("extra_cities") else []
        self.cities = {c["id"]: c for c in data_csv("cities.csv") + extra}
        self.calibration = None
        if self.defn["projection"]["kind"] == "fit-anchors":
            self.frame, self.calibration = fit_anchors(self.defn, self.cities)
        else:
            self.frame = fixed_frame(self.defn)
        self.warnings = []

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
        for row in data_csv("countries.csv"):
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
                "to_svg": {"a": [rounded(self.frame.a.real, 9), rounded(self.frame.a.imag, 9)],
                           "b": [rounded(self.frame.b.real, 6), rounded(self.frame.b.imag, 6)],
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
            meta["weather_zones_doc"] = data_json(self.defn["weather_zones"])["about"]
        doc: dict[str, Any] = {
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
        self.hexside_features_out = {}
        if self.defn.get("lake_hexsides"):
            lake_hexsides(self, source_features("ne_50m_lakes.geojson"))
        if self.defn.get("hexside_features"):
            self.hexside_features_out = curated_hexsides(self, data_csv(self.defn["hexside_features"]))
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
