"""`python manage.py run_deadlines [--once] [--interval S]` — the deadline sweeper.

Safe to run in several processes at once (rows are locked with skip_locked and re-checked).
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from boardgame.play.deadlines import run_due


class Command(BaseCommand):
    help = "Resolve expired clocks and deadlines with the rules' timeout defaults."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="one sweep, then exit")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between sweeps")

    def handle(self, *args, once: bool = False, interval: float = 1.0, **options) -> None:
        while True:
            figures = run_due()
            if once or figures["resolved"]:
                self.stdout.write(f"{figures}")
            if once:
                return
            close_old_connections()
            time.sleep(interval)
