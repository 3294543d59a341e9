"""REST face of notifications (all signed in; every refusal in the one error form):

    GET   /api/me/notifications                 → preferences
    PATCH /api/me/notifications  {time_zone?, always?, email?, push?, reminders?}
    GET   /api/me/notices[?unread=1]             → {unread, notices}   notifications received
    GET   /api/me/inbox                           → {waiting, games}    games waiting for me first
    GET   /api/games/{id}/catch-up[?since=N]      → my audience's steps since my last action
    POST  /api/me/notices/read   {through?, game?}                  → {marked}
    GET   /api/me/webhooks · POST {url, events?, format?} → 201 (secret shown once)
    DELETE /api/me/webhooks/{id}
    GET   /api/games/{id}/webhooks · POST · DELETE …/{hook}   (host; public events only)
    GET   /api/push/key                          → {enabled, public_key}
    POST  /api/me/push-subscriptions  {endpoint, keys: {p256dh, auth}} → 201
    DELETE /api/me/push-subscriptions/{id}
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.play.api import INVITE
from boardgame.play.services import check_may_watch

from . import catchup, services
from .models import Webhook

OBJ = OpenApiTypes.OBJECT


class _Signed(APIView):
    permission_classes = [IsAuthenticated]


class PreferencesView(_Signed):
    @extend_schema(operation_id="notifications_get", responses=OBJ)
    def get(self, request: Request) -> Response:
        return Response(services.preferences_dict(services.preferences_of(request.user)))

    @extend_schema(operation_id="notifications_set", request=OBJ, responses=OBJ)
    def patch(self, request: Request) -> Response:
        pref = services.update_preferences(request.user, request.data)
        return Response(services.preferences_dict(pref))


class NoticesView(_Signed):
    @extend_schema(operation_id="notices_list", responses=OBJ)
    def get(self, request: Request) -> Response:
        unread = request.query_params.get("unread") in ("1", "true")
        return Response(services.inbox(request.user, unread_only=unread))


class NoticesReadView(_Signed):
    @extend_schema(operation_id="notices_read", request=OBJ, responses=OBJ)
    def post(self, request: Request) -> Response:
        return Response({"marked": services.mark_read(request.user, request.data)})


class WebhooksView(_Signed):
    @extend_schema(operation_id="webhooks_list", responses=OBJ)
    def get(self, request: Request) -> Response:
        hooks = Webhook.objects.filter(owner=request.user, game__isnull=True)
        return Response({"webhooks": [services.webhook_dict(h) for h in hooks]})

    @extend_schema(operation_id="webhooks_add", request=OBJ, responses={201: OBJ})
    def post(self, request: Request) -> Response:
        hook = services.add_user_webhook(request.user, request.data)
        return Response(services.webhook_dict(hook, secret=True), status=201)


class WebhookView(_Signed):
    @extend_schema(operation_id="webhooks_remove", responses={204: None})
    def delete(self, request: Request, hook_id: int) -> Response:
        services.remove_webhook(request.user, hook_id)
        return Response(status=204)


class GameWebhooksView(_Signed):
    @extend_schema(operation_id="game_webhooks_list", responses=OBJ)
    def get(self, request: Request, game_id: int) -> Response:
        game = services.host_game(request.user, game_id)
        hooks = Webhook.objects.filter(game_id=game)
        return Response({"webhooks": [services.webhook_dict(h) for h in hooks]})

    @extend_schema(operation_id="game_webhooks_add", request=OBJ, responses={201: OBJ})
    def post(self, request: Request, game_id: int) -> Response:
        hook = services.add_game_webhook(request.user, game_id, request.data)
        return Response(services.webhook_dict(hook, secret=True), status=201)


class GameWebhookView(_Signed):
    @extend_schema(operation_id="game_webhooks_remove", responses={204: None})
    def delete(self, request: Request, game_id: int, hook_id: int) -> Response:
        services.remove_webhook(request.user, hook_id, services.host_game(request.user,
                                                                          game_id))
        return Response(status=204)


class PushKeyView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="push_key", responses=OBJ)
    def get(self, request: Request) -> Response:
        return Response(services.push_key())


class PushSubscriptionsView(_Signed):
    @extend_schema(operation_id="push_subscribe", request=OBJ, responses={201: OBJ})
    def post(self, request: Request) -> Response:
        sub = services.add_push(request.user, request.data)
        return Response({"id": sub.pk, "endpoint": sub.endpoint}, status=201)


class PushSubscriptionView(_Signed):
    @extend_schema(operation_id="push_unsubscribe", responses={204: None})
    def delete(self, request: Request, sub_id: int) -> Response:
        services.remove_push(request.user, sub_id)
        return Response(status=204)


class InboxView(_Signed):
    @extend_schema(operation_id="inbox", responses=OBJ)
    def get(self, request: Request) -> Response:
        return Response(catchup.inbox(request.user))


class CatchUpView(_Signed):
    @extend_schema(operation_id="games_catch_up", parameters=[
        OpenApiParameter("since", OpenApiTypes.INT, required=False,
                         description="From this step (default: the caller's last action)."),
        INVITE], responses=OBJ)
    def get(self, request: Request, game_id: int) -> Response:
        check_may_watch(request.user, game_id, invite=request.query_params.get("invite"))
        return Response(catchup.catch_up(request.user, game_id,
                                         request.query_params.get("since")))


def routes() -> list[Any]:
    from django.urls import path
    return [
        path("me/notifications", PreferencesView.as_view(), name="api-notifications"),
        path("me/notices", NoticesView.as_view(), name="api-notices"),
        path("me/inbox", InboxView.as_view(), name="api-inbox"),
        path("games/<int:game_id>/catch-up", CatchUpView.as_view(), name="api-catch-up"),
        path("me/notices/read", NoticesReadView.as_view(), name="api-notices-read"),
        path("me/webhooks", WebhooksView.as_view(), name="api-webhooks"),
        path("me/webhooks/<int:hook_id>", WebhookView.as_view(), name="api-webhook"),
        path("games/<int:game_id>/webhooks", GameWebhooksView.as_view(),
             name="api-game-webhooks"),
        path("games/<int:game_id>/webhooks/<int:hook_id>", GameWebhookView.as_view(),
             name="api-game-webhook"),
        path("push/key", PushKeyView.as_view(), name="api-push-key"),
        path("me/push-subscriptions", PushSubscriptionsView.as_view(), name="api-push-subs"),
        path("me/push-subscriptions/<int:sub_id>", PushSubscriptionView.as_view(),
             name="api-push-sub"),
    ]
