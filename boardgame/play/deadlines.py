"""The deadline sweeper: expired clocks and deadlines get the ruleset's timeout default.

`run_due()` looks at the games whose `due` has passed, each in its own durable transaction,
locking the row with `select_for_update(skip_locked=True)` — so several sweepers (every daphne
process, plus any `python manage.py run_deadlines`) never work on the same game at once — and
re-checks the deadline under the lock (an action may have answered it meanwhile). For each late
seat: a missed deadline is counted (K misses → civil disorder: from then on its decisions are
played by the defaults at once, until the host hands the seat to a replacement), then each of
its open decisions is answered with `timeout_default`, recorded with by="timeout". Reminders
(at the times each player chose) become `deadline_near` notices in the same transaction, sent
by the notification sweep, and an in-app `notice` frame to the seat. Once a game's transaction
has committed, `resolve_game` sends its frames (`broadcast.send_messages`), as a REST view does.

The host may push every running deadline of a game back (`do_extend_deadline`).

It runs on the task runner (boardgame/jobs): the beat enqueues `sweep_deadlines` whenever
`anything_due` says a game waits for it (every SALIENT_SWEEP_SECONDS, default 1 s), and any
worker runs it — several at once are safe, as above. `python manage.py run_deadlines --once`
still sweeps by hand.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from boardgame.lobby.models import Table
from boardgame.notifications import reminders
from boardgame.vacation import bank as vacation
from engine import rulesets
from engine.kernel import apply, result, simultaneous, timeout_action
from engine.kernel.simultaneous import awaiting

from . import bots, broadcast, clocks, frames, gm, orders, seating
from .actions import (
    ActionRejected,
    Step,
    check_not_over,
    finish_steps,
    lock_game,
    play_timeout,
    playable_ruleset,
)
from .frames import Committed, Message
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
    """Resolve one game's expired deadlines and reminders, then send what that committed;
    the late seats (none when another sweeper holds the game)."""
    committed = _resolve(game_id, now)
    broadcast.send_messages(committed.messages)
    return committed.answer


def _resolve(game_id: int, now: Any) -> Committed[list[str]]:
    """`resolve_game`'s transaction: a durable one of its own (the caller holds none), which
    locks the game row unless another sweeper has it."""
    with transaction.atomic(durable=True):
        game = (Game.objects.select_for_update(skip_locked=True)
                .filter(pk=game_id, finished__isnull=True).first())
        if game is None:
            return Committed([])
        game.locked = True  # playable_ruleset may upgrade it in place
        now = now or timezone.now()
        if game.due is None or game.due > now:
            return Committed([])  # answered meanwhile: re-checked under the lock
        try:
            ruleset = playable_ruleset(game)
        except ActionRejected:
            # Started under rules this server no longer plays: no defaults are played for it,
            # and the sweeper stops looking (its players may still end it).
            game.due = None
            game.save(update_fields=["due"])
            return Committed([])
        # A game master's pause past its limit ends first (its timeout default, gm.py).
        notices: list[Message] = gm.resume_timed_out(game, now)
        steps: list[Step] = []
        batch = None
        late: list[str] = []
        if game.live.get("held") and not game.live.get("paused"):
            # Readies held for the worker (twteaw ruling 68) play first, alone: they came
            # before any deadline, and the clocks they restart decide who is late next sweep.
            orders.play_held(game, ruleset, steps)
            if steps:
                batch = finish_steps(game, ruleset, steps)
            else:
                clocks.after_steps(game, ruleset, acting=None, now=now)
                game.save(update_fields=["live", "due"])
        else:
            remind = clocks.reminders_due(game, now)
            if remind:
                notices = _remind(game, ruleset, remind)
                clocks.mark_reminded(game, remind, now)
            late = clocks.expired(game, now)
            if late:  # away players' deadlines move a day on their vacation bank instead —
                # unless the defaults played now would end the game (no stalling a defeat)
                late = vacation.spend(game, late, now, deciding=lambda seat: _defaults_would_end(
                    game, ruleset, seat))
                clocks.refresh_due(game)
            if late:
                handed = _hand_to_bots(game, clocks.note_missed(game, late))
                notices += [m for frame in handed
                            for m in frames.everyone_messages(game.pk, game.state, frame)]
                for seat in late:
                    _time_out_seat(game, ruleset, seat, steps)
                # Answered: a late seat the game still awaits (its next turn, its next decision)
                # gets a full period from now, not the deadline that has just passed.
                clocks.restart_deadlines(game, late)
            if steps:
                batch = finish_steps(game, ruleset, steps)
            else:
                if late:
                    clocks.after_steps(game, ruleset, acting=None, now=now)
                game.save(update_fields=["live", "due"])
    return Committed(late, notices + (frames.step_messages(batch) if batch else []))


def _hand_to_bots(game: Game, fallen: list[str]) -> list[dict[str, Any]]:
    """Seats that just fell into civil disorder go to a bot of the table's `disorder_bot`
    level, when the host chose one (issue #25): the bot plays from the next decision on, and
    the host may give the seat to a person at any time (`bots.do_take_over`). Without a
    chosen level the seat stays in disorder and its timeout defaults play. The `seats`
    frames, to send once committed. The caller holds the game's row lock."""
    if not fallen:
        return []
    table = Table.objects.select_for_update().get(pk=game.table_id)
    if table.disorder_bot is None:
        return []
    return [seating.seat_locked(game, seat, bots.bot_user(table.disorder_bot, seat))
            for seat in fallen]


def _time_out_seat(game: Game, ruleset: Any, seat: str, steps: list[Step]) -> None:
    """Play the timeout default of every decision `seat` had open at the deadline, one at a
    time: each answer can close others (a BoP seat's pass ends its half, so its `done` is no
    longer open), so the open decisions are listed afresh after every step."""
    due = {d.id for d in awaiting(ruleset, game.state, seat)}
    while (decision := _next_due(ruleset, game.state, seat, due)) is not None:
        play_timeout(game, ruleset, decision, seat, steps)
        due.discard(decision.id)


def _next_due(ruleset: Any, state: dict[str, Any], seat: str, due: set[str]) -> Any:
    """The first decision of `due` still open for `seat` (None once none is, or the game has
    ended): the one walk shared by the real timeout and its dry run."""
    if result(ruleset, state) is not None:
        return None
    return next((d for d in awaiting(ruleset, state, seat) if d.id in due), None)


def _defaults_would_end(game: Game, ruleset: Any, seat: str) -> bool:
    """Whether `seat`'s timeout defaults, played now as `_time_out_seat` would play them,
    end the game: a dry run on the state (the engine never mutates it; nothing is stored)."""
    try:
        return _dry_run_defaults(game, ruleset, seat)
    except Exception:  # noqa: BLE001 — a failed dry run grants the day; the sweep goes on
        logger.exception("dry run of %s's defaults in game %s failed", seat, game.pk)
        return False


def _dry_run_defaults(game: Game, ruleset: Any, seat: str) -> bool:
    state, book = game.state, game.orders
    due = {d.id for d in awaiting(ruleset, state, seat)}
    while (decision := _next_due(ruleset, state, seat, due)) is not None:
        if decision.revisable:
            book, outcome = simultaneous.time_out(ruleset, state, book, seat, decision.group,
                                                  seed=bytes(game.seed))
        else:
            outcome = apply(ruleset, state, seat, decision.id,
                            timeout_action(ruleset, state, decision, seat), seed=bytes(game.seed))
        state = outcome.state
        due.discard(decision.id)
    return result(ruleset, state) is not None


def _remind(game: Game, ruleset: Any, seats: list[str]) -> list[Message]:
    """Reminders whose time has come: a `deadline_near` notice each (sent by the notification
    sweep; boardgame/notifications/reminders.py says when one is suppressed), and the in-app
    `notice` frames to send to the seats once committed."""
    notices: list[Message] = []
    for seat in reminders.remind(game, ruleset, seats):
        frame = {"type": "notice", "code": "deadline/soon", "seat": seat,
                 "message": "Your deadline is close."}
        notices += frames.audience_messages(game.pk, [f"seat:{seat}"], frame)
    return notices


def anything_due(now: Any = None) -> bool:
    """Whether a sweep has work: a new game to initialise, a due game, or a bot to move (the
    beat's check)."""
    now = now or timezone.now()
    return (Game.objects.filter(Q(due__lte=now) | Q(live={}), finished__isnull=True).exists()
            or bots.any_bot_to_move())


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


# --- the host's extension ----------------------------------------------------------------

def do_extend_deadline(game_id: int, host: Any, hours: int) -> Committed[dict[str, Any]]:
    """The host pushes every running deadline back by `hours` (1–168). Answers the clock
    frame, which every audience gets too. Opens its own durable transaction and locks the
    game row."""
    if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= 168:
        raise ActionRejected("hours must be an integer from 1 to 168.", code="request/invalid",
                             status=400, field="hours")
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        table = Table.objects.get(pk=game.table_id)
        if host is None or not host.is_authenticated or table.host_id != host.pk:
            raise ActionRejected("Only the host may extend a deadline.", code="auth/not_host",
                                 status=403, v=game.version)
        check_not_over(game)
        clocks.extend(game, hours * 3600 * 1000)
        game.save(update_fields=["live", "due"])
        frame = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame))
