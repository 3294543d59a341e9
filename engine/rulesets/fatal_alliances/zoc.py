"""FA 2.2 zones of control and FA 2.3 stacking."""

from __future__ import annotations

from typing import Any

from engine.board import Map

from .charts import Weather
from .position import (
    by_hex,
    co_operates,
    controller,
    is_enemy,
    is_friendly,
    map_of,
    memoised,
    on_map,
    sea_hexes,
)
from .terrain import hexside_flags
from .weather import weather_at

OWN_HEX_ONLY = frozenset({"ART", "AT", "PARTISAN", "NOTIONAL"})
ZOC_BLOCKING_SIDES = frozenset({"alpine", "all_sea", "straits"})

STACK_LIMIT = 2  # FA 2.3.1 — European hexes (world hexes 4; milestone 1 has none)


def exerts_zoc_around(u: dict[str, Any]) -> bool:
    """FA 2.2 — divisions, artillery, partisans and notionals cover their own hex only."""
    return u["size"] != "div" and u["type"] not in OWN_HEX_ONLY


def _zoc_enters(state: dict[str, Any], m: Map, u: dict[str, Any], frm: str, to: str,
                units_there: list[dict[str, Any]], weather: Weather) -> bool:
    flags = hexside_flags(m, frm, to)
    if flags & ZOC_BLOCKING_SIDES:
        return False
    if "lake" in flags and weather not in (Weather.SNOW, Weather.BLIZZARD):
        return False
    if any(is_enemy(state, u["power"], other["power"]) for other in units_there):
        return True
    owner = controller(state, to)
    if owner is None:
        return False
    return owner == u["power"] or is_friendly(state, u["power"], owner) or is_enemy(
        state, u["power"], owner)


def enemy_zoc(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.2 — the hexes in enemy zone of control for `power` (memoised by position)."""
    return memoised("zoc", state, power, lambda: _enemy_zoc(state, power))


def _enemy_zoc(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 2.2 — the hexes in the zone of control of units hostile to `power`.

    Blocked across alpine, all-sea, straits and unfrozen-lake hexsides, and into hexes of
    countries the exerting unit is not at war with (unless its enemies are there). The
    Schlieffen rule (FA 21.14) switches off named powers' ZoC against others for an impulse.
    """
    m = map_of(state)
    here = by_hex(state)
    silenced = state["board"].get("zoc_silenced", {})
    invaders = frozenset(state["board"].get("invaders", ()))
    seas = sea_hexes(m)
    out: set[str] = set()
    for u in on_map(state):
        if not is_enemy(state, power, u["power"]):
            continue
        if power in silenced.get(u["nation"], []):
            continue
        out.add(u["hex"])
        if not exerts_zoc_around(u) or u["id"] in invaders:     # FA 11.11
            continue
        weather = weather_at(state, m, u["hex"])
        for nb in m.neighbours(u["hex"]):
            if nb in out:
                continue
            if nb in seas:
                continue
            if _zoc_enters(state, m, u, u["hex"], nb, here.get(nb, []), weather):
                out.add(nb)
    return frozenset(out)


def reserves_allowed(state: dict[str, Any]) -> bool:
    """Option 1 (FA 2.3, in-hex reserves) is on for this table."""
    return bool(state["board"].get("options", {}).get("in_hex_reserves"))


def is_legal_stack(state: dict[str, Any], stack: list[dict[str, Any]],
                   reserve: bool = False) -> bool:
    """FA 2.3.1 — two land units per European hex, plus one more if it is a division; units
    that do not co-operate never share a hex. `reserve` (option 1): one more land unit in
    reserve (the allowances add: three units, or four with a division among them)."""
    nations = {u["nation"] for u in stack}
    if any(u["type"] == "PARTISAN" for u in stack) and len(nations) > 1:
        return False   # FA 13.1.3: (green) partisans co-operate only with their own country
    powers = sorted({u["power"] for u in stack})
    for i, a in enumerate(powers):
        for b in powers[i + 1:]:
            if not co_operates(state, a, b):
                return False
    limit = STACK_LIMIT + (1 if reserve else 0)
    if len(stack) <= limit:
        return True
    return len(stack) == limit + 1 and any(u["size"] == "div" for u in stack)


def would_overstack(state: dict[str, Any], hex_id: str, arriving: list[dict[str, Any]],
                    here: dict[str, list[dict[str, Any]]] | None = None,
                    reserve: bool | None = None) -> bool:
    """Whether `arriving` would overstack `hex_id`; `reserve` None reads option 1 (a retreat
    passes False: the reserve place is never gained by retreat, advance or invasion)."""
    here = here if here is not None else by_hex(state)
    ids = {u["id"] for u in arriving}
    stack = [u for u in here.get(hex_id, []) if u["id"] not in ids] + list(arriving)
    if reserve is None:
        reserve = reserves_allowed(state)
    return not is_legal_stack(state, stack, reserve)
