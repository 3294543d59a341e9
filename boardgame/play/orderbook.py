"""The book of written orders on the platform: its log, who may read a seat's orders, and the
frame that tells them. Below both the write path (`actions`, which plays deadlines) and the
orders service (`orders`), so neither imports the other for it.

A seat's orders reach only the audiences entitled to that seat (`seat:<it>` and, for a user
holding several seats of one side, `side:<its side>`): never another seat, never spectators,
and never as a versioned patch, whose numbering everyone sees.
"""

from __future__ import annotations

from typing import Any

from engine.kernel.game import KERNEL

from .frames import Message, audience_messages
from .models import Game, OrderLog


def seat_audiences(game: Game, seat: str) -> list[str]:
    side = game.state[KERNEL]["sides"].get(seat)
    return [f"seat:{seat}", f"side:{side}"]


def seat_orders(book: dict[str, Any], seat: str) -> dict[str, Any]:
    """`seat`'s orders in every open group, by decision id."""
    return {decision: order["action"] for group in sorted(book)
            for decision, order in sorted(book[group].items()) if order["seat"] == seat}


def orders_of_seats(book: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """The orders of the seats a caller holds, by seat (the welcome frame, the REST view)."""
    mine = {seat: seat_orders(book, seat) for seat in sorted(seats)}
    return {seat: orders for seat, orders in mine.items() if orders}


def log_changes(game: Game, before: dict[str, Any], after: dict[str, Any], seat: str,
                user: Any = None) -> list[OrderLog]:
    """Append to the log every order of `seat` that `after` writes or withdraws."""
    old, new = seat_orders(before, seat), seat_orders(after, seat)
    groups = {d: g for book in (before, after) for g, orders in book.items() for d in orders}
    entries = []
    for decision in sorted(set(old) | set(new)):
        if decision in new and (decision not in old or new[decision] != old[decision]):
            kind, action = OrderLog.Kind.WRITE, new[decision]
        elif decision not in new:
            kind, action = OrderLog.Kind.WITHDRAW, None
        else:
            continue
        entries.append(OrderLog(game=game, group=groups[decision], decision=decision, seat=seat,
                                kind=kind, action=action, version=game.version,
                                by_user=user if user is not None and user.is_authenticated
                                else None))
    return OrderLog.objects.bulk_create(entries)


def orders_messages(game: Game, seat: str) -> list[Message]:
    """`seat`'s orders as they now stand, to its audiences only."""
    frame = {"type": "orders", "seat": seat, "orders": seat_orders(game.orders, seat)}
    return audience_messages(game.pk, seat_audiences(game, seat), frame)
