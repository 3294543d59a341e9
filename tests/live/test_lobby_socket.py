"""The lobby socket `/ws/lobby/` against a real daphne: nudges after lobby changes made through
the HTTP API, private tables' nudges never reaching strangers, and bad input refused with the
socket still usable. These need PostgreSQL (daphne shares the test database); Redis is not
needed — without REDIS_URL daphne runs on the in-memory layer, with it on channels_redis'
pub/sub. One test runs the consumer in this process (any database, the in-memory layer)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from . import helpers
from .wsclient import expect_frame

pytestmark = [pytest.mark.django_db(transaction=True)]
on_daphne = pytest.mark.postgres


db = helpers.db


def session_cookie(user) -> str:
    """A signed-in session for `user`, stored in the test database daphne reads."""
    from django.test import Client
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class LobbyClient:
    """A lobby socket that records every frame it receives."""

    def __init__(self, server_url: str, cookie: str | None = None,
                 origin: str = "http://127.0.0.1") -> None:
        self.url = f"{server_url}/ws/lobby/"
        self.cookie = cookie
        self.origin = origin
        self.frames: list[dict[str, Any]] = []
        self.inbox: asyncio.Queue = asyncio.Queue()

    async def open(self) -> "LobbyClient":
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.ws = await connect(self.url, origin=self.origin, additional_headers=headers,
                                open_timeout=10)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        self.welcome = await self.expect("welcome")
        return self

    async def try_open(self) -> str:
        """"welcome", or "refused <close code>" after the error frame of a refusal."""
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.ws = await connect(self.url, origin=self.origin, additional_headers=headers,
                                open_timeout=10)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        frame = await self.expect("welcome", "_closed")
        if frame["type"] == "welcome":
            self.welcome = frame
            return "welcome"
        errors = [f["code"] for f in self.frames if f["type"] == "error"]
        return f"refused {frame['code']} {','.join(errors)}"

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                frame = json.loads(text)
                self.frames.append(frame)
                await self.inbox.put(frame)
        except Exception:  # noqa: BLE001
            pass
        await self.inbox.put({"type": "_closed", "code": self.ws.close_code})

    async def send(self, frame: Any) -> None:
        await self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    async def expect(self, *types: str, timeout: float = 10.0, where: Any = None
                     ) -> dict[str, Any]:
        return await expect_frame(self.inbox, types, timeout, where)

    async def seen(self, kind: str, *, after: int, timeout: float = 10.0,
                   where: Any = None) -> dict[str, Any]:
        """The first `kind` frame received after the first `after` frames (the inbox aside)."""
        async def wait() -> dict[str, Any]:
            while True:
                for frame in self.frames[after:]:
                    if frame["type"] == kind and (where is None or where(frame)):
                        return frame
                await asyncio.sleep(0.02)
        return await asyncio.wait_for(wait(), timeout)

    async def watch(self, table: int, **fields: Any) -> dict[str, Any]:
        await self.send({"type": "watch", "table": table, **fields})
        return await self.expect("watching", "error",
                                 where=lambda f: f.get("table") == table
                                 or f.get("data", {}).get("table") == table)

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.wait_for(self.reader, 5)


class Api:
    """The HTTP API of the daphne under test, as one user (token auth)."""

    def __init__(self, server_port: int, token: str) -> None:
        self.http = httpx.AsyncClient(base_url=f"http://127.0.0.1:{server_port}",
                                      headers={"Authorization": f"Token {token}"}, timeout=15)

    async def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        response = await self.http.request(method, path, json=body)
        assert response.status_code < 300, (path, response.status_code, response.text)
        return response.json()

    async def table(self, **fields: Any) -> dict[str, Any]:
        return await self.call("POST", "/api/tables/", {"title": "Lobby test",
                                                        "ruleset": "toy_skirmish",
                                                        "scenario": "duel", **fields})


@pytest.fixture
def players(transactional_db):
    users = {name: helpers.make_user(name) for name in ("hamlet", "othello", "iago")}
    return {name: {"user": user, "token": helpers.token_of(user),
                   "cookie": session_cookie(user)} for name, user in users.items()}


@pytest.fixture
def lobby(players, daphne_server):
    server = daphne_server()
    apis = {name: Api(server.port, p["token"]) for name, p in players.items()}
    return server, apis


@on_daphne
async def test_a_seat_taken_by_another_user_nudges_home_pages_and_the_tables_watchers(
        players, lobby):
    server, api = lobby
    watcher = await LobbyClient(server.url, players["othello"]["cookie"]).open()
    anonymous = await LobbyClient(server.url).open()
    assert watcher.welcome == {"type": "welcome", "protocol": "salient-lobby/1",
                               "user": "othello"}
    assert anonymous.welcome["user"] is None
    table = await api["hamlet"].table()
    await watcher.expect("tables")
    await anonymous.expect("tables")
    assert (await watcher.watch(table["id"]))["type"] == "watching"

    await api["iago"].call("POST", f"/api/tables/{table['id']}/seats/blue/claim")
    assert await watcher.expect("table", where=lambda f: f["table"] == table["id"]) == {
        "type": "table", "table": table["id"], "change": "seats"}
    await watcher.expect("tables")
    await anonymous.expect("tables")

    await api["iago"].call("POST", f"/api/tables/{table['id']}/chat", {"text": "Bonjour"})
    assert await watcher.expect("chat") == {"type": "chat", "table": table["id"], "seq": 1}
    # A nudge is a nudge: the chat line itself never travels on the lobby socket.
    assert not any("Bonjour" in json.dumps(f) for f in watcher.frames + anonymous.frames)
    assert not any(f["type"] in ("table", "chat") for f in anonymous.frames), \
        "only watchers hear about one table"
    await watcher.close()
    await anonymous.close()


@on_daphne
async def test_a_private_tables_events_never_reach_a_user_who_may_not_see_it(players, lobby):
    server, api = lobby
    host = await LobbyClient(server.url, players["hamlet"]["cookie"]).open()
    guest = await LobbyClient(server.url, players["othello"]["cookie"]).open()
    stranger = await LobbyClient(server.url, players["iago"]["cookie"]).open()
    anonymous = await LobbyClient(server.url).open()
    strangers = (stranger, anonymous)

    secret = await api["hamlet"].table(title="Elsinore", visibility="private")
    tid, token = secret["id"], secret["invite_token"]
    await host.expect("tables")
    assert (await host.watch(tid))["type"] == "watching"
    refused = await stranger.watch(tid)
    unknown = await stranger.watch(999999)
    assert refused["code"] == unknown["code"] == "table/not_found", \
        "a private table answers exactly like a missing one"
    assert (await anonymous.watch(tid))["code"] == "table/not_found"
    # The invite token opens it, as over HTTP.
    assert (await guest.watch(tid, invite=token))["type"] == "watching"

    await api["othello"].call("POST", f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    await guest.expect("tables")
    await host.expect("table", where=lambda f: f["change"] == "seats")
    await api["othello"].call("POST", f"/api/tables/{tid}/chat", {"text": "to be or not"})
    await host.expect("chat", where=lambda f: f["table"] == tid)
    await api["hamlet"].call("POST", f"/api/tables/{tid}/seats/red/claim")
    await api["hamlet"].call("POST", f"/api/tables/{tid}/ready", {"ready": True})
    await api["othello"].call("POST", f"/api/tables/{tid}/ready", {"ready": True})
    game = await api["hamlet"].call("POST", f"/api/tables/{tid}/start")
    for client in (guest, host):
        await client.expect("table", where=lambda f: f["change"] == "state")
    mark = len(host.frames)
    # The game's end (here: the host abandons it) nudges too: "Games to watch" loses it.
    await api["hamlet"].call("POST", f"/api/games/{game['game']}/abandon")
    assert await host.seen("table", after=mark, where=lambda f: f["change"] == "state") == {
        "type": "table", "table": tid, "change": "state"}

    # Every private nudge went out before the host heard the last one (one process, one hub);
    # past the coalescing window, any that reached a stranger is in its frames.
    await asyncio.sleep(1.0)
    for client in strangers:
        assert {f["type"] for f in client.frames} <= {"welcome", "error"}, client.frames
        assert not any("Elsinore" in json.dumps(f) for f in client.frames)
    # And the strangers' sockets were listening all along: a public table reaches them.
    await api["hamlet"].table(title="Open to all")
    for client in strangers:
        await client.expect("tables")
    for client in (host, guest, stranger, anonymous):
        await client.close()


@on_daphne
async def test_a_table_that_turns_private_stops_nudging_its_uninvited_watchers(players, lobby):
    server, api = lobby
    stranger = await LobbyClient(server.url, players["iago"]["cookie"]).open()
    host = await LobbyClient(server.url, players["hamlet"]["cookie"]).open()
    table = await api["hamlet"].table(title="Soon private")
    tid = table["id"]
    assert (await stranger.watch(tid))["type"] == "watching"
    assert (await host.watch(tid))["type"] == "watching"
    await api["hamlet"].call("PATCH", f"/api/tables/{tid}/", {"visibility": "private"})
    assert await stranger.expect("unwatched") == {"type": "unwatched", "table": tid}
    await host.expect("table", where=lambda f: f["change"] == "settings")
    await api["hamlet"].call("POST", f"/api/tables/{tid}/chat", {"text": "behind the arras"})
    await host.expect("chat", where=lambda f: f["table"] == tid)
    mark = len(stranger.frames)
    await api["hamlet"].table(title="Sentinel")
    await stranger.seen("tables", after=mark)
    after = stranger.frames[stranger.frames.index({"type": "unwatched", "table": tid}) + 1:]
    assert not any(f.get("table") == tid for f in after), after
    for client in (stranger, host):
        await client.close()


@on_daphne
async def test_kick_and_a_new_invite_link_stop_nudging_who_lost_access(players, lobby):
    """A kicked player is no longer invited; one who watched with the old token loses it
    with a new invite link. Both sockets are told `unwatched`; the host keeps watching."""
    server, api = lobby
    table = await api["hamlet"].table(visibility="private")
    tid, token = table["id"], table["invite_token"]
    await api["othello"].call("POST", f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    kicked = await LobbyClient(server.url, players["othello"]["cookie"]).open()
    by_link = await LobbyClient(server.url, players["iago"]["cookie"]).open()
    host = await LobbyClient(server.url, players["hamlet"]["cookie"]).open()
    assert (await kicked.watch(tid))["type"] == "watching"
    assert (await by_link.watch(tid, invite=token))["type"] == "watching"
    assert (await host.watch(tid))["type"] == "watching"
    await api["hamlet"].call("POST", f"/api/tables/{tid}/seats/blue/kick")
    assert await kicked.expect("unwatched") == {"type": "unwatched", "table": tid}
    await by_link.expect("table", where=lambda f: f["change"] == "seats")
    await api["hamlet"].call("POST", f"/api/tables/{tid}/new-invite")
    assert await by_link.expect("unwatched") == {"type": "unwatched", "table": tid}
    await host.expect("table", where=lambda f: f["change"] == "settings")
    assert not any(f["type"] == "unwatched" for f in host.frames)
    for client in (kicked, by_link, host):
        await client.close()


@on_daphne
async def test_bad_input_gets_an_error_frame_and_the_socket_stays_usable(players, lobby):
    server, api = lobby
    with pytest.raises(InvalidStatus) as refused:
        await LobbyClient(server.url, origin="http://evil.example").open()
    assert refused.value.response.status_code == 403
    client = await LobbyClient(server.url, players["iago"]["cookie"]).open()
    secret = await api["hamlet"].table(visibility="private")
    cases = [
        ("not json {", "frame/not_json"),
        ("[1, 2]", "frame/not_object"),
        (json.dumps({"type": "teleport"}), "frame/unknown_type"),
        (json.dumps({"type": "watch"}), "frame/invalid"),
        (json.dumps({"type": "watch", "table": "7"}), "frame/invalid"),
        (json.dumps({"type": "watch", "table": True}), "frame/invalid"),
        (json.dumps({"type": "watch", "table": 999999}), "table/not_found"),
        (json.dumps({"type": "watch", "table": secret["id"]}), "table/not_found"),
        (json.dumps({"type": "watch", "table": secret["id"], "invite": "guess"}),
         "table/not_found"),
        ("x" * (64 * 1024 + 10), "frame/too_large"),
        (b"\x00\x01", "frame/binary"),
    ]
    for text, code in cases:
        await client.send(text)
        assert (await client.expect("error"))["code"] == code, text[:60]
    await client.send({"type": "ping", "t": 7})
    assert await client.expect("pong") == {"type": "pong", "t": 7}
    public = await api["hamlet"].table()
    assert (await client.watch(public["id"]))["type"] == "watching"
    await api["othello"].call("POST", f"/api/tables/{public['id']}/seats/red/claim")
    await client.expect("table", where=lambda f: f["table"] == public["id"])
    await client.send({"type": "unwatch", "table": public["id"]})
    assert await client.expect("unwatched") == {"type": "unwatched", "table": public["id"]}
    # Flooding: refused with rate/limited, then closed.
    for _ in range(60):
        await client.send({"type": "ping"})
    assert (await client.expect("error"))["code"] == "rate/limited"
    for _ in range(400):
        await client.send({"type": "ping"})
    assert (await client.expect("_closed"))["code"] == 4429


async def test_in_process_a_private_tables_nudges_reach_its_people_and_nobody_else(
        players, settings):
    """The consumer and the notifier in this process, on the in-memory layer (SQLite too)."""
    from boardgame.lobby import services
    from boardgame.lobby.consumers import LobbyConsumer
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    sockets = {}
    for name in ("hamlet", "othello", "iago", None):
        socket = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
        socket.scope["user"] = players[name]["user"] if name else AnonymousUser()
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from())["type"] == "welcome"
        sockets[name] = socket
    hamlet, othello = players["hamlet"]["user"], players["othello"]["user"]
    # Through database_sync_to_async, as a view runs under daphne: the nudge is sent on this
    # event loop, where the sockets are.
    call = database_sync_to_async
    secret = await call(services.do_create_table)(hamlet, title="Elsinore",
                                                   ruleset="toy_skirmish", scenario="duel",
                                                   visibility="private")
    assert await sockets["hamlet"].receive_json_from(timeout=5) == {"type": "tables"}
    await call(services.do_claim_seat)(othello, secret.pk, "blue", invite=secret.invite_token)
    assert await sockets["othello"].receive_json_from(timeout=5) == {"type": "tables"}
    await call(services.do_post_table_chat)(othello, secret.pk, "words, words, words")
    await call(services.do_create_table)(hamlet, title="Sentinel", ruleset="toy_skirmish",
                                         scenario="duel")
    for name in ("iago", None):
        assert await sockets[name].receive_json_from(timeout=5) == {"type": "tables"}, \
            "the first frame after welcome must be the public table's nudge"
        assert await sockets[name].receive_nothing(timeout=1.0)  # past the coalescing window
    for socket in sockets.values():
        await socket.disconnect()


@on_daphne
@pytest.mark.redis
async def test_the_lobby_cap_holds_across_processes_apart_from_game_sockets(players,
                                                                             daphne_server):
    import os

    import redis
    hamlet = players["hamlet"]
    from boardgame.lobby.consumers import LOBBY_CAP
    redis.Redis.from_url(os.environ["REDIS_URL"]).delete(LOBBY_CAP.key(hamlet["user"].pk))
    cap = {"SALIENT_WS_MAX_SOCKETS_PER_USER": "2"}
    first, second = daphne_server(**cap), daphne_server(**cap)
    one, two, three = (LobbyClient(server.url, hamlet["cookie"])
                       for server in (first, second, first))
    assert await one.try_open() == "welcome"
    assert await two.try_open() == "welcome"
    # The first process holds one socket of hamlet's: only the cluster's count refuses this.
    assert await three.try_open() == "refused 4409 auth/too_many_sockets"
    # A game socket is counted apart: two open lobby tabs do not lock hamlet out of his game.
    game = await db(helpers.start_game, hamlet["user"],
                    {"red": hamlet["user"], "blue": players["othello"]["user"]})
    from .wsclient import Client
    player = await Client(first.url, game.pk, token=hamlet["token"]).open()
    await player.send({"type": "hello", "token": hamlet["token"]})
    assert (await player.expect("welcome", "_closed", timeout=15))["type"] == "welcome"
    await player.close()
    await one.close()
    again = LobbyClient(second.url, hamlet["cookie"])
    for _ in range(50):  # the close's ZREM lands a moment after the socket is gone
        outcome = await again.try_open()
        if outcome == "welcome":
            break
        again = LobbyClient(second.url, hamlet["cookie"])
        await asyncio.sleep(0.1)
    assert outcome == "welcome"
    await two.close()
    await again.close()


async def _play_until_a_move_opens_for_someone_else(api, game_id, users):
    """Play the toy duel through the REST API (the server's own process sends the nudges)
    until a step gives a decision to a seat that had none and was not the one acting.
    Returns that seat's user name, or None if the game ended first."""
    from boardgame.play.models import Game
    for _ in range(40):
        game = await db(Game.objects.get, pk=game_id)
        if game.is_over:
            return None
        before = set(game.live.get("running", ()))
        seat, decision, action = helpers.next_moves(game.state)[0]
        await api[users[seat]].call("POST", f"/api/games/{game_id}/actions",
                                    {"cid": f"s{game.version}", "seat": seat,
                                     "decision": decision, "action": action})
        after = set((await db(Game.objects.get, pk=game_id)).live["running"])
        opened = sorted(after - before - {seat})
        if opened:
            return users[opened[0]]
    return None


@on_daphne
@pytest.mark.parametrize("pace", ["async", "live"])
async def test_a_move_that_becomes_yours_in_an_async_game_nudges_your_games_page_only(
        players, lobby, pace):
    server, api = lobby
    sockets = {name: await LobbyClient(server.url, players[name]["cookie"]).open()
               for name in ("hamlet", "othello", "iago")}
    game = await db(helpers.start_game, players["hamlet"]["user"],
                    {"red": players["hamlet"]["user"], "blue": players["othello"]["user"]},
                    pace=pace)
    for name in ("hamlet", "othello"):  # the table started: its players' pages re-read
        await sockets[name].expect("games")
    await asyncio.sleep(0.7)  # past the coalescing window of that nudge
    heard = {name: len(s.frames) for name, s in sockets.items()}
    mover = await _play_until_a_move_opens_for_someone_else(
        api, game.pk, {"red": "hamlet", "blue": "othello"})
    assert mover is not None, "the duel never handed a move to the waiting player"
    await asyncio.sleep(1.0)
    games = {name: [f for f in s.frames[heard[name]:] if f["type"] == "games"]
             for name, s in sockets.items()}
    if pace == "async":
        assert games[mover], f"{mover}'s move opened but no games nudge came"
    else:
        assert not games[mover], "live games are played at the board: no nudge per move"
    assert not games["iago"], "a stranger hears nothing of another's games"
    for client in sockets.values():
        await client.close()
