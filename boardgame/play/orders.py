"""Written orders (engine/kernel/simultaneous.py) as services: write, withdraw, ready.

Writing or withdrawing an order locks the game row like any action, but it is no step of the
game: the version stays, nothing is broadcast to the others, and only the seat's own audiences
get an `orders` frame. "Ready" and "not ready" are steps like any other, through the one write
path (`actions.seat_step`): recorded, versioned and broadcast, and the step that makes the last
seat ready also reveals and resolves the group. Every write and withdrawal is logged
(`OrderLog`), sealed until the group resolves.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine.kernel import IllegalAction, MalformedAction, Outcome, simultaneous

from . import orderbook
from .actions import (
    Accepted,
    ActionRejected,
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

    return seat_step(game_id, user, seat, cid, kind="ready", decision=None, action=None,
                     step=step, recorded=recorded, by=by, authorise=authorise)

