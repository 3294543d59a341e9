"""Lobby services: tables and seats.

`access_table` fetches and checks visibility (optionally locking the row); `check_*` validates
input; `do_*` changes things. Every public `do_*` opens the one durable transaction and locks
the table row (`SELECT … FOR UPDATE`), so seat changes of one table are serialised: two users
claiming the same seat at the same instant → exactly one wins, the other gets `table/seat_taken`.
Each `do_*` that changes what the lobby shows registers its nudge for the lobby sockets
(`notify`, sent after commit).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from boardgame.accounts.ratelimit import check_rate
from boardgame.api.errors import Conflict, Forbidden, NotFound, ServiceError
from boardgame.chattext import clean_chat_text
from boardgame.play.services import do_start_game
from engine import bots as engine_bots
from engine import rulesets
from engine.kernel import BadSetup, UnknownRuleset, UnknownScenario

from . import notify
from .access import User, can_see_table, invite_matches
from .models import Seat, Table, TableChatMessage, new_invite_token

OPTIONS_MAX_BYTES = 4096


# --- access ---------------------------------------------------------------------------------

def access_table(user: User, table_id: int, *, invite: str | None = None,
                 lock: bool = False) -> Table:
    """The table if `user` may see it. Raises NotFound (`table/not_found`) or Forbidden
    (`table/invite_required`). With `lock`, the caller must be inside a transaction."""
    queryset = Table.objects.all()
    if lock:
        queryset = queryset.select_for_update()
    try:
        table = queryset.get(pk=table_id)
    except Table.DoesNotExist:
        raise NotFound(f"There is no table {table_id}.", code="table/not_found",
                       table=table_id) from None
    if not can_see_table(user, table, invite):
        raise Forbidden("This table is private: open it with its invite link.",
                        code="table/invite_required", table=table_id)
    return table


def access_seat(table: Table, seat_id: str) -> Seat:
    try:
        return table.seats.get(seat=seat_id)
    except Seat.DoesNotExist:
        seats = list(table.seats.values_list("seat", flat=True))
        raise NotFound(f"Table {table.pk} has no seat {seat_id!r}; its seats are "
                       f"{', '.join(seats)}.", code="table/seat_not_found",
                       table=table.pk, seat=seat_id, seats=seats) from None


def check_host(user: User, table: Table, what: str) -> None:
    if not user.is_authenticated or table.host_id != user.pk:
        raise Forbidden(f"Only the host of table {table.pk} may {what}.", code="table/not_host",
                        table=table.pk)


def check_seating_open(table: Table) -> None:
    if not table.is_open_for_seating:
        raise Conflict(f"Table {table.pk} is {table.state}: its seats can no longer change.",
                       code="table/not_open", table=table.pk, state=table.state)


def list_tables(user: User, *, ruleset: str | None = None, pace: str | None = None,
                open_seats: bool | None = None, states: list[str] | None = None
                ) -> QuerySet[Table]:
    """Tables `user` may list: public ones, plus private ones they host, sit at or were
    invited to. Filters: ruleset, pace, whether a seat is free, states."""
    visible = Q(visibility=Table.Visibility.PUBLIC)
    if user.is_authenticated:
        visible |= Q(host=user) | Q(seats__user=user) | Q(invited=user)
    tables = Table.objects.filter(pk__in=Table.objects.filter(visible).values("pk"))
    if ruleset:
        tables = tables.filter(ruleset=ruleset)
    if pace:
        tables = tables.filter(pace=pace)
    if states:
        tables = tables.filter(state__in=states)
    tables = tables.annotate(free=Count("seats", filter=Q(seats__user__isnull=True)))
    if open_seats is True:
        tables = tables.filter(free__gt=0)
    elif open_seats is False:
        tables = tables.filter(free=0)
    return tables.select_related("host").prefetch_related("seats__user")


# --- set-up ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableSetup:
    ruleset: str
    scenario: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]


def check_setup(ruleset_id: str, scenario_id: str, options: Any) -> TableSetup:
    """The ruleset's scenario and the filled options; ServiceError naming what is wrong."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("options must be a JSON object.", code="table/bad_setup")
    if len(json.dumps(options)) > OPTIONS_MAX_BYTES:
        raise ServiceError(f"options are larger than {OPTIONS_MAX_BYTES} bytes.",
                           code="table/bad_setup", limit=OPTIONS_MAX_BYTES)
    try:
        ruleset = rulesets.get(ruleset_id)
    except UnknownRuleset:
        known = [r.id for r in rulesets.all_rulesets()]
        raise ServiceError(f"There is no ruleset {ruleset_id!r}; known: {', '.join(known)}.",
                           code="table/unknown_ruleset", ruleset=ruleset_id,
                           known=known) from None
    try:
        definition = ruleset.scenario(scenario_id)
    except UnknownScenario:
        known = [s["id"] for s in ruleset.manifest["scenarios"]]
        raise ServiceError(f"{ruleset_id} has no scenario {scenario_id!r}; known: "
                           f"{', '.join(known)}.", code="table/unknown_scenario",
                           scenario=scenario_id, known=known) from None
    try:
        filled = ruleset.check_options(scenario_id, options)
    except BadSetup as exc:
        raise ServiceError(str(exc), code="table/bad_setup", options=options) from None
    return TableSetup(ruleset.id, scenario_id, filled, list(definition["seats"]))


PACE_FIELDS = ("clock_minutes", "clock_increment_seconds", "deadline_hours")


def check_pace(pace: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Live tables keep clock settings, async tables a deadline; defaults filled in."""
    if pace == Table.Pace.LIVE:
        return {"clock_minutes": fields.get("clock_minutes") or 60,
                "clock_increment_seconds": fields.get("clock_increment_seconds") or 0,
                "deadline_hours": None}
    if pace == Table.Pace.ASYNC:
        return {"clock_minutes": None, "clock_increment_seconds": None,
                "deadline_hours": fields.get("deadline_hours") or 48}
    raise ServiceError(f"pace must be live or async, not {pace!r}.", code="table/bad_setup")


DISORDER_AFTER_RANGE = (1, 10)


def default_disorder_after() -> int:
    from django.conf import settings
    return int(getattr(settings, "SALIENT_CIVIL_DISORDER_AFTER", 3))


def check_disorder_after(value: Any) -> int:
    """Missed deadlines before a seat falls into civil disorder: 1–10 when chosen, the
    setting SALIENT_CIVIL_DISORDER_AFTER when not (None)."""
    if value is None:
        return default_disorder_after()
    low, high = DISORDER_AFTER_RANGE
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ServiceError(f"disorder_after must be a whole number from {low} to {high}.",
                           code="request/invalid", fields=["disorder_after"])
    return value


def check_disorder_bot(ruleset: str, value: Any) -> int | None:
    """The bot level that takes a seat in civil disorder: one the ruleset offers, or None
    (the seat's timeout defaults play, as before bots)."""
    if value is None:
        return None
    offered = engine_bots.levels(ruleset)
    if not isinstance(value, int) or isinstance(value, bool) or value not in offered:
        raise ServiceError(f"disorder_bot must be null or a bot level {ruleset} offers: "
                           f"{', '.join(map(str, offered))}.", code="request/invalid",
                           fields=["disorder_bot"], levels=offered)
    return value


# --- quotas ---------------------------------------------------------------------------------
#
# Without them one account fills every list: 300 tables in six seconds pushed every real table
# off the home page, and one user holding every seat starts games alone that fill "Games to
# watch" the same way. Quotas are per user (settings), answered with 409 and the counts.

def check_open_tables_quota(host: AbstractBaseUser) -> None:
    """`host` may keep SALIENT_MAX_OPEN_TABLES tables that have not started (open or full).
    Caller holds the host's row lock, so two creations at once cannot both pass."""
    from django.conf import settings
    limit = settings.SALIENT_MAX_OPEN_TABLES
    waiting = Table.objects.filter(host=host, state__in=(Table.State.OPEN,
                                                         Table.State.FULL)).count()
    if waiting >= limit:
        raise Conflict(f"You already host {waiting} tables that have not started (at most "
                       f"{limit}): start or abandon one first.", code="table/too_many_open",
                       limit=limit, open=waiting)


def check_solo_games_quota(table: Table) -> None:
    """A table whose every seat one user holds starts only while that user runs fewer than
    SALIENT_MAX_SOLO_GAMES such games. Caller holds the table lock; this takes the player's."""
    from django.conf import settings
    holders = set(table.seats.values_list("user_id", flat=True))
    if len(holders) != 1 or None in holders:
        return
    (player,) = holders
    _lock_user(player)
    limit = settings.SALIENT_MAX_SOLO_GAMES
    others = Seat.objects.exclude(user_id=player).values("table_id")
    running = (Table.objects.filter(state=Table.State.STARTED, seats__user_id=player)
               .exclude(pk__in=others).distinct().count())
    if running >= limit:
        name = table.seats.select_related("user").first().user.get_username()
        raise Conflict(f"{name} already plays {running} running games alone, holding every "
                       f"seat (at most {limit}): finish one first, or start with other "
                       "players.", code="table/too_many_solo_games", table=table.pk,
                       player=name, limit=limit, running=running)


def _lock_user(user_id: int) -> None:
    """Lock one user's row: their quota-checked changes in two requests at once are then
    counted one after the other. (SQLite serialises every write anyway.)"""
    from django.contrib.auth import get_user_model
    list(get_user_model().objects.select_for_update().filter(pk=user_id)
         .values_list("pk", flat=True))


def do_create_table(host: AbstractBaseUser, **fields: Any) -> Table:
    """Open a table (`create_table`'s fields) in a transaction of its own."""
    with transaction.atomic(durable=True):
        return create_table(host, **fields)


def create_table(host: AbstractBaseUser, *, title: str, ruleset: str, scenario: str,
                 options: dict[str, Any] | None = None, visibility: str = "public",
                 pace: str = "live", allow_multiple_seats: bool = True,
                 auto_start: bool = False, disorder_after: int | None = None,
                 disorder_bot: int | None = None, **pace_fields: Any) -> Table:
    """Check and create a table with its empty seats. Caller holds a transaction (so a caller
    that seats people or bots at once, `play.bots.do_create_table_with_bots`, either does all
    of it or nothing)."""
    setup = check_setup(ruleset, scenario, options)
    pace_values = check_pace(pace, pace_fields)
    disorder_after = check_disorder_after(disorder_after)
    disorder_bot = check_disorder_bot(setup.ruleset, disorder_bot)
    _lock_user(host.pk)
    check_open_tables_quota(host)
    table = Table.objects.create(
        title=title.strip() or f"{setup.ruleset} — {setup.scenario}", host=host,
        ruleset=setup.ruleset, scenario=setup.scenario, options=setup.options,
        visibility=visibility, pace=pace, allow_multiple_seats=allow_multiple_seats,
        auto_start=auto_start, disorder_after=disorder_after,
        disorder_bot=disorder_bot, **pace_values)
    Seat.objects.bulk_create([
        Seat(table=table, seat=seat["id"], side=seat["side"],
             title=seat.get("title", seat["id"]), colour=seat.get("colour", ""),
             position=index)
        for index, seat in enumerate(setup.seats)])
    notify.table_changed(table, "created")
    return table


# --- seats ----------------------------------------------------------------------------------

def update_fullness(table: Table) -> None:
    """open ⇄ full as seats fill and empty. Caller holds the table lock."""
    free = table.seats.filter(user__isnull=True).exists()
    wanted = Table.State.OPEN if free else Table.State.FULL
    if table.state != wanted:
        table.state = wanted
        table.save(update_fields=["state"])


def do_claim_seat(user: AbstractBaseUser, table_id: int, seat_id: str, *,
                  invite: str | None = None) -> Table:
    """Take a free seat. Without `allow_multiple_seats`, a user who already holds a seat moves
    to the new one (`claim_seat` says which seats he left, for the page to tell him). Raises
    table/seat_taken when someone else holds it."""
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, invite=invite, lock=True)
        table.left_seats = claim_seat(user, table, seat_id)
    return table


def do_claim_side(user: AbstractBaseUser, table_id: int, side: str, *,
                  invite: str | None = None) -> list[str]:
    """Take every free seat of one side at once (a player who plays the whole side). Only
    where the table allows multiple seats; the seats he took, in seat order."""
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, invite=invite, lock=True)
        check_seating_open(table)
        if not table.allow_multiple_seats:
            raise Conflict("This table allows one seat per player: the host may allow several "
                           "under Edit options.", code="table/one_seat_each", table=table.pk)
        seats = list(table.seats.filter(side=side))
        if not seats:
            raise NotFound(f"Table {table.pk} has no side {side!r}.",
                           code="table/side_not_found", table=table.pk, side=side)
        free = [s.seat for s in seats if s.user_id is None]
        if not free:
            raise Conflict("Every seat of this side is taken.", code="table/seat_taken",
                           table=table.pk, side=side)
        for seat_id in free:
            claim_seat(user, table, seat_id)
    return free


def claim_seat(user: AbstractBaseUser, table: Table, seat_id: str) -> list[str]:
    """`do_claim_seat`'s work; the seats the user left for it (one seat per player). Caller
    holds the table lock (or has just created the table in its own transaction)."""
    check_seating_open(table)
    seat = access_seat(table, seat_id)
    if seat.user_id == user.pk:
        return []
    if seat.user_id is not None:
        raise Conflict(f"Seat {seat_id!r} is taken by {seat.user.get_username()}.",
                       code="table/seat_taken", table=table.pk, seat=seat_id,
                       player=seat.user.get_username())
    left: list[str] = []
    if not table.allow_multiple_seats:
        held = table.seats.filter(user=user)
        left = list(held.values_list("title", flat=True))
        held.update(user=None, ready=False, claimed=None)
    claimed = Seat.objects.filter(pk=seat.pk, user__isnull=True).update(
        user=user, ready=False, claimed=timezone.now())
    if claimed != 1:  # unreachable under the table lock; kept as a guard
        raise Conflict(f"Seat {seat_id!r} was just taken.", code="table/seat_taken",
                       table=table.pk, seat=seat_id)
    if table.is_private:
        table.invited.add(user)
    update_fullness(table)
    notify.table_changed(table, "seats")
    return left


def do_release_seat(user: AbstractBaseUser, table_id: int, seat_id: str) -> Table:
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, lock=True)
        check_seating_open(table)
        seat = access_seat(table, seat_id)
        if seat.user_id != user.pk:
            raise Forbidden(f"You do not hold seat {seat_id!r}.", code="table/not_your_seat",
                            table=table.pk, seat=seat_id)
        seat.user, seat.ready, seat.claimed = None, False, None
        seat.save(update_fields=["user", "ready", "claimed"])
        update_fullness(table)
        notify.table_changed(table, "seats")
    return table


def do_kick(host: AbstractBaseUser, table_id: int, seat_id: str) -> Table:
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "kick players")
        check_seating_open(table)
        seat = access_seat(table, seat_id)
        if seat.user_id is None:
            raise Conflict(f"Seat {seat_id!r} is empty.", code="table/seat_empty",
                           table=table.pk, seat=seat_id)
        kicked = seat.user_id
        seat.user, seat.ready, seat.claimed = None, False, None
        seat.save(update_fields=["user", "ready", "claimed"])
        if table.is_private and not table.seats.filter(user_id=kicked).exists():
            # Kicked means uninvited too: otherwise they read on and re-claim the seat at once.
            # (They may still know the token: the host can issue a new one, do_new_invite.)
            table.invited.remove(kicked)
        update_fullness(table)
        notify.table_changed(table, "seats", recheck=table.is_private)
    return table


def do_new_invite(host: AbstractBaseUser, table_id: int) -> Table:
    """The host replaces a private table's invite token: the old link opens nothing any more.
    Whoever is seated or already invited keeps access; the table's watchers are checked
    again (one who watched with the old token stops hearing of it)."""
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "issue a new invite link")
        if not table.is_private:
            raise Conflict(f"Table {table.pk} is public: it needs no invite link.",
                           code="table/not_private", table=table.pk)
        table.invite_token = new_invite_token()
        table.save(update_fields=["invite_token"])
        notify.table_changed(table, "settings", lists=False, recheck=True)
    return table


def do_swap_seats(host: AbstractBaseUser, table_id: int, first: str, second: str) -> Table:
    """The host exchanges the holders of two seats (either may be empty); both become unready."""
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "swap seats")
        check_seating_open(table)
        if first == second:
            raise ServiceError("Name two different seats to swap.", code="table/bad_swap",
                               seats=[first, second])
        a, b = access_seat(table, first), access_seat(table, second)
        a.user_id, b.user_id = b.user_id, a.user_id
        a.claimed, b.claimed = b.claimed, a.claimed
        a.ready = b.ready = False
        a.save(update_fields=["user", "ready", "claimed"])
        b.save(update_fields=["user", "ready", "claimed"])
        notify.table_changed(table, "seats")
    return table


def do_set_ready(user: AbstractBaseUser, table_id: int, ready: bool = True) -> Table:
    """Mark every seat `user` holds (un)ready; an auto-start table starts when all are ready."""
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, lock=True)
        check_seating_open(table)
        mine = table.seats.filter(user=user)
        if not mine.exists():
            raise Forbidden(f"You hold no seat at table {table.pk}.", code="table/not_seated",
                            table=table.pk)
        mine.update(ready=ready)
        if (ready and table.auto_start and table.state == Table.State.FULL
                and not table.seats.filter(ready=False).exists()):
            _start(table)
        started = table.state == Table.State.STARTED
        # Readiness is not in the listings; a start is ("Games to watch").
        notify.table_changed(table, "state" if started else "ready", lists=started)
    return table


def do_accept_invite(user: AbstractBaseUser, table_id: int, invite: str) -> Table:
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, invite=invite, lock=True)
        if table.is_private:
            if not invite_matches(invite, table):
                raise Forbidden("That invite token does not open this table.",
                                code="table/invite_required", table=table.pk)
            if not table.invited.filter(pk=user.pk).exists():
                table.invited.add(user)
                # The table now shows on this user's home page.
                notify.table_changed(table, "invited")
    return table


EDITABLE = ("title", "options", "visibility", "pace", "allow_multiple_seats", "auto_start",
            "disorder_after", "disorder_bot", *PACE_FIELDS)


def do_edit_table(host: AbstractBaseUser, table_id: int, changes: dict[str, Any]) -> Table:
    """The host changes the table before the game starts; new options make everyone unready."""
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ServiceError(f"These fields cannot be edited: {', '.join(unknown)}.",
                           code="request/invalid", fields=unknown)
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "edit the table")
        check_seating_open(table)
        was_public = not table.is_private
        if "options" in changes:
            setup = check_setup(table.ruleset, table.scenario, changes["options"])
            if setup.options != table.options:
                table.options = setup.options
                table.seats.update(ready=False)
        if "pace" in changes or any(f in changes for f in PACE_FIELDS):
            pace = changes.get("pace", table.pace)
            current = {f: getattr(table, f) for f in PACE_FIELDS}
            if pace != table.pace:
                current = {}
            current.update({f: changes[f] for f in PACE_FIELDS if f in changes})
            table.pace = pace
            for key, value in check_pace(pace, current).items():
                setattr(table, key, value)
        if "allow_multiple_seats" in changes and not changes["allow_multiple_seats"]:
            crowded = (table.seats.filter(user__isnull=False).values("user")
                       .annotate(n=Count("id")).filter(n__gt=1))
            if crowded.exists():
                raise Conflict("A player holds several seats: they must release some before "
                               "multiple seats can be forbidden.", code="table/multiple_seats",
                               table=table.pk)
        if "disorder_after" in changes:
            table.disorder_after = check_disorder_after(changes["disorder_after"])
        if "disorder_bot" in changes:
            table.disorder_bot = check_disorder_bot(table.ruleset, changes["disorder_bot"])
        for key in ("title", "visibility", "allow_multiple_seats", "auto_start"):
            if key in changes:
                setattr(table, key, changes[key])
        table.save()
        notify.table_changed(table, "settings", was_public=was_public)
    return table


def do_abandon_table(host: AbstractBaseUser, table_id: int) -> Table:
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "abandon the table")
        check_seating_open(table)
        table.state = Table.State.ABANDONED
        table.finished = timezone.now()
        table.save(update_fields=["state", "finished"])
        notify.table_changed(table, "state")
    return table


# --- table chat -----------------------------------------------------------------------------
#
# One channel per table. Read: whoever may see the table (`can_see_table`, invite token as
# elsewhere). Write: signed-in users who may see it — the host, the seated, the invited, whoever
# presents the invite token, anyone on a public table — while the table is not finished or
# abandoned (then the chat is read-only: `chat/closed`). Posting is rate-limited per user
# (SALIENT_RATE_LIMITS["table_chat"]). Text is stored as sent (control characters dropped,
# trimmed); escaping is the display's job.

CHAT_MAX = TableChatMessage.TEXT_MAX
CHAT_PAGE = 200
CHAT_CLOSED = (Table.State.FINISHED, Table.State.ABANDONED)


def chat_message_dict(message: TableChatMessage) -> dict[str, Any]:
    return {"seq": message.seq,
            "user": message.user.get_username() if message.user else None,
            "text": message.text, "created": message.created.isoformat()}


def can_post_table_chat(user: User, table: Table, invite: str | None = None) -> bool:
    return (user.is_authenticated and table.state not in CHAT_CLOSED
            and can_see_table(user, table, invite))


def table_chat(user: User, table_id: int, since: int = 0,
               invite: str | None = None) -> list[dict[str, Any]]:
    """Messages after `since` (a seq), oldest first; at most the last CHAT_PAGE of them."""
    table = access_table(user, table_id, invite=invite)
    newest = list(TableChatMessage.objects.filter(table=table, seq__gt=max(0, since))
                  .select_related("user").order_by("-seq")[:CHAT_PAGE])
    return [chat_message_dict(m) for m in reversed(newest)]


def do_post_table_chat(user: User, table_id: int, text: Any,
                       invite: str | None = None) -> dict[str, Any]:
    if not user.is_authenticated:
        raise ServiceError("Sign in to chat.", code="auth/not_authenticated", status=401)
    if not isinstance(text, str):
        raise ServiceError("chat needs a text.", code="request/invalid")
    text = clean_chat_text(text)
    if not text:
        raise ServiceError("Say something.", code="chat/empty")
    if len(text) > CHAT_MAX:
        raise ServiceError(f"A message is at most {CHAT_MAX} characters; this one has "
                           f"{len(text)}.", code="chat/too_long", limit=CHAT_MAX,
                           length=len(text))
    # Outside the transaction: with the database cache, a refusal must not roll the count back.
    check_rate("table_chat", f"user:{user.pk}")
    with transaction.atomic(durable=True):
        table = access_table(user, table_id, invite=invite, lock=True)
        if table.state in CHAT_CLOSED:
            raise Conflict(f"Table {table.pk} is {table.state}: its chat is read-only.",
                           code="chat/closed", table=table.pk, state=table.state)
        last = (TableChatMessage.objects.filter(table=table).order_by("-seq")
                .values_list("seq", flat=True).first()) or 0
        message = TableChatMessage.objects.create(table=table, seq=last + 1, user=user,
                                                  text=text)
        notify.chat_posted(table.pk, message.seq)
    return chat_message_dict(message)


# --- start ----------------------------------------------------------------------------------

def check_startable(table: Table) -> None:
    if table.state != Table.State.FULL:
        if table.state == Table.State.OPEN:
            free = list(table.seats.filter(user__isnull=True).values_list("seat", flat=True))
            raise Conflict(f"Table {table.pk} is not full: {', '.join(free)} still "
                           f"{'has' if len(free) == 1 else 'have'} no player.",
                           code="table/not_full", table=table.pk, open_seats=free)
        check_seating_open(table)
    unready = list(table.seats.filter(ready=False).values_list("seat", flat=True))
    if unready:
        raise Conflict(f"Not every seat is ready: waiting for {', '.join(unready)}.",
                       code="table/not_ready", table=table.pk, unready=unready)


def _start(table: Table) -> None:
    """Start the game. Caller holds the table lock inside its transaction."""

    check_startable(table)
    check_solo_games_quota(table)
    do_start_game(table)
    table.state = Table.State.STARTED
    table.started = timezone.now()
    table.save(update_fields=["state", "started"])
    notify.game_started(table)


def do_start_table(host: AbstractBaseUser, table_id: int) -> Table:
    with transaction.atomic(durable=True):
        table = access_table(host, table_id, lock=True)
        check_host(host, table, "start the game")
        _start(table)
        notify.table_changed(table, "state")
    return table
