"""REST face of the action service, for bots and scripts that play without a socket.

    POST /api/games/{id}/actions   {cid, seat, decision, action}  → 200 {cid, v, repeated}
    GET  /api/games/{id}/options?seat=&decision=[&query=<JSON>]  → 200 {decision, seat, items}
    POST /api/games/{id}/orders    {seat, decision, action}       → 200 {seat, v, orders}
                                   {seat, decision, withdraw: true}
    POST /api/games/{id}/ready     {cid, seat, group, ready}      → 200 {cid, v, repeated}
    POST /api/games/{id}/undo      {cid, seat}                    → 200 {cid, v, repeated}
    POST /api/games/{id}/resign    {seat, cid?}                   → 200 {cid, v, repeated}
    POST /api/games/{id}/draw      {agree}                        → 200 {v | null}
    POST /api/games/{id}/pause     {pause}                        → 200 clock frame
    POST /api/games/{id}/deadline  {hours}   (host)               → 200 clock frame
    POST /api/games/{id}/extend    {hours | null}  (players' vote) → 200 clock frame
    POST /api/games/{id}/abandon   (host)                         → 200 {cid: null, v, repeated}
    POST /api/games/{id}/seats/{seat}/replace {username} (host)   → 200 seats frame
    POST /api/games/{id}/chat      {channel, text}                → 201 chat frame (429 over
                                                                     the chat budget)

Before anything else every view checks that the caller may watch the game (`?invite=` as on
`GET /api/games/{id}/`): a stranger to a private game gets `404 game/not_found`, exactly as
for a missing id, from every endpoint; seat and host checks come after.

Each view parses, calls one service, sends the frames the service committed
(`broadcast.send_messages`: this process's sockets at once, the others through the layer, as
for a socket's action) and serialises its answer; refusals are ActionRejected (a
ServiceError) and leave through the one error form of boardgame.api.errors, with the wire code
(`action/stale`, `auth/not_your_seat`…) and the engine's rule and reason in `data`.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.accounts.ratelimit import check_rate
from boardgame.api import inputguard

from . import actions, bots, broadcast, chat, deadlines, options, orders, seating, services, votes
from .actions import ActionRejected
from .api import INVITE
from .frames import Committed


def _body(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ActionRejected("The body must be a JSON object.", code="request/invalid",
                             status=400)
    return request.data


def _sent(committed: Committed[Any]) -> Any:
    """Send what a service committed to the game's sockets; its answer."""
    broadcast.send_messages(committed.messages)
    return committed.answer


def _rejected(exc: ActionRejected) -> Response:
    data = dict(exc.data)
    for key in ("rule", "reason", "v"):
        if getattr(exc, key, None) is not None:
            data[key] = getattr(exc, key)
    return Response({"error": {"code": exc.code, "message": exc.message, "data": data}},
                    status=exc.status)


class _Base(APIView):
    permission_classes = [IsAuthenticated]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # authentication first: 401 before 404
        services.check_may_watch(request.user, kwargs["game_id"],
                                 invite=request.query_params.get("invite"))

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ActionRejected):
            return _rejected(exc)
        return super().handle_exception(exc)


class ActionsView(_Base):
    @extend_schema(operation_id="games_act", parameters=[INVITE], request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        if "action" not in body:
            raise ActionRejected("The body needs an action.", code="request/invalid",
                                 status=400, field="action")
        accepted = _sent(actions.submit_action(game_id, request.user, body.get("seat"),
                                               body.get("decision"), body["action"],
                                               body.get("cid")))
        return Response(accepted.as_dict())


def _query(raw: str | None) -> Any:
    """An options query's JSON (None when absent); bad JSON is a 400 on the `query` field."""
    if raw is None:
        return None
    try:
        return inputguard.loads(raw, "query.query")
    except ValueError:
        raise ActionRejected("query must be JSON.", code="request/invalid",
                             status=400, field="query") from None


class OptionsView(_Base):
    @extend_schema(operation_id="games_options", responses=OpenApiTypes.OBJECT, parameters=[
        OpenApiParameter("seat", str, required=True, description="The seat asking."),
        OpenApiParameter("decision", str, required=True, description="An open decision's id."),
        OpenApiParameter("query", str, description="A JSON object narrowing the listing "
                                                   "(the ruleset says which keys)."),
        INVITE])
    def get(self, request: Request, game_id: int) -> Response:
        query = _query(request.query_params.get("query"))
        seat = request.query_params.get("seat")
        decision = request.query_params.get("decision")
        items = options.get_options(game_id, request.user, seat, decision, query)
        return Response({"decision": decision, "seat": seat, "items": items})


class OrdersView(_Base):
    """Written orders: write (or replace) one, or withdraw it with `"withdraw": true`. No
    step of the game: the answer is the seat's orders as they now stand, and the version."""

    @extend_schema(operation_id="games_orders", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        if body.get("withdraw") is True:
            mine = _sent(orders.do_withdraw_order(game_id, request.user, body.get("seat"),
                                                  body.get("decision")))
        elif "action" not in body:
            raise ActionRejected("The body needs an action (or withdraw: true).",
                                 code="request/invalid", status=400, field="action")
        else:
            mine = _sent(orders.do_write_order(game_id, request.user, body.get("seat"),
                                               body.get("decision"), body["action"]))
        return Response(mine)


class ReadyView(_Base):
    @extend_schema(operation_id="games_ready", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        accepted = _sent(orders.submit_ready(game_id, request.user, body.get("seat"),
                                             body.get("group"), body.get("ready"),
                                             body.get("cid")))
        return Response(accepted.as_dict())


class UndoView(_Base):
    @extend_schema(operation_id="games_undo", parameters=[INVITE], request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        accepted = _sent(actions.submit_undo(game_id, request.user, body.get("seat"),
                                             body.get("cid")))
        return Response(accepted.as_dict())


class ResignView(_Base):
    @extend_schema(operation_id="games_resign", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        accepted = _sent(actions.do_resign(game_id, request.user, body.get("seat"),
                                           body.get("cid")))
        return Response(accepted.as_dict())


class DrawView(_Base):
    @extend_schema(operation_id="games_draw", parameters=[INVITE], request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        agree = _body(request).get("agree")
        if not isinstance(agree, bool):
            raise ActionRejected("agree must be true or false.", code="request/invalid",
                                 status=400, field="agree")
        accepted = _sent(votes.do_vote_draw(game_id, request.user, agree))
        return Response({"v": accepted.v if accepted else None})


class PauseView(_Base):
    @extend_schema(operation_id="games_pause", parameters=[INVITE], request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        pause = _body(request).get("pause")
        if not isinstance(pause, bool):
            raise ActionRejected("pause must be true or false.", code="request/invalid",
                                 status=400, field="pause")
        return Response(_sent(votes.do_vote_pause(game_id, request.user, pause)))


class DeadlineView(_Base):
    @extend_schema(operation_id="games_extend_deadline", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(deadlines.do_extend_deadline(game_id, request.user,
                                                           _body(request).get("hours"))))


class ExtendVoteView(_Base):
    @extend_schema(operation_id="games_vote_extend", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(votes.do_vote_extend(game_id, request.user,
                                                   _body(request).get("hours"))))


class AbandonGameView(_Base):
    @extend_schema(operation_id="games_abandon", parameters=[INVITE], request=None,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(actions.do_abandon_game(game_id, request.user)).as_dict())


def _registered_player(body: dict[str, Any]) -> Any:
    """The active account `body["username"]` names; a clear refusal otherwise."""
    username = body.get("username")
    if not isinstance(username, str) or not 1 <= len(username.strip()) <= 150:
        raise ActionRejected("username must name a registered player.",
                             code="request/invalid", status=400, field="username")
    users = get_user_model()
    try:
        return users.objects.get(**{users.USERNAME_FIELD: username.strip(), "is_active": True})
    except users.DoesNotExist:
        raise ActionRejected(f"There is no player called {username.strip()[:150]!r}.",
                             code="user/not_found", status=404,
                             username=username.strip()[:150]) from None


class ReplaceSeatView(_Base):
    """The host hands a seat in civil disorder to another registered player
    (`{"username": …}`) or to a bot (`{"bot": level}`)."""

    @extend_schema(operation_id="games_replace_seat", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int, seat: str) -> Response:
        body = _body(request)
        if "bot" in body:
            new_user = bots.disorder_bot_user(game_id, request.user, seat, body["bot"])
        else:
            new_user = _registered_player(body)
        return Response(_sent(seating.do_replace_seat(game_id, request.user, seat, new_user)))


class TakeOverView(_Base):
    """The host gives a bot's seat to a registered player (`{"username": …}`), at any time."""

    @extend_schema(operation_id="games_take_over", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int, seat: str) -> Response:
        new_user = _registered_player(_body(request))
        return Response(_sent(bots.do_take_over(game_id, request.user, seat, new_user)))


class ChatView(_Base):
    @extend_schema(operation_id="games_chat", parameters=[INVITE], request=OpenApiTypes.OBJECT,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        # A socket may send CHAT_RATE messages a window; over REST the same budget is the
        # user's, whatever the number of clients. Counted outside the service's transaction.
        check_rate("game_chat", f"user:{request.user.pk}")
        return Response(_sent(chat.do_post_chat(game_id, request.user, body.get("channel"),
                                                body.get("text"))), status=201)
