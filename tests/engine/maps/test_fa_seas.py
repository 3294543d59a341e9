"""Fatal Alliances III sea areas beside fa-europe (engine/maps/fa_seas.py, issue #22, data only).

The areas, their sections, ports, naval bases, iced-in ports and passages, checked against the
compiled map. The rules that move ships through them come later.
"""
from __future__ import annotations

import copy
import dataclasses
import json
from collections import deque

import pytest

from engine.maps import compiled_path
from engine.maps import hexmath as hm
from engine.maps.fa_seas import FaSeaError, FaSeas, build_fa_seas, load_fa_seas, read_table

MAP = "fa-europe"


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(compiled_path(MAP).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seas() -> FaSeas:
    return load_fa_seas()


def neighbours(hid: str) -> list[str]:
    q, r = hm.parse_hex_id(hid)
    return [hm.hex_id(q + dq, r + dr) for dq, dr in hm.DIRECTIONS]


def test_fa_2_1_2_every_map_sea_area_has_a_sea_box_of_sections_0_to_4(doc, seas):
    assert set(seas.areas) == set(doc["seas"])
    for area in seas.areas.values():
        assert [s.section for s in area.sections] == [0, 1, 2, 3, 4]
        assert all(s.search == s.section for s in area.sections)
        assert area.sections[0].bombardment_modifier is None          # 11.12.2
        assert all(s.bombardment_modifier is not None for s in area.sections[1:])


def test_fa_8_1_sea_areas_lie_in_a_weather_zone_of_their_hexes(doc, seas):
    assert seas.area("baltic").weather_zone == "north_temperate"       # printed in 8.1
    for area in seas.areas.values():
        assert area.weather_zone in {doc["hexes"][h]["weather_zone"] for h in area.hexes}


def test_fa_2_1_2_adjacency_is_symmetric_and_never_self(seas):
    for a, ns in seas.adjacency.items():
        assert a not in ns
        for b in ns:
            assert a in seas.adjacency[b], (a, b)


def test_fa_2_1_2_open_sea_areas_are_connected_and_only_the_caspian_is_landlocked(seas):
    landlocked = {a for a, area in seas.areas.items() if area.landlocked}
    assert landlocked == {"caspian"}
    assert seas.neighbours("caspian") == ()
    start = "north-sea"
    seen, todo = {start}, deque([start])
    while todo:
        for n in seas.neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(seas.areas) - landlocked


def test_fa_2_1_2_coastal_hexes_are_exactly_the_land_beside_each_area(doc, seas):
    hexes = doc["hexes"]
    for area in seas.areas.values():
        expected = {n for h in area.hexes for n in neighbours(h) if n in hexes and not hexes[n]["sea"]}
        assert set(area.coastal_hexes) == expected, area.id
        assert all(hexes[h]["coastal"] and not hexes[h]["sea"] for h in area.coastal_hexes)
        assert all(hexes[h]["sea_area"] == area.id for h in area.hexes)


def test_fa_11_3_2_2_every_port_is_a_real_coastal_hex_touching_its_areas(doc, seas):
    hexes = doc["hexes"]
    map_ports = {pid for pid, p in doc["places"].items() if p["port"]}
    assert map_ports <= set(seas.ports)
    estuary = {e["port"] for e in read_table()["estuary_ports"]}
    for port in seas.ports.values():
        h = hexes[port.hex]
        assert not h["sea"] and h["coastal"], port.id
        assert port.size in ("major", "minor") and port.areas, port.id
        touching = {hexes[n]["sea_area"] for n in neighbours(port.hex) if n in hexes and hexes[n]["sea"]}
        if port.id in estuary:
            assert touching == set() and len(port.areas) == 1
        else:
            assert set(port.areas) == touching, port.id
        for a in port.areas:
            assert port.id in seas.area(a).ports
        if port.id not in estuary:
            assert set(port.areas) <= {a for a in seas.areas if port.hex in seas.area(a).coastal_hexes}


def test_fa_11_3_5_6_scapa_flow_is_a_british_major_port_on_the_north_sea_and_atlantic(seas):
    scapa = seas.port("scapa_flow")
    assert (scapa.country, scapa.size) == ("britain", "major")
    assert set(scapa.areas) == {"north-sea", "atlantic"}
    assert "scapa_flow" in seas.bases_of("britain")


def test_fa_11_3_2_5_straits_the_rules_name_join_their_areas(doc, seas):
    turkish = seas.links_between("aegean", "black-sea")
    assert [lk.id for lk in turkish] == ["turkish-straits"]
    assert set(turkish[0].map_straits) == {"dardanelles", "bosporus"}
    assert "gallipoli" in turkish[0].protected_by                       # the Gelibolu minefield
    danish = {lk.id: lk for lk in seas.links_between("baltic", "north-sea")}
    assert set(danish) == {"danish-straits", "kiel-canal"}
    assert set(danish["danish-straits"].protected_by) == {"kiel", "copenhagen"}   # 11.3.2.5
    assert danish["kiel-canal"].map_canal == "kiel"
    gib = seas.links_between("atlantic", "mediterranean-west")
    assert [lk.id for lk in gib] == ["gibraltar"] and seas.port("gibraltar").country == "britain"
    suez = seas.links_between("mediterranean-east", "red-sea")
    assert [lk.restriction for lk in suez] == ["11.3.3.1"]
    assert "mediterranean-west" in seas.neighbours("atlantic")
    assert "black-sea" in seas.neighbours("aegean")
    assert "tyrrhenian" in seas.neighbours("mediterranean-central")     # Messina


def test_fa_11_3_2_1_naval_bases_are_ports_of_their_power_or_a_named_host(seas):
    assert seas.bases
    for base in seas.bases:
        owner = base.host or base.power
        assert seas.controls_port(owner, base.port), base
    assert {b.host for b in seas.bases if b.host} == {"austria_hungary"}   # Goeben at Pola
    for off in seas.off_map_bases.values():
        assert off.id not in seas.ports


def test_fa_8_2_1_4_iced_in_ports_are_northern_and_the_warm_water_bases_are_not(doc, seas):
    iced = {p.id for p in seas.ports.values() if p.iced}
    assert {"petrograd", "kronstadt", "helsingfors", "riga"} <= iced
    assert not iced & {"sevastopol", "toulon", "pola", "wilhelmshaven", "scapa_flow", "kiel"}
    for pid in iced:
        assert doc["hexes"][seas.port(pid).hex]["weather_zone"] in ("arctic", "north_temperate")


def test_fa_2_1_2_the_table_is_read_only_and_loads_once(seas):
    assert load_fa_seas() is seas
    with pytest.raises(TypeError):
        seas.areas["x"] = seas.areas["baltic"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        seas.area("baltic").weather_zone = "arctic"  # type: ignore[misc]


def _drop_link(t, lid):
    t["links"] = [lk for lk in t["links"] if lk["id"] != lid]


def _set_link(t, lid, **kw):
    next(lk for lk in t["links"] if lk["id"] == lid).update(kw)


BAD_TABLES = {
    "gibraltar removed cuts off the Mediterranean": (lambda t: _drop_link(t, "gibraltar"), "cut off"),
    "an area missing": (lambda t: t["areas"].pop(), "areas must list"),
    "a strait that does not reach its areas": (
        lambda t: _set_link(t, "gibraltar", via_ports=["toulon"]), "do not reach"),
    "an unknown hex": (lambda t: _set_link(t, "otranto", via_hexes=["9999"]), "not on map"),
    "a Mediterranean iced port": (lambda t: t["iced_ports"].append({"port": "toulon", "source": "x"}),
                                  "no ice forms"),
    "a base in another power's port": (
        lambda t: t["naval_bases"].append({"port": "toulon", "power": "germany", "source": "x"}),
        "not germany's"),
    "an off-map route between touching areas": (
        lambda t: t["links"].append({"id": "x", "kind": "off_map", "areas": ["atlantic", "north-sea"],
                                     "origin": "authored", "source": "x"}), "already touch"),
    "an estuary port with no area": (lambda t: t["estuary_ports"].pop(0), "reach no sea area"),
    "a wrong weather zone": (
        lambda t: t["areas"][0]["weather_zone"].update(zone="arctic"), "weather zone"),
    "section 0 that bombards": (
        lambda t: t["sections"]["rows"][0].update(bombardment_modifier=1), "section 0"),
}


@pytest.mark.parametrize("case", sorted(BAD_TABLES))
def test_fa_2_1_2_a_bad_table_raises_a_clear_error(doc, case):
    edit, message = BAD_TABLES[case]
    table = copy.deepcopy(read_table())
    edit(table)
    with pytest.raises(FaSeaError, match=message):
        build_fa_seas(doc, table)


def test_fa_11_3_2_the_rulebook_s_naval_examples_hold_on_our_areas(seas):
    # 11.3.2.2: ships in Amsterdam move directly into the North Sea
    assert seas.port("amsterdam").areas == ("north-sea",)
    # 11.3.4.2: Brest lies on both the English Channel and the Bay of Biscay
    assert set(seas.port("brest").areas) == {"english-channel", "bay-of-biscay"}
    # 11.3.2.1: from Alexandria into the Eastern Mediterranean, which touches the Red Sea
    # and the Central Mediterranean
    assert seas.port("alexandria").areas == ("mediterranean-east",)
    assert {"red-sea", "mediterranean-central"} <= set(seas.neighbours("mediterranean-east"))
