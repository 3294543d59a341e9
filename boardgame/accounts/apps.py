from django.apps import AppConfig
from django.db.models.signals import post_migrate


def create_cache_table(sender, using="default", verbosity=1, **kwargs) -> None:
    """The database cache keeps rate-limit counters shared by all processes: make its table."""
    from django.conf import settings
    from django.core.management import call_command

    if any(c["BACKEND"].endswith("DatabaseCache") for c in settings.CACHES.values()):
        call_command("createcachetable", database=using, verbosity=0)


class AccountsConfig(AppConfig):
    name = "boardgame.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        post_migrate.connect(create_cache_table, sender=self,
                             dispatch_uid="salient.create_cache_table")
