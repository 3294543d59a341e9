"""The abstract model shared by every append-only log (action records, snapshots, chat), and
the admin that shows such a log without letting anyone add, change or delete a row.

It lives outside any app so that the lobby and play apps can both use it without the lobby
depending on play."""

from __future__ import annotations

from django.contrib import admin
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


class AppendOnlyAdmin(admin.ModelAdmin):
    """Read-only in the admin: moderators read the log; they do not rewrite it."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
