"""Writing notices: called inside the transaction of the change they report (through
boardgame/lobby/notify.py, the deadline sweeper and the press service), so a notice exists
exactly when its change committed. Each call is one SELECT of the seated players and one
INSERT of all its notices; nothing is sent here (the notification sweep sends).

What a notice holds is its recipient's own business or public: the game, the seats the
recipient holds, a deadline. Never a decision's options, an order, a sealed answer or a
press text — the messages name the game and the event, and the page shows the rest to
whoever may see it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from boardgame.lobby.models import Seat

from .models import (
    DEADLINE_NEAR,
    GAME_ENDED,
    GAME_STARTED,
    PRESS,
    SEAT_HANDED,
    YOUR_MOVE,
    Notice,
)


def _players(table_id: int, seats: list[str] | None = None) -> dict[int, list[str]]:
    """user id → the seats (of `seats`, when given) that user holds at the table."""
    rows = Seat.objects.filter(table_id=table_id, user__isnull=False)
    if seats is not None:
        rows = rows.filter(seat__in=seats)
    held: dict[int, list[str]] = defaultdict(list)
    for user_id, seat in rows.values_list("user_id", "seat"):
        held[user_id].append(seat)
    return {user: sorted(s) for user, s in held.items()}


def _game_of(table_id: int) -> int | None:
    from boardgame.play.models import Game
    return Game.objects.filter(table_id=table_id).values_list("id", flat=True).first()


def _write(game_id: int | None, kind: str, players: dict[int, list[str]],
           public: dict[str, Any] | None, extra: dict[str, Any] | None = None) -> None:
    notices = [Notice(user_id=user, game_id=game_id, kind=kind,
                      data={"seats": seats, **(extra or {})})
               for user, seats in sorted(players.items())]
    if public is not None:
        notices.append(Notice(user=None, game_id=game_id, kind=kind, data=public))
    if notices:
        Notice.objects.bulk_create(notices)


def moves_opened(table_id: int, seats: list[str]) -> None:
    """In an async game `seats` got a decision: their players' "your move"; the game's
    webhooks hear whose move it is (the game page shows every audience that much)."""
    game_id = _game_of(table_id)
    if game_id is not None:
        _write(game_id, YOUR_MOVE, _players(table_id, seats), {"seats": sorted(seats)})


def game_started(table_id: int) -> None:
    _write(_game_of(table_id), GAME_STARTED, _players(table_id), {})


def game_ended(table_id: int) -> None:
    """The result is read when the message is made (it is public, and not yet stored when
    the game's write path calls this)."""
    _write(_game_of(table_id), GAME_ENDED, _players(table_id), {})


def seat_handed(game_id: int, user_id: int, seat: str) -> None:
    Notice.objects.create(user_id=user_id, game_id=game_id, kind=SEAT_HANDED,
                          data={"seats": [seat]})


def deadline_near(game_id: int, user_id: int, seats: list[str], deadline_ms: int,
                  key: str) -> bool:
    """One reminder; `key` makes it once per deadline and reminder time. True if new."""
    if Notice.objects.filter(key=key).exists():
        return False
    Notice.objects.create(user_id=user_id, game_id=game_id, kind=DEADLINE_NEAR, key=key,
                          data={"seats": seats, "deadline": deadline_ms})
    return True


def press_posted(game_id: int, channel_id: int, recipients: dict[int, list[str]],
                 sender_seats: list[str]) -> None:
    """Private press for `recipients` (user → the seats through which they hear it). The
    notice names the channel and who wrote, never the text; no public notice at all."""
    _write(game_id, PRESS, recipients, None,
           {"channel": channel_id, "from": sender_seats})
