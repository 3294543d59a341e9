"""Copy the public source files the map compiler uses into ``engine/maps/sources/``.

Run once by a maintainer (``python -m engine.maps vendor --from /path/to/shared/data``); the build
itself reads only the vendored copies, so a fresh checkout compiles without the shared folder.
Each file is clipped to the Europe / North Africa / Middle East box and its coordinates rounded
to 3 decimals (about 100 m), which keeps the vendored set small. The Africa sheet of
``twteaw-world`` reads its own clip of the 1914 borders and the land (``AFRICA_FILES``: Africa
south of 20°N with the Indian Ocean's western shore; the Asian sheet ``ASIA_FILES`` and the North
American ``NAMERICA_FILES`` likewise), kept apart so the Europe box's files, and
every map built from them, stay byte for byte the same. Build-time only (shapely).
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
AFRICA_CLIP_BOX = (-26.0, -40.0, 62.0, 21.0)
AFRICA_FILES = [
    ("borders/world_1914.geojson", "world_1914_africa.geojson", ["NAME", "SUBJECTO", "PARTOF"], 0.0),
    ("naturalearth/ne_50m_land.json", "ne_50m_land_africa.geojson", [], 0.0),
]
# The Asian sheet (version 12): Asia east of the Persian and Arabian lands with the Indian Ocean
# east of 51.4°E and the western Pacific to the antimeridian
ASIA_CLIP_BOX = (50.0, -50.0, 180.0, 71.0)
ASIA_FILES = [
    ("borders/world_1914.geojson", "world_1914_asia.geojson", ["NAME", "SUBJECTO", "PARTOF"], 0.0),
    ("naturalearth/ne_50m_land.json", "ne_50m_land_asia.geojson", [], 0.0),
]
# The North American sheet (version 13): North and Central America with the Caribbean, the
# western Atlantic and the eastern Pacific from the antimeridian
NAMERICA_CLIP_BOX = (-180.0, -1.0, -48.0, 75.0)
NAMERICA_FILES = [
    ("borders/world_1914.geojson", "world_1914_namerica.geojson", ["NAME", "SUBJECTO", "PARTOF"], 0.0),
    ("naturalearth/ne_50m_land.json", "ne_50m_land_namerica.geojson", [], 0.0),
]
LICENCES = [("borders/LICENSE", "LICENSE-world_1914.txt"), ("naturalearth/LICENCE", "LICENCE-naturalearth.txt")]


def _round(geom, ndigits=3):
    return shapely.set_precision(geom, 10 ** -ndigits)


def vendor(shared: Path) -> None:
    SOURCES_DIR.mkdir(parents=True, exist_ok=True)
    _vendor_set(shared, FILES, CLIP_BOX)
    _vendor_set(shared, AFRICA_FILES, AFRICA_CLIP_BOX)
    _vendor_set(shared, ASIA_FILES, ASIA_CLIP_BOX)
    _vendor_set(shared, NAMERICA_FILES, NAMERICA_CLIP_BOX)
    for src, dst in LICENCES:
        shutil.copyfile(shared / src, SOURCES_DIR / dst)


def _vendor_set(shared: Path, files: list[tuple[str, str, list[str], float]],
                clip_box: tuple[float, float, float, float]) -> None:
    clip = box(*clip_box)
    for src, dst, keep, tol in files:
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
        doc = {"type": "FeatureCollection", "source": src, "clip": list(clip_box), "features": out}
        (SOURCES_DIR / dst).write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True), encoding="utf-8")
        print(f"{dst}: {len(out)} features, {(SOURCES_DIR / dst).stat().st_size // 1024} KiB")
