"""FA 2.1, 8.2, 11.9.2 and the terrain effects chart — what terrain and weather do.

Every function reads the immutable map plus the game's weather; the costs are the authored TEC
in charts.py. Hexside effects come from the map's hexside records (river, canal, strait,
all-sea); alpine and lake hexsides are read from map hexside flags when present.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from engine.board import Map

from .charts import DOUBLING_WEATHER, PHYSICAL_TO_FA, TERRAIN_MP, TERRAIN_TABLE, Weather

MOTORISED = frozenset({"ARM", "MECH", "MOT"})


def fa_terrain(m: Map, hex_id: str, weather: Weather = Weather.FINE) -> str:
    """FA 8.2.1 — the FA terrain of a hex after the weather's conversions.

    Desert is always treated with desert weather (see weather.desert_weather); swamp counts as
    forest in snow or blizzard; a lake hex freezes (clear) in snow or blizzard.
    """
    terrain = PHYSICAL_TO_FA[m.hex(hex_id).terrain]
    if weather in (Weather.SNOW, Weather.BLIZZARD):
        if terrain == "swamp":
            return "forest"
        if terrain == "lake":
            return "clear"
    return terrain


NO_FLAGS: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=None)
def _flag_table(m: Map) -> dict[tuple[str, str], frozenset[str]]:
    table = {}
    for side in m.hexsides.values():
        flags = _flags_of(side)
        if flags:
            table[(side.a, side.b)] = flags
            table[(side.b, side.a)] = flags
    return table


def hexside_flags(m: Map, a: str, b: str) -> frozenset[str]:
    """The FA hexside types between two adjacent hexes: river, canal, straits, all_sea,
    alpine, lake (the last two only where a map records them as `flags`)."""
    return _flag_table(m).get((a, b), NO_FLAGS)


def _flags_of(side: Any) -> frozenset[str]:
    flags = set()
    if side.river is not None:
        flags.add("river")
    if side.canal:
        flags.add("canal")
    if side.strait:
        flags.add("straits")
    if side.all_sea:
        flags.add("all_sea")
    for extra in getattr(side, "flags", ()) or ():
        flags.add(extra)
    return frozenset(flags)


def is_impassable_hexside(flags: frozenset[str], unit_type: str, weather: Weather) -> bool:
    """FA 11.9.2 — alpine only for MTN; all-sea and unfrozen lake only for MAR."""
    if "alpine" in flags and unit_type != "MTN":
        return True
    lake_frozen = "lake" in flags and weather in (Weather.SNOW, Weather.BLIZZARD)
    if ("all_sea" in flags or ("lake" in flags and not lake_frozen)) and unit_type != "MAR":
        return True
    return False


def move_cost(m: Map, a: str, b: str, unit_type: str, weather: Weather) -> int | None:
    """FA 11.9.2 — the movement points to enter `b` from `a` (None: may not).

    The hex cost (leg or motorised) is doubled in rain, storm or blizzard (never snow), then
    alpine and all-sea/lake hexsides add 1 after the doubling.
    """
    terrain = fa_terrain(m, b, weather)
    leg, motor = TERRAIN_MP[terrain]
    base = motor if unit_type in MOTORISED else leg
    if base is None:
        return None
    flags = hexside_flags(m, a, b)
    if is_impassable_hexside(flags, unit_type, weather):
        return None
    if weather in DOUBLING_WEATHER:
        base *= 2
    if flags & {"alpine", "all_sea", "lake"}:
        base += 1
    return base


def table_effect(m: Map, hex_id: str, weather: Weather) -> str | None:
    """The TEC's table-choice column for a target hex ("assault" or None)."""
    return TERRAIN_TABLE[fa_terrain(m, hex_id, weather)]


def attack_multiplier(m: Map, attacker_hex: str, target: str, unit: dict[str, Any],
                      engineer_cover: bool, forts: frozenset[str]) -> Fraction:
    """FA 11.12 / TEC combat — the factor multiplier for one attacking unit.

    Across alpine: MTN only, halved. Across lake/all-sea: MAR only, halved (not straits).
    Across river or canal: halved unless ENG or covered by an ENG. Across straits: halved
    unless MAR. Across a fort hexside: halved unless ENG-covered. Halvings multiply. When the
    attack crosses a river and a fort, an engineer cancels only the fort (FA 21.7).
    """
    flags = hexside_flags(m, attacker_hex, target)
    side_id = "|".join(sorted((attacker_hex, target)))
    crosses_fort = side_id in forts
    mult = Fraction(1)
    if "alpine" in flags or "all_sea" in flags or "lake" in flags:
        mult /= 2
    river = bool(flags & {"river", "canal"})
    if river and crosses_fort:
        mult /= 2  # the river halving stays; the engineer cancels only the fort
        if not engineer_cover:
            mult /= 2
    elif river and not engineer_cover:
        mult /= 2
    elif crosses_fort and not engineer_cover:
        mult /= 2
    if "straits" in flags and unit["type"] != "MAR":
        mult /= 2
    return mult


@functools.lru_cache(maxsize=None)
def _defence_table(swamp_doubles: bool) -> dict[str, tuple[int, int]]:
    table = {"mountain": (3, 2)}
    if swamp_doubles:
        table["swamp"] = (2, 2)
    return table


def defence_multiplier(m: Map, hex_id: str, unit: dict[str, Any], weather: Weather,
                       swamp_doubles: bool) -> int:
    """TEC combat — mountain: MTN ×3, others ×2; swamp ×2 (fa3 only, see profiles)."""
    terrain = fa_terrain(m, hex_id, weather)
    entry = _defence_table(swamp_doubles).get(terrain)
    if entry is None:
        return 1
    mtn, other = entry
    return mtn if unit["type"] == "MTN" else other
