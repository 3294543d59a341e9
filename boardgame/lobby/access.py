"""Who may see a table, and its invite: the checks both the lobby and play build on.

They live below both (Zulip's access helpers): `lobby.services` starts games through
`play.services`, and `play.services` checks tables through this module, so neither imports the
other's services and there is no cycle to hide in a function-level import.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from .models import Table

User = AbstractBaseUser | AnonymousUser


def is_seated(user: User, table: Table) -> bool:
    return user.is_authenticated and table.seats.filter(user=user).exists()


def invite_matches(invite: Any, table: Table) -> bool:
    """Whether `invite` is the table's invite token, in constant time. Compared as bytes:
    compare_digest raises TypeError for a str with non-ASCII characters (a 500 the schema
    run found with `?invite=é`)."""
    return bool(invite) and secrets.compare_digest(
        str(invite).encode("utf-8", "surrogatepass"), table.invite_token.encode())


def can_see_table(user: User, table: Table, invite: str | None = None) -> bool:
    """Public tables are seen by all; private ones by the host, the seated, the invited, and
    whoever presents the invite token."""
    if not table.is_private:
        return True
    if invite_matches(invite, table):
        return True
    if not user.is_authenticated:
        return False
    return (table.host_id == user.pk or is_seated(user, table)
            or table.invited.filter(pk=user.pk).exists())


def can_see_invite(user: User, table: Table) -> bool:
    return user.is_authenticated and (table.host_id == user.pk or is_seated(user, table))
