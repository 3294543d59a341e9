"""Balance of Powers — what each open decision is about, for unit-first orders (issue #18).

The kernel's default reads every answer of a decision; a half lists thirty rail decisions and
an attack decision per target, whose full expansion (every destination of every force) is what
a player asks for only when they click a stack. So the force-moving decisions say which units
they can move and where from, cheaply, from the same functions that list them: a march, the
movable stacks (and, for part of a stack, each of their units); a rail move, the stack at its
origin; an attack, the forces that can strike its target, and the target. Enumerated decisions
(losses, retreats, entrenching, a leader's return, placements …) name their units and
locations in their options. Nothing here decides what is legal: clicking a unit asks the
server for its options.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision
from engine.kernel.concerns import Concerns, concerns_of, shaped

from . import admiralty, movement, naval
from .answers import attack_items, candidate_forces, memo_key, movable_stack
from .forces import UNITS
from .theatre import theatre

# Fields of enumerated options that name units, and those that name locations.
UNIT_FIELDS = ("unit", "units", "loss", "leader", "reserve", "point", "destroy")
PLACE_FIELDS = ("to", "target", "at", "port", "home", "from")
# Decisions answered by the set-up editor, whose units are not on the map yet.
NOT_ON_MAP = ("setup", "secret_setup")

_MEMO: dict[tuple[str, str, str], Concerns] = {}


MEMOS = (_MEMO,)   # for the ruleset's caches_set_aside


def clear_cache() -> None:
    _MEMO.clear()


def concerns(state: dict[str, Any], seat: str, decision: Decision) -> Concerns:
    key = (memo_key(state), seat, decision.id)
    found = _MEMO.get(key)
    if found is None:
        found = _concerns(state, seat, decision)
        if len(_MEMO) > 1024:
            _MEMO.clear()
        _MEMO[key] = found
    return {k: list(v) for k, v in found.items()}


def _concerns(state: dict[str, Any], seat: str, decision: Decision) -> Concerns:
    kind = decision.kind
    if kind in NOT_ON_MAP:
        return {}
    board = state["board"]["units"]
    supplied = state["flow"].get("supplied", {})
    if kind == "march":
        forces = candidate_forces(state, seat, supplied)
        units: set[str] = set()
        for force in forces:
            if decision.data.get("part") == "part":
                # Part of a stack: any of its units may go (9.12), so every unit of a stack
                # of more than one.
                stack = movable_stack(state, seat, board[force[0]]["at"], supplied)
                if len(stack) > 1:
                    units.update(stack)
            else:
                units.update(force)
        return shaped(units, ())
    if kind == "rail":
        start = decision.data.get("from")
        if not isinstance(start, str):
            return {}
        return shaped(movable_stack(state, seat, start, supplied), [start])
    if kind == "combat":
        target = decision.data.get("target")
        th = theatre(state["board"]["map"])
        units = set()
        for item in attack_items(state, th, seat, supplied):
            if item["action"]["target"] == target:
                units.update(item["action"]["units"])
        return shaped(units, [target] if target else [])
    if kind == "stop":
        return shaped(movement.active_force(state, seat, supplied), ())
    if kind == "sea_move":
        th = theatre(state["board"]["map"])
        return concerns_of(admiralty.sea_moves(state, th, seat), ("unit",), ("to",))
    if kind == "naval_move":    # 7.2: the ships whose stack can go somewhere (the chart's counters)
        th = theatre(state["board"]["map"])
        moving = {u for item in naval.move_items(state, th, seat) for u in item["action"]["units"]}
        return shaped(moving, ())
    found = concerns_of(decision.options or (), UNIT_FIELDS, PLACE_FIELDS)
    # Only real units name counters ("attrition", "fortress" and the pool's arrivals do not).
    units = {u for u in found.get("units", []) if u in UNITS and u in board}
    places = set(found.get("places", []))
    combat = state["flow"].get("combat")
    if combat and any(isinstance(o, dict) and "fortress" in o.values()
                      for o in decision.options or ()):
        places.add(combat["target"])    # a fortress step or point unit: the attacked place
    return shaped(units, places)
