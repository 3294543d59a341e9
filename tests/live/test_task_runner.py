"""The task runner (boardgame/jobs): django-tasks with its database backend, the beat that
enqueues periodic sweeps once per period across workers, the deadline sweeper as a task, and
housekeeping of lost and finished tasks. Runs on SQLite and PostgreSQL alike; the kill -9
test with real worker processes is in test_worker_kill.py."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from boardgame.jobs import tasks
from boardgame.jobs.beat import Beat, Job, enqueue_once
from boardgame.jobs.models import Periodic
from boardgame.jobs.worker import SalientWorker, drain
from boardgame.play import clocks
from boardgame.play.models import Game

from . import helpers

pytestmark = pytest.mark.django_db

SWEEP = Job("deadlines", "boardgame.jobs.tasks.sweep_deadlines", 60,
            "boardgame.play.deadlines.anything_due")


def overdue(game: Game, seat: str) -> None:
    """Move `seat`'s deadline (and the game's `due`) a minute into the past."""
    game.refresh_from_db()
    live = dict(game.live)
    past = clocks.now_ms() - 60_000
    live["deadlines"] = {**live["deadlines"], seat: past}
    game.live = live
    game.due = dt.datetime.fromtimestamp(past / 1000, tz=dt.timezone.utc)
    game.save(update_fields=["live", "due"])


def answer_all(game, user, seat):
    from boardgame.play import actions
    for _ in range(10):
        game.refresh_from_db()
        moves = [m for m in helpers.next_moves(game.state) if m[0] == seat]
        if not moves:
            return
        s, decision, action = moves[0]
        actions.submit_action(game.pk, user, s, decision, action, f"{seat}-{decision}")


@pytest.fixture
def async_duel(hamlet, othello):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=24, disorder_after=3)
    return game


def test_the_beat_enqueues_the_sweep_only_when_a_game_is_due(async_duel):
    beat = Beat([SWEEP])
    assert beat.tick() == ["deadlines"]          # the new game waits to be initialised
    assert drain() == 1
    async_duel.refresh_from_db()
    assert async_duel.live["mode"] == "deadline" and async_duel.due is not None
    Periodic.objects.update(next_at=timezone.now())
    assert Beat([SWEEP]).tick() == []            # nothing due: no task row at all
    assert DBTaskResult.objects.count() == 1


def test_two_workers_enqueue_a_periodic_job_once_per_period(async_duel):
    first, second = Beat([SWEEP]), Beat([SWEEP])
    assert first.tick() == ["deadlines"]
    assert second.tick() == []                   # the period has not passed
    Periodic.objects.update(next_at=timezone.now())
    assert Beat([SWEEP]).tick() == []            # the last one still waits: no pile-up
    assert DBTaskResult.objects.filter(status=TaskResultStatus.READY).count() == 1


def test_a_worker_plays_the_timeout_default_of_an_expired_deadline(async_duel, hamlet):
    game = async_duel
    worker = SalientWorker(beat=Beat([SWEEP]))
    assert worker.run_once()                     # initialised
    answer_all(game, hamlet, "red")
    overdue(game, "blue")
    Periodic.objects.update(next_at=timezone.now())
    worker.beat.next_look.clear()
    version = Game.objects.get(pk=game.pk).version
    assert worker.run_once()
    game.refresh_from_db()
    assert game.version > version
    assert game.live["missed"] == {"blue": 1, "red": 0}
    task = DBTaskResult.objects.order_by("-enqueued_at").first()
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert task.return_value["resolved"] == 1


def test_a_task_enqueued_in_a_rolled_back_transaction_never_exists(db):
    class Boom(Exception):
        pass
    with pytest.raises(Boom), transaction.atomic():
        tasks.housekeeping.enqueue()
        assert DBTaskResult.objects.count() == 1
        raise Boom
    assert DBTaskResult.objects.count() == 0


def test_housekeeping_fails_tasks_of_lost_workers_and_prunes_old_results(db, settings):
    settings.SALIENT_TASK_LEASE_SECONDS = 60
    lost = tasks.housekeeping.enqueue().db_result
    fresh = tasks.housekeeping.enqueue().db_result
    old = tasks.housekeeping.enqueue().db_result
    now = timezone.now()
    DBTaskResult.objects.filter(pk=lost.pk).update(status=TaskResultStatus.RUNNING,
                                                   started_at=now - dt.timedelta(hours=1))
    DBTaskResult.objects.filter(pk=fresh.pk).update(status=TaskResultStatus.RUNNING,
                                                    started_at=now)
    DBTaskResult.objects.filter(pk=old.pk).update(status=TaskResultStatus.SUCCESSFUL,
                                                  finished_at=now - dt.timedelta(days=1))
    assert tasks.housekeeping.call() == {"lost": 1, "pruned": 1}
    lost.refresh_from_db()
    assert lost.status == TaskResultStatus.FAILED and lost.exception_class_path == tasks.LOST
    assert DBTaskResult.objects.get(pk=fresh.pk).status == TaskResultStatus.RUNNING


def test_enqueue_once_needs_the_period_to_pass(db):
    job = Job("housekeeping", "boardgame.jobs.tasks.housekeeping", 3600)
    now = timezone.now()
    assert enqueue_once(job, now)
    assert drain() == 1
    assert not enqueue_once(job, now + dt.timedelta(minutes=59))
    assert enqueue_once(job, now + dt.timedelta(minutes=61))


@pytest.mark.parametrize("listen", [False, True])
def test_a_waiting_worker_stops_within_a_slice_not_a_polling_period(db, listen):
    """SIGTERM only sets the worker's stop event, and neither select() nor Event.wait() is
    interrupted by it: the wait between turns (wake.Listener, with or without PostgreSQL's
    LISTEN) checks `stop` every STOP_CHECK, so a worker with a 60 s interval stops at once
    (a deploy's restart must not wait a whole period)."""
    import threading

    from boardgame.jobs.wake import Listener
    listener = Listener(listen)
    stop = threading.Event()
    waiter = threading.Thread(target=listener.wait, args=(60, stop), daemon=True)
    waiter.start()
    threading.Timer(0.2, stop.set).start()
    waiter.join(10)
    listener.close()
    assert not waiter.is_alive(), "the wait ignored stop"
