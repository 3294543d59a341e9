"""Presence: who is connected per seat, and how many spectators — batched, never a message per
join.

Each daphne process counts its own sockets per game. Once a second, for the games whose count
changed (and every 10 s for all local games, so a dead process's entry ages out), it writes its
entry into the shared cache (`presence:<game>:<process>` → {seats, spectators, at}; the live processes are listed under
`presence:processes`; Redis in production, the database cache in the quick start), merges the
entries of the live processes,
and sends one `presence {seq, seats, spectators}` frame to every audience group of the game.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import Counter
from typing import Any

from asgiref.sync import sync_to_async
from django.core.cache import cache

from .broadcast import send_messages_async
from .frames import group_name

logger = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0
REFRESH_SECONDS = 10.0
STALE_SECONDS = 30.0
PIDS_KEY = "presence:processes"


def _key(game_id: int) -> str:
    return f"presence:{game_id}"


class Presence:
    def __init__(self) -> None:
        self.pid = uuid.uuid4().hex[:12]
        self.seats: dict[int, Counter] = {}
        self.spectators: dict[int, int] = {}
        self.audiences: dict[int, list[str]] = {}
        self.dirty: set[int] = set()
        self.task: asyncio.Task | None = None
        self.last_refresh = 0.0
        self.registered = -1e9

    def join(self, game_id: int, seats: list[str], audiences: list[str]) -> None:
        self.audiences[game_id] = audiences
        if seats:
            self.seats.setdefault(game_id, Counter()).update(seats)
        else:
            self.spectators[game_id] = self.spectators.get(game_id, 0) + 1
        self.dirty.add(game_id)
        self._ensure()

    def leave(self, game_id: int, seats: list[str]) -> None:
        if seats:
            counter = self.seats.get(game_id)
            if counter is not None:
                counter.subtract(seats)
                for seat in [s for s, n in counter.items() if n <= 0]:
                    del counter[seat]
        else:
            self.spectators[game_id] = max(0, self.spectators.get(game_id, 0) - 1)
        self.dirty.add(game_id)

    def _ensure(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    def _local_entry(self, game_id: int) -> dict[str, Any]:
        return {"seats": sorted(s for s, n in self.seats.get(game_id, Counter()).items()
                                if n > 0),
                "spectators": self.spectators.get(game_id, 0), "at": time.time()}

    def register(self) -> None:
        """Put this process in the shared list of presence writers (verified re-read, so two
        processes registering at once both end up listed)."""
        for _ in range(5):
            now = time.time()
            pids = cache.get(PIDS_KEY) or {}
            pids = {pid: at for pid, at in pids.items() if now - at < STALE_SECONDS}
            pids[self.pid] = now
            cache.set(PIDS_KEY, pids, None)
            if self.pid in (cache.get(PIDS_KEY) or {}):
                break
        self.registered = time.monotonic()

    def merge(self, game_id: int) -> dict[str, Any]:
        """Write this process's entry, read every live process's; the merged frame."""
        if time.monotonic() - self.registered > REFRESH_SECONDS:
            self.register()
        key = _key(game_id)
        cache.set(f"{key}:{self.pid}", self._local_entry(game_id), 120)
        try:
            seq = cache.incr(f"{key}:seq")
        except ValueError:
            cache.add(f"{key}:seq", 1, None)
            seq = 1
        return summary(_entries(game_id), seq)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            games = set(self.dirty)
            self.dirty.clear()
            if time.monotonic() - self.last_refresh > REFRESH_SECONDS:
                self.last_refresh = time.monotonic()
                games |= {g for g in self.audiences
                          if self.spectators.get(g) or self.seats.get(g)}
            for game_id in games:
                try:
                    frame = await sync_to_async(self.merge)(game_id)
                    await send_messages_async(
                        [group_name(game_id, a) for a in self.audiences.get(game_id, [])],
                        frame)
                except Exception as exc:  # noqa: BLE001 — presence is best effort
                    logger.warning("presence of game %s not sent (%s)", game_id, exc)
            for game_id in [g for g in self.audiences
                            if not self.spectators.get(g) and not self.seats.get(g)
                            and g not in self.dirty]:
                self.audiences.pop(game_id, None)
                self.spectators.pop(game_id, None)
                self.seats.pop(game_id, None)


def summary(entries: dict[str, Any], seq: int) -> dict[str, Any]:
    seats: set[str] = set()
    spectators = 0
    for entry in entries.values():
        seats.update(entry["seats"])
        spectators += entry["spectators"]
    return {"type": "presence", "seq": seq, "seats": sorted(seats), "spectators": spectators}


def _entries(game_id: int) -> dict[str, Any]:
    pids = cache.get(PIDS_KEY) or {}
    found = cache.get_many([f"{_key(game_id)}:{pid}" for pid in pids])
    now = time.time()
    return {k: e for k, e in found.items() if now - e["at"] < STALE_SECONDS}


def current(game_id: int) -> dict[str, Any]:
    """The merged presence of a game (for `welcome`); sync, two cache reads."""
    try:
        entries = _entries(game_id)
    except Exception as exc:  # noqa: BLE001 — Redis down: presence is best effort
        logger.warning("presence unavailable (%s)", exc)
        entries = {}
    return summary(entries, 0)


PRESENCE = Presence()
