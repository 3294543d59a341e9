"""Play pages: the game page (the browser client in frontend/game), the replay viewer, and the
map-layers preview. The pages only hand the client its configuration; everything live comes
over the game socket and the REST API."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse

from boardgame import reference
from boardgame.api.errors import ServiceError
from engine import bots as engine_bots
from engine import rulesets

from . import gm, services

MAP_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _scenario(ruleset_id: str, scenario_id: str) -> tuple[dict, dict]:
    for manifest in rulesets.manifests():
        if manifest["id"] == ruleset_id:
            for scenario in manifest["scenarios"]:
                if scenario["id"] == scenario_id:
                    return manifest, scenario
            return manifest, {}
    return {}, {}


def client_config(request: HttpRequest, game: Any) -> dict[str, Any]:
    """What the browser client needs to start: ids, its seats, the map's URLs, the endpoints."""
    manifest, scenario = _scenario(game.ruleset, game.scenario)
    invite = request.GET.get("invite", "")
    suffix = f"?invite={invite}" if invite else ""
    map_name = scenario.get("map")
    # A scenario played on a window of a larger map (`map_window`: {of, centre, radius}) is
    # drawn on the larger map's art; the window itself is not a served map.
    map_window = scenario.get("map_window")
    art = map_window["of"] if map_window else map_name
    seats = services.players(game, colour=True)
    return {
        "game": game.pk, "table": game.table_id, "title": game.table.title,
        "ruleset": game.ruleset, "ruleset_title": manifest.get("title", game.ruleset),
        "scenario": game.scenario, "scenario_title": scenario.get("title", game.scenario),
        "sides": scenario.get("sides", []), "seats": seats,
        "bot_levels": engine_bots.levels(game.ruleset),
        "my_seats": services.seats_held(request.user, game),
        "audience": services.audience_for(request.user, game),
        "user": request.user.get_username() if request.user.is_authenticated else None,
        "gm": gm.gm_name(game),  # the game master's user name (gm.py), or null
        "invite": invite, "commitment": game.commitment, "pace": game.table.pace,
        "map": map_name, "map_window": map_window,
        "map_url": reverse("map-data", args=[art]) if art else None,
        "svg_url": static(f"maps/{art}/map.svg") if art else None,
        "ws_url": f"/ws/games/{game.pk}/",
        "api": reverse("api-game", args=[game.pk]), "record_url": reverse(
            "api-game-record", args=[game.pk]) + suffix,
        "replay_api": f"/api/games/{game.pk}/replay/",
        "game_url": reverse("game", args=[game.pk]) + suffix,
        "replay_url": reverse("replay", args=[game.pk]) + suffix,
        "table_url": reverse("table", args=[game.table_id]) + suffix,
        "csrf_cookie": settings.CSRF_COOKIE_NAME,
        "rules_url": reverse("rules-reference", args=[game.ruleset])
        if reference.has_reference(game.ruleset) else None,
        "rules_api": reverse("api-ruleset-reference", args=[game.ruleset])
        if reference.has_reference(game.ruleset) else None,
    }


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = services.access_game(request.user, game_id, invite=request.GET.get("invite"))
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    config = client_config(request, game)
    return render(request, "play/game.html", {
        "game": game, "table": game.table, "seats": config["seats"], "config": config,
        "audience": config["audience"], "invite": config["invite"]})


def replay_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = services.access_game(request.user, game_id, invite=request.GET.get("invite"))
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    config = client_config(request, game)
    return render(request, "play/replay.html", {
        "game": game, "table": game.table, "config": config, "invite": config["invite"]})


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


def rules_reference(request: HttpRequest, ruleset: str) -> HttpResponse:
    """The rules reference of a ruleset (boardgame/reference.py), open to everyone."""
    if not reference.has_reference(ruleset):
        raise Http404(f"No rules reference for {ruleset}.")
    return render(request, "rules/reference.html", {"ref": reference.reference(ruleset)})
