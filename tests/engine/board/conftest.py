"""Builders and named maps for the board-library tests.

``strip`` — two rows of five hexes with terrain, a sea hex, rivers, rail and places (costs and
supply worked by hand in the tests). ``disc`` — every hex within 3 of ``0,0``, all clear.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

# Make the repository root importable when pytest is run as a script (no rootdir on sys.path).
_ROOT = Path(__file__).resolve().parents[3]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from engine.board.hexgrid import Hex, hex_id, hexes_within  # noqa: E402
from engine.board.mapmodel import Map  # noqa: E402

STRIP_TERRAIN = {
    "0,0": "clear", "1,0": "clear", "2,0": "forest", "3,0": "clear", "4,0": "hills",
    "0,1": "clear", "1,1": "marsh", "2,1": "clear", "3,1": "sea", "4,1": "clear",
}
# Entering cost by physical class; sea is impassable.
STRIP_COSTS = {"clear": 1, "forest": 2, "hills": 2, "marsh": 3, "sea": None}


def map_doc(hexes: dict[str, dict[str, Any]], **sections: Any) -> dict[str, Any]:
    """Return a minimal salient-map/1 document with the given hexes and extra sections."""
    doc: dict[str, Any] = {
        "format": "salient-map/1",
        "meta": {"name": sections.pop("name", "test"), "layout": {"orientation": "flat", "size": 20, "origin": [0, 0]}},
        "hexes": hexes,
    }
    doc.update(sections)
    return doc


def strip_doc() -> dict[str, Any]:
    hexes = {}
    for h, terrain in STRIP_TERRAIN.items():
        q, r = (int(x) for x in h.split(","))
        hexes[h] = {"terrain": terrain, "sea": terrain == "sea", "label": f"{q + 1:02d}{r + 1:02d}",
                    "country": None if terrain == "sea" else ("west" if q < 2 else "east")}
    hexes["3,1"]["sea_area"] = "bay"
    hexes["2,1"]["coastal"] = True
    hexes["2,0"]["features"] = ["fortress", "city"]
    return map_doc(
        hexes,
        name="strip",
        hexsides={
            "1,0|2,0": {"river": "major", "border": True},
            "1,1|2,1": {"river": "minor", "border": True},
            "2,1|3,1": {"all_sea": False, "strait": True},
        },
        seas={"bay": {"name": "The Bay", "hexes": ["3,1"], "sections": {"0": ["harbour"], "1": []}}},
        boxes={"harbour": {"name": "Harbour box", "kind": "port", "adjacent": ["3,0", "2,1"], "sea": "bay"},
               "reserve": {"name": "Reserve", "kind": "offmap", "adjacent": ["0,0"]}},
        rail=[{"id": "a", "name": "Main line", "hexes": ["0,0", "1,0", "2,0", "3,0"]},
              {"id": "b", "name": "Branch", "hexes": ["2,1", "2,0"]},
              {"id": "c", "name": "Spur", "hexes": ["0,1", "1,1"]}],
        places={"fort-a": {"name": "Fort Alpha", "hex": "2,0", "fortress": True},
                "port-b": {"name": "Baytown", "hex": "2,1", "port": "harbour", "kind": "port"},
                "dup-1": {"name": "Twin", "hex": "0,0"},
                "dup-2": {"name": "twin", "hex": "4,1"}},
        areas={"north": {"name": "North", "flags": ["land"], "hexes": ["0,0", "1,0"]},
               "south": {"name": "South", "flags": ["land"]},
               "sea": {"name": "Sea", "flags": ["sea"], "hexes": ["3,1"]}},
        edges=[{"a": "south", "b": "north", "flags": ["river"]},
               {"a": "sea", "b": "south", "flags": ["coast"]}],
    )


def disc_doc(radius: int = 3) -> dict[str, Any]:
    return map_doc({hex_id(h): {"terrain": "clear"} for h in hexes_within(Hex(0, 0), radius)}, name="disc")


@pytest.fixture(scope="session")
def strip() -> Map:
    return Map.from_document(strip_doc())


@pytest.fixture(scope="session")
def disc() -> Map:
    return Map.from_document(disc_doc())


@pytest.fixture
def strip_document() -> dict[str, Any]:
    """A fresh copy of the strip document, safe to corrupt in a test."""
    return strip_doc()


@pytest.fixture
def make_doc():  # type: ignore[no-untyped-def]
    return map_doc
