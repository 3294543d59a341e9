"""Ruling 68 (issue #23: "resolution runs in the deadline sweeper or a worker under the game's
row lock, never in a request"): the ready that makes the last nation ready is held, committed
and acknowledged in its request, which resolves nothing; the task worker resolves the turn once,
as the step that ready would have been (same user, same cid), and the record replays.

The kill -9 of a worker mid-resolution: tests/live/test_twteaw_worker_kill.py.
"""

from __future__ import annotations

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from boardgame.jobs.worker import drain
from boardgame.play import deadlines
from boardgame.play import orders as orders_service
from boardgame.play.actions import ActionRejected
from boardgame.play.models import ActionRecord, Game
from boardgame.play.verify import verify_game
from engine import rulesets
from engine.kernel import decisions
from tests.live.helpers import make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

TWTEAW = rulesets.get("twteaw")


def _resolving(game_id: int) -> list[ActionRecord]:
    return [r for r in ActionRecord.objects.filter(game_id=game_id).order_by("seq")
            if any(e.get("kind") == "answers_revealed" for e in r.events)]


def test_23_ruling_68_the_last_ready_is_held_in_its_request_and_the_worker_resolves_once():
    seats = [s["id"] for s in TWTEAW.manifest["scenarios"][0]["seats"]]
    users = {seat: make_user(f"r68-{seat}") for seat in seats}
    game = start_game(make_user("r68-host"), users, title="1914", ruleset="twteaw",
                      scenario="europe-1914", options={"turns": 2}, pace="async",
                      deadline_hours=24)
    deadlines.initialise_new_games()
    state = Game.objects.get(pk=game.pk).state
    group = ""
    for d in decisions(TWTEAW, state):
        seat, group = d.seats[0], d.group
        action = TWTEAW.options(state, seat, d, None)[0]["action"]
        orders_service.do_write_order(game.pk, users[seat], seat, d.id, action)
    last = seats[-1]
    for seat in seats[:-1]:
        orders_service.submit_ready(game.pk, users[seat], seat, group, True, f"r-{seat}")
    before = Game.objects.get(pk=game.pk)

    # The request: the ready is committed and acknowledged; nothing resolves, nobody is told.
    answer = orders_service.submit_ready(game.pk, users[last], last, group, True, "last")
    assert answer.answer.repeated is False and answer.answer.v == before.version
    assert answer.messages == []
    held = Game.objects.get(pk=game.pk)
    assert held.version == before.version and held.state == before.state
    assert held.state["board"]["turn"] == 1 and _resolving(game.pk) == []
    assert [(h["seat"], h["cid"], h["user"]) for h in held.live["held"]] == [
        (last, "last", users[last].pk)]
    assert held.due is not None and held.due <= timezone.now()      # due at once
    assert DBTaskResult.objects.filter(
        task_path="boardgame.jobs.tasks.resolve_held", status="READY").count() == 1
    # The same ready again (same cid) while held: the same answer, nothing held twice.
    again = orders_service.submit_ready(game.pk, users[last], last, group, True, "last")
    assert again.answer.repeated is True and again.answer.v == before.version
    assert len(Game.objects.get(pk=game.pk).live["held"]) == 1
    # Another cid for the held seat: refused as a ready seat's ready is, nothing held twice.
    with pytest.raises(ActionRejected) as refused:
        orders_service.submit_ready(game.pk, users[last], last, group, True, "other")
    assert refused.value.reason == "ready_unchanged"
    assert len(Game.objects.get(pk=game.pk).live["held"]) == 1

    # The worker resolves the turn, once, as the step the ready would have been.
    drain()
    game = Game.objects.get(pk=game.pk)
    assert game.state["board"]["turn"] == 2 and "held" not in game.live
    resolving = _resolving(game.pk)
    assert len(resolving) == 1
    step = resolving[0]
    assert (step.seq, step.kind, step.seat, step.cid, step.by_user_id, step.by) == (
        before.version + 1, "ready", last, "last", users[last].pk, "user")
    assert game.version == step.seq and game.orders == {}
    drain()
    deadlines.run_due()
    assert Game.objects.get(pk=game.pk).version == step.seq     # nothing resolves twice
    # After the resolution the repeated cid answers the recorded step.
    late = orders_service.submit_ready(game.pk, users[last], last, group, True, "last")
    assert late.answer.repeated is True and late.answer.v == step.seq
    assert verify_game(game).status == "ok"
