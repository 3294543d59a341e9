"""Websocket routes: the game socket and the lobby's."""

from django.urls import URLPattern, path

from boardgame.jobs.worker import start_in_process_worker
from boardgame.lobby.consumers import LobbyConsumer
from boardgame.play.consumers import GameConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

# A task worker runs inside every ASGI process too (quick start: no second command, and the
# in-memory layer reaches only this process's sockets). Off with SALIENT_IN_PROCESS_WORKER=0
# when `manage.py run_worker` services do the job; see boardgame/jobs/worker.py.
start_in_process_worker()
