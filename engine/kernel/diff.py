"""RFC 6902 JSON Patch between two views of one audience.

Our own differ rather than jsonpatch.make_patch: views change by small edits to known places,
and a plain recursive walk gives short, deterministic patches (objects by key, lists element by
element when their lengths match, one add or remove at its index when a list gains or loses a
single element, a list of scalars (ids, numbers) by the shortest of its edit script, its
replaced elements or itself, one `move` and the edits inside it when an object reappears under a new key (if
that is shorter than removing it and adding it again),
a small object changed in several places sent again whole when that is shorter than the
edits inside it, whole-value replacement otherwise), where jsonpatch's move
detection produced patches larger than the view itself. jsonpatch applies them, as an
independent check of our output.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

import jsonpatch


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if type(old) is type(new) and isinstance(new, dict):
        gone = sorted(key for key in old if key not in new)
        # Keys arrive as well as go (counted without a pass over `new`): look for renames.
        moved = _renames(old, new, gone) if gone and len(new) > len(old) - len(gone) else {}
        inside: dict[str, list[dict[str, Any]]] = {}
        for source, target in list(moved.items()):
            # The same object under a new key (a question asked again under a fresh id): a
            # move there and the edits inside it, if that is shorter than a remove and an add.
            child = f"{path}/{_escape(target)}"
            edits: list[dict[str, Any]] = [
                {"op": "move", "from": f"{path}/{_escape(source)}", "path": child}]
            _diff(old[source], new[target], child, edits)
            plain = [{"op": "remove", "path": f"{path}/{_escape(source)}"},
                     {"op": "add", "path": child, "value": new[target]}]
            if _size(edits) < _size(plain):
                inside[target] = edits
            else:
                del moved[source]
        for key in gone:
            if key not in moved:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key in sorted(new):
            # The path is built only for a key that changed (most of a view's keys do not).
            if key in inside:
                ops.extend(inside[key])
            elif key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": new[key]})
            elif old[key] != new[key] or type(old[key]) is not type(new[key]):
                _diff_or_replace(old[key], new[key], f"{path}/{_escape(key)}", ops)
        return
    if (type(old) is type(new) and isinstance(new, list) and old and new
            and _scalars(old) and _scalars(new)):
        # A list of ids or numbers (the pool, a paused menu, a force): its edit script when
        # that is shorter than the list (several ids in or out), else the list again.
        _list_edits(old, new, path, ops)
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


# An object this small (by keys) that changes in several places may be sent again whole.
_SMALL = 16


def _diff_or_replace(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """`_diff`, or for a small object changed in several places (a ship that moved and spent
    its movement, a combat record between two questions), one `replace` of it when that is
    shorter than the edits inside it (issue #27)."""
    if type(old) is not dict or type(new) is not dict or len(new) > _SMALL:
        _diff(old, new, path, ops)
        return
    edits: list[dict[str, Any]] = []
    _diff(old, new, path, edits)
    if len(edits) > 1:
        whole = [{"op": "replace", "path": path, "value": new}]
        if _size(whole) < _size(edits):
            edits = whole
    ops.extend(edits)


_SCALARS = (str, int, float, bool, type(None))


def _scalars(items: list[Any]) -> bool:
    return all(type(item) in _SCALARS for item in items)


def _list_edits(old: list[Any], new: list[Any], path: str, ops: list[dict[str, Any]]) -> None:
    """`old` into `new`, two lists of JSON scalars, by the shortest of: the removes and adds
    around their longest matching blocks (difflib, deterministic; elements compared with their
    types, so True is not 1), the replaced elements when the lengths are equal, or one
    `replace` of the whole list."""
    typed_old = [(type(item).__name__, item) for item in old]
    typed_new = [(type(item).__name__, item) for item in new]
    edits: list[dict[str, Any]] = []
    length = len(old)
    matcher = difflib.SequenceMatcher(None, typed_old, typed_new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        # Everything before new[j1] is in place: the edits of this block start at index j1.
        for _ in range(i2 - i1):
            edits.append({"op": "remove", "path": f"{path}/{j1}"})
            length -= 1
        for at in range(j1, j2):
            where = "-" if at == length else str(at)
            edits.append({"op": "add", "path": f"{path}/{where}", "value": new[at]})
            length += 1
    candidates: list[list[dict[str, Any]]] = [edits]
    if len(old) == len(new):    # in place, element by element (one id replaced by another)
        candidates.append([{"op": "replace", "path": f"{path}/{index}", "value": new[index]}
                           for index, (a, b) in enumerate(zip(typed_old, typed_new,
                                                              strict=True)) if a != b])
    candidates.append([{"op": "replace", "path": path, "value": new}])
    # The shortest (the first of equals: the edits, then in place, then the whole list).
    shortest = min(candidates, key=_size)
    ops.extend(shortest)


def _size(ops: list[dict[str, Any]]) -> int:
    return len(json.dumps(ops, separators=(",", ":"), ensure_ascii=False))


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
