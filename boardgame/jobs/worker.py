"""The worker: django-tasks-db's task loop with Salient's beat beside it.

`python manage.py run_worker` runs one (production: one or more beside the daphne
processes, docs/deploy.md). In the quick start a worker runs as a daemon thread inside daphne
(`start_in_process_worker`, from boardgame/routing.py): the in-memory channel layer reaches
only the sockets of its own process, so a sweep that plays a timeout default must commit in
the process that holds the players' sockets for them to hear it at once. With Redis the
frames cross processes, and workers may run anywhere.

Each turn of the loop: the beat enqueues what is due (boardgame/jobs/beat.py), then the worker
claims one ready task (`select_for_update(skip_locked)` inside an exclusive transaction, as
`db_worker` does) and runs it through django-tasks-db's own `run_task`, which records success
or failure. A worker killed while a task runs leaves its row RUNNING; the housekeeping job
marks it failed after `SALIENT_TASK_LEASE_SECONDS`. Salient's tasks are wake-ups whose work
is in rows, so the next sweep redoes whatever the lost one had not committed.
"""

from __future__ import annotations

import logging
import os
import sys
import threading

from django.db import OperationalError, close_old_connections
from django.utils.crypto import get_random_string
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from .beat import Beat
from .wake import Listener

logger = logging.getLogger(__name__)

QUEUES = ["default"]


class SalientWorker:
    def __init__(self, *, worker_id: str | None = None, interval: float = 1.0,
                 beat: Beat | None = None, listen: bool = False) -> None:
        self.worker_id = worker_id or get_random_string(32)
        self.interval = interval
        self.beat = beat if beat is not None else Beat()
        self.stop = threading.Event()
        # Between turns: the interval, cut short by a wake-up (wake.py; `listen`: NOTIFY too).
        self.waiting = Listener(listen)
        # Only its `run_task` is used: the loop, signals and claiming are ours.
        self.runner = Worker(queue_names=QUEUES, interval=interval, batch=False,
                             backend_name="default", startup_delay=False, max_tasks=None,
                             worker_id=self.worker_id, excluded_queue_names=[])

    def claim(self) -> DBTaskResult | None:
        tasks = DBTaskResult.objects.ready().filter(backend_name="default",
                                                    queue_name__in=QUEUES)
        try:
            with exclusive_transaction(tasks.db):
                found = tasks.get_locked()
                if found is not None:
                    found.claim(self.worker_id)
                return found
        except OperationalError as exc:
            if is_locked_database_exception(exc):
                return None
            raise

    def run_once(self) -> bool:
        """One beat and at most one task. True if a task ran."""
        self.beat.tick()
        found = self.claim()
        if found is None:
            return False
        self.runner.run_task(found)
        return True

    def run(self) -> None:
        logger.info("worker %s started", self.worker_id)
        while not self.stop.is_set():
            ran = False
            try:
                close_old_connections()
                ran = self.run_once()
            except Exception:  # noqa: BLE001 — the loop outlives one bad turn
                logger.exception("worker turn failed")
            finally:
                close_old_connections()
            if not ran and not self.stop.is_set():
                self.waiting.wait(self.interval, self.stop)
        self.waiting.close()


def drain(limit: int = 200) -> int:
    """Tests and `run_worker --once`: run ready tasks until none is left (at most `limit`);
    no beat. The number run."""
    worker = SalientWorker(beat=Beat(table=[]))
    count = 0
    while count < limit and worker.run_once():
        count += 1
    return count


_thread: threading.Thread | None = None


def in_process_enabled() -> bool:
    flag = os.environ.get("SALIENT_IN_PROCESS_WORKER")
    if flag is None:
        # The sweeper's old switch still turns it off (bench, tests/live set it).
        flag = os.environ.get("SALIENT_IN_PROCESS_SWEEPER")
    if flag is None:
        return "pytest" not in sys.modules
    return flag.strip().lower() not in ("0", "false", "no", "off")


def start_in_process_worker() -> None:
    """Start the daemon worker thread once per process (quick start; see module doc)."""
    global _thread
    if _thread is not None or not in_process_enabled():
        return
    interval = float(os.environ.get("SALIENT_WORKER_INTERVAL", "1"))
    worker = SalientWorker(interval=interval)
    _thread = threading.Thread(target=worker.run, name="salient-worker", daemon=True)
    _thread.start()
