"""Play pages: a game's summary page (the rich board is the browser issue's) and map layers."""

from __future__ import annotations

import re

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from boardgame.api.errors import ServiceError

from . import services

MAP_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = services.access_game(request.user, game_id, invite=request.GET.get("invite"))
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    return render(request, "play/game.html", {
        "game": game, "table": game.table, "seats": services.players(game),
        "audience": services.audience_for(request.user, game),
        "invite": request.GET.get("invite", "")})


def map_layers(name: str) -> list[str]:
    """The SVG layers of a compiled map, in name order (static/maps/<name>/*.svg)."""
    if not MAP_NAME.match(name):
        raise Http404("no such map")
    folder = settings.SALIENT_MAPS_DIR / name
    if not folder.is_dir():
        raise Http404("no such map")
    layers = sorted(p.name for p in folder.glob("*.svg"))
    if not layers:
        raise Http404("no such map")
    return layers


def map_page(request: HttpRequest, name: str) -> HttpResponse:
    layers = map_layers(name)
    return render(request, "play/map.html", {
        "name": name, "layers": [{"name": layer.removesuffix(".svg"),
                                  "path": f"maps/{name}/{layer}"} for layer in layers]})
