"""Copy the public source files the map compiler uses into ``engine/maps/sources/``.

Run once by a maintainer (``python -m engine.maps vendor --from /path/to/shared/data``); the build
itself reads only the vendored copies, so a fresh checkout compiles without the shared folder.
Each file is clipped to the Europe / North Africa / Middle East box and its coordinates rounded
to 3 decimals (about 100 m), which keeps the vendored set small. Build-time only (shapely).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import shapely
from shapely.geometry import box, mapping, shape

SOURCES_DIR = Path(__file__).parent / "sources"
CLIP_BOX = (-25.0, 15.0, 70.0, 75.0)  # lon_min, lat_min, lon_max, lat_max

# (source path relative to the shared data folder, vendored name, properties to keep, simplify tolerance in degrees)
FILES = [
    ("borders/world_1914.geojson", "world_1914.geojson", ["NAME", "SUBJECTO", "PARTOF"], 0.0),
    ("naturalearth/ne_50m_land.json", "ne_50m_land.geojson", [], 0.0),
    ("naturalearth/ne_50m_lakes.json", "ne_50m_lakes.geojson", ["name", "scalerank"], 0.0),
    ("naturalearth/ne_50m_geography_marine_polys.json", "ne_50m_marine_polys.geojson",
     ["name", "featurecla"], 0.0),
    ("naturalearth/ne_10m_geography_regions_polys.json", "ne_10m_regions_polys.geojson",
     ["name", "featurecla"], 0.01),
    ("naturalearth/ne_10m_rivers_lake_centerlines_scale_rank.json", "ne_10m_rivers_centerlines.geojson",
     ["name", "scalerank", "featurecla"], 0.0),
    ("naturalearth/ne_10m_rivers_europe.json", "ne_10m_rivers_europe.geojson",
     ["name", "scalerank", "featurecla"], 0.0),
]
LICENCES = [("borders/LICENSE", "LICENSE-world_1914.txt"), ("naturalearth/LICENCE", "LICENCE-naturalearth.txt")]


def _round(geom, ndigits=3):
    return shapely.set_precision(geom, 10 ** -ndigits)


def vendor(shared: Path) -> None:
    SOURCES_DIR.mkdir(parents=True, exist_ok=True)
    clip = box(*CLIP_BOX)
    for src, dst, keep, tol in FILES:
        data = json.loads((shared / src).read_text(encoding="utf-8"))
        out = []
        for feat in data["features"]:
            if not feat.get("geometry"):
                continue
            geom = shape(feat["geometry"])
            if not geom.intersects(clip):
                continue
            geom = geom.intersection(clip)
            if tol:
                geom = geom.simplify(tol, preserve_topology=True)
            geom = _round(geom)
            if geom.is_empty:
                continue
            props = {k: feat["properties"].get(k) for k in keep}
            out.append({"type": "Feature", "properties": props, "geometry": mapping(geom)})
        doc = {"type": "FeatureCollection", "source": src, "clip": list(CLIP_BOX), "features": out}
        (SOURCES_DIR / dst).write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True), encoding="utf-8")
        print(f"{dst}: {len(out)} features, {(SOURCES_DIR / dst).stat().st_size // 1024} KiB")
    for src, dst in LICENCES:
        shutil.copyfile(shared / src, SOURCES_DIR / dst)
