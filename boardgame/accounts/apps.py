from django.apps import AppConfig
from django.db.models.signals import post_migrate


def create_cache_table(sender, using="default", verbosity=1, **kwargs) -> None:
    """The database cache keeps rate-limit counters shared by all processes: make its table.

    Run after every `migrate` (createcachetable does nothing when the table exists), so a fresh
    install, and a deployment that drops REDIS_URL later, both get it."""
    from django.conf import settings
    from django.core.management import call_command

    if any(c["BACKEND"].endswith("DatabaseCache") for c in settings.CACHES.values()):
        call_command("createcachetable", database=using, verbosity=0)


class AccountsConfig(AppConfig):
    name = "boardgame.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # No `sender=self`: Django sends post_migrate only for apps that have a models module,
        # and this one has none, so a hook bound to it never ran and a fresh install had no
        # cache table (sign-up answered 500). Any app's post_migrate will do.
        post_migrate.connect(create_cache_table, dispatch_uid="salient.create_cache_table")
        from . import signals
        signals.connect()  # credentials revoked: tokens deleted, sockets told
