"""DoD 6 — Initiative: every major power bids at once and in secret (a sealed group), the bids
are revealed together, the powers are ranked on the initiative track, and then each Democrat,
from the back of the track, may drop itself down once."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.flow import Answers

from .powers import DEMOCRACY, POWERS, SEATS, modified_pe
from .tables import BID_MODIFIER, MAX_OPTIONS_BID

State = dict[str, Any]
RULE = "DoD 6"
NO_BID = {"bid": 0, "options": 0}


def group_id(state: State) -> str:
    return f"t{state['board']['turn']}-bids"


def bid_choices(board: dict[str, Any], power: str) -> tuple[dict[str, int], ...]:
    """DoD 6 — no bid, or a positive whole number of bid points from the power's pool for one
    or more options (at most MAX_OPTIONS_BID, our ruling)."""
    if power in board["conquered"]:
        return (dict(NO_BID),)            # DoD 12: a conquered power is out of the game
    pool = int(board["powers"][power]["bid_points"])
    return (dict(NO_BID),) + tuple({"bid": bid, "options": k} for bid in range(1, pool + 1)
                                   for k in range(1, MAX_OPTIONS_BID + 1))


def final_bid(bid: int, options: int, last_position: int) -> Fraction:
    """DoD 6 — (bid + last turn's position modifier) / options, never rounded. A power that
    does not bid counts its modifier alone (the book's example: Germany 0 + 4)."""
    modifier = BID_MODIFIER[last_position - 1]
    return Fraction(bid + modifier, max(options, 1))


def rank(board: dict[str, Any], bids: dict[str, dict[str, int]],
         last_order: list[str]) -> list[str]:
    """DoD 6 — highest final bid first; ties by higher modified PE, then last turn's order;
    every power that did not bid comes after every power that did."""
    def key(power: str) -> tuple[bool, Fraction, int, int]:
        position = last_order.index(power) + 1
        bid = bids[power]
        return (bid["bid"] == 0, -final_bid(bid["bid"], bid["options"], position),
                -modified_pe(board, power), position)
    return sorted(bids, key=key)


# --- step: initiative (DoD 6) -------------------------------------------------------------------

def bid_decisions(state: State) -> list[Decision]:
    """Every power bids at once; the kernel seals each bid until all are in (commit/reveal)."""
    if state["flow"].get("bids_revealed"):
        return []
    board = state["board"]
    return [Decision(
        id=f"t{board['turn']}-bid-{power}", seats=(power,), kind="bid", rule=RULE,
        prompt="Bid for initiative: bid points, and how many options you want to play",
        waiting=f"{POWERS[power].title} is bidding", options=bid_choices(board, power),
        group=group_id(state))
        for power in SEATS]


def resolve_bids(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    """DoD 6 — reveal all bids, spend them (our ruling: a bid is spent whether or not the
    power gets to play), rank the powers and mark the last bidder."""
    board = state["board"]
    bids = {power: {"bid": int(a["bid"]), "options": int(a["options"])} for _, power, a in answers}
    last_order = list(board["initiative"])
    for power, bid in bids.items():
        board["powers"][power]["bid_points"] -= bid["bid"]
    order = rank(board, bids, last_order)
    bidders = [p for p in order if bids[p]["bid"] > 0]
    board["initiative"] = order
    board["bids"] = {p: dict(bids[p], final=str(final_bid(
        bids[p]["bid"], bids[p]["options"], last_order.index(p) + 1))) for p in sorted(bids)}
    board["last_bidder"] = bidders[-1] if bidders else None
    state["flow"]["bids_revealed"] = True
    return [Event("bids_revealed", RULE, {"bids": board["bids"], "initiative": order,
                                          "last_bidder": board["last_bidder"]})]


def after_bids(state: State) -> str:
    """The Democrats' drop-down follows, from the back of the track forwards."""
    order = state["board"]["initiative"]
    state["flow"]["drop"] = [p for p in reversed(order)
                             if POWERS[p].ideology == DEMOCRACY]
    return "democrats" if state["flow"]["drop"] else "weather"


# --- step: democrats drop down (DoD 6) ----------------------------------------------------------

def drop_positions(board: dict[str, Any], power: str) -> list[int]:
    """DoD 6 — the positions (1 = first) a Democrat may move to: its own or any later one; a
    power that bid must stay ahead of every power that did not."""
    order = board["initiative"]
    here = order.index(power) + 1
    lowest = len(order)
    if board["bids"][power]["bid"] > 0:
        lowest = sum(1 for p in order if board["bids"][p]["bid"] > 0)
    return list(range(here, lowest + 1))


def drop_decision(state: State) -> list[Decision]:
    drop = state["flow"].get("drop") or []
    if not drop:
        return []
    power, board = drop[0], state["board"]
    return [Decision(
        id=f"t{board['turn']}-drop-{power}", seats=(power,), kind="drop", rule=RULE,
        prompt="Keep your place on the initiative track, or move down",
        waiting=f"{POWERS[power].title} may move down the initiative track",
        options=tuple({"position": p} for p in drop_positions(board, power)))]


def do_drop(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    order = state["board"]["initiative"]
    before = order.index(seat) + 1
    order.remove(seat)
    order.insert(int(action["position"]) - 1, seat)
    if state["board"]["last_bidder"] is not None:
        bidders = [p for p in order if state["board"]["bids"][p]["bid"] > 0]
        state["board"]["last_bidder"] = bidders[-1]
    return [Event("initiative_dropped", RULE, {"power": seat, "from": before,
                                               "to": int(action["position"]),
                                               "initiative": list(order)})]


def after_drop(state: State) -> str:
    state["flow"]["drop"] = state["flow"]["drop"][1:]
    return "democrats" if state["flow"]["drop"] else "weather"
