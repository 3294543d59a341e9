"""JSON answers for every /api/ path, even where DRF does not reach (unknown paths, crashes,
bodies over the limit); and a 503 on every path when the database pool has no connection free."""

from __future__ import annotations

import logging
from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from .errors import busy_response, database_busy, json_error
from .inputguard import UnsafeInput, refuse_text, text_problem

logger = logging.getLogger("boardgame.api")

# Refusals Django makes before any API view runs, by status: their JSON code and message.
NON_JSON_REFUSALS = {
    400: ("request/malformed", "The request could not be accepted as sent (for example its "
                               "Host header names a site not served here)."),
    403: ("auth/forbidden", "You may not do that."),
    405: ("request/method_not_allowed", "That method is not allowed here."),
    413: ("request/too_large", "The request is too large."),
}


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.SALIENT_API_MAX_BODY:
            return json_error(413, "request/too_large",
                              f"The request body has {length} bytes; the limit is "
                              f"{settings.SALIENT_API_MAX_BODY}.",
                              {"limit": settings.SALIENT_API_MAX_BODY})
        response = self.get_response(request)
        if response.status_code >= 400 and "json" not in response.get("Content-Type", ""):
            return self.as_json(request, response.status_code)
        return response

    @staticmethod
    def as_json(request: HttpRequest, status: int) -> HttpResponse:
        """An error Django answered with its own page (a Host not in ALLOWED_HOSTS, an
        unknown path, a crash in a middleware; in DEBUG the technical page, settings and
        all) in the one JSON form instead."""
        if status == 404:
            return json_error(404, "not_found", f"There is nothing at {request.path}.")
        if status >= 500:
            return json_error(status, "server/error", "The server failed; the error was logged.")
        code, message = NON_JSON_REFUSALS.get(status,
                                              ("request/error", "The request was refused."))
        return json_error(status, code, message)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if database_busy(exception):  # every path: a 503 that says so, not a 500
            logger.warning("no database connection free for %s %s: answered 503",
                           request.method, request.path)
            return busy_response(request.path)
        if not request.path.startswith("/api/"):
            return None
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return json_error(500, "server/error", "The server failed; the error was logged.")


class InputGuardMiddleware:
    """Refuses a request whose path, query string or `Authorization` header carries text no
    part of Salient can store (NUL, lone surrogates: see inputguard.py) before any view or
    database lookup sees it. The API answers the JSON error form; pages a plain 400."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            self.check(request)
        except UnsafeInput as refused:
            if request.path.startswith("/api/"):
                return json_error(refused.status, refused.code, refused.message, refused.data)
            return HttpResponseBadRequest(f"Bad request: {refused.message}\n",
                                          content_type="text/plain; charset=utf-8")
        return self.get_response(request)

    @staticmethod
    def check(request: HttpRequest) -> None:
        # In order: a parameter's name is checked before its values, so `where` never
        # quotes a bad name back.
        candidates = [("path", request.path_info)]
        for key, values in request.GET.lists():
            candidates.append(("query (a parameter name)", key))
            candidates.extend((f"query.{key}", value) for value in values)
        candidates.append(("header.Authorization", request.META.get("HTTP_AUTHORIZATION", "")))
        for where, text in candidates:
            problem = text_problem(text)
            if problem:
                raise refuse_text(where, problem)
