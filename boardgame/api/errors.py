"""Errors of the services and their one JSON form.

Every error a client sees is `{"error": {"code": "...", "message": "...", "data": {...}}}` with a
4xx/5xx status. Services raise `ServiceError` subclasses (a stable code, named data, a message
in a player's words); DRF's own exceptions and the engine's are mapped here, in one place.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.template import loader
from rest_framework import exceptions, status
from rest_framework.response import Response

from engine.kernel import BadSetup, EngineError, IllegalAction, MalformedAction

logger = logging.getLogger(__name__)


class ServiceError(Exception):
    """A refusal by a service: `code` is stable (`table/seat_taken`), `data` names the values."""

    code = "request/invalid"
    status = 400

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None,
                 **data: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.data = data

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "data": self.data}


class NotFound(ServiceError):
    code = "not_found"
    status = 404


class Forbidden(ServiceError):
    code = "auth/forbidden"
    status = 403


class Conflict(ServiceError):
    code = "request/conflict"
    status = 409


class RateLimited(ServiceError):
    code = "auth/rate_limited"
    status = 429


class DatabaseBusy(ServiceError):
    """Every database connection of this process stayed in use for the pool's timeout."""

    code = "server/busy"
    status = 503

    def __init__(self) -> None:
        super().__init__("The server is busy: no database connection came free in time. "
                         "Try again in a moment.", retry_after=1)


def database_busy(exc: BaseException | None) -> bool:
    """Whether `exc`, or an exception it was raised from, is the connection pool's timeout
    (Django wraps it in its own OperationalError)."""
    try:
        from psycopg_pool import PoolTimeout
    except ImportError:  # no pool installed: never busy
        return False
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, PoolTimeout):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def busy_response(request_path: str) -> HttpResponse:
    """503 for a request that found no free connection: the JSON error under /api/, a plain
    page (rendered without the database) elsewhere."""
    if request_path.startswith("/api/"):
        busy = DatabaseBusy()
        response: HttpResponse = json_error(503, busy.code, busy.message, busy.data)
    else:
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = "1"
    return response


def error_body(code: str, message: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "data": data or {}}}


def json_error(status_code: int, code: str, message: str,
               data: dict[str, Any] | None = None) -> JsonResponse:
    return JsonResponse(error_body(code, message, data), status=status_code)


def _flatten(detail: Any) -> str:
    """One readable sentence from DRF's nested validation details."""
    if isinstance(detail, dict):
        parts = []
        for key, value in detail.items():
            text = _flatten(value)
            parts.append(text if key == "non_field_errors" else f"{key}: {text}")
        return "; ".join(parts)
    if isinstance(detail, list):
        return " ".join(_flatten(item) for item in detail)
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's EXCEPTION_HANDLER: every refusal in the one JSON error form."""
    headers: dict[str, str] = {}
    if isinstance(exc, ServiceError):
        return Response(error_body(exc.code, exc.message, exc.data), status=exc.status)
    if isinstance(exc, BadSetup):
        return Response(error_body("table/bad_setup", str(exc)), status=400)
    if isinstance(exc, (IllegalAction, MalformedAction)):
        if isinstance(exc, IllegalAction):
            body = error_body(f"action/{exc.code}", exc.message,
                              {"rule": exc.rule, **exc.data})
        else:
            body = error_body("action/malformed", exc.message, exc.data)
        return Response(body, status=400)
    if isinstance(exc, EngineError):
        return Response(error_body(exc.code, str(exc)), status=400)
    if isinstance(exc, Http404):
        return Response(error_body("not_found", "Not found."), status=404)
    if isinstance(exc, DjangoPermissionDenied):
        return Response(error_body("auth/forbidden", "You may not do that."), status=403)
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: the middleware answers a JSON 500 and logs it
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        body = error_body("request/invalid", _flatten(detail) or "Invalid input.",
                          {"fields": detail})
        return Response(body, status=400, headers=headers)
    if isinstance(exc, exceptions.ParseError):
        code = "request/malformed"
    elif isinstance(exc, (exceptions.NotAuthenticated, exceptions.AuthenticationFailed)):
        code = "auth/not_authenticated"
    elif isinstance(exc, exceptions.PermissionDenied):
        code = ("auth/csrf_failed" if str(exc.detail).startswith("CSRF Failed")
                else "auth/forbidden")
    elif isinstance(exc, exceptions.NotFound):
        code = "not_found"
    elif isinstance(exc, exceptions.MethodNotAllowed):
        code = "request/method_not_allowed"
    elif isinstance(exc, exceptions.UnsupportedMediaType):
        code = "request/unsupported_media_type"
    elif isinstance(exc, exceptions.NotAcceptable):
        code = "request/not_acceptable"
    elif isinstance(exc, exceptions.Throttled):
        code = "auth/rate_limited"
    else:
        code = "request/error"
    status_code = exc.status_code
    if code == "auth/not_authenticated" and "WWW-Authenticate" not in headers:
        status_code = status.HTTP_401_UNAUTHORIZED
        headers["WWW-Authenticate"] = "Token"
    return Response(error_body(code, _flatten(exc.detail)), status=status_code, headers=headers)
