"""RFC 6902 JSON Patch between two views of one audience.

Our own differ rather than jsonpatch.make_patch: views change by small edits to known places,
and a plain recursive walk gives short, deterministic patches (objects by key, lists element by
element when their lengths match, one add or remove at its index when a list gains or loses a
single element, whole-value replacement otherwise), where jsonpatch's move
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
    if type(old) is type(new) and isinstance(new, list) and abs(len(new) - len(old)) == 1:
        # One element added or removed anywhere (a sorted list of ids gaining or losing one):
        # one op at its index, not the whole list again.
        at = 0
        while at < min(len(old), len(new)) and _same(old[at], new[at]):
            at += 1
        if len(new) > len(old) and _same_list(new[at + 1:], old[at:]):
            where = "-" if at == len(old) else str(at)
            ops.append({"op": "add", "path": f"{path}/{where}", "value": new[at]})
            return
        if len(new) < len(old) and _same_list(old[at + 1:], new[at:]):
            ops.append({"op": "remove", "path": f"{path}/{at}"})
            return
    ops.append({"op": "replace", "path": path, "value": new})


def _same(a: Any, b: Any) -> bool:
    """Equal with the same JSON types all the way down (True is not 1 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return _same_list(a, b)
    return bool(a == b)


def _same_list(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))


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
