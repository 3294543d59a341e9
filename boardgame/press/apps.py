from django.apps import AppConfig


class PressConfig(AppConfig):
    name = "boardgame.press"
    default_auto_field = "django.db.models.BigAutoField"
