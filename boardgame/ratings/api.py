"""Ratings and player profiles over REST:

    GET /api/ratings[?scope=overall|ruleset:<id>]  → the 100 best (provisional ones left out)
    GET /api/players/{username}                     → games, results, reliability and ratings
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import profiles


class RatingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="ratings", parameters=[
        OpenApiParameter("scope", OpenApiTypes.STR, required=False)],
        responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response(profiles.leaderboard(request.query_params.get("scope", "overall")))


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="player_profile", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, username: str) -> Response:
        return Response(profiles.profile(username))


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
