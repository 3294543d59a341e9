from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "boardgame.jobs"
    default_auto_field = "django.db.models.BigAutoField"
