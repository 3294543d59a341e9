"""RFC 6902 JSON Patch between two views of one audience.

Our own differ rather than jsonpatch.make_patch: views change by small edits to known places,
and a plain recursive walk gives short, deterministic patches (objects by key, lists element by
element when their lengths match, whole-value replacement otherwise), where jsonpatch's move
detection produced patches larger than the view itself. jsonpatch applies them, as an
independent check of our output.
"""

from __future__ import annotations

from typing import Any

import jsonpatch


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if type(old) is type(new) and isinstance(new, dict):
        for key in sorted(old):
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key in sorted(new):
            child = f"{path}/{_escape(key)}"
            if key not in old:
                ops.append({"op": "add", "path": child, "value": new[key]})
            elif old[key] != new[key] or type(old[key]) is not type(new[key]):
                _diff(old[key], new[key], child, ops)
        return
    if type(old) is type(new) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b or type(a) is not type(b):
                _diff(a, b, f"{path}/{index}", ops)
        return
    if type(old) is type(new) and isinstance(new, list) and len(new) == len(old) + 1 \
            and new[:-1] == old:
        ops.append({"op": "add", "path": f"{path}/-", "value": new[-1]})
        return
    ops.append({"op": "replace", "path": path, "value": new})


def make_patch(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The operations that turn `old` into `new` (RFC 6902), sorted by path within objects."""
    ops: list[dict[str, Any]] = []
    if old != new:
        _diff(old, new, "", ops)
    return ops


def apply_patch(document: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """`document` with `ops` applied; the input is left untouched."""
    patched: dict[str, Any] = jsonpatch.apply_patch(document, ops, in_place=False)
    return patched
