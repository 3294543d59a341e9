"""Actions arriving at once over sockets of one daphne process: the action service runs them in
parallel database threads (consumers.GameConsumer._call), so they commit in row-lock order but
may come back to the event loop in any order. Exactly one answer to a decision wins, and every
socket still sees each version once, in order (a frame that overtakes another is held until the
gap is repaired)."""

from __future__ import annotations

import asyncio

import pytest

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


async def _sockets(server, game_id, token, n):
    clients = [await Client(server.url, game_id, token=token).open() for _ in range(n)]
    for client in clients:
        await client.hello()
    return clients


async def test_answers_racing_over_sockets_one_wins_and_every_stream_stays_in_order(
        daphne_server):
    hamlet = await helpers.db(helpers.make_user, "hamlet")
    othello = await helpers.db(helpers.make_user, "othello")
    game = await helpers.db(helpers.start_game, hamlet, {"red": hamlet, "blue": othello})
    server = daphne_server()
    reds = await _sockets(server, game.pk, await helpers.db(helpers.token_of, hamlet), 6)
    blues = await _sockets(server, game.pk, await helpers.db(helpers.token_of, othello), 2)
    spectators = await _sockets(server, game.pk, None, 3)
    red_hand = game.state["secret"]["red"]["hand"]
    blue_hand = game.state["secret"]["blue"]["hand"]

    # Six red sockets answer red's bid while a blue socket answers blue's, all at once.
    answers = await asyncio.gather(
        *(red.act("red", "r1-bid-red", {"card": red_hand[i % len(red_hand)]})
          for i, red in enumerate(reds)),
        blues[0].act("blue", "r1-bid-blue", {"card": blue_hand[0]}))
    red_answers, blue_answer = answers[:-1], answers[-1]
    assert sorted(a["type"] for a in red_answers) == ["ack"] + ["reject"] * 5, red_answers
    assert {a["code"] for a in red_answers if a["type"] == "reject"} == {"action/stale"}
    assert blue_answer["type"] == "ack", blue_answer
    final = (await helpers.db(lambda: type(game).objects.get(pk=game.pk))).version
    everyone = [*reds, *blues, *spectators]
    # Client._apply fails the reader on a patch out of order, so reaching the final version
    # means every version arrived once and in order.
    await asyncio.gather(*(client.until_version(final) for client in everyone))
    views = {str(client.view) for client in spectators}
    assert len(views) == 1, "every spectator holds the same view"
    for client in everyone:
        await client.close()

