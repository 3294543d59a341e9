"""Frames lost between processes (the hub's audit, `broadcast.Hub.audit_once`).

A process that commits a step and dies before its PUBLISH reaches Redis leaves the other
processes' sockets one step behind with nothing on the layer to tell them. Here the test
process plays that process: it commits a step through the service and never sends its frames.
The socket on the daphne process must still reach the new version, from the database, within
two audits."""

from __future__ import annotations

import pytest

from boardgame.play import actions
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel import view

from . import helpers
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TOY = rulesets.get("toy_skirmish")


def commit_without_sending(game_id, user):
    """A step committed whose frames never leave this process (they are dropped here)."""
    game = Game.objects.get(pk=game_id)
    seat, decision, action = helpers.next_moves(game.state)[0]
    return actions.submit_action(game_id, user, seat, decision, action, "lost-1").answer


@pytest.fixture
def duel(transactional_db):
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    mover = hamlet if helpers.next_moves(game.state)[0][0] == "red" else othello
    return game, mover, helpers.token_of(othello)


async def test_a_step_whose_frames_were_lost_reaches_every_socket_from_the_database(
        duel, daphne_server):
    game, mover, blue_token = duel
    server = daphne_server()
    blue = await Client(server.url, game.pk, token=blue_token).open()
    watcher = await Client(server.url, game.pk).open()
    for client in (blue, watcher):
        await client.hello()
    accepted = await helpers.db(commit_without_sending, game.pk, mover)
    for client in (blue, watcher):
        # Two audits of 2 s, a catch-up, and slack for a loaded machine.
        await client.until_version(accepted.v, timeout=12.0)
    fresh = await helpers.db(Game.objects.get, pk=game.pk)
    assert watcher.view == view(TOY, fresh.state, "public")
    assert blue.view == view(TOY, fresh.state, "seat:blue")
    for client in (blue, watcher):
        await client.close()
