"""The seat watch: a game socket whose user no longer holds exactly the seats fixed at its
`hello` closes with 4410 within SALIENT_WS_SEAT_CHECK_SECONDS (5 s), even when the `seats`
frame that should have closed it never came.

That frame travels through the channel layer, which is at-most-once: a replacement made while
Redis was down, or whose one PUBLISH was lost, left the replaced player's socket in the seat's
audience for the rest of the game (probe 2026-11-26, F5). A socket also re-derives its seats
whenever it catches up (consumers._catch_up_frames); this watch bounds the time a lost frame
can matter when no catch-up comes.

One task per process: each period, for the games that have a signed-in socket here, two
queries read their seating; nothing per socket or per frame.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from boardgame.lobby.models import Seat

from .models import Game

logger = logging.getLogger(__name__)

CHECK_SECONDS = float(os.environ.get("SALIENT_WS_SEAT_CHECK_SECONDS")
                      or getattr(settings, "SALIENT_WS_SEAT_CHECK_SECONDS", 5.0))


def seating(game_ids: list[int]) -> dict[int, list[tuple[str, int]]]:
    """game id → [(seat, user id)] of its taken seats (sync: two queries)."""
    games = dict(Game.objects.filter(pk__in=game_ids).values_list("table_id", "pk"))
    out: dict[int, list[tuple[str, int]]] = {game: [] for game in game_ids}
    for table_id, seat, user_id in Seat.objects.filter(
            table_id__in=list(games), user__isnull=False).values_list("table_id", "seat",
                                                                     "user_id"):
        out[games[table_id]].append((seat, user_id))
    return out


class SeatWatch:
    def __init__(self, every: float = CHECK_SECONDS) -> None:
        self.every = every
        self.sockets: dict[int, dict[Any, float]] = {}   # game → {socket: when it was added}
        self.task: asyncio.Task | None = None

    def add(self, socket: Any) -> None:
        """Watch a ready socket (it has `game_id`, `user`, `my_seats` and `seats_lost()`)."""
        self.sockets.setdefault(socket.game_id, {})[socket] = time.monotonic()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    def discard(self, socket: Any) -> None:
        watched = self.sockets.get(socket.game_id)
        if watched is not None:
            watched.pop(socket, None)
            if not watched:
                del self.sockets[socket.game_id]

    async def _run(self) -> None:
        while self.sockets:
            await asyncio.sleep(self.every)
            try:
                await self.check()
            except Exception:  # noqa: BLE001 — the next period tries again
                logger.warning("seat watch failed", exc_info=True)

    async def check(self) -> None:
        started = time.monotonic()
        now = await database_sync_to_async(seating)(sorted(self.sockets))
        for game_id, seats in now.items():
            for socket, added in list(self.sockets.get(game_id, {}).items()):
                if added > started:
                    continue  # its hello may have read a newer seating than this one
                held = sorted(seat for seat, user_id in seats if user_id == socket.user.pk)
                if held != sorted(socket.my_seats):
                    self.discard(socket)
                    await socket.seats_lost()


WATCH = SeatWatch()
