"""Units in a territory: a nation's stacks are counts by type (`secret.<nation>.units.<area>`)."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def add(state: State, nation: str, area: str, unit: str, n: int) -> None:
    if n <= 0:
        return
    stack = state["secret"][nation]["units"].setdefault(area, {})
    stack[unit] = stack.get(unit, 0) + n


def take(state: State, nation: str, area: str, unit: str, n: int) -> None:
    units = state["secret"][nation]["units"]
    units[area][unit] -= n
    if units[area][unit] == 0:
        del units[area][unit]
    if not units[area]:
        del units[area]


def claim(used: dict[tuple[str, str], int], place: str, kind: str, n: int) -> int:
    """Count `n` more units of `kind` an order set takes from `place` (a unit moves, rides,
    fires or sails once a turn; a ship takes one mission): the total claimed so far."""
    used[(place, kind)] = used.get((place, kind), 0) + n
    return used[(place, kind)]
