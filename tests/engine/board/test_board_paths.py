"""Movement ranges, supply traces, rail and capacities, with results worked out by hand.

The strip (ids sorted = index order: 0,0 0,1 1,0 1,1 2,0 2,1 3,0 3,1 4,0 4,1)::

    row r=0:  0,0 clear   1,0 clear ≈≈ 2,0 forest   3,0 clear   4,0 hills
    row r=1:  0,1 clear   1,1 marsh ~~ 2,1 clear    3,1 SEA     4,1 clear

    ≈≈ major river on 1,0|2,0      ~~ minor river on 1,1|2,1
    (q,1) touches (q,0) and (q+1,0).  Costs: clear 1, forest 2, hills 2, marsh 3, sea —.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.board.costs import (
    blocked_in,
    hexside_surcharge,
    land_only,
    river_surcharge,
    stop_in,
    terrain_cost,
    without,
    zone_of_control,
)
from engine.board.hexgrid import Hex, distance, hex_id, hexes_within, parse_hex_id
from engine.board.mapmodel import Map
from engine.board.paths import (
    CapacityExceeded,
    RailNetwork,
    components,
    consume_capacity,
    consume_keyed_capacity,
    movement_range,
    path_to,
    rail_reachable,
    supply_trace,
)

COSTS = {"clear": 1, "forest": 2, "hills": 2, "marsh": 3, "sea": None}


def strip_cost(m: Map, major: int | None = 2, minor: int | None = 1) -> Any:
    return river_surcharge(m, terrain_cost(m, COSTS), major=major, minor=minor)


# --- movement -----------------------------------------------------------------------------------


def test_movement_terrain_and_rivers_budget_4(strip: Map) -> None:
    # 2,0 would cost 1 + forest 2 + major river 2 = 5; 1,1 ties at 4 via 0,1 and 1,0 → 0,1 wins.
    assert movement_range(strip, "0,0", 4, strip_cost(strip)) == {
        "0,0": (0, None), "0,1": (1, "0,0"), "1,0": (1, "0,0"), "1,1": (4, "0,1")}


def test_movement_terrain_and_rivers_budget_6(strip: Map) -> None:
    result = movement_range(strip, "0,0", 6, strip_cost(strip))
    assert result == {
        "0,0": (0, None), "0,1": (1, "0,0"), "1,0": (1, "0,0"), "1,1": (4, "0,1"),
        "2,0": (5, "1,0"),   # across the major river
        "2,1": (6, "1,1"),   # 4 + clear 1 + minor 1; ties with 2,0 + 1 = 6, smaller id 1,1 wins
        "3,0": (6, "2,0"),
    }
    assert list(result) == sorted(result)
    assert path_to(result, "3,0") == ["0,0", "1,0", "2,0", "3,0"]
    assert path_to(result, "2,1") == ["0,0", "0,1", "1,1", "2,1"]
    assert path_to(result, "0,0") == ["0,0"]
    with pytest.raises(KeyError, match="'4,1' is not reachable"):
        path_to(result, "4,1")


def test_movement_major_river_impassable(strip: Map) -> None:
    assert movement_range(strip, "0,0", 6, strip_cost(strip, major=None)) == {
        "0,0": (0, None), "0,1": (1, "0,0"), "1,0": (1, "0,0"), "1,1": (4, "0,1"),
        "2,0": (6, "1,1"), "2,1": (6, "1,1")}


def test_movement_sea_is_impassable_and_budget_zero(strip: Map) -> None:
    result = movement_range(strip, "4,1", 10, strip_cost(strip))
    assert "3,1" not in result
    assert result["4,0"] == (2, "4,1") and result["3,0"] == (3, "4,0")
    assert movement_range(strip, "4,1", 0, strip_cost(strip)) == {"4,1": (0, None)}


def test_movement_tie_prefers_smaller_predecessor_found_later(make_doc: Any) -> None:
    """1,1 costs 3 both via 1,0 (1 + clear 1 + minor river 1; 1,0 is settled first) and via
    0,1 (forest 2 + clear 1); the smaller id 0,1 must win even though it is settled later."""
    m = Map.from_document(make_doc(
        {"0,0": {"terrain": "clear"}, "0,1": {"terrain": "forest"},
         "1,0": {"terrain": "clear"}, "1,1": {"terrain": "clear"}},
        hexsides={"1,0|1,1": {"river": "minor"}}))
    assert movement_range(m, "0,0", 3, strip_cost(m)) == {
        "0,0": (0, None), "0,1": (2, "0,0"), "1,0": (1, "0,0"), "1,1": (3, "0,1")}


def test_zoc_stops_movement_on_open_ground(disc: Map) -> None:
    """Enemy at 2,0 on an all-clear disc: its hex is barred, its zone stops movement."""
    enemy = ["2,0"]
    cost = without(disc, terrain_cost(disc, {"clear": 1}), [disc.index["2,0"]])
    stop = stop_in(disc, zone_of_control(disc, enemy))
    result = movement_range(disc, "0,0", 3, cost, stop)
    unreachable = {"2,0", "3,-1", "3,0", "2,1"}
    assert {h: c for h, (c, _) in result.items()} == {
        hex_id(h): distance(Hex(0, 0), h) for h in hexes_within(Hex(0, 0), 3) if hex_id(h) not in unreachable}
    assert result["2,-1"][1] == "1,-1"  # not via 1,0, which is in the zone
    assert result["1,1"][1] == "0,1"
    # Without the zone, the hexes behind it are reached.
    free = movement_range(disc, "0,0", 3, cost)
    assert set(free) - set(result) == {"3,-1", "2,1"}  # 3,0 costs 4 around the enemy either way


def test_unit_starting_in_zoc_may_leave(disc: Map) -> None:
    cost = without(disc, terrain_cost(disc, {"clear": 1}), [disc.index["2,0"]])
    stop = stop_in(disc, zone_of_control(disc, ["2,0"]))
    assert movement_range(disc, "1,0", 1, cost, stop) == {
        "0,0": (1, "1,0"), "0,1": (1, "1,0"), "1,-1": (1, "1,0"), "1,0": (0, None),
        "1,1": (1, "1,0"), "2,-1": (1, "1,0")}


def test_zone_of_control_contents(disc: Map, strip: Map) -> None:
    zone = zone_of_control(disc, ["2,0"])
    assert sorted(disc.ids[i] for i in zone) == ["1,0", "1,1", "2,-1", "2,0", "2,1", "3,-1", "3,0"]
    # A zone that does not extend into sea hexes.
    not_sea = zone_of_control(strip, ["3,0"], extends=land_only(strip))
    assert sorted(strip.ids[i] for i in not_sea) == ["2,0", "2,1", "3,0", "4,0"]


def test_movement_errors(strip: Map) -> None:
    with pytest.raises(KeyError, match="'9,9' is not on map"):
        movement_range(strip, "9,9", 3, strip_cost(strip))
    with pytest.raises(ValueError, match="budget must be >= 0"):
        movement_range(strip, "0,0", -1, strip_cost(strip))
    with pytest.raises(TypeError, match=r"must return int or None, got 1.5"):
        movement_range(strip, "0,0", 3, lambda m, i, j: 1.5)  # type: ignore[arg-type,return-value]
    with pytest.raises(ValueError, match="negative cost -1"):
        movement_range(strip, "0,0", 3, lambda m, i, j: -1)


def test_cost_builders_validate(strip: Map, disc: Map) -> None:
    with pytest.raises(ValueError, match=r"no cost for \['hills', 'marsh'\]"):
        terrain_cost(strip, {"clear": 1, "forest": 2, "sea": None})
    with pytest.raises(ValueError, match="non-negative ints"):
        terrain_cost(strip, {**COSTS, "clear": 1.0})
    with pytest.raises(ValueError, match="major river"):
        river_surcharge(strip, terrain_cost(strip, COSTS), major=-1, minor=0)
    cost = terrain_cost(strip, COSTS)
    with pytest.raises(ValueError, match="built for map 'strip'"):
        cost(disc, 0, 1)


def test_hexside_surcharge_on_borders(strip: Map) -> None:
    """A generic hexside rule: crossing a border costs 3 more."""
    cost = hexside_surcharge(strip, terrain_cost(strip, COSTS), lambda side: 3 if side.border else 0)
    i = strip.index
    assert cost(strip, i["1,0"], i["2,0"]) == 2 + 3
    assert cost(strip, i["2,0"], i["1,0"]) == 1 + 3
    assert cost(strip, i["0,0"], i["1,0"]) == 1
    assert cost(strip, i["2,1"], i["3,1"]) is None  # sea stays impassable


# --- supply -------------------------------------------------------------------------------------


def test_supply_trace_with_blocker_and_length_limit(strip: Map) -> None:
    blocked = blocked_in(strip, [strip.index["2,0"]])
    assert supply_trace(strip, ["0,0"], 3, land_only(strip), blocked) == {
        "0,0": 0, "0,1": 1, "1,0": 1, "1,1": 2, "2,1": 3}
    assert supply_trace(strip, ["0,0"], None, land_only(strip), blocked) == {
        "0,0": 0, "0,1": 1, "1,0": 1, "1,1": 2, "2,1": 3, "3,0": 4, "4,0": 5, "4,1": 6}
    assert supply_trace(strip, ["0,0"], 0, land_only(strip), blocked) == {"0,0": 0}


def test_supply_trace_multi_source(strip: Map) -> None:
    blocked = blocked_in(strip, [strip.index["2,0"]])
    assert supply_trace(strip, ["4,1", "0,0"], 2, land_only(strip), blocked) == {
        "0,0": 0, "0,1": 1, "1,0": 1, "1,1": 2, "3,0": 2, "4,0": 1, "4,1": 0}


def test_supply_trace_may_end_in_but_not_cross_a_stop_hex(strip: Map) -> None:
    blocked = blocked_in(strip, [strip.index["2,0"]])
    stop = stop_in(strip, [strip.index["1,1"]])
    assert supply_trace(strip, ["0,0"], None, land_only(strip), blocked, stop) == {
        "0,0": 0, "0,1": 1, "1,0": 1, "1,1": 2}


def test_supply_trace_without_rules_crosses_sea_and_errors(strip: Map) -> None:
    assert supply_trace(strip, ["2,1"], 1, None, None) == {
        "1,1": 1, "2,0": 1, "2,1": 0, "3,0": 1, "3,1": 1}
    with pytest.raises(KeyError, match="'8,8' is not on map"):
        supply_trace(strip, ["8,8"], 1)
    with pytest.raises(ValueError, match="max_length must be >= 0"):
        supply_trace(strip, ["0,0"], -1)


def test_supply_trace_matches_per_unit_search(disc: Map) -> None:
    """One multi-source trace equals the nearest-source distance found separately per source."""
    sources = ["-3,0", "3,-3", "0,3"]
    blocked = blocked_in(disc, [disc.index[h] for h in ("0,0", "1,0", "-1,1")])
    together = supply_trace(disc, sources, 4, None, blocked)
    apart = [supply_trace(disc, [s], 4, None, blocked) for s in sources]
    expected = {h: min(r[h] for r in apart if h in r) for h in disc.ids if any(h in r for r in apart)}
    assert together == dict(sorted(expected.items()))


# --- rail ---------------------------------------------------------------------------------------


def test_rail_reachable_along_lines(strip: Map) -> None:
    net = RailNetwork.build(strip)
    assert net.hexes == ("0,0", "0,1", "1,0", "1,1", "2,0", "2,1", "3,0")
    # Line c (0,1–1,1) runs beside line a but shares no hex, so it is not connected.
    assert rail_reachable(net, "0,0", None) == {"0,0": 0, "1,0": 1, "2,0": 2, "2,1": 3, "3,0": 3}
    assert rail_reachable(net, "0,0", 2) == {"0,0": 0, "1,0": 1, "2,0": 2}
    assert rail_reachable(net, "0,1", None) == {"0,1": 0, "1,1": 1}
    assert rail_reachable(net, "2,1", 1) == {"2,0": 1, "2,1": 0}


def test_rail_blocked_and_unusable_hexes(strip: Map) -> None:
    net = RailNetwork.build(strip)
    two_zero = blocked_in(strip, [strip.index["2,0"]])
    assert rail_reachable(net, "0,0", None, two_zero) == {"0,0": 0, "1,0": 1}
    east_only = RailNetwork.build(strip, hex_ok=lambda m, i: m.hexes[i].country == "east")
    assert east_only.hexes == ("2,0", "2,1", "3,0")
    assert rail_reachable(east_only, "3,0", None) == {"2,0": 1, "2,1": 2, "3,0": 0}
    assert "1,0" not in east_only and "2,0" in east_only
    with pytest.raises(KeyError, match="'1,0' is not on the usable rail network"):
        rail_reachable(east_only, "1,0", None)


def test_rail_line_selection(strip: Map) -> None:
    assert RailNetwork.build(strip, lines=["c"]).hexes == ("0,1", "1,1")
    with pytest.raises(KeyError, match=r"no rail lines \['z'\]"):
        RailNetwork.build(strip, lines=["c", "z"])
    with pytest.raises(ValueError, match="max_hexes must be >= 0"):
        rail_reachable(RailNetwork.build(strip), "0,0", -2)


def test_capacity_is_consumed_or_refused() -> None:
    assert consume_capacity(3) == 2
    assert consume_capacity(3, 3) == 0
    with pytest.raises(CapacityExceeded, match="requested 4, only 3 left") as e:
        consume_capacity(3, 4)
    assert (e.value.remaining, e.value.requested) == (3, 4)
    with pytest.raises(ValueError, match=">= 0"):
        consume_capacity(3, -1)
    caps = {"france": 2, "germany": 5}
    assert consume_keyed_capacity(caps, "germany", 2) == {"france": 2, "germany": 3}
    assert caps == {"france": 2, "germany": 5}
    with pytest.raises(CapacityExceeded, match="capacity 'france': requested 3, only 2 left"):
        consume_keyed_capacity(caps, "france", 3)
    with pytest.raises(KeyError, match="no capacity 'italy'"):
        consume_keyed_capacity(caps, "italy")


def test_results_use_only_map_hexes(disc: Map) -> None:
    result = movement_range(disc, "0,0", 99, terrain_cost(disc, {"clear": 1}))
    assert len(result) == 37 and all(distance(Hex(0, 0), parse_hex_id(h)) == c for h, (c, _) in result.items())


def test_components_label_each_connected_part_the_same_on_every_run():
    """Two stretches of water split by land: each part one label, edges to nodes outside the
    set ignored, labels from the sorted smallest node (the count labelled before it)."""
    edges = {"a": ["b", "land"], "b": ["a", "c"], "c": ["b"], "x": ["y"], "y": ["x", "land"],
             "land": ["a", "y"]}
    label = components(["c", "y", "a", "x", "b"], lambda n: edges[n])
    assert label == {"a": 0, "b": 0, "c": 0, "x": 3, "y": 3}
