"""The write path's two hand-written statements (a performance shortcut: `boardgame.fastpath`).

Both run on every action, and the ORM built their SQL again each time (docs/architecture.md,
"Performance shortcuts", has the measured gain). Each
does exactly what the ORM path beside it in `actions.py` does: `lock_game_for_seat` is
`select_for_update()` plus the seat query of `check_holds_seat`, in one round trip;
`append_and_update` is `bulk_create` plus `save(update_fields=…)`, in one statement. The
fields' own preparation (`pre_save`, `get_db_prep_save`) still makes every value, so the rows
are what the ORM would write (tests/live/test_write_path.py).
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection

from boardgame.lobby.models import Seat

from .models import ActionRecord, Game


def lock_game_for_seat(game_id: int, user_id: int | None, seat: str) -> list[Game]:
    """The game row, locked (`FOR UPDATE OF g`; SQLite has no row locks and serialises its
    writes anyway), with `holds_seat`: whether the user holds that seat. Caller is inside its
    durable transaction. The row becomes a Game as a queryset would make it (each field's
    database converters, then `Game.from_db`), without `raw()`: the raw queryset matched the
    columns to the fields again on every call, a third of this statement's CPU."""
    fields, converters, sql = _lock_for_seat_plan(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id, seat, game_id])
        rows = cursor.fetchall()
    games = []
    for row in rows:
        values = list(row[:-1])
        for index, field, convert in converters:
            for converter in convert:
                values[index] = converter(values[index], field, connection)
        game = Game.from_db(connection.alias, fields, values)
        game.holds_seat = row[-1]
        games.append(game)
    return games


@functools.lru_cache(maxsize=4)
def _lock_for_seat_plan(vendor: str) -> tuple[list[str], list[Any], str]:
    """(the Game's field attnames in column order, (index, column, converters) for the fields
    that have converters, the statement) — the same for every call on one database."""
    quote = connection.ops.quote_name
    table = Game._meta.db_table
    fields = list(Game._meta.concrete_fields)
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(table)
        convert = (connection.ops.get_db_converters(column)
                   + column.get_db_converters(connection))
        if convert:
            converters.append((index, column, convert))
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    sql = (f"SELECT {', '.join('g.' + quote(f.column) for f in fields)}, "
           f"EXISTS (SELECT 1 FROM {quote(Seat._meta.db_table)} s "
           "WHERE s.table_id = g.table_id AND s.user_id = %s AND s.seat = %s) AS holds_seat "
           f"FROM {quote(table)} g WHERE g.id = %s{lock}")
    return [f.attname for f in fields], converters, sql


def append_and_update(game: Game, records: list[ActionRecord], fields: list[str]) -> None:
    """PostgreSQL only: append `records` and store the game's changed `fields` in one
    statement (the records' INSERT in a CTE beside the game's UPDATE). Caller holds the game
    row lock."""
    columns = record_columns()
    params: list[Any] = []
    for record in records:
        params += [f.get_db_prep_save(f.pre_save(record, True), connection) for f in columns]
    updated = [Game._meta.get_field(name) for name in fields]
    params += [f.get_db_prep_save(f.pre_save(game, False), connection) for f in updated]
    params.append(game.pk)
    quote = connection.ops.quote_name
    row = "(" + ", ".join(["%s"] * len(columns)) + ")"
    sql = (f"WITH appended AS (INSERT INTO {quote(ActionRecord._meta.db_table)} "
           f"({', '.join(quote(f.column) for f in columns)}) "
           f"VALUES {', '.join([row] * len(records))}) "
           f"UPDATE {quote(Game._meta.db_table)} "
           f"SET {', '.join(f'{quote(f.column)} = %s' for f in updated)} WHERE id = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    for record in records:
        record._state.adding = False  # written: append-only from here on


def record_columns() -> list[Any]:
    return [f for f in ActionRecord._meta.concrete_fields if not f.primary_key]
