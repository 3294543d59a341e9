"""Fixed-window attempt counters in the shared cache (the database or Redis, never process
memory), so every daphne process sees the same counts.

If the cache fails (Redis down), the counters fall back to this process's memory rather than
refusing everyone: losing Redis must not close log-in and sign-up. Each process then enforces
the same limits on what it sees itself (so a client spread over N processes gets up to N
times the limit) until the cache answers again. One warning per outage, one line when it
ends."""

from __future__ import annotations

import hashlib
import logging
import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from boardgame.api.errors import RateLimited

logger = logging.getLogger(__name__)


def client_ip(request: HttpRequest) -> str:
    """The client's address; behind a proxy, the header the proxy sets (settings)."""
    value = request.META.get(settings.SALIENT_CLIENT_IP_HEADER) or request.META.get(
        "REMOTE_ADDR", "")
    return value.split(",")[0].strip() or "unknown"


class LocalCounts:
    """The fallback: the same fixed windows in this process's memory, pruned of windows
    that have ended."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: dict[str, tuple[int, int]] = {}   # key → (count, expires at)
        self.outage = False

    def incr(self, key: str, window: int, now: int) -> int:
        with self.lock:
            count, expires = self.counts.get(key, (0, now + window + 5))
            self.counts[key] = (count + 1, expires)
            if len(self.counts) > 10_000:
                self.counts = {k: v for k, v in self.counts.items() if v[1] > now}
            return count + 1

    def cache_failed(self, exc: Exception) -> None:
        if not self.outage:
            self.outage = True
            logger.warning("rate-limit cache unavailable (%s: %s); counting in this process "
                           "until it answers", type(exc).__name__, exc)

    def cache_answered(self) -> None:
        if self.outage:
            self.outage = False
            logger.warning("rate-limit cache answers again; counting there")


LOCAL = LocalCounts()


def _key(scope: str, ident: str, bucket: int) -> str:
    digest = hashlib.sha256(ident.lower().encode()).hexdigest()[:32]
    return f"rl:{scope}:{digest}:{bucket}"


def _count(key: str, window: int, now: int) -> int:
    """This attempt's number in its window: in the shared cache, or here while it fails."""
    try:
        cache.add(key, 0, timeout=window + 5)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=window + 5)
            count = 1
    except Exception as exc:  # noqa: BLE001 — any cache failure: the limit is only a brake
        LOCAL.cache_failed(exc)
        return LOCAL.incr(key, window, now)
    LOCAL.cache_answered()
    return count


def _refusal(scope: str, window: int, now: int) -> RateLimited:
    retry = window - now % window
    return RateLimited(f"Too many {scope} attempts: try again in {retry} seconds.",
                       scope=scope, retry_after=retry)


def check_rate(scope: str, *idents: str) -> None:
    """Count one attempt of `scope` for each identity; RateLimited when any is over its limit."""
    limit, window = settings.SALIENT_RATE_LIMITS[scope]
    now = int(time.time())
    for ident in idents:
        if _count(_key(scope, ident, now // window), window, now) > limit:
            raise _refusal(scope, window, now)


def take(scope: str, ident: str, wanted: int) -> int:
    """Count `wanted` uses of `scope` by `ident` at once (one cache round trip); how many of
    them are within the limit (the rest are over it). For batch work: notifications."""
    if wanted <= 0:
        return 0
    limit, window = settings.SALIENT_RATE_LIMITS[scope]
    now = int(time.time())
    key = _key(scope, ident, now // window)
    try:
        cache.add(key, 0, timeout=window + 5)
        try:
            count = cache.incr(key, wanted)
        except ValueError:
            cache.set(key, wanted, timeout=window + 5)
            count = wanted
    except Exception as exc:  # noqa: BLE001 — as _count: the limit is only a brake
        LOCAL.cache_failed(exc)
        count = 0
        for _ in range(wanted):
            count = LOCAL.incr(key, window, now)
    return max(0, min(wanted, limit - (count - wanted)))


def count_attempt(scope: str, ident: str) -> None:
    """Count one attempt of `scope` for `ident` without refusing this one (a failure noted
    after the fact; `check_spent` refuses the next)."""
    limit, window = settings.SALIENT_RATE_LIMITS[scope]
    now = int(time.time())
    _count(_key(scope, ident, now // window), window, now)


def check_spent(scope: str, ident: str) -> None:
    """RateLimited if `ident` has used up its attempts of `scope` in this window (counts
    nothing)."""
    limit, window = settings.SALIENT_RATE_LIMITS[scope]
    now = int(time.time())
    key = _key(scope, ident, now // window)
    try:
        count = cache.get(key, 0)
    except Exception as exc:  # noqa: BLE001
        LOCAL.cache_failed(exc)
        count = LOCAL.counts.get(key, (0, 0))[0]
    if count >= limit:
        raise _refusal(scope, window, now)


# --- addresses a user has logged in from (the name lock-out spares them) ----------------------

KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600


def _known_key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{username.lower()}\0{ip}".encode()).hexdigest()[:32]
    return f"rl:known:{digest}"


def remember_address(username: str, ip: str) -> None:
    try:
        cache.set(_known_key(username, ip), 1, timeout=KNOWN_ADDRESS_SECONDS)
    except Exception as exc:  # noqa: BLE001 — a convenience, never a reason to fail a log-in
        LOCAL.cache_failed(exc)


def known_address(username: str, ip: str) -> bool:
    """Whether `username` logged in from `ip` in the last 30 days (False if the cache
    fails: the lock-out then applies as to anyone)."""
    try:
        return cache.get(_known_key(username, ip)) is not None
    except Exception as exc:  # noqa: BLE001
        LOCAL.cache_failed(exc)
        return False
