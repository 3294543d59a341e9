"""A socket frame that fails — a bug in a ruleset, input PostgreSQL refuses, a number JSON
cannot carry — against real daphne processes (probe 2026-11-26, F4 and F16).

Before: the handler's exception ended the consumer without `disconnect`, so its cap place,
hub membership and presence stayed for the life of the process (ten crashes locked a user
out; anonymous crashes inflated the spectator count), and `ping {t: 1e400}` was answered with
`Infinity`, which is not JSON. Now: `server/error` and the socket stays; whatever ends a socket
gives back what it held; NUL, lone surrogates and non-finite numbers are refused at parse."""

from __future__ import annotations

import json

import pytest

from boardgame.play import broadcast, frames, protocol
from boardgame.play.models import Game

from . import helpers
from .helpers import on_daphne
from .wsclient import Client

FRAGILE = "tests.toy.ruleset,tests.live.fragile_ruleset"

# Frames that reached PostgreSQL or the socket's encoder and crashed the consumer (probe F4).
ABUSIVE = [
    '{"type":"act","cid":"z","seat":"red\\u0000","decision":"x","action":{}}',
    '{"type":"options","seat":"r\\u0000","decision":"x"}',
    '{"type":"act","cid":"z\\u0000","seat":"red","decision":"x","action":{"a":"\\ud800"}}',
    '{"type":"chat","channel":"table","text":"lone \\ud800 surrogate"}',
    '{"type":"undo","cid":"u","seat":"\\udfff"}',
    '{"type":"ping","t":1e400}',
    '{"type":"ping","t":NaN}',
    '{"type":"options","decision":"x","query":{"deep":[{"n":-Infinity}]}}',
    '{"type":"act","cid":"k","seat":"red","decision":"x","action":{"ke\\u0000y":1}}',
    '{"type":"hello","token":"\\u0000"}',
]


@pytest.fixture
def fragile_game(transactional_db, monkeypatch):
    """hamlet (red) against othello (blue) in Toy Skirmish with a bug on purpose (`poke`)."""
    monkeypatch.setenv("SALIENT_EXTRA_RULESETS", FRAGILE)
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, ruleset="toy_fragile")
    return {"game": game.pk, "red": helpers.token_of(hamlet)}


async def answer_to(client: Client) -> dict:
    return await client.expect("error", "reject", "_closed")


@on_daphne
async def test_a_crashing_frame_answers_server_error_and_the_socket_stays_usable(
        fragile_game, daphne_server):
    server = daphne_server()
    red = await Client(server.url, fragile_game["game"], token=fragile_game["red"]).open()
    await red.hello()
    await red.send({"type": "options", "decision": "poke", "seat": "red"})
    assert await answer_to(red) == {
        "type": "error", "code": "server/error", "ref": "options",
        "message": "The server failed on this frame; the socket is still usable."}
    failed = await red.act("red", "poke", {"any": "thing"}, cid="poke-1")
    assert (failed["type"], failed["code"], failed["cid"]) == ("reject", "server/error",
                                                               "poke-1")
    await red.send({"type": "ping", "t": "still here"})
    assert (await red.expect("pong"))["t"] == "still here"
    game = await helpers.db(Game.objects.get, pk=fragile_game["game"])
    seat, decision, action = next(m for m in helpers.next_moves(game.state) if m[0] == "red")
    assert (await red.act(seat, decision, action))["type"] == "ack"
    await red.close()


@on_daphne
async def test_ten_crashing_sockets_do_not_lock_their_user_out_nor_keep_the_seat_present(
        fragile_game, daphne_server):
    server = daphne_server()
    game, token = fragile_game["game"], fragile_game["red"]
    for _ in range(12):  # the cap is 10 sockets per user
        client = await Client(server.url, game, token=token).open()
        await client.hello()
        await client.send({"type": "options", "decision": "poke", "seat": "red"})
        await answer_to(client)  # server/error now; before, the consumer died (1011)
        await client.close()
    watcher = await Client(server.url, game).open()
    await watcher.hello()
    # Presence is batched (a frame a second): red's crashed sockets must leave it.
    await watcher.expect("presence", where=lambda f: "red" not in f["seats"], timeout=15)
    again = await Client(server.url, game, token=token).open()
    assert (await again.hello())["audience"] == "seat:red"
    for client in (watcher, again):
        await client.close()


@on_daphne
async def test_abusive_frames_from_anonymous_sockets_do_not_inflate_the_spectators(
        fragile_game, daphne_server):
    server = daphne_server()
    game = fragile_game["game"]
    for text in ABUSIVE + ABUSIVE[:3]:
        client = await Client(server.url, game).open()
        if not text.startswith('{"type":"hello"'):
            await client.hello()
        await client.send(text)
        answer = await answer_to(client)
        assert (answer["type"], answer["code"]) == ("error", "frame/invalid"), text
        await client.close()
    watcher = await Client(server.url, game).open()
    await watcher.hello()
    await watcher.expect("presence", where=lambda f: f["spectators"] == 1, timeout=15)
    await watcher.close()


@on_daphne
async def test_the_server_never_sends_infinity_or_nan(fragile_game, daphne_server):
    server = daphne_server()
    client = await Client(server.url, fragile_game["game"]).open()
    await client.hello()
    for t in ("1e400", "-1e400", "NaN", "Infinity"):
        await client.send('{"type":"ping","t":%s}' % t)
        answer = await answer_to(client)
        assert (answer["code"], answer["data"]) == ("frame/invalid", {"field": "t"})
    await client.send({"type": "ping", "t": 1.5e300})
    assert (await client.expect("pong"))["t"] == 1.5e300
    for text in client.texts:  # strict JSON: Infinity and NaN are not
        json.loads(text, parse_constant=lambda name, text=text: pytest.fail(f"{name} in {text}"))
    await client.close()


def test_the_send_path_refuses_non_finite_numbers():
    with pytest.raises(ValueError):
        frames.dumps({"type": "pong", "t": float("inf")})


@pytest.mark.parametrize("text", ABUSIVE)
def test_the_parser_refuses_nul_lone_surrogates_and_non_finite_numbers(text):
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.parse(text)
    assert refused.value.code == "frame/invalid"
    json.dumps(refused.value.frame(), allow_nan=False).encode("utf-8")  # sendable as is


def test_the_parser_keeps_ordinary_unicode_and_numbers():
    kind, fields = protocol.parse('{"type":"chat","channel":"table","text":"Łódź 🎲 \u00e9"}')
    assert fields["text"] == "Łódź 🎲 é"
    assert protocol.parse('{"type":"ping","t":1.5e300}') == ("ping", {"t": 1.5e300})


@pytest.mark.django_db(transaction=True)
async def test_in_process_the_lobby_socket_answers_server_error_and_a_dying_one_gives_back_its_place(
        monkeypatch, settings):
    """The lobby consumer in this process (in-memory layer, SQLite too), with bugs planted:
    a failing frame answers `server/error`; a consumer that dies gives its cap place back."""
    from channels.testing import WebsocketCommunicator

    from boardgame.lobby import consumers
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    user = await helpers.db(helpers.make_user, "hamlet")

    async def broken_ping(self, fields):
        raise TypeError("a bug on purpose")
    monkeypatch.setattr(consumers.LobbyConsumer, "on_ping", broken_ping)
    socket = WebsocketCommunicator(consumers.LobbyConsumer.as_asgi(), "/ws/lobby/")
    socket.scope["user"] = user
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["type"] == "welcome"
    await socket.send_json_to({"type": "ping"})
    answer = await socket.receive_json_from()
    assert (answer["type"], answer["code"], answer["ref"]) == ("error", "server/error", "ping")
    await socket.send_json_to({"type": "unwatch", "table": 1})
    assert await socket.receive_json_from() == {"type": "unwatched", "table": 1}
    await socket.disconnect()
    assert user.pk not in consumers.LOBBY_CAP.live

    async def broken_join(group, consumer):
        raise RuntimeError("the layer failed on purpose")
    monkeypatch.setattr(consumers.LOBBY_HUB, "join", broken_join)
    dying = WebsocketCommunicator(consumers.LobbyConsumer.as_asgi(), "/ws/lobby/")
    dying.scope["user"] = user
    await dying.connect()  # accepted, then connect raises: the consumer dies
    with pytest.raises(RuntimeError):
        await dying.wait()  # no websocket.disconnect ever reaches it
    assert user.pk not in consumers.LOBBY_CAP.live, "its cap place stayed taken"


async def test_a_socket_failing_on_delivery_does_not_stop_the_fan_out():
    """The hub hands a frame to each socket of its audience in turn: one that raises must not
    keep it from the next, nor end the hub's loop over the layer."""
    class Failing:
        async def deliver(self, v, text, group=None):
            raise RuntimeError("a bug on purpose")

    class Listening:
        def __init__(self) -> None:
            self.heard: list[str] = []

        async def deliver(self, v, text, group=None):
            self.heard.append(text)

    hub, listener = broadcast.Hub(), Listening()
    hub.members["game.1.public"] = [Failing(), listener]  # in this order
    await hub.dispatch({"type": "live.frames", "frames": [["game.1.public", 1, "one"],
                                                          ["game.1.public", 2, "two"]]})
    assert listener.heard == ["one", "two"]
