"""Written orders over real sockets (issue #15): two daphne processes on PostgreSQL and Redis.

Orders written on one process reach only the writer's own audience; the other seat and a
spectator on the other process receive no frame at all between them (no version, no patch,
no count), then see the ready flags and the resolution as patches; a kill -9 right after the
last ready's ack loses nothing and the group resolves exactly once."""

from __future__ import annotations

import asyncio

import pytest

from boardgame.play.models import ActionRecord, Game
from engine import rulesets
from engine.kernel import view

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TOY = rulesets.get("toy_skirmish")
db = helpers.db


@pytest.fixture
def duel(transactional_db):
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello},
                              options={"rounds": 2, "written_orders": True})
    return {"game": game.pk, "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello)}


def fresh(game_id):
    return Game.objects.get(pk=game_id)


async def write(client, seat, card, ref):
    await client.send({"type": "order", "seat": seat, "decision": f"r1-bid-{seat}",
                       "action": {"card": card}, "ref": ref})
    return await client.expect("orders", "error", where=lambda f: f.get("ref") == ref)


async def ready(client, seat, cid, value=True):
    await client.send({"type": "ready", "seat": seat, "group": "r1-bids", "ready": value,
                       "cid": cid})
    return await client.expect("ack", "reject", where=lambda f: f.get("cid") == cid)


async def test_15_orders_reach_only_their_seat_across_processes_and_resolve_once(
        duel, daphne_server):
    one, two = daphne_server(), daphne_server()
    red = await Client(one.url, duel["game"], token=duel["red"]).open()
    blue = await Client(two.url, duel["game"], token=duel["blue"]).open()
    watcher = await Client(two.url, duel["game"]).open()
    for client in (red, blue, watcher):
        await client.hello()
    game = await db(fresh, duel["game"])
    hand = game.state["secret"]["red"]["hand"]
    seen_before = {id(c): len(c.frames) for c in (blue, watcher)}

    for n, card in enumerate((hand[0], hand[-1], hand[1])):
        answer = await write(red, "red", card, ref=f"w{n}")
        assert answer["type"] == "orders" and answer["orders"] == {"r1-bid-red": {"card": card}}
    await red.send({"type": "order", "seat": "red", "decision": "r1-bid-red",
                    "withdraw": True, "ref": "x"})
    assert (await red.expect("orders", where=lambda f: f.get("ref") == "x"))["orders"] == {}
    final = hand[-1]
    await write(red, "red", final, ref="w9")
    # A barrier, not a sleep: red's ready is a step every socket receives as a patch; had any
    # order frame gone to blue or the watcher, it would have come before that patch.
    acked = await ready(red, "red", "r1")
    assert acked["type"] == "ack" and acked["v"] == 1
    for client in (blue, watcher):
        await client.until_version(1)
        # Presence frames (red's socket on the other process announcing itself) may come at
        # any time: they are public and carry no order, so they are left out of the check.
        new = [f for f in client.frames[seen_before[id(client)]:] if f["type"] != "presence"]
        assert [f["type"] for f in new] == ["patch"], new
    game = await db(fresh, duel["game"])
    assert watcher.view == view(TOY, game.state, "public")
    assert watcher.view["decisions"]["r1-bid-blue"]["ready"] == ["red"]

    blue_card = game.state["secret"]["blue"]["hand"][0]
    await write(blue, "blue", blue_card, ref="b")
    # kill -9 of blue's process right after the last ready's ack: the resolution was in the
    # same transaction as the ack'd step, so it is there, once, and every socket converges.
    last = await ready(blue, "blue", "r2")
    assert last["type"] == "ack"
    two.kill()
    await red.until_version(last["v"])
    records = await db(lambda: list(ActionRecord.objects.filter(game_id=duel["game"])
                                    .order_by("seq").values_list("kind", "events")))
    revealing = [events for kind, events in records
                 if any(e["kind"] == "answers_revealed" for e in events)]
    assert len(revealing) == 1
    answers = next(e for e in revealing[0] if e["kind"] == "answers_revealed")["data"]["answers"]
    assert {a["seat"]: a["action"]["card"] for a in answers} == {"red": final,
                                                                "blue": blue_card}
    three = daphne_server()
    again = await Client(three.url, duel["game"], token=duel["blue"]).open()
    await again.hello()
    game = await db(fresh, duel["game"])
    assert again.v == game.version and again.view == view(TOY, game.state, "seat:blue")
    for client in (red, again, watcher):
        await client.close()
    await asyncio.sleep(0)
