from django.apps import AppConfig


class VacationConfig(AppConfig):
    name = "boardgame.vacation"
    default_auto_field = "django.db.models.BigAutoField"
