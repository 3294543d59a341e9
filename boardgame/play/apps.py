from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "boardgame.play"
    label = "play"
    verbose_name = "Play"
