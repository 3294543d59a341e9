"""REST face of private press (players only; strangers to a channel get 404 press/not_found):

    GET  /api/games/{id}/press                      → {"channels": [{id, seats, last_seq, unread}]}
    POST /api/games/{id}/press        {seats}       → 201 (new) or 200 {id, seats, …}
    GET  /api/games/{id}/press/{cid}?after=N        → {channel, seats, messages}
    POST /api/games/{id}/press/{cid}  {text, seat?} → 201 {seq, seat, user, text, at}
    POST /api/games/{id}/press/{cid}/read {seq?}    → {unread}
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.play.api import INVITE
from boardgame.play.services import check_may_watch

from . import services

OBJ = OpenApiTypes.OBJECT


def _body(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise services.invalid("The body must be a JSON object.", "body")
    return request.data


class _Base(APIView):
    permission_classes = [IsAuthenticated]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        check_may_watch(request.user, kwargs["game_id"],
                        invite=request.query_params.get("invite"))


class ChannelsView(_Base):
    @extend_schema(operation_id="press_channels", parameters=[INVITE], responses=OBJ)
    def get(self, request: Request, game_id: int) -> Response:
        return Response({"channels": services.channels(request.user, game_id)})

    @extend_schema(operation_id="press_open", parameters=[INVITE], request=OBJ,
                   responses={200: OBJ, 201: OBJ})
    def post(self, request: Request, game_id: int) -> Response:
        channel, created = services.open_channel(request.user, game_id,
                                                 _body(request).get("seats"))
        return Response({"id": channel.pk, "seats": channel.seats,
                         "last_seq": channel.last_seq}, status=201 if created else 200)


class ChannelView(_Base):
    @extend_schema(operation_id="press_messages", parameters=[INVITE], responses=OBJ)
    def get(self, request: Request, game_id: int, channel_id: int) -> Response:
        return Response(services.messages(request.user, game_id, channel_id,
                                          request.query_params.get("after", 0)))

    @extend_schema(operation_id="press_post", parameters=[INVITE], request=OBJ,
                   responses={201: OBJ})
    def post(self, request: Request, game_id: int, channel_id: int) -> Response:
        body = _body(request)
        message = services.post(request.user, game_id, channel_id, body.get("text"),
                                body.get("seat"))
        return Response(services.message_dict(message), status=201)


class ReadView(_Base):
    @extend_schema(operation_id="press_read", parameters=[INVITE], request=OBJ,
                   responses=OBJ)
    def post(self, request: Request, game_id: int, channel_id: int) -> Response:
        unread = services.mark_read(request.user, game_id, channel_id,
                                    _body(request).get("seq"))
        return Response({"unread": unread})


def routes() -> list[Any]:
    from django.urls import path
    return [
        path("games/<int:game_id>/press", ChannelsView.as_view(), name="api-press"),
        path("games/<int:game_id>/press/<int:channel_id>", ChannelView.as_view(),
             name="api-press-channel"),
        path("games/<int:game_id>/press/<int:channel_id>/read", ReadView.as_view(),
             name="api-press-read"),
    ]
