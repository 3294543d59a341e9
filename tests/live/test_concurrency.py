"""N concurrent submissions answering the same decision → exactly one is accepted (PostgreSQL
row lock), and a cid raced on two connections is recorded once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from boardgame.play import actions
from boardgame.play.actions import ActionRejected
from boardgame.play.models import ActionRecord

from . import helpers

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(n, submit):
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def worker(i):
        try:
            barrier.wait()
            results[i] = submit(i)
        except ActionRejected as exc:
            results[i] = exc
        finally:
            connection.close()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_fifty_concurrent_answers_to_one_decision_one_wins():
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    hand = game.state["secret"]["red"]["hand"]
    results = race(50, lambda i: actions.submit_action(
        game.pk, hamlet, "red", "r1-bid-red", {"card": hand[i % len(hand)]}, f"cid-{i}").answer)
    accepted = [r for r in results if isinstance(r, actions.Accepted)]
    rejected = [r for r in results if isinstance(r, ActionRejected)]
    assert len(accepted) == 1 and len(rejected) == 49, results
    assert {r.code for r in rejected} == {"action/stale"}
    assert ActionRecord.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


def test_one_cid_raced_on_fifty_connections_is_recorded_once():
    hamlet, othello = helpers.make_user("hamlet"), helpers.make_user("othello")
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    card = game.state["secret"]["red"]["hand"][0]
    results = race(50, lambda i: actions.submit_action(
        game.pk, hamlet, "red", "r1-bid-red", {"card": card}, "same-cid").answer)
    assert all(isinstance(r, actions.Accepted) and r.v == 1 for r in results), results
    assert sum(not r.repeated for r in results) == 1
    assert ActionRecord.objects.filter(game=game).count() == 1
