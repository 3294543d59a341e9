"""FA 2.4.3 — neutral basing: an active major power's surface ships may base in a neutral port.

A neutral port is a map port whose hex is held by a major power that is not active, or by a
minor aligned to no major (a minor that grants the other side access, FA 22.6, is closed to
this side: "restricted access"). A power may base at most three of its surface ships in one
such port (the other powers' ships there are ignored), in at most one port of each neutral
country and three neutral ports in all. SUBs never base there. A naval move (11.3.1) or a
return to base (13.3) may end in such a port when the ships it brings keep the power within
those limits (R-N30). The US (auxiliary cruisers only) lies off fa-europe.
"""

from __future__ import annotations

from typing import Any

from .fleets import fleets, seas
from .position import at_war, controller, is_active
from .powers import POWER_SIDE

State = dict[str, Any]
SHIPS_PER_PORT = 3
PORTS_IN_ALL = 3


def neutral_holder(state: State, port_id: str) -> str | None:
    """The neutral major or minor holding a port, or None when the port is not neutral."""
    port = seas().ports.get(port_id)
    if port is None:
        return None
    holder = controller(state, port.hex)
    if holder is None:
        return None
    if holder in POWER_SIDE:
        return None if is_active(state, holder) else holder
    if holder in state["board"]["aligned"]:
        return None
    return holder


def restricted(state: State, power: str, holder: str) -> bool:
    """The neutral grants the other side access (FA 22.6): closed to `power`'s ships."""
    access = state["board"].get("access", {})
    return holder in access and access[holder] != POWER_SIDE[power]


def _based(state: State, power: str, moving: set[str]) -> dict[str, int]:
    """The neutral ports holding the power's ships (the moving ones left out), with counts."""
    out: dict[str, int] = {}
    for uid, sh in fleets(state).items():
        if uid in moving or sh["power"] != power or sh["area"] is not None:
            continue
        if neutral_holder(state, sh["port"]) is not None:
            out[sh["port"]] = out.get(sh["port"], 0) + 1
    return out


def may_base(state: State, power: str, port_id: str, units: list[str]) -> bool:
    """FA 2.4.3 — `units` (one task force of `power`) may end a move in neutral `port_id`."""
    if not is_active(state, power) or power not in POWER_SIDE:
        return False
    holder = neutral_holder(state, port_id)
    if holder is None or at_war(state, power, holder):
        return False
    if restricted(state, power, holder):
        return False
    ships = fleets(state)
    if any(ships[u]["type"] == "SUB" for u in units):
        return False
    based = _based(state, power, set(units))
    if based.get(port_id, 0) + len(units) > SHIPS_PER_PORT:
        return False
    if port_id in based:
        return True
    same_country = [p for p in based if neutral_holder(state, p) == holder]
    return not same_country and len(based) < PORTS_IN_ALL
