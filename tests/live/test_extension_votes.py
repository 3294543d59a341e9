"""The players' extension vote (issue #26, beside the host's extension): a player proposes
to push every running deadline back by some hours, the others agree by naming the same hours,
and when every person holding a seat agrees (bots and seats in civil disorder have no say)
the deadlines move at once. Every audience sees the proposal in the clock frame; refusals
are clear and change nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from boardgame.play import bots, clocks, deadlines, frames
from boardgame.play.models import Game

from . import helpers
from .test_game_controls import sent_frames

HOUR_MS = 3_600_000


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def async_duel(hamlet, othello):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=24)
    deadlines.run_due()
    game.refresh_from_db()
    assert game.live["deadlines"], "the duel has a running deadline"
    return game


def vote(user, game, hours):
    return client_for(user).post(f"/api/games/{game.pk}/extend", {"hours": hours},
                                 format="json")


def test_26_an_extension_needs_every_player_and_then_moves_every_deadline(
        async_duel, hamlet, othello, published, django_capture_on_commit_callbacks):
    before = dict(async_duel.live["deadlines"])
    with django_capture_on_commit_callbacks(execute=True):
        proposed = vote(othello, async_duel, 24)
    assert proposed.status_code == 200, proposed.json()
    assert proposed.json()["extend"] == {"hours": 24, "seats": ["blue"]}
    sent = sent_frames(published, async_duel.pk, "clock")
    assert set(sent) == {frames.group_name(async_duel.pk, a)
                         for a in frames.live_audiences(async_duel.state)}
    assert Game.objects.get(pk=async_duel.pk).live["deadlines"] == before   # not yet
    with django_capture_on_commit_callbacks(execute=True):
        agreed = vote(hamlet, async_duel, 24)
    assert agreed.json()["extend"] is None
    after = Game.objects.get(pk=async_duel.pk).live["deadlines"]
    assert after == {seat: at + 24 * HOUR_MS for seat, at in before.items()}


def test_26_other_hours_make_a_new_proposal_and_null_withdraws(async_duel, hamlet, othello):
    vote(othello, async_duel, 24)
    counter = vote(hamlet, async_duel, 12).json()
    assert counter["extend"] == {"hours": 12, "seats": ["red"]}
    assert vote(hamlet, async_duel, None).json()["extend"] is None
    assert vote(othello, async_duel, None).json()["extend"] is None   # nothing to withdraw


def test_26_refused_extension_votes_are_clear_and_change_nothing(async_duel, hamlet, iago):
    vote(hamlet, async_duel, 24)
    before = Game.objects.get(pk=async_duel.pk).live
    for user, hours, status, code in ((hamlet, 0, 400, "request/invalid"),
                                      (hamlet, 169, 400, "request/invalid"),
                                      (hamlet, "24", 400, "request/invalid"),
                                      (hamlet, True, 400, "request/invalid"),
                                      (iago, 24, 403, "auth/not_your_seat")):
        refused = vote(user, async_duel, hours)
        assert (refused.status_code, refused.json()["error"]["code"]) == (status, code), hours
    assert Game.objects.get(pk=async_duel.pk).live == before


def test_26_bots_have_no_say_so_one_person_against_bots_extends_alone(hamlet):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": bots.bot_user(1, "blue")},
                              pace="async", deadline_hours=24)
    deadlines.run_due()
    game.refresh_from_db()
    before = dict(game.live["deadlines"])
    assert vote(hamlet, game, 6).json()["extend"] is None
    game.refresh_from_db()
    assert game.live["deadlines"] == {s: at + 6 * HOUR_MS for s, at in before.items()}


def test_26_the_clock_frame_carries_the_proposal(async_duel, othello):
    vote(othello, async_duel, 48)
    frame = clocks.clock_frame(Game.objects.get(pk=async_duel.pk))
    assert frame["extend"] == {"hours": 48, "seats": ["blue"]}
