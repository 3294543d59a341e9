"""The game master's roll-back over real sockets (issue #23, twteaw ruling 63; boardgame/play/
rollback.py): two daphne processes. Every nation writes its orders and says ready over its
socket; the turn resolves; the GM rolls it back over REST. A socket that stayed connected and
a socket that left before the resolution and comes back with `since` (catching up across the
resolution and the roll-back, from the records) both end at the server's version with exactly
a fresh view of their audience, and the returning player's own written orders are back."""

from __future__ import annotations

import json
import urllib.request

import pytest

from boardgame.jobs.worker import drain
from boardgame.play import orderbook, services
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel import audience_of, decisions, view

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TWTEAW = rulesets.get("twteaw")
HOLDERS = {"austria_hungary": "hamlet", "germany": "hamlet", "france": "othello",
           "russia": "othello", "serbia": "othello", "britain": "n_britain",
           "italy": "n_italy", "ottoman_empire": "n_ottoman", "spain": "n_spain"}
db = helpers.db


@pytest.fixture
def table(transactional_db):
    users = {name: helpers.make_user(name) for name in {*HOLDERS.values(), "prospero"}}
    game = helpers.start_game(users["prospero"], {s: users[n] for s, n in HOLDERS.items()},
                              title="1914", ruleset="twteaw", scenario="europe-1914",
                              options={"turns": 3}, allow_multiple_seats=True)
    return {"game": game.pk, "tokens": {n: helpers.token_of(u) for n, u in users.items()},
            "users": users}


def fresh(game_id):
    return Game.objects.get(pk=game_id)


def fresh_sight(game_id, user):
    """What a socket of `user` must hold now: the audience's view and the user's own orders."""
    game = Game.objects.get(pk=game_id)
    seats = services.seats_held(user, game)
    audience = audience_of(game.state, seats)
    return (game.version, view(TWTEAW, game.state, audience),
            orderbook.orders_of_seats(game.orders, seats))


def first_orders(game_id, seat):
    """The seat's open decision and its first offered set with a move (else the first)."""
    state = Game.objects.get(pk=game_id).state
    d = next(d for d in decisions(TWTEAW, state) if seat in d.seats)
    offered = [o["action"] for o in TWTEAW.options(state, seat, d, None)]
    return d.id, d.group, next((a for a in offered if a.get("moves")), offered[0])


async def write_and_ready(client, game_id, seat):
    decision, group, action = await db(first_orders, game_id, seat)
    await client.send({"type": "order", "seat": seat, "decision": decision, "action": action,
                       "ref": f"w-{seat}"})
    written = await client.expect("orders", "error", where=lambda f: f.get("ref") == f"w-{seat}")
    assert written["type"] == "orders", written
    await client.send({"type": "ready", "seat": seat, "group": group, "ready": True,
                       "cid": f"r-{seat}"})
    acked = await client.expect("ack", "reject", where=lambda f: f.get("cid") == f"r-{seat}")
    assert acked["type"] == "ack", acked
    return acked


def rollback_over_rest(url, game_id, token):
    http = "http" + url.removeprefix("ws")
    request = urllib.request.Request(f"{http}/api/games/{game_id}/gm/rollback", data=b"",
                                     method="POST", headers={"Authorization": f"Token {token}",
                                                             "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


async def test_23_a_socket_catches_up_across_a_rollback(table, daphne_server):
    one, two = daphne_server(), daphne_server()
    game_id, tokens, users = table["game"], table["tokens"], table["users"]
    players = {}
    for name in sorted(set(HOLDERS.values())):
        players[name] = await Client(one.url, game_id, token=tokens[name]).open()
        await players[name].hello()
    watcher = await Client(two.url, game_id).open()
    await watcher.hello()
    # Othello's second socket, on the other process, leaves before the turn resolves.
    leaver = await Client(two.url, game_id, token=tokens["othello"]).open()
    await leaver.hello()
    seats = sorted(HOLDERS)
    for seat in seats[:-1]:
        await write_and_ready(players[HOLDERS[seat]], game_id, seat)
    await leaver.until_version(players[HOLDERS[seats[-2]]].v)
    left_at, left_view = leaver.v, leaver.view
    await leaver.close()

    held = await write_and_ready(players[HOLDERS[seats[-1]]], game_id, seats[-1])
    # The last ready is held; the task worker resolves the turn (ruling 68).
    assert (await db(fresh, game_id)).version == held["v"]
    await db(drain)
    resolved = await db(fresh, game_id)
    assert resolved.state["board"]["turn"] == 2 and resolved.version == held["v"] + 1
    answer = await db(rollback_over_rest, one.url, game_id, tokens["prospero"])
    assert answer == {"v": resolved.version + 1, "undoes": resolved.version}
    game = await db(fresh, game_id)
    assert game.state["board"]["turn"] == 1

    # The sockets that stayed: the roll-back's patch, and each its audience's fresh view.
    for name, client in [*players.items(), ("", watcher)]:
        await client.until_version(game.version)
        user = users[name] if name else None
        if user is not None:
            version, expected, _ = await db(fresh_sight, game_id, user)
        else:
            version, expected = game.version, view(TWTEAW, game.state, "public")
        assert client.v == version and client.view == expected, name

    # The socket that left comes back from where it was: patches across the resolution and
    # the roll-back, rebuilt from the records; its view is a fresh one, its orders are back.
    back = Client(two.url, game_id, token=tokens["othello"])
    back.view, back.v = left_view, left_at
    await back.open()
    welcome = await back.hello(since=left_at)
    assert welcome.get("resume") and welcome["v"] == left_at and "view" not in welcome
    await back.until_version(game.version)
    version, expected, orders = await db(fresh_sight, game_id, users["othello"])
    assert back.v == version and back.view == expected
    # Othello's three nations' orders, written before the resolution, are in the book again.
    assert welcome["orders"] == orders and len(orders) == 3
    for client in [*players.values(), watcher, back]:
        await client.close()
