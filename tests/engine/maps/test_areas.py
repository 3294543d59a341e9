"""The area compiler (engine/maps/areas.py) on a small test sheet: determinism and its rules."""
from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from engine.maps.areas import build_areas

    base = tmp_path_factory.mktemp("areas")
    docs = []
    for run in ("a", "b"):
        build_areas("test-areas", out_dir=base / run, static_dir=base / f"s{run}")
        docs.append(((base / run / "test-areas.json").read_bytes(),
                     (base / f"s{run}" / "test-areas" / "map.svg").read_bytes()))
    return docs


def test_area_build_is_byte_for_byte_deterministic(built):
    (json_a, svg_a), (json_b, svg_b) = built
    assert json_a == json_b
    assert svg_a == svg_b


def test_areas_and_edges_follow_the_format(built):
    doc = json.loads(built[0][0])
    assert doc["format"] == "salient-map/1" and "hexes" not in doc
    assert set(doc["areas"]) == {"flanders", "wallonia", "holland", "north-sea", "channel"}
    keys = [(e["a"], e["b"]) for e in doc["edges"]]
    assert keys == sorted(keys) and all(a < b for a, b in keys) and len(keys) == len(set(keys))
    assert doc["areas"]["wallonia"]["flags"] == ["capital", "city", "ic", "land"]
    assert doc["groups"] == {"low": ["flanders", "holland", "wallonia"]}


def test_shapes_give_the_graph(built):
    doc = json.loads(built[0][0])
    edges = {(e["a"], e["b"]): e for e in doc["edges"]}
    assert edges[("flanders", "wallonia")]["flags"] == ["land"]
    assert edges[("holland", "north-sea")]["flags"] == ["coast"]
    assert ("north-sea", "wallonia") not in edges          # Wallonia is inland
    assert not doc["areas"]["wallonia"]["coastal"] and doc["areas"]["holland"]["coastal"]


def test_stated_passage_carries_its_gate(built):
    doc = json.loads(built[0][0])
    edge = next(e for e in doc["edges"] if (e["a"], e["b"]) == ("channel", "north-sea"))
    assert edge["flags"] == ["gated", "sea"]
    assert edge["gates"] == [{"by": ["flanders"], "scope": "surface", "rule": "closable"}]


def test_link_to_an_unbuilt_section_is_pending_not_an_edge(built):
    doc = json.loads(built[0][0])
    assert doc["meta"]["pending_links"] == [
        {"a": "holland", "b": "westphalia", "kind": "land", "section": "germany",
         "source": "test: a link to a section not built"}]
    assert all("westphalia" not in (e["a"], e["b"]) for e in doc["edges"])


def test_svg_has_a_path_per_area_and_the_layers(built):
    svg = built[0][1].decode()
    for aid in ("flanders", "wallonia", "holland"):
        assert f'id="area-{aid}"' in svg
    for zid in ("north-sea", "channel"):
        assert f'id="sea-{zid}"' in svg
    for layer in ("sea", "lakes", "land", "offmap", "coast", "borders", "straits", "passages", "links",
                  "places", "labels", "trenches"):
        assert f'id="layer-{layer}"' in svg


def test_unknown_area_in_a_stated_edge_is_refused(tmp_path, monkeypatch):
    from engine.maps import areas

    comp = areas.AreaCompiler("test-areas")
    comp.edge_rows = [{"a": "holland", "b": "atlantis", "kind": "coast", "gate_by": "", "gate_scope": "",
                       "gate_rule": "", "pending": "", "source": "typo"}]
    comp.frame()
    comp.regions()
    comp.partition_land()
    comp.partition_sea()
    with pytest.raises(ValueError, match="atlantis"):
        comp.edges()
