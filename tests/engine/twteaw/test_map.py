"""Truths about `twteaw-world`, read from the compiled JSON: every place the rulebook names on the
sections built so far exists and touches what the rulebook says it touches (TWTEAW "The Map",
"Other Key Map Features", the straits table, the USW table and the worked examples)."""
from __future__ import annotations

import json
from collections import deque
from functools import lru_cache
from pathlib import Path

import pytest

from engine.board import load_map
from engine.board.mapmodel import document_sha256

COMPILED = Path(__file__).resolve().parents[3] / "engine" / "maps" / "compiled" / "twteaw-world.json"

NAMED_SEAS = [
    "northern-atlantic", "middle-atlantic", "southern-atlantic", "north-sea", "english-channel",
    "bay-of-biscay", "irish-sea", "norwegian-sea", "skagerrak", "baltic-sea", "gulf-of-bothnia",
    "western-mediterranean", "gulf-of-lyon", "tyrrhenian-sea", "ionian-sea", "adriatic-sea",
    "aegean-sea", "eastern-mediterranean", "western-black-sea", "red-sea", "persian-gulf"]
NAMED_LAND = [
    "london", "glasgow", "northern-ireland", "paris", "brest", "normandy", "amiens", "marseille",
    "toulouse", "bordeaux", "alsace-lorraine", "corsica", "algeria", "hamburg", "bremen", "ruhr",
    "cologne", "konigsberg", "trieste", "bosnia", "lemberg", "krakow", "galicia", "transylvania",
    "insbruck", "milan", "venice", "taranto", "sicily", "sardinia", "libya", "barcelona", "seville",
    "spanish-morocco", "gibraltar", "petrograd", "warsaw", "estonia", "latvia", "lithuania",
    "helsinki", "lapri", "vyborg", "odessa", "vinista", "sevastopol", "krasnodar", "baku", "tbilisi",
    "groznyy", "volgograd", "kazan", "nizhniy", "perm", "constantinople", "izmir", "sinope", "mosul",
    "baghdad", "basra", "ramadi", "palestine", "damascus", "serbia", "macedonia", "suez-canal",
    "egypt", "cyprus", "kuwait", "denmark", "belgium", "netherlands", "switzerland", "sweden",
    "norway", "portugal", "romania", "bulgaria", "greece", "crete", "albania", "tehran", "ahvaz",
    "rutba", "kaf"]
# TWTEAW straits table: the pairs on the sections built so far.
STRAITS = [("spanish-morocco", "seville"), ("northern-ireland", "glasgow"), ("corsica", "sardinia"),
           ("sicily", "taranto"), ("constantinople", "izmir"), ("constantinople", "sinope"),
           ("sevastopol", "krasnodar"), ("suez-canal", "palestine")]
# Coasts the USW table, the cross-map table and the worked examples state.
COASTS = [("london", "north-sea"), ("london", "middle-atlantic"), ("hamburg", "skagerrak"),
          ("hamburg", "baltic-sea"), ("trieste", "adriatic-sea"), ("brest", "middle-atlantic"),
          ("milan", "tyrrhenian-sea"), ("petrograd", "gulf-of-bothnia"),
          ("constantinople", "aegean-sea"), ("barcelona", "western-mediterranean"),
          ("marseille", "gulf-of-lyon"), ("northern-ireland", "irish-sea"), ("ireland", "irish-sea"),
          ("egypt", "eastern-mediterranean"), ("libya", "eastern-mediterranean"),
          ("suez-canal", "eastern-mediterranean"), ("suez-canal", "red-sea"),
          ("palestine", "red-sea"), ("algeria", "ionian-sea"), ("libya", "ionian-sea"),
          ("algeria", "western-mediterranean"), ("spanish-morocco", "western-mediterranean")]
SEAS_ADJACENT = [("southern-atlantic", "middle-atlantic"), ("southern-atlantic", "bay-of-biscay"),
                 ("western-mediterranean", "gulf-of-lyon"), ("english-channel", "bay-of-biscay")]
PRINTED_VALUES = {"london": 31, "hamburg": 15, "brest": 12, "milan": 12, "constantinople": 8,
                  "barcelona": 8, "trieste": 6, "petrograd": 5, "baghdad": 5, "warsaw": 2,
                  "basra": 2, "mosul": 1}
DERIVED_VALUES = {"izmir": 3, "sinope": 3, "ramadi": 1}


@lru_cache(maxsize=None)
def doc() -> dict:
    return json.loads(COMPILED.read_text(encoding="utf-8"))


def edge(a: str, b: str) -> dict | None:
    key = (min(a, b), max(a, b))
    return next((e for e in doc()["edges"] if (e["a"], e["b"]) == key), None)


def test_the_board_library_loads_it():
    m = load_map("twteaw-world")
    assert len(m) == 0 and len(m.areas) == len(doc()["areas"])
    assert m.area_neighbours("suez-canal") == ("eastern-mediterranean", "egypt", "palestine", "red-sea")


def test_format_hash_and_no_floats_outside_meta():
    d = doc()
    assert d["format"] == "salient-map/1" and d["meta"]["kind"] == "areas"
    assert d["meta"]["sha256"] == document_sha256(d)

    def walk(value, path):
        if isinstance(value, float):
            raise AssertionError(f"float at {path}")
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{path}/{k}")
        if isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{path}/{i}")
    walk({k: v for k, v in d.items() if k != "meta"}, "")


def test_compiler_left_no_warnings():
    assert doc()["meta"]["warnings"] == []


@pytest.mark.parametrize("aid", NAMED_SEAS)
def test_every_named_sea_zone_exists(aid):
    area = doc()["areas"][aid]
    assert area["kind"] == "sea" and area["named"]


@pytest.mark.parametrize("aid", NAMED_LAND)
def test_every_named_territory_exists(aid):
    area = doc()["areas"][aid]
    assert area["kind"] == "land" and area["named"] and area["value"] >= 1 and area["owner"]


@pytest.mark.parametrize("a,b", STRAITS)
def test_straits_table(a, b):
    e = edge(a, b)
    assert e is not None and "strait" in e["flags"] and "land" not in e["flags"]


@pytest.mark.parametrize("a,b", COASTS)
def test_stated_coasts(a, b):
    e = edge(a, b)
    assert e is not None and e["flags"][0] in ("coast", "cross_map") and "coast" in e["flags"]


@pytest.mark.parametrize("a,b", SEAS_ADJACENT)
def test_stated_sea_adjacencies(a, b):
    e = edge(a, b)
    assert e is not None and "sea" in e["flags"]


def test_english_channel_to_biscay_is_the_rulebooks_special_link():
    assert edge("english-channel", "bay-of-biscay")["flags"] == ["link", "sea"]


@pytest.mark.parametrize("a,b,holders,scope,rule", [
    ("baltic-sea", "skagerrak", ["denmark"], "all", "closed_while_neutral"),
    ("baltic-sea", "skagerrak", ["hamburg"], "all", "holder_only"),
    ("western-mediterranean", "southern-atlantic", ["gibraltar"], "surface", "closable"),
    ("red-sea", "eastern-mediterranean", ["suez-canal"], "all", "closable"),
    ("aegean-sea", "western-black-sea", ["constantinople", "izmir", "sinope"], "all", "closable"),
])
def test_gated_passages(a, b, holders, scope, rule):
    e = edge(a, b)
    assert "gated" in e["flags"]
    assert {"by": holders, "scope": scope, "rule": rule} in e["gates"]


def test_suez_canal_joins_egypt_by_land_and_palestine_by_strait():
    assert edge("suez-canal", "egypt")["flags"] == ["land"]
    assert "strait" in edge("suez-canal", "palestine")["flags"]
    assert "canal" in doc()["areas"]["suez-canal"]["flags"]


def test_toulouse_and_bordeaux_border_spain():
    spanish = {a for a, v in doc()["areas"].items() if v.get("owner") == "spain"}
    for french in ("toulouse", "bordeaux"):
        assert any(edge(french, s) and "land" in edge(french, s)["flags"] for s in spanish), french


def test_gibraltar_is_a_british_fortress_on_iberia():
    g = doc()["areas"]["gibraltar"]
    assert g["owner"] == "britain" and "fortress" in g["flags"]
    assert edge("gibraltar", "seville")["flags"] == ["land"]


def test_special_territories():
    areas = doc()["areas"]
    assert "mountains" in areas["switzerland"]["flags"]
    assert "canal" in areas["hamburg"]["flags"]
    assert areas["denmark"]["owner"] == "denmark"


@pytest.mark.parametrize("aid,value", sorted(PRINTED_VALUES.items()))
def test_printed_values(aid, value):
    area = doc()["areas"][aid]
    assert (area["value"], area["value_source"]) == (value, "printed")


@pytest.mark.parametrize("aid,value", sorted(DERIVED_VALUES.items()))
def test_derived_values(aid, value):
    area = doc()["areas"][aid]
    assert (area["value"], area["value_source"]) == (value, "derived")


def test_groups():
    groups = doc()["groups"]
    assert groups["finland"] == ["helsinki", "lapri", "vyborg"]
    assert groups["baltic_states"] == ["estonia", "latvia", "lithuania"]
    assert groups["serbia"] == ["macedonia", "serbia"]
    assert "warsaw" in groups["poland"]
    warsaw_neighbours = {e["b"] if e["a"] == "warsaw" else e["a"] for e in doc()["edges"]
                         if "warsaw" in (e["a"], e["b"]) and "land" in e["flags"]}
    assert set(groups["poland"]) - {"warsaw"} <= warsaw_neighbours


def test_every_port_is_coastal_and_every_area_is_linked():
    linked = {x for e in doc()["edges"] for x in (e["a"], e["b"])}
    for aid, area in doc()["areas"].items():
        assert aid in linked, aid
        if area["kind"] == "land" and area["port"]:
            assert area["coastal"], aid


def _max_flow(capacity: dict[str, int], links: dict[str, set[str]], source: str,
              sinks: set[str]) -> int:
    """Units that can travel from `source` into `sinks`, each territory passing at most its
    capacity (node capacities split into in/out nodes; sinks count what enters them)."""
    graph: dict[tuple, dict[tuple, int]] = {}

    def add(u, v, c):
        graph.setdefault(u, {})[v] = graph.get(u, {}).get(v, 0) + c
        graph.setdefault(v, {}).setdefault(u, 0)
    for t, c in capacity.items():
        add((t, "in"), (t, "out"), c)
        if t in sinks:
            add((t, "out"), ("sink",), c)
        for n in links[t]:
            if n in capacity and t not in sinks:
                add((t, "out"), (n, "in"), 10_000)
    start, flow = (source, "out"), 0
    graph.setdefault(start, {})
    while True:
        parent = {start: None}
        queue = deque([start])
        while queue and ("sink",) not in parent:
            u = queue.popleft()
            for v, c in graph[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if ("sink",) not in parent:
            return flow
        path, v = [], ("sink",)
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(graph[u][v] for u, v in path)
        for u, v in path:
            graph[u][v] -= push
            graph[v][u] += push
        flow += push


def test_strategic_move_example_ottoman_rail_into_mesopotamia():
    """TWTEAW 4.1.3's example: from Constantinople only 2 units reach Mosul, Baghdad and Basra
    (one through Mosul, one through Ramadi), and at most 6 leave it (Izmir and Sinope pass 3
    each). Capacity = resource value; only Ottoman territory is passable."""
    areas = doc()["areas"]
    links: dict[str, set[str]] = {a: set() for a in areas}
    for e in doc()["edges"]:
        if "land" in e["flags"] or "strait" in e["flags"]:
            links[e["a"]].add(e["b"])
            links[e["b"]].add(e["a"])
    ottoman = {a: v["value"] for a, v in areas.items() if v.get("owner") == "ottoman_empire"}
    cap = dict(ottoman, constantinople=100)
    assert _max_flow(cap, links, "constantinople", {"mosul", "baghdad", "basra"}) == 2
    everywhere = set(ottoman) - {"constantinople"}
    assert _max_flow(cap, links, "constantinople", everywhere) == 6


def test_svg_draws_every_area():
    svg = (Path(__file__).resolve().parents[3] / doc()["meta"]["svg"]["file"]).read_text(encoding="utf-8")
    for aid, area in doc()["areas"].items():
        assert f'id="{"sea" if area["kind"] == "sea" else "area"}-{aid}"' in svg
    for a, b in STRAITS:
        key = "--".join(sorted((a, b)))
        assert f'id="strait-{key}"' in svg
