"""Balance of Powers — state migrations between versions (docs/rulesets.md, "Versions").

Each function takes a state of the older version (a copy it may change) and returns it in the
newer version's shape. The kernel's undo point holds an earlier state of the same game, so it
is carried forward too.
"""

from __future__ import annotations

from typing import Any

from engine.kernel.versions import Migration

State = dict[str, Any]

FLOW_RENAMES_V3 = {"pos": "script_position", "k": "answer_count", "bthru": "breakthrough"}


def _rename(table: dict[str, Any], old: str, new: str) -> None:
    if old in table:
        table[new] = table.pop(old)


def rename_v2_keys(state: State) -> State:
    """Version 3's names for version 2's state keys (issue #14): the script cursor, the answer
    counter, the half's breakthrough markers and table flag, a combat's inherent defense,
    demoralization; the dead `flow["pending"]`, the write-only `violated` flag and the derived
    `crisis` flag (2.92: demoralization at the national limit) are no longer stored."""
    flow = state["flow"]
    for old, new in FLOW_RENAMES_V3.items():
        _rename(flow, old, new)
    flow.pop("pending", None)
    combat = flow.get("combat")
    if combat is not None:
        _rename(combat, "id", "inherent_defense")
        result = combat.get("result")
        if result is not None:
            result["flags"] = ["breakthrough" if f == "bthru" else f for f in result["flags"]]
    for power in state["powers"].values():
        _rename(power, "dem", "demoralization")
        power.pop("crisis", None)
        power.pop("violated", None)
    undo = state.get("kernel", {}).get("undo")
    if undo is not None:
        undo["state"] = rename_v2_keys(undo["state"])
    return state


def v2_to_v3(state: State) -> State:
    """Version 2 → 3: the renames of issue #14."""
    return rename_v2_keys(state)


MIGRATIONS = (
    Migration("2", "3", v2_to_v3, "flow pos/k/bthru → script_position/answer_count/"
              "breakthrough, combat id → inherent_defense, dem → demoralization; crisis derived"),
)
