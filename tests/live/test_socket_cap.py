"""The cap on game sockets per user (boardgame/play/socketcap.py): across daphne processes when
they share Redis, per process without Redis or while Redis is down.

The first tests drive `SocketCap` directly against a real Redis (two instances stand for two
processes); the others start real daphne processes and open real sockets."""

from __future__ import annotations

import asyncio
import os
import socket
import time
import uuid

import pytest

from boardgame.play.socketcap import KEY_PREFIX, SocketCap

from . import helpers
from .wsclient import Client

REDIS_URL = os.environ.get("REDIS_URL", "")
TOO_MANY = 4409  # docs/protocol.md, close codes


def prefix() -> str:
    """A key space of its own, so runs sharing a Redis never count each other's sockets."""
    return f"salient:test:{uuid.uuid4().hex}:"


async def card(client, key: str) -> int:
    return await client.zcard(key)


async def eventually(check, timeout: float = 15.0, every: float = 0.1):
    """Poll an async `check` until it returns something truthy; fail after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        result = await check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{check.__name__} still false after {timeout} s")
        await asyncio.sleep(every)


# --- SocketCap against Redis ----------------------------------------------------------------

async def test_without_redis_each_process_counts_only_its_own_sockets():
    one, other = SocketCap("", 2, 30.0), SocketCap("", 2, 30.0)
    first, second = await one.acquire(7), await one.acquire(7)
    assert first and second and await one.acquire(7) is None
    assert await one.acquire(8), "the cap is per user"
    assert await other.acquire(7) and await other.acquire(7), "and per process"
    await one.release(first)
    assert await one.acquire(7)


@pytest.mark.redis
async def test_two_processes_share_one_cap_and_a_release_frees_a_place():
    keys = prefix()
    a, b = (SocketCap(REDIS_URL, 3, 30.0, keys) for _ in range(2))
    try:
        held = [await a.acquire(1), await b.acquire(1), await a.acquire(1)]
        assert all(held)
        # Each process holds fewer than 3: only a shared count refuses these.
        assert await b.acquire(1) is None and await a.acquire(1) is None
        assert await b.acquire(2), "another user has places of his own"
        await a.release(held[0])
        assert await b.acquire(1)
        assert await a.acquire(1) is None
        assert await card(a.client, keys + "1") == 3
    finally:
        await a.close()
        await b.close()


@pytest.mark.redis
async def test_a_dead_process_places_free_themselves_when_the_lease_ends():
    keys = prefix()
    dead, alive = SocketCap(REDIS_URL, 2, 0.5, keys), SocketCap(REDIS_URL, 2, 0.5, keys)
    try:
        assert await dead.acquire(1) and await dead.acquire(1)
        ttl = await dead.client.pttl(keys + "1")
        assert 0 < ttl <= 500, "the key must expire with its last lease, not linger"
        await dead.close()  # no release, no more renewals: a kill -9
        assert await alive.acquire(1) is None

        async def admitted():
            return await alive.acquire(1)
        await eventually(admitted, every=0.2)
    finally:
        await dead.close()
        await alive.close()


@pytest.mark.redis
async def test_renewals_keep_live_sockets_counted_past_their_first_lease():
    keys = prefix()
    holder, other = SocketCap(REDIS_URL, 2, 1.5, keys), SocketCap(REDIS_URL, 2, 1.5, keys)
    try:
        assert await holder.acquire(1) and await holder.acquire(1)
        await asyncio.sleep(4.5)  # three leases; renewals every 0.5 s
        assert await other.acquire(1) is None
        assert await card(other.client, keys + "1") == 2
    finally:
        await holder.close()
        await other.close()


@pytest.mark.redis
async def test_redis_down_fails_open_per_process_and_relearns_the_sockets_when_back(
        private_redis):
    keys = prefix()
    a, b = (SocketCap(private_redis.url, 2, 1.5, keys) for _ in range(2))
    try:
        assert await a.acquire(1) and await a.acquire(1)
        assert await b.acquire(1) is None
        private_redis.stop()
        # Down: every process caps its own sockets, and still admits up to that.
        assert await a.acquire(1) is None
        assert await b.acquire(1) and await b.acquire(1)
        assert await b.acquire(1) is None
        private_redis.start()  # empty: it lost every member

        async def all_four_counted():
            try:
                return await card(a.client, keys + "1") == 4
            except Exception:  # noqa: BLE001 — the pool may still hold a dead connection
                return False
        await eventually(all_four_counted)
        third = SocketCap(private_redis.url, 2, 1.5, keys)
        try:
            assert await third.acquire(1) is None
        finally:
            await third.close()
    finally:
        await a.close()
        await b.close()


async def test_a_redis_that_never_answers_does_not_hold_up_the_handshake():
    # Accepts connections (the kernel's backlog does) but never says a word.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        cap = SocketCap(f"redis://127.0.0.1:{port}/0", 2, 30.0, prefix())
        try:
            # Generous: without a short timeout redis-py waits 5 s and retries.
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(cap.acquire(1) for _ in range(3))), 3.0)
            assert sum(o is not None for o in outcomes) == 2
            assert cap.down
        finally:
            await cap.close()


# --- real daphne processes --------------------------------------------------------------------

@pytest.fixture
def watcher(transactional_db):
    """iago, who watches hamlet and othello's public game."""
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    iago = helpers.make_user("iago")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"game": game.pk, "user": iago.pk, "token": helpers.token_of(iago),
            "hamlet": helpers.token_of(hamlet)}


@pytest.fixture
def redis_key(watcher):
    """iago's set on the shared Redis, emptied first: user ids repeat between runs."""
    import redis
    client = redis.Redis.from_url(REDIS_URL)
    key = f"{KEY_PREFIX}{watcher['user']}"
    client.delete(key)
    yield client, key
    client.close()


class Sockets:
    """The sockets a test opened, closed at the end whatever happened."""

    def __init__(self) -> None:
        self.opened: list[Client] = []

    async def open(self, server, game: int, token: str) -> tuple[str, Client]:
        """Open and say hello: ("welcome" | "refused" | "closed <code>", client)."""
        client = await Client(server.url, game, token=token).open()
        self.opened.append(client)
        await client.send({"type": "hello", "token": token})
        frame = await client.expect("welcome", "_closed", timeout=15)
        if frame["type"] == "welcome":
            return "welcome", client
        return ("refused" if frame["code"] == TOO_MANY else f"closed {frame['code']}"), client

    async def close_all(self) -> None:
        for client in self.opened:
            await client.close()


@pytest.fixture
async def sockets():
    opened = Sockets()
    yield opened
    await opened.close_all()


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
async def test_the_cap_holds_across_two_daphne_processes(watcher, redis_key, daphne_server,
                                                         sockets):
    client, key = redis_key
    cap = {"SALIENT_WS_MAX_SOCKETS_PER_USER": "3"}
    first, second = daphne_server(**cap), daphne_server(**cap)
    game, token = watcher["game"], watcher["token"]
    outcomes = []
    for server in (first, second, first):
        outcomes.append((await sockets.open(server, game, token))[0])
    assert outcomes == ["welcome"] * 3
    # The second process holds one socket of iago's: only the cluster's count refuses this.
    assert (await sockets.open(second, game, token))[0] == "refused"
    assert (await sockets.open(first, game, token))[0] == "refused"
    assert (await sockets.open(first, game, watcher["hamlet"]))[0] == "welcome"
    # Close one on the first process; its place goes to the second.
    await sockets.opened[0].close()

    async def released():
        return client.zcard(key) == 2
    await eventually(released)
    assert (await sockets.open(second, game, token))[0] == "welcome"
    assert (await sockets.open(second, game, token))[0] == "refused"


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
async def test_a_killed_process_frees_its_places_after_the_lease(watcher, redis_key,
                                                                 daphne_server, sockets):
    env = {"SALIENT_WS_MAX_SOCKETS_PER_USER": "2", "SALIENT_WS_SOCKET_LEASE": "2"}
    doomed, survivor = daphne_server(**env), daphne_server(**env)
    game, token = watcher["game"], watcher["token"]
    assert [(await sockets.open(doomed, game, token))[0] for _ in range(2)] == ["welcome"] * 2
    assert (await sockets.open(survivor, game, token))[0] == "refused"
    await asyncio.sleep(2.5)  # past the first lease: the doomed process renews its sockets
    assert (await sockets.open(survivor, game, token))[0] == "refused"
    doomed.kill()  # SIGKILL: nothing is released

    async def admitted():
        outcome, _ = await sockets.open(survivor, game, token)
        return outcome == "welcome"
    await eventually(admitted, timeout=20, every=0.5)


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
async def test_with_redis_stopped_each_process_caps_its_own_and_sockets_still_open(
        watcher, daphne_server, private_redis, sockets):
    env = {"SALIENT_WS_MAX_SOCKETS_PER_USER": "2", "SALIENT_WS_SOCKET_LEASE": "3"}
    first = daphne_server(redis_url=private_redis.url, **env)
    second = daphne_server(redis_url=private_redis.url, **env)
    game, token = watcher["game"], watcher["token"]
    assert (await sockets.open(first, game, token))[0] == "welcome"
    assert (await sockets.open(second, game, token))[0] == "welcome"
    assert (await sockets.open(first, game, token))[0] == "refused"
    private_redis.stop()
    # Availability beats the cap: each process admits up to its own count of 2.
    assert (await sockets.open(first, game, token))[0] == "welcome"
    assert (await sockets.open(second, game, token))[0] == "welcome"
    assert (await sockets.open(first, game, token))[0] == "refused"
    assert (await sockets.open(second, game, token))[0] == "refused"
    private_redis.start()
    # Back (and empty): the processes write their 4 live sockets back, and the cluster's
    # count refuses a socket the first process alone would admit once it holds one.
    first_sockets = [c for c in sockets.opened if c.welcome and f":{first.port}/" in c.url]
    await first_sockets[0].close()

    async def cluster_refuses():
        outcome, opened = await sockets.open(first, game, token)
        if outcome == "welcome":
            await opened.close()
        return outcome == "refused"
    await eventually(cluster_refuses, timeout=20, every=0.5)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_without_redis_the_cap_is_per_process(watcher, daphne_server, sockets):
    env = {"SALIENT_WS_MAX_SOCKETS_PER_USER": "2"}
    first, second = daphne_server(redis_url="", **env), daphne_server(redis_url="", **env)
    game, token = watcher["game"], watcher["token"]
    for server in (first, second):
        assert [(await sockets.open(server, game, token))[0] for _ in range(3)] \
            == ["welcome", "welcome", "refused"]
    await sockets.opened[0].close()

    async def admitted():
        outcome, _ = await sockets.open(first, game, token)
        return outcome == "welcome"
    await eventually(admitted, every=0.2)
