"""RFC 6902 JSON Patch between two views of one audience.

Our own differ rather than jsonpatch.make_patch: views change by small edits to known places,
and a plain recursive walk gives short, deterministic patches (objects by key, lists element by
element when their lengths match, one add or remove at its index when a list gains or loses a
single element, one `move` and the edits inside it when an object reappears under a new key,
whole-value replacement otherwise), where jsonpatch's move
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
        gone = sorted(key for key in old if key not in new)
        # Keys arrive as well as go (counted without a pass over `new`): look for renames.
        moved = _renames(old, new, gone) if gone and len(new) > len(old) - len(gone) else {}
        for key in gone:
            if key not in moved:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        sources = {target: source for source, target in moved.items()}
        for key in sorted(new):
            # The path is built only for a key that changed (most of a view's keys do not).
            if key in sources:
                # The same object under a new key (a question asked again under a fresh id):
                # move it there, then patch what changed inside it.
                child = f"{path}/{_escape(key)}"
                ops.append({"op": "move", "from": f"{path}/{_escape(sources[key])}", "path": child})
                _diff(old[sources[key]], new[key], child, ops)
            elif key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": new[key]})
            elif old[key] != new[key] or type(old[key]) is not type(new[key]):
                _diff(old[key], new[key], f"{path}/{_escape(key)}", ops)
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


def _renames(old: dict[str, Any], new: dict[str, Any], gone: list[str]) -> dict[str, str]:
    """Keys that go away paired with keys that arrive holding mostly the same object.

    An object counts as the same when more than half of the new one's fields are equal, by
    value, to the old one's: a decision re-issued under a fresh id (FA's `…-land_move-russia-1`
    after `…-0`, BoP's half menu under the next fortnight's ids) keeps its kind, seats, prompt
    and options. Each pair becomes one `move` plus the edits inside, not a `remove` and an
    `add` of the whole object. The comparison is shallow (one `==` per field), and it runs
    only where an object both loses and gains keys. Pairs are made in sorted key order, the
    best match first, so the patch is deterministic."""
    arrived = sorted(key for key in new if key not in old and type(new[key]) is dict)
    candidates = [key for key in gone if type(old[key]) is dict]
    if not arrived or not candidates:
        return {}
    pairs: dict[str, str] = {}
    for target in arrived:
        fresh = new[target]
        best, score = None, len(fresh) // 2
        for source in candidates:
            if score == len(fresh):
                break                       # an equal object: nothing can beat it
            if source in pairs:
                continue
            was = old[source]
            misses = len(fresh) - score     # this many unequal fields and it cannot beat `best`
            for field, value in fresh.items():
                if field not in was or was[field] != value:
                    misses -= 1
                    if not misses:
                        break
            else:
                best, score = source, score + misses    # its equal fields: more than before
        if best is not None:
            pairs[best] = target
    return pairs


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
