"""Keep the admin's changelists away from the columns that hold hidden information.

Django's admin accepts any lookup on a model's own fields in the changelist's query string
(`?seed__regex=^\\\\x95`, `?state__secret__blue__hand__0=3`). Nothing secret is rendered, but
the result count ("1 game" / "0 games") answers every guess, so a moderator with only the view
permission could read a running game's dice seed or test a sealed answer one request at a time.
`SecretColumnsGuard` refuses every lookup that reaches a secret column, through any chain of
relations, with Django's own 400 (`DisallowedModelAdminLookup`); its system check (salient.E001)
refuses an admin whose list, filter, search or ordering names one.

Models are named by label, so the lobby's admin can use the guard without importing play.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib import admin
from django.core import checks
from django.core.exceptions import FieldDoesNotExist
from django.db.models.constants import LOOKUP_SEP

# The seed decides every future roll; state, snapshots and a record's action/events/rolls hold
# hands and sealed answers; a state hash can confirm a guessed state.
SECRET_COLUMNS: dict[str, frozenset[str]] = {
    "play.game": frozenset({"seed", "state", "orders"}),
    "play.orderlog": frozenset({"action"}),
    "play.snapshot": frozenset({"state"}),
    "play.actionrecord": frozenset({"action", "events", "rolls", "state_hash"}),
}


def touches_secret(model, path: str) -> bool:
    """Whether the lookup or ordering `path`, read from `model`, reaches a secret column."""
    for part in path.lstrip("-^=@").split(LOOKUP_SEP):
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # a transform or lookup name: the column was already passed
        if part in SECRET_COLUMNS.get(model._meta.label_lower, ()):
            return True
        if field.related_model is None:
            return False
        model = field.related_model
    return False


def configured_paths(model_admin: admin.ModelAdmin) -> Iterator[tuple[str, str]]:
    """Every field path the admin's lists, filters, search and ordering are built from."""
    for name in model_admin.list_display:
        column = getattr(model_admin, name, None) if isinstance(name, str) else name
        if column is None:
            yield "list_display", name
        elif isinstance(getattr(column, "admin_order_field", None), str):
            yield "list_display", column.admin_order_field
    for item in model_admin.list_filter:
        if isinstance(item, str):
            yield "list_filter", item
        elif isinstance(item, (list, tuple)):
            yield "list_filter", item[0]
    for option in ("search_fields", "ordering", "sortable_by"):
        for path in getattr(model_admin, option) or ():
            if isinstance(path, str):
                yield option, path
    if model_admin.date_hierarchy:
        yield "date_hierarchy", model_admin.date_hierarchy


class SecretColumnsGuard:
    """Mix into a ModelAdmin (before it) whose model is, or relates to, a secret column."""

    def lookup_allowed(self, lookup, value, request=None) -> bool:
        if touches_secret(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)

    def check(self, **kwargs) -> list[checks.CheckMessage]:
        errors = list(super().check(**kwargs))
        for option, path in configured_paths(self):
            if touches_secret(self.model, path):
                errors.append(checks.Error(
                    f"{option} names {path!r}, a secret column: a changelist built on it "
                    "reveals hidden information", obj=type(self), id="salient.E001"))
        return errors
