"""`python manage.py run_worker [--interval S] [--worker-id ID] [--once]` — a task worker.

Runs the tasks of the task runner (django-tasks, database backend) and the beat that enqueues
the periodic sweeps (deadlines, notifications, housekeeping). Safe in several processes at
once; SIGTERM or SIGINT lets the running task finish, then exits. `--once` runs the beat once
and every ready task, then exits.
"""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand

from boardgame.jobs.worker import SalientWorker, drain


class Command(BaseCommand):
    help = "Run Salient's background tasks (deadlines, notifications, housekeeping)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--interval", type=float, default=1.0,
                            help="seconds to wait when no task is ready")
        parser.add_argument("--worker-id", default=None, help="unique id of this worker")
        parser.add_argument("--once", action="store_true",
                            help="one beat, every ready task, then exit")

    def handle(self, *args: Any, interval: float = 1.0, worker_id: str | None = None,
               once: bool = False, **options: Any) -> None:
        worker = SalientWorker(worker_id=worker_id, interval=interval, listen=True)
        if once:
            worker.beat.tick()
            self.stdout.write(f"ran {drain()} tasks")
            return

        def stop(signum: int, frame: Any) -> None:
            worker.stop.set()
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        worker.run()
