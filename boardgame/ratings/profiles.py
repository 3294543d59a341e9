"""Who plays how well and how reliably: the leaderboard, a player's profile and the reliability
figures the lobby shows beside a host. One module for the REST views (`api.py`) and the pages
(`views.py`), so both say the same.

- `leaderboard(scope)` — the 100 best of a scope (`overall` or `ruleset:<id>`), provisional
  ratings (fewer than PROVISIONAL_GAMES games) left out.
- `profile(username)` — public games with the player's result, reliability and ratings.
- `reliability(user)` / `reliability_of(users)` — missed deadlines and civil disorder in the
  player's seats (and in seats they left in civil disorder, `play.models.LeftInDisorder`,
  written when the seat was handed on), tables abandoned as host.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from boardgame.api.errors import NotFound, ServiceError
from boardgame.lobby.models import Seat, Table
from boardgame.play.bot_accounts import PREFIX as BOT_PREFIX

from .models import Rating
from .rate import PROVISIONAL_GAMES, display

SCOPE_MAX = 80


def rating_dict(row: Rating) -> dict[str, Any]:
    provisional = row.games < PROVISIONAL_GAMES
    return {"scope": row.scope, "rating": None if provisional else display(row.mu, row.sigma),
            "mu": round(row.mu, 4), "sigma": round(row.sigma, 4), "games": row.games,
            "provisional": provisional}


def leaderboard(scope: str) -> dict[str, Any]:
    if not isinstance(scope, str) or len(scope) > SCOPE_MAX:
        raise ServiceError("scope is overall or ruleset:<id>.", code="request/invalid",
                           status=400, field="scope")
    rows = (Rating.objects.filter(scope=scope, games__gte=PROVISIONAL_GAMES)
            .exclude(user__username__startswith=BOT_PREFIX).select_related("user"))
    board = sorted(({"player": r.user.get_username(), **rating_dict(r)} for r in rows),
                   key=lambda r: (-r["rating"], r["player"]))[:100]
    return {"scope": scope, "players": board}


def reliability_of(users: list[Any]) -> dict[int, dict[str, int]]:
    """Reliability of several users at once (the lobby's table list): user id → figures."""
    from boardgame.play.models import Game, LeftInDisorder
    ids = [u.pk for u in users]
    held: dict[int, dict[int, list[str]]] = {}
    for user_id, table_id, seat in Seat.objects.filter(user_id__in=ids).values_list(
            "user_id", "table_id", "seat"):
        held.setdefault(table_id, {}).setdefault(user_id, []).append(seat)
    out = {pk: {"missed_deadlines": 0, "civil_disorder": 0, "abandoned_as_host": 0}
           for pk in ids}
    for game in Game.objects.filter(table_id__in=held).only("table_id", "live"):
        live = game.live or {}
        for user_id, seats in held[game.table_id].items():
            for seat in seats:
                out[user_id]["missed_deadlines"] += int(live.get("missed", {}).get(seat, 0))
                out[user_id]["civil_disorder"] += seat in live.get("disorder", [])
    # Seats a player left in civil disorder and someone (or a bot) took over: no longer
    # theirs, still on their record.
    for user_id, missed in LeftInDisorder.objects.filter(user_id__in=ids).values_list(
            "user_id", "missed"):
        out[user_id]["missed_deadlines"] += missed
        out[user_id]["civil_disorder"] += 1
    for host_id in Table.objects.filter(host_id__in=ids, state=Table.State.ABANDONED) \
            .values_list("host_id", flat=True):
        out[host_id]["abandoned_as_host"] += 1
    return out


def reliability(user: Any) -> dict[str, int]:
    """Missed deadlines and civil disorder in the games of the seats the user holds, and
    games abandoned by their host."""
    return reliability_of([user])[user.pk]


def profile(username: str) -> dict[str, Any]:
    user = get_user_model().objects.filter(username=str(username)[:150]).first()
    if user is None:
        raise NotFound(f"There is no player {str(username)[:40]!r}.", code="user/not_found")
    from boardgame.play.models import Game
    games = []
    for game in (Game.objects.filter(table__seats__user=user)
                 .filter(Q(table__visibility=Table.Visibility.PUBLIC))
                 .select_related("table").distinct().order_by("-started")[:50]):
        seats = sorted(Seat.objects.filter(table_id=game.table_id, user=user)
                       .values_list("seat", flat=True))
        winners = set((game.result or {}).get("winners") or [])
        games.append({"game": game.pk, "title": game.table.title, "ruleset": game.ruleset,
                      "scenario": game.scenario, "seats": seats,
                      "finished": game.finished.isoformat() if game.finished else None,
                      "result": None if game.result is None else
                      ("won" if winners & set(seats) else "drawn" if not winners
                       else "lost")})
    return {"player": user.get_username(), "games": games, "reliability": reliability(user),
            "ratings": [rating_dict(r) for r in Rating.objects.filter(user=user)
                        .order_by("scope")]}
