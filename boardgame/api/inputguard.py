"""The input guard: text no part of Salient can store or use, refused at the edge with a 400.

Three kinds of input got past every field check and failed deep inside (probe F11):
- NUL (`\\x00`): PostgreSQL text and jsonb cannot hold it, so a lookup or a save raised
  `DataError` (500);
- a lone surrogate (`"\\ud800"` in JSON): no UTF-8 encoding exists, so saving it raised
  `UnicodeEncodeError` (500);
- JSON nested past Python's recursion limit: `json.loads` raised `RecursionError` (500), and
  nesting just under it still recursed through every copy, hash and serialisation after.

No legitimate call sends any of them, so they are refused wherever text enters: the path,
the query string and the `Authorization` header (`InputGuardMiddleware`), every JSON request
body (`GuardedJSONParser`) and JSON carried in a parameter (`loads`). The answer is
`400 request/invalid` with `data.fields` naming where (`body.action.units.0`, `query.ruleset`,
`path`).
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from django.conf import settings
from rest_framework.parsers import JSONParser

from .errors import ServiceError

NUL_PROBLEM = "contains a NUL character"
SURROGATE_PROBLEM = "contains a lone surrogate"


def max_depth() -> int:
    return settings.SALIENT_MAX_JSON_DEPTH


class UnsafeInput(ServiceError):
    """Input refused by the guard: `fields` maps where → what is wrong."""

    code = "request/invalid"
    status = 400

    def __init__(self, message: str, fields: dict[str, str], **data: Any) -> None:
        super().__init__(message, fields=fields, **data)


def text_problem(text: str) -> str | None:
    """What makes `text` unstorable, or None."""
    if "\x00" in text:
        return NUL_PROBLEM
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return SURROGATE_PROBLEM
    return None


def refuse_text(where: str, problem: str) -> UnsafeInput:
    kind = "a NUL character" if problem == NUL_PROBLEM else "a lone surrogate"
    return UnsafeInput(f"{where} contains {kind}, which Salient never accepts.",
                       {where: problem})


def too_deep(where: str) -> UnsafeInput:
    limit = max_depth()
    return UnsafeInput(f"{where} is nested too deep (the limit is {limit} levels).",
                       {where: f"nested deeper than {limit} levels"}, max_depth=limit)


def _walk(value: Any, where: str) -> Iterator[tuple[str, int, Any]]:
    """Every value inside `value` with its path and depth, without recursion (the point is
    to survive input that would exhaust the stack). Object keys come as `(key)` entries."""
    stack: list[tuple[str, int, Any]] = [(where, 0, value)]
    while stack:
        path, depth, item = stack.pop()
        yield path, depth, item
        if isinstance(item, dict):
            for key, child in item.items():
                yield f"{path}.(key)", depth + 1, key
                stack.append((f"{path}.{key}", depth + 1, child))
        elif isinstance(item, list):
            stack.extend((f"{path}.{i}", depth + 1, child) for i, child in enumerate(item))


def check_json(value: Any, where: str) -> Any:
    """`value` unchanged, or UnsafeInput naming the first unstorable string or the depth."""
    limit = max_depth()
    for path, depth, item in _walk(value, where):
        if depth > limit:
            raise too_deep(where)
        if isinstance(item, str):
            problem = text_problem(item)
            if problem:
                raise refuse_text(path, problem)
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes, where: str) -> Any:
    """Strict JSON (no NaN/Infinity) that passes `check_json`. Raises ValueError for text
    that is not JSON at all, UnsafeInput for JSON Salient refuses."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise too_deep(where) from None
    return check_json(value, where)


class GuardedJSONParser(JSONParser):
    """DRF's JSON parser (strict: no NaN) plus the guard: every API body passes here."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        try:
            return check_json(super().parse(stream, media_type, parser_context), "body")
        except RecursionError:
            raise too_deep("body") from None
