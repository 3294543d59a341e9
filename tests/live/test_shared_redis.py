"""Two deployments on one Redis server (probe finding F2): pub/sub channels belong to the
server, not to a db number, so what keeps deployments apart is SALIENT_REDIS_KEY_PREFIX in the
layer's channel names — and, should two be given the same prefix, the hub dropping messages of
another deployment.

Deployment X serves the test database; deployment Y a copy of it made after the game started,
so both have the same users and the same game id. In Y a player posts side chat and moves; X's
player must hear none of it. The barrier that shows "none" is not a sleep: the test sees Y's
messages pass through Redis (its own subscriber), then X's other process publishes one chat
line of X through the same Redis; X's hub receives its subscription's messages in Redis'
order, so when X's line has reached X's sockets, Y's would have come first."""

from __future__ import annotations

import asyncio
import json

import httpx
import psycopg
import pytest
import redis.asyncio as aioredis
from django.db import connection, connections

from . import helpers
from .conftest import Daphne, server_env
from .test_sockets import db, fresh_game
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True),
              pytest.mark.slow]


@pytest.fixture
def table(transactional_db):
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"game": game.pk, "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello),
            "hamlet": hamlet}


@pytest.fixture
def copy_of_test_database(table):
    """Deployment Y's database: a copy of the test database as it is now (same users, tokens,
    game ids). Dropped at the end."""
    source = connection.settings_dict["NAME"]
    name = f"{source}_y"
    connections.close_all()  # CREATE DATABASE … TEMPLATE needs the source idle: no
    connection.close_pool()  # connection of ours either, in use or pooled
    params = {k: v for k, v in {"host": connection.settings_dict.get("HOST"),
                                "port": connection.settings_dict.get("PORT"),
                                "user": connection.settings_dict.get("USER"),
                                "password": connection.settings_dict.get("PASSWORD")}.items()
              if v}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{source}"')
    yield name
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Watch:
    """The test's own subscriber to everything published on the Redis server."""

    def __init__(self, url: str) -> None:
        self.client = aioredis.from_url(url)
        self.pubsub = self.client.pubsub()
        self.seen: list[tuple[str, bytes]] = []

    async def start(self) -> "Watch":
        await self.pubsub.psubscribe("*")
        return self

    async def until(self, needle: bytes, timeout: float = 10.0) -> str:
        """The channel of the first published message containing `needle`."""
        async def wait() -> str:
            for channel, data in self.seen:
                if needle in data:
                    return channel
            while True:
                message = await self.pubsub.get_message(timeout=1.0)
                if message is None or message["type"] != "pmessage":
                    continue
                channel, data = message["channel"].decode(), message["data"]
                self.seen.append((channel, data))
                if needle in data:
                    return channel
        return await asyncio.wait_for(wait(), timeout)

    async def close(self) -> None:
        await self.pubsub.aclose()
        await self.client.aclose()


async def post_chat(port: int, token: str, game_id: int, channel: str, text: str) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=15,
                                 headers={"Authorization": f"Token {token}"}) as api:
        answer = await api.post(f"/api/games/{game_id}/chat",
                                json={"channel": channel, "text": text})
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize("prefixes", [("x:", "y:"), ("same:", "same:")],
                         ids=["own-prefixes", "same-prefix"])
async def test_deployments_on_one_redis_never_hear_each_other(
        table, copy_of_test_database, daphne_server, private_redis, prefixes):
    x_prefix, y_prefix = prefixes
    x = daphne_server(redis_url=private_redis.url, SALIENT_REDIS_KEY_PREFIX=x_prefix)
    x_other = daphne_server(redis_url=private_redis.url, SALIENT_REDIS_KEY_PREFIX=x_prefix)
    y_env = server_env(copy_of_test_database, private_redis.url)
    y_env["SALIENT_REDIS_KEY_PREFIX"] = y_prefix
    y = Daphne(y_env).start()
    watch = await Watch(private_redis.url).start()
    game_id = table["game"]
    try:
        x_red = await Client(x.url, game_id, token=table["red"]).open()
        x_watcher = await Client(x.url, game_id).open()
        y_red = await Client(y.url, game_id, token=table["red"]).open()
        for client in (x_red, x_watcher, y_red):
            await client.hello()
        # Y: side chat and a move, over its REST API.
        await post_chat(y.port, table["red"], game_id, "side:north", "Y-SECRET")
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{y.port}", timeout=15,
                                     headers={"Authorization": f"Token {table['red']}"}) as api:
            y_game = await db(_game_in, copy_of_test_database, game_id)
            seat, decision, action = [m for m in helpers.next_moves(y_game) if m[0] == "red"][0]
            answer = await api.post(f"/api/games/{game_id}/actions",
                                    json={"cid": "y-move", "seat": seat, "decision": decision,
                                          "action": action})
            assert answer.status_code == 200, answer.text
        await y_red.expect("chat", where=lambda f: f["text"] == "Y-SECRET")
        await y_red.until_version(1)  # Y's own sockets do hear Y
        y_channels = {await watch.until(b"Y-SECRET"), await watch.until(b'"type":"patch"')}
        # The barrier: one line of X, posted on X's other process, so through the same Redis.
        await post_chat(x_other.port, table["red"], game_id, "table", "X-BARRIER")
        x_channel = await watch.until(b"X-BARRIER")
        for client in (x_red, x_watcher):
            await client.expect("chat", where=lambda f: f["text"] == "X-BARRIER")
            heard = [json.dumps(f) for f in client.frames]
            assert not [f for f in heard if "Y-SECRET" in f], heard
            assert not [f for f in client.frames if f["type"] == "patch"], client.frames
            assert client.v == 0 == (await db(fresh_game, game_id)).version
        if x_prefix != y_prefix:
            # Every channel each deployment published on starts with its own prefix.
            assert all(c.startswith(y_prefix) for c in y_channels), y_channels
            assert x_channel.startswith(x_prefix), x_channel
        else:
            assert "dropped frames of another deployment" in x.log.read_text()
        for client in (x_red, x_watcher, y_red):
            await client.close()
    finally:
        await watch.close()
        y.stop()


def _game_in(database: str, game_id: int):
    """Game `game_id`'s state in another database (deployment Y's)."""
    settings = connection.settings_dict
    params = {k: v for k, v in {"host": settings.get("HOST"), "port": settings.get("PORT"),
                                "user": settings.get("USER"),
                                "password": settings.get("PASSWORD")}.items() if v}
    with psycopg.connect(dbname=database, **params) as other:
        row = other.execute("select state from play_game where id = %s", (game_id,)).fetchone()
    return row[0]
