"""JSON answers for every /api/ path, even where DRF does not reach (unknown paths, crashes,
bodies over the limit)."""

from __future__ import annotations

import logging
from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from .errors import json_error
from .inputguard import UnsafeInput, refuse_text, text_problem

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
