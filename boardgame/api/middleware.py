"""JSON answers for every /api/ path, even where DRF does not reach (unknown paths, crashes,
bodies over the limit); and a 503 on every path when the database pool has no connection free."""

from __future__ import annotations

import logging
from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .errors import busy_response, database_busy, json_error

logger = logging.getLogger("boardgame.api")


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
        content_type = response.get("Content-Type", "")
        if response.status_code == 404 and "json" not in content_type:
            return json_error(404, "not_found", f"There is nothing at {request.path}.")
        if response.status_code >= 500 and "json" not in content_type:
            return json_error(response.status_code, "server/error",
                              "The server failed; the error was logged.")
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if database_busy(exception):  # every path: a 503 that says so, not a 500
            logger.warning("no database connection free for %s %s: answered 503",
                           request.method, request.path)
            return busy_response(request.path)
        if not request.path.startswith("/api/"):
            return None
        logger.exception("unhandled error on %s %s", request.method, request.path)
        return json_error(500, "server/error", "The server failed; the error was logged.")
