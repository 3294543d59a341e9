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
    return Basing(state, power).allows(port_id, units)


class Basing:
    """FA 2.4.3 for one power in one position, read once: each port's neutral holder and the
    neutral ports already holding the power's ships, so that listing every task force's ports
    (naval_move.py) asks the board once, not once per port and task force. Its answers are
    may_base's."""

    def __init__(self, state: State, power: str) -> None:
        self.state = state
        self.power = power
        self.eligible = is_active(state, power) and power in POWER_SIDE
        self._holders: dict[str, str | None] = {}
        self._open: dict[str, str | None] = {}
        self._moving: dict[tuple[str, ...], dict[str, int] | None] = {}
        self._based: dict[str, int] | None = None

    def holder(self, port_id: str) -> str | None:
        if port_id not in self._holders:
            self._holders[port_id] = neutral_holder(self.state, port_id)
        return self._holders[port_id]

    def based(self, moving: list[str]) -> dict[str, int] | None:
        """_based: the neutral ports holding the power's ships, the moving ones left out
        (None when a SUB is among them: it may not base in a neutral port at all)."""
        key = tuple(moving)
        if key in self._moving:
            return self._moving[key]
        ships = fleets(self.state)
        if any(ships[u]["type"] == "SUB" for u in moving):
            self._moving[key] = None
            return None
        if self._based is None:
            self._based = _based(self.state, self.power, set())
        out = dict(self._based)
        for uid in set(moving):
            sh = ships.get(uid)
            if (sh is None or sh["power"] != self.power or sh["area"] is not None
                    or sh["port"] not in out):
                continue
            out[sh["port"]] -= 1
            if out[sh["port"]] == 0:
                del out[sh["port"]]
        self._moving[key] = out
        return out

    def open_to(self, port_id: str) -> str | None:
        """The port's neutral holder when the power may base there at all (whatever the
        ships): active itself, the port neutral, not at war with it, access not restricted."""
        if port_id not in self._open:
            holder = self.holder(port_id) if self.eligible else None
            if holder is not None and (at_war(self.state, self.power, holder)
                                       or restricted(self.state, self.power, holder)):
                holder = None
            self._open[port_id] = holder
        return self._open[port_id]

    def allows(self, port_id: str, units: list[str]) -> bool:
        holder = self.open_to(port_id)
        if holder is None:
            return False
        based = self.based(units)
        if based is None:          # SUBs never base in a neutral port
            return False
        if based.get(port_id, 0) + len(units) > SHIPS_PER_PORT:
            return False
        if port_id in based:
            return True
        same_country = [p for p in based if self.holder(p) == holder]
        return not same_country and len(based) < PORTS_IN_ALL
