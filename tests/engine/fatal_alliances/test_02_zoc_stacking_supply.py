"""FA 2.2 zones of control, 2.3 stacking, 2.4 supply, 2.5 control, 2.6 fractions."""

from fractions import Fraction

from engine.rulesets.fatal_alliances.charts import Weather
from engine.rulesets.fatal_alliances.combat import odds_drm
from engine.rulesets.fatal_alliances.numbers import round_fa
from engine.rulesets.fatal_alliances.position import map_of
from engine.rulesets.fatal_alliances.supply import supplied_hexes
from engine.rulesets.fatal_alliances.weather import weather_at
from engine.rulesets.fatal_alliances.zoc import enemy_zoc, is_legal_stack

from .positions import corps, division, hq, position, unit


def test_fa_2_2_corps_exerts_zoc_into_the_six_adjacent_hexes():
    s = position([corps("r", "russia", "4,2")])
    assert enemy_zoc(s, "germany") == {"4,2", "5,2", "5,1", "4,1", "3,2", "3,3", "4,3"}


def test_fa_2_2_division_and_artillery_cover_only_their_own_hex():
    s = position([division("r", "russia", "4,2"), unit("a", "russia", "5,3", type="ART")])
    assert enemy_zoc(s, "germany") == {"4,2", "5,3"}


def test_fa_2_2_no_zoc_across_straits():
    s = position([corps("r", "russia", "4,2")], straits=["3,2|4,2"])
    assert "3,2" not in enemy_zoc(s, "germany")
    assert "4,1" in enemy_zoc(s, "germany")


def test_fa_2_2_own_units_exert_no_zoc_against_their_own_side():
    s = position([corps("g", "germany", "1,1")])
    assert enemy_zoc(s, "germany") == frozenset()


STATE = position([])


def test_fa_2_3_two_units_plus_one_division_per_hex():
    a, b, c = corps("a", "germany", "1,1"), corps("b", "germany", "1,1"), corps("c", "germany", "1,1")
    d = division("d", "germany", "1,1")
    assert is_legal_stack(STATE, [a, b])
    assert is_legal_stack(STATE, [a, b, d])
    assert not is_legal_stack(STATE, [a, b, c])
    assert not is_legal_stack(STATE, [a, b, d, division("e", "germany", "1,1")])


def test_fa_2_3_non_co_operating_units_never_share_a_hex():
    s = position([])
    germans_and_austrians = [corps("a", "germany", "1,1"), corps("b", "austria_hungary", "1,1")]
    assert not is_legal_stack(s, [corps("a", "germany", "1,1"), corps("b", "russia", "1,1")])
    assert not is_legal_stack(s, germans_and_austrians)     # Austria-Hungary is neutral here
    s["board"]["active"].append("austria_hungary")
    assert is_legal_stack(s, germans_and_austrians)


def test_fa_2_4_basic_path_is_four_hexes_in_fine_weather_two_in_rain():
    features = {"0,2": ["city"]}
    fine = position([corps("g", "germany", "0,0")], features=features, width=9, split=9)
    supplied = supplied_hexes(fine, "germany")
    assert "4,2" in supplied and "5,2" not in supplied
    rain = position([corps("g", "germany", "0,0")], features=features, width=9, split=9,
                    weather="rain")
    supplied = supplied_hexes(rain, "germany")
    assert "2,2" in supplied and "3,2" not in supplied


def test_fa_2_4_snow_gives_three():
    s = position([], features={"0,2": ["city"]}, width=9, split=9, weather="snow")
    supplied = supplied_hexes(s, "germany")
    assert "3,2" in supplied and "4,2" not in supplied


def test_fa_2_4_enemy_zoc_blocks_a_path_unless_a_friendly_unit_is_there():
    # A two-row strip, city at 0,0; a Russian corps at 2,1 covers 2,0, 3,0 and 1,1: the
    # German at 3,0 may start in ZoC but its path may not pass through 2,0 or 1,1.
    feats = {"0,0": ["city"]}
    blocked = position([corps("r", "russia", "2,1"), corps("g", "germany", "3,0")],
                       features=feats, width=6, height=2, split=6)
    zoc = enemy_zoc(blocked, "germany")
    assert {"2,0", "3,0", "1,1"} <= zoc
    assert "3,0" not in supplied_hexes(blocked, "germany")
    opened = position([corps("r", "russia", "2,1"), corps("g", "germany", "3,0"),
                       corps("f", "germany", "2,0")], features=feats, width=6, height=2,
                      split=6)
    assert "3,0" in supplied_hexes(opened, "germany")


def test_fa_2_4_hq_is_a_secondary_source_linked_by_a_railway_path():
    # City at 0,2; HQ at 6,2 linked by rail (rail hexes do not count); unit at 9,2.
    rail = [[f"{q},2" for q in range(0, 7)]]
    feats = {"0,2": ["city"]}
    s = position([hq("h", "germany", "6,2"), corps("g", "germany", "9,2")], features=feats,
                 rail=rail, width=12, split=12)
    assert "9,2" in supplied_hexes(s, "germany")
    no_rail = position([hq("h", "germany", "6,2"), corps("g", "germany", "9,2")],
                       features=feats, width=12, split=12)
    assert "9,2" not in supplied_hexes(no_rail, "germany")


def test_fa_2_4_desert_hexes_count_double():
    feats = {"0,0": ["city"]}
    plain = position([], features=feats, width=8, height=1, split=8)
    assert "4,0" in supplied_hexes(plain, "germany")
    desert = position([], features=feats, width=8, height=1, split=8,
                      terrain={"1,0": "desert", "2,0": "desert"})
    supplied = supplied_hexes(desert, "germany")
    assert "2,0" in supplied and "3,0" not in supplied   # 3,0: 1 + 2 + 2 = 5


def test_fa_2_4_2_1_a_desert_hex_counts_when_the_path_enters_it_not_where_it_starts():
    """The path runs from the unit to the source: the source's hex is entered, the unit's is
    not. A unit on desert four hexes from a clear city is in supply (3 clear hexes and the
    city: 4); a unit on clear ground four hexes from a desert city is not (3 + 2 = 5)."""
    unit_on_desert = position([corps("g", "germany", "4,0")], features={"0,0": ["city"]},
                              width=8, height=1, split=8, terrain={"4,0": "desert"})
    assert "4,0" in supplied_hexes(unit_on_desert, "germany")
    city_on_desert = position([corps("g", "germany", "4,0")], features={"0,0": ["city"]},
                              width=8, height=1, split=8, terrain={"0,0": "desert"})
    assert "4,0" not in supplied_hexes(city_on_desert, "germany")
    assert "3,0" in supplied_hexes(city_on_desert, "germany")


def test_fa_2_4_2_1_desert_mountain_hexes_are_desert_for_supply_and_weather():
    s = position([], features={"0,0": ["city"]}, width=8, height=1, split=8, weather="rain",
                 terrain={"1,0": "desert_mountain"})
    m = map_of(s)
    assert weather_at(s, m, "1,0") == Weather.FINE     # FA 8.2.1.1: rain → fine
    assert weather_at(s, m, "2,0") == Weather.RAIN
    supplied = supplied_hexes(s, "germany")
    assert "1,0" in supplied
    assert "2,0" not in supplied     # rain: 2 hexes; its path enters 1,0 (2) and the city (1)


def test_fa_2_4_2_a_minors_own_cities_supply_its_units():
    """Serbian units in Serbia draw supply from Serbian cities (the audit found them out of
    supply at home): a minor's home country is a primary source for its own units."""
    serbia = {f"{q},{r}": "serbia" for q in range(5, 8) for r in range(3)}
    s = position([corps("sr", "serbia", "6,1")], width=8, height=3, split=4,
                 countries=serbia, features={"7,1": ["city", "capital"], "0,1": ["city"]})
    s["board"]["aligned"]["serbia"] = "russia"
    assert "6,1" in supplied_hexes(s, "serbia")
    # A German city is no source for Serbian units, nor a Serbian city for German ones.
    assert "6,1" not in supplied_hexes(s, "germany")


def test_fa_2_4_2_an_aligned_minors_capital_is_a_secondary_source_for_its_major():
    """Belgrade, linked by rail to a Russian city, supplies a Russian corps beside it."""
    serbia = {f"{q},0": "serbia" for q in range(5, 10)}
    feats = {"0,0": ["city"], "8,0": ["city", "capital"]}
    rail = [[f"{q},0" for q in range(0, 9)]]
    countries = {**{f"{q},0": "russia" for q in range(5)}, **serbia}
    s = position([corps("ru", "russia", "9,0")], width=10, height=1, split=0,
                 countries=countries, features=feats, rail=rail)
    assert "9,0" not in supplied_hexes(s, "russia")      # Serbia neutral: no source there
    s["board"]["aligned"]["serbia"] = "russia"
    assert "9,0" in supplied_hexes(s, "russia")


def test_fa_2_4_2_possessions_are_no_home_country_for_supply():
    """Cairo or Algiers supply nobody as primary sources: only the home country does."""
    feats = {"4,0": ["city"]}
    home = position([corps("g", "germany", "5,0")], features=feats, width=8, height=1,
                    split=8)
    assert "5,0" in supplied_hexes(home, "germany")
    possession = position([corps("g", "germany", "5,0")], features=feats, width=8, height=1,
                          split=8, possessions=[f"{q},0" for q in range(3, 8)])
    assert "5,0" not in supplied_hexes(possession, "germany")


def test_fa_2_6_rounding_half_up_negative_half_toward_zero():
    assert round_fa(Fraction(5, 2)) == 3
    assert round_fa(Fraction(-3, 2)) == -1
    assert round_fa(Fraction(-5, 2)) == -2
    assert round_fa(Fraction(7, 3)) == 2
    assert round_fa(Fraction(-7, 3)) == -2
    # FA 13.5.x worked example (offensive points): 10% of 4 is 0.4 → 0; of 15 is 1.5 → 2.
    assert round_fa(Fraction(4, 10)) == 0
    assert round_fa(Fraction(15, 10)) == 2


def test_fa_11_12_odds_use_the_highest_band_not_above_the_ratio():
    assert odds_drm(Fraction(5), Fraction(3)) == (3, "3:2")    # 1.67 → 3:2
    assert odds_drm(Fraction(3), Fraction(4)) == (1, "2:3")    # 0.75 → 2:3
    assert odds_drm(Fraction(1), Fraction(7)) == (-10, "1:6")  # below 1:5
    assert odds_drm(Fraction(23), Fraction(2)) == (20, "10:1")
    assert odds_drm(Fraction(2), Fraction(0)) == (20, "0 def")
