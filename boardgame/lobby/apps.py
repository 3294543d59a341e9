from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "boardgame.lobby"
    label = "lobby"
    verbose_name = "Lobby"
