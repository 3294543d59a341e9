"""Bots at the table (issue #25; the bots themselves are engine/bots, docs/bots.md).

A bot holds a seat as a user does: each (level, seat name) has its own bot account,
`bot:<level>:<seat>` (a name no person can register: sign-up allows no ':'), so a bot is
seated, replaced and recorded by the machinery that seats, replaces and records people.

- `do_seat_bot` — before the game starts, the host puts a bot of a chosen level in a free seat
  (or changes a seated bot's level); a bot is always ready. `do_fill_with_bots` fills every
  free seat at once; `do_create_table_with_bots` opens a table with the host seated and bots
  in the other seats, in one step. A host may run at most
  SALIENT_MAX_BOT_GAMES tables with bots at once (webDiplomacy allows 3 per user).
- A seat in civil disorder is handed to a bot with the existing replacement service
  (`seating.do_replace_seat(game, host, seat, bot_user(level, seat))`); `do_take_over` gives a
  bot's seat to a person, at any time, the same way.
- `run_bot_turns()` — called by the deadline sweeper (`deadlines.run_due`), never inside a
  request or a websocket consumer: for each running game where a bot is to move (fairly:
  the games waiting longest first, a time slice each), the bot chooses from the seat's view
  (engine/bots) and the answer goes through `actions.submit_action` (written orders through
  `orders.do_write_order` and `orders.submit_ready`), the path a person's answer takes — same
  checks, records, broadcast. The cid names the game's version and the
  seat, so a sweeper killed mid-turn neither loses nor doubles an answer: a retry of the
  same turn is answered with the earlier outcome.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from boardgame.api.errors import Conflict, ServiceError
from boardgame.jobs import wake
from boardgame.lobby import notify
from boardgame.lobby.models import Seat, Table
from boardgame.lobby.services import (
    access_seat,
    access_table,
    check_host,
    check_seating_open,
    claim_seat,
    create_table,
    update_fullness,
)
from engine import bots as engine_bots
from engine import rulesets
from engine.kernel import result

from . import actions, broadcast, frames, orders, seating, services
from .bot_accounts import PREFIX, bot_level, bot_username
from .frames import Committed
from .models import Game

logger = logging.getLogger(__name__)

# Seconds of bot play one game gets in one sweep, and one sweep in all (fair queuing).
SLICE_SECONDS = 0.5
SWEEP_SECONDS = 2.0
# Games the beat's check looks at, the longest waiting first.
BEAT_GAMES = 50


def bot_user(level: int, seat: str) -> Any:
    """The account of a level-`level` bot playing `seat` (made on first use; no password)."""
    User = get_user_model()
    user, made = User.objects.get_or_create(username=bot_username(level, seat))
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def check_level(table: Table, level: Any) -> int:
    offered = engine_bots.levels(table.ruleset)
    if not isinstance(level, int) or isinstance(level, bool) or level not in offered:
        raise ServiceError(f"{table.ruleset} offers bots of level "
                           f"{', '.join(map(str, offered))}.", code="table/bad_bot_level",
                           status=400, levels=offered)
    return level


def check_bot_games_quota(host: Any, table: Table) -> None:
    """A host runs at most SALIENT_MAX_BOT_GAMES tables with bots (not started or running)."""
    limit = getattr(settings, "SALIENT_MAX_BOT_GAMES", 3)
    tables = set(Table.objects.filter(
        host=host, state__in=(Table.State.OPEN, Table.State.FULL, Table.State.STARTED),
        seats__user__username__startswith=PREFIX).values_list("pk", flat=True))
    if table.pk not in tables and len(tables) >= limit:
        raise Conflict(f"You already host {len(tables)} tables with bots (at most {limit}).",
                       code="table/too_many_bot_games", limit=limit, running=len(tables))


def do_seat_bot(host: Any, table_id: int, seat_id: str, level: Any) -> Table:
    """The host seats a bot of `level` in a free seat (or a bot's) before the game starts."""
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "seat a bot")
        check_seating_open(table)
        level = check_level(table, level)
        seat = access_seat(table, seat_id)
        if seat.user_id is not None and bot_level(seat.user) is None:
            raise Conflict(f"Seat {seat_id!r} is taken by {seat.user.get_username()}.",
                           code="table/seat_taken", table=table.pk, seat=seat_id)
        check_bot_games_quota(host, table)
        _put_bot(seat, level)
        update_fullness(table)
        notify.table_changed(table, "seats")
    return table


def do_fill_with_bots(host: Any, table_id: int, level: Any) -> Table:
    """The host seats a bot of `level` in every free seat: a table of eight powers ready for
    one human. Refused (table/no_free_seat) when every seat is taken."""
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "seat bots")
        _fill_with_bots(host, table, level)
    return table


def do_create_table_with_bots(host: Any, *, seat: str | None = None, bots: Any = None,
                              **fields: Any) -> Table:
    """Open a table (lobby `create_table`'s fields), take the host's `seat` and put a bot of
    level `bots` in every other seat — all in one transaction, so a refusal (a seat the
    scenario lacks, a level the ruleset does not offer, the bot-games quota) leaves no table."""
    with transaction.atomic(durable=True):
        table = create_table(host, **fields)
        if seat is not None:
            claim_seat(host, table, seat)
        if bots is not None:
            _fill_with_bots(host, table, bots)
    return table


def _fill_with_bots(host: Any, table: Table, level: Any) -> None:
    """A bot of `level` in every free seat. Caller holds the table lock."""
    check_seating_open(table)
    level = check_level(table, level)
    free = list(table.seats.filter(user__isnull=True).order_by("position"))
    if not free:
        raise Conflict("Every seat is taken.", code="table/no_free_seat", table=table.pk)
    check_bot_games_quota(host, table)
    for seat in free:
        _put_bot(seat, level)
    update_fullness(table)
    notify.table_changed(table, "seats")


def _put_bot(seat: Seat, level: int) -> None:
    """A bot is always ready. Caller holds the table lock."""
    seat.user, seat.ready, seat.claimed = bot_user(level, seat.seat), True, timezone.now()
    seat.save(update_fields=["user", "ready", "claimed"])


def do_take_over(game_id: int, host: Any, seat: str,
                 new_user: Any) -> Committed[dict[str, Any]]:
    """The host gives a bot's seat to a person (at any time; a seat in civil disorder goes
    through `seating.do_replace_seat`). Every audience gets a `seats` frame (in the messages
    returned, to send once committed). Opens its own durable transaction; locks the game and
    table rows."""
    if new_user is None or not getattr(new_user, "is_authenticated", False):
        raise ServiceError("Name a registered player to take the seat.",
                           code="request/invalid", status=400, field="username")
    with transaction.atomic(durable=True):
        game = Game.objects.select_for_update().get(pk=game_id)
        table = Table.objects.select_for_update().get(pk=game.table_id)
        if host is None or not host.is_authenticated or table.host_id != host.pk:
            raise ServiceError("Only the host may hand a bot's seat to a player.",
                               code="auth/not_host", status=403)
        row = Seat.objects.select_related("user").filter(table_id=game.table_id,
                                                         seat=seat).first()
        if row is None or bot_level(row.user) is None:
            raise Conflict(f"{seat!r} is not played by a bot.", code="game/not_a_bot_seat",
                           seat=seat)
        if bot_level(new_user) is None:
            seating.check_may_play(game, table, seat, new_user)
        if bot_level(new_user) is None and Seat.objects.filter(
                table_id=game.table_id, user=new_user).exclude(seat=seat).exists() and (
                not table.allow_multiple_seats):
            raise Conflict(f"{new_user.get_username()} already plays in this game.",
                           code="game/already_seated", seat=seat)
        previous = row.user.get_username()
        row.user, row.claimed = new_user, timezone.now()
        row.save(update_fields=["user", "claimed"])
        frame = {"type": "seats", "seats": services.players(game),
                 "replaced": {"seat": seat, "player": new_user.get_username(),
                              "previous": previous}}
        audiences = frames.live_audiences(game.state)
    return Committed(frame, frames.audience_messages(game.pk, audiences, frame))


def disorder_bot_user(game_id: int, host: Any, seat: Any, level: Any) -> Any:
    """The bot account the host may hand `seat` of a game to: a level its ruleset offers.
    Checked before the account is made, so a refused request creates nothing;
    `seating.do_replace_seat` checks the rest (disorder, game over) under the lock."""
    seat = actions.check_seat_name(seat)
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or host is None or not host.is_authenticated or (
            game.table.host_id != host.pk):
        raise ServiceError("Only the host may hand a seat to a bot.", code="auth/not_host",
                           status=403)
    if seat not in game.state["kernel"]["sides"]:
        raise ServiceError(f"This game has no seat {seat!r}.", code="game/seat_not_found",
                           status=404, seat=seat)
    return bot_user(check_level(game.table, level), seat)


# --- the sweeper's part ---------------------------------------------------------------------

def games_with_bots() -> list[int]:
    """Running games with a bot seat, the longest without an action first."""
    found = (Game.objects.filter(finished__isnull=True,
                                 table__seats__user__username__startswith=PREFIX)
             .annotate(last=Max("actions__created")).order_by("last", "pk")
             .values_list("pk", flat=True))
    return list(dict.fromkeys(found))


def bot_seats(game: Game) -> dict[str, Any]:
    return {s.seat: s.user for s in Seat.objects.filter(
        table_id=game.table_id, user__username__startswith=PREFIX).select_related("user")}


def play_game(game_id: int, deadline: float) -> int:
    """Bot moves in one game until no bot is to move or the slice is spent; the count. A
    slice always has room for one move, however short it is."""
    moves = 0
    while moves == 0 or time.monotonic() < deadline:
        game = Game.objects.filter(pk=game_id, finished__isnull=True).first()
        if game is None or game.live.get("paused"):
            return moves
        ruleset = rulesets.get(game.ruleset)
        if result(ruleset, game.state) is not None:
            return moves
        moved = False
        for seat, user in sorted(bot_seats(game).items()):
            level = bot_level(user)
            if level is None:
                continue
            bot = engine_bots.bot_for(ruleset, game.scenario, level)
            move = engine_bots.bot_turn(ruleset, game.state, seat, bot,
                                        game_uid=game.game_uid, book=game.orders,
                                        clock=time.monotonic)
            if move is None:
                continue
            if move.fired or move.problem:
                logger.warning("bot %s in game %s: safety net %s, problem %s", move.by,
                               game_id, move.fired, move.problem)
            try:
                broadcast.send_messages(_send(game, user, move).messages)
            except actions.ActionRejected as exc:
                logger.info("bot move refused in game %s: %s", game_id, exc.as_dict())
                return moves
            moves += 1
            moved = True
            break
        if not moved:
            return moves
    return moves


def any_bot_to_move() -> bool:
    """Whether a bot has a decision to answer in some running game: the beat's check beside
    the deadlines' (`deadlines.anything_due`), so a live game with a bot is swept as soon as
    the bot is to move, not when the next deadline falls. Read from each game's
    `live.running` (the seats it waits for, written-orders groups until ready included, kept
    by `clocks.after_steps` after every step), as the inbox does: the beat runs this every
    tick, so it loads no state and runs no rules."""
    games = list(Game.objects.filter(pk__in=games_with_bots()[:BEAT_GAMES])
                 .only("table_id", "live"))
    held: dict[int, set[str]] = {}
    for table_id, seat in Seat.objects.filter(
            table_id__in=[g.table_id for g in games],
            user__username__startswith=PREFIX).values_list("table_id", "seat"):
        held.setdefault(table_id, set()).add(seat)
    return any(not game.live.get("paused")
               and held.get(game.table_id, set()) & set(game.live.get("running", []))
               for game in games)


def _send(game: Game, user: Any, move: Any) -> Committed[Any]:
    """A bot's move through the service a person's would take: an answer (`act`), a written
    order (`order`: no step, so no cid — writing the same order again changes nothing) or
    ready in a written-orders group (`ready`). The cids name the game's version and the
    seat: a retried turn is answered with the earlier outcome."""
    cid = f"bot-{game.version}-{move.seat}"[:actions.CID_MAX]
    if move.kind == "act":
        return actions.submit_action(game.pk, user, move.seat, move.decision, move.action,
                                     cid=cid, by=move.by)
    if move.kind == "order":
        return orders.do_write_order(game.pk, user, move.seat, move.decision, move.action)
    return orders.submit_ready(game.pk, user, move.seat, move.group, True, cid=cid,
                               by=move.by)


def run_bot_turns(now: float | None = None) -> dict[str, int]:
    """One sweep of bot moves over every game where a bot is to move (the sweeper's hook).

    Round robin: each round gives every game with a bot to move a slice, the longest waiting
    first; rounds go on while the sweep has time and some bot still moved. A sweep that ends
    on its time with bots still to move wakes the workers (`wake.wake_workers`), so the next
    sweep follows at once instead of after the polling period: a table of bots plays at the
    machine's speed, not at a third of it, while other games and deadlines still get their
    turn between sweeps."""
    started = time.monotonic() if now is None else now
    end = started + SWEEP_SECONDS
    busy: set[int] = set()
    moves = 0
    waiting = games_with_bots()
    out_of_time = False
    while waiting and not out_of_time:
        still: list[int] = []
        for game_id in waiting:
            if moves and time.monotonic() >= end:   # the first slice is always played
                out_of_time = True                  # `waiting` keeps this round's games
                break
            slice_end = min(end, time.monotonic() + SLICE_SECONDS)
            try:
                played = play_game(game_id, slice_end)
            except Exception:  # noqa: BLE001 — one bad game must not stop the sweeper
                logger.exception("bot turns of game %s failed", game_id)
                continue
            if played:
                busy.add(game_id)
                moves += played
                if time.monotonic() >= slice_end:
                    still.append(game_id)   # its slice ran out with a bot maybe still to move
        if not out_of_time:
            waiting = still
    if waiting:   # bots may still be to move: the next sweep at once
        wake.wake_workers()
    return {"bot_games": len(busy), "bot_moves": moves}
