from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "boardgame.notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import hooks  # noqa: F401 — the seat-handover signal
