"""The abstract model shared by every append-only log (action records, snapshots, chat).

It lives outside any app so that the lobby and play apps can both use it without the lobby
depending on play."""

from __future__ import annotations

from django.db import models


class AppendOnly(models.Model):
    """Rows that are written once and never changed or deleted one by one."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        if not self._state.adding:
            raise AssertionError(f"{type(self).__name__} rows are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AssertionError(f"{type(self).__name__} rows are append-only")
