"""DoD 8.2 / 8.6 — who plays next in political affairs, and the roll after each option (and its
activation, 8.5) that may end the step."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import options, war
from .tables import END_OF_STEP_MAX

State = dict[str, Any]


def may_still_play(board: dict[str, Any], power: str) -> bool:
    """DoD 8.2 — a power plays while it has options bid for and a legal option to choose.
    RULING: a power with bids left but nothing legal forfeits the rest of its bids."""
    bid = board["bids"][power]
    if bid["options"] == 0 or board["powers"][power]["played"] >= bid["options"]:
        return False
    return bool(options.legal_options(board, power))


def next_player(board: dict[str, Any], start: int) -> int | None:
    """The first initiative position from `start` (0-based) whose power may still play."""
    order = board["initiative"]
    for index in range(start, len(order)):
        if may_still_play(board, order[index]):
            return index
    return None


def end_of_option(state: State, seat: str, played_before: int, roller: Roller) -> list[Event]:
    """DoD 8.6 — unless nobody can play after this, roll to see whether the step ends."""
    flow, board = state["flow"], state["board"]
    if next_player(board, flow["cursor"]) is None:
        flow["ended"] = True
        return [Event("political_affairs_over", "DoD 8.6",
                      {"reason": "last_bidder_done", "power": seat})]
    # The at-war modifiers: +1 if four or more powers fight each other, +2 if every power
    # still in the game is at war (war.war_modifier, ruling 30).
    roll = roller.d(10, f"end of political affairs after {seat}")
    modified = roll - played_before + war.war_modifier(board)
    over = modified <= END_OF_STEP_MAX
    flow["ended"] = over
    return [Event("end_of_step_roll", "DoD 8.6", {
        "power": seat, "roll": roll, "modified": modified, "over": over})]
