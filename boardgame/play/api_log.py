"""The game's event log for a page that opens or reloads mid-game (issue #18):

    GET /api/games/{id}/log → {"v", "audience", "entries": [{"v", "kind", "rule", "data"}, …]}

The entries are the events of the last LOG_STEPS recorded steps, oldest first, exactly as the
caller's audience got them in the live patches (`engine.kernel.events_for` over the events each
ActionRecord stores): the same lines the live page wrote, rebuilt after a reload — where the
page used to rebuild them from the record's bare actions ("? → Toul"). The checks are those of
`GET /api/games/{id}/`: who may watch the game may read its log, seen as their audience.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import rulesets
from engine.kernel import Event, events_for

from . import services
from .api import INVITE
from .models import ActionRecord

LOG_STEPS = 400


class GameLogView(APIView):
    @extend_schema(operation_id="games_log", parameters=[INVITE], responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        game = services.access_game(request.user, game_id,
                                    invite=request.query_params.get("invite"))
        ruleset = rulesets.get(game.ruleset)
        audience = services.audience_for(request.user, game)
        records = (ActionRecord.objects.filter(game=game, seq__gt=game.version - LOG_STEPS)
                   .order_by("seq").values_list("seq", "events"))
        entries: list[dict[str, Any]] = []
        for seq, stored in records:
            events = [Event(e["kind"], e.get("rule", ""), e.get("data") or {},
                            e.get("audience")) for e in stored or []]
            for shown in events_for(ruleset, game.state, events, audience):
                entries.append({"v": seq, **shown})
        return Response({"v": game.version, "audience": audience, "entries": entries})
