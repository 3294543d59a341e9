"""Written orders (engine/kernel/simultaneous.py) as services: write, withdraw, ready.

Writing or withdrawing an order locks the game row like any action, but it is no step of the
game: the version stays, nothing is broadcast to the others, and only the seat's own audiences
get an `orders` frame. "Ready" and "not ready" are steps like any other, through the one write
path (`actions.seat_step`): recorded, versioned and broadcast, and the step that makes the last
seat ready also reveals and resolves the group. Every write and withdrawal is logged
(`OrderLog`), sealed until the group resolves.

Where that last ready resolves (twteaw ruling 68, issue #23: "resolution runs in the deadline
sweeper or a worker under the game's row lock, never in a request"): for the rulesets in
`RESOLVED_BY_WORKER`, the request whose ready would resolve the group commits only the ready —
`hold_ready` keeps it in `Game.live["held"]` (seat, group, cid, user, by), makes the game due
at once and enqueues `resolve_held` on the task runner (transactional: it exists only if the
ready commits), then acknowledges it. The task worker, under the game's row lock
(`deadlines.resolve_game`), plays each held ready as the step it would have been
(`play_held`: the same record, by the same user with the same cid) and the group resolves
there. A held ready repeated with its cid answers as repeated; a worker killed before its
commit leaves the ready held and the game due, so the next worker resolves it once.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from engine.kernel import IllegalAction, MalformedAction, Outcome, simultaneous

from . import clocks, orderbook
from .actions import (
    Accepted,
    ActionRejected,
    Step,
    _append,
    check_cid,
    check_decision_id,
    check_holds_seat,
    check_not_over,
    check_not_paused,
    check_seat_name,
    engine_rejection,
    lock_game,
    playable_ruleset,
    seat_step,
    settle_orders,
)
from .frames import Committed
from .models import Game

logger = logging.getLogger(__name__)

# The rulesets whose resolving ready is held for the task worker (ruling 68 of twteaw).
RESOLVED_BY_WORKER = frozenset(getattr(settings, "SALIENT_RESOLVED_BY_WORKER", ("twteaw",)))


def _change_book(game_id: int, user: Any, seat: Any, decision: Any,
                 change: Any, authorise: Any = None) -> Committed[dict[str, Any]]:
    """Lock the game, check the seat, change the book with `change(ruleset, game)` and log it.
    Answers the seat's orders as they now stand, which the seat's audiences get too. Opens its
    own durable transaction (the caller holds none). `authorise(user, game, seat)` replaces
    the check that `user` holds `seat` (the game master's proxy orders, gm.py)."""
    seat = check_seat_name(seat)
    decision = check_decision_id(decision)
    with transaction.atomic(durable=True):
        game = lock_game(game_id, user=user, seat=seat)
        (authorise or check_holds_seat)(user, game, seat)
        check_not_over(game)
        ruleset = playable_ruleset(game)
        check_not_paused(game)
        try:
            book = change(ruleset, game, seat, decision)
        except (IllegalAction, MalformedAction) as exc:
            raise engine_rejection(exc, game.version) from None
        before, game.orders = game.orders, book
        Game.objects.filter(pk=game.pk).update(orders=book)
        orderbook.log_changes(game, before, book, seat, user)
    mine = {"seat": seat, "v": game.version, "orders": orderbook.seat_orders(book, seat)}
    return Committed(mine, orderbook.orders_messages(game, seat))


def do_write_order(game_id: int, user: Any, seat: Any, decision: Any,
                   action: Any, authorise: Any = None) -> Committed[dict[str, Any]]:
    """Write (or replace) `seat`'s order for `decision`. Raises ActionRejected."""
    return _change_book(game_id, user, seat, decision, lambda ruleset, game, seat, decision:
                        simultaneous.write_order(ruleset, game.state, game.orders, seat,
                                                 decision, action), authorise)


def do_withdraw_order(game_id: int, user: Any, seat: Any,
                      decision: Any) -> Committed[dict[str, Any]]:
    """Withdraw `seat`'s order for `decision`. Raises ActionRejected."""
    return _change_book(game_id, user, seat, decision, lambda ruleset, game, seat, decision:
                        simultaneous.withdraw_order(ruleset, game.state, game.orders, seat,
                                                    decision))


def submit_ready(game_id: int, user: Any, seat: Any, group: Any, ready: Any,
                 cid: Any, by: str = "user", authorise: Any = None) -> Committed[Accepted]:
    """`seat` is ready (or no longer) in `group`: a step of the game. Raises ActionRejected.
    Opens its own durable transaction and locks the game row (`actions.seat_step`). `by`:
    as for `actions.submit_action`."""
    cid = check_cid(cid)
    seat = check_seat_name(seat)
    if not isinstance(group, str) or not 1 <= len(group) <= 200:
        raise ActionRejected("group must be a decision group id.", code="request/invalid",
                             status=400, field="group")
    if not isinstance(ready, bool):
        raise ActionRejected("ready must be true or false.", code="request/invalid",
                             status=400, field="ready")

    def step(ruleset: Any, game: Game) -> Outcome:
        return simultaneous.set_ready(ruleset, game.state, game.orders, seat, group, ready,
                                      seed=bytes(game.seed))

    def recorded(game: Game, outcome: Outcome) -> dict[str, Any]:
        action = simultaneous.step_action(game.orders, group, seat, outcome, ready)
        settle_orders(game, game.orders, group, outcome)
        return action

    def hold(game: Game, ruleset: Any, outcome: Outcome) -> Accepted | None:
        return hold_ready(game, outcome, user=user, seat=seat, group=group, cid=cid, by=by)

    return seat_step(game_id, user, seat, cid, kind="ready", decision=None, action=None,
                     step=step, recorded=recorded, by=by, authorise=authorise,
                     hold=hold if ready else None)


def _resolves(outcome: Outcome) -> bool:
    return any(event.kind == "answers_revealed" for event in outcome.events)


def hold_ready(game: Game, outcome: Outcome, *, user: Any, seat: str, group: str, cid: str,
               by: str) -> Accepted | None:
    """A ready that would resolve its group, in a ruleset resolved by the worker: kept in
    `game.live["held"]` for the task worker instead of played, the game due now, the worker
    woken. The Accepted to answer (repeated when this cid is held already); None when the
    ready is played here as usual. Caller holds the lock, inside its durable transaction."""
    if game.ruleset not in RESOLVED_BY_WORKER or not _resolves(outcome):
        return None
    user_id = user.pk if user is not None and user.is_authenticated else None
    held = list(game.live.get("held", []))
    if any(h["cid"] == cid and h["user"] == user_id for h in held):
        return Accepted(cid, game.version, repeated=True)
    if any(h["seat"] == seat and h["group"] == group for h in held):
        # Held already under another cid: as the kernel answers a seat that is ready.
        raise engine_rejection(IllegalAction("kernel", "ready_unchanged",
                                             {"group": group, "ready": True},
                                             "You are ready already."), game.version)
    held.append({"seat": seat, "group": group, "cid": cid, "user": user_id, "by": by,
                 "at": clocks.now_ms(timezone.now())})
    game.live = {**game.live, "held": held}
    clocks.refresh_due(game)
    game.save(update_fields=["live", "due"])
    from boardgame.jobs import wake
    wake.resolve_soon(game.pk)
    return Accepted(cid, game.version)


def play_held(game: Game, ruleset: Any, steps: list[Step]) -> None:
    """The task worker plays the held readies (`hold_ready`) as the steps they would have
    been: recorded by their user with their cid, the group resolving in the last. A held ready
    the position no longer allows (its seat withdrew an order meanwhile) is dropped and
    logged. Caller holds the lock (the deadline sweeper, `deadlines._resolve`)."""
    held = game.live.get("held", [])
    if not held:
        return
    game.live = {k: v for k, v in game.live.items() if k != "held"}
    users = {u.pk: u for u in get_user_model().objects.filter(
        pk__in=[h["user"] for h in held if h["user"] is not None])}
    for entry in held:
        seat, group = entry["seat"], entry["group"]
        try:
            outcome = simultaneous.set_ready(ruleset, game.state, game.orders, seat, group,
                                             True, seed=bytes(game.seed))
        except (IllegalAction, MalformedAction) as exc:
            logger.warning("held ready of %s in game %s dropped: %s", seat, game.pk, exc)
            continue
        action = simultaneous.step_action(game.orders, group, seat, outcome, True)
        settle_orders(game, game.orders, group, outcome)
        _append(game, outcome, kind="ready", seat=seat, decision=None, action=action,
                user=users.get(entry["user"]), by=entry["by"], cid=entry["cid"], steps=steps)

