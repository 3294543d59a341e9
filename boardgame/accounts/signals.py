"""Credential revocation: a new password deletes the user's API tokens, and logging out,
revoking a token or changing the password ends the user's open sockets that relied on it
(credentials.tell_sockets; the sockets also recheck on every acting frame).

Connected in AccountsConfig.ready (`connect`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_delete, post_save

from . import credentials


def _password_set(sender: Any, instance: Any, created: bool = False, raw: bool = False,
                  **kwargs: Any) -> None:
    """A saved user whose password was set (change, reset, admin, `changepassword`): delete
    their API tokens — whoever held one keeps no access — and have their sockets recheck.

    Django's `set_password` keeps the raw password in `_password` until the save; the
    automatic re-hash at login (same password, new hasher settings) clears it before saving,
    so an upgrade of the hasher does not log everyone's scripts out."""
    if created or raw or getattr(instance, "_password", None) is None:
        return
    from rest_framework.authtoken.models import Token
    Token.objects.filter(user_id=instance.pk).delete()  # each delete tells its sockets
    credentials.tell_sockets(instance.pk)


def _token_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    credentials.tell_sockets(instance.user_id, instance.key)


def _logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    # Sent before Django flushes the session: the sockets are told the key, not asked to
    # check it (the session still exists for a moment).
    key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and getattr(user, "is_authenticated", False) and key:
        credentials.tell_sockets(user.pk, key)


def connect() -> None:
    from rest_framework.authtoken.models import Token
    post_save.connect(_password_set, sender=settings.AUTH_USER_MODEL,
                      dispatch_uid="salient.password_set")
    post_delete.connect(_token_deleted, sender=Token, dispatch_uid="salient.token_deleted")
    user_logged_out.connect(_logged_out, dispatch_uid="salient.logged_out")
