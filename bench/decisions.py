"""The open decisions of a view as the bench's clients read them (docs/protocol.md): the
entries of `/decisions` with their key as `id`, without those `/game/paused_decisions` names
(listed but paused: never answered)."""

from __future__ import annotations

from typing import Any


def open_decisions(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The view's open decisions, sorted by id, each a copy with its `id`."""
    view = view or {}
    paused = set((view.get("game") or {}).get("paused_decisions") or ())
    return [{**entry, "id": key} for key, entry in sorted((view.get("decisions") or {}).items())
            if key not in paused]
