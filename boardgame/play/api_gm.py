"""REST face of the game master (gm.py, issue #23):

    GET  /api/games/{id}/gm                                      → 200 GM state (anyone watching)
    POST /api/games/{id}/gm/appoint   {username | null}  (host) → 200 GM state
    POST /api/games/{id}/gm/pause     {hours?}  (GM; 1–168, default 48) → 200 clock frame
    POST /api/games/{id}/gm/resume    (GM)                       → 200 clock frame
    POST /api/games/{id}/gm/extend    {hours, seat?}  (GM)      → 200 clock frame
    GET  /api/games/{id}/gm/look?seat=  (GM, absent nation)     → 200 {seat, audience, v, view,
                                                                    orders}
    GET  /api/games/{id}/gm/options?seat=&decision=[&query=<JSON>]  (GM, absent nation)
                                                                → 200 {decision, seat, items}
    POST /api/games/{id}/gm/proxy     {seat, decision, action} (GM) → 200 {seat, v, orders}
                                      {seat, group, ready: true, cid} → 200 {cid, v, repeated}
    POST /api/games/{id}/gm/pool      {join}  (a watcher with no seat) → 200 GM state
    POST /api/games/{id}/gm/fill      {seat, username}  (GM)     → 200 seats frame
    POST /api/games/{id}/gm/rollback  (GM)                       → 200 {v, undoes}

Every view checks first that the caller may watch the game (`api_actions._Base`); refusals
are ActionRejected in the one error form (`auth/not_gm`, `auth/not_host`, `game/not_absent`,
`gm/not_in_pool`, `gm/is_a_nation`…) and change nothing.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from . import gm, rollback, services
from .actions import ActionRejected
from .api import INVITE
from .api_actions import _Base, _body, _query, _registered_player, _sent


class GmStateView(_Base):
    @extend_schema(operation_id="games_gm", parameters=[INVITE], responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        game = services.access_game(request.user, game_id,
                                    invite=request.query_params.get("invite"))
        return Response(gm.gm_state(request.user, game))


class GmAppointView(_Base):
    @extend_schema(operation_id="games_gm_appoint", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        new_gm = None if body.get("username") is None else _registered_player(body)
        return Response(_sent(gm.do_appoint(game_id, request.user, new_gm)))


class GmPauseView(_Base):
    @extend_schema(operation_id="games_gm_pause", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(gm.do_pause(game_id, request.user, _body(request).get("hours"))))


class GmResumeView(_Base):
    @extend_schema(operation_id="games_gm_resume", parameters=[INVITE], request=None,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(gm.do_resume(game_id, request.user)))


class GmExtendView(_Base):
    @extend_schema(operation_id="games_gm_extend", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        return Response(_sent(gm.do_extend(game_id, request.user, body.get("hours"),
                                           body.get("seat"))))


class GmLookView(_Base):
    @extend_schema(operation_id="games_gm_look", responses=OpenApiTypes.OBJECT, parameters=[
        OpenApiParameter("seat", str, required=True, description="An absent nation."), INVITE])
    def get(self, request: Request, game_id: int) -> Response:
        return Response(gm.do_look(game_id, request.user, request.query_params.get("seat")))


class GmOptionsView(_Base):
    @extend_schema(operation_id="games_gm_options", responses=OpenApiTypes.OBJECT, parameters=[
        OpenApiParameter("seat", str, required=True, description="An absent nation."),
        OpenApiParameter("decision", str, required=True),
        OpenApiParameter("query", str, description="A JSON object, as the nation's own "
                         "options query ({\"check\": orders} reads a draft)."), INVITE])
    def get(self, request: Request, game_id: int) -> Response:
        params = request.query_params
        query = _query(params.get("query"))
        seat, decision = params.get("seat"), params.get("decision")
        items = gm.do_options(game_id, request.user, seat, decision, query)
        return Response({"decision": decision, "seat": seat, "items": items})


class GmProxyView(_Base):
    @extend_schema(operation_id="games_gm_proxy", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        if body.get("ready") is True:
            accepted = _sent(gm.do_proxy_ready(game_id, request.user, body.get("seat"),
                                               body.get("group"), body.get("cid")))
            return Response(accepted.as_dict())
        if "action" not in body:
            raise ActionRejected("The body needs an action (or ready: true and a group).",
                                 code="request/invalid", status=400, field="action")
        return Response(_sent(gm.do_proxy_write(game_id, request.user, body.get("seat"),
                                                body.get("decision"), body["action"])))


class GmPoolView(_Base):
    @extend_schema(operation_id="games_gm_pool", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(gm.do_volunteer(game_id, request.user,
                                              _body(request).get("join"))))


class GmFillView(_Base):
    @extend_schema(operation_id="games_gm_fill", parameters=[INVITE],
                   request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        body = _body(request)
        return Response(_sent(gm.do_fill(game_id, request.user, body.get("seat"),
                                         body.get("username"))))


class GmRollbackView(_Base):
    @extend_schema(operation_id="games_gm_rollback", parameters=[INVITE], request=None,
                   responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, game_id: int) -> Response:
        return Response(_sent(rollback.do_rollback(game_id, request.user)))
