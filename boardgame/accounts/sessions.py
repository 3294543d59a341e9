"""The database session store, refusing malformed session keys before they reach SQL.

A cookie is client input: a `sessionid` with NUL or non-ASCII characters made PostgreSQL
refuse the lookup (a 500 on any page). Such a key is simply not a session.
"""

from __future__ import annotations

import string

from django.contrib.sessions.backends.db import SessionStore as DbSessionStore

VALID = frozenset(string.ascii_lowercase + string.digits)


class SessionStore(DbSessionStore):
    def _validate_session_key(self, key: str | None) -> bool:
        return bool(key) and len(key) >= 8 and len(key) <= 40 and set(key) <= VALID
