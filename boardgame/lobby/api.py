"""REST endpoints of the lobby: parse, call one service, serialise."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.play import bots

from . import services
from .models import Table
from .serializers import (
    InviteSerializer,
    ReadySerializer,
    SwapSerializer,
    TableCreateSerializer,
    TableEditSerializer,
    TableListSerializer,
    TableSerializer,
)

INVITE = OpenApiParameter("invite", OpenApiTypes.STR, description="Invite token of a private "
                          "table (from its invite link).", required=False)


def invite_of(request: Request) -> str | None:
    value = request.query_params.get("invite")
    if value is None and isinstance(request.data, dict):
        value = request.data.get("invite")
    return value if isinstance(value, str) else None


def table_response(request: Request, table: Table, status: int = 200) -> Response:
    table = Table.objects.select_related("host").prefetch_related("seats__user").get(pk=table.pk)
    return Response(TableSerializer(table, context={"request": request}).data, status=status)


class TableListView(APIView):
    @extend_schema(operation_id="tables_list", parameters=[
        OpenApiParameter("ruleset", OpenApiTypes.STR, required=False),
        OpenApiParameter("pace", OpenApiTypes.STR, enum=["live", "async"], required=False),
        OpenApiParameter("open_seats", OpenApiTypes.BOOL, required=False,
                         description="true: only tables with a free seat"),
        OpenApiParameter("state", OpenApiTypes.STR, required=False,
                         enum=[s.value for s in Table.State])],
        responses=TableListSerializer)
    def get(self, request: Request) -> Response:
        params = request.query_params
        open_seats = {"true": True, "1": True, "false": False, "0": False}.get(
            params.get("open_seats", "").lower())
        state = params.get("state")
        tables = services.list_tables(request.user, ruleset=params.get("ruleset") or None,
                                      pace=params.get("pace") or None, open_seats=open_seats,
                                      states=[state] if state else None)[:200]
        data = TableSerializer(tables, many=True, context={"request": request}).data
        return Response({"tables": data})

    @extend_schema(operation_id="tables_create", request=TableCreateSerializer,
                   responses={201: TableSerializer})
    def post(self, request: Request) -> Response:
        body = TableCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        table = bots.do_create_table_with_bots(request.user, **body.validated_data)
        return table_response(request, table, status=201)


class TableDetailView(APIView):
    @extend_schema(operation_id="tables_retrieve", parameters=[INVITE],
                   responses=TableSerializer)
    def get(self, request: Request, table_id: int) -> Response:
        table = services.access_table(request.user, table_id, invite=invite_of(request))
        return table_response(request, table)

    @extend_schema(operation_id="tables_edit", request=TableEditSerializer,
                   responses=TableSerializer)
    def patch(self, request: Request, table_id: int) -> Response:
        body = TableEditSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        table = services.do_edit_table(request.user, table_id, body.validated_data)
        return table_response(request, table)


class AuthenticatedView(APIView):
    permission_classes = [IsAuthenticated]


class ClaimSeatView(AuthenticatedView):
    @extend_schema(operation_id="seats_claim", request=None, parameters=[INVITE],
                   responses=TableSerializer)
    def post(self, request: Request, table_id: int, seat: str) -> Response:
        table = services.do_claim_seat(request.user, table_id, seat, invite=invite_of(request))
        return table_response(request, table)


class ReleaseSeatView(AuthenticatedView):
    @extend_schema(operation_id="seats_release", request=None, responses=TableSerializer)
    def post(self, request: Request, table_id: int, seat: str) -> Response:
        return table_response(request, services.do_release_seat(request.user, table_id, seat))


class KickSeatView(AuthenticatedView):
    @extend_schema(operation_id="seats_kick", request=None, responses=TableSerializer)
    def post(self, request: Request, table_id: int, seat: str) -> Response:
        return table_response(request, services.do_kick(request.user, table_id, seat))


class BotLevelSerializer(serializers.Serializer):
    level = serializers.IntegerField(help_text="A bot level the table's ruleset offers "
                                     "(GET /api/rulesets/, `bot_levels`).")


class SeatBotView(AuthenticatedView):
    """The host seats a bot in a free seat (or changes a seated bot's level)."""

    @extend_schema(operation_id="seats_bot", request=BotLevelSerializer,
                   responses=TableSerializer)
    def post(self, request: Request, table_id: int, seat: str) -> Response:
        body = BotLevelSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return table_response(request, bots.do_seat_bot(request.user, table_id, seat,
                                                        body.validated_data["level"]))


class FillWithBotsView(AuthenticatedView):
    """The host seats a bot in every free seat."""

    @extend_schema(operation_id="tables_fill_with_bots", request=BotLevelSerializer,
                   responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        body = BotLevelSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return table_response(request, bots.do_fill_with_bots(request.user, table_id,
                                                              body.validated_data["level"]))


class SwapSeatsView(AuthenticatedView):
    @extend_schema(operation_id="seats_swap", request=SwapSerializer, responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        body = SwapSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        first, second = body.validated_data["seats"]
        return table_response(request,
                              services.do_swap_seats(request.user, table_id, first, second))


class ReadyView(AuthenticatedView):
    @extend_schema(operation_id="tables_ready", request=ReadySerializer,
                   responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        body = ReadySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return table_response(request, services.do_set_ready(
            request.user, table_id, body.validated_data["ready"]))


class StartView(AuthenticatedView):
    @extend_schema(operation_id="tables_start", request=None, responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        return table_response(request, services.do_start_table(request.user, table_id))


class AbandonView(AuthenticatedView):
    @extend_schema(operation_id="tables_abandon", request=None, responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        return table_response(request, services.do_abandon_table(request.user, table_id))


class JoinView(AuthenticatedView):
    @extend_schema(operation_id="tables_join", request=InviteSerializer,
                   responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        body = InviteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return table_response(request, services.do_accept_invite(
            request.user, table_id, body.validated_data["invite"]))


class NewInviteView(AuthenticatedView):
    """The host replaces a private table's invite link (after a kick, or a link gone astray)."""

    @extend_schema(operation_id="tables_new_invite", request=None, responses=TableSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        return table_response(request, services.do_new_invite(request.user, table_id))


class ChatMessageSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    user = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    created = serializers.DateTimeField()


class ChatListSerializer(serializers.Serializer):
    messages = ChatMessageSerializer(many=True)


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="At most 2000 characters once trimmed.")
    invite = serializers.CharField(required=False)


class TableChatView(APIView):
    """Chat of a table: read by whoever may see the table, written by the signed-in among
    them (boardgame/lobby/services.py, "table chat")."""

    @extend_schema(operation_id="tables_chat_list", parameters=[
        INVITE, OpenApiParameter("since", OpenApiTypes.INT, required=False,
                                 description="Only messages with a larger seq (default 0).")],
        responses=ChatListSerializer)
    def get(self, request: Request, table_id: int) -> Response:
        raw = request.query_params.get("since") or "0"
        try:
            since = int(raw)
        except ValueError:
            raise services.ServiceError("since must be a whole number.",
                                        code="request/invalid", since=raw[:40]) from None
        messages = services.table_chat(request.user, table_id, since=since,
                                       invite=invite_of(request))
        return Response({"messages": messages})

    @extend_schema(operation_id="tables_chat_post", request=ChatPostSerializer,
                   parameters=[INVITE], responses={201: ChatMessageSerializer})
    def post(self, request: Request, table_id: int) -> Response:
        text = request.data.get("text") if isinstance(request.data, dict) else None
        message = services.do_post_table_chat(request.user, table_id, text,
                                              invite=invite_of(request))
        return Response(message, status=201)
