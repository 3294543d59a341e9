"""Truths about the North American section of `twteaw-world` (TWTEAW "The Map": the North
American map section's cross-map table, the straits' general note on Panama, the USW table's US
zones and territories, the Commonwealth and the colonial table, the objective tables; version
13, rulings 155–158), read from the compiled JSON: every North American place the rulebook names
exists with what the rulebook says of it, and the links to the Europe, Africa and Asian sheets
are where the cross-map table puts them."""
from __future__ import annotations

import pytest

from .test_map import doc, edge

# Names the rulebook gives on the North American section, with the owner its rules give them.
NAMED_LAND = {"east-coast": "usa", "la": "usa", "southwest": "usa", "panama-canal": "usa",
              "canada": "britain", "mexico": "mexico"}
NAMED_SEAS = ["bristol-bay", "eastern-pacific-ocean", "middle-pacific-ocean", "gulf-of-tehuantepec",
              "gulf-of-mexico", "hudson-bay", "western-atlantic", "caribbean-sea",
              "us-atlantic-coast", "us-pacific-coast"]
# The cross-map table's North American rows (both ends, the far sheet).
CROSS_MAP = [("bristol-bay", "sea-of-okhotsk", "asia"), ("bristol-bay", "northern-pacific-ocean", "asia"),
             ("eastern-pacific-ocean", "northern-pacific-ocean", "asia"),
             ("middle-pacific-ocean", "central-pacific-ocean", "asia"),
             ("middle-pacific-ocean", "bismark-sea", "asia"), ("gulf-of-tehuantepec", "coral-sea", "asia"),
             ("hudson-bay", "northern-atlantic", "europe"), ("hudson-bay", "middle-atlantic", "europe"),
             ("western-atlantic", "middle-atlantic", "europe"),
             ("western-atlantic", "southern-atlantic", "europe"),
             ("caribbean-sea", "southern-atlantic", "europe"), ("caribbean-sea", "cape-verde", "africa")]


def _north_america() -> dict[str, dict]:
    return {a: v for a, v in doc()["areas"].items() if v["section"] == "north_america"}


@pytest.mark.parametrize("aid,owner", sorted(NAMED_LAND.items()))
def test_twteaw_map_north_america_every_named_territory_exists_with_its_owner(aid, owner):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"], area["owner"]) == (
        "land", "north_america", True, owner)
    assert area["value"] >= 1 and area["sheet"] == "north_america"


@pytest.mark.parametrize("aid", NAMED_SEAS)
def test_twteaw_map_north_america_every_named_sea_zone_exists(aid):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"]) == ("sea", "north_america", True)


def test_twteaw_map_north_america_every_area_says_where_it_comes_from():
    for aid, area in _north_america().items():
        assert area["source"].startswith(("rulebook", "authored")), aid
        if area["kind"] == "land":
            assert area["owner_source"] in ("rulebook", "history"), aid
            assert area["value_source"] in ("derived", "authored"), aid


@pytest.mark.parametrize("a,b,sheet", CROSS_MAP)
def test_twteaw_map_north_america_cross_map_table(a, b, sheet):
    """Ruling 155: the North American sheet joins the others only by the table's links, each
    stated (the sheets share no drawing)."""
    e = edge(a, b)
    assert e is not None and e["flags"] == ["cross_map", "sea"], (a, b, e)
    assert e["source"] == "rulebook" and doc()["areas"][b]["section"] == sheet


def test_twteaw_map_north_america_no_link_is_pending_any_more():
    """All four sections are built: nothing in the cross-map table waits for a sheet."""
    assert doc()["meta"]["pending_links"] == []


def test_twteaw_map_north_america_no_geographic_edge_crosses_the_seams():
    areas = doc()["areas"]
    for e in doc()["edges"]:
        ends = {areas[e["a"]]["section"] == "north_america", areas[e["b"]]["section"] == "north_america"}
        if ends == {True, False}:
            assert "cross_map" in e["flags"] and e["source"] == "rulebook", e


def test_twteaw_map_passages_panama_the_us_holds_it_between_the_two_gulfs():
    """The straits' general note: "US can disallow all naval movement through Panama Canal —
    between Gulf of Mexico and Gulf of Tehuantepec": a gate of all naval movement held by the
    Panama Canal, an American territory coastal on both gulfs."""
    gates = edge("gulf-of-mexico", "gulf-of-tehuantepec")["gates"]
    assert [(g["by"], g["scope"], g["rule"]) for g in gates] == [(["panama-canal"], "all", "closable")]
    assert doc()["areas"]["panama-canal"]["owner"] == "usa"
    for zone in ("gulf-of-mexico", "gulf-of-tehuantepec"):
        assert "coast" in edge(zone, "panama-canal")["flags"]


@pytest.mark.parametrize("zone,shore", [("us-atlantic-coast", "east-coast"), ("us-pacific-coast", "la")])
def test_twteaw_map_north_america_usw_zones_touch_their_territories(zone, shore):
    """The USW table's US row: the US Atlantic and Pacific Coasts off the East Coast and LA."""
    assert "coast" in edge(zone, shore)["flags"]


def test_twteaw_map_north_america_usw_damage_is_the_two_territories_value():
    """Ruling 155: the USW table's 76 for the USA is the East Coast's and LA's values together,
    as every other row's cap is its one territory's printed value (London 31, Hamburg 15)."""
    areas = doc()["areas"]
    assert areas["east-coast"]["value"] + areas["la"]["value"] == 76
    assert (areas["london"]["value"], areas["hamburg"]["value"]) == (31, 15)


@pytest.mark.parametrize("a,b", [("southwest", "northern-mexico"), ("southwest", "la"),
                                 ("east-coast", "canada"), ("canada", "prairies"),
                                 ("prairies", "british-columbia"), ("british-columbia", "pacific-northwest"),
                                 ("alaska", "northern-canada"), ("alaska", "british-columbia"),
                                 ("mexico", "northern-mexico"), ("mexico", "central-america"),
                                 ("central-america", "panama-canal"), ("the-south", "east-coast"),
                                 ("the-south", "southwest"), ("great-plains", "southwest"),
                                 ("maritimes", "canada")])
def test_twteaw_map_north_america_land_borders(a, b):
    assert edge(a, b)["flags"] == ["land"]


@pytest.mark.parametrize("zone,shore", [("bristol-bay", "alaska"), ("eastern-pacific-ocean", "alaska"),
                                        ("eastern-pacific-ocean", "british-columbia"),
                                        ("us-pacific-coast", "pacific-northwest"),
                                        ("middle-pacific-ocean", "hawaii"), ("gulf-of-tehuantepec", "mexico"),
                                        ("gulf-of-tehuantepec", "central-america"), ("gulf-of-mexico", "southwest"),
                                        ("gulf-of-mexico", "the-south"), ("gulf-of-mexico", "cuba"),
                                        ("gulf-of-mexico", "mexico"), ("caribbean-sea", "hispaniola"),
                                        ("caribbean-sea", "puerto-rico"), ("caribbean-sea", "french-west-indies"),
                                        ("hudson-bay", "canada"), ("hudson-bay", "newfoundland"),
                                        ("western-atlantic", "newfoundland"), ("hudson-bay", "maritimes"),
                                        ("us-atlantic-coast", "the-south")])
def test_twteaw_map_north_america_coasts(zone, shore):
    assert "coast" in edge(zone, shore)["flags"]


@pytest.mark.parametrize("a,b", [("bristol-bay", "eastern-pacific-ocean"), ("eastern-pacific-ocean", "us-pacific-coast"),
                                 ("eastern-pacific-ocean", "middle-pacific-ocean"),
                                 ("middle-pacific-ocean", "gulf-of-tehuantepec"),
                                 ("us-pacific-coast", "gulf-of-tehuantepec"), ("gulf-of-mexico", "caribbean-sea"),
                                 ("gulf-of-mexico", "us-atlantic-coast"), ("caribbean-sea", "western-atlantic"),
                                 ("us-atlantic-coast", "western-atlantic"), ("western-atlantic", "hudson-bay")])
def test_twteaw_map_north_america_sea_adjacencies(a, b):
    assert "sea" in edge(a, b)["flags"]


@pytest.mark.parametrize("aid", ["canada", "maritimes", "prairies", "british-columbia", "northern-canada"])
def test_twteaw_map_north_america_colonial_table_canada_is_a_major_colony(aid):
    assert doc()["areas"][aid]["colony"] == "major"


def test_twteaw_map_north_america_the_usa_has_its_capital_and_industry_at_home():
    areas = doc()["areas"]
    assert areas["east-coast"]["capital"] and areas["east-coast"]["ic"] and areas["east-coast"]["port"]
    assert areas["la"]["ic"] and areas["mexico"]["capital"]


def test_twteaw_map_north_america_the_sheet_stands_right_of_asia():
    sheets = {s["id"]: s for s in doc()["meta"]["sheets"]}
    asia, na = sheets["asia"], sheets["north_america"]
    assert na["offset"][0] >= asia["offset"][0] + asia["width"] and na["offset"][1] == 0
    for aid in _north_america():
        assert doc()["areas"][aid]["anchor"][0] >= na["offset"][0], aid
