"""FA 8 weather and the terrain effects chart (movement)."""

from engine.board import load_map_file
from engine.rulesets.fatal_alliances.charts import ZONES, Weather
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.position import game_map
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.terrain import fa_terrain, move_cost
from engine.rulesets.fatal_alliances.victory import after_victory, start_turn
from engine.rulesets.fatal_alliances.weather import chart_row, weather_at, weather_step

from .positions import Dice, corps, grid_map, position


def test_fa_8_worked_example_storm_in_the_north_monsoon_zone_from_the_real_chain():
    """FA 8 example: the last weather roll of the M/J turn is a 1, which carries two
    asterisks on the chart; the first roll of the J/A turn, an 8, becomes 10: storm in the
    north monsoon zone, fine in all the others. Played by the weather step and the turn's
    change, nothing set by hand but the dice."""
    s = position([])
    s["flow"].update(turn=3, turn_name="M/J", year=1915, start_index=0, start_year=1915,
                     impulse=5)
    weather_step(s, Dice(1))                         # impulse 5 opens the M/J turn's last pair
    assert s["flow"]["weather"]["asterisks"] == 2
    s["flow"]["impulse"] = 6
    assert weather_step(s, Dice()) == []             # the pair's second impulse: no roll
    assert after_victory(s) == Step.TURN_START.value
    start_turn(s, Dice())
    assert s["flow"]["turn_name"] == "J/A"
    s["flow"]["impulse"] = 1
    weather_step(s, Dice(8))
    w = s["flow"]["weather"]
    assert (w["roll"], w["modified"]) == (8, 10)
    assert w["zones"] == {"arctic": "fine", "mediterranean": "fine", "north_monsoon": "storm",
                          "north_temperate": "fine", "south_monsoon": "fine",
                          "south_temperate": "fine"}


def test_fa_8_1_the_chart_has_the_six_zones_and_the_south_has_its_own_seasons():
    assert ZONES == ("north_temperate", "mediterranean", "arctic", "north_monsoon",
                     "south_monsoon", "south_temperate")
    winter_south, _, _ = chart_row("J/A", 1)
    summer_south, _, _ = chart_row("J/F", 1)
    assert winter_south["south_temperate"] == "snow" and summer_south["south_temperate"] == "fine"
    assert chart_row("J/F", 12)[0]["south_monsoon"] == "storm"   # the wet season


def test_fa_22_3_the_1914_campaign_inherits_the_asterisks_of_weather_roll_five():
    from engine.rulesets.fatal_alliances.campaign import campaign_spec
    from engine.rulesets.fatal_alliances.setup import asterisks_before
    assert campaign_spec()["weather_before"] == ["M/J", 5]
    assert asterisks_before(campaign_spec()) == chart_row("M/J", 5)[1] == 0


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
