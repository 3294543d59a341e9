"""`python manage.py verify_games [--game ID ...] [--json]` — check every stored game against the
code: its log replayed with verified dice and state hashes, its snapshots, its version.

Exit status 1 when a game mismatches or is stranded (no migration reaches the code's rules).
"""

from __future__ import annotations

import json
from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from boardgame.play.verify import verify_all


class Command(BaseCommand):
    help = "Replay every stored game with the code and compare it with the database."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", type=int, action="append", help="only this game (repeat)")
        parser.add_argument("--json", dest="as_json", action="store_true", help="one JSON object per game")

    def handle(self, *args, game=None, as_json: bool = False, **options) -> None:
        verdicts = verify_all(game)
        for verdict in verdicts:
            if as_json:
                self.stdout.write(json.dumps(verdict.as_dict(), sort_keys=True))
            elif verdict.status != "ok" or options["verbosity"] > 1:
                self.stdout.write(f"game {verdict.game} ({verdict.ruleset}): {verdict.status}"
                                  + (f" — {verdict.detail}" if verdict.detail else ""))
        tally = Counter(v.status for v in verdicts)
        self.stdout.write(f"{len(verdicts)} games: " + ", ".join(
            f"{n} {status}" for status, n in sorted(tally.items())) if verdicts
            else "0 games")
        if tally["mismatch"] or tally["stranded"]:
            raise CommandError(f"{tally['mismatch']} mismatched, {tally['stranded']} stranded")
