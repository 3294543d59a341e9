"""Written orders: simultaneous decisions a seat may revise until its group resolves.

A `revisable` decision group (Days of Decision's bids, The War to End All Wars' orders, any
async turn that should resolve once everyone is ready) is answered in two kinds of act:

- **orders** — write, replace or withdraw a seat's answer to one decision of the group. Orders
  live *beside* the game state, in a book the caller keeps (the platform's database; selfplay's
  dict), never in the state. That is the point: the state's every change is a new version that
  every audience receives, so an order kept in the state would tell the others when and how
  often a seat revised, however well its content was hidden. Writing an order changes no
  version.
- **ready** — a seat says it is ready (every decision of the group it holds has an order) or
  no longer ready. That is public, and a step of the game like any other. When the last seat
  holding decisions of the group becomes ready, the same step reveals every order and lets the
  ruleset resolve the group.

At the deadline `expire` resolves the group with the orders written, ready or not (an order
written is an order given, as a moderator of a play-by-mail game would take it), and the
ruleset's timeout default for a decision nobody wrote. Each order is checked when written and
again when the group resolves; one that the position has made illegal since is void, replaced
by the timeout default, and said so in an event.

A seat that is ready may still revise its orders (privately); to withdraw one it must first
say it is not ready, because a ready seat must always hold a full set. The book:

    {group: {decision_id: {"seat": seat, "action": action}}}

Functions here never mutate their inputs.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, MalformedAction
from .game import (
    KERNEL,
    Outcome,
    check_action,
    close_step,
    copy_json,
    decisions,
    open_decision,
    reveal_and_resolve,
    step_roller,
    view,
)
from .model import Audience, Decision, Event, SeatId
from .ruleset import Ruleset

Book = dict[str, dict[str, dict[str, Any]]]


def _orders_decision(ruleset: Ruleset, state: dict[str, Any], seat: SeatId,
                     decision_id: str) -> tuple[Decision, str]:
    """The open written-orders decision `decision_id` of `seat`, and its group."""
    decision = open_decision(ruleset, state, seat, decision_id)
    if not decision.revisable or decision.group is None:
        raise IllegalAction("kernel", "not_written_orders", {"decision": decision_id},
                            "This decision is answered directly, not by written orders.")
    return decision, decision.group


def group_decisions(ruleset: Ruleset, state: dict[str, Any], group: str) -> list[Decision]:
    """The open decisions of a revisable group, sorted by id."""
    return [d for d in decisions(ruleset, state) if d.group == group and d.revisable]


def ready_seats(state: dict[str, Any], group: str) -> list[SeatId]:
    return list(state[KERNEL].get("ready", {}).get(group, []))


def write_order(ruleset: Ruleset, state: dict[str, Any], book: Book, seat: SeatId,
                decision_id: str, action: Any) -> Book:
    """The book with `seat`'s order for `decision_id` written (or replaced). Raises
    MalformedAction or IllegalAction as `apply` does."""
    decision, group = _orders_decision(ruleset, state, seat, decision_id)
    checked = check_action(ruleset, state, seat, decision, action)
    out: Book = copy_json(book)
    out.setdefault(group, {})[decision.id] = {"seat": seat, "action": checked}
    return out


def withdraw_order(ruleset: Ruleset, state: dict[str, Any], book: Book, seat: SeatId,
                   decision_id: str) -> Book:
    """The book without `seat`'s order for `decision_id`."""
    decision, group = _orders_decision(ruleset, state, seat, decision_id)
    if seat in ready_seats(state, group):
        raise IllegalAction("kernel", "ready_holds_orders", {"group": group},
                            "You said you are ready: say you are not ready before you "
                            "withdraw an order.")
    if decision.id not in book.get(group, {}):
        raise IllegalAction("kernel", "no_order", {"decision": decision.id},
                            "There is no order of yours to withdraw for this decision.")
    out: Book = copy_json(book)
    del out[group][decision.id]
    if not out[group]:
        del out[group]
    return out


def _waits_for(decision: Decision, seat: SeatId, ready: dict[str, list[SeatId]]) -> bool:
    """Whether an open decision waits for `seat`: not when it is of a written-orders group in
    which the seat said it is ready (its orders stand; only revising is left to it)."""
    return seat in decision.seats and not (
        decision.revisable and decision.group is not None
        and seat in ready.get(decision.group, []))


def awaiting(ruleset: Ruleset, state: dict[str, Any], seat: SeatId) -> list[Decision]:
    """The open decisions that wait for `seat`."""
    ready = state[KERNEL].get("ready", {})
    return [d for d in decisions(ruleset, state) if _waits_for(d, seat, ready)]


def waiting_for(ruleset: Ruleset, state: dict[str, Any]) -> list[SeatId]:
    """The seats the game waits for (whose clocks run): one listing of the open decisions, as
    it runs after every step."""
    ready = state[KERNEL].get("ready", {})
    return sorted({seat for d in decisions(ruleset, state) for seat in d.seats
                   if _waits_for(d, seat, ready)})


def time_out(ruleset: Ruleset, state: dict[str, Any], book: Book, seat: SeatId, group: str,
             *, seed: bytes) -> tuple[Book, Outcome]:
    """`seat`'s deadline passed in `group`: its orders stand, the timeout default fills each
    decision it left without one, and it is ready (which may resolve the group)."""
    for decision_id in missing_orders(ruleset, state, book, seat, group):
        decision = next(d for d in decisions(ruleset, state) if d.id == decision_id)
        book = write_order(ruleset, state, book, seat, decision_id,
                           ruleset.timeout_default(state, decision, seat))
    return book, set_ready(ruleset, state, book, seat, group, True, seed=seed)


def missing_orders(ruleset: Ruleset, state: dict[str, Any], book: Book, seat: SeatId,
                   group: str) -> list[str]:
    """The decisions of `group` that `seat` holds and has written no order for."""
    written = book.get(group, {})
    return [d.id for d in group_decisions(ruleset, state, group)
            if seat in d.seats and d.id not in written]


def set_ready(ruleset: Ruleset, state: dict[str, Any], book: Book, seat: SeatId, group: str,
              ready: bool, *, seed: bytes) -> Outcome:
    """`seat` says it is ready (or not) in `group`: a public step. When it is the last seat of
    the group to be ready, the step also reveals and resolves the group."""
    held = [d for d in group_decisions(ruleset, state, group) if seat in d.seats]
    if not held:
        raise IllegalAction("kernel", "not_in_group", {"group": group, "seat": seat},
                            f"{seat} has no orders to give in {group}.")
    already = seat in ready_seats(state, group)
    if ready == already:
        raise IllegalAction("kernel", "ready_unchanged", {"group": group, "ready": ready},
                            "You are ready already." if ready else "You are not ready yet.")
    if ready:
        missing = missing_orders(ruleset, state, book, seat, group)
        if missing:
            raise IllegalAction("kernel", "orders_missing", {"decisions": missing},
                                f"Write your orders for {', '.join(missing)} first.")
    work = copy_json(state)
    kernel = work[KERNEL]
    flags = kernel.setdefault("ready", {})
    seats = set(flags.get(group, []))
    if ready:
        seats.add(seat)
    else:
        seats.discard(seat)
    flags[group] = sorted(seats)
    rule = held[0].rule
    events = [Event("orders_ready" if ready else "orders_not_ready", rule,
                    {"group": group, "seat": seat})]
    roller = step_roller(work, seed, f"ready:{group}")
    every_seat = {s for d in group_decisions(ruleset, state, group) for s in d.seats}
    resolved = ready and seats >= every_seat
    if resolved:
        events.extend(_resolve(ruleset, work, book, group, rule, roller))
    close_step(ruleset, work, roller, rule, events)
    # A ready step that resolves nothing is logged with the seat's orders (so that replay can
    # check them), which stay sealed from the other audiences until the group resolves. Orders
    # of a private group stay with their seats even then (`private_group`).
    return Outcome(work, tuple(events), tuple(roller.rolls),
                   sealed_group=None if resolved or not ready else group,
                   private=private_group(group_decisions(ruleset, state, group)))


def expire(ruleset: Ruleset, state: dict[str, Any], book: Book, group: str, *,
           seed: bytes) -> Outcome:
    """The group's deadline passed: resolve it with the orders written, and the timeout
    default for any decision without one."""
    open_now = group_decisions(ruleset, state, group)
    if not open_now:
        raise IllegalAction("kernel", "no_open_group", {"group": group},
                            f"{group} is not waiting for orders.")
    work = copy_json(state)
    rule = open_now[0].rule
    roller = step_roller(work, seed, f"ready:{group}")
    events = [Event("orders_deadline", rule, {"group": group,
                                              "not_ready": sorted(
                                                  {s for d in open_now for s in d.seats}
                                                  - set(ready_seats(state, group)))})]
    events.extend(_resolve(ruleset, work, book, group, rule, roller))
    close_step(ruleset, work, roller, rule, events)
    return Outcome(work, tuple(events), tuple(roller.rolls), private=private_group(open_now))


def private_group(group: list[Decision]) -> bool:
    """Whether a group's orders are private (fog of war: a nation's orders reach only the
    audiences of its seat, before the group resolves and after). The steps of such a group
    are logged `private`, and a record shows each audience only its own seats' orders in them
    (`record.redact_record`). One private decision makes the whole group's log private."""
    return any(decision.private_answer for decision in group)


def _resolve(ruleset: Ruleset, work: dict[str, Any], book: Book, group: str, rule: str,
             roller: Any) -> list[Event]:
    written = book.get(group, {})
    answers = []
    events: list[Event] = []
    for decision in group_decisions(ruleset, work, group):
        order = written.get(decision.id)
        seat = order["seat"] if order else decision.seats[0]
        if order is None:
            action = ruleset.timeout_default(work, decision, seat)
        else:
            try:
                action = check_action(ruleset, work, seat, decision, order["action"])
            except (IllegalAction, MalformedAction) as exc:
                action = ruleset.timeout_default(work, decision, seat)
                events.append(Event("order_void", decision.rule,
                                    {"decision": decision.id, "seat": seat,
                                     "reason": exc.as_dict()}, audience=f"seat:{seat}"))
        answers.append((decision, seat, action))
    _close_group(work[KERNEL], group)
    events.extend(reveal_and_resolve(ruleset, work, group, rule, answers, roller))
    return events


def _close_group(kernel: dict[str, Any], group: str) -> None:
    """The group's ready flags go when it resolves, and not before: while the entry exists
    (even empty, after every seat said not ready) the group is open, and the orders logged
    with its ready steps stay sealed (`record.open_sealed_groups`). No empty `ready` is left,
    so a game that never used written orders keeps its state as it was."""
    flags = kernel.get("ready", {})
    flags.pop(group, None)
    if not flags:
        kernel.pop("ready", None)


def step_action(book: Book, group: str, seat: SeatId | None, outcome: Outcome,
                ready: bool | None = None) -> dict[str, Any]:
    """What the log records for a ready or expire step: enough for replay to redo it. A step
    that resolves the group carries every order; a ready that does not, the seat's own."""
    resolved = any(event.kind == "answers_revealed" for event in outcome.events)
    written = book.get(group, {})
    orders = {decision_id: copy_json(order) for decision_id, order in sorted(written.items())
              if resolved or (ready and order["seat"] == seat)}
    action: dict[str, Any] = {"group": group, "orders": orders}
    if ready is not None:
        action["ready"] = ready
    return action


def view_with_orders(ruleset: Ruleset, state: dict[str, Any], book: Book,
                     audience: Audience) -> dict[str, Any]:
    """An audience's whole view when the game takes written orders: the state's view and, under
    `orders`, the audience's own orders. The platform sends this; the leak check tests it."""
    out = view(ruleset, state, audience)
    out["orders"] = orders_view(ruleset, state, book, audience)
    return out


def orders_view(ruleset: Ruleset, state: dict[str, Any], book: Book,
                audience: Audience) -> dict[str, Any]:
    """The orders `audience` may see: those of the seats it is entitled to, by decision id.
    Nothing about any other seat's orders — not their number, not their size."""
    entitled = ruleset.audience_seats(state, audience)
    return {decision_id: copy_json(order["action"])
            for group in sorted(book) for decision_id, order in sorted(book[group].items())
            if order["seat"] in entitled}
