"""The game socket against real daphne processes, PostgreSQL and Redis: a scripted game seen
identically by every audience (verify_action over the wire), no hidden field ever reaching a
stranger, every bad input of the issue, and the same stream across two processes."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import InvalidStatus

from boardgame.play.models import ActionRecord, Game
from engine import rulesets
from engine.kernel import view

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TOY = rulesets.get("toy_skirmish")


db = helpers.db


def fresh_game(game_id):
    return Game.objects.get(pk=game_id)


@pytest.fixture
def table(transactional_db):
    hamlet, othello, iago = (helpers.make_user(n) for n in ("hamlet", "othello", "iago"))
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"game": game.pk, "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello),
            "iago": helpers.token_of(iago), "users": {"red": hamlet, "blue": othello}}


async def play_one(players, clients, game_id):
    """One scripted step: the first open decision answered by its seat's client; every client
    then holds the new version, and its view equals a fresh view of its audience."""
    game = await db(fresh_game, game_id)
    moves = helpers.next_moves(game.state)
    if not moves:
        return None
    seat, decision, action = moves[0]
    answer = await players[seat].act(seat, decision, action)
    assert answer["type"] == "ack", answer
    for client in clients:
        await client.until_version(answer["v"])
    game = await db(fresh_game, game_id)
    for client in clients:
        assert client.view == view(TOY, game.state, client.welcome["audience"])
    return answer


async def test_scripted_game_every_audience_in_step_and_nothing_hidden_leaks(
        table, daphne_server):
    server = daphne_server()
    red = await Client(server.url, table["game"], token=table["red"]).open()
    blue = await Client(server.url, table["game"], token=table["blue"]).open()
    anon = await Client(server.url, table["game"]).open()
    iago = await Client(server.url, table["game"], token=table["iago"]).open()
    clients = [red, blue, anon, iago]
    for client in clients:
        await client.hello()
    assert [c.welcome["audience"] for c in clients] == ["seat:red", "seat:blue", "public",
                                                        "public"]
    assert red.welcome["commitment"] and "seed" not in red.welcome
    assert "hands" in red.view and list(red.view["hands"]) == ["red"]
    players = {"red": red, "blue": blue}
    steps = 0
    while await play_one(players, clients, table["game"]):
        steps += 1
    game = await db(fresh_game, table["game"])
    assert game.is_over and steps == game.version
    for client in clients:
        last = [f for f in client.frames if f["type"] == "patch"][-1]
        assert last["seed"] == bytes(game.seed).hex() and last["result"] == game.result
    # Every frame a stranger received: no field of the other seat's hidden view.
    for seat, strangers in (("red", [blue, anon, iago]), ("blue", [red, anon, iago])):
        for client in strangers:
            for frame in client.frames:
                assert not helpers.frame_leaks(frame, seat), (seat, frame)
    for client in clients:
        await client.close()


async def test_bad_input_is_refused_and_the_socket_stays_usable(table, daphne_server):
    server = daphne_server()
    red = await Client(server.url, table["game"], token=table["red"]).open()
    await red.send({"type": "act", "cid": "x", "seat": "red", "decision": "d", "action": 1})
    assert (await red.expect("error"))["code"] == "auth/hello_required"
    await red.hello()
    cases = [
        ("not json {", "frame/not_json"),
        ("[1, 2]", "frame/not_object"),
        (json.dumps({"type": "teleport"}), "frame/unknown_type"),
        (json.dumps({"type": "act", "cid": 5, "seat": "red", "decision": "d", "action": 1}),
         "frame/invalid"),
        (json.dumps({"type": "act", "seat": "red", "decision": "d", "action": 1}),
         "frame/invalid"),
        (json.dumps({"type": "sync", "since": "zero"}), "frame/invalid"),
        (json.dumps({"type": "chat", "channel": "table", "text": ""}), "frame/invalid"),
        ("x" * (64 * 1024 + 10), "frame/too_large"),
        (b"\x00\x01", "frame/binary"),
        (json.dumps({"type": "hello"}), "frame/repeated_hello"),
    ]
    for text, code in cases:
        await red.send(text)
        assert (await red.expect("error"))["code"] == code, text[:40]
    game = await db(fresh_game, table["game"])
    hand = game.state["secret"]["red"]["hand"]
    assert (await red.act("blue", "r1-bid-blue", {"card": 1}))["code"] == "auth/not_your_seat"
    assert (await red.act("red", "r9-bid-red", {"card": hand[0]}))["code"] == "action/stale"
    illegal = await red.act("red", "r1-bid-red", {"card": 42})
    assert (illegal["code"], illegal["rule"], illegal["reason"]) == (
        "action/illegal", "toy 1", "not_an_option")
    first = await red.act("red", "r1-bid-red", {"card": hand[0]}, cid="once")
    again = await red.act("red", "r1-bid-red", {"card": hand[0]}, cid="once")
    assert first["type"] == "ack" and again == {"type": "ack", "cid": "once", "v": first["v"],
                                                "repeated": True}
    assert (await red.act("red", "r1-bid-red", {"card": hand[1]}))["code"] == "action/stale"
    await red.send({"type": "options", "decision": "r1-bid-blue", "seat": "blue"})
    assert (await red.expect("error"))["code"] == "auth/not_your_seat"
    await red.send({"type": "options", "decision": "r1-bid-blue"})
    assert (await red.expect("error"))["code"] == "action/stale"
    await red.send({"type": "ping", "t": 1})
    assert (await red.expect("pong"))["t"] == 1
    assert await db(lambda: ActionRecord.objects.filter(game_id=table["game"]).count()) == 1
    # Resign: the game is over; later actions are refused as such.
    await red.send({"type": "resign", "cid": "bye"})
    assert (await red.expect("ack", "reject"))["type"] == "ack"
    assert (await red.act("red", "r1-bid-red", {"card": hand[1]}))["code"] == "game/over"
    await red.close()


async def test_handshake_and_authentication_refusals(table, daphne_server):
    server = daphne_server()
    with pytest.raises(InvalidStatus) as info:
        await Client(server.url, table["game"], origin="http://evil.example").open()
    assert info.value.response.status_code == 403
    bad = await Client(server.url, table["game"], token="nope").open()
    await bad.send({"type": "hello", "token": "not-a-token"})
    assert (await bad.expect("error"))["code"] == "auth/bad_token"
    assert (await bad.expect("_closed"))["code"] == 4403
    missing = await Client(server.url, 999999).open()
    await missing.send({"type": "hello"})
    assert (await missing.expect("_closed"))["code"] == 4404
    silent = await Client(server.url, table["game"]).open()
    assert (await silent.expect("_closed", timeout=8))["code"] == 4401
    sockets = [await Client(server.url, table["game"], token=table["iago"]).open()
               for _ in range(11)]
    codes = []
    for client in sockets:
        await client.send({"type": "hello", "token": table["iago"]})
        codes.append((await client.expect("welcome", "_closed"))["type"])
    assert codes.count("welcome") == 10 and codes[-1] == "_closed"
    assert sockets[-1].closed_code == 4409
    for client in sockets:
        await client.close()


async def test_a_flood_is_limited_then_closed(table, daphne_server):
    server = daphne_server()
    client = await Client(server.url, table["game"]).open()
    await client.hello()
    for _ in range(60):
        await client.send({"type": "ping"})
    assert (await client.expect("error"))["code"] == "rate/limited"
    await asyncio.sleep(1.5)
    while not client.inbox.empty():
        client.inbox.get_nowait()
    await client.send({"type": "ping", "t": "after"})
    assert (await client.expect("pong", where=lambda f: f["t"] == "after"))
    for _ in range(400):
        await client.send({"type": "ping"})
    assert (await client.expect("_closed"))["code"] == 4429


async def test_player_on_one_process_spectators_on_two_see_the_same_stream(
        table, daphne_server):
    first, second = daphne_server(), daphne_server()
    red = await Client(first.url, table["game"], token=table["red"]).open()
    blue = await Client(second.url, table["game"], token=table["blue"]).open()
    near = await Client(first.url, table["game"]).open()
    far = await Client(second.url, table["game"]).open()
    clients = [red, blue, near, far]
    for client in clients:
        await client.hello()
    for _ in range(6):
        assert await play_one({"red": red, "blue": blue}, clients, table["game"])
    patches = [[(f["v"], f["ops"], f["events"]) for f in c.frames if f["type"] == "patch"]
               for c in (near, far)]
    assert patches[0] == patches[1] and len(patches[0]) == 6
    # Chat crosses processes too; side chat stays on its side.
    await red.send({"type": "chat", "channel": "table", "text": "good luck"})
    assert (await far.expect("chat"))["text"] == "good luck"
    await red.send({"type": "chat", "channel": "side:north", "text": "bluff"})
    await blue.send({"type": "chat", "channel": "table", "text": "thanks"})
    assert (await far.expect("chat"))["text"] == "thanks"
    assert (await blue.expect("chat", where=lambda f: f["text"] != "good luck"))["text"] \
        == "thanks"
    assert not any(f.get("text") == "bluff" for c in (blue, near, far) for f in c.frames)
    # Presence: both seats connected, two spectators, across the processes (batched).
    frame = await far.expect("presence", where=lambda f: f["spectators"] == 2
                             and f["seats"] == ["blue", "red"], timeout=15)
    assert frame["seq"] > 0
    for client in clients:
        await client.close()


def _put_in_disorder(game_id, seat):
    game = Game.objects.get(pk=game_id)
    game.live = {**game.live, "disorder": [seat]}
    game.save(update_fields=["live"])


async def test_replaced_players_socket_closes_before_another_frame_of_the_seat(
        table, daphne_server):
    from boardgame.play import broadcast, seating
    server = daphne_server()
    await db(_put_in_disorder, table["game"], "blue")
    old_blue = await Client(server.url, table["game"], token=table["blue"]).open()
    await old_blue.hello()
    assert old_blue.welcome["audience"] == "seat:blue"
    def replace():  # as the REST view does: the service, then what it committed is sent
        iago = type(table["users"]["red"]).objects.get(username="iago")
        committed = seating.do_replace_seat(table["game"], table["users"]["red"], "blue", iago)
        broadcast.send_messages(committed.messages)
    await db(replace)
    seats = await old_blue.expect("seats")
    assert {s["seat"]: s["player"] for s in seats["seats"]}["blue"] == "iago"
    closed = await old_blue.expect("_closed")
    assert closed["code"] == 4410
    new_blue = await Client(server.url, table["game"], token=table["iago"]).open()
    red = await Client(server.url, table["game"], token=table["red"]).open()
    assert (await new_blue.hello())["audience"] == "seat:blue"
    await red.hello()
    assert await play_one({"red": red, "blue": new_blue}, [red, new_blue], table["game"])
    after = old_blue.frames[old_blue.frames.index(seats) + 1:]
    assert after == [], f"the replaced player still heard {after}"
    for client in (red, new_blue):
        await client.close()
