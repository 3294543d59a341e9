"""Fixed-window attempt counters in the shared cache (the database or Redis, never process
memory), so every daphne process sees the same counts."""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from boardgame.api.errors import RateLimited


def client_ip(request: HttpRequest) -> str:
    """The client's address; behind a proxy, the header the proxy sets (settings)."""
    value = request.META.get(settings.SALIENT_CLIENT_IP_HEADER) or request.META.get(
        "REMOTE_ADDR", "")
    return value.split(",")[0].strip() or "unknown"


def check_rate(scope: str, *idents: str) -> None:
    """Count one attempt of `scope` for each identity; RateLimited when any is over its limit."""
    limit, window = settings.SALIENT_RATE_LIMITS[scope]
    now = int(time.time())
    bucket = now // window
    for ident in idents:
        digest = hashlib.sha256(ident.lower().encode()).hexdigest()[:32]
        key = f"rl:{scope}:{digest}:{bucket}"
        cache.add(key, 0, timeout=window + 5)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=window + 5)
            count = 1
        if count > limit:
            retry = window - now % window
            raise RateLimited(
                f"Too many {scope} attempts: try again in {retry} seconds.",
                scope=scope, retry_after=retry)
