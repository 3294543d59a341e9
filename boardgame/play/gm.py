"""The game master (issue #23): a user who is no nation, with audited commands for what a
moderated game leaves to its moderator — built on the platform's host controls, not beside
them.

Who: the user the host named (`POST …/gm/appoint`), else the table's host when the host holds
no seat; a table whose host plays and who named nobody has no GM (the host keeps the host
controls). A GM holds no seat and therefore watches as a spectator (`services.game_view`):
the one exception is a private look at an absent nation's view, to write its proxy orders
(twteaw ruling 57). The commands, each in one durable transaction under the game's row lock
(then the table's, the order of `seating`), each recorded as a `GmCommand` (who, what, when):

- **pause** alone, for at most `hours` (default 48): at that time the deadline sweeper
  resumes the game by itself — the timeout default of a pause (`clocks.gm_pause`); **resume**.
  Players cannot resume a GM's pause (their pause vote, `votes`, is for their own pauses).
- **extend** the running deadlines (or clocks), all or one nation's.
- **look** at an absent nation's view (read only; the entry says whose, never what).
- **proxy** orders for an absent nation: written through the same service, validation and
  order log as the nation's own (`orders.do_write_order` with the GM as `authorise`), and
  ready through the same step (`orders.submit_ready`, recorded `by="gm"`).
- **fill** a seat in civil disorder with a volunteer of the table's replacement pool
  (`seating.check_replacement` and `seat_locked`, as the host's replacement). Any registered
  watcher holding no seat may volunteer (`volunteer`).
- **discretionary calls**: a ruleset offering one would list it here; twteaw's core has none
  (every moderator's call of §7.1 is a deterministic rule: rulings 20, 48, 57).

A nation is *absent* when it is in civil disorder, or has missed a deadline and has written no
order in the open turn. Every GM decision has a default that plays without the GM: a missed
deadline's defaults (`deadlines`), the disorder bot or the defaults for an unfilled seat, the
pause's own end. Nothing a GM does reaches a nation's or a spectator's view: the look is a
read; the proxy's orders go only to the seat's audiences (`orderbook`), sealed as its own.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from boardgame.lobby.models import Seat, Table
from engine.kernel import IllegalAction, MalformedAction, audience_of, expand_options, view
from engine.kernel.game import KERNEL

from . import clocks, frames, orderbook, orders, seating
from .actions import (
    ActionRejected,
    check_decision_id,
    check_not_over,
    check_seat_name,
    engine_rejection,
    lock_game,
    playable_ruleset,
    user_seats,
)
from .frames import Committed
from .gmrecord import gm_name, gm_user_id, log_entries
from .models import Game, GmCommand, OrderLog

PAUSE_DEFAULT_HOURS = 48
MAX_HOURS = 168


def _hours(hours: Any, default: int | None = None) -> int:
    if hours is None and default is not None:
        return default
    if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= MAX_HOURS:
        raise ActionRejected(f"hours must be an integer from 1 to {MAX_HOURS}.",
                             code="request/invalid", status=400, field="hours")
    return hours


def is_gm(user: Any, game: Game) -> bool:
    return bool(user is not None and user.is_authenticated
                and gm_user_id(game, game.table) == user.pk)


def absent(game: Game) -> list[str]:
    """The nations a GM may look at and write proxy orders for: in civil disorder, or having
    missed a deadline and written nothing themselves in the open turn (a GM's proxy orders
    leave the nation absent; its player's own writing ends that)."""
    live = game.live
    disorder = set(live.get("disorder", []))
    missed = {s for s, n in live.get("missed", {}).items() if n}
    present = set()
    if missed - disorder:
        holders = dict(Seat.objects.filter(table_id=game.table_id, seat__in=missed)
                       .values_list("seat", "user_id"))
        present = {s for s in missed - disorder
                   if OrderLog.objects.filter(game=game, seat=s, group__in=list(game.orders),
                                              by_user_id=holders.get(s)).exists()}
    return sorted(s for s in game.state[KERNEL]["sides"]
                  if s in disorder or (s in missed and s not in present))


def audit(game: Game, user: Any, command: str, seat: str | None = None,
          **detail: Any) -> GmCommand:
    """Record one GM command (or a GM default the server applied: `user` None)."""
    return GmCommand.objects.create(
        game=game, user=user if user is not None and user.is_authenticated else None,
        command=command, seat=seat, detail=detail, version=game.version)


def _check_gm(user: Any, game: Game, table: Table, what: str) -> None:
    if user is None or not user.is_authenticated or gm_user_id(game, table) != user.pk:
        raise ActionRejected(f"Only the game master may {what}.", code="auth/not_gm",
                             status=403, v=game.version)


def _lock_for_gm(game_id: int, user: Any, what: str) -> tuple[Game, Table]:
    game = lock_game(game_id)
    table = Table.objects.select_for_update().get(pk=game.table_id)
    _check_gm(user, game, table, what)
    check_not_over(game)
    clocks.ensure(game)
    return game, table


def _check_absent(game: Game, seat: Any) -> str:
    seat = check_seat_name(seat)
    sides = game.state[KERNEL]["sides"]
    if seat not in sides:
        raise ActionRejected(f"This game has no seat {seat!r}.", code="game/seat_not_found",
                             status=404, v=game.version, seat=seat, seats=sorted(sides))
    if seat not in absent(game):
        raise ActionRejected(
            f"{seat} is not absent: it has not missed a deadline, or it wrote its orders.",
            code="game/not_absent", v=game.version, seat=seat)
    return seat


def _clock_everyone(game: Game) -> Committed[dict[str, Any]]:
    frame = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame))


# --- who is GM ------------------------------------------------------------------------------

def do_appoint(game_id: int, host: Any, new_gm: Any) -> Committed[dict[str, Any]]:
    """The host names the game master (`new_gm` None: back to the default, the host when the
    host holds no seat). The GM may hold no seat. Answers the GM state."""
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        table = Table.objects.select_for_update().get(pk=game.table_id)
        if host is None or not host.is_authenticated or table.host_id != host.pk:
            raise ActionRejected("Only the host may name the game master.",
                                 code="auth/not_host", status=403, v=game.version)
        check_not_over(game)
        if new_gm is not None and user_seats(new_gm, game):
            raise ActionRejected(
                f"{new_gm.get_username()} plays a nation in this game; a game master may not.",
                code="gm/is_a_nation", v=game.version, player=new_gm.get_username())
        live = dict(game.live)
        live.pop("gm", None)
        if new_gm is not None:
            live["gm"] = new_gm.pk
            live["pool"] = [n for n in live.get("pool", []) if n != new_gm.get_username()]
        game.live = live
        game.save(update_fields=["live"])
        audit(game, host, "appoint", gm=new_gm.get_username() if new_gm else None)
        state = gm_state(host, game)
    return Committed(state)


def gm_state(user: Any, game: Game) -> dict[str, Any]:
    """What anyone watching may know of the GM seat: who, the pause's end, the pool, the
    absent nations and the GM log."""
    return {"gm": gm_name(game), "is_gm": is_gm(user, game),
            "paused": bool(game.live.get("paused")), "gm_until": game.live.get("gm_until"),
            "pool": list(game.live.get("pool", [])), "absent": absent(game),
            "log": log_entries(game)}


# --- pause, resume, extend --------------------------------------------------------------------

def do_pause(game_id: int, user: Any, hours: Any) -> Committed[dict[str, Any]]:
    """The GM pauses the game for at most `hours` (default 48). Answers the clock frame."""
    hours = _hours(hours, PAUSE_DEFAULT_HOURS)
    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "pause the game")
        if game.live.get("paused"):
            raise ActionRejected("The game is already paused.", code="game/paused",
                                 v=game.version)
        now = timezone.now()
        clocks.gm_pause(game, now, clocks.now_ms(now + dt.timedelta(hours=hours)))
        game.save(update_fields=["live", "due"])
        audit(game, user, "pause", hours=hours)
        return _clock_everyone(game)


def do_resume(game_id: int, user: Any) -> Committed[dict[str, Any]]:
    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "resume the game")
        if not game.live.get("paused"):
            raise ActionRejected("The game is not paused.", code="game/not_paused",
                                 v=game.version)
        clocks.resume(game, timezone.now())
        game.save(update_fields=["live", "due"])
        audit(game, user, "resume")
        return _clock_everyone(game)


def resume_timed_out(game: Game, now: Any) -> list[Any]:
    """The sweeper's part (`deadlines`): a GM's pause past its limit ends, recorded as the
    timeout's. Returns the clock frame's messages to send once committed. Lock held."""
    if not clocks.gm_pause_over(game, now):
        return []
    clocks.resume(game, now)
    audit(game, None, "resume:timeout")
    frame = clocks.clock_frame(game, now)
    return frames.everyone_messages(game.pk, game.state, frame)


def do_extend(game_id: int, user: Any, hours: Any, seat: Any = None) -> Committed[dict[str, Any]]:
    """The GM pushes the running deadlines back by `hours`, or one nation's (`seat`)."""
    hours = _hours(hours)
    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "extend a deadline")
        if not game.live.get("mode"):
            raise ActionRejected("This game has no clocks or deadlines to extend.",
                                 code="game/no_deadlines", status=409, v=game.version)
        if seat is not None:
            seat = check_seat_name(seat)
            if seat not in game.state[KERNEL]["sides"]:
                raise ActionRejected(f"This game has no seat {seat!r}.",
                                     code="game/seat_not_found", status=404, v=game.version,
                                     seat=seat)
        clocks.extend(game, hours * 3_600_000, seat)
        game.save(update_fields=["live", "due"])
        audit(game, user, "extend", seat, hours=hours)
        return _clock_everyone(game)


# --- an absent nation: look, proxy orders ------------------------------------------------------

def do_look(game_id: int, user: Any, seat: Any) -> dict[str, Any]:
    """The GM's private look at an absent nation's view (that nation's audience exactly).
    Recorded; nothing is sent to anyone else."""
    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "look at a nation's view")
        seat = _check_absent(game, seat)
        ruleset = playable_ruleset(game)
        audit(game, user, "look", seat)
        audience = audience_of(game.state, [seat])
        return {"seat": seat, "audience": audience, "v": game.version,
                "view": view(ruleset, game.state, audience),
                "orders": orderbook.seat_orders(game.orders, seat)}


def do_options(game_id: int, user: Any, seat: Any, decision: Any,
               query: Any = None) -> list[dict[str, Any]]:
    """The listing an absent nation would get for one of its decisions, read by the GM to
    write its proxy orders: the order sets the server offers, or with `{"check": orders}` the
    server's own reading of a draft (normalised, with its warnings) or its refusal. Recorded as
    `options` (it shows the nation's side of the fog, as a look does: ruling 61)."""
    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "read a nation's options")
        seat = _check_absent(game, seat)
        decision = check_decision_id(decision)
        try:
            items = expand_options(playable_ruleset(game), game.state, seat, decision, query)
        except (IllegalAction, MalformedAction) as exc:
            raise engine_rejection(exc, game.version) from None
        audit(game, user, "options", seat)
        return items


def _proxy_check(command: str) -> Any:
    """The `authorise` of the orders service for a GM's proxy: instead of holding the seat,
    the user is the GM and the seat is absent; the command is recorded in the same
    transaction (a refusal after it rolls the record back with everything else)."""
    def authorise(user: Any, game: Game, seat: str) -> None:
        table = Table.objects.select_for_update().get(pk=game.table_id)
        _check_gm(user, game, table, "write proxy orders")
        check_not_over(game)
        _check_absent(game, seat)
        audit(game, user, command, seat)
    return authorise


def do_proxy_write(game_id: int, user: Any, seat: Any, decision: Any,
                   action: Any) -> Committed[dict[str, Any]]:
    """Proxy orders: written as the nation's own (same validation, same log, same frames to
    the seat's audiences only)."""
    return orders.do_write_order(game_id, user, seat, decision, action,
                                 authorise=_proxy_check("proxy"))


def do_proxy_ready(game_id: int, user: Any, seat: Any, group: Any, cid: Any) -> Any:
    """The absent nation is made ready by the GM: the same step as the nation's own ready,
    recorded `by="gm"` with the GM as its user."""
    return orders.submit_ready(game_id, user, seat, group, True, cid, by="gm",
                               authorise=_proxy_check("proxy_ready"))


# --- the replacement pool ------------------------------------------------------------------------

def do_volunteer(game_id: int, user: Any, join: Any) -> Committed[dict[str, Any]]:
    """A registered watcher holding no seat (and not the GM) joins or leaves the pool."""
    if not isinstance(join, bool):
        raise ActionRejected("join must be true or false.", code="request/invalid",
                             status=400, field="join")
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        table = Table.objects.select_for_update().get(pk=game.table_id)
        check_not_over(game)
        if user_seats(user, game):
            raise ActionRejected("You already play a nation in this game.",
                                 code="game/already_seated", v=game.version)
        if gm_user_id(game, table) == user.pk:
            raise ActionRejected("The game master cannot replace a nation.",
                                 code="gm/is_gm", v=game.version)
        name = user.get_username()
        pool = [n for n in game.live.get("pool", []) if n != name] + ([name] if join else [])
        game.live = {**game.live, "pool": pool}
        game.save(update_fields=["live"])
        state = gm_state(user, game)
    return Committed(state)


def do_fill(game_id: int, user: Any, seat: Any, username: Any) -> Committed[dict[str, Any]]:
    """The GM hands a seat in civil disorder to a volunteer of the pool (the platform's seat
    replacement). Every audience gets the `seats` and `clock` frames."""
    seat = check_seat_name(seat)
    if not isinstance(username, str) or not username.strip():
        raise ActionRejected("username must name a volunteer of the pool.",
                             code="request/invalid", status=400, field="username")
    with transaction.atomic(durable=True):
        game, table = _lock_for_gm(game_id, user, "fill a seat")
        name = username.strip()
        if name not in game.live.get("pool", []):
            raise ActionRejected(f"{name[:150]} is not in the replacement pool.",
                                 code="gm/not_in_pool", v=game.version, username=name[:150])
        new_user = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: name})
        seating.check_replacement(game, table, seat, new_user)
        game.live = {**game.live, "pool": [n for n in game.live["pool"] if n != name]}
        frame = seating.seat_locked(game, seat, new_user)
        audit(game, user, "fill", seat, player=name, previous=frame["replaced"]["previous"])
        clock = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame)
                     + frames.everyone_messages(game.pk, game.state, clock))
