"""REST face of the order inquiries (boardgame/play/inquiry.py):

    GET /api/games/{id}/explain?seat=&decision=&action=<JSON>
        → 200 {decision, seat, v, legal: true}
        | 200 {decision, seat, v, legal: false, rule, code, message, data}
    GET /api/games/{id}/preview?seat=&decision=&action=<JSON>
        → 200 {decision, seat, v, dice: false, events, next, result}
        | 200 {decision, seat, v, dice: true, purpose}
        | 200 {decision, seat, v, available: false, why}

Neither changes the game. Refusals are those of an options request (docs/protocol.md); a
preview of an order the rules refuse is `409 action/illegal` with the rule and reason.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from boardgame.api import inputguard

from .actions import ActionRejected
from .api import INVITE
from .api_actions import _Base
from .inquiry import ask

PARAMETERS = [
    OpenApiParameter("seat", str, required=True, description="The seat asking."),
    OpenApiParameter("decision", str, required=True, description="An open decision's id."),
    OpenApiParameter("action", str, required=True, description="The candidate answer, JSON."),
    INVITE]


def _action(request: Request) -> Any:
    raw = request.query_params.get("action")
    if raw is None:
        raise ActionRejected("The query needs an action (JSON).", code="request/invalid",
                             status=400, field="action")
    try:
        return inputguard.loads(raw, "query.action")
    except ValueError:
        raise ActionRejected("action must be JSON.", code="request/invalid", status=400,
                             field="action") from None


class ExplainView(_Base):
    """Why not? The refusal the engine would give the candidate answer, or `legal: true`."""

    @extend_schema(operation_id="games_explain", parameters=PARAMETERS,
                   responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        return Response(ask("explain", game_id, request.user, request.query_params.get("seat"),
                            request.query_params.get("decision"), _action(request)))


class PreviewView(_Base):
    """What the candidate answer would do, when no die decides it."""

    @extend_schema(operation_id="games_preview", parameters=PARAMETERS,
                   responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        return Response(ask("preview", game_id, request.user, request.query_params.get("seat"),
                            request.query_params.get("decision"), _action(request)))
