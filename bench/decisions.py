"""The open decisions of a view as the bench's clients read them (docs/protocol.md): the
entries of `/decisions` with their id (the key; for an entry with `asked`, a question asked
again, the key and `-<count>`, the count being `/game/seq` less `asked`), without those
`/game/paused_decisions` names (listed but paused: never answered)."""

from __future__ import annotations

from typing import Any


def decision_id(view: dict[str, Any], key: str, entry: dict[str, Any]) -> str:
    """The id of the entry `entry` under `key` of the view's `/decisions`."""
    asked = entry.get("asked")
    if isinstance(asked, int) and not isinstance(asked, bool):
        return f"{key}-{view['game']['seq'] - asked}"
    return key


def open_decisions(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The view's open decisions, sorted by key, each a copy with its `id`."""
    view = view or {}
    paused = set((view.get("game") or {}).get("paused_decisions") or ())
    return [{**entry, "id": decision_id(view, key, entry)}
            for key, entry in sorted((view.get("decisions") or {}).items()) if key not in paused]
