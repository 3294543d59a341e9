"""The catch-up after days away (issue #26): "My games" says how many steps a running game
has moved since the player's own last one and links to the replay viewer from there
(`/games/<id>/replay/?since=<step>`), which loads only those steps, in the player's audience,
and steps the board through them."""

from __future__ import annotations

import pytest

from boardgame.play import actions
from boardgame.play.models import ActionRecord, Game
from tests.browser.flows import sign_up
from tests.live import helpers

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def play_until_othello_moved_twice_since_hamlet(game, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    for n in range(40):
        game.refresh_from_db()
        mine = ActionRecord.objects.filter(game=game, by_user=hamlet).order_by("-seq").first()
        if mine and game.version - mine.seq >= 2:
            return mine.seq
        moves = helpers.next_moves(game.state)
        # hamlet answers once, then only othello (blue) plays while hamlet is "away".
        pick = [m for m in moves if (m[0] == "red") == (mine is None)] or moves
        seat, decision, action = pick[0]
        actions.submit_action(game.pk, users[seat], seat, decision, action, f"c{n}")
    raise AssertionError("the duel never gave blue two steps after red's")


def test_26_my_games_links_the_steps_since_my_last_move_to_the_replay_from_there(
        site, new_context):
    page = sign_up(new_context(), site, "hamlet")
    from django.contrib.auth import get_user_model
    hamlet = get_user_model().objects.get(username="hamlet")
    othello = helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, scenario="duel")
    since = play_until_othello_moved_twice_since_hamlet(game, hamlet, othello)
    version = Game.objects.get(pk=game.pk).version
    page.goto(f"{site}/my/games/")
    link = page.locator("a.catch-up")
    assert f"{version - since} steps since your last move" in link.inner_text()
    with page.expect_navigation():
        link.click()
    assert page.url.endswith(f"/replay/?since={since}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => [window.replay.first, window.replay.step, window.replay.total]") \
        == [since, since, version]
    assert f"steps {since} to {version}" in page.inner_text("#since-note")
    page.click("#last")
    assert f"Step {version} of {version}" in page.inner_text("#step-no")
    page.click("#first")                       # back to my last move, not the game's start
    assert f"Step {since} of {version}" in page.inner_text("#step-no")
    assert page.is_disabled("#prev")
