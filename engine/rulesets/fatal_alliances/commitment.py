"""FA 19.2.1 — the end of a step: a land unit that ends the step in a foreign host's country
(foreign_troops.py) is destroyed unless it started the step there or its power's contingent
there meets the commitment limit. Entry is already refused beyond the limit (11.9), so this
bites when cover leaves after the units came: their HQ moves out or is destroyed in the same
step.

The rail, land movement and land combat steps note at their start where each unit stands in
a foreign host's country (flow["foreign_start"]) and check at their end. The limit is a
property of the power's whole contingent in that country, so when it fails every unit that
came in during the step is destroyed (ruling, docs/rules/fatal_alliances.md); the units that
started there stay. Destroyed units go to the force pool; it is no combat loss (no morale,
no bonus BP).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .foreign_troops import commitment_met, foreign_host
from .position import on_map
from .resolution import destroy_unit

RULE = "FA 19.2.1"


def note_start(state: dict[str, Any], roller: Roller) -> list[Event]:
    """Where each land unit stands in a foreign host's country as the step begins."""
    state["flow"]["foreign_start"] = {
        u["id"]: host for u in on_map(state)
        if (host := foreign_host(state, u["power"], u["hex"])) is not None}
    return []


def check_end(state: dict[str, Any], roller: Roller) -> list[Event]:
    """Destroy the newcomers of every contingent that ends the step beyond its limit."""
    start = state["flow"].get("foreign_start")
    state["flow"]["foreign_start"] = None
    if start is None:       # a game migrated inside the step: nothing was noted
        return []
    newcomers: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for u in on_map(state):
        host = foreign_host(state, u["power"], u["hex"])
        if host is not None and start.get(u["id"]) != host:
            newcomers.setdefault((u["power"], host), []).append(u)
    events: list[Event] = []
    for (power, host), units in sorted(newcomers.items()):
        if commitment_met(state, host, units):
            continue
        ids = sorted(u["id"] for u in units)
        for u in sorted(units, key=lambda x: x["id"]):
            destroy_unit(state, u, events, "foreign_troops", morale=False, bonus=False)
        events.append(Event("foreign_troops_destroyed", RULE, {
            "power": power, "host": host, "units": ids}))
    return events


def then(first: Any, second: Any) -> Any:
    """Two step-end effects in order."""
    def both(state: dict[str, Any], roller: Roller) -> list[Event]:
        return list(first(state, roller)) + list(second(state, roller))
    return both
