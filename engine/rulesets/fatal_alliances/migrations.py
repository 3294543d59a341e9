"""Fatal Alliances' version history: each bump's state migration (docs/rulesets.md, Versions).

A migration takes a state of the older version (a copy it may change) and returns it in the
shape the newer version plays. Renames are mechanical; a rule fix adds the state it needs with
the value that makes a running game go on as the new rule would have had it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel.versions import Migration

State = dict[str, Any]

# v3 key → v4 key: names a reader understands without the code.
FLOW_RENAMES = {"acts": "answer_counts", "box": "impulse_box"}
BOARD_RENAMES = {"circle": "production_circle"}
COMBAT_RENAMES = {"n": "number"}


def _rename(part: dict[str, Any], renames: dict[str, str]) -> None:
    for old, new in renames.items():
        if old in part:
            part[new] = part.pop(old)


def with_undo_point(migrate: Callable[[State], None]) -> Callable[[State], State]:
    """A migration of the ruleset's part of a state, applied to the state and to the copy
    the kernel keeps for an undo (`kernel.undo.state`): an undo after the upgrade restores a
    state of the new shape."""
    def migration(state: State) -> State:
        migrate(state)
        undo = state.get("kernel", {}).get("undo")
        if undo is not None:
            migrate(undo["state"])
        return state
    migration.__doc__ = migrate.__doc__
    return migration


def _v3_to_v4(state: State) -> None:
    """Renames (`flow.acts` → `answer_counts`, `flow.box` → `impulse_box`, `board.circle` →
    `production_circle`, the combat's `n` → `number`); `flow.pending` is dropped (who decides
    is computed, never stored)."""
    flow, board = state["flow"], state["board"]
    _rename(flow, FLOW_RENAMES)
    _rename(board, BOARD_RENAMES)
    flow.pop("pending", None)
    if flow.get("combat") is not None:
        _rename(flow["combat"], COMBAT_RENAMES)


v3_to_v4 = with_undo_point(_v3_to_v4)


MIGRATIONS = (
    Migration("3", "4", v3_to_v4,
              "renamed flow.acts, flow.box, board.circle and the combat's n; flow.pending "
              "no longer stored"),
)
