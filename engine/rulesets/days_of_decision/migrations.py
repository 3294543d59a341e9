"""Days of Decision — state migrations between versions (docs/rulesets.md, "Versions").

Each function takes ONE state of the older version (a copy it may change) and returns it in the
newer version's shape; the kernel carries the undo point itself (engine/kernel/versions.upgrade).
"""

from __future__ import annotations

from typing import Any

from engine.kernel.versions import Migration

State = dict[str, Any]


def add_minor_politics(state: State) -> State:
    """Version 2 (issue #24, second slice): minor-effect markers (8.4.3), alliances (IPO 3),
    guarantees (IPO 12), coup cells (MP 0(e)), each power's trade policy (IPO 18: the US alone
    starts a free trader) and the activation in progress (8.5). A version-1 game has none of
    them yet, so each starts empty; its minors keep their hexes."""
    board = state["board"]
    for key in ("modifiers", "alliances", "guarantees", "coup_cells"):
        board.setdefault(key, {})
    for power, entry in board["powers"].items():
        entry.setdefault("free_trader", power == "US")
    state["flow"].setdefault("activation", None)
    return state


MIGRATIONS = (
    Migration("1", "2", add_minor_politics,
              "minor markers, activation (8.5), alliances, guarantees, coup cells, trade "
              "policy; IPO 3, 12, 17, 18 and MP 0(e) become playable"),
)
