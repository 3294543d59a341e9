"""FA 8 — weather: one roll per pair of impulses, read on the (authored) weather chart."""

from __future__ import annotations

from typing import Any

from engine.board import Map
from engine.kernel import Event, Roller

from .charts import WEATHER_CHART, ZONES, Weather

DEFAULT_ZONE = "north_temperate"
# FA 8.2.1.1 — desert and desert-mountain hexes convert the zone's weather.
DESERT_TERRAIN = frozenset({"desert", "desert_mountain"})
DESERT_WEATHER = {Weather.BLIZZARD: Weather.SNOW, Weather.STORM: Weather.RAIN,
                  Weather.RAIN: Weather.FINE, Weather.SNOW: Weather.FINE,
                  Weather.FINE: Weather.FINE}


def chart_row(turn_name: str, modified_roll: int) -> tuple[dict[str, str], int, int]:
    """FA 8 — the chart row for a modified roll (clamped to 1..12): weather in each of the six
    zones (FA 8.1), asterisks and the circled impulse-advance number."""
    row = WEATHER_CHART[turn_name][max(1, min(12, modified_roll)) - 1]
    zones, asterisks, advance = row
    weather = {zone: w.value for zone, w in zip(ZONES, zones, strict=True)}
    return dict(sorted(weather.items())), asterisks, advance


def roll_weather(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 8 — the first side rolls a d10 for the pair, +1/+2 after an asterisked roll (even
    one from the previous turn)."""
    flow = state["flow"]
    w = flow["weather"]
    die = roller.d(10, "weather")
    modified = die + w["asterisks"]
    zones, asterisks, advance = chart_row(flow["turn_name"], modified)
    w.update(roll=die, modified=modified, zones=zones, asterisks=asterisks, advance=advance)
    return [Event("weather_rolled", "FA 8", {"roll": die, "modified": modified,
                                             "zones": zones, "asterisks": asterisks,
                                             "advance": advance})]


def weather_at(state: dict[str, Any], m: Map, hex_id: str) -> Weather:
    """The weather in a hex: its zone's weather, converted in desert and desert-mountain
    hexes (FA 8.2.1.1)."""
    info = m.hex(hex_id)
    zone = info.weather_zone or DEFAULT_ZONE
    weather = Weather(state["flow"]["weather"]["zones"].get(zone, Weather.FINE.value))
    if info.terrain in DESERT_TERRAIN:
        return DESERT_WEATHER[weather]
    return weather


def weather_step(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 8 — the first impulse of each pair rolls the weather for both."""
    return roll_weather(state, roller) if state["flow"]["impulse"] % 2 == 1 else []
