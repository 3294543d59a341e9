"""Private written orders over real sockets (issue #23, fog of war): daphne on PostgreSQL and
Redis, the toy duel with `written_orders` and `private_orders`.

Red and blue write their bids and say ready over their sockets; the last ready resolves the
group. Every frame blue and a spectator receive — the orders frames, the ready patches and the
resolving patch with its events — carries nothing of red's bid; red gets its own back in a
`private_answers` event. Then the log a reloading page reads agrees."""

from __future__ import annotations

import asyncio

import pytest

from boardgame.play.models import Game

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

db = helpers.db


@pytest.fixture
def duel(transactional_db):
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello},
                              options={"rounds": 2, "written_orders": True,
                                       "private_orders": True})
    return {"game": game.pk, "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello)}


async def write_and_ready(client, seat, card, cid):
    await client.send({"type": "order", "seat": seat, "decision": f"r1-bid-{seat}",
                       "action": {"card": card}, "ref": cid})
    written = await client.expect("orders", "error", where=lambda f: f.get("ref") == cid)
    assert written["type"] == "orders", written
    await client.send({"type": "ready", "seat": seat, "group": "r1-bids", "ready": True,
                       "cid": cid})
    acked = await client.expect("ack", "reject", where=lambda f: f.get("cid") == cid)
    assert acked["type"] == "ack", acked
    return acked


def red_bid_in(frames):
    """The places in `frames` that carry red's bid: an order of red's, a private_answers
    event of red, an answer of red's with its action."""
    found = []

    def walk(value, path):
        if isinstance(value, dict):
            if value.get("kind") == "private_answers" and (value.get("data") or {}).get(
                    "seat") == "red":
                found.append(path)
            if value.get("seat") == "red" and "action" in value:
                found.append(path)
            if isinstance(value.get("orders"), dict) and "r1-bid-red" in value["orders"]:
                found.append(path)
            for key, item in value.items():
                walk(item, f"{path}/{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}/{index}")

    for n, frame in enumerate(frames):
        walk(frame, f"frame{n}")
        for op in frame.get("ops", []) if isinstance(frame, dict) else []:
            walk(op.get("value"), f"frame{n}{op['path']}")
    return found


async def test_23_private_bids_reach_only_their_seat_over_sockets(duel, daphne_server):
    server = daphne_server()
    red = await Client(server.url, duel["game"], token=duel["red"]).open()
    blue = await Client(server.url, duel["game"], token=duel["blue"]).open()
    watcher = await Client(server.url, duel["game"]).open()
    for client in (red, blue, watcher):
        await client.hello()
    game = await db(Game.objects.get, pk=duel["game"])
    red_card = game.state["secret"]["red"]["hand"][0]
    blue_card = game.state["secret"]["blue"]["hand"][-1]
    await write_and_ready(red, "red", red_card, "r1")
    last = await write_and_ready(blue, "blue", blue_card, "b1")
    for client in (red, blue, watcher):
        await client.until_version(last["v"])
    resolving = [f for f in watcher.frames if f.get("v") == last["v"]]
    assert any(e["kind"] == "answers_revealed" for f in resolving for e in f["events"])
    assert red_bid_in(red.frames)          # the scan finds the bid where it may be
    assert red_bid_in(blue.frames) == [] and red_bid_in(watcher.frames) == []
    own = [e for f in red.frames if f.get("type") == "patch" for e in f["events"]
           if e["kind"] == "private_answers"]
    assert [e["data"]["answers"] for e in own] == [
        [{"decision": "r1-bid-red", "action": {"card": red_card}}]]
    for client in (red, blue, watcher):
        await client.close()
    await asyncio.sleep(0)
