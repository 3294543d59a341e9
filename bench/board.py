"""Board-library benchmark: map build, one unit's movement range, supply for 200 units.

``run()`` returns figures in milliseconds; it asserts nothing about time. Run it with
``python -c "import bench.board as b; print(b.run())"`` from the repository root, or as a
script.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.board import COMPILED_DIR, load_map_file
from engine.board.costs import (
    blocked_in,
    land_only,
    river_surcharge,
    stop_in,
    terrain_cost,
    without,
    zone_of_control,
)
from engine.board.mapmodel import Map
from engine.board.paths import RailNetwork, movement_range, rail_reachable, supply_trace
from engine.board.synthetic import synthetic_map

N_HEXES = 3000
N_UNITS = 200
BUDGET = 8
SUPPLY_LENGTH = 12
TERRAIN_COSTS = {"clear": 1, "forest": 2, "hills": 2, "mountain": 3, "marsh": 3, "desert": 1,
                 "lake": None, "sea": None}


def _ms(seconds: float) -> float:
    return round(seconds * 1000.0, 4)


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def measure_map(m: Map, sources: list[int], home: str, n_units: int = N_UNITS,
                repeats: int = 7) -> dict[str, Any]:
    """Movement, supply and rail figures on one map; the units face each other across its
    middle column, spread evenly over the land; `sources` feed supply, `home` owns the rail."""
    land = [h.index for h in m.hexes if not h.sea and h.terrain not in ("lake", "sea")]
    middle = (max(c.q for c in m.coords) + min(c.q for c in m.coords) + 1) // 2
    friends = [i for i in land if m.coords[i].q < middle][:: max(1, len(land) // (2 * n_units))][:n_units]
    enemies = [i for i in land if m.coords[i].q >= middle][:: max(1, len(land) // (2 * n_units))][:n_units]

    t0 = time.perf_counter()
    zoc = zone_of_control(m, [m.ids[i] for i in enemies], extends=land_only(m))
    cost = without(m, river_surcharge(m, terrain_cost(m, TERRAIN_COSTS), major=2, minor=1), enemies)
    stop = stop_in(m, zoc)
    rules_time = time.perf_counter() - t0

    moves = []
    reached = []
    for i in friends:
        t0 = time.perf_counter()
        result = movement_range(m, m.ids[i], BUDGET, cost, stop)
        moves.append(time.perf_counter() - t0)
        reached.append(len(result))

    blocked = blocked_in(m, enemies)
    passable = land_only(m)
    supplies = []
    in_supply = 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        traced = supply_trace(m, [m.ids[i] for i in sources], SUPPLY_LENGTH, passable, blocked, stop)
        in_supply = sum(1 for i in friends if m.ids[i] in traced)
        supplies.append(time.perf_counter() - t0)

    network = RailNetwork.build(m, hex_ok=lambda mm, i: mm.hexes[i].country == home)
    rails = []
    rail_starts = list(network.hexes)[:: max(1, len(network.hexes) // 50)]
    for h in rail_starts:
        t0 = time.perf_counter()
        rail_reachable(network, h, 20, blocked)
        rails.append(time.perf_counter() - t0)

    return {
        "hexes": len(m),
        "units": len(friends),
        "rules_build_ms": _ms(rules_time),
        "movement_budget": BUDGET,
        "movement_ms_median": _ms(statistics.median(moves)),
        "movement_ms_p95": _ms(_p95(moves)),
        "movement_ms_all_units": _ms(sum(moves)),
        "movement_hexes_reached_median": statistics.median(reached),
        "supply_ms_median": _ms(statistics.median(supplies)),
        "supply_units_in_supply": in_supply,
        "rail_ms_median": _ms(statistics.median(rails)) if rails else None,
    }


def run(n_hexes: int = N_HEXES, n_units: int = N_UNITS, repeats: int = 7) -> dict[str, Any]:
    """Measure the board library on the synthetic map and on every compiled map."""
    t0 = time.perf_counter()
    doc = synthetic_map(n_hexes, seed=0)
    doc_time = time.perf_counter() - t0

    builds = []
    m: Map | None = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        m = Map.from_document(doc)
        builds.append(time.perf_counter() - t0)
    assert m is not None
    sources = [m.index_of(p.hex) for p in sorted(m.places.values(), key=lambda p: p.id)
               if p.country == "west"]
    figures = {"synthetic_doc_ms": _ms(doc_time),
               "map_build_ms_median": _ms(statistics.median(builds)),
               **measure_map(m, sources, "west", n_units, repeats)}
    # hex maps only: an area map (twteaw-world) has no grid to search
    figures["compiled"] = {path.stem: measure_compiled(path, n_units, repeats)
                           for path in sorted(COMPILED_DIR.glob("*.json"))
                           if json.loads(path.read_text(encoding="utf-8")).get("hexes")}
    return figures


def measure_compiled(path: Path, n_units: int = N_UNITS, repeats: int = 3) -> dict[str, Any]:
    """Load time (JSON parse + model build, no cache) and the same figures on a compiled map,
    supplied from the capitals of the countries west of its middle."""
    loads = []
    m = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        m = load_map_file(path)
        loads.append(time.perf_counter() - t0)
    assert m is not None
    capitals = [m.index_of(p.hex) for p in sorted(m.places.values(), key=lambda p: p.id)
                if getattr(p, "capital", False)]
    middle = (max(c.q for c in m.coords) + min(c.q for c in m.coords) + 1) // 2
    west = [i for i in capitals if m.coords[i].q < middle] or capitals[:1]
    home = m.hexes[west[0]].country if west else ""
    return {"load_ms_median": _ms(statistics.median(loads)),
            **measure_map(m, west, home, n_units, repeats)}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2, sort_keys=True))
