"""`python manage.py upgrade_games` — carry every running game to the rules this server plays.

Run at deploy, after `migrate` (`scripts/run` does). Safe to run again and beside live play:
each game is upgraded under its row lock; a game a write touched first is already done.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from boardgame.play.upgrade import upgrade_all


class Command(BaseCommand):
    help = "Upgrade running games to the current versions of their rules (state migrations)."

    def handle(self, *args, **options) -> None:
        figures = upgrade_all()
        if options["verbosity"] == 0:
            return
        for game_id, old, new in figures["upgraded"]:
            self.stdout.write(f"game {game_id}: {old} → {new}")
        for game_id in figures["stranded"]:
            self.stdout.write(f"game {game_id}: no migration reaches the current rules")
        self.stdout.write(f"{len(figures['upgraded'])} upgraded, "
                          f"{len(figures['stranded'])} stranded")
