"""Indexes for the archive search (boardgame/ratings/archive.py) on the play app's game table,
made here so the play app's own migrations stay as they are."""

from django.db import migrations

INDEXES = [
    ("archive_game_ruleset", "play_game", "ruleset, scenario"),
    ("archive_game_started", "play_game", "started"),
    ("archive_game_finished", "play_game", "finished"),
]


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial"), ("play", "0004_action_kind_upgrade")]

    operations = [
        migrations.RunSQL(f"CREATE INDEX IF NOT EXISTS {name} ON {table} ({columns})",
                          f"DROP INDEX IF EXISTS {name}")
        for name, table, columns in INDEXES
    ]
