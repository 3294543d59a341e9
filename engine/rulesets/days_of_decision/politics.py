"""DoD 8 — Political Affairs: in initiative order each power that bid plays its options one at
a time; after each, a d10 may end the step (8.6). Then DoD 8.6 / 5.D — bonus bid points for
every power that played nothing."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from . import options
from .powers import POWERS, modified_pe
from .tables import END_OF_STEP_MAX

State = dict[str, Any]
RULE = "DoD 8"


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


def seek(state: State) -> str:
    """Put the cursor on the power to play next, or leave political affairs."""
    flow, board = state["flow"], state["board"]
    index = None if flow["ended"] else next_player(board, flow["cursor"])
    if index is None:
        return "bonus"
    flow["cursor"] = index
    return "politics"


def option_decision(state: State) -> list[Decision]:
    flow, board = state["flow"], state["board"]
    if flow["ended"] or flow["cursor"] >= len(board["initiative"]):
        return []
    power = board["initiative"][flow["cursor"]]
    if not may_still_play(board, power):
        return []
    # private_answer: a 0(b) answer names its minor, which stays secret (8.7.2 MP 0(b)); the
    # public learns what was played from the option's own public events.
    return [Decision(
        id=f"t{board['turn']}-option-{power}-{board['powers'][power]['played'] + 1}",
        seats=(power,), kind="option", rule="DoD 8.2",
        prompt="Choose and resolve a political option",
        waiting=f"{POWERS[power].title} is choosing a political option",
        options=tuple(options.legal_options(board, power)), private_answer=True)]


def do_option(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """DoD 8.4 — pay and resolve the option; minor activation (8.5) is not built yet; then
    DoD 8.6 — unless nobody can play after this, roll to see whether the step ends."""
    flow, board = state["flow"], state["board"]
    events = options.play_option(state, seat, action, roller)
    played_before = flow["played_step"]
    flow["played_step"] += 1
    if next_player(board, flow["cursor"]) is None:
        flow["ended"] = True
        return events + [Event("political_affairs_over", "DoD 8.6",
                               {"reason": "last_bidder_done", "power": seat})]
    # The at-war modifiers (+1 if four or more powers fight each other, +2 if every power is
    # at war) need war, which this slice cannot start: both are always 0 here.
    roll = roller.d(10, f"end of political affairs after {seat}")
    modified = roll - played_before
    over = modified <= END_OF_STEP_MAX
    flow["ended"] = over
    return events + [Event("end_of_step_roll", "DoD 8.6", {
        "power": seat, "roll": roll, "modified": modified, "over": over})]


def after_option(state: State) -> str:
    return seek(state)


# --- step: bonus bid points (DoD 8.6, 5.D) -------------------------------------------------------

def bonus_bids(state: State, roller: Roller) -> list[Event]:
    """A power that played no option gains bid points equal to its modified PE; at negative
    modified PE it pays that much money instead, even past its credit limit."""
    board, events = state["board"], []
    for power in board["initiative"]:
        entry = board["powers"][power]
        if entry["played"]:
            continue
        pe = modified_pe(board, power)
        if pe >= 0:
            entry["bid_points"] += pe
        else:
            entry["money"] += pe
        events.append(Event("bonus_bid_points", "DoD 8.6",
                            {"power": power, "bid_points": max(pe, 0), "paid": max(-pe, 0)}))
    return events
