"""Faults: a daphne process killed with SIGKILL mid-game, and Redis stopped under a running
game. PostgreSQL is the truth; the channel layer is only a hint."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from boardgame.play.models import ActionRecord
from engine import rulesets
from engine.kernel import state_hash, view

from . import helpers
from .test_sockets import db, fresh_game, play_one
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True),
              pytest.mark.slow]

TOY = rulesets.get("toy_skirmish")


@pytest.fixture
def table(transactional_db):
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"game": game.pk, "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello)}


def records(game_id):
    return list(ActionRecord.objects.filter(game_id=game_id).order_by("seq")
                .values("seq", "cid", "state_hash"))


async def all_fresh(clients, game_id, timeout=15.0):
    """Wait until every client's view is the server's view of its audience."""
    async def wait():
        while True:
            game = await db(fresh_game, game_id)
            if all(c.v == game.version and c.view == view(TOY, game.state,
                                                          c.welcome["audience"])
                   for c in clients):
                return game
            await asyncio.sleep(0.1)
    return await asyncio.wait_for(wait(), timeout)


async def test_kill_9_of_a_daphne_mid_game_loses_no_acknowledged_action(table, daphne_server):
    doomed, survivor = daphne_server(), daphne_server()
    red = await Client(doomed.url, table["game"], token=table["red"]).open()
    watcher = await Client(doomed.url, table["game"]).open()
    blue = await Client(survivor.url, table["game"], token=table["blue"]).open()
    clients = [red, watcher, blue]
    for client in clients:
        await client.hello()
    acked = []
    for _ in range(3):
        answer = await play_one({"red": red, "blue": blue}, clients, table["game"])
        acked.append(answer["cid"])
    # Red's next answer goes out; the process dies before (or after) it is acknowledged.
    # (Play on until red has a move: the case under test must always happen.)
    for _ in range(6):
        game = await db(fresh_game, table["game"])
        pending = [m for m in helpers.next_moves(game.state) if m[0] == "red"]
        if pending:
            break
        acked.append((await play_one({"red": red, "blue": blue}, clients, table["game"]))["cid"])
    assert pending, "red had no move to leave in flight"
    seat, decision, action = pending[0]
    await red.send({"type": "act", "cid": "in-flight", "seat": seat, "decision": decision,
                    "action": action})
    doomed.kill()
    # Reconnect to the survivor, resuming from the version each client holds.
    red2 = await Client(survivor.url, table["game"], token=table["red"]).open()
    watcher2 = await Client(survivor.url, table["game"]).open()
    for old, new in ((red, red2), (watcher, watcher2)):
        new.view, new.v = old.view, old.v
        welcome = await new.hello(since=old.v)
        assert welcome.get("resume") or "view" in welcome
    # The client retries its unacknowledged action: exactly once, whatever happened.
    answer = await red2.act(seat, decision, action, cid="in-flight")
    assert answer["type"] == "ack", answer
    acked.append("in-flight")
    clients = [red2, watcher2, blue]
    game = await all_fresh(clients, table["game"])
    for _ in range(3):
        answer = await play_one({"red": red2, "blue": blue}, clients, table["game"])
        if answer is None:
            break
        acked.append(answer["cid"])
    game = await all_fresh(clients, table["game"])
    rows = await db(records, table["game"])
    assert [r["seq"] for r in rows] == list(range(1, game.version + 1))
    assert set(acked) <= {r["cid"] for r in rows}
    assert sum(r["cid"] == "in-flight" for r in rows) == 1
    assert rows[-1]["state_hash"] == state_hash(game.state)
    for client in clients:
        await client.close()


async def test_redis_stopped_actions_commit_and_clients_catch_up(table, daphne_server,
                                                                  private_redis):
    server = daphne_server(redis_url=private_redis.url)
    red = await Client(server.url, table["game"], token=table["red"]).open()
    blue = await Client(server.url, table["game"], token=table["blue"]).open()
    watcher = await Client(server.url, table["game"]).open()
    clients = [red, blue, watcher]
    for client in clients:
        await client.hello()
    assert await play_one({"red": red, "blue": blue}, clients, table["game"])
    private_redis.stop()
    committed = 0
    for _ in range(2):
        game = await db(fresh_game, table["game"])
        seat, decision, action = helpers.next_moves(game.state)[0]
        answer = await {"red": red, "blue": blue}[seat].act(seat, decision, action)
        assert answer["type"] == "ack", answer
        committed = answer["v"]
    game = await db(fresh_game, table["game"])
    assert game.version == committed
    private_redis.start()
    game = await all_fresh(clients, table["game"], timeout=20)
    assert game.version == committed
    # And the layer carries the next action again.
    assert await play_one({"red": red, "blue": blue}, clients, table["game"])
    for client in clients:
        await client.close()


async def until_logged(server, line, timeout=20.0):
    """Wait until a daphne's log has `line` (the event the test needs: a hub counting the
    layer down)."""
    async def wait():
        while line not in server.log.read_text(errors="replace"):
            await asyncio.sleep(0.1)
    await asyncio.wait_for(wait(), timeout)


async def rest_act(server, token, game_id, seat, decision, action, cid):
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.port}", timeout=15,
                                 headers={"Authorization": f"Token {token}"}) as api:
        answer = await api.post(f"/api/games/{game_id}/actions",
                                json={"cid": cid, "seat": seat, "decision": decision,
                                      "action": action})
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_redis_stopped_across_two_processes_every_socket_converges_after(
        table, daphne_server, private_redis):
    """Players on two processes (T1, F15). While Redis is down every move is made on process A
    (red's socket, and blue's moves over A's REST API): A's sockets hear all of them, the REST
    ones included; B's sockets hear nothing. When Redis returns, B's hub must rejoin and catch
    its sockets up (`Hub._recover`), and A's hub must publish again: the next move crosses."""
    a = daphne_server(redis_url=private_redis.url)
    b = daphne_server(redis_url=private_redis.url)
    game_id = table["game"]
    red = await Client(a.url, game_id, token=table["red"]).open()
    watcher_a = await Client(a.url, game_id).open()
    blue = await Client(b.url, game_id, token=table["blue"]).open()
    watcher_b = await Client(b.url, game_id).open()
    clients = [red, watcher_a, blue, watcher_b]
    for client in clients:
        await client.hello()
    players = {"red": red, "blue": blue}
    assert await play_one(players, clients, game_id)  # the layer carries moves across
    private_redis.stop()
    for server in (a, b):
        await until_logged(server, "channel layer silent")
    before = (await db(fresh_game, game_id)).version
    for n in range(3):
        game = await db(fresh_game, game_id)
        seat, decision, action = helpers.next_moves(game.state)[0]
        if seat == "red":
            answer = await red.act(seat, decision, action)
            assert answer["type"] == "ack", answer
            v = answer["v"]
        else:  # over process A's REST API: A's sockets must hear it without Redis
            v = (await rest_act(a, table["blue"], game_id, seat, decision, action,
                                f"outage-{n}"))["v"]
        for client in (red, watcher_a):
            await client.until_version(v)
    assert blue.v == watcher_b.v == before, "B heard nothing while Redis was down"
    private_redis.start()
    game = await all_fresh(clients, game_id, timeout=30)
    assert game.version == v
    # A's hub publishes again: the next move reaches B's sockets through the layer.
    assert await play_one(players, clients, game_id)
    for server in (a, b):
        log = server.log.read_text(errors="replace")
        assert "Unexpected exception in receive task" not in log, log[-3000:]
        assert log.count("Redis pub/sub receive failing") == 1, log[-3000:]
    for client in clients:
        await client.close()
