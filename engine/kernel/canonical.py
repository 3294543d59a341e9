"""Canonical JSON and state hashes: the same data always gives the same bytes."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 kept; floats are refused (state holds none)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False, default=_refuse)


def _refuse(value: Any) -> Any:
    raise TypeError(f"not a JSON type: {type(value).__name__}")


def state_hash(value: Any) -> str:
    """SHA-256 of the canonical JSON, hex."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def assert_json_state(value: Any, path: str = "") -> None:
    """AssertionError if `value` holds anything but dict/list/str/int/bool/None (no floats)."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        raise AssertionError(f"float in state at {path or '/'}")
    if isinstance(value, list):
        for index, item in enumerate(value):
            assert_json_state(item, f"{path}/{index}")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise AssertionError(f"non-string key {key!r} at {path or '/'}")
            assert_json_state(item, f"{path}/{key}")
        return
    raise AssertionError(f"{type(value).__name__} in state at {path or '/'}")
