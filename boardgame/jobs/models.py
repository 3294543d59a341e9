"""The beat's table: one row per periodic job, shared by every worker (boardgame/jobs/beat.py)."""

from __future__ import annotations

from django.db import models


class Periodic(models.Model):
    """When a periodic job may next be enqueued, and the task it enqueued last. Workers lock
    the row (skip_locked) to enqueue, so N workers enqueue each job once per period."""

    name = models.CharField(max_length=64, primary_key=True)
    next_at = models.DateTimeField()
    last_task = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return self.name
