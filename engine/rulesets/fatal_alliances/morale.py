"""FA 14 — morale: points from losses, enemy-held cities and war weariness; 10 points make a
level, a remainder r moves one more level on d10 <= r."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .charts import (BUILD, ENEMY_HELD_CAPITAL_POINTS, ENEMY_HELD_CITY_POINTS,
                     ENEMY_HELD_MINOR_CAPITAL_POINTS,
                     MORALE_POINTS_PER_LEVEL, NO_ATTACK_POINTS, START_MORALE_1914,
                     WAR_WEARINESS_OTHERS, WAR_WEARINESS_POINTS)
from .position import controller, is_active, is_enemy, is_home_hex, map_of
from .supply import city_hexes


def unit_loss_points(u: dict[str, Any]) -> int:
    """FA 14.1 — a lost unit costs its build cost; British land units +1, US land units ×2."""
    cls = "HQ" if u["type"] == "HQ" else f"{u['type']} {u['size']}"
    cost = BUILD.get(cls, (1, 1))[0]
    if u["power"] == "britain":
        cost += 1
    if u["power"] == "usa":
        cost *= 2
    return cost


def city_points(state: dict[str, Any], power: str) -> int:
    """FA 14.1 — −1 per enemy-held home city, −5 per enemy-held capital, −1 per enemy-held
    minor capital (below)."""
    m = map_of(state)
    total = 0
    for h in city_hexes(m):
        if not is_home_hex(m, h, power):
            continue
        owner = controller(state, h)
        if owner is not None and owner != power and is_enemy(state, power, owner):
            total += (ENEMY_HELD_CAPITAL_POINTS if m.hex(h).has_feature("capital")
                      else ENEMY_HELD_CITY_POINTS)
    return total + minor_capital_points(state, power)


def minor_capital_points(state: dict[str, Any], power: str) -> int:
    """FA 14.1 — −1 for each enemy-held capital of a minor that was aligned with `power` when
    its current war began (`board.war_minors`: Belgrade counts for Russia, which went to war
    after Serbia aligned with it); it still counts after the other side liberates the minor."""
    from .conquest import capital_and_factories
    m = map_of(state)
    total = 0
    for minor in state["board"].get("war_minors", {}).get(power, []):
        capital, _ = capital_and_factories(m, minor)
        owner = controller(state, capital) if capital else None
        if owner is not None and owner != power and is_enemy(state, power, owner):
            total += ENEMY_HELD_MINOR_CAPITAL_POINTS
    return total


def war_weariness(state: dict[str, Any], power: str) -> int:
    year = state["flow"]["year"]
    if year < 1915 or not is_active(state, power):
        return 0
    row = WAR_WEARINESS_POINTS.get(power, WAR_WEARINESS_OTHERS)
    return -row[min(len(row) - 1, year - 1915)]


def adjust_morale(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 14.1 — reverse initiative order; at most +1 level a turn, never above the 1914
    start; German morale 0 ends the game (FA 13.7)."""
    board = state["board"]
    holder = state["flow"]["initiative"]["holder"]
    powers = sorted(board["sides"], key=lambda p: (board["sides"][p] == holder, p))
    events = []
    for power in powers:
        if not is_active(state, power):
            continue
        points = board["morale_points"].get(power, 0)
        from .home_front import morale_points as reserve_points
        points += city_points(state, power) + war_weariness(state, power)
        points += reserve_points(state, power)
        if power not in board["attacked_this_turn"]:
            points += NO_ATTACK_POINTS
        levels, rest = divmod(abs(points), MORALE_POINTS_PER_LEVEL)
        die = None
        if rest:
            die = roller.d(10, f"morale {power}")
            if die <= rest:
                levels += 1
        change = levels if points > 0 else -levels
        change = min(change, 1)
        old = board["morale"][power]
        new = max(0, min(START_MORALE_1914.get(power, old), old + change))
        board["morale"][power] = new
        events.append(Event("morale", "FA 14.1", {"power": power, "points": points,
                                                  "roll": die, "from": old, "to": new}))
    return events
