"""Work that should not wait for a worker's polling period: a task enqueued now, and the
workers woken as soon as the transaction that enqueued it commits.

The first user is the ready that makes a turn of written orders complete (twteaw ruling 68):
its request only holds the ready; the turn resolves in a worker, and a live game with every
nation ready should feel live. `resolve_soon(game_id)`, inside the caller's transaction:

- enqueues `tasks.resolve_held(game_id)` — transactional, like every django-tasks-db enqueue:
  it exists only if the ready commits. It is a wake-up, not a work order: the held ready is in
  the game row (`Game.live["held"]`, `Game.due` now), so a task lost with a killed worker
  loses nothing — the beat's deadline sweep finds the due game within its period;
- wakes this process's worker thread (the quick start's, `worker.start_in_process_worker`)
  on commit, through a threading event;
- on PostgreSQL, sends `NOTIFY salient_wake`, which PostgreSQL delivers only when the
  transaction commits: a `run_worker` process waiting for work LISTENs on that channel
  (`Listener`), so it claims the task at once instead of after `--interval`.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from typing import Any

from django.db import connection, transaction
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)

CHANNEL = "salient_wake"
RESOLVE_TASK = "boardgame.jobs.tasks.resolve_held"
LOCAL = threading.Event()
STOP_CHECK = 0.5   # seconds: how soon a stopped worker notices while it waits


def resolve_soon(game_id: int) -> None:
    """Enqueue the resolution of `game_id`'s held readies and wake the workers on commit.
    Caller is inside its transaction."""
    # By name, as the beat enqueues (tasks.py imports the play services this is called from).
    import_string(RESOLVE_TASK).enqueue(game_id)
    _notify()
    transaction.on_commit(LOCAL.set)


def wake_workers() -> None:
    """Wake the workers now: work is left that a sweep could not finish in its time (a table
    of bots still to move, `bots.run_bot_turns`). This process's worker through its event;
    on PostgreSQL every `run_worker` LISTENing, by a NOTIFY (delivered at once in autocommit,
    at the commit inside a transaction)."""
    LOCAL.set()
    try:
        _notify()
    except Exception:  # noqa: BLE001 — a missed wake-up only costs one polling period
        logger.warning("could not wake the workers", exc_info=True)


def _notify() -> None:
    """NOTIFY every listening `run_worker` on PostgreSQL; nothing elsewhere."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"NOTIFY {CHANNEL}")


class Listener:
    """A worker's wait for work: the polling period at most, cut short by a wake-up — this
    process's event, or on PostgreSQL a NOTIFY on `CHANNEL` from any process (its own
    connection, in autocommit, LISTENing). A listener that cannot connect falls back to the
    plain wait."""

    def __init__(self, listen: bool) -> None:
        self.listen = listen and connection.vendor == "postgresql"
        self.conn: Any = None

    def _connect(self) -> Any:
        import psycopg
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        conn = psycopg.connect(**params, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def wait(self, seconds: float, stop: threading.Event) -> None:
        """Until a wake-up, `stop`, or `seconds`. Waits in slices of at most STOP_CHECK so a
        SIGTERM (which only sets `stop`: select and Event.wait are not interrupted by it) ends
        the worker within half a second, not after a whole polling period."""
        deadline = time.monotonic() + seconds
        while not stop.is_set():
            left = deadline - time.monotonic()
            if left <= 0 or self._wait_once(min(left, STOP_CHECK), stop):
                return

    def _wait_once(self, seconds: float, stop: threading.Event) -> bool:
        """One slice of the wait; True when woken."""
        if not self.listen:
            woken = LOCAL.wait(seconds)
            LOCAL.clear()
            return woken
        try:
            if self.conn is None:
                self.conn = self._connect()
            ready, _, _ = select.select([self.conn.fileno()], [], [], seconds)
            if ready:
                for _ in self.conn.notifies(timeout=0):
                    pass
            return bool(ready)
        except Exception:  # noqa: BLE001 — a lost listener is only a slower worker
            logger.warning("wake listener lost; polling", exc_info=True)
            self.close()   # the next slice connects again
            stop.wait(seconds)
            return False

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None
