"""The tasks Salient runs on the task runner (django-tasks, database backend).

Each is a sweep over rows that say what is due, safe to run in several workers at once and
to run again after a worker died in the middle: the rows are locked with
`select_for_update(skip_locked=True)` and re-checked under the lock.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.utils import timezone
from django_tasks import task
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult


@task()
def sweep_deadlines() -> dict[str, int]:
    """Expired clocks and deadlines get the rules' timeout defaults; reminders go out
    (boardgame/play/deadlines.py)."""
    from boardgame.play import deadlines
    return deadlines.run_due()


@task()
def resolve_held(game_id: int) -> list[str]:
    """A game whose ready was held for the worker (boardgame/jobs/wake.py, twteaw ruling 68):
    resolved now, as the deadline sweeper resolves a due game, under its row lock."""
    from boardgame.play import deadlines
    return deadlines.resolve_game(game_id)


@task()
def sweep_notifications() -> dict[str, int]:
    """The notification outbox: new notices fanned out to their channels, due deliveries
    sent (boardgame/notifications/outbox.py)."""
    from boardgame.notifications import outbox
    return outbox.run_due()


@task()
def rate_games() -> dict[str, int]:
    """Finished games rated in turn (boardgame/ratings/rate.py)."""
    from boardgame.ratings import rate
    return rate.rate_due()


LOST = "boardgame.jobs.WorkerLost"


@task()
def housekeeping() -> dict[str, Any]:
    """Tasks whose worker died (RUNNING past the lease) are marked failed; finished results
    are pruned (successful after SALIENT_TASK_KEEP_HOURS, failed after a week)."""
    now = timezone.now()
    lease = dt.timedelta(seconds=int(getattr(settings, "SALIENT_TASK_LEASE_SECONDS", 600)))
    lost = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING,
                                       started_at__lt=now - lease).update(
        status=TaskResultStatus.FAILED, finished_at=now, exception_class_path=LOST,
        traceback="The worker running this task stopped before it finished.")
    keep = dt.timedelta(hours=float(getattr(settings, "SALIENT_TASK_KEEP_HOURS", 1)))
    pruned, _ = DBTaskResult.objects.filter(status=TaskResultStatus.SUCCESSFUL,
                                            finished_at__lt=now - keep).delete()
    failed, _ = DBTaskResult.objects.filter(status=TaskResultStatus.FAILED,
                                            finished_at__lt=now - dt.timedelta(days=7)).delete()
    return {"lost": lost, "pruned": pruned + failed}
