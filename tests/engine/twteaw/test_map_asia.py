"""Truths about the Asian section of `twteaw-world` (TWTEAW "The Map": the Asian map section's
cross-map table, the straits table and its passages, Afghanistan and Tibet, the colonial table
and the objective tables; rulings 146–153), read from the compiled JSON: every Asian place the
rulebook names exists with what the rulebook says of it, and the links to the Europe and Africa
sheets are where the cross-map table puts them."""
from __future__ import annotations

import pytest

from .test_map import doc, edge

# Names the rulebook gives on the Asian section, with the owner its rules (or 1914) give them.
NAMED_ASIAN_LAND = {"western-kazan": "russia", "urals-mts": "russia", "turkmen": "russia",
                    "afghanistan": "afghanistan", "pakistan": "britain", "india": "britain",
                    "tibet": "tibet", "korea": "japan", "tokyo": "japan", "hokkaido": "japan",
                    "sakhalin": "russia", "vladivostok": "russia", "kamchatka": "russia",
                    "jiazhou": "germany", "hong-kong": "britain", "indochina": "france",
                    "malaya": "britain", "sumatra": "netherlands", "java": "netherlands",
                    "philippines": "usa", "kaiser-wilhelm-land": "germany",
                    "german-far-east": "germany", "australia": "britain", "new-zealand": "britain"}
NAMED_ASIAN_SEAS = ["coral-sea", "bismark-sea", "central-pacific-ocean", "northern-pacific-ocean",
                    "sea-of-okhotsk", "central-indian-ocean", "east-indian-ocean", "java-sea",
                    "celebes-sea", "south-china-sea", "philippine-sea"]
# The cross-map table's links from the Asian sheet to the built ones (both ends, the flag).
CROSS_MAP = [("east-indian-ocean", "persian-gulf", "sea"), ("east-indian-ocean", "red-sea", "sea"),
             ("central-indian-ocean", "western-indian-ocean", "sea"),
             ("pakistan", "ahvaz", "land"), ("afghanistan", "tehran", "land"),
             ("turkmen", "tehran", "land"), ("western-kazan", "kazan", "land"),
             ("western-kazan", "volgograd", "land"), ("urals-mts", "perm", "land"),
             ("urals-mts", "nizhniy", "land"), ("urals-mts", "kazan", "land")]
# ... and to the North American sheet (pending until version 13).
TO_NORTH_AMERICA = [("coral-sea", "gulf-of-tehuantepec"), ("bismark-sea", "middle-pacific-ocean"),
           ("central-pacific-ocean", "middle-pacific-ocean"),
           ("northern-pacific-ocean", "bristol-bay"), ("northern-pacific-ocean", "eastern-pacific-ocean"),
           ("sea-of-okhotsk", "bristol-bay")]


def _asia() -> dict[str, dict]:
    return {a: v for a, v in doc()["areas"].items() if v["section"] == "asia"}


@pytest.mark.parametrize("aid,owner", sorted(NAMED_ASIAN_LAND.items()))
def test_twteaw_map_asia_every_named_territory_exists_with_its_owner(aid, owner):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"], area["owner"]) == ("land", "asia", True, owner)
    assert area["value"] >= 1 and area["sheet"] == "asia"


@pytest.mark.parametrize("aid", NAMED_ASIAN_SEAS)
def test_twteaw_map_asia_every_named_sea_zone_exists(aid):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"]) == ("sea", "asia", True)


def test_twteaw_map_asia_every_area_says_where_it_comes_from():
    for aid, area in _asia().items():
        assert area["source"].startswith(("rulebook", "authored")), aid
        if area["kind"] == "land":
            assert area["owner_source"] in ("rulebook", "history"), aid
            assert area["value_source"] == "authored", aid


@pytest.mark.parametrize("a,b,kind", CROSS_MAP)
def test_twteaw_map_asia_cross_map_table(a, b, kind):
    """Ruling 146: the Asian sheet joins the Europe and Africa sheets only by the table's links,
    each stated (the sheets share no drawing)."""
    e = edge(a, b)
    assert e is not None and e["flags"] == sorted(["cross_map", kind]), (a, b, e)
    assert e["source"] == "rulebook"


@pytest.mark.parametrize("a,b", TO_NORTH_AMERICA)
def test_twteaw_map_asia_links_to_north_america_are_joined(a, b):
    """The Pacific rows waited as pending until the North American sheet (version 13)."""
    e = edge(a, b)
    assert e is not None and e["flags"] == ["cross_map", "sea"] and e["source"] == "rulebook"
    assert doc()["areas"][b]["section"] == "north_america"


def test_twteaw_map_asia_no_link_to_the_asian_sheet_is_pending():
    assert not [p for p in doc()["meta"]["pending_links"] if p["section"] == "asia"]


def test_twteaw_map_asia_no_geographic_edge_crosses_the_seams():
    """Ruling 146: the masks keep each square kilometre on one sheet, so no Asian area borders a
    Europe or Africa area except by a stated cross-map link."""
    areas = doc()["areas"]
    for e in doc()["edges"]:
        ends = {areas[e["a"]]["section"] == "asia", areas[e["b"]]["section"] == "asia"}
        if ends == {True, False}:
            assert "cross_map" in e["flags"] and e["source"] == "rulebook", e


@pytest.mark.parametrize("a,b", [("sumatra", "java"), ("tokyo", "hokkaido"), ("hokkaido", "sakhalin")])
def test_twteaw_map_asia_straits_table(a, b):
    assert "strait" in edge(a, b)["flags"]


@pytest.mark.parametrize("a,b,by", [("java-sea", "celebes-sea", ["java", "sumatra"]),
                                    ("south-china-sea", "philippine-sea", ["philippines"])])
def test_twteaw_map_asia_gated_passages(a, b, by):
    """The straits' general note: a holder of Sumatra or Java closes the Java–Celebes Sea
    passage to surface ships, the Philippines' holder the South China–Philippine Sea one."""
    gates = edge(a, b)["gates"]
    assert [(g["by"], g["scope"]) for g in gates] == [(by, "surface")]


@pytest.mark.parametrize("aid", ["afghanistan", "tibet"])
def test_twteaw_map_afghanistan_and_tibet_are_mountains_for_infantry_only(aid):
    assert {"mountains", "infantry_only"} <= set(doc()["areas"][aid]["flags"])
    assert not doc()["areas"][aid]["coastal"]


@pytest.mark.parametrize("a,b", [("india", "pakistan"), ("pakistan", "afghanistan"),
                                 ("afghanistan", "turkestan"), ("tibet", "india"), ("tibet", "xinjiang"),
                                 ("korea", "manchuria"), ("manchuria", "vladivostok"),
                                 ("indochina", "siam"), ("indochina", "canton"), ("burma", "siam"),
                                 ("jiazhou", "peking"), ("hong-kong", "canton"),
                                 ("kaiser-wilhelm-land", "papua"), ("omsk", "urals-mts")])
def test_twteaw_map_asia_1914_land_borders(a, b):
    assert edge(a, b)["flags"] == ["land"]


@pytest.mark.parametrize("zone,shore", [("yellow-sea", "jiazhou"), ("central-pacific-ocean", "german-far-east"),
                                        ("bismark-sea", "kaiser-wilhelm-land"), ("south-china-sea", "hong-kong"),
                                        ("south-china-sea", "indochina"), ("east-indian-ocean", "pakistan"),
                                        ("bay-of-bengal", "calcutta"), ("sea-of-japan", "vladivostok"),
                                        ("coral-sea", "australia"), ("tasman-sea", "new-zealand"),
                                        ("java-sea", "java"), ("sea-of-okhotsk", "kamchatka")])
def test_twteaw_map_asia_coasts(zone, shore):
    assert "coast" in edge(zone, shore)["flags"]


@pytest.mark.parametrize("aid,colony", [("india", "major"), ("australia", "major"), ("new-zealand", "minor")])
def test_twteaw_map_asia_colonial_table(aid, colony):
    assert doc()["areas"][aid]["colony"] == colony


def test_twteaw_map_asia_the_sheet_stands_right_of_europe():
    sheets = {s["id"]: s for s in doc()["meta"]["sheets"]}
    europe, asia = sheets["europe"], sheets["asia"]
    assert asia["offset"][0] >= europe["offset"][0] + europe["width"] and asia["offset"][1] == 0
    for aid in _asia():
        x = doc()["areas"][aid]["anchor"][0]
        assert x >= asia["offset"][0], aid
