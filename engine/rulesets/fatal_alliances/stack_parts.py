"""FA 11.9.1 / 11.12.1 — the orders of the units a player picked out of a stack.

A stack's units may move one by one or together, in any grouping (11.9.1: "one by one, or
stack by stack"; a moving stack drops units off but picks none up), and any of the units
eligible against a hex may attack it together (11.12.1). The listing the page and the bots
read (`orders.expand`) stays as it was — each unit alone and each whole stack, every attack
grouping of up to four units — and this module answers the page's narrower question: "what can
exactly these units do?" (the options query `{"units": [...]}`), and accepts a part of a stack
as a move order (the ruling "Part of a stack" in docs/rules/fatal_alliances.md). Every order the listing offered
before stays legal and reads the same, so recorded games replay unchanged.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, IllegalAction, MalformedAction

from . import combat as cb
from .movement import can_move, destinations
from .orders import (
    DONE,
    attack_partners,
    attack_targets,
    expand,
    group_attack_items,
    is_unit_list,
    rolled_defenders,
)
from .position import commander, on_map, unit
from .sequence import remaining


def _queried_units(state: dict[str, Any], query: Any) -> list[str] | None:
    """The unit ids of a `{"units": [...]}` query (None: no such query)."""
    if not isinstance(query, dict) or "units" not in query:
        return None
    ids = query["units"]
    if not is_unit_list(ids):
        raise MalformedAction("units must be a non-empty list of unit ids")
    unknown = sorted(set(ids) - set(state["board"]["units"]))
    if unknown:
        raise IllegalAction("FA 11.9.1", "unknown_unit", {"unit": unknown[0]},
                            f"There is no unit {unknown[0]!r}.")
    return sorted(set(ids))


def part_of_stack(state: dict[str, Any], power: str, ids: list[str]) -> list[str] | None:
    """`ids` in the order the stack lists them, when they are some of one hex's units that
    `power` may move now (FA 11.9.1) and the impulse's land moves cover them (FA 10.2);
    else None."""
    wanted = set(ids)
    stack = [u for u in on_map(state) if u["id"] in wanted]
    if len(stack) != len(wanted) or len({u["hex"] for u in stack}) != 1:
        return None
    if not all(commander(state, u["power"]) == power and can_move(state, u) for u in stack):
        return None
    left = remaining(state, power, "land_move")
    if left is not None and left < len(stack):
        return None
    return [u["id"] for u in stack]


def move_items(state: dict[str, Any], power: str, ids: list[str]) -> list[dict[str, Any]]:
    """FA 11.9.1 — where exactly these units can go together, at the stack's worst cost."""
    group = part_of_stack(state, power, ids)
    if group is None:
        return []
    return [{"action": {"units": group, "to": to}, "cost": info["cost"], "flip": info["flip"]}
            for to, info in destinations(state, group).items()]


def attack_items(state: dict[str, Any], power: str, ids: list[str]) -> list[dict[str, Any]]:
    """FA 11.12.1 — the attack of exactly these units on each hex every one of them may
    attack, with its odds and tables (none when a land attack is not left)."""
    left = remaining(state, power, "land_attack")
    if left is not None and left < 1:
        return []
    partners = attack_partners(state, power)
    supplied: dict[str, frozenset[str]] = {}
    wanted = set(ids)
    if state["board"].get("options", {}).get("in_hex_reserves") and not cb.attack_out_ok(
            state, [unit(state, i) for i in ids]):
        return []    # FA 2.3 (option 1): more than may attack out of the hex
    items: list[dict[str, Any]] = []
    for target in attack_targets(state, power):
        eligible = {u["id"] for u in cb.eligible_attackers(state, partners, target, supplied)}
        if wanted <= eligible:
            items += group_attack_items(state, power, target,
                                        rolled_defenders(state, power, target), sorted(wanted))
    return items


def validate_move(state: dict[str, Any], seat: str, action: Any) -> dict[str, Any] | None:
    """A move of part of a stack (FA 11.9.1) the listing does not name: the order as the
    stack lists its units, when those units may go there together; else None (the listing's
    refusal stands)."""
    if not (isinstance(action, dict) and set(action) == {"units", "to"}
            and is_unit_list(action["units"])):
        return None
    group = part_of_stack(state, seat, sorted(set(action["units"])))
    if group is None or len(group) != len(action["units"]):
        return None
    if action["to"] not in destinations(state, group):
        return None
    return {"units": group, "to": action["to"]}


def options(state: dict[str, Any], seat: str, decision: Decision,
            query: Any) -> list[dict[str, Any]]:
    """The listing of `orders.expand`, or with `{"units": [...]}` the orders of exactly those
    units: their moves together, their attacks; for the other activities, the listed orders
    that name only those units."""
    ids = _queried_units(state, query)
    if ids is None:
        return expand(state, seat, decision)
    if decision.kind == "land_move":
        return [{"action": dict(DONE)}] + move_items(state, seat, ids)
    if decision.kind == "land_attack":
        return [{"action": dict(DONE)}] + attack_items(state, seat, ids)
    wanted = set(ids)
    return [item for item in expand(state, seat, decision)
            if item["action"] == DONE or _named(item["action"]) <= wanted]


def _named(action: dict[str, Any]) -> set[str]:
    return set(action.get("units", [])) | ({action["unit"]} if "unit" in action else set())
