"""Truths about the Africa section of `twteaw-world` (TWTEAW "The Map", the cross-map table of the
African map section, the colonial table of "Colonial Restrictions", the objective tables; digest
§4.1 and §4.4), read from the compiled JSON: every African place the rulebook names exists with
what the rulebook says of it, every authored one says so and where it comes from, and the links
to the Europe sheet and to the sections not built yet are where the rulebook puts them."""
from __future__ import annotations

import pytest

from .test_map import doc, edge

# Names the rulebook gives on the Africa section (the cross-map table, the colonial table, the
# objectives and the national options), with what it says of their owner.
NAMED_AFRICAN_LAND = {"egypt": "britain", "suez-canal": "britain", "sudan": "britain",
                      "ethiopia": "ethiopia", "algeria": "france", "libya": "italy",
                      "spanish-morocco": "spain", "german-east-africa": "germany",
                      "cameroon": "germany", "south-africa": "britain"}
NAMED_AFRICAN_SEAS = ["cape-verde", "western-indian-ocean", "red-sea"]
# Colonial Restrictions' table: the minor colonies on this section.
MINOR_COLONIES = ["algeria", "german-east-africa", "south-africa"]
# The cross-map table: the African end of each link, and the other end.
CROSS_MAP = [("cape-verde", "southern-atlantic", "sea"), ("red-sea", "eastern-mediterranean", "sea"),
             ("red-sea", "palestine", "coast"), ("spanish-morocco", "seville", "strait"),
             ("suez-canal", "palestine", "strait"), ("eastern-mediterranean", "suez-canal", "coast"),
             ("eastern-mediterranean", "egypt", "coast"), ("eastern-mediterranean", "libya", "coast"),
             ("ionian-sea", "algeria", "coast"), ("ionian-sea", "libya", "coast"),
             ("western-mediterranean", "algeria", "coast"),
             ("western-mediterranean", "spanish-morocco", "coast"),
             # the Asian sheet (version 12, ruling 146)
             ("western-indian-ocean", "central-indian-ocean", "sea"), ("red-sea", "east-indian-ocean", "sea")]
# The cross-map table's link from Africa to North America (pending until version 13).
JOINED_LATER = [("cape-verde", "caribbean-sea", "north_america")]


def _africa() -> dict[str, dict]:
    return {a: v for a, v in doc()["areas"].items() if v["section"] == "africa"}


@pytest.mark.parametrize("aid,owner", sorted(NAMED_AFRICAN_LAND.items()))
def test_twteaw_map_africa_every_named_territory_exists_with_its_owner(aid, owner):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"], area["owner"]) == ("land", "africa", True, owner)
    assert area["value"] >= 1


@pytest.mark.parametrize("aid", NAMED_AFRICAN_SEAS)
def test_twteaw_map_africa_every_named_sea_zone_exists(aid):
    area = doc()["areas"][aid]
    assert (area["kind"], area["section"], area["named"]) == ("sea", "africa", True)


@pytest.mark.parametrize("aid", MINOR_COLONIES)
def test_twteaw_map_africa_colonial_table_minor_colonies(aid):
    assert doc()["areas"][aid]["colony"] == "minor"


@pytest.mark.parametrize("a,b,kind", CROSS_MAP)
def test_twteaw_map_africa_cross_map_table(a, b, kind):
    e = edge(a, b)
    assert e is not None and kind in e["flags"], (a, b, e)
    # both ends are on different sections exactly when the table says "another sheet"
    sections = {doc()["areas"][a]["section"], doc()["areas"][b]["section"]}
    assert ("cross_map" in e["flags"]) == (len(sections) == 2)


def test_twteaw_map_africa_cape_verde_joins_the_two_sheets_across_the_seam():
    """Cape Verde (Africa sheet) and the Southern Atlantic (Europe sheet) share no drawing: the
    edge is the rulebook's, stated both ways in the table."""
    e = edge("cape-verde", "southern-atlantic")
    assert e["flags"] == ["cross_map", "sea"] and e["source"] == "rulebook"
    assert doc()["areas"]["cape-verde"]["sheet"] == "africa"
    assert doc()["areas"]["southern-atlantic"]["sheet"] == "europe"


@pytest.mark.parametrize("a,b,section", JOINED_LATER)
def test_twteaw_map_africa_links_to_later_sections_are_joined(a, b, section):
    """Cape Verde's link to the Caribbean waited as pending until the North American sheet
    (version 13): it is now a stated cross-map edge."""
    assert not doc()["meta"]["pending_links"]
    assert doc()["areas"][b]["section"] == section
    assert edge(a, b)["flags"] == ["cross_map", "sea"]


def test_twteaw_map_africa_the_pending_list_names_no_built_area_pair():
    """A link whose two ends are both built is an edge, never pending (e.g. Cape Verde–Southern
    Atlantic was pending until this section)."""
    areas = doc()["areas"]
    for p in doc()["meta"]["pending_links"]:
        assert not (p["a"] in areas and p["b"] in areas), p


def test_twteaw_map_africa_edges_are_symmetric_in_the_rules_view():
    """Every edge is stored once (a < b) and the rules' index reads it both ways."""
    from engine.rulesets.twteaw.world import world

    w = world()
    for aid in _africa():
        for other, _kind in w.land_links.get(aid, ()):
            assert any(o == aid for o, _ in w.land_links[other]), (aid, other)
        for zone in w.coasts.get(aid, ()):
            assert aid in w.coasts[zone], (aid, zone)
        for zone in w.sea_links.get(aid, {}):
            assert aid in w.sea_links[zone], (aid, zone)


@pytest.mark.parametrize("a,b", [("egypt", "sudan"), ("sudan", "ethiopia"), ("sudan", "eritrea"),
                                 ("libya", "french-equatorial-africa"), ("algeria", "french-west-africa"),
                                 ("german-east-africa", "british-east-africa"),
                                 ("german-east-africa", "belgian-congo"), ("german-east-africa", "mozambique"),
                                 ("german-southwest-africa", "south-africa"), ("cameroon", "british-west-africa"),
                                 ("cameroon", "french-equatorial-africa"), ("angola", "belgian-congo")])
def test_twteaw_map_africa_1914_land_borders(a, b):
    """Authored from geography: the 1914 colonial borders the Great War's African campaigns
    crossed (Togoland and Kamerun, East Africa, South-West Africa) and the seam under Egypt."""
    assert edge(a, b)["flags"] == ["land"]


def test_twteaw_map_africa_the_seam_joins_the_mediterranean_shore_to_the_interior_by_land():
    """Sudan is drawn on both sheets (its strip north of 20°N under Egypt): one area, its home
    and anchor on the Africa sheet, so a land move from Cairo south is a plain border."""
    sudan = doc()["areas"]["sudan"]
    assert sudan["sheet"] == "africa"
    offset = next(s["offset"] for s in doc()["meta"]["sheets"] if s["id"] == "africa")
    assert sudan["anchor"][1] > offset[1]          # drawn on the Africa sheet, below Europe


@pytest.mark.parametrize("zone,shore", [("red-sea", "sudan"), ("red-sea", "eritrea"),
                                        ("western-indian-ocean", "german-east-africa"),
                                        ("western-indian-ocean", "british-east-africa"),
                                        ("cape-verde", "french-west-africa"),
                                        ("gulf-of-guinea", "cameroon"),
                                        ("cape-of-good-hope", "south-africa"),
                                        ("cape-of-good-hope", "german-southwest-africa"),
                                        ("mozambique-channel", "madagascar")])
def test_twteaw_map_africa_coasts(zone, shore):
    assert "coast" in edge(zone, shore)["flags"]


def test_twteaw_map_africa_ethiopia_is_landlocked():
    assert not doc()["areas"]["ethiopia"]["coastal"]


def test_twteaw_map_africa_every_unnamed_place_is_authored_with_its_source():
    for aid, area in _africa().items():
        if area["named"]:
            continue
        assert area["source"].startswith("authored"), aid
        if area["kind"] == "land":
            assert area["value_source"] == "authored" and area["owner_source"] == "history", aid


def test_twteaw_map_africa_every_territory_has_an_owner_nation_of_the_ruleset():
    from engine.rulesets.twteaw.nations import NATIONS

    for aid, area in _africa().items():
        if area["kind"] == "land":
            assert area["owner"] in NATIONS, aid


def test_twteaw_map_africa_no_industrial_complex_and_ports_are_coastal():
    for aid, area in _africa().items():
        if area["kind"] != "land":
            continue
        assert not area["ic"], aid
        assert not area["port"] or area["coastal"], aid


def test_twteaw_map_africa_one_svg_both_sheets():
    meta = doc()["meta"]
    # Asia: version 12; North America, right of Asia: version 13
    assert [s["id"] for s in meta["sheets"]] == ["europe", "africa", "asia", "north_america"]
    europe, africa, asia, na = meta["sheets"]
    assert europe["offset"] == [0, 0] and africa["offset"][1] >= europe["height"]
    assert meta["svg"]["height"] == max(africa["offset"][1] + africa["height"], asia["height"], na["height"])
    assert meta["svg"]["width"] == max(africa["width"], na["offset"][0] + na["width"])
    assert meta["sections_built"] == ["africa", "asia", "europe", "north_america"]


def test_twteaw_map_africa_ruling_129_french_africa_has_both_paths():
    """Ruling 129: the convoy example's "French Africa" (Morocco with Algeria) reaches France by
    the Southern Atlantic (Morocco's coast → the Bay of Biscay or the Middle Atlantic) and by the
    Western Mediterranean (Algeria's coast → the Gulf of Lyon), two zones each."""
    assert "coast" in edge("morocco", "southern-atlantic")["flags"]
    assert "coast" in edge("algeria", "western-mediterranean")["flags"]
    assert "sea" in edge("southern-atlantic", "bay-of-biscay")["flags"]
    assert "sea" in edge("western-mediterranean", "gulf-of-lyon")["flags"]
    assert "coast" in edge("bordeaux", "bay-of-biscay")["flags"] and "coast" in edge("marseille", "gulf-of-lyon")["flags"]
    for french in ("morocco", "algeria", "french-west-africa"):
        assert doc()["areas"][french]["owner"] == "france"
