"""Seat replacement: the host hands a seat in civil disorder to another registered player
(or back to its returning player). The game's state does not change — only who holds the seat
— so this is no step of the game: every audience gets a `seats` frame, and a socket whose user
lost or gained a seat closes (4410) and reconnects with its new audience.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from boardgame.lobby.models import Seat, Table
from engine.kernel.game import KERNEL

from . import clocks, frames, gmrecord, services
from .actions import ActionRejected, check_not_over, check_seat_name, lock_game, user_seats
from .frames import Committed
from .models import LeftInDisorder


def do_replace_seat(game_id: int, host: Any, seat: Any,
                    new_user: Any) -> Committed[dict[str, Any]]:
    """The host hands a seat in civil disorder to a replacement player (or back to its
    returning player). Its miss count starts again from 0. Every audience gets a `seats`
    frame (the new seating), then a `clock` frame (the disorder list changed); the answer is
    the `seats` frame. Opens its own durable transaction and locks the game row, then the
    table's.

    Refusals: auth/not_host, game/seat_not_found, game/over, game/not_in_disorder,
    game/already_seated (the replacement holds a seat of another side, or any other seat at a
    table that allows one seat per player)."""
    seat = check_seat_name(seat)
    if new_user is None or not getattr(new_user, "is_authenticated", False):
        raise ActionRejected("Name a registered player to take the seat.",
                             code="request/invalid", status=400, field="username")
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        table = Table.objects.select_for_update().get(pk=game.table_id)
        if host is None or not host.is_authenticated or table.host_id != host.pk:
            raise ActionRejected("Only the host may replace a player.", code="auth/not_host",
                                 status=403, v=game.version)
        check_replacement(game, table, seat, new_user)
        frame = seat_locked(game, seat, new_user)
        clock = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame)
                     + frames.everyone_messages(game.pk, game.state, clock))


def check_replacement(game: Any, table: Table, seat: str, new_user: Any) -> None:
    """Whether `new_user` may take `seat` now: the seat exists, the game runs, the seat is in
    civil disorder and the newcomer holds no seat the table's rules forbid. Shared by the
    host's replacement and the game master's fill from the pool (gm.py). Caller holds the
    game's and the table's row locks."""
    sides = game.state[KERNEL]["sides"]
    if seat not in sides:
        raise ActionRejected(f"This game has no seat {seat!r}.",
                             code="game/seat_not_found", status=404, v=game.version,
                             seat=seat, seats=sorted(sides))
    check_not_over(game)
    if seat not in game.live.get("disorder", []):
        raise ActionRejected(f"{seat} is not in civil disorder.",
                             code="game/not_in_disorder", v=game.version, seat=seat)
    check_may_play(game, table, seat, new_user)
    held = [s for s in user_seats(new_user, game) if s != seat]
    if held and (not table.allow_multiple_seats
                 or any(sides[s] != sides[seat] for s in held)):
        raise ActionRejected(
            f"{new_user.get_username()} already plays {', '.join(held)} in this game.",
            code="game/already_seated", v=game.version, seat=seat,
            player=new_user.get_username(), seats=held)


def check_may_play(game: Any, table: Table, seat: str, new_user: Any) -> None:
    """A game master never plays a nation of the game: not while GM (a GM holds no seat), and
    not after a look or proxy orders showed it a nation's own side of the fog (twteaw rulings
    57, 58 and 61) — seating it later would hand that nation's secrets to another nation.
    Shared by every way a person takes a seat mid-game (replacement, the GM's fill, the
    host's take-over of a bot's seat)."""
    if gmrecord.gm_user_id(game, table) == new_user.pk:
        raise ActionRejected(f"{new_user.get_username()} is this game's master and may not play a nation.",
                             code="gm/is_gm", v=game.version, seat=seat)
    if gmrecord.saw_a_nation(game, new_user):
        raise ActionRejected(
            f"{new_user.get_username()} saw a nation's own view or orders as this game's master "
            "and may not play a nation of it.", code="gm/saw_a_nation", v=game.version, seat=seat)


def seat_locked(game: Any, seat: str, new_user: Any) -> dict[str, Any]:
    """`new_user` holds `seat` from now on; the seat leaves civil disorder with its miss count
    at 0. Saves the seat and the game's `live`; returns the `seats` frame. The caller holds
    the game's and the table's row locks (in that order) and sends the frame once committed."""
    row = Seat.objects.select_related("user").get(table_id=game.table_id, seat=seat)
    previous = row.user.get_username() if row.user_id else None
    live = dict(game.live)
    if row.user_id is not None and seat in live.get("disorder", []):
        # Who left the seat in civil disorder, and after how many misses: the player's
        # reliability keeps it once the seat is someone else's (ratings/profiles.py).
        LeftInDisorder.objects.create(game_id=game.pk, seat=seat, user_id=row.user_id,
                                      missed=live.get("missed", {}).get(seat, 0))
    row.user = new_user
    row.claimed = timezone.now()
    row.save(update_fields=["user", "claimed"])
    live["disorder"] = [s for s in live.get("disorder", []) if s != seat]
    live["missed"] = {**live.get("missed", {}), seat: 0}
    game.live = live
    game.save(update_fields=["live"])
    return {"type": "seats", "seats": services.players(game),
            "replaced": {"seat": seat, "player": new_user.get_username(), "previous": previous}}
