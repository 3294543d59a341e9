"""What every page tells a signed-in player (issue #26): how many of their running games wait
for their move, as a badge on "My games". Read from each game's `live.running` (the seats
whose clock or deadline runs), as the inbox does (catchup.inbox): no engine call per page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .catchup import seats_at_started_tables


def waiting_games(user: Any) -> int:
    from boardgame.play.models import Game
    seats = seats_at_started_tables(user)
    if not seats:
        return 0
    running = Game.objects.filter(table_id__in=seats, finished__isnull=True).values_list(
        "table_id", "live")
    return sum(1 for table_id, live in running
               if set(seats[table_id]) & set((live or {}).get("running", [])))


def your_move(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"your_move_count": waiting_games(user)}
