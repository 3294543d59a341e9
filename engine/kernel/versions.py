"""Ruleset versions that never strand a game: state migrations between versions.

A ruleset bumps its `version` whenever a change can make a stored game replay differently (a
rule fixed, a state key renamed). Every bump ships a `Migration` from the previous version in
the ruleset's `migrations`, so a game started under an older version is carried forward and
played on, as Django carries a database forward with its schema migrations:

    class MyRules(Ruleset):
        version = "3"
        migrations = (Migration("2", "3", rename_keys, "combat['id'] became combat['hex']"),)

A migration is a pure function of a state of `from_version` returning the state in the shape
`to_version` expects (it may change the copy it is given). A pure rename is mechanical; a rule
fix usually leaves the state as it is (the identity) and changes only what happens next.

A game records each upgrade as a log step of kind `upgrade` (see `record.replay_step`), with
the migrated state's hash, so replay carries the game across the same boundary. What a version
could not express before the bump (the moves played under the old rules) is replayed by the
rules of that version if the engine still carries them (`Ruleset.earlier`), and otherwise
verified from the checkpoint the upgrade stored: `record.replay` says which.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import EngineError

State = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of a ruleset's version history: `from_version` → `to_version`."""

    from_version: str
    to_version: str
    migrate: Callable[[State], State]
    note: str


class Outdated(EngineError):
    """No chain of migrations leads from a game's version to the engine's."""


def identity(state: State) -> State:
    """The migration of a bump that changes rules, not the state's shape."""
    return state


def chain(migrations: tuple[Migration, ...], from_version: str,
          to_version: str) -> list[Migration]:
    """The migrations that carry a state from `from_version` to `to_version`, in order.
    Raises Outdated when there is no such chain (or it loops)."""
    by_source = {m.from_version: m for m in migrations}
    if len(by_source) != len(migrations):
        raise Outdated("two migrations start from the same version")
    steps: list[Migration] = []
    version = from_version
    while version != to_version:
        step = by_source.get(version)
        if step is None or len(steps) > len(migrations):
            raise Outdated(f"no migration carries version {from_version} to {to_version}")
        steps.append(step)
        version = step.to_version
    return steps


def can_upgrade(migrations: tuple[Migration, ...], from_version: str, to_version: str) -> bool:
    try:
        chain(migrations, from_version, to_version)
    except Outdated:
        return False
    return True


def upgrade(migrations: tuple[Migration, ...], state: State, from_version: str,
            to_version: str) -> State:
    """`state` (of `from_version`) carried to `to_version`. Never changes its input.

    Each migration is also applied to the earlier state the kernel keeps for an undo
    (`kernel.undo.state`, itself possibly holding one): an undo after the upgrade restores a
    state of the new shape. A ruleset's migration therefore handles one state only."""
    work = copy.deepcopy(state)
    for step in chain(migrations, from_version, to_version):
        work = _with_undo_point(step.migrate, work)
    return work


def _with_undo_point(migrate: Callable[[State], State], state: State) -> State:
    undo = state.get("kernel", {}).get("undo")
    if undo is not None and undo.get("state") is not None:
        undo["state"] = _with_undo_point(migrate, undo["state"])
    return migrate(state)


def notes(migrations: tuple[Migration, ...], from_version: str,
          to_version: str) -> list[str]:
    """What each migration on the way says it changed, for the log and the game page."""
    return [f"{m.from_version}→{m.to_version}: {m.note}"
            for m in chain(migrations, from_version, to_version)]
