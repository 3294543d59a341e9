"""Check every stored game against the code (`manage.py verify_games`).

Each game is rebuilt from its log with the rules the code carries (engine.kernel.record.replay:
every die re-rolled from the seed and compared, every step's state hash compared, upgrades
carried out by the migrations) and compared with the state the database holds; every snapshot
is compared with the state hash logged at its step. Runs on the server only: the seed of a
running game is used here and never shown.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.errors import EngineError, ReplayMismatch
from engine.kernel.record import replay

from . import services, upgrade
from .models import ActionRecord, Game, Snapshot


@dataclass(frozen=True)
class Verdict:
    game: int
    ruleset: str
    status: str  # ok | upgrade_pending | stranded | mismatch
    detail: str = ""
    actions: int = 0
    verified_from: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def verify_game(game: Game) -> Verdict:
    try:
        ruleset = rulesets.get(game.ruleset)
    except LookupError:
        return Verdict(game.pk, game.ruleset, "stranded", "this server has no such ruleset")
    pending = upgrade.needs_upgrade(game, ruleset)
    if pending and not upgrade.upgradable(game, ruleset):
        return Verdict(game.pk, game.ruleset, "stranded",
                       f"played under {upgrade.playing_version(game)}; no migration leads to "
                       f"{ruleset.version}")
    bad = _bad_snapshots(game)
    if bad:
        return Verdict(game.pk, game.ruleset, "mismatch",
                       f"snapshots differ from the logged state at {bad}")
    record = services.full_record(game, checkpoints=True)
    try:
        report = _replay(record, ruleset, pending)
    except ReplayMismatch as exc:
        return Verdict(game.pk, game.ruleset, "mismatch", str(exc), len(record["actions"]))
    except EngineError as exc:
        status = "upgrade_pending" if pending else "mismatch"
        return Verdict(game.pk, game.ruleset, status, str(exc), len(record["actions"]))
    if pending:
        return Verdict(game.pk, game.ruleset, "upgrade_pending",
                       f"{upgrade.playing_version(game)} → {ruleset.version}: its log "
                       "verifies; `manage.py upgrade_games` carries it forward",
                       report.actions, report.verified_from)
    return Verdict(game.pk, game.ruleset, "ok", "", report.actions, report.verified_from)


def _replay(record: dict[str, Any], ruleset: Any, pending: bool) -> Any:
    """Replay the record. A game still waiting for its upgrade ends in the old version's
    state: replay it, then compare the migrated result with the migrated stored state."""
    if not pending:
        return replay(record, ruleset)
    stored = record["final_state_hash"]
    report = replay(dict(record, final_state_hash=None), ruleset)
    if report.state_hash != stored:
        raise ReplayMismatch("the rebuilt state differs from the stored one")
    return report


def _bad_snapshots(game: Game) -> list[int]:
    logged = dict(ActionRecord.objects.filter(game=game).values_list("seq", "state_hash"))
    bad = []
    for version, state in Snapshot.objects.filter(game=game).values_list("version", "state"):
        expected = logged.get(version)
        if version and expected and expected != state_hash(state):
            bad.append(version)
    return bad


def verify_all(game_ids: list[int] | None = None) -> list[Verdict]:
    games = Game.objects.order_by("pk")
    if game_ids:
        games = games.filter(pk__in=game_ids)
    return [verify_game(game) for game in games.iterator()]
