"""The deadline sweeper: expired clocks and deadlines get the ruleset's timeout default.

`run_due()` looks at the games whose `due` has passed, each in its own durable transaction,
locking the row with `select_for_update(skip_locked=True)` — so several sweepers (every daphne
process, plus any `python manage.py run_deadlines`) never work on the same game at once — and
re-checks the deadline under the lock (an action may have answered it meanwhile). For each late
seat: a missed deadline is counted (K misses → civil disorder: from then on its decisions are
played by the defaults at once, until the host hands the seat to a replacement), then each of
its open decisions is answered with `timeout_default`, recorded with by="timeout". Reminders
(a quarter of an async deadline left) go out by e-mail (console backend by default) and in-app
as a `notice` frame to the seat.

In the quick start the sweeper also runs inside every daphne process: a daemon thread started
when the websocket routes load (`start_in_process_sweeper`, boardgame/routing.py), every
SALIENT_SWEEP_SECONDS (default 1 s); SALIENT_IN_PROCESS_SWEEPER=0 turns it off when a separate
`run_deadlines` process does the job.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from typing import Any

from django.core.mail import send_mail
from django.db import close_old_connections, transaction
from django.utils import timezone

from boardgame.lobby.models import Seat
from engine import rulesets
from engine.kernel import result
from engine.kernel.simultaneous import awaiting

from . import bots, clocks
from .actions import ActionRejected, Step, _finish, play_timeout, playable_ruleset
from .models import Game

logger = logging.getLogger(__name__)

BATCH = 50


def initialise_new_games() -> int:
    """Games started by the lobby get their clocks/deadlines set up (live == {})."""
    count = 0
    ids = list(Game.objects.filter(finished__isnull=True, live={}).values_list("id", flat=True)
               [:BATCH])
    for game_id in ids:
        with transaction.atomic(durable=True):
            game = (Game.objects.select_for_update(skip_locked=True)
                    .filter(pk=game_id, live={}).first())
            if game is None:
                continue
            ruleset = rulesets.get(game.ruleset)
            clocks.after_steps(game, ruleset, acting=None, now=timezone.now())
            game.save(update_fields=["live", "due"])
            count += 1
    return count


def resolve_game(game_id: int, now: Any = None) -> list[str]:
    """Resolve one game's expired deadlines and reminders; the late seats (skip if locked)."""
    with transaction.atomic(durable=True):
        game = (Game.objects.select_for_update(skip_locked=True)
                .filter(pk=game_id, finished__isnull=True).first())
        if game is None:
            return []
        now = now or timezone.now()
        if game.due is None or game.due > now:
            return []  # answered meanwhile: re-checked under the lock
        try:
            ruleset = playable_ruleset(game)
        except ActionRejected:
            # Started under rules this server no longer plays: no defaults are played for it,
            # and the sweeper stops looking (its players may still end it).
            game.due = None
            game.save(update_fields=["due"])
            return []
        remind = clocks.reminders_due(game, now)
        if remind:
            _remind(game, remind)
            clocks.mark_reminded(game, remind)
        late = clocks.expired(game, now)
        steps: list[Step] = []
        if late:
            clocks.note_missed(game, late)
            for seat in late:
                _time_out_seat(game, ruleset, seat, steps)
        if steps:
            _finish(game, ruleset, steps)
        else:
            if late:
                clocks.after_steps(game, ruleset, acting=None, now=now)
            game.save(update_fields=["live", "due"])
        return late


def _time_out_seat(game: Game, ruleset: Any, seat: str, steps: list[Step]) -> None:
    """Play the timeout default of every decision `seat` had open at the deadline, one at a
    time: each answer can close others (a BoP seat's pass ends its half, so its `done` is no
    longer open), so the open decisions are listed afresh after every step."""
    due = {d.id for d in awaiting(ruleset, game.state, seat)}
    while due and result(ruleset, game.state) is None:
        still = [d for d in awaiting(ruleset, game.state, seat) if d.id in due]
        if not still:
            return
        play_timeout(game, ruleset, still[0], seat, steps)
        due.discard(still[0].id)


def _remind(game: Game, seats: list[str]) -> None:
    from .broadcast import publish_to
    for seat in Seat.objects.filter(table_id=game.table_id, seat__in=seats).select_related("user"):
        if seat.user is not None and seat.user.email:
            try:
                send_mail(f"Salient: your move in game {game.pk}",
                          f"Your deadline as {seat.seat} in game {game.pk} is close. "
                          f"Play at /games/{game.pk}/", None, [seat.user.email])
            except Exception as exc:  # noqa: BLE001
                logger.warning("reminder mail for game %s failed: %s", game.pk, exc)
        frame = {"type": "notice", "code": "deadline/soon", "seat": seat.seat,
                 "message": "Your deadline is close."}
        transaction.on_commit(lambda s=seat.seat, f=frame: publish_to(game.pk, [f"seat:{s}"], f))


def run_due(now: Any = None) -> dict[str, int]:
    """One sweep: new games initialised, due games resolved, bots' moves played (issue #25:
    `bots.run_bot_turns`, one small function the async task runner can take over). Safe in
    several processes."""
    started = initialise_new_games()
    now = now or timezone.now()
    ids = list(Game.objects.filter(due__lte=now, finished__isnull=True)
               .order_by("due").values_list("id", flat=True)[:BATCH])
    resolved = 0
    for game_id in ids:
        try:
            if resolve_game(game_id, now):
                resolved += 1
        except Exception:  # noqa: BLE001 — one bad game must not stop the sweeper
            logger.exception("deadline of game %s could not be resolved", game_id)
    return {"initialised": started, "due": len(ids), "resolved": resolved,
            **bots.run_bot_turns()}


_sweeper: threading.Thread | None = None


def start_in_process_sweeper() -> None:
    """Start the daemon sweeper thread once per process (quick start; see module doc)."""
    global _sweeper
    flag = os.environ.get("SALIENT_IN_PROCESS_SWEEPER")
    if flag == "0" or (flag is None and "pytest" in sys.modules) or _sweeper is not None:
        return
    interval = float(os.environ.get("SALIENT_SWEEP_SECONDS", "1"))

    def loop() -> None:
        while True:
            time.sleep(interval)
            try:
                close_old_connections()
                run_due()
            except Exception:  # noqa: BLE001
                logger.exception("deadline sweep failed")
            finally:
                close_old_connections()

    _sweeper = threading.Thread(target=loop, name="salient-deadlines", daemon=True)
    _sweeper.start()
