"""What authenticated a websocket, whether it still holds, and telling open sockets when it
stops holding.

A socket is authenticated once, at `hello` (game socket: an API token in that frame, or the
session cookie) or at connect (lobby socket: the session cookie). Logging out, revoking the
token or changing the password must end that authority, so:

- every acting frame of a game socket rechecks its credential in the database thread that
  runs the action (`still_valid`), so a revoked credential never acts, whatever the layer did;
- a revocation is pushed to the user's open sockets (`tell_sockets`, after commit): a socket
  whose own credential was revoked (`revoked`: the digest of its token or session key) closes
  at once; on `recheck` (a password change: some sessions stay valid) each socket checks.

The push goes through the channel layer like every frame (at-most-once): the per-frame recheck
is what holds when it is lost. Digests, not keys, travel through Redis.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import connection, transaction
from django.utils.crypto import constant_time_compare
from rest_framework.authtoken.models import Token

from boardgame import fastpath
from boardgame.lobby.notify import user_group
from boardgame.play import broadcast, frames

# The internal frames of a revocation (never forwarded to a client).
REVOKED_PREFIX = '{"type":"_revoked"'
RECHECK_PREFIX = '{"type":"_recheck_credentials"'


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Credential:
    kind: str       # "token" or "session"
    key: str
    user_id: int

    @property
    def digest(self) -> str:
        return digest(self.key)


def of_token(key: str, user: Any) -> Credential:
    return Credential("token", key, user.pk)


def of_session(scope: dict[str, Any], user: Any) -> Credential | None:
    """The session credential of a socket's scope, or None (anonymous, or no session)."""
    session = scope.get("session")
    key = getattr(session, "session_key", None) if session is not None else None
    if not key or not getattr(user, "is_authenticated", False):
        return None
    return Credential("session", key, user.pk)


def still_valid(credential: Credential | None) -> bool:
    """Whether the credential still authenticates its user (sync: one or two queries). None
    (an anonymous socket) has nothing to lose."""
    if credential is None:
        return True
    if credential.kind == "token":
        return _token_still_valid(credential)
    return _session_still_valid(credential)


@lru_cache(maxsize=1)
def _token_sql() -> str:
    """The token check as one hand-written statement (a performance shortcut,
    `boardgame.fastpath`): it runs before every acting frame, and the ORM built it again each
    time."""
    quote = connection.ops.quote_name
    user = get_user_model()._meta
    return (f"SELECT 1 FROM {quote(Token._meta.db_table)} t "
            f"JOIN {quote(user.db_table)} u ON u.{quote(user.pk.column)} = t.user_id "
            "WHERE t.key = %s AND t.user_id = %s AND u.is_active LIMIT 1")


def _token_still_valid(credential: Credential) -> bool:
    if not fastpath.enabled("token_sql"):
        return Token.objects.filter(key=credential.key, user_id=credential.user_id,
                                    user__is_active=True).exists()
    with connection.cursor() as cursor:
        cursor.execute(_token_sql(), [credential.key, credential.user_id])
        return cursor.fetchone() is not None


def _session_still_valid(credential: Credential) -> bool:
    """Django's own test (auth.get_user) without its side effects: the session exists, names
    this user, and carries the hash of the user's current password (or a fallback key's)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=credential.key)
    data = store.load()
    if str(data.get(SESSION_KEY)) != str(credential.user_id):
        return False
    user = get_user_model().objects.filter(pk=credential.user_id, is_active=True).first()
    if user is None:
        return False
    held = data.get(HASH_SESSION_KEY) or ""
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return bool(held) and any(constant_time_compare(held, h) for h in hashes)


def socket_group(user_id: int) -> str:
    """The hub group of one user's game sockets (play/consumers.py joins it at `hello`)."""
    return f"user.{user_id}"


def tell_sockets(user_id: int, revoked_key: str | None = None) -> None:
    """After commit, tell the user's game and lobby sockets: `revoked_key` (a token or session
    key) was revoked, or (None) the password changed and each must recheck."""
    if revoked_key is not None:
        frame = {"type": "_revoked", "credential": digest(revoked_key)}
    else:
        frame = {"type": "_recheck_credentials"}
    text = frames.dumps(frame)
    messages = [frames.message(group, None, text)
                for group in (socket_group(user_id), user_group(user_id))]
    transaction.on_commit(lambda: broadcast.send_messages(messages))
