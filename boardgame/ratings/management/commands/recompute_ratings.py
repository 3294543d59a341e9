"""`python manage.py recompute_ratings [--check]` — every rating again from the records.

With `--check`, report the stored ratings the records do not give again (exit 1 if any);
without, rewrite the stored ratings from the records."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from boardgame.ratings import rate
from boardgame.ratings.models import Rating


class Command(BaseCommand):
    help = "Recompute ratings from the game records (OpenSkill Plackett-Luce)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--check", action="store_true",
                            help="only compare with the stored ratings")

    def handle(self, *args: Any, check: bool = False, **options: Any) -> None:
        if check:
            found = rate.differences()
            for line in found:
                self.stdout.write(line)
            self.stdout.write(f"{len(found)} differences")
            if found:
                sys.exit(1)
            return
        again = rate.recompute()
        with transaction.atomic():
            Rating.objects.all().delete()
            Rating.objects.bulk_create([Rating(user_id=u, scope=s, mu=mu, sigma=sigma, games=n)
                                        for (u, s), (mu, sigma, n) in again.items()])
        self.stdout.write(f"{len(again)} ratings recomputed")
