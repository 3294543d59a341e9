"""The write path: the one way a running game changes (design §3), and its checks.

The design calls this module `play/services.py`; we keep a game's lifecycle and its read side
(start, access, views, records) in `services.py`, and the write path here. Everything that
changes a game's state — a player's action or undo (here), a ready for written orders
(`orders.py`), a resignation or the host's abandonment (here), an agreed draw (`votes.py`), a
deadline's timeout default (`deadlines.py`) — is a step through `lock_game` → engine →
`_append` → `finish_steps`, inside one durable transaction:

    SELECT … FOR UPDATE the game row
    cid seen before (this user, this game)  → the earlier outcome (idempotent; looked up when
                                              the checks refuse, or when the insert hits the
                                              unique (game, user, cid) constraint)
    user does not hold the seat             → auth/not_your_seat
    game over                               → game/over
    started under rules no longer played    → game/outdated
    paused                                  → game/paused
    decision not open for that seat         → action/stale   (never merely a moved version)
    decision listed but paused              → action/paused  (kernel PausedDecision)
    engine: MalformedAction / IllegalAction → action/malformed / action/illegal (rule, reason)
    append ActionRecord(seq = new version), store the state, version += 1, snapshot every N
    game end → result, finished, table finished, seed revealed in the last patch
    committed → frames.step_messages: each audience's patch computed once, returned with the
                answer (`frames.Committed`)

Each service is `check_*` (its input, before any query) → `do_*`/`submit_*` (opens its own
durable transaction — its caller holds none — and locks the game row) → after the commit, the
frames that tell the audiences, returned with the answer. The game socket
(`consumers._call`), the REST views (`api_actions`) and the deadline sweeper send them, and
map `ActionRejected` to frames or responses; none of them touches the engine or the ORM.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from boardgame import fastpath
from boardgame.api.errors import ServiceError
from boardgame.lobby import notify
from boardgame.lobby.models import Seat, Table
from engine import rulesets
from engine.kernel import (
    IllegalAction,
    MalformedAction,
    Outcome,
    PausedDecision,
    StaleDecision,
    apply,
    end_game,
    result,
    simultaneous,
    state_hash,
    timeout_action,
    undo,
)
from engine.kernel.game import KERNEL
from engine.kernel.simultaneous import awaiting

from . import clocks, fastsql, frames, orderbook, upgrade
from .frames import Committed
from .models import ActionRecord, Game, Snapshot

logger = logging.getLogger(__name__)

CID_MAX = 64
SNAPSHOT_EVERY = getattr(settings, "SALIENT_SNAPSHOT_EVERY", 25)
# Bound on the timeout defaults played in one transaction for seats in civil disorder.
AUTOPLAY_MAX = 200


class ActionRejected(ServiceError):
    """A refused submission. `code` is a wire code (`action/stale`, `auth/not_your_seat`…);
    `rule` and `reason` come from the engine's IllegalAction; `v` is the game's version."""

    status = 409

    def __init__(self, message: str, *, code: str, status: int = 409, rule: str | None = None,
                 reason: str | None = None, v: int | None = None, **data: Any) -> None:
        super().__init__(message, code=code, status=status, **data)
        self.rule = rule
        self.reason = reason
        self.v = v

    def as_dict(self) -> dict[str, Any]:
        out = super().as_dict()
        out.update(rule=self.rule, reason=self.reason, v=self.v)
        return out


@dataclass(frozen=True, slots=True)
class Step:
    """One version step, kept in memory for the broadcast after commit; `record` is its
    ActionRecord, written with the other steps' records in one statement by `finish_steps`."""

    v: int
    old: dict[str, Any]
    new: dict[str, Any]
    events: tuple[Any, ...]
    record: Any = field(default=None, repr=False, compare=False)


@dataclass(slots=True)
class Accepted:
    """An accepted step (or the earlier outcome of a repeated cid): the socket's `ack`, the
    REST answer."""

    cid: str | None
    v: int
    repeated: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"cid": self.cid, "v": self.v, "repeated": self.repeated}


# --- checks ---------------------------------------------------------------------------------

def check_cid(cid: Any) -> str:
    if not isinstance(cid, str) or not 1 <= len(cid) <= CID_MAX:
        raise ActionRejected(f"cid must be a string of 1 to {CID_MAX} characters.",
                             code="request/invalid", status=400, field="cid")
    return cid


def check_seat_name(seat: Any) -> str:
    if not isinstance(seat, str) or not 1 <= len(seat) <= 64:
        raise ActionRejected("seat must be a seat id.", code="request/invalid", status=400,
                             field="seat")
    return seat


def check_decision_id(decision: Any) -> str:
    if not isinstance(decision, str) or not 1 <= len(decision) <= 200:
        raise ActionRejected("decision must be a decision id.", code="request/invalid",
                             status=400, field="decision")
    return decision


def lock_game(game_id: int, *, user: Any = None, seat: str | None = None) -> Game:
    """The game row, locked. Caller is inside its durable transaction. With `user` and
    `seat` and the shortcuts on, whether that user holds that seat comes back in the same
    round trip (`game.holds_seat`, read by `check_holds_seat`): the hot path of every action."""
    if seat is not None and fastpath.enabled("seat_sql"):
        user_id = user.pk if user is not None and user.is_authenticated else None
        found = fastsql.lock_game_for_seat(game_id, user_id, seat)
    else:
        found = list(Game.objects.select_for_update().filter(pk=game_id))
    if not found:
        raise ActionRejected(f"There is no game {game_id}.", code="game/not_found",
                             status=404, game=game_id)
    found[0].locked = True  # playable_ruleset may upgrade it in place
    return found[0]


def user_seats(user: Any, game: Game) -> list[str]:
    if user is None or not user.is_authenticated:
        return []
    return sorted(Seat.objects.filter(table_id=game.table_id, user=user)
                  .values_list("seat", flat=True))


def check_holds_seat(user: Any, game: Game, seat: str) -> None:
    if user is None or not user.is_authenticated:
        raise ActionRejected("Sign in to play.", code="auth/not_authenticated", status=401,
                             v=game.version)
    holds = getattr(game, "holds_seat", None)
    if holds is None:
        holds = Seat.objects.filter(table_id=game.table_id, user=user, seat=seat).exists()
    if not holds:
        raise ActionRejected(f"You do not hold the seat {seat!r} in this game.",
                             code="auth/not_your_seat", status=403, v=game.version, seat=seat)


def playable_ruleset(game: Game) -> Any:
    """The game's ruleset, with the game carried to the version of the rules this server
    plays (boardgame/play/upgrade.py): upgraded in place when the caller holds the row lock
    (`game.locked`), else migrated in memory for a read. A game no migration reaches stays
    readable and exportable (and may still be resigned, drawn or abandoned) but is not
    played on under rules it did not start with."""
    ruleset = rulesets.get(game.ruleset)
    if not upgrade.needs_upgrade(game, ruleset):
        return ruleset
    if upgrade.upgradable(game, ruleset):
        if getattr(game, "locked", False):
            upgrade.upgrade_locked(game, ruleset)
        else:
            game.state = upgrade.current_state(game, ruleset)
        return ruleset
    started = upgrade.playing_version(game)
    raise ActionRejected(
        f"This game is played under version {started} of the {game.ruleset} rules; this "
        f"server plays version {ruleset.version} and no migration leads there. It can be "
        "read, replayed and exported, and its players may still resign, agree a draw or "
        "abandon it, but not play on.",
        code="game/outdated", v=game.version, started=started, server=ruleset.version)


def check_not_over(game: Game) -> None:
    if game.is_over:
        raise ActionRejected("The game is over.", code="game/over", v=game.version)


def check_not_paused(game: Game) -> None:
    if game.live.get("paused"):
        raise ActionRejected("The game is paused.", code="game/paused", v=game.version)


def engine_rejection(exc: Exception, v: int) -> ActionRejected:
    """The one mapping from the engine's errors to wire codes."""
    if isinstance(exc, PausedDecision):
        return ActionRejected(exc.message, code="action/paused", rule=exc.rule,
                              reason=exc.code, v=v, **exc.data)
    if isinstance(exc, StaleDecision):
        return ActionRejected(exc.message, code="action/stale", rule=exc.rule,
                              reason=exc.code, v=v, **exc.data)
    if isinstance(exc, IllegalAction):
        if exc.code == "game_over":
            return ActionRejected(exc.message, code="game/over", rule=exc.rule, v=v)
        return ActionRejected(exc.message, code="action/illegal", rule=exc.rule,
                              reason=exc.code, v=v, **_jsonable(exc.data))
    if isinstance(exc, MalformedAction):
        return ActionRejected(exc.message, code="action/malformed", status=400, v=v,
                              **_jsonable(exc.data))
    raise exc


def _jsonable(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("code", "message", "status")}


def _earlier(game: Game, user: Any, cid: str | None) -> Accepted | None:
    if cid is None or user is None or not user.is_authenticated:
        return None
    seq = (ActionRecord.objects.filter(game=game, by_user=user, cid=cid)
           .values_list("seq", flat=True).first())
    return None if seq is None else Accepted(cid, seq, repeated=True)


# --- the steps ------------------------------------------------------------------------------

def _append(game: Game, outcome: Outcome, *, kind: str, seat: str | None,
            decision: str | None, action: Any, user: Any = None, by: str = "user",
            cid: str | None = None, steps: list[Step]) -> None:
    """Append the record of one step and move the game to its new state.
    Caller holds the game row lock."""
    old = game.state
    game.version += 1
    record = ActionRecord(
        game=game, seq=game.version, kind=kind, seat=seat, decision=decision, action=action,
        events=[e.to_json() for e in outcome.events], rolls=[dict(r) for r in outcome.rolls],
        state_hash=state_hash(outcome.state), sealed_group=outcome.sealed_group,
        private=outcome.private, by_user=user if user is not None and user.is_authenticated
        else None, by=by, cid=cid)
    game.state = outcome.state
    steps.append(Step(game.version, old, outcome.state, outcome.events, record))


def _autoplay(game: Game, ruleset: Any, steps: list[Step]) -> None:
    """Seats in civil disorder: their timeout defaults play at once. Caller holds the lock."""
    disorder = set(game.live.get("disorder", []))
    if not disorder:
        return
    for _ in range(AUTOPLAY_MAX):
        if result(ruleset, game.state) is not None:
            return
        due = [(d, s) for s in sorted(disorder) for d in awaiting(ruleset, game.state, s)]
        if not due:
            return
        decision, seat = due[0]
        play_timeout(game, ruleset, decision, seat, steps)


def play_timeout(game: Game, ruleset: Any, decision: Any, seat: str, steps: list[Step]) -> None:
    """Answer `decision` for `seat` with the ruleset's timeout default (by="timeout"). For
    written orders: the seat's orders stand, defaults fill the gaps, and it is ready."""
    if decision.revisable:
        before = game.orders
        game.orders, outcome = simultaneous.time_out(
            ruleset, game.state, game.orders, seat, decision.group, seed=bytes(game.seed))
        orderbook.log_changes(game, before, game.orders, seat)
        _append(game, outcome, kind="ready", seat=seat, decision=None,
                action=simultaneous.step_action(game.orders, decision.group, seat, outcome,
                                                True), by="timeout", steps=steps)
        settle_orders(game, before, decision.group, outcome)
        return
    action = timeout_action(ruleset, game.state, decision, seat)
    outcome = apply(ruleset, game.state, seat, decision.id, action, seed=bytes(game.seed))
    _append(game, outcome, kind="act", seat=seat, decision=decision.id, action=action,
            by="timeout", steps=steps)


def settle_orders(game: Game, stored: dict[str, Any], group: str, outcome: Outcome) -> None:
    """After a ready step: a resolved group's orders leave the book (they are in the record
    now), and the book is saved when it differs from `stored`, the one in the row. Caller
    holds the lock."""
    if any(event.kind == "answers_revealed" for event in outcome.events):
        game.orders = {g: orders for g, orders in game.orders.items() if g != group}
    if game.orders != stored:
        Game.objects.filter(pk=game.pk).update(orders=game.orders)


def finish_steps(game: Game, ruleset: Any, steps: list[Step], *,
                 acting: str | None = None) -> frames.StepBatch:
    """After the engine steps: seats in civil disorder play, the game's end, clocks and
    deadlines, then one write and a snapshot. Returns the batch whose frames the caller builds
    once the transaction has committed. Caller holds the lock; `steps` is not empty."""
    _autoplay(game, ruleset, steps)
    now = timezone.now()
    fields = ["state", "version", "live", "due"]
    final = result(ruleset, game.state)
    if final is not None and not game.is_over:
        _end_of_game(game, final, now)
        fields += ["result", "finished"]
    _restart_clocks(game, ruleset, acting, now)
    # A repeated cid trips the unique (game, user, cid) constraint here: see seat_step.
    _write(game, [step.record for step in steps], fields)
    first = steps[0].v
    if any(v % SNAPSHOT_EVERY == 0 for v in range(first, game.version + 1)):
        Snapshot.objects.create(game=game, version=game.version, state=game.state)
    return frames.StepBatch(game.pk, game.ruleset, list(steps),
                            seed=bytes(game.seed).hex() if game.is_over else None,
                            result=game.result, clock=clocks.clock_frame(game))


def _end_of_game(game: Game, final: dict[str, Any], now: Any) -> None:
    """The game has its result: the table is finished, and the lobby hears on commit (its
    "Games to watch" loses it). Caller holds the lock."""
    game.result = final
    game.finished = now
    Table.objects.filter(pk=game.table_id, state=Table.State.STARTED).update(
        state=Table.State.FINISHED, finished=now)
    notify.game_finished(game.table_id)


def _restart_clocks(game: Game, ruleset: Any, acting: str | None, now: Any) -> None:
    """The clocks and deadlines of the seats the game now awaits; in an async game the lobby
    hears on commit whose move it became ("My games"). Live games are played at the board: no
    lobby nudge per move there. Caller holds the lock."""
    running_before = set(game.live.get("running", ()))
    clocks.after_steps(game, ruleset, acting=acting, now=now)
    if game.live.get("pace") == "async":
        opened = sorted(set(game.live["running"]) - running_before)
        if opened:
            notify.moves_opened(game.table_id, opened)


def _write(game: Game, records: list[ActionRecord], fields: list[str]) -> None:
    """Append `records` and store the game's changed `fields`: on PostgreSQL with the
    shortcuts on, one hand-written statement (`fastsql.append_and_update`, one round trip
    instead of two); otherwise the ORM."""
    if fastpath.enabled("write_sql") and connection.vendor == "postgresql":
        fastsql.append_and_update(game, records, fields)
        return
    ActionRecord.objects.bulk_create(records)
    game.save(update_fields=fields)


# --- the services: a seat's own step ---------------------------------------------------------

def submit_action(game_id: int, user: Any, seat: Any, decision: Any, action: Any,
                  cid: Any, by: str = "user") -> Committed[Accepted]:
    """Answer `decision` for `seat` on behalf of `user`. Raises ActionRejected. `by` is what
    the record says acted: "user", or a bot's `bot:<id>@<version>` (its account is `user`).

    Opens its own durable transaction (the caller holds none) and locks the game row; the
    frames of the step come back with the answer, built after the commit.
    """
    cid = check_cid(cid)
    seat = check_seat_name(seat)
    decision = check_decision_id(decision)
    return seat_step(game_id, user, seat, cid, kind="act", decision=decision, action=action,
                     step=lambda ruleset, game: apply(ruleset, game.state, seat, decision,
                                                      action, seed=bytes(game.seed)), by=by)


def submit_undo(game_id: int, user: Any, seat: Any, cid: Any) -> Committed[Accepted]:
    """Take back `seat`'s last step (engine undo policy). Raises ActionRejected. Opens its
    own durable transaction and locks the game row."""
    cid = check_cid(cid)
    seat = check_seat_name(seat)
    return seat_step(game_id, user, seat, cid, kind="undo", decision=None, action=None,
                     step=lambda ruleset, game: undo(ruleset, game.state, seat))


def seat_step(game_id: int, user: Any, seat: str, cid: str, *, kind: str,
              decision: str | None, action: Any, step: Any,
              recorded: Any = None, by: str = "user",
              authorise: Any = None, hold: Any = None) -> Committed[Accepted]:
    """One step a seat takes itself (an answer, an undo, a ready), in one durable transaction
    that it opens (the caller holds none): the row lock, the checks, `step(ruleset, game)` →
    the engine's Outcome, the record; after the commit, the step's frames.
    `recorded(game, outcome)`, when given, makes the logged action from the outcome.
    `authorise(user, game, seat)` replaces the check that `user` holds `seat` (the game
    master's proxy, boardgame/play/gm.py: it checks and records the command).
    `hold(game, ruleset, outcome)`, when given, may keep the step for the task worker instead
    (a ready that would resolve its group, `orders.hold_ready`): it commits what it must and
    answers the Accepted, and no step is written here."""
    try:
        with transaction.atomic(durable=True):
            game = lock_game(game_id, user=user, seat=seat)
            try:
                (authorise or check_holds_seat)(user, game, seat)
                check_not_over(game)
                ruleset = playable_ruleset(game)
                check_not_paused(game)
                try:
                    outcome = step(ruleset, game)
                except (IllegalAction, MalformedAction) as exc:
                    raise engine_rejection(exc, game.version) from None
            except ActionRejected:
                # A repeated cid is answered with its earlier outcome, whatever changed since.
                # (Looked up only on refusal: an accepted repeat trips the unique constraint.)
                earlier = _earlier(game, user, cid)
                if earlier is not None:
                    return Committed(earlier)
                raise
            if hold is not None and (held := hold(game, ruleset, outcome)) is not None:
                return Committed(held)
            steps: list[Step] = []
            if recorded is not None:
                action = recorded(game, outcome)
            _append(game, outcome, kind=kind, seat=seat, decision=decision, action=action,
                    user=user, by=by, cid=cid, steps=steps)
            batch = finish_steps(game, ruleset, steps, acting=seat)
    except IntegrityError:
        return Committed(_raced(game_id, user, cid))
    return Committed(Accepted(cid, steps[0].v), frames.step_messages(batch))


def _raced(game_id: int, user: Any, cid: str) -> Accepted:
    """The same cid raced in on another connection: the winner's outcome is the answer.
    Called from an `except IntegrityError` block (re-raises it when there is no winner)."""
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        earlier = _earlier(game, user, cid)
    if earlier is None:
        raise  # noqa: PLE0704 — the IntegrityError being handled
    return earlier


# --- the services: the players end the game --------------------------------------------------

def end_by_players(game: Game, ruleset: Any, outcome_json: dict[str, Any], user: Any,
                   seat: str | None, cid: str | None) -> frames.StepBatch:
    """The players end the game (`outcome_json`: winners and reason) in one recorded step:
    a resignation, an agreed draw, the host's abandonment. Caller holds the lock."""
    steps: list[Step] = []
    try:
        outcome = end_game(game.state, outcome_json)
    except IllegalAction as exc:
        raise engine_rejection(exc, game.version) from None
    _append(game, outcome, kind="end", seat=seat, decision=None, action=outcome_json,
            user=user, cid=cid, steps=steps)
    return finish_steps(game, ruleset, steps)


def do_resign(game_id: int, user: Any, seat: Any, cid: Any = None) -> Committed[Accepted]:
    """`seat` resigns: every seat of the other sides wins. Raises ActionRejected. Opens its
    own durable transaction and locks the game row."""
    seat = check_seat_name(seat)
    cid = check_cid(cid) if cid is not None else None
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        earlier = _earlier(game, user, cid)
        if earlier is not None:
            return Committed(earlier)
        check_holds_seat(user, game, seat)
        check_not_over(game)
        ruleset = rulesets.get(game.ruleset)
        sides = game.state[KERNEL]["sides"]
        winners = sorted(s for s, side in sides.items() if side != sides[seat])
        batch = end_by_players(game, ruleset, {"winners": winners, "reason": "resignation",
                                               "resigned": seat}, user, seat, cid)
    return Committed(Accepted(cid, batch.steps[0].v), frames.step_messages(batch))


def do_abandon_game(game_id: int, host: Any) -> Committed[Accepted]:
    """The host abandons a running game: it ends with no winner; the table is abandoned.
    Opens its own durable transaction and locks the game row, then the table's."""
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        table = Table.objects.select_for_update().get(pk=game.table_id)
        if host is None or not host.is_authenticated or table.host_id != host.pk:
            raise ActionRejected("Only the host may abandon the game.", code="auth/not_host",
                                 status=403, v=game.version)
        check_not_over(game)
        ruleset = rulesets.get(game.ruleset)
        batch = end_by_players(game, ruleset, {"winners": [], "reason": "abandoned"}, host, None,
                               None)
        Table.objects.filter(pk=table.pk).update(state=Table.State.ABANDONED,
                                                 finished=timezone.now())
    return Committed(Accepted(None, batch.steps[0].v), frames.step_messages(batch))
