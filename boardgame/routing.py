"""Websocket routes: the game socket and the lobby's."""

from django.urls import URLPattern, path

from boardgame.lobby.consumers import LobbyConsumer
from boardgame.play.consumers import GameConsumer
from boardgame.play.deadlines import start_in_process_sweeper

websocket_urlpatterns: list[URLPattern] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

# The deadline sweeper runs inside every ASGI process too (quick start: no second command).
# Off with SALIENT_IN_PROCESS_SWEEPER=0; see boardgame/play/deadlines.py.
start_in_process_sweeper()
