"""Map definitions: what the compiler builds. Pure data (no shapely).

Each definition names its projection, hex size, orientation, extent, label scheme and which
curated tables apply. ``python -m engine.maps build NAME`` compiles one.
"""
from __future__ import annotations

# Sea areas: (id, name, Natural Earth marine polygon names, optional (lon_min, lon_max) filter on
# the polygon's centroid to split multi-part seas). Sea hexes outside every polygon take the
# nearest area.
NORTH_EUROPE_SEAS = [
    ("north-sea", "North Sea", ["North Sea", "Inner Seas"], None),
    ("english-channel", "English Channel", ["English Channel"], None),
    ("baltic", "Baltic Sea", ["Baltic Sea", "Gulf of Finland", "Gulf of Bothnia"], None),
    ("atlantic", "North Atlantic", ["NORTH ATLANTIC OCEAN", "Irish Sea", "Bristol Channel", "Bay of Biscay"], None),
]

FA_SEAS = [
    ("north-sea", "North Sea", ["North Sea", "Inner Seas"], None),
    ("english-channel", "English Channel", ["English Channel", "Bristol Channel", "Irish Sea"], None),
    ("baltic", "Baltic Sea", ["Baltic Sea", "Gulf of Finland"], None),
    ("gulf-of-bothnia", "Gulf of Bothnia", ["Gulf of Bothnia"], None),
    ("norwegian-sea", "Norwegian Sea", ["Norwegian Sea", "Greenland Sea"], None),
    ("atlantic", "North Atlantic", ["NORTH ATLANTIC OCEAN"], None),
    ("bay-of-biscay", "Bay of Biscay", ["Bay of Biscay"], None),
    ("mediterranean-west", "Western Mediterranean",
     ["Mediterranean Sea", "Balearic Sea", "Golfe du Lion", "Strait of Gibraltar"], (-10.0, 12.0)),
    ("tyrrhenian", "Tyrrhenian Sea", ["Tyrrhenian Sea"], None),
    ("adriatic", "Adriatic Sea", ["Adriatic Sea"], None),
    ("mediterranean-central", "Central Mediterranean", ["Ionian Sea"], None),
    ("mediterranean-east", "Eastern Mediterranean", ["Mediterranean Sea"], (12.0, 40.0)),
    ("aegean", "Aegean Sea", ["Aegean Sea"], None),
    ("black-sea", "Black Sea", ["Black Sea"], None),
    ("caspian", "Caspian Sea", ["Caspian Sea"], None),
    ("red-sea", "Red Sea", ["Red Sea"], None),
    ("persian-gulf", "Persian Gulf", ["Persian Gulf", "Gulf of Oman", "Arabian Sea"], None),
    ("white-sea", "White Sea", ["White  Sea"], None),
]

# Curated sea-area corrections (lon/lat rings), applied before the marine polygons: Natural
# Earth's 50m seas leave the Danish straits, Kiel Bay, the Sea of Marmara and the Gulf of Suez
# outside every polygon.
SEA_OVERRIDES = [
    {"area": "baltic", "source": "western Baltic: Kiel Bay, the Belts, the Sound and the Kattegat",
     "polygon": [[9.5, 53.8], [14.5, 53.8], [14.5, 56.2], [12.8, 57.8], [10.4, 57.8], [9.5, 56.0]]},
    {"area": "black-sea", "source": "Sea of Marmara and Bosporus counted with the Black Sea",
     "polygon": [[26.6, 40.2], [29.9, 40.2], [29.9, 41.25], [26.6, 41.25]]},
    {"area": "red-sea", "source": "Gulf of Suez counted with the Red Sea",
     "polygon": [[32.2, 27.5], [34.0, 27.5], [34.0, 30.0], [32.2, 30.0]]},
]

MAPS: dict[str, dict] = {
    "bop-north-europe": {
        "title": "Balance of Powers — North Europe",
        "ruleset": "bop",
        "hex_km": 46,
        "orientation": "flat",
        "layout_size": 20,
        # Conformal conic base projection; centre/rotation/scale/offset are fitted to the anchors.
        "projection": {"kind": "fit-anchors",
                       "base": "+proj=lcc +lat_1={lat1} +lat_2={lat2} +lat_0=51 +lon_0={lon0} +ellps=WGS84 +units=m",
                       "search": {"lon0": [4, 6, 8, 10, 12, 14, 16, 18, 20], "lats": [[45, 55], [47, 55], [49, 53]]},
                       "anchors": "anchors_bop.csv"},
        "extent": {"cols": [0, 52], "rows": [1, 30]},
        "label_scheme": {"kind": "column-row", "parity": "odd-q", "calibrated": True},
        "seas": NORTH_EUROPE_SEAS,
        "sea_sections": False,
        "weather_zones": None,
        # BoP's Terrain Effects Chart: passes, red bars, all-lake hexsides (hexside_features.py)
        "hexside_features": "hexsides_bop.csv",
        "lake_hexsides": True,
        "extra_cities": "cities_bop.csv",
        "extra_rail": "rail_bop.csv",
        "boxes": {
            "petrograd-box": {"name": "Petrograd box", "kind": "port", "sea": "baltic", "place": "petrograd",
                              "adjacent_labels": [f"{c:02d}01" for c in range(42, 51)],
                              "source": "BoP 2.52: hexes 4201 through 5001 lead to the Petrograd port box; "
                                        "a port box on the Baltic: the Sea Chart (a graphic the text lacks) joins it to "
                                        "the Gulf of Finland, a Sea Chart space (7.24); 6.454 water supply"},
        },
    },
    "fa-europe": {
        "title": "Fatal Alliances — Europe, North Africa and the Middle East",
        "ruleset": "fa",
        "hex_km": 100,
        "orientation": "flat",
        "layout_size": 20,
        "projection": {"kind": "fixed",
                       "proj4": "+proj=lcc +lat_1=33 +lat_2=58 +lat_0=45 +lon_0=20 +ellps=WGS84 +units=m"},
        # lon/lat box the rectangular grid must cover
        "extent": {"lonlat": [-11.0, 24.0, 58.0, 66.0], "clip_lonlat": [-12.5, 23.0, 60.0, 67.0]},
        "label_scheme": {"kind": "column-row", "parity": "odd-q", "calibrated": False},
        "seas": FA_SEAS,
        "sea_sections": True,
        "weather_zones": "fa_weather_zones.json",
        "boxes": {},
    },
}

# Area maps (``kind: "areas"``) are compiled by ``engine/maps/areas.py`` from the curated tables in
# ``data/<tables>/`` (territories, sea zones, stated edges, sheets). Thresholds: the least shared
# border (km) that makes two areas adjacent, by edge kind; ``island_km``: how far a seedless
# island may lie from a seed of a territory claiming its region and still join it.
AREA_MAPS: dict[str, dict] = {
    "twteaw-world": {
        "kind": "areas",
        "title": "The War to End All Wars — the world (Europe with the Middle East, Africa, Asia with the Pacific, and North America, built: all four sections)",
        "ruleset": "twteaw",
        "tables": "twteaw",
        "sheet": "europe",
        "sheets": ["europe", "africa", "asia", "north_america"],   # Africa below Europe, Asia to its right, North America to Asia's right
        # the hex maps' Constantinople correction spans both Bosporus shores; here the Bosporus
        # is a strait between Constantinople and Sinope, so the Asian shore stays Anatolian
        "skip_overrides": ["constantinople"],
        "thresholds_km": {"land": 15, "coast": 20, "sea": 40},
        "island_km": 350,
    },
}
MAPS.update(AREA_MAPS)

# Political maps (``kind: "political"``) are graphs stated in curated tables, compiled by
# ``engine/maps/political.py`` with no shapes: Days of Decision's map is absent from its seed.
POLITICAL_MAPS: dict[str, dict] = {
    "dod-political": {
        "kind": "political",
        "title": "Days of Decision III — the political map of 1936 (slice one: territories)",
        "ruleset": "days_of_decision",
        "tables": "dod",
    },
}
MAPS.update(POLITICAL_MAPS)

# A tiny definition for the determinism test (fast).
TEST_MAPS: dict[str, dict] = {
    "test-benelux": {
        "title": "Test — Benelux",
        "ruleset": None,
        "hex_km": 46,
        "orientation": "flat",
        "layout_size": 20,
        "projection": {"kind": "fixed",
                       "proj4": "+proj=lcc +lat_1=47 +lat_2=55 +lat_0=51 +lon_0=5 +ellps=WGS84 +units=m"},
        "extent": {"lonlat": [1.5, 48.8, 7.5, 52.0]},
        "label_scheme": {"kind": "column-row", "parity": "odd-q", "calibrated": False},
        "seas": NORTH_EUROPE_SEAS,
        "sea_sections": False,
        "weather_zones": None,
        "boxes": {},
    },
}


TEST_MAPS["test-areas"] = {
    "kind": "areas",
    "title": "Test — Benelux areas",
    "ruleset": None,
    "tables": "test-areas",
    "sheet": "benelux",
    "skip_overrides": [],
    "thresholds_km": {"land": 15, "coast": 20, "sea": 40},
    "island_km": 100,
}


def get_definition(name: str) -> dict:
    if name in MAPS:
        return MAPS[name]
    if name in TEST_MAPS:
        return TEST_MAPS[name]
    raise KeyError(f"unknown map {name!r}; known: {sorted(MAPS)}")
