"""The state a rolled-back game returns to, read from its record (the TWTEAW GM's roll-back,
`rollback.py`). Read-side only — the catch-up frames, the replay API and the roll-back itself
use it — so it imports nothing of the write path: `frames` needs it, and the write path
imports `frames`."""

from __future__ import annotations

from typing import Any

from engine import rulesets
from engine.kernel.record import replay_step

from .models import ActionRecord, Game, Snapshot


def state_before(game: Game, seq: int) -> dict[str, Any]:
    """The game's state just before step `seq`: the newest snapshot at or before `seq - 1`
    and the recorded steps after it, folded again (a rollback among them is rebuilt the same
    way)."""
    ruleset = rulesets.get(game.ruleset)
    snap = (Snapshot.objects.filter(game=game, version__lte=seq - 1).order_by("-version")
            .only("version", "state").first())
    if snap is None:
        raise ValueError(f"game {game.pk} has no snapshot before step {seq}")
    state = snap.state
    seed = bytes(game.seed)
    for record in (ActionRecord.objects.filter(game=game, seq__gt=snap.version, seq__lt=seq)
                   .order_by("seq").only("seq", "kind", "seat", "decision", "action")):
        state = replay_step(ruleset, state, record.kind, record.seat, record.decision,
                            record.action, seed=seed, before=before_rollback(game, record)).state
    return state


def before_rollback(game: Game, record: ActionRecord) -> dict[str, Any] | None:
    """For a rollback step, the state it returns to; None for any other step."""
    if record.kind != ActionRecord.Kind.ROLLBACK or not isinstance(record.action, dict):
        return None
    undoes = record.action.get("undoes")
    return state_before(game, undoes) if isinstance(undoes, int) else None
