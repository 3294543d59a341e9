"""The beat: periodic jobs enqueued on the task runner, once per period across all workers.

django-tasks has no schedule of its own, so each worker keeps this beat beside its loop.
A job names its task, its period and a cheap `wanted` check ("is anything due?"): an idle
site enqueues nothing, so the task table does not fill with empty sweeps. When a job is
wanted, the worker locks the job's `Periodic` row (skip_locked; an exclusive transaction on
SQLite) and enqueues the task only if the period has passed and the last one it enqueued is
not still waiting: N workers enqueue each job once per period, and a backlog never piles up
copies of the same sweep.

The jobs are wake-ups, not work orders: what is due lives in the rows the sweeps read
(`Game.due`, the notification outbox), so a sweep lost to a killed worker loses nothing — the
next period's sweep finds the same rows.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass
from typing import Any, Callable

from django.conf import settings
from django.db import IntegrityError, OperationalError
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from .models import Periodic


@dataclass(frozen=True)
class Job:
    name: str
    task: str                    # dotted path of a django-tasks Task
    every: float                 # seconds between two enqueues at most once
    wanted: str | None = None    # dotted path of a cheap `f(now) -> bool`; None: always


def sweep_seconds() -> float:
    return float(getattr(settings, "SALIENT_SWEEP_SECONDS", 1.0))


def jobs() -> list[Job]:
    """The periodic jobs of Salient, in the order each tick looks at them."""
    return [
        Job("deadlines", "boardgame.jobs.tasks.sweep_deadlines", sweep_seconds(),
            "boardgame.play.deadlines.anything_due"),
        Job("notifications", "boardgame.jobs.tasks.sweep_notifications", sweep_seconds(),
            "boardgame.notifications.outbox.anything_due"),
        Job("ratings", "boardgame.jobs.tasks.rate_games", 10.0,
            "boardgame.ratings.rate.anything_due"),
        Job("housekeeping", "boardgame.jobs.tasks.housekeeping",
            float(getattr(settings, "SALIENT_HOUSEKEEPING_SECONDS", 600))),
    ]


class Beat:
    """One worker's view of the schedule: when it should next look at each job."""

    def __init__(self, table: list[Job] | None = None) -> None:
        self.table = table if table is not None else jobs()
        self.next_look: dict[str, float] = {}

    def tick(self) -> list[str]:
        """Enqueue the jobs that are due and wanted; the names enqueued."""
        enqueued = []
        clock = time.monotonic()
        for job in self.table:
            if self.next_look.get(job.name, 0.0) > clock:
                continue
            self.next_look[job.name] = clock + job.every
            current = timezone.now()
            if job.wanted is not None and not _call(job.wanted, current):
                continue
            if enqueue_once(job, current):
                enqueued.append(job.name)
        return enqueued


def _call(path: str, now: dt.datetime) -> Any:
    function: Callable[[dt.datetime], Any] = import_string(path)
    return function(now)


def enqueue_once(job: Job, now: dt.datetime) -> bool:
    """Enqueue `job`'s task unless another worker did within its period or the last one is
    still waiting. True if this call enqueued it."""
    try:
        with exclusive_transaction():
            row = Periodic.objects.select_for_update(skip_locked=True).filter(
                name=job.name).first()
            if row is None:
                if Periodic.objects.filter(name=job.name).exists():
                    return False  # locked by another worker: it is enqueuing
                row = Periodic.objects.create(name=job.name, next_at=now)
            if row.next_at > now:
                return False
            if row.last_task and DBTaskResult.objects.filter(
                    pk=row.last_task, status=TaskResultStatus.READY).exists():
                return False
            result = import_string(job.task).enqueue()
            row.last_task = str(result.id)
            row.next_at = now + dt.timedelta(seconds=job.every)
            row.save(update_fields=["last_task", "next_at"])
            return True
    except IntegrityError:
        return False  # another worker created the row at the same instant
    except OperationalError as exc:
        if is_locked_database_exception(exc):
            return False  # SQLite busy: the next tick tries again
        raise
