"""The archive: finished and running games found by player, ruleset, scenario, result and date.

`GET /api/archive?player=&ruleset=&scenario=&state=running|finished&result=won|lost|drawn
&since=YYYY-MM-DD&until=YYYY-MM-DD&page=N` — public games, and private ones the caller plays
or hosts; 50 a page, newest first. `result` needs `player` (won or lost by that player;
drawn: no winner). Indexes on the game's ruleset, scenario, start and end (migration
ratings 0002) keep these queries off full scans on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from boardgame.api.errors import ServiceError
from boardgame.lobby.models import Seat, Table

PAGE = 50


def _date(value: str | None, field: str) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ServiceError(f"{field} must be a date, YYYY-MM-DD.", code="request/invalid",
                           status=400, field=field) from None


def search(user: Any, params: Any) -> dict[str, Any]:
    from boardgame.play.models import Game
    games = Game.objects.select_related("table")
    visible = Q(table__visibility=Table.Visibility.PUBLIC)
    if user is not None and user.is_authenticated:
        visible |= Q(table__host=user) | Q(table__seats__user=user)
    games = games.filter(visible)
    for field in ("ruleset", "scenario"):
        value = params.get(field)
        if value:
            games = games.filter(**{field: value[:64]})
    state = params.get("state")
    if state == "running":
        games = games.filter(finished__isnull=True)
    elif state == "finished":
        games = games.filter(finished__isnull=False)
    elif state:
        raise ServiceError("state is running or finished.", code="request/invalid", status=400,
                           field="state")
    since, until = _date(params.get("since"), "since"), _date(params.get("until"), "until")
    if since:
        games = games.filter(started__date__gte=since)
    if until:
        games = games.filter(started__date__lte=until)
    player = params.get("player")
    seats_of: dict[int, list[str]] = {}
    if player:
        found = get_user_model().objects.filter(username=player[:150]).first()
        if found is None:
            return {"games": [], "page": 1}
        for table_id, seat in Seat.objects.filter(user=found).values_list("table_id", "seat"):
            seats_of.setdefault(table_id, []).append(seat)
        games = games.filter(table_id__in=list(seats_of))
    result = params.get("result")
    if result and result not in ("won", "lost", "drawn"):
        raise ServiceError("result is won, lost or drawn.", code="request/invalid", status=400,
                           field="result")
    if result in ("won", "lost") and not player:
        raise ServiceError("result won or lost needs a player.", code="request/invalid",
                           status=400, field="result")
    try:
        page = max(1, int(params.get("page") or 1))
    except ValueError:
        raise ServiceError("page must be a number.", code="request/invalid", status=400,
                           field="page") from None
    rows = []
    for game in games.distinct().order_by("-started", "-id"):
        winners = set((game.result or {}).get("winners") or [])
        outcome = None
        if game.result is not None and not winners:
            outcome = "drawn"
        elif game.result is not None and player:
            outcome = "won" if winners & set(seats_of.get(game.table_id, [])) else "lost"
        if result and (game.result is None or outcome != result):
            continue
        rows.append({"game": game.pk, "title": game.table.title, "ruleset": game.ruleset,
                     "scenario": game.scenario, "started": game.started.isoformat(),
                     "finished": game.finished.isoformat() if game.finished else None,
                     "winners": sorted(winners) if game.result is not None else None,
                     "result": outcome})
        if len(rows) >= page * PAGE:
            break
    return {"games": rows[(page - 1) * PAGE: page * PAGE], "page": page}
