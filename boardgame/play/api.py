"""REST endpoints of play: a game's audience view and its record; the ruleset manifests."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame import reference
from boardgame.api.errors import NotFound
from engine import bots as engine_bots
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


class ReferenceView(APIView):
    """A ruleset's rules reference as data, for the game page's rule cites."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets_reference", responses=OpenApiTypes.OBJECT,
                   parameters=[OpenApiParameter("cite", str, description=(
                       "A section cited in the game (10.531): only the entry it opens and "
                       "that entry's rulings."))])
    def get(self, request: Request, ruleset: str) -> Response:
        if not reference.has_reference(ruleset):
            raise NotFound(f"No rules reference for {ruleset}.", code="rules/not_found",
                           ruleset=ruleset[:40])
        ref = reference.reference(ruleset)
        cited = request.query_params.get("cite")
        if cited is None:
            return Response(ref)
        section = reference.resolve(ruleset, cited)
        if section is None:
            raise NotFound(f"The reference has no entry for {ref['cite']} {cited[:20]}.",
                           code="rules/not_found", cite=cited[:20])
        entry = next(e for e in ref["entries"] if e["section"] == section)
        rulings = [r for r in ref["rulings"] if r["id"] in entry["rulings"]]
        return Response({"ruleset": ruleset, "cite": ref["cite"], "asked": cited,
                         "entry": entry, "rulings": rulings})


class RulesetsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        # With the bot levels each offers (issue #25): what a host may seat.
        return Response({"rulesets": [{**m, "bot_levels": engine_bots.levels(m["id"])}
                                      for m in rulesets.manifests()]})
