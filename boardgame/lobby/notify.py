"""Lobby nudges: after a lobby change commits, tell the lobby sockets (`/ws/lobby/`) to re-read.

A nudge carries no table data — at most a table's id (to the sockets already admitted to
watch that table) and a chat `seq` — so a client learns what changed only by re-fetching
through the permission-checked HTTP views. Who hears what:

    lobby.all      every lobby socket: `{"type":"tables"}` when a PUBLIC table changed in a
                   way its listing shows (created, seats, state, settings)
    lobby.u<pk>    one user's lobby sockets: `{"type":"tables"}` when a PRIVATE table they may
                   see changed (its host, its seated players, its invited users) — a stranger
                   does not even hear that some private table changed
                   and `{"type":"games"}` when something on their "My games" page
                   changed: a table they sit at, or (async games) a move that became theirs;
                   `{"type":"press","game":<id>}` when private press reached them
    lobby.t<id>    the sockets watching table <id> (admitted after an access check):
                   `{"type":"table",…}` and `{"type":"chat",…}`; `_recheck` (never forwarded)
                   when someone may have lost access (the table turned private, a kick, a
                   new invite token), so each watcher's access is checked again

Call these inside the service's transaction; they send on commit (`transaction.on_commit`),
so a rolled-back change nudges nobody. The layer is only a hint (see play/broadcast.py): a
failed send is logged, the change stands, and clients re-read on reconnect. Coalescing (at
most one identical nudge per group and half second) happens where the nudges fan out to the
sockets, once per process (`consumers.LobbyHub`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from boardgame.notifications import events
from boardgame.play import broadcast, frames

from .models import Seat, Table

ALL = "lobby.all"
TABLES = {"type": "tables"}
GAMES = {"type": "games"}


def user_group(user_id: int) -> str:
    return f"lobby.u{user_id}"


def table_group(table_id: int) -> str:
    return f"lobby.t{table_id}"


def _message(group: str, frame: dict[str, Any]) -> frames.Message:
    return frames.message(group, None, frames.dumps(frame))


def _send_on_commit(messages: list[frames.Message]) -> None:
    if messages:
        transaction.on_commit(lambda: broadcast.send_messages(messages))


def private_audience(table: Table) -> list[int]:
    """The users who may see a private table without presenting its token."""
    users = {table.host_id}
    users.update(Seat.objects.filter(table_id=table.pk, user__isnull=False)
                 .values_list("user_id", flat=True))
    users.update(table.invited.values_list("pk", flat=True))
    return sorted(users)


def listing_groups(table: Table, *, was_public: bool | None = None) -> list[str]:
    """Who must re-read their lists of tables. A table public before or after the change is
    everyone's business (strangers saw it, or will); otherwise only its own people's."""
    if not table.is_private or was_public:
        return [ALL]
    return [user_group(pk) for pk in private_audience(table)]


def table_changed(table: Table, change: str, *, lists: bool = True,
                  was_public: bool | None = None, recheck: bool = False) -> None:
    """`table` changed (`change`: created, seats, ready, state, settings, invited). Its
    watchers hear `table`; with `lists`, the home pages that may list it hear `tables`. With
    `recheck` (someone lost access: kicked, or the invite token replaced) every watcher's
    access is checked again, as when a table turns private."""
    messages = []
    if lists:
        messages += [_message(group, TABLES) for group in listing_groups(table,
                                                                         was_public=was_public)]
    messages += [_message(user_group(pk), GAMES) for pk in seated_users(table.pk)]
    if change != "created":
        if recheck or (was_public and table.is_private):
            messages.append(_message(table_group(table.pk),
                                     {"type": "_recheck", "table": table.pk}))
        messages.append(_message(table_group(table.pk),
                                 {"type": "table", "table": table.pk, "change": change}))
    _send_on_commit(messages)


def seated_users(table_id: int, seats: list[str] | None = None) -> list[int]:
    """The users seated at the table (at `seats` only, when given)."""
    found = Seat.objects.filter(table_id=table_id, user__isnull=False)
    if seats is not None:
        found = found.filter(seat__in=seats)
    return sorted(set(found.values_list("user_id", flat=True)))


def moves_opened(table_id: int, seats: list[str]) -> None:
    """In an async game, `seats` now have a decision they did not have: their players' "My
    games" pages hear `games` ("your move"), and their notifications get a "your move"
    notice (boardgame/notifications, written in this transaction). (Live games are played at
    the board, and a nudge per move would cost every action a query and a PUBLISH.)"""
    _send_on_commit([_message(user_group(pk), GAMES) for pk in seated_users(table_id, seats)])
    events.moves_opened(table_id, seats)


def game_started(table: Table) -> None:
    """The lobby started the table's game: its players' notifications hear it."""
    events.game_started(table.pk)


def press_posted(game_id: int, user_ids: list[int]) -> None:
    """Private press for these users (boardgame/press): their lobby sockets hear
    `{"type": "press", "game"}` — no channel, no text — and re-read their press."""
    _send_on_commit([_message(user_group(pk), {"type": "press", "game": game_id})
                     for pk in user_ids])


def chat_posted(table_id: int, seq: int) -> None:
    _send_on_commit([_message(table_group(table_id),
                              {"type": "chat", "table": table_id, "seq": seq})])


def game_finished(table_id: int) -> None:
    """A game ended (play/actions.py `finish_steps`): "Games to watch" loses it; its players'
    notifications and its webhooks hear it."""
    events.game_ended(table_id)
    table = Table.objects.filter(pk=table_id).first()
    if table is not None:
        table_changed(table, "state")
