"""The pages of ratings, profiles and the archive (issue #26): what the REST views answer
(`api.py`), read by a person. Each page renders one service call of `profiles.py` or
`archive.py`; a refused search shows its reason above an empty list."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from boardgame.api.errors import ServiceError
from engine import rulesets

from . import profiles
from .archive import search


def _ruleset_titles() -> dict[str, str]:
    return {m["id"]: m["title"] for m in rulesets.manifests() if m.get("product", True)}


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    try:
        found = profiles.profile(username)
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    return render(request, "ratings/player.html", {"profile": found,
                                                   "titles": _ruleset_titles()})


def ratings_page(request: HttpRequest) -> HttpResponse:
    scope = request.GET.get("scope") or "overall"
    titles = _ruleset_titles()
    scopes = [("overall", "All games")] + [(f"ruleset:{k}", v) for k, v in titles.items()]
    try:
        board = profiles.leaderboard(scope)
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    return render(request, "ratings/leaderboard.html", {"board": board, "scopes": scopes})


def archive_page(request: HttpRequest) -> HttpResponse:
    params = {k: request.GET.get(k, "").strip() for k in
              ("player", "ruleset", "scenario", "state", "result", "since", "until", "page")}
    error, found = None, {"games": [], "page": 1}
    try:
        found = search(request.user, {k: v for k, v in params.items() if v})
    except ServiceError as exc:
        error = exc.message
    return render(request, "ratings/archive.html", {
        "found": found, "params": params, "error": error, "titles": _ruleset_titles()},
        status=400 if error else 200)
