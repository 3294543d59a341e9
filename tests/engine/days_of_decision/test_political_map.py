"""DoD 2.2 — the political map, slice one (`dod-political`): what the rules and the catalogue
name exists, and its numbers agree with what the ruleset already uses. RULINGS 113-117."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.maps import compiled_path
from engine.maps.compile_inputs import DATA
from engine.maps.political import PoliticalMapError, build_political, compile_political
from engine.rulesets.days_of_decision.military import CONQUEST_LEVEL
from engine.rulesets.days_of_decision.minors import FORCES, MINORS
from engine.rulesets.days_of_decision.national_common import SETUP_MARKERS
from engine.rulesets.days_of_decision.powers import POWERS
from engine.rulesets.days_of_decision.world import MAP_NAME, OBJECTIVES, political_map

# Territories the rulebook's text names (rule or example), as map ids.
NAMED_BY_THE_RULES = {
    "DoD 2.2 (the Marshall Is. one territory)": ["marshall_islands"],
    "DoD 3.2 (Ethiopia, Eritrea, Central America)": ["ethiopia", "eritrea", "central_america"],
    "DoD 9.3.1 example": ["poland", "germany", "austria", "italy", "libya", "canada", "united_kingdom"],
    "DoD 9.3.2 example": ["bessarabia", "rumania", "bulgaria", "transylvania"],
    "DoD 10.1 (home countries)": ["siberia", "united_kingdom", "western_usa"],
    "DoD 12.1 example": ["france", "belgium", "rhineland", "savoy", "southern_france", "spain", "russia"],
    "DoD 8.7.2 MP 5 Vichy example": ["egypt"],
    "DoD 8.7.2 RU 4 land claims": ["bessarabia", "eastern_poland"],
}
# Territories each national option of the catalogue names (its prerequisites or effect).
NAMED_BY_THE_OPTIONS = {
    "GE6": ["rhineland"], "FR6": ["rhineland"], "GE7": ["austria"], "IT7": ["austria"],
    "GE8": ["sudetenland"], "GE9": ["bohemia", "slovakia"], "GE10": ["danzig_corridor", "poland"],
    "GE11": ["ukraine"], "GE13": ["transylvania", "south_dobruja", "hungary", "bulgaria"],
    "GE14": ["rumania"], "IT6": ["savoy", "corsica", "tunisia"], "FR7": ["savoy"],
    "IT8": ["albania"], "CW8": ["india"], "JA7": ["manchuria"], "US7": ["hawaii"],
}
# DoD 4's objectives whose territories are not in slice one (ruling 113).
OBJECTIVES_NOT_YET_PLACED = {"Baghdad", "Buenos Aires", "Mexico City", "Oslo", "Riyadh",
                             "Sao Paulo", "Teheran"}


def test_dod_2_2_ruling_113_every_territory_the_rules_and_the_catalogue_name_exists():
    territories = political_map().territories
    for cite, ids in {**NAMED_BY_THE_RULES, **NAMED_BY_THE_OPTIONS}.items():
        missing = [t for t in ids if t not in territories]
        assert not missing, f"{cite}: {missing}"
    for cite, ids in NAMED_BY_THE_RULES.items():
        assert all(territories[t].sources["owner"].startswith(("printed", "inferred"))
                   or territories[t].owner in POWERS for t in ids), cite


def test_dod_2_2_every_power_and_display_minor_has_a_home_country_with_one_capital():
    world = political_map()
    for holder in (*POWERS, *MINORS):
        home = world.home_country(holder)
        assert home, holder
        capitals = [world.territories[t].capital for t in home if world.territories[t].capital]
        assert len(capitals) == 1, (holder, capitals)


def test_dod_10_1_ruling_114_production_at_the_start_is_the_flat_income():
    """The 1936 territories with the 2.3 set-up markers (counted in the minors since version
    24, ruling 144) make the old flat figure in production points."""
    world = political_map()
    for power, info in POWERS.items():
        markers = sum(held.get(power, 0) for held in SETUP_MARKERS.values())
        assert world.production(power, (), markers) == info.income, power


def test_dod_12_1_ruling_115_home_levels_add_up_to_the_conquest_levels():
    world = political_map()
    for power, level in CONQUEST_LEVEL.items():
        assert world.home_level(power) == level, power
    assert world.home_country("CW") == ["united_kingdom"]          # 10.1, 12.3: the UK only
    for minor, forces in FORCES.items():
        assert world.home_level(minor) == forces.conquest_level, minor
    assert world.territories["spain"].sources["level"] == "printed 9.5 example"


def test_dod_4_ruling_113_objectives_are_the_printed_names_each_in_one_territory():
    assert len(OBJECTIVES) == len(set(OBJECTIVES)) == 67
    placed = [o for t in political_map().territories.values() for o in t.objectives]
    assert len(placed) == len(set(placed))
    assert set(placed) <= set(OBJECTIVES)
    assert set(OBJECTIVES) - set(placed) == OBJECTIVES_NOT_YET_PLACED


def test_dod_2_2_every_value_names_its_provenance():
    for tid, info in political_map().territories.items():
        assert set(info.sources) == {"owner", "home", "start_control", "resources", "factories",
                                     "level", "capital", "objectives"}, tid
        for field, source in info.sources.items():
            assert source.split(" ", 1)[0] in ("printed", "inferred", "authored"), (tid, field)


def test_dod_8_7_2_ruling_116_117_the_1936_holders_of_the_option_territories():
    world = political_map().territories
    assert world["rhineland"].owner == "GE" and not world["rhineland"].home
    assert world["rhineland"].start_control is None                 # ruling 116
    assert world["sudetenland"].owner == "czechoslovakia"
    assert world["danzig_corridor"].owner == "poland"               # ruling 117
    assert world["austria"].owner == "austria" and world["austria"].home
    assert {world[t].owner for t in ("savoy", "corsica", "tunisia")} == {"FR"}
    assert "Marseilles" in world["savoy"].objectives and world["savoy"].factories == 1  # IT 6
    assert world["hawaii"].owner == "US" and not world["hawaii"].home  # US 7
    assert "Honolulu" in world["hawaii"].objectives
    assert world["ukraine"].factory_colour == "blue"               # GE 11


def test_dod_12_1_the_borders_the_book_s_examples_use():
    borders = political_map().borders
    assert {"belgium", "rhineland", "savoy", "italy", "germany", "southern_france", "spain"} \
        <= set(borders["france"])                                   # 12.1 examples
    assert "austria" in borders["germany"] and "italy" in borders["austria"]  # 9.3.1 example
    assert "ethiopia" in borders["eritrea"]                          # 3.2
    for a, near in borders.items():
        assert all(a in borders[b] for b in near), a


# --- the compiler ------------------------------------------------------------------------------

def test_dod_2_2_the_committed_map_is_the_compiled_tables(tmp_path):
    build_political(MAP_NAME, out_dir=tmp_path / "a")
    build_political(MAP_NAME, out_dir=tmp_path / "b")
    first = (tmp_path / "a" / f"{MAP_NAME}.json").read_bytes()
    assert first == (tmp_path / "b" / f"{MAP_NAME}.json").read_bytes()
    assert first == compiled_path(MAP_NAME).read_bytes(), "run: python -m engine.maps build dod-political"


def _tables(tmp_path: Path) -> Path:
    folder = tmp_path / "dod"
    shutil.copytree(DATA / "dod", folder)
    return folder


@pytest.mark.parametrize("edit, message", [
    (("territories.csv", "authored ruling 114", "guessed"), "provenance"),
    (("edges.csv", "eritrea,ethiopia", "eritrea,atlantis"), "unknown territory"),
    (("territories.csv", "Rome|Milan", "Rome|Milan|Paris"), "objective 'Paris'"),
    (("edges.csv", "france,spain,land", "france,spain,tunnel"), "kind"),
])
def test_dod_2_2_a_bad_table_is_refused_and_nothing_written(tmp_path, edit, message):
    folder = _tables(tmp_path)
    name, old, new = edit
    path = folder / name
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PoliticalMapError, match=message):
        build_political(MAP_NAME, out_dir=tmp_path / "out", tables=folder)
    assert not (tmp_path / "out").exists()
    assert compile_political(MAP_NAME)["meta"]["kind"] == "political"
