"""Ratings and player profiles over REST:

    GET /api/ratings[?scope=overall|ruleset:<id>]  → the 100 best (provisional ones left out)
    GET /api/players/{username}                     → games, results, reliability and ratings
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.api.errors import NotFound, ServiceError
from boardgame.lobby.models import Seat, Table

from .models import Rating
from .rate import PROVISIONAL_GAMES, display


def rating_dict(row: Rating) -> dict[str, Any]:
    provisional = row.games < PROVISIONAL_GAMES
    return {"scope": row.scope, "rating": None if provisional else display(row.mu, row.sigma),
            "mu": round(row.mu, 4), "sigma": round(row.sigma, 4), "games": row.games,
            "provisional": provisional}


class RatingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="ratings", parameters=[
        OpenApiParameter("scope", OpenApiTypes.STR, required=False)],
        responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        scope = request.query_params.get("scope", "overall")
        if len(scope) > 80:
            raise ServiceError("scope is overall or ruleset:<id>.", code="request/invalid",
                               status=400, field="scope")
        rows = (Rating.objects.filter(scope=scope, games__gte=PROVISIONAL_GAMES)
                .select_related("user"))
        board = sorted(({"player": r.user.get_username(), **rating_dict(r)} for r in rows),
                       key=lambda r: (-r["rating"], r["player"]))[:100]
        return Response({"scope": scope, "players": board})


def reliability(user: Any) -> dict[str, int]:
    """Missed deadlines and civil disorder in the games of the seats the user holds, and
    games abandoned by their host."""
    from boardgame.play.models import Game
    held: dict[int, list[str]] = {}
    for table_id, seat in Seat.objects.filter(user=user).values_list("table_id", "seat"):
        held.setdefault(table_id, []).append(seat)
    missed = disorder = 0
    for game in Game.objects.filter(table_id__in=held).only("table_id", "live"):
        live = game.live or {}
        for seat in held[game.table_id]:
            missed += int(live.get("missed", {}).get(seat, 0))
            disorder += seat in live.get("disorder", [])
    abandoned = Table.objects.filter(host=user, state=Table.State.ABANDONED).count()
    return {"missed_deadlines": missed, "civil_disorder": disorder,
            "abandoned_as_host": abandoned}


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="player_profile", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, username: str) -> Response:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise NotFound(f"There is no player {username[:40]!r}.", code="user/not_found")
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
        return Response({"player": user.get_username(), "games": games,
                         "reliability": reliability(user),
                         "ratings": [rating_dict(r) for r in Rating.objects.filter(user=user)
                                     .order_by("scope")]})


class ArchiveView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="archive_search", parameters=[
        OpenApiParameter(name, OpenApiTypes.STR, required=False) for name in
        ("player", "ruleset", "scenario", "state", "result", "since", "until", "page")],
        responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        from .archive import search
        return Response(search(request.user, request.query_params))


def routes() -> list[Any]:
    from django.urls import path
    return [path("ratings", RatingsView.as_view(), name="api-ratings"),
            path("archive", ArchiveView.as_view(), name="api-archive"),
            path("players/<str:username>", PlayerView.as_view(), name="api-player")]
