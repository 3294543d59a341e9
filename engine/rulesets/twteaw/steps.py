"""The sequence of play as a step table: one step takes every seat's written orders for the
turn (a revisable sealed group, each seat's order set a written order with a ready flag), the
group resolves the whole turn, and the table loops until the game is over."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.flow import Answers, Flow, Step

from .nations import NATIONS
from .resolution import resolve_turn

State = dict[str, Any]
RULE = "TWTEAW turn"
ORDERS_SCHEMA = {"type": "object", "description": "a nation's orders for the turn (engine/rulesets/twteaw/orders.py)",
                 "properties": {k: {"type": "array"} for k in
                                ("declare", "build", "moves", "support", "incorporate", "casualties", "blockade", "close", "reopen", "air")}
                 | {"surrender": {"type": "boolean"}, "surrender_votes": {"type": "object"}}}


def group_id(state: State) -> str:
    return f"t{state['board']['turn']}-orders"


def order_decisions(state: State) -> list[Decision]:
    if state["flow"]["phase"] != "orders":
        return []
    board = state["board"]
    return [Decision(
        id=f"t{board['turn']}-orders-{seat}", seats=(seat,), kind="orders", rule=RULE,
        prompt=f"Write your orders for {board['date']}",
        waiting=f"{NATIONS[seat].title} is writing orders", schema=ORDERS_SCHEMA,
        group=group_id(state), revisable=True, private_answer=True)
        for seat in sorted(state["kernel"]["sides"])]


def resolve_orders(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    orders = {seat: action for _, seat, action in answers}
    events = resolve_turn(state, orders, roller)
    state["flow"]["phase"] = "resolved"
    return events


def after_turn(state: State) -> str:
    if state["board"]["result"] is not None:
        return "over"
    state["flow"]["phase"] = "orders"
    return "orders"


def _position(state: State) -> str:
    return str(state["flow"]["step"])


def _move_to(state: State, step: str) -> None:
    state["flow"]["step"] = step


FLOW = Flow([
    Step("orders", RULE, decisions=order_decisions, resolve=resolve_orders, next=after_turn),
    Step("over", "TWTEAW victory", next=None),
], position=_position, move_to=_move_to)
