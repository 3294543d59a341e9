"""A deterministic synthetic ``salient-map/1`` document for benchmarks and tests.

The map is a flat-topped rectangle laid out in "odd-q" offset columns (so it looks rectangular
on screen), filled column by column until it holds exactly ``n_hexes`` hexes. Terrain, rivers
and the like come from SHA-256 of the seed and the hex or hexside id, so the same arguments
always give the same document, on every machine and Python version.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from engine.board.hexgrid import DIRECTIONS, HexId, hexside_id
from engine.board.mapmodel import FORMAT, document_sha256

TERRAIN_CLASSES = ("clear", "forest", "hills", "mountain", "marsh", "desert", "lake", "sea")

# Cumulative thresholds over one hash byte (0..255): roughly 55% clear, 16% forest, 12% hills,
# 6% mountain, 7% marsh, 2% desert, 2% lake.
_TERRAIN_BANDS = ((141, "clear"), (182, "forest"), (213, "hills"), (228, "mountain"),
                  (246, "marsh"), (251, "desert"), (256, "lake"))
_SEA_ROWS = 2  # the top rows are open sea, giving coasts, a sea area and a port box


def _byte(seed: int, what: str) -> int:
    return hashlib.sha256(f"{seed}:{what}".encode()).digest()[0]


def _axial(col: int, row: int) -> tuple[int, int]:
    # odd-q offset → axial (Red Blob): keeps rows visually horizontal for flat tops.
    return col, row - (col - (col & 1)) // 2


def _id(col: int, row: int) -> HexId:
    q, r = _axial(col, row)
    return f"{q},{r}"


def synthetic_map(n_hexes: int = 3000, seed: int = 0) -> dict[str, Any]:
    """Return a deterministic ``salient-map/1`` document with exactly ``n_hexes`` hexes.

    It has two countries (``west``/``east``) with border hexsides between them, open sea along
    the top rows with a sea area and a port box, minor and major rivers on about 8% of land
    hexsides, three east–west and two north–south rail lines, and a few places.

    :raises ValueError: if ``n_hexes`` is below 64 (too small for the layout).
    """
    if n_hexes < 64:
        raise ValueError(f"synthetic maps need at least 64 hexes, got {n_hexes}")
    width = max(8, round(math.sqrt(n_hexes * 4 / 3)))
    height = math.ceil(n_hexes / width)
    cells: list[tuple[int, int]] = []
    for col in range(width):
        for row in range(height):
            if len(cells) < n_hexes:
                cells.append((col, row))
    present = {(c, r) for c, r in cells}
    digits = max(2, len(str(max(width, height))))

    hexes: dict[HexId, dict[str, Any]] = {}
    country_of: dict[HexId, str | None] = {}
    for col, row in cells:
        hid = _id(col, row)
        if row < _SEA_ROWS:
            terrain, sea, country = "sea", True, None
        else:
            v = _byte(seed, f"terrain:{hid}")
            terrain = next(name for limit, name in _TERRAIN_BANDS if v < limit)
            sea, country = False, ("west" if col < width // 2 else "east")
        country_of[hid] = country
        hexes[hid] = {
            "label": f"{col + 1:0{digits}d}{row + 1:0{digits}d}",
            "terrain": terrain,
            "sea": sea,
            "coastal": False,
            "country": country,
            "home": country,
            "sea_area": "north-sea" if sea else None,
            "weather_zone": None,
            "features": [],
        }
    for hid, info in hexes.items():
        if info["sea"]:
            continue
        q, r = (int(x) for x in hid.split(","))
        info["coastal"] = any(hexes.get(f"{q + dq},{r + dr}", {}).get("sea", False) for dq, dr in DIRECTIONS)

    hexsides: dict[str, dict[str, Any]] = {}
    for hid in sorted(hexes):
        q, r = (int(x) for x in hid.split(","))
        for dq, dr in DIRECTIONS[:3]:  # each side once: directions 0..2 from one of its hexes
            other = f"{q + dq},{r + dr}"
            if other not in hexes:
                continue
            sid = hexside_id(hid, other)
            a, b = hexes[hid], hexes[other]
            side: dict[str, Any] = {}
            if a["sea"] and b["sea"]:
                continue
            if a["sea"] != b["sea"]:
                continue  # a coast: nothing to record on the side itself
            v = _byte(seed, f"river:{sid}")
            if v < 6:
                side["river"] = "major"
            elif v < 21:
                side["river"] = "minor"
            if country_of[hid] != country_of[other]:
                side["border"] = True
            if side:
                hexsides[sid] = {"river": side.get("river"), "strait": False, "canal": False,
                                 "all_sea": False, "border": side.get("border", False)}

    rail = []
    for k, row in enumerate((height // 4, height // 2, 3 * height // 4)):
        line = []
        for col in range(width):
            if (col, row) not in present:
                break
            line.append(_id(col, row))
        if row >= _SEA_ROWS and len(line) >= 2:
            rail.append({"id": f"east-west-{k}", "name": f"East–West {k}", "hexes": line})
    for k, col in enumerate((width // 3, 2 * width // 3)):
        line = [_id(col, row) for row in range(_SEA_ROWS, height) if (col, row) in present]
        if len(line) >= 2:
            rail.append({"id": f"north-south-{k}", "name": f"North–South {k}", "hexes": line})

    places: dict[str, dict[str, Any]] = {}
    for k, (col, row) in enumerate(sorted({(width // 3, height // 2), (2 * width // 3, height // 2),
                                           (width // 3, height // 4), (2 * width // 3, 3 * height // 4)})):
        hid = _id(col, row)
        places[f"junction-{k}"] = {"name": f"Junction {k}", "hex": hid, "country": country_of[hid],
                                   "capital": False, "port": None, "fortress": False, "kind": "city"}
        hexes[hid]["features"] = ["city"]
    last_col = max(c for c, r in present if r == height // 2)
    for country, col in (("west", 0), ("east", last_col)):
        hid = _id(col, height // 2)
        if not hexes[hid]["sea"]:
            places[f"{country}-capital"] = {"name": f"{country.title()} Capital", "hex": hid,
                                            "country": country, "capital": True, "port": None,
                                            "fortress": True, "kind": "city"}
            hexes[hid]["features"] = sorted(set(hexes[hid]["features"]) | {"capital", "city", "fortress"})

    sea_hexes = sorted(h for h, info in hexes.items() if info["sea"])
    port_hexes = sorted(h for h, info in hexes.items() if info["coastal"] and int(h.split(",")[0]) < 3)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "meta": {
            "name": f"synthetic-{n_hexes}-{seed}",
            "title": f"Synthetic map ({n_hexes} hexes, seed {seed})",
            "hex_km": 40,
            "layout": {"orientation": "flat", "size": 20, "origin": [0, 0]},
            "label_scheme": {"kind": "column-row", "digits": digits},
            "terrain_classes": list(TERRAIN_CLASSES),
            "sources": [],
        },
        "hexes": hexes,
        "hexsides": hexsides,
        "seas": {"north-sea": {"name": "North Sea", "hexes": sea_hexes, "sections": {"0": []}}},
        "boxes": {"west-port": {"name": "West port box", "kind": "port", "adjacent": port_hexes,
                                "sea": "north-sea"}},
        "rail": rail,
        "places": places,
    }
    doc["meta"]["sha256"] = document_sha256(doc)
    return doc
