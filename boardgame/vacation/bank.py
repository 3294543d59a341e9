"""The vacation bank: spent only when a deadline would pass.

A player says they are away (`POST /api/me/vacation {"away": true}`). While they are, a
deadline of a seat they hold that would pass moves one day later instead, and one day of
their bank is spent (SALIENT_VACATION_DAYS a calendar year). Limits: at most
SALIENT_VACATION_IN_A_ROW such days in a row for one seat (its next answer starts the count
again), none once the bank is empty, and none when the seat's timeout defaults would end the
game (a day must not stall a decided game: Supremacy's holidays are rescinded so) — then the
deadline passes as always (the timeout default, a missed deadline). The days in a row show beside the seat in the public clock
frame (`vacation: {seat: n}`), the badge every player sees. Runs in the deadline sweeper,
under the game's row lock; a day is spent once per deadline (unique key).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from boardgame.lobby.models import Seat
from boardgame.notifications import reminders

from .models import Away, VacationDay

DAY_MS = 86_400_000


def days_per_year() -> int:
    return int(getattr(settings, "SALIENT_VACATION_DAYS", 14))


def in_a_row() -> int:
    return int(getattr(settings, "SALIENT_VACATION_IN_A_ROW", 3))


def days_left(user_id: int, year: int) -> int:
    return max(0, days_per_year() - VacationDay.objects.filter(user_id=user_id,
                                                               year=year).count())


def spend(game: Any, late: list[str], now: dt.datetime,
          deciding: Callable[[str], bool] = lambda seat: False) -> list[str]:
    """Of the `late` seats, those whose away players still have a day: their deadline moves a
    day and a day is spent — unless `deciding(seat)`: its defaults, played now, would end the
    game. Returns the seats still late. Caller holds the game's lock."""
    live = game.live
    if not late or live.get("mode") != "deadline":
        return late
    users = dict(Seat.objects.filter(table_id=game.table_id, seat__in=late,
                                     user__isnull=False).values_list("seat", "user_id"))
    away = set(Away.objects.filter(user_id__in=set(users.values()))
               .values_list("user_id", flat=True))
    row = dict(live.get("vacation", {}))
    still: list[str] = []
    moved: list[str] = []
    for seat in late:
        user = users.get(seat)
        deadline = live["deadlines"].get(seat)
        if user not in away or deadline is None or row.get(seat, 0) >= in_a_row() or \
                seat in live.get("disorder", []) or days_left(user, now.year) <= 0 \
                or deciding(seat):
            still.append(seat)
            continue
        try:
            with transaction.atomic():
                VacationDay.objects.create(user_id=user, game_id=game.pk, seat=seat,
                                           year=now.year, deadline=deadline)
        except IntegrityError:
            pass  # spent already for this deadline (never reached: the deadline moved)
        live["deadlines"] = {**live["deadlines"], seat: deadline + DAY_MS}
        row[seat] = row.get(seat, 0) + 1
        moved.append(seat)
    live["vacation"] = row
    # The moved deadlines get their reminders afresh, as any moved deadline does.
    live["remind"] = {**live.get("remind", {}), **reminders.arm(
        game, moved, live["deadlines"], live["period"], int(now.timestamp() * 1000))}
    return still


def status(user: Any) -> dict[str, Any]:
    # The year by the clock the sweeper spends days with (timezone.now(), UTC), not the
    # process's calendar: the two must name the same year, or a day spent on 31 December
    # shows in the wrong bank — and a run on a controlled clock reads a bank never spent.
    year = timezone.now().year
    return {"away": Away.objects.filter(user=user).exists(), "days_per_year": days_per_year(),
            "days_left": days_left(user.pk, year), "in_a_row": in_a_row(),
            "spent": [{"game": d.game_id, "seat": d.seat, "at": d.spent.isoformat()}
                      for d in VacationDay.objects.filter(user=user, year=year)
                      .order_by("-spent")[:50]]}


def set_away(user: Any, away: Any) -> None:
    from boardgame.api.errors import ServiceError
    if not isinstance(away, bool):
        raise ServiceError("away must be true or false.", code="request/invalid", status=400,
                           field="away")
    if away:
        Away.objects.get_or_create(user=user)
    else:
        Away.objects.filter(user=user).delete()
