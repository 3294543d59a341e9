"""The map model built from synthetic documents: indexes, lookups, immutability, errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

import engine.board as board
from engine.board.hexgrid import Layout
from engine.board.mapmodel import (
    AmbiguousPlaceError,
    Map,
    MapFormatError,
    RiverClass,
    document_sha256,
)
from engine.board.synthetic import synthetic_map


def test_ids_sorted_as_strings_give_indexes(strip: Map) -> None:
    assert strip.ids == ("0,0", "0,1", "1,0", "1,1", "2,0", "2,1", "3,0", "3,1", "4,0", "4,1")
    assert [strip.index[h] for h in strip.ids] == list(range(10))
    assert strip.index_of("2,1") == 5
    assert len(strip) == 10 and "4,1" in strip and "5,0" not in strip
    with pytest.raises(KeyError, match="not on map 'strip'"):
        strip.index_of("5,0")


def test_neighbour_arrays_hold_only_on_map_hexes(strip: Map) -> None:
    i = strip.index
    # "0,0": direction 0 is "1,0", direction 5 is "0,1"; the rest are off the map.
    assert strip.neighbour_at[i["0,0"]] == (i["1,0"], -1, -1, -1, -1, i["0,1"])
    assert strip.adjacent[i["0,0"]] == (i["1,0"], i["0,1"])
    assert strip.neighbours("2,0") == ("3,0", "1,0", "1,1", "2,1")
    assert strip.neighbours("4,1") == ("4,0", "3,1")


def test_hex_records(strip: Map) -> None:
    h = strip.hex("2,0")
    assert (h.id, h.index, tuple(h.coord), h.terrain, h.sea, h.label, h.country) == (
        "2,0", 4, (2, 0), "forest", False, "0301", "east")
    assert h.features == ("city", "fortress")  # sorted
    assert h.has_feature("fortress") and not h.has_feature("port_major")
    sea = strip.hex("3,1")
    assert (sea.sea, sea.sea_area, sea.country, sea.coastal) == (True, "bay", None, False)
    assert strip.hex("2,1").coastal is True


def test_hexside_features_by_id_and_by_index_pair(strip: Map) -> None:
    major = strip.hexside("2,0", "1,0")
    assert major is not None and major.river is RiverClass.MAJOR and major.border is True
    assert (major.id, major.a, major.b, major.strait, major.canal, major.all_sea) == (
        "1,0|2,0", "1,0", "2,0", False, False, False)
    i, j = strip.index["1,0"], strip.index["2,0"]
    assert strip.hexside_between(i, j) is major and strip.hexside_between(j, i) is major
    minor = strip.hexside("1,1", "2,1")
    assert minor is not None and minor.river is RiverClass.MINOR
    assert strip.hexside("2,1", "3,1").strait is True
    assert strip.hexside("0,0", "1,0") is None
    assert strip.hexside_between(strip.index["0,0"], strip.index["1,0"]) is None
    with pytest.raises(ValueError, match="not adjacent"):
        strip.hexside("0,0", "2,0")


def test_label_and_place_lookups(strip: Map) -> None:
    assert strip.hex_by_label("0301") == "2,0"
    assert strip.hex_by_label("0101") == "0,0"
    with pytest.raises(KeyError, match="no hex labelled '9999'"):
        strip.hex_by_label("9999")
    assert strip.hex_by_place("Fort Alpha") == "2,0"
    assert strip.hex_by_place("fort alpha") == "2,0"
    assert strip.hex_by_place("port-b") == "2,1"
    assert strip.place_by_name("BAYTOWN").port == "harbour"
    with pytest.raises(AmbiguousPlaceError, match=r"\['dup-1', 'dup-2'\]"):
        strip.place_by_name("Twin")
    assert strip.hex_by_place("dup-2") == "4,1"
    with pytest.raises(KeyError, match="no place named 'Atlantis'"):
        strip.place_by_name("Atlantis")


def test_seas_boxes_rail(strip: Map) -> None:
    bay = strip.seas["bay"]
    assert (bay.name, bay.hexes, dict(bay.sections)) == ("The Bay", ("3,1",), {"0": ("harbour",), "1": ()})
    assert strip.boxes["harbour"].adjacent == ("3,0", "2,1")
    assert strip.boxes["harbour"].sea == "bay"
    assert strip.boxes_at("2,1") == ("harbour",)
    assert strip.boxes_at("0,0") == ("reserve",)
    assert strip.boxes_at("4,1") == ()
    assert [(line.id, line.hexes) for line in strip.rail] == [
        ("a", ("0,0", "1,0", "2,0", "3,0")), ("b", ("2,1", "2,0")), ("c", ("0,1", "1,1"))]


def test_area_graph(strip: Map) -> None:
    assert sorted(strip.areas) == ["north", "sea", "south"]
    assert strip.areas["north"].hexes == ("0,0", "1,0")
    assert [(e.a, e.b, e.flags) for e in strip.area_edges] == [
        ("north", "south", ("river",)), ("sea", "south", ("coast",))]
    assert strip.area_neighbours("south") == ("north", "sea")
    assert strip.area_neighbours("north") == ("south",)
    assert strip.area_links("sea")[0].other("sea") == "south"
    with pytest.raises(KeyError, match="no area 'east'"):
        strip.area_neighbours("east")


def test_layout_from_meta(strip: Map) -> None:
    assert strip.layout == Layout.make("flat", 20, (0, 0))


def test_map_is_immutable(strip: Map) -> None:
    with pytest.raises(AttributeError):
        strip.name = "other"  # type: ignore[misc]
    assert isinstance(strip.hexsides, MappingProxyType)
    with pytest.raises(TypeError):
        strip.index["9,9"] = 10  # type: ignore[index]
    with pytest.raises(TypeError):
        strip.meta["layout"]["size"] = 1  # type: ignore[index]
    assert strip.meta["layout"]["origin"] == (0, 0)
    with pytest.raises(AttributeError):
        strip.hexes[0].terrain = "sea"  # type: ignore[misc]


def test_building_does_not_keep_or_change_the_document(strip_document: dict[str, Any]) -> None:
    before = copy.deepcopy(strip_document)
    m = Map.from_document(strip_document)
    assert strip_document == before
    strip_document["hexes"]["0,0"]["terrain"] = "sea"
    assert m.hex("0,0").terrain == "clear"


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


@pytest.mark.parametrize(("path", "value", "message"), [
    (("format",), "salient-map/2", r"\$\.format: expected 'salient-map/1'"),
    (("hexes",), [], r"\$\.hexes: expected an object"),
    (("hexes", "0,0", "terrain"), _DELETE, r"\$\.hexes\['0,0'\]\.terrain: expected a non-empty string"),
    (("hexes", "0,0", "sea"), 0, r"\$\.hexes\['0,0'\]\.sea: expected true or false, got 0"),
    (("hexes", "0,0", "country"), 7, r"\$\.hexes\['0,0'\]\.country"),
    (("hexes", "0,0", "features"), ["city", "city"], r"features: duplicate entries"),
    (("hexes", "0,0", "sea_area"), "ocean", r"unknown sea area 'ocean'"),
    (("hexes", "0,0", "label"), "0201", r"\$\.hexes\['1,0'\]\.label: label '0201' is also on '0,0'"),
    (("hexes", "1, 0"), {"terrain": "clear"}, r"malformed hex id '1, 0'"),
    (("hexsides", "2,0|1,0"), {"river": "minor"}, r"not canonical: expected '1,0\|2,0'"),
    (("hexsides", "0,0|2,0"), {"river": "minor"}, r"not adjacent"),
    (("hexsides", "10,0|9,0"), {"river": "minor"}, r"neither hex of this side is on the map"),
    (("hexsides", "1,0|2,0", "river"), "huge", r"expected 'major', 'minor' or null, got 'huge'"),
    (("hexsides", "1,0|2,0", "border"), "yes", r"border: expected true or false"),
    (("seas", "bay", "hexes"), ["9,9"], r"\$\.seas\['bay'\]\.hexes\[0\]: hex '9,9' is not on the map"),
    (("boxes", "harbour", "sea"), "ocean", r"boxes\['harbour'\]\.sea: unknown sea area 'ocean'"),
    (("boxes", "harbour", "kind"), _DELETE, r"boxes\['harbour'\]\.kind"),
    (("rail", 0, "hexes"), ["0,0", "2,0"], r"rail\[0\]\.hexes\[1\]: '2,0' is not adjacent to '0,0'"),
    (("rail", 1, "id"), "a", r"duplicate rail line id 'a'"),
    (("rail", 2, "hexes"), ["0,1"], r"at least two hexes"),
    (("places", "fort-a", "hex"), "7,7", r"places\['fort-a'\]\.hex: hex '7,7' is not on the map"),
    (("places", "fort-a", "capital"), "no", r"capital: expected true or false"),
    (("edges", 0, "b"), "east", r"edges\[0\]\.b: unknown area 'east'"),
    (("edges", 0, "b"), "south", r"edge joins area 'south' to itself"),
    (("edges", 1), {"a": "north", "b": "south"}, r"duplicate edge between 'north' and 'south'"),
    (("areas", "north", "hexes"), ["8,8"], r"hex '8,8' is not on the map"),
    (("meta", "layout", "orientation"), "round", r"expected 'flat' or 'pointy'"),
    (("meta", "layout", "size"), -3, r"layout\.size: expected a positive number"),
    (("meta", "terrain_classes"), ["clear", "sea"], r"\$\.hexes\['1,1'\]\.terrain: 'marsh' is not in meta.terrain_classes"),
])
def test_malformed_documents_are_refused_with_a_path(
    strip_document: dict[str, Any], path: tuple[Any, ...], value: Any, message: str,
) -> None:
    _set(strip_document, path, value)
    with pytest.raises(MapFormatError, match=message):
        Map.from_document(strip_document)


def test_empty_map_is_refused(make_doc: Any) -> None:
    with pytest.raises(MapFormatError, match="no hexes and no areas"):
        Map.from_document(make_doc({}))
    with pytest.raises(MapFormatError, match=r"\$: expected an object"):
        Map.from_document([])  # type: ignore[arg-type]


def test_area_only_map_is_allowed(make_doc: Any) -> None:
    m = Map.from_document(make_doc({}, areas={"a": {"name": "A"}, "b": {"name": "B"}},
                                   edges=[{"a": "b", "b": "a", "flags": ["rail"]}]))
    assert len(m) == 0 and m.area_neighbours("a") == ("b",)
    assert m.area_edges[0].a == "a"


def test_minimal_hex_defaults(make_doc: Any) -> None:
    m = Map.from_document(make_doc({"0,0": {"terrain": "clear"}}))
    h = m.hex("0,0")
    assert (h.sea, h.coastal, h.label, h.country, h.home, h.features) == (False, False, None, None, None, ())
    assert m.adjacent == ((),)


def test_hexside_with_one_side_off_map_is_kept(make_doc: Any) -> None:
    m = Map.from_document(make_doc({"0,0": {"terrain": "clear"}}, hexsides={"0,0|1,0": {"border": True}}))
    side = m.hexside("0,0", "1,0")
    assert side is not None and side.border is True


def test_document_hash_ignores_its_own_field() -> None:
    doc = synthetic_map(200, seed=3)
    assert document_sha256(doc) == doc["meta"]["sha256"]
    changed = copy.deepcopy(doc)
    changed["hexes"]["0,2"]["terrain"] = "lake"
    assert document_sha256(changed) != doc["meta"]["sha256"]
    m = Map.from_document(doc)
    assert m.sha256 == doc["meta"]["sha256"]


def test_load_map_reads_compiled_dir_and_memoises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strip_document: dict[str, Any],
) -> None:
    monkeypatch.setattr(board, "COMPILED_DIR", tmp_path)
    board.load_map.cache_clear()
    try:
        (tmp_path / "strip.json").write_text(json.dumps(strip_document), encoding="utf-8")
        m = board.load_map("strip")
        assert m.name == "strip" and len(m) == 10
        assert board.load_map("strip") is m
        with pytest.raises(board.UnknownMapError, match=r"no compiled map 'nowhere'.*available: \['strip'\]"):
            board.load_map("nowhere")
        with pytest.raises(ValueError, match="invalid map name"):
            board.load_map("../strip")
        (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
        with pytest.raises(MapFormatError, match="not valid JSON"):
            board.load_map("broken")
    finally:
        board.load_map.cache_clear()


def test_compiled_dir_is_next_to_the_package() -> None:
    assert board.COMPILED_DIR == Path(board.__file__).resolve().parent.parent / "maps" / "compiled"


def test_synthetic_map_is_deterministic_and_valid() -> None:
    doc = synthetic_map(3000, seed=0)
    assert doc == synthetic_map(3000, seed=0)
    assert doc != synthetic_map(3000, seed=1)
    m = Map.from_document(doc)
    assert len(m) == 3000
    assert len(Map.from_document(synthetic_map(200, seed=5))) == 200
    assert {h.terrain for h in m.hexes} == {"clear", "forest", "hills", "mountain", "marsh", "desert", "lake", "sea"}
    rivers = sum(1 for s in m.hexsides.values() if s.river is not None)
    assert 0 < rivers < len(m.hexsides)
    assert len(m.rail) == 5 and all(len(line.hexes) >= 40 for line in m.rail)
    assert all(m.hex(h).coastal for h in m.boxes["west-port"].adjacent)
    assert m.hex_by_place("West Capital") == m.hex_by_label("0125")
    with pytest.raises(ValueError, match="at least 64"):
        synthetic_map(10)
