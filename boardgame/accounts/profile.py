"""A user's tables and games, for the profile page and GET /api/me/."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from boardgame.lobby.models import Table
from boardgame.lobby.serializers import TableSerializer


def tables_of(user) -> list[Table]:
    return list(Table.objects.filter(Q(host=user) | Q(seats__user=user)).distinct()
                .select_related("host", "game").prefetch_related("seats__user"))


def profile_of(user, request=None) -> dict[str, Any]:
    tables = tables_of(user)
    games = []
    for table in tables:
        game = getattr(table, "game", None)
        if game is None:
            continue
        games.append({"id": game.pk, "table": table.pk, "title": table.title,
                      "ruleset": game.ruleset, "scenario": game.scenario,
                      "state": table.state, "version": game.version,
                      "my_seats": sorted(s.seat for s in table.seats.all()
                                         if s.user_id == user.pk)})
    return {"user": {"id": user.pk, "username": user.get_username()},
            "tables": TableSerializer(tables, many=True, context={"request": request}).data,
            "games": games}
