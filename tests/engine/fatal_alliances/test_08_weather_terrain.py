"""FA 8 weather and the terrain effects chart (movement)."""

from engine.board import load_map_file
from engine.rulesets.fatal_alliances.charts import Weather
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.position import game_map
from engine.rulesets.fatal_alliances.terrain import fa_terrain, move_cost
from engine.rulesets.fatal_alliances.weather import chart_row, roll_weather, weather_at

from .positions import Dice, corps, grid_map, position


def test_fa_8_worked_example_storm_in_the_north_monsoon_zone():
    # FA 8 example: first J/A impulse, roll 8 after a two-asterisk roll → 10: storm in the
    # north monsoon zone, fine everywhere else.
    zones, asterisks, advance = chart_row("J/A", 8 + 2)
    assert zones["north_monsoon"] == "storm"
    assert {z: w for z, w in zones.items() if z != "north_monsoon"} == {
        z: "fine" for z in zones if z != "north_monsoon"}


def test_fa_8_asterisks_add_to_the_next_roll_even_across_turns():
    s = position([])
    s["flow"]["turn_name"] = "J/A"
    s["flow"]["weather"]["asterisks"] = 2
    roll_weather(s, Dice(8))
    assert s["flow"]["weather"]["modified"] == 10
    assert s["flow"]["weather"]["zones"]["north_monsoon"] == "storm"


def test_fa_8_2_rain_doubles_movement_cost_snow_does_not():
    name = grid_map(terrain={"2,2": "forest"})
    m = game_map(name)
    assert move_cost(m, "1,2", "2,2", "INF", Weather.FINE) == 2
    assert move_cost(m, "1,2", "2,2", "INF", Weather.RAIN) == 4
    assert move_cost(m, "1,2", "2,2", "INF", Weather.SNOW) == 2
    assert move_cost(m, "1,2", "2,2", "MOT", Weather.FINE) == 3


def test_fa_8_2_1_swamp_counts_as_forest_and_lakes_freeze_in_snow():
    name = grid_map(terrain={"2,2": "marsh", "3,2": "lake"})
    m = game_map(name)
    assert fa_terrain(m, "2,2", Weather.FINE) == "swamp"
    assert fa_terrain(m, "2,2", Weather.BLIZZARD) == "forest"
    assert move_cost(m, "2,2", "3,2", "INF", Weather.FINE) is None
    assert move_cost(m, "2,2", "3,2", "INF", Weather.SNOW) == 1


def test_fa_8_2_1_desert_converts_the_weather():
    s = position([], terrain={"2,2": "desert"}, weather="storm")
    m = game_map(s["board"]["map"])
    assert weather_at(s, m, "2,2") == Weather.RAIN
    assert weather_at(s, m, "1,2") == Weather.STORM


def test_fa_11_9_2_mountains_cost_three_and_lakes_cannot_be_entered():
    s = position([corps("g", "germany", "0,2", ma=3)],
                 terrain={"1,2": "mountain", "1,1": "lake", "1,3": "lake", "0,1": "lake",
                          "0,3": "lake"}, width=4, split=4)
    dest = destinations(s, ["g"])
    assert dest["1,2"] == {"cost": 3, "flip": False}
    assert "1,1" not in dest


def test_fa_window_map_matches_fa_europe_when_compiled():
    import pytest

    from engine.board import COMPILED_DIR
    if not (COMPILED_DIR / "fa-europe.json").is_file():
        pytest.skip("fa-europe is not compiled yet")
    full = load_map_file(COMPILED_DIR / "fa-europe.json")
    window = game_map("fa-east-prussia")
    changed = [h for h in window.ids if h not in full.index
               or full.hex(h).terrain != window.hex(h).terrain]
    assert not changed, f"regenerate the East Prussia window: {changed[:5]}"
