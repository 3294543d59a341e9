"""REST endpoints of play: a game's audience view and its record; the ruleset manifests."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import rulesets

from . import services

INVITE = OpenApiParameter("invite", OpenApiTypes.STR, required=False,
                          description="Invite token of a private table.")


class GameView(APIView):
    @extend_schema(operation_id="games_retrieve", parameters=[INVITE],
                   responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        game = services.access_game(request.user, game_id,
                                    invite=request.query_params.get("invite"))
        return Response(services.game_view(request.user, game))


class GameRecordView(APIView):
    @extend_schema(operation_id="games_record", parameters=[INVITE],
                   responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        game = services.access_game(request.user, game_id,
                                    invite=request.query_params.get("invite"))
        return Response(services.game_record(request.user, game))


class RulesetsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response({"rulesets": rulesets.manifests()})
