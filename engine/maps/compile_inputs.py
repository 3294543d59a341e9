"""The map compiler's inputs: where the sources live, the thresholds and class tables it
classifies with, the readers of the vendored and curated files, and two edge-geometry helpers.

Build-time only (see compiler.py).
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

from shapely.geometry import Point

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

def source_features(name: str) -> list[dict]:
    return json.loads((SOURCES / name).read_text(encoding="utf-8"))["features"]


def data_csv(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def data_json(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def rounded(x: float, nd: int = 6) -> float:
    v = round(float(x), nd)
    return 0.0 if v == 0 else v




# --------------------------------------------------------------------------------------------
# edge geometry

def edge_intervals(geom, edge) -> list[tuple[float, float]]:
    """Parts of ``edge`` covered by ``geom`` (a line intersection) as sorted (t0, t1) in [0, 1]."""
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.geom_type == "LineString" and g.length > 0:
            ts = sorted(edge.project(Point(c), normalized=True) for c in (g.coords[0], g.coords[-1]))
            out.append((ts[0], ts[1]))
    return sorted(out)


def interval_overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    tot = 0.0
    for a0, a1 in a:
        for b0, b1 in b:
            tot += max(0.0, min(a1, b1) - max(a0, b0))
    return tot
