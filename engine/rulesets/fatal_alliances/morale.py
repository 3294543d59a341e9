"""FA 14 — morale: points from losses, enemy-held hexes, war weariness and BP spent on the home
front; 10 points make a level, a remainder r moves one more level on d10 <= r."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from engine.board import Map
from engine.kernel import Event, Roller

from .charts import (
    BUILD,
    ENEMY_HELD_CAPITAL_POINTS,
    ENEMY_HELD_CITY_POINTS,
    ENEMY_HELD_MINOR_CAPITAL_POINTS,
    ENEMY_HELD_RESOURCE_POINTS,
    HOME_FRONT_MAX_TENTHS,
    HOME_FRONT_POINTS_PER_BP,
    MORALE_MAX_RISE_LEVELS,
    MORALE_POINTS_PER_LEVEL,
    NO_ATTACK_POINTS,
    SECOND_MORALE_CAPITALS,
    START_MORALE_1914,
    WAR_WEARINESS_OTHERS,
    WAR_WEARINESS_POINTS,
)
from .home_front import morale_points as reserve_points
from .numbers import round_fa
from .partisans import partisan_points
from .position import (
    capital_and_factories,
    controller,
    is_active,
    is_enemy,
    is_home_country_hex,
    map_of,
)


def unit_loss_points(u: dict[str, Any]) -> int:
    """FA 14.1 — a lost unit costs its build cost; British land units +1 (British, not every
    CW nation's: the unit's nation), US land units ×2."""
    cls = "HQ" if u["type"] == "HQ" else f"{u['type']} {u['size']}"
    cost = BUILD.get(cls, (1, 1))[0]
    if u["nation"] == "britain":
        cost += 1
    if u["power"] == "usa":
        cost *= 2
    return cost


@functools.lru_cache(maxsize=None)
def _cities_and_resources(m: Map) -> tuple[str, ...]:
    return tuple(h for h in m.ids
                 if m.hex(h).has_feature("city") or m.hex(h).has_feature("resource"))


def war_start_holdings(state: dict[str, Any], power: str) -> list[str]:
    """FA 14.1 — the hexes whose loss to an enemy will cost `power` morale in the war it is
    entering now: the home-country cities and the map's resource hexes it controls. The
    scenarios' off-map resources have no hex, so no enemy can ever take them."""
    m = map_of(state)
    return sorted(h for h in _cities_and_resources(m) if controller(state, h) == power
                  and (m.hex(h).has_feature("resource") or is_home_country_hex(m, h, power)))


def record_war_start(state: dict[str, Any], power: str) -> None:
    board = state["board"]
    board.setdefault("war_minors", {})[power] = sorted(
        minor for minor, major in board["aligned"].items() if major == power)
    board.setdefault("war_holdings", {})[power] = war_start_holdings(state, power)


def morale_hexes(state: dict[str, Any], power: str) -> dict[str, int]:
    """FA 14.1 — each hex an enemy could cost `power` morale in, with its worst value: the
    items of one hex (capital, city, resource, minor capital) are not added up."""
    m = map_of(state)
    board = state["board"]
    worst: dict[str, int] = {}

    def note(hex_id: str, points: int) -> None:
        worst[hex_id] = min(worst.get(hex_id, 0), points)

    second = SECOND_MORALE_CAPITALS.get(power)
    second_hex = m.places[second].hex if second is not None and second in m.places else None
    for h in board.get("war_holdings", {}).get(power, []):
        info = m.hex(h)
        if info.has_feature("city") and is_home_country_hex(m, h, power):
            capital = info.has_feature("capital") or h == second_hex
            note(h, ENEMY_HELD_CAPITAL_POINTS if capital else ENEMY_HELD_CITY_POINTS)
        if info.has_feature("resource"):
            note(h, ENEMY_HELD_RESOURCE_POINTS)
    for minor in board.get("war_minors", {}).get(power, []):
        capital, _ = capital_and_factories(m, minor)
        if capital:
            note(capital, ENEMY_HELD_MINOR_CAPITAL_POINTS)
    return worst


def held_by_enemy(state: dict[str, Any], power: str, hex_id: str) -> bool:
    owner = controller(state, hex_id)
    return owner is not None and owner != power and is_enemy(state, power, owner)


def enemy_held_points(state: dict[str, Any], power: str) -> int:
    """FA 14.1 — home cities (capitals −5), resources and minor capitals held when the war
    began and held by an enemy now, one value per hex. Belgrade counts for Russia (aligned
    before Russia went to war) and still counts after the other side liberates Serbia: the
    liberated minor is then the enemy holding it."""
    return sum(points for h, points in sorted(morale_hexes(state, power).items())
               if held_by_enemy(state, power, h))


def war_weariness(state: dict[str, Any], power: str) -> int:
    year = state["flow"]["year"]
    if year < 1915 or not is_active(state, power):
        return 0
    row = WAR_WEARINESS_POINTS.get(power, WAR_WEARINESS_OTHERS)
    return -row[min(len(row) - 1, year - 1915)]


def home_front_limit(production: int) -> int:
    """FA 14.1 — the most BP a power may put into morale out of `production` (the turn's BP
    after lending and bonuses, before saved BP): 40%, rounded by FA 2.6 like every amount of
    BP about to be spent."""

    return round_fa(Fraction(production * HOME_FRONT_MAX_TENTHS, 10))


def home_front_points(state: dict[str, Any], power: str) -> int:
    return HOME_FRONT_POINTS_PER_BP * state["board"].get("morale_bp", {}).get(power, 0)


def op_shortfall_so_far(state: dict[str, Any], power: str) -> int:
    """FA 18 — while production is open, the required OPs not (yet) bought; when it closes
    they are booked into `morale_points` and the tally is cleared, so this is then 0."""
    board = state["board"]
    need = board.get("op_required", {}).get(power, 0)
    return max(0, need - board.get("op_bought", {}).get(power, 0))


def turn_points(state: dict[str, Any], power: str) -> int:
    """FA 14.1 — the sum of this turn's morale modifiers before the roll. Nothing that feeds
    it changes between production and the morale step except the OPs still to be bought,
    which can only raise it."""
    board = state["board"]
    points = board["morale_points"].get(power, 0) - op_shortfall_so_far(state, power)
    points += enemy_held_points(state, power) + war_weariness(state, power)
    points += reserve_points(state, power) + home_front_points(state, power)
    points += partisan_points(state, power)
    if power not in board["attacked_this_turn"]:
        points += NO_ATTACK_POINTS
    return points


def rise_allowed(state: dict[str, Any], power: str) -> int:
    """FA 14.1 — the levels morale may still rise this turn: one, never above the 1914 start."""
    now = state["board"]["morale"][power]
    return max(0, min(MORALE_MAX_RISE_LEVELS, START_MORALE_1914.get(power, now) - now))


def may_buy_morale(state: dict[str, Any], power: str) -> bool:
    """FA 14.1 — one more BP on the home front: an active power (only active powers' morale
    moves), within its 40%, and only while the turn's points are short of a certain rise to
    the cap — past that, a BP could only be lost to the caps."""
    board = state["board"]
    if not is_active(state, power) or board["bp"].get(power, 0) < 1:
        return False
    if board.get("morale_bp", {}).get(power, 0) >= board.get("morale_bp_max", {}).get(power, 0):
        return False
    return turn_points(state, power) < rise_allowed(state, power) * MORALE_POINTS_PER_LEVEL


def buy_morale(state: dict[str, Any], power: str) -> Event:
    board = state["board"]
    board["bp"][power] -= 1
    spent = board.setdefault("morale_bp", {})
    spent[power] = spent.get(power, 0) + 1
    return Event("home_front_morale", "FA 14.1", {"power": power, "bp": spent[power],
                                                  "points": home_front_points(state, power)})


def adjust_morale(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 14.1 — reverse initiative order; at most +1 level a turn, never above the 1914
    start (whatever the points came from, home-front BP included); German morale 0 ends the
    game (FA 13.7)."""
    board = state["board"]
    holder = state["flow"]["initiative"]["holder"]
    powers = sorted(board["sides"], key=lambda p: (board["sides"][p] == holder, p))
    events = []
    for power in powers:
        if not is_active(state, power):
            continue
        points = turn_points(state, power)
        levels, rest = divmod(abs(points), MORALE_POINTS_PER_LEVEL)
        die = None
        if rest:
            die = roller.d(10, f"morale {power}")
            if die <= rest:
                levels += 1
        change = levels if points > 0 else -levels
        change = min(change, MORALE_MAX_RISE_LEVELS)
        old = board["morale"][power]
        new = max(0, min(START_MORALE_1914.get(power, old), old + change))
        board["morale"][power] = new
        events.append(Event("morale", "FA 14.1", {"power": power, "points": points,
                                                  "home_front": home_front_points(state, power),
                                                  "roll": die, "from": old, "to": new}))
    return events
