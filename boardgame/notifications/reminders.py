"""Deadline reminders at the times each player chose (their `Preferences.reminders`).

A reminder time is one of
- `{"before_percent": P}`: when P % of the deadline's period is left (the default, 25, is the
  old fixed reminder);
- `{"before_hours": H}`: H hours before the deadline;
- `{"at": "HH:MM"}`: the last HH:MM, in the player's time zone, before the deadline.

The clocks (boardgame/play/clocks.py) keep one armed reminder per running seat in
`live["remind"]` — the next of its player's times after now and before its deadline — so a
deadline never has more than one reminder waiting. When it fires the sweeper writes one
`deadline_near` notice (keyed by game, seat, deadline and time: once, whatever crashes) and
arms the next. When the deadline moves (a new decision, the host's extension, a pause
ending) every running seat's reminder is armed afresh from its new deadline, so a moved
deadline gets a fresh reminder. A seat that answered stops running and loses its reminder;
a seat whose written orders already answer every decision it is awaited for is not
reminded (its orders stand at the deadline); nor is a seat in civil disorder.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from boardgame.lobby.models import Seat

from . import events
from .models import Preferences, default_reminders

HOUR_MS = 3_600_000


def _zone(name: str) -> dt.tzinfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return dt.timezone.utc


def times(reminders: list[dict[str, Any]], zone: str, deadline_ms: int,
          period_ms: int) -> list[int]:
    """Every reminder instant (epoch ms) of one deadline, sorted."""
    out: set[int] = set()
    for item in reminders:
        if "before_percent" in item:
            out.add(deadline_ms - period_ms * int(item["before_percent"]) // 100)
        elif "before_hours" in item:
            out.add(deadline_ms - int(item["before_hours"]) * HOUR_MS)
        elif "at" in item:
            tz = _zone(zone)
            local = dt.datetime.fromtimestamp(deadline_ms / 1000, tz=tz)
            hour, minute = (int(part) for part in str(item["at"]).split(":"))
            at = dt.datetime.combine(local.date(), dt.time(hour, minute), tzinfo=tz)
            if at >= local:
                at = dt.datetime.combine(local.date() - dt.timedelta(days=1),
                                         dt.time(hour, minute), tzinfo=tz)
            out.add(int(at.timestamp() * 1000))
    return sorted(out)


def next_time(reminders: list[dict[str, Any]], zone: str, deadline_ms: int, period_ms: int,
              after_ms: int) -> int | None:
    """The first reminder strictly after `after_ms` and before the deadline, if any."""
    later = [t for t in times(reminders, zone, deadline_ms, period_ms)
             if after_ms < t < deadline_ms]
    return later[0] if later else None


def choices_of(table_id: int, seats: list[str]) -> dict[str, tuple[list[Any], str]]:
    """seat → (its player's reminder times, time zone); two queries."""
    users = dict(Seat.objects.filter(table_id=table_id, seat__in=seats, user__isnull=False)
                 .values_list("seat", "user_id"))
    prefs = {p.user_id: p for p in Preferences.objects.filter(user_id__in=set(users.values()))}
    out = {}
    for seat, user in users.items():
        pref = prefs.get(user)
        out[seat] = ((pref.reminders, pref.time_zone) if pref is not None
                     else (default_reminders(), "UTC"))
    return out


def arm(game: Any, seats: list[str], deadlines: dict[str, int], period_ms: int,
        after_ms: int) -> dict[str, int]:
    """The next reminder of each of `seats` after `after_ms` (seats with none are left out)."""
    if not seats:
        return {}
    choices = choices_of(game.table_id, seats)
    out = {}
    for seat in seats:
        if seat not in deadlines or seat not in choices:
            continue
        reminders, zone = choices[seat]
        at = next_time(reminders, zone, deadlines[seat], period_ms, after_ms)
        if at is not None:
            out[seat] = at
    return out


def answered_by_orders(game: Any, ruleset: Any, seat: str) -> bool:
    """Whether `seat`'s written orders already answer every decision it is awaited for."""
    from engine.kernel.simultaneous import awaiting
    waiting = awaiting(ruleset, game.state, seat)
    book = game.orders or {}
    return bool(waiting) and all(
        d.revisable and d.group is not None and d.id in book.get(d.group, {})
        for d in waiting)


def remind(game: Any, ruleset: Any, seats: list[str]) -> list[str]:
    """The sweeper's reminders for `seats` (their armed time has come; row lock held): one
    `deadline_near` notice each, unless suppressed. The seats reminded."""
    live = game.live
    users = dict(Seat.objects.filter(table_id=game.table_id, seat__in=seats,
                                     user__isnull=False).values_list("seat", "user_id"))
    sent = []
    for seat in seats:
        deadline = live.get("deadlines", {}).get(seat)
        at = live.get("remind", {}).get(seat)
        if deadline is None or at is None or seat not in users:
            continue
        if seat in live.get("disorder", []) or answered_by_orders(game, ruleset, seat):
            continue
        key = f"remind:{game.pk}:{seat}:{deadline}:{at}"
        if events.deadline_near(game.pk, users[seat], [seat], deadline, key):
            sent.append(seat)
    return sent
