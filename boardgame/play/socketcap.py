"""How many game sockets one user may hold: SALIENT_WS_MAX_SOCKETS_PER_USER (10), across the
cluster when Redis is configured, per process otherwise.

With Redis every user has a sorted set `salient:wscap:<user id>` (prefix: see KEY_PREFIX): one member per open socket
(`<process uuid>:<n>`, unique across processes), scored with the time its lease ends, in
milliseconds of the Redis server's clock (so the hosts' clocks need not agree). `acquire` is
one Lua script — drop the expired members, count, add this socket if under the cap, let the
key expire with its last lease — and `release` one ZREM: one round trip at `hello`, one at
close, nothing per frame. Every SALIENT_WS_SOCKET_LEASE / 3 seconds (lease default 30 s) a
task in each process renews its own live sockets' leases in one script call, so the places
of a process that dies without closing them (`kill -9`, a lost host) free themselves when
their lease runs out.

Availability beats the cap. If Redis does not answer within TIMEOUT (0.5 s), the socket is
admitted on this process's own count (the per-process cap), a warning is logged once, and
Redis is left alone until the renewal task reaches it again (it tries every second); that
renewal writes every live socket of the process back, so a Redis that restarted empty
counts them all again.

Without Redis (the embedded quick start, one process) only the process's own count exists.

Anonymous sockets have no user to count: each process caps them on its own (no Redis round
trip for a visitor) per client address (SALIENT_WS_ANON_PER_ADDRESS, game and lobby sockets
together) and per game (SALIENT_WS_ANON_PER_GAME), with the same class keyed by address or
game instead of user. A cluster of N processes thus admits up to N times each cap.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import uuid
from dataclasses import dataclass
from typing import Any, Hashable

from django.conf import settings

logger = logging.getLogger(__name__)

MAX_SOCKETS_PER_USER = int(os.environ.get("SALIENT_WS_MAX_SOCKETS_PER_USER")
                           or getattr(settings, "SALIENT_WS_MAX_SOCKETS_PER_USER", 10))
LEASE_SECONDS = float(os.environ.get("SALIENT_WS_SOCKET_LEASE")
                      or getattr(settings, "SALIENT_WS_SOCKET_LEASE", 30.0))
TIMEOUT = 0.5            # the most a handshake waits for Redis before counting locally
PROBE_SECONDS = 1.0      # how often an unreachable Redis is tried again
# Keys live under SALIENT_REDIS_KEY_PREFIX ("salient:"): deployments (or test runs) sharing
# one Redis keep their counts apart by giving each its own prefix.
REDIS_KEY_PREFIX = settings.SALIENT_REDIS_KEY_PREFIX
KEY_PREFIX = f"{REDIS_KEY_PREFIX}wscap:"

# KEYS[1] the user's set; ARGV member, cap, lease (ms). 1 = admitted, 0 = refused.
ACQUIRE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return 1
"""

# KEYS the users' sets; ARGV lease (ms), then per key: how many members, the members.
# ZADD without XX: a Redis that lost its data (restarted) learns the live sockets again.
RENEW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local until_ = now + tonumber(ARGV[1])
local i = 2
for k = 1, #KEYS do
  local n = tonumber(ARGV[i])
  i = i + 1
  for j = 1, n do
    redis.call('ZADD', KEYS[k], until_, ARGV[i])
    i = i + 1
  end
  local last = redis.call('ZRANGE', KEYS[k], -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', KEYS[k], last[2])
end
return #KEYS
"""


@dataclass(frozen=True, slots=True)
class Ticket:
    """One admitted socket: give it back to `release` when the socket closes. `user_id` is
    what is counted: a user id, or (anonymous caps) an address or a game id."""
    user_id: Hashable
    member: str


class SocketCap:
    """The cap of one process. `redis_url` empty: per process only."""

    def __init__(self, redis_url: str, cap: int, lease: float,
                 prefix: str = KEY_PREFIX) -> None:
        self.url = redis_url
        self.cap = cap
        self.lease = lease
        self.prefix = prefix
        self.process = uuid.uuid4().hex
        self.numbers = itertools.count(1)
        self.live: dict[Hashable, set[str]] = {}  # this process's admitted sockets
        self.down = False                       # Redis unreachable: count locally
        self.loop: asyncio.AbstractEventLoop | None = None
        self.client: Any = None
        self.acquire_script: Any = None
        self.renew_script: Any = None
        self.renewer: asyncio.Task | None = None
        # Held while a renewal is in flight, so a release never lands before a renewal that
        # still carried its socket (which would put the socket back until its lease ended).
        self.renewing: asyncio.Lock | None = None

    def key(self, user_id: Hashable) -> str:
        return f"{self.prefix}{user_id}"

    def _ensure(self) -> None:
        """One connection pool and one renewal task per event loop (daphne has one)."""
        loop = asyncio.get_running_loop()
        if self.loop is loop and self.renewer is not None and not self.renewer.done():
            return
        if self.loop is not loop:
            from redis.asyncio import BlockingConnectionPool, Redis
            from redis.asyncio.retry import Retry
            from redis.backoff import NoBackoff
            # No retries and short timeouts: a handshake must not wait on a dead Redis.
            pool = BlockingConnectionPool.from_url(
                self.url, max_connections=8, timeout=TIMEOUT, socket_timeout=TIMEOUT,
                socket_connect_timeout=TIMEOUT, retry=Retry(NoBackoff(), 0))
            self.client = Redis(connection_pool=pool)
            self.acquire_script = self.client.register_script(ACQUIRE)
            self.renew_script = self.client.register_script(RENEW)
            self.renewing = asyncio.Lock()
            self.loop = loop
        self.renewer = loop.create_task(self._renew_forever())

    def _failed(self, doing: str, exc: BaseException) -> None:
        if not self.down:
            logger.warning("Redis unreachable for the socket cap (%s: %s %s): each process "
                           "caps its own sockets until it answers", doing,
                           type(exc).__name__, exc)
        self.down = True

    def _count_locally(self, user_id: Hashable) -> bool:
        return len(self.live.get(user_id, ())) < self.cap

    async def acquire(self, user_id: Hashable) -> Ticket | None:
        """Admit one more socket of this user, or None when the user is at the cap."""
        ticket = Ticket(user_id, f"{self.process}:{next(self.numbers)}")
        if not self.url:
            admitted = self._count_locally(user_id)
        else:
            self._ensure()
            admitted = None
            if not self.down:
                try:
                    admitted = bool(await asyncio.wait_for(self.acquire_script(
                        keys=[self.key(user_id)],
                        args=[ticket.member, self.cap, int(self.lease * 1000)]), TIMEOUT))
                except Exception as exc:  # noqa: BLE001 — availability beats the cap
                    self._failed("acquire", exc)
            if admitted is None:
                admitted = self._count_locally(user_id)
        if not admitted:
            return None
        self.live.setdefault(user_id, set()).add(ticket.member)
        return ticket

    async def release(self, ticket: Ticket) -> None:
        members = self.live.get(ticket.user_id)
        if members is not None:
            members.discard(ticket.member)
            if not members:
                del self.live[ticket.user_id]
        if not self.url or self.down or self.loop is not asyncio.get_running_loop():
            return  # a member left behind in Redis frees itself when its lease ends
        assert self.renewing is not None
        try:
            async with self.renewing:
                await asyncio.wait_for(
                    self.client.zrem(self.key(ticket.user_id), ticket.member), TIMEOUT)
        except Exception as exc:  # noqa: BLE001
            self._failed("release", exc)

    async def renew(self) -> None:
        """Renew the leases of this process's live sockets (and write back any Redis lost)."""
        assert self.renewing is not None
        async with self.renewing:
            users = sorted(self.live)
            if users:
                args: list[Any] = [int(self.lease * 1000)]
                for user_id in users:
                    members = sorted(self.live[user_id])
                    args += [len(members), *members]
                await asyncio.wait_for(self.renew_script(
                    keys=[self.key(u) for u in users], args=args), TIMEOUT * 2)
            elif self.down:
                await asyncio.wait_for(self.client.ping(), TIMEOUT)

    async def _renew_forever(self) -> None:
        every = self.lease / 3
        while True:
            await asyncio.sleep(min(every, PROBE_SECONDS) if self.down else every)
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001
                self._failed("renew", exc)
                continue
            if self.down:
                self.down = False
                logger.warning("Redis answers again: the socket cap holds across processes")

    async def close(self) -> None:
        """Stop the renewal task and close the pool (tests; daphne just exits)."""
        if self.renewer is not None:
            self.renewer.cancel()
            try:
                await self.renewer
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self.renewer = None
        if self.client is not None:
            await self.client.aclose()
            self.client = None
        self.loop = None


CAP = SocketCap(getattr(settings, "REDIS_URL", ""), MAX_SOCKETS_PER_USER, LEASE_SECONDS)


async def acquire(user_id: int) -> Ticket | None:
    return await CAP.acquire(user_id)


async def release(ticket: Ticket) -> None:
    await CAP.release(ticket)


# --- anonymous sockets: per process, per address and per game ---------------------------------

ANON_BY_ADDRESS = SocketCap("", settings.SALIENT_WS_ANON_PER_ADDRESS, LEASE_SECONDS)
ANON_BY_GAME = SocketCap("", settings.SALIENT_WS_ANON_PER_GAME, LEASE_SECONDS)

Place = tuple[SocketCap, Ticket]


def client_address(scope: dict[str, Any]) -> str:
    """The socket's client address: behind a proxy, the header SALIENT_CLIENT_IP_HEADER names
    (as the HTTP rate limits read it, accounts/ratelimit.py), else the peer's address."""
    meta_name = settings.SALIENT_CLIENT_IP_HEADER
    if meta_name.startswith("HTTP_"):
        wanted = meta_name[5:].lower().replace("_", "-").encode("latin-1")
        for name, value in scope.get("headers", ()):
            if name.lower() == wanted:
                found = value.decode("latin-1").split(",")[0].strip()
                if found:
                    return found
    client = scope.get("client") or ("unknown",)
    return str(client[0])


async def take_places(wanted: list[tuple[str, SocketCap, Hashable]]
                      ) -> tuple[list[Place], str | None]:
    """A place in each (label, cap, key), all or none: (places, None), or ([], the label of
    the cap that refused)."""
    places: list[Place] = []
    for label, cap, key in wanted:
        ticket = await cap.acquire(key)
        if ticket is None:
            await give_back(places)
            return [], label
        places.append((cap, ticket))
    return places, None


async def give_back(places: list[Place]) -> None:
    for cap, ticket in places:
        await cap.release(ticket)
