"""Fatal Alliances, level 2 — the transport plan (bot version 6; R-N24 retired the
Commonwealth ferry, so the BEF reaches France only by naval transport, FA 11.3.4).

A simple plan, not a naval strategy: land units of the seat standing in a port of its home
country with its face-up transports are carried port to port to a friendly port outside it
(the most factors to the port the value map draws them to most: the BEF's HQ crosses with I
Corps, which opens France to the rest, 19.2.1); transports with nothing to carry where they lie sail back empty to a home port where
the seat's face-up land units wait. Warships do not sail for the plan, troops are never
landed at sea and no invasion is tried. The action choice takes a combined action (naval
moves and still some land moves) while the plan has a move to make.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.naval_move import destinations, task_forces
from engine.rulesets.fatal_alliances.naval_transport import TRANSPORT_CLASSES, loads, may_land
from engine.rulesets.fatal_alliances.position import by_hex, in_home_country, units

State = dict[str, Any]
CARRY = 10.0      # troops carried now come before transports sent to fetch more
FETCH = 1.0


def port_hex(port_id: str) -> str:
    return seas().port(port_id).hex


def _home_port(state: State, power: str, port_id: str) -> bool:
    return in_home_country(state, seas().port(port_id).hex, power)


def _transports_only(state: State, ships: list[str]) -> bool:
    return all(fleets(state)[s]["cls"] in TRANSPORT_CLASSES for s in ships)


def _waiting(state: State, power: str, hex_id: str) -> float:
    """The seat's face-up land units in a home-country hex (what a transport could fetch)."""
    if not in_home_country(state, hex_id, power):
        return 0.0
    return float(sum(max(1, u["cf"]) for u in by_hex(state).get(hex_id, [])
                     if u["power"] == power and u["up"] and u["type"] != "PARTISAN"))


def score(state: State, power: str, order: dict[str, Any],
          pull: Mapping[str, float]) -> float | None:
    """What the plan makes of one naval_move order (None: not part of the plan): troops
    carried are worth their factors times how strongly the value map draws them to the port
    (none: a port it does not draw to at all, as Morocco's); a fetch, a little less than any
    carrying."""
    if order.get("done"):
        return 0.0
    if "convoy" in order:
        return None          # FA 13.5.1.4 (version 24): convoy orders are not in the plan
    ships = order["units"]
    if "to_port" not in order or order.get("debark") or not _transports_only(state, ships):
        return None
    ship = fleets(state)[ships[0]]
    if ship["area"] is not None:
        return None
    start_home = _home_port(state, power, ship["port"])
    if order.get("cargo"):
        if not start_home or _home_port(state, power, order["to_port"]):
            return None
        drawn = pull.get(port_hex(order["to_port"]), 0.0)
        if drawn <= 0:
            return None
        pool = units(state)
        force = sum(max(1, pool[u]["cf"]) + (1 if pool[u]["type"] == "HQ" else 0)
                    for u in order["cargo"])
        return CARRY + force * (1.0 + drawn)
    here = seas().port(ship["port"]).hex
    if _waiting(state, power, here) > 0:
        return None          # troops here: carry them, do not sail away empty
    there = _waiting(state, power, seas().port(order["to_port"]).hex)
    return FETCH + 0.1 * there if there > 0 else None


def has_move(state: State, power: str, pull: Mapping[str, float]) -> bool:
    """Whether the plan has a naval move to make now (asked at the action choice)."""
    for ships in task_forces(state, power):
        if not _transports_only(state, ships) or fleets(state)[ships[0]]["area"] is not None:
            continue
        orders = [o for o in destinations(state, power, ships) if "to_port" in o]
        cargoes = loads(state, power, fleets(state)[ships[0]]["port"], ships)
        candidates = [{"units": ships, **o} for o in orders] + [
            {"units": ships, **o, "cargo": c} for o in orders for c in cargoes
            if may_land(state, power, c, o["to_port"])]
        if any((score(state, power, o, pull) or 0.0) > 0 for o in candidates):
            return True
    return False
