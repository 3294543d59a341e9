from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "boardgame.ratings"
    default_auto_field = "django.db.models.BigAutoField"
