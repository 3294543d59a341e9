"""Fatal Alliances — what an open decision is about, for unit-first orders (issue #18).

The kernel's default (engine/kernel/concerns.py) reads every answer of a decision, which for
land movement means every destination of every unit and stack: on the campaign map tens of
milliseconds a step, for an index whose only use is to say which counters can be given an
order. A land move and a rail move name the units that may move now (FA 11.9.1, 11.8); an
attack, the enemy hexes it may strike and the units eligible against them (FA 11.12.1), without
the odds of every grouping. Destinations and odds are asked for when a player clicks a unit.
Every other decision keeps the default.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision
from engine.kernel.concerns import Concerns, shaped

from . import combat as cb
from .movement import can_move
from .orders import attack_partners
from .position import commander, map_of, on_map
from .rail import can_rail, rail_cost
from .sequence import remaining


def land_move(state: dict[str, Any], seat: str, decision: Decision) -> Concerns:
    """FA 11.9 — the seat's units that may move (a move costs one of the power's moves)."""
    left = remaining(state, seat, "land_move")
    if left is not None and left < 1:
        return {}
    return shaped((u["id"] for u in on_map(state)
                   if commander(state, u["power"]) == seat and can_move(state, u)), ())


def rail_move(state: dict[str, Any], seat: str, decision: Decision) -> Concerns:
    """FA 11.8 — the seat's units that may go by rail with the rail moves left."""
    left = remaining(state, seat, "rail")
    return shaped((u["id"] for u in on_map(state)
                   if commander(state, u["power"]) == seat and can_rail(state, u)
                   and (left is None or rail_cost(state, u) <= left)), ())


def land_attack(state: dict[str, Any], seat: str, decision: Decision) -> Concerns:
    """FA 11.12.1 — each enemy hex next to a face-up unit of the seat that has not attacked,
    and the units (the seat's and its partners') eligible to attack it."""
    left = remaining(state, seat, "land_attack")
    if left is not None and left < 1:
        return {}
    marks = state["flow"]["marks"]
    m = map_of(state)
    targets = {nb for u in on_map(state)
               if commander(state, u["power"]) == seat and u["up"]
               and u["id"] not in marks["attacked"]
               for nb in m.neighbours(u["hex"])
               if nb not in marks["targets"] and cb.defenders_at(state, seat, nb)}
    partners = attack_partners(state, seat)
    units: set[str] = set()
    places: set[str] = set()
    supplied: dict[str, frozenset[str]] = {}
    for target in targets:
        eligible = cb.eligible_attackers(state, partners, target, supplied)
        if any(commander(state, u["power"]) == seat for u in eligible):
            places.add(target)
            units.update(u["id"] for u in eligible)
    return shaped(units, places)
