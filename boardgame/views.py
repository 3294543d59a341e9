"""Error pages: JSON under /api/, HTML elsewhere (handler404 / handler500)."""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.template import loader

from boardgame.api.errors import busy_response, database_busy, json_error


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return json_error(404, "not_found", f"There is nothing at {request.path}.")
    return HttpResponse(loader.render_to_string("404.html", {}, request), status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Called while the exception is handled: one raised outside a view (a middleware saving
    # the session, say) that found the connection pool exhausted is a 503 too.
    if database_busy(sys.exc_info()[1]):
        return busy_response(request.path)
    if request.path.startswith("/api/"):
        return json_error(500, "server/error", "The server failed; the error was logged.")
    return HttpResponse(loader.render_to_string("500.html", {}), status=500)
