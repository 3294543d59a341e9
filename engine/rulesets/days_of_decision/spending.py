"""DoD 10.2 — spending at production: every power at once buys bid points, army points and
naval points at 1 money each, down to its credit limit. A sealed group: the book gives no order
for this step and no power's purchase limits another's, so buying together is buying in any
order. Army and naval points are national totals here: placement in the home country (and the
Commonwealth's by initiative position, China's Communist share) waits for the map."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller
from engine.kernel.flow import Answers

from . import naval_treaty
from .powers import POWERS, SEATS

State = dict[str, Any]
RULE = "DoD 10.2"
ITEMS = ("bid_points", "army", "naval")
PRICE = 1               # DoD 10.2 — one money buys one of any of them
SCHEMA = {"type": "object", "required": list(ITEMS), "additionalProperties": False,
          "properties": {item: {"type": "integer", "minimum": 0} for item in ITEMS}}


def budget(board: dict[str, Any], power: str) -> int:
    """DoD 10.2 — what it may spend: its money above its credit limit (never negative)."""
    entry = board["powers"][power]
    return max(0, int(entry["money"]) + int(entry["credit_limit"]))


def suggestions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """A few whole purchases to pick from: nothing first (the timeout default), then the
    budget all in bid points, all in army points, and split in three."""
    money = budget(board, power)
    third = money // 3
    out = [{"bid_points": 0, "army": 0, "naval": 0},
           {"bid_points": money, "army": 0, "naval": 0},
           {"bid_points": 0, "army": money, "naval": 0},
           {"bid_points": third, "army": third, "naval": money - 2 * third}]
    if naval_treaty.naval_barred(board, power):         # IPO 15: no naval builds offered
        out[-1] = {"bid_points": money - third, "army": third, "naval": 0}
    unique = []
    for item in out:
        if item not in unique:
            unique.append(item)
    return unique


def validate(board: dict[str, Any], power: str, action: Any) -> dict[str, int]:
    if not isinstance(action, dict) or set(action) != set(ITEMS) or not all(
            type(action[k]) is int and action[k] >= 0 for k in ITEMS):
        raise MalformedAction('a purchase is {"bid_points": n, "army": n, "naval": n}, '
                              "each a whole number, 0 or more")
    total = PRICE * sum(action[k] for k in ITEMS)
    if total > budget(board, power):
        raise IllegalAction(RULE, "over_credit_limit", {"cost": total,
                                                         "budget": budget(board, power)},
                            f"That costs {total}; {POWERS[power].title} may spend "
                            f"{budget(board, power)} before reaching its credit limit.")
    if action["naval"] and naval_treaty.naval_barred(board, power):
        raise IllegalAction(naval_treaty.RULE, "naval_builds_barred", {"power": power},
                            f"{POWERS[power].title} holds the highest naval ratio in the Naval "
                            "Treaty at peace and may not build naval points.")
    return {k: action[k] for k in ITEMS}


def spend_decisions(state: State) -> list[Decision]:
    if state["flow"].get("spent"):
        return []
    board = state["board"]
    return [Decision(
        id=f"t{board['turn']}-spend-{power}", seats=(power,), kind="spend", rule=RULE,
        prompt="Buy bid points, army points and naval points (1 money each)",
        waiting=f"{POWERS[power].title} is spending", schema=SCHEMA,
        group=f"t{board['turn']}-spending", data={"budget": budget(board, power)})
        for power in SEATS]


def resolve_spending(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    board = state["board"]
    bought = {}
    for _, power, action in answers:
        entry = board["powers"][power]
        entry["money"] -= PRICE * sum(action[k] for k in ITEMS)
        for item in ITEMS:
            entry[item] += action[item]
        bought[power] = dict(action)
    state["flow"]["spent"] = True
    return [Event("purchases", RULE, {"bought": dict(sorted(bought.items()))}),
            *naval_treaty.recalculate(board)]
