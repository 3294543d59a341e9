"""Fatal Alliances' version history: each bump's state migration (docs/rulesets.md, Versions).

A migration takes a state of the older version (a copy it may change) and returns it in the
shape the newer version plays. Renames are mechanical; a rule fix adds the state it needs with
the value that makes a running game go on as the new rule would have had it.
"""

from __future__ import annotations

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


def v3_to_v4(state: State) -> State:
    """Renames (`flow.acts` → `answer_counts`, `flow.box` → `impulse_box`, `board.circle` →
    `production_circle`, the combat's `n` → `number`); `flow.pending` is dropped (who decides
    is computed, never stored)."""
    flow, board = state["flow"], state["board"]
    _rename(flow, FLOW_RENAMES)
    _rename(board, BOARD_RENAMES)
    flow.pop("pending", None)
    if flow.get("combat") is not None:
        _rename(flow["combat"], COMBAT_RENAMES)
    return state


MIGRATIONS = (
    Migration("3", "4", v3_to_v4,
              "renamed flow.acts, flow.box, board.circle and the combat's n; flow.pending "
              "no longer stored"),
)
