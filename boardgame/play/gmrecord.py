"""The game master's read side (gm.py is the write side): who a game's GM is, and the GM log
as the record shows it. Below `services` (which puts both in the view and the record) and
above the models only, so that the write path's modules never import back into it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from boardgame.lobby.models import Seat, Table

from .models import Game, GmCommand


def gm_user_id(game: Game, table: Table) -> int | None:
    """The game master's user id, or None when the table has none."""
    named = game.live.get("gm")
    if named is not None:
        return int(named)
    if table.host_id and not Seat.objects.filter(table_id=table.pk,
                                                 user_id=table.host_id).exists():
        return int(table.host_id)
    return None


# The GM commands that showed a nation's own side of the fog: its view (a look) or its orders
# (a proxy). Whoever gave one may never play a nation of that game (twteaw ruling 61).
SAW_A_NATION = ("look", "options", "proxy", "proxy_ready")


def saw_a_nation(game: Game, user: Any) -> bool:
    """Whether `user` ever looked at, or wrote orders for, a nation of `game` as its GM."""
    return GmCommand.objects.filter(game=game, user_id=user.pk, command__in=SAW_A_NATION).exists()


def gm_name(game: Game) -> str | None:
    """The game master's user name (for the page and the REST state), or None."""
    uid = gm_user_id(game, game.table)
    if uid is None:
        return None
    found = get_user_model().objects.filter(pk=uid).first()
    return found.get_username() if found else None


def log_entries(game: Game) -> list[dict[str, Any]]:
    """The record's `gm_log`: public to every audience (entries hold no hidden facts)."""
    return [{"at": e.created.isoformat(), "by": e.user.get_username() if e.user else "timeout",
             "command": e.command, "seat": e.seat, "detail": e.detail, "version": e.version}
            for e in GmCommand.objects.filter(game=game).select_related("user").order_by("id")]
