"""RFC 6902 JSON Patch between two views of one audience."""

from __future__ import annotations

from typing import Any

import jsonpatch


def make_patch(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The operations that turn `old` into `new` (a list of RFC 6902 operations)."""
    return list(jsonpatch.make_patch(old, new).patch)


def apply_patch(document: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """`document` with `ops` applied; the input is left untouched."""
    return jsonpatch.apply_patch(document, ops, in_place=False)
