"""The "My games" badge (issue #26): every page a signed-in player opens says how many of
their running games wait for their move, from the games' `live.running` as the inbox reads
it — and it changes as the moves are made."""

from __future__ import annotations

import pytest

from boardgame.notifications.catchup import inbox
from boardgame.play import actions, deadlines
from boardgame.play.models import Game

from . import helpers

pytestmark = pytest.mark.django_db


def badge(client, user) -> str | None:
    client.force_login(user)
    page = client.get("/").content.decode()
    if 'id="your-move-count"' not in page:
        return None
    return page.split('id="your-move-count"')[1].split(">")[1].split("<")[0]


def test_26_the_badge_counts_the_games_waiting_for_my_move(client, hamlet, othello, iago):
    first = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                               deadline_hours=24)
    helpers.start_game(hamlet, {"red": hamlet, "blue": iago}, pace="async", deadline_hours=24)
    deadlines.run_due()                       # the games' clocks start: both bid at once
    assert badge(client, hamlet) == "2" == str(inbox(hamlet)["waiting"])
    assert badge(client, othello) == "1"
    game = Game.objects.get(pk=first.pk)
    for seat, decision, action in helpers.next_moves(game.state):
        if seat == "red":
            actions.submit_action(game.pk, hamlet, seat, decision, action, "b1")
    assert badge(client, hamlet) == "1" == str(inbox(hamlet)["waiting"])
    client.logout()
    assert 'id="your-move-count"' not in client.get("/").content.decode()
