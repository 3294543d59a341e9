"""The catch-up after days away (issue #26): "My games" says how many steps a running game
has moved since the player's own last one and links to the replay viewer from there
(`/games/<id>/replay/?since=<step>`), which loads only those steps, in the player's audience,
and steps the board through them."""

from __future__ import annotations

from itertools import pairwise
from types import SimpleNamespace

import pytest

from boardgame.play import actions
from boardgame.play import services as play_services
from boardgame.play.models import ActionRecord, Game
from engine import rulesets
from engine.kernel import decisions, expand_options
from tests.browser.flows import sign_up
from tests.live import helpers
from tests.toy.ruleset import _distance

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def hamlet_away_move(state, hamlet_has_answered):
    """A scripted step of the duel while hamlet (red) is away: hamlet answers once with its
    lowest bid, then othello (blue) plays, bidding high and moving away from red so that red
    owes no reaction; red answers only when nothing else is open."""
    ruleset = rulesets.get("toy_skirmish")
    open_now = decisions(ruleset, state)
    preferred = [d for d in open_now if (d.seats[0] == "red") != hamlet_has_answered]
    for decision in preferred or open_now:
        seat = decision.seats[0]
        if decision.kind == "bid":
            cards = list(decision.options)
            return seat, decision.id, cards[0] if seat == "red" else cards[-1]
        if decision.options is not None:
            return seat, decision.id, list(decision.options)[0]
        targets = [o["action"] for o in expand_options(ruleset, state, seat, decision.id, None)]
        red = state["board"]["tokens"]["red"]
        return seat, decision.id, max(targets, key=lambda a: (_distance(a["to"], red), a["to"]))
    raise AssertionError("the duel ended before blue had two steps after red's")


def play_until_othello_moved_twice_since_hamlet(game, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    for n in range(40):
        game.refresh_from_db()
        mine = ActionRecord.objects.filter(game=game, by_user=hamlet).order_by("-seq").first()
        if mine and game.version - mine.seq >= 2:
            return mine.seq
        seat, decision, action = hamlet_away_move(game.state, mine is not None)
        actions.submit_action(game.pk, users[seat], seat, decision, action, f"c{n}")
    raise AssertionError("the duel never gave blue two steps after red's")


def pinned_dice(monkeypatch):
    """The game's seed and uid decide the dealt hands: a random deal can give red every high
    card, and then blue never wins a bid. Pin both so the script above always works."""
    monkeypatch.setattr(play_services, "os", SimpleNamespace(urandom=lambda n: bytes(n)))
    monkeypatch.setattr(play_services, "uuid", SimpleNamespace(
        uuid4=lambda: SimpleNamespace(hex="c0ffee")))


def test_26_my_games_links_the_steps_since_my_last_move_to_the_replay_from_there(
        site, new_context, monkeypatch):
    pinned_dice(monkeypatch)
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
    # What happened since, grouped by phase: every step after mine is in exactly one group,
    # the groups in order, and a group's heading jumps the board to the step that opened it.
    groups = page.evaluate("() => window.replay.groups")
    assert groups and groups[0]["seq"] == since + 1 and groups[-1]["to"] == version
    assert all(a["to"] + 1 == b["seq"] for a, b in pairwise(groups))
    assert page.locator(".caught-phase").count() == len(groups)
    assert page.locator(".caught-action").count() == version - since
    page.locator(".caught-jump").last.click()
    assert f"Step {groups[-1]['seq']} of {version}" in page.inner_text("#step-no")
    page.click("#last")
    assert f"Step {version} of {version}" in page.inner_text("#step-no")
    page.click("#first")                       # back to my last move, not the game's start
    assert f"Step {since} of {version}" in page.inner_text("#step-no")
    assert page.is_disabled("#prev")
