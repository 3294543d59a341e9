"""The Balance of Powers Sea Chart beside bop-north-europe (engine/maps/seachart.py, issue #21).

Data only: boxes, kinds, touching spaces, the map-edge hexes each box leads to and the ports
each serves, checked against the compiled map. The rules that move ships over it come later.
"""
from __future__ import annotations

import copy
import json
from collections import deque

import pytest

from engine.maps import compiled_path
from engine.maps import hexmath as hm
from engine.maps.seachart import (
    ENTRY_NMP,
    SeaChart,
    SeaChartError,
    build_sea_chart,
    load_sea_chart,
    read_table,
)

MAP = "bop-north-europe"
DIRS = hm.DIRECTIONS


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(compiled_path(MAP).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def chart() -> SeaChart:
    return load_sea_chart(MAP)


def hid(label: str) -> str:
    return hm.hex_id(*hm.axial_of_label(label))


def reachable(chart: SeaChart, start: str, without: frozenset[str] = frozenset()) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for n in chart.neighbours(todo.popleft()):
            if n not in seen and n not in without:
                seen.add(n)
                todo.append(n)
    return seen


def water_path(doc: dict, start: str, goals: set[str], area: str) -> list[str] | None:
    """Shortest path over the map's sea hexes of one sea area (one hex = 1 NMP, 7.31)."""
    prev: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if h in goals:
            path = []
            node: str | None = h
            while node is not None:
                path.append(node)
                node = prev[node]
            return path[::-1]
        q, r = hm.parse_hex_id(h)
        for dq, dr in DIRS:
            n = hm.hex_id(q + dq, r + dr)
            cell = doc["hexes"].get(n)
            if cell and cell["sea"] and cell["sea_area"] == area and n not in prev:
                prev[n] = h
                todo.append(n)
    return None


# ---- 1.2.3: the three kinds of space ------------------------------------------------------------

def test_bop_1_2_3_the_chart_holds_port_ocean_and_grey_spaces_each_sourced(chart, doc):
    assert chart.of_kind("port") == ("archangel-box", "bordeaux-box", "helsinki-box", "petrograd-box",
                                     "scapa-flow-box", "stockholm-box")
    assert chart.of_kind("ocean") == ("gulf-of-finland-box", "mid-atlantic-box", "north-atlantic-box",
                                      "norwegian-sea-box", "white-sea-box")
    assert chart.of_kind("grey") == ("baltic-grey", "english-channel-grey", "north-sea-grey")
    for b in chart.boxes.values():
        assert b.origin in ("printed", "authored") and b.source
        if b.sea_hexes or b.land_hexes:
            assert b.edge_origin in ("printed", "authored") and b.edge_source
    # every sea area of the map has its grey space, and the window is exactly the area's hexes
    for area, sea in doc["seas"].items():
        grey = chart.grey_of(area)
        assert grey is not None and chart.box(grey).hexes == tuple(sorted(sea["hexes"]))
    for link in chart.links:
        assert link.origin in ("printed", "authored", "derived") and link.source


# ---- 2.52: adjacency ----------------------------------------------------------------------------

def test_bop_2_52_sea_chart_is_connected(chart):
    start = sorted(chart.boxes)[0]
    assert reachable(chart, start) == set(chart.boxes)


def test_bop_2_52_sea_chart_adjacency_is_symmetric_and_irreflexive(chart):
    for a, ns in chart.adjacency.items():
        assert a not in ns
        for b in ns:
            assert a in chart.neighbours(b), (a, b)
    # the printed pair (2.52) and a derived one (the Channel and the North Sea meet on the map)
    assert "mid-atlantic-box" in chart.neighbours("north-atlantic-box")
    assert "north-atlantic-box" in chart.neighbours("mid-atlantic-box")
    assert "english-channel-grey" in chart.neighbours("north-sea-grey")


def test_bop_2_52_petrograd_box_agrees_with_the_compiled_map(chart, doc):
    petrograd = chart.box("petrograd-box")
    assert petrograd.land_hexes == tuple(sorted(doc["boxes"]["petrograd-box"]["adjacent"]))
    assert petrograd.land_hexes == tuple(sorted(hid(f"{c:02d}01") for c in range(42, 51)))
    assert chart.boxes_at(hid("4601")) == ("petrograd-box",)
    # a table that moves one of Petrograd's hexes is refused
    table = read_table(MAP)
    bad = copy.deepcopy(table)
    next(b for b in bad["boxes"] if b["id"] == "petrograd-box")["land_edge"]["labels"][0] = "4101"
    with pytest.raises(SeaChartError, match="petrograd-box: the chart's edge hexes differ"):
        build_sea_chart(doc, bad)


# ---- 2.24 / 9.4: port boxes and the hexes they touch --------------------------------------------

def test_bop_9_4_port_boxes_touch_real_edge_hexes_of_bop_north_europe(chart, doc):
    def on_edge(h: str) -> bool:
        q, r = hm.parse_hex_id(h)
        return any(hm.hex_id(q + dq, r + dr) not in doc["hexes"] for dq, dr in DIRS)

    for b in chart.boxes.values():
        for h in b.land_hexes:
            assert h in doc["hexes"] and not doc["hexes"][h]["sea"] and on_edge(h), (b.id, h)
        for h in b.sea_hexes:
            assert h in doc["hexes"] and doc["hexes"][h]["sea"] and on_edge(h), (b.id, h)
            assert chart.grey_of(doc["hexes"][h]["sea_area"]) in chart.neighbours(b.id)
    # home country by an overland link (2.24): Petrograd and Bordeaux have land hexes of their
    # owner; Scapa Flow is British but not home country and has none
    for bid, owner in (("petrograd-box", "russia"), ("bordeaux-box", "france"), ("stockholm-box", "sweden")):
        b = chart.box(bid)
        assert b.home_country and b.owner == owner
        assert b.land_hexes and {doc["hexes"][h]["country"] for h in b.land_hexes} == {owner}
    scapa = chart.box("scapa-flow-box")
    assert scapa.owner == "britain" and not scapa.home_country and not scapa.land_hexes


def test_bop_9_4_every_space_serves_real_ports_of_bop_north_europe(chart, doc):
    for bid in chart.of_kind("port"):
        assert chart.ports_served(bid) == (bid,)
    for bid in chart.of_kind("ocean"):
        assert chart.ports_served(bid) == ()
    for bid in chart.of_kind("grey"):
        grey = chart.box(bid)
        assert grey.ports, bid
        for pid in chart.ports_served(bid):
            place = doc["places"][pid]
            assert place["port"], pid
            assert any(f.startswith("port_") for f in doc["hexes"][place["hex"]]["features"]), pid
            q, r = hm.parse_hex_id(place["hex"])
            assert any(hm.hex_id(q + dq, r + dr) in grey.hexes for dq, dr in DIRS), (bid, pid)
    assert "wilhelmshaven" in chart.ports_served("north-sea-grey")
    assert "riga" in chart.ports_served("baltic-grey")


# ---- 7.5: entering boxes ------------------------------------------------------------------------

def test_bop_7_51_entry_costs_three_for_a_port_box_eighteen_for_an_ocean_box(chart):
    assert ENTRY_NMP == {"port": 3, "ocean": 18}
    assert chart.entry_nmp("scapa-flow-box") == 3
    assert chart.entry_nmp("norwegian-sea-box") == 18
    with pytest.raises(SeaChartError, match="7.54"):
        chart.entry_nmp("north-sea-grey")


def test_bop_7_53_the_white_sea_freezes_november_to_february_and_feeds_archangel(chart):
    assert sorted(chart.box("white-sea-box").frozen_months) == [1, 2, 11, 12]
    assert chart.neighbours("archangel-box") == ("white-sea-box",)
    assert all(not chart.box(b).frozen_months for b in chart.boxes if b != "white-sea-box")


# ---- 5.343: the distant blockade closes the North Sea's two exits -------------------------------

def test_bop_5_343_mid_atlantic_and_norwegian_sea_close_the_north_seas_exits(chart):
    blockade = frozenset({"mid-atlantic-box", "norwegian-sea-box"})
    inside = reachable(chart, "north-sea-grey", without=blockade)
    assert "north-atlantic-box" not in inside and "white-sea-box" not in inside
    assert {"baltic-grey", "english-channel-grey", "scapa-flow-box"} <= inside
    assert "north-atlantic-box" in reachable(chart, "north-sea-grey")


# ---- 8.7: the Jutland example on our chart ------------------------------------------------------

JUTLAND = "1305"     # 56.7 N 5.8 E, where the fleets met, projected on bop-north-europe
CUXHAVEN = "1613"    # Cuxhaven projects into Wilhelmshaven's hex (the Jade and Elbe mouths)


def test_bop_8_7_jutland_the_high_seas_fleet_retraces_its_steps_to_cuxhaven(chart, doc):
    battle, home = hid(JUTLAND), hid(CUXHAVEN)
    assert doc["hexes"][battle]["sea_area"] == "north-sea" and battle in chart.box("north-sea-grey").hexes
    assert doc["places"]["wilhelmshaven"]["hex"] == home and doc["hexes"][home]["country"] == "germany"
    q, r = hm.parse_hex_id(home)
    harbour = {hm.hex_id(q + dq, r + dr) for dq, dr in DIRS} & set(chart.box("north-sea-grey").hexes)
    path = water_path(doc, battle, harbour, "north-sea")
    assert path is not None and len(path) - 1 <= 12    # one GQ within a cruiser's range


def test_bop_8_7_jutland_the_grand_fleet_sails_north_across_the_edge_into_scapa_flow(chart, doc):
    scapa = chart.box("scapa-flow-box")
    assert scapa.kind == "port" and chart.entry_nmp(scapa.id) == 3
    assert "north-sea-grey" in chart.neighbours(scapa.id)
    path = water_path(doc, hid(JUTLAND), set(scapa.sea_hexes), "north-sea")
    assert path is not None
    edge = path[-1]
    assert scapa.id in chart.boxes_at(edge)
    assert doc["hexes"][edge]["label"].endswith("01")            # the map's north edge: row 01
    assert len(path) - 1 + chart.entry_nmp(scapa.id) <= 16       # hexes at 1 NMP (7.31) + the box


def test_bop_12_6_the_norwegian_sea_box_is_one_move_from_scapa_flow_and_the_north_sea(chart):
    # 12.6's victory box: British from Scapa Flow, Germans across the North Sea's north edge
    assert {"scapa-flow-box", "north-sea-grey"} <= set(chart.neighbours("norwegian-sea-box"))


# ---- bad tables are refused with a clear error, and nothing changes ------------------------------

@pytest.mark.parametrize("mutate, message", [
    (lambda t: t["boxes"][3]["sea_edge"]["labels"].append("9999"), "not on map"),
    (lambda t: t["boxes"][3]["sea_edge"]["labels"].append("1305"), "not on the map's edge"),
    (lambda t: next(b for b in t["boxes"] if b["id"] == "stockholm-box")["land_edge"]["labels"]
     .append("3301"), "a land hex is needed"),
    (lambda t: t["links"].append({"boxes": ["scapa-flow-box", "atlantis-box"], "origin": "authored",
                                  "source": "x"}), "unknown box 'atlantis-box'"),
    (lambda t: t["links"].append(dict(t["links"][0])), "listed twice"),
    (lambda t: t["boxes"][0].update(kind="lagoon"), "unknown kind"),
    (lambda t: t["boxes"][0].update(origin="guessed"), "origin must be"),
    (lambda t: t["boxes"][0].update(sea_area="mediterranean"), "not on map"),
])
def test_bop_2_52_sea_chart_refuses_bad_tables(doc, mutate, message):
    table = read_table(MAP)
    bad = copy.deepcopy(table)
    mutate(bad)
    before = json.dumps(bad, sort_keys=True)
    with pytest.raises(SeaChartError, match=message):
        build_sea_chart(doc, bad)
    assert json.dumps(bad, sort_keys=True) == before
    assert read_table(MAP) == table


def test_sea_chart_unknown_map_or_box_is_a_clear_error(chart):
    with pytest.raises(SeaChartError, match="has no Sea Chart"):
        load_sea_chart("fa-europe")
    with pytest.raises(SeaChartError, match="no Sea Chart box 'atlantis-box'"):
        chart.neighbours("atlantis-box")


def test_sea_chart_is_read_only_and_the_same_on_every_load(chart, doc):
    with pytest.raises(TypeError):
        chart.boxes["atlantis-box"] = chart.box("scapa-flow-box")  # type: ignore[index]
    with pytest.raises(TypeError):
        chart.adjacency["scapa-flow-box"] = ()  # type: ignore[index]
    again = build_sea_chart(doc, read_table(MAP))
    assert again == chart and again.links == chart.links
