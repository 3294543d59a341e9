"""`GET /api/me/vacation` → {away, days_per_year, days_left, in_a_row, spent};
`POST /api/me/vacation {"away": true|false}` → the same."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import bank


class VacationView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="vacation_get", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response(bank.status(request.user))

    @extend_schema(operation_id="vacation_set", request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        bank.set_away(request.user, body.get("away"))
        return Response(bank.status(request.user))


def routes() -> list[Any]:
    from django.urls import path
    return [path("me/vacation", VacationView.as_view(), name="api-vacation")]
