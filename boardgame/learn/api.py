"""The glossary and legends as data, for the game page's Legend and Glossary panels."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.api.errors import NotFound
from engine import rulesets

from . import guide as guides
from . import howto as howtos


class LearnView(APIView):
    """A ruleset's glossary (its own and the platform's), its counter legend and map legend,
    and the how-to-play page of each of its scenarios."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets_learn", responses=OpenApiTypes.OBJECT,
                   parameters=[OpenApiParameter("scenario", str, description=(
                       "A scenario of the ruleset: adds its how-to-play data (sides, what "
                       "each side wants, the turn, the first decisions) as `scenario`."))])
    def get(self, request: Request, ruleset: str) -> Response:
        if not guides.known(ruleset):
            raise NotFound(f"No ruleset {ruleset[:40]}.", code="learn/not_found",
                           ruleset=ruleset[:40])
        guide = guides.guide(ruleset)
        scenarios = rulesets.get(ruleset).manifest["scenarios"]
        answer = {**guide, "glossary_url": reverse("learn-glossary", args=[ruleset]),
                  "howto": {s["id"]: reverse("learn-howto", args=[ruleset, s["id"]])
                            for s in scenarios}}
        scenario = request.query_params.get("scenario")
        if scenario is not None:
            try:
                answer["scenario"] = howtos.howto(ruleset, scenario)
            except LookupError:
                raise NotFound(f"No scenario {scenario[:40]} of {ruleset}.",
                               code="learn/not_found", scenario=scenario[:40]) from None
        return Response(answer)
