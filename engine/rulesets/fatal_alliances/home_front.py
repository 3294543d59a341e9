"""Option 7 (FA 14.1, home-front reserves) — in the reinforcement stage a major power may put
in-supply corps-size land units standing in a home-country city outside enemy ZoC into its
reserve pool, or deploy units from that pool as reinforcements; in the morale step every two
corps-size units in the pool give 0.1 morale level (1 morale point).

Rulings (docs/rules/fatal_alliances.md): a unit moved into or out of the pool cannot move again
in the same turn; a deployed unit is placed like any arrival (FA 4.2) or slips a turn; calling
out reserves (9.7) is not modelled, so the option's first sentence has nothing to act on.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .position import controller, in_home_country, map_of, on_map, unit
from .reinforcement import place_arrivals
from .sequence import DONE, step_done
from .supply import city_hexes, supplied_hexes
from .zoc import enemy_zoc


def enabled(state: dict[str, Any]) -> bool:
    return bool(state["board"].get("options", {}).get("home_front_reserves"))


def home_front_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [dict(DONE)]
    if not enabled(state):
        return out
    moved = set(state["flow"].get("home_front_moved", []))
    m = map_of(state)
    cities = set(city_hexes(m))
    supplied = supplied_hexes(state, power)
    zoc = enemy_zoc(state, power)
    for u in on_map(state):
        if (u["power"] == power and u["size"] != "div" and u["id"] not in moved
                and u["hex"] in cities and in_home_country(state, u["hex"], power)
                and controller(state, u["hex"]) == power and u["hex"] in supplied
                and u["hex"] not in zoc):
            out.append({"to_reserve": u["id"]})
    for uid in state["board"].get("reserve_pool", {}).get(power, []):
        if uid not in moved:
            out.append({"deploy": uid})
    return out


def apply_home_front(state: dict[str, Any], power: str, action: dict[str, Any],
                     roller: Roller) -> list[Event]:
    flow = state["flow"]
    board = state["board"]
    if action == DONE:
        return [step_done(state, power, "FA 14.1", "home_front")]
    pool = board.setdefault("reserve_pool", {}).setdefault(power, [])
    if "to_reserve" in action:
        u = unit(state, action["to_reserve"])
        frm = u["hex"]
        u.update(hex=None, up=True, entrenched=False)
        pool.append(u["id"])
        pool.sort()
        flow["home_front_moved"] = sorted(set(flow.get("home_front_moved", [])) | {u["id"]})
        return [Event("to_reserve_pool", "FA 14.1 (option 7)", {"unit": u["id"], "from": frm})]
    uid = action["deploy"]
    pool.remove(uid)
    flow["home_front_moved"] = sorted(set(flow.get("home_front_moved", [])) | {uid})
    board["production_circle"].append({"unit": uid, "turn": flow["turn"]})
    board["production_circle"].sort(key=lambda e: (e["turn"], e["unit"]))
    return [Event("deployed_from_reserve", "FA 14.1 (option 7)", {"unit": uid})] + \
        place_arrivals(state, roller)


def morale_points(state: dict[str, Any], power: str) -> int:
    """Every two corps-size units in the reserve pool: +1 morale point (0.1 level)."""
    if not enabled(state):
        return 0
    corps = [uid for uid in state["board"].get("reserve_pool", {}).get(power, [])
             if unit(state, uid)["size"] != "div"]
    return len(corps) // 2
