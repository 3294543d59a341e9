"""Carry running games forward to the rules this server plays (engine/kernel/versions.py).

A game keeps, in `versions["ruleset"]`, the version of its rules it started under, and in
`versions["playing"]` (once upgraded) the one it is played under now. When the code's ruleset
is newer and its migrations lead there from the game's version, the game is upgraded — at
once by `manage.py upgrade_games` (which `scripts/run` runs at start), or the first time a
write touches it: the state is migrated under the row lock, an `upgrade` step goes into the
log with the migrated state's hash, and the migrated state is kept as a snapshot (the
checkpoint replay resumes from when the old rules are gone). Connected clients see the
version jump and resynchronise. A game no migration reaches stays readable and may still be
ended, but is not played on (`game/outdated`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.record import upgrade_action, upgrade_step
from engine.kernel.versions import can_upgrade, upgrade

from .models import ActionRecord, Game, Snapshot


def playing_version(game: Game) -> str | None:
    """The version of its rules the game is played under now."""
    versions = game.versions or {}
    version = versions.get("playing", versions.get("ruleset"))
    return None if version is None else str(version)


def needs_upgrade(game: Game, ruleset: Any) -> bool:
    playing = playing_version(game)
    return playing is not None and playing != ruleset.version


def upgradable(game: Game, ruleset: Any) -> bool:
    playing = playing_version(game)
    return playing is not None and can_upgrade(ruleset.migrations, playing, ruleset.version)


def upgrade_locked(game: Game, ruleset: Any) -> dict[str, Any]:
    """Upgrade `game` to `ruleset.version`. Caller holds the game row lock inside a
    transaction and has checked `upgradable`. Returns the logged action ({from, to})."""
    outcome = upgrade_step(ruleset, game.state, str(playing_version(game)))
    action = upgrade_action(outcome)
    game.version += 1
    ActionRecord.objects.create(
        game=game, seq=game.version, kind=ActionRecord.Kind.UPGRADE, seat=None,
        decision=None, action=action, events=[e.to_json() for e in outcome.events],
        rolls=[], state_hash=state_hash(outcome.state), by="server")
    Snapshot.objects.create(game=game, version=game.version, state=outcome.state)
    game.state = outcome.state
    game.versions = {**(game.versions or {}), "playing": ruleset.version}
    Game.objects.filter(pk=game.pk).update(state=game.state, version=game.version,
                                           versions=game.versions)
    return action


def current_state(game: Game, ruleset: Any) -> dict[str, Any]:
    """The game's state in the shape the current rules read, for reads that must not write
    (the upgrade itself waits for the next write)."""
    playing = playing_version(game)
    if playing is None or playing == ruleset.version:
        return game.state
    return upgrade(ruleset.migrations, game.state, playing, ruleset.version)


def upgrade_game(game_id: int) -> dict[str, Any] | None:
    """Upgrade one game in its own transaction if it needs and can; the logged action."""
    with transaction.atomic(durable=True):
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.is_over:
            return None
        ruleset = rulesets.get(game.ruleset)
        if not needs_upgrade(game, ruleset) or not upgradable(game, ruleset):
            return None
        return upgrade_locked(game, ruleset)


def upgrade_all() -> dict[str, Any]:
    """Upgrade every running game that needs it: {upgraded: [(id, from, to)], stranded: [ids]}."""
    upgraded: list[tuple[int, str, str]] = []
    stranded: list[int] = []
    for game in Game.objects.filter(finished__isnull=True).only("id", "ruleset", "versions"):
        try:
            ruleset = rulesets.get(game.ruleset)
        except LookupError:
            stranded.append(game.pk)
            continue
        if not needs_upgrade(game, ruleset):
            continue
        if not upgradable(game, ruleset):
            stranded.append(game.pk)
            continue
        action = upgrade_game(game.pk)
        if action is not None:
            upgraded.append((game.pk, action["from"], action["to"]))
    return {"upgraded": upgraded, "stranded": stranded}
