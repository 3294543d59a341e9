"""docs/protocol.md matches the wire (issue #16: "the protocol doc lists every code the server
sends"). Read from the source of boardgame/ with `ast`, so a code is found however it is
written there:

- every wire code: a string shaped `area/name` anywhere in the code (URL routes and media
  types aside), and any string in a code's place — `code=…`, `"code": …`, `code = …` (a
  class's default code too, such as `not_found`);
- every websocket close code (`CLOSE_* = 4…`);
- every route of the REST API (boardgame/api/urls.py), the replay endpoint among them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SHAPED = re.compile(r"^[a-z_]+/[a-z_]+$")
MEDIA_TYPES = {"application", "audio", "font", "image", "multipart", "text", "video"}
ROUTES = {"path", "re_path", "include"}


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
            for path in sorted((ROOT / "boardgame").rglob("*.py"))
            if "migrations" not in path.parts]


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _strings(node: ast.AST | None) -> list[str]:
    """The string constants `node` may evaluate to (a constant, or either branch of an if)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def wire_codes() -> dict[str, set[str]]:
    """code → the files that send it."""
    found: dict[str, set[str]] = {}
    for path, tree in _sources():
        routes = {id(arg) for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and _called(node) in ROUTES for arg in node.args}
        codes: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and SHAPED.match(node.value) and id(node) not in routes \
                    and node.value.split("/")[0] not in MEDIA_TYPES:
                codes.append(node.value)
            elif isinstance(node, ast.keyword) and node.arg == "code":
                codes += _strings(node.value)
            elif isinstance(node, ast.Dict):
                codes += [s for key, value in zip(node.keys, node.values, strict=True)
                          if isinstance(key, ast.Constant) and key.value == "code"
                          for s in _strings(value)]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == "code" for t in targets):
                    codes += _strings(node.value)
        for code in codes:
            found.setdefault(code, set()).add(str(path.relative_to(ROOT)))
    return found


def close_codes() -> set[int]:
    return {node.value.value for _, tree in _sources() for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, int) and 4000 <= node.value.value < 5000
            and any(isinstance(t, ast.Name) and t.id.startswith("CLOSE_") for t in node.targets)}


def api_routes() -> list[str]:
    tree = ast.parse((ROOT / "boardgame" / "api" / "urls.py").read_text(encoding="utf-8"))
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _called(node) == "path"
            and isinstance(node.args[0], ast.Constant)]


def test_every_wire_code_is_in_the_protocol_doc():
    codes = wire_codes()
    assert len(codes) > 60, "the scan found too few codes: it is off"
    assert {"replay/no_such_step", "not_found", "auth/csrf_failed"} <= set(codes)
    missing = {code: sorted(files) for code, files in codes.items()
               if not re.search(rf"(?<![\w/]){re.escape(code)}(?![\w/])", DOC)}
    assert missing == {}


def test_every_close_code_is_in_the_protocol_doc():
    codes = close_codes()
    assert {4401, 4409, 4410, 4429} <= codes
    assert sorted(c for c in codes if f"| {c} |" not in DOC) == []


def test_every_api_route_is_in_the_protocol_doc():
    """`games/<int:game_id>/replay/<int:seq>` must appear as `/api/games/{…}/replay/{…}`."""
    routes = api_routes()
    assert "games/<int:game_id>/replay/<int:seq>" in routes
    missing = []
    for route in routes:
        if route in ("schema/", "docs/"):
            continue
        pattern = re.escape("/api/" + route).replace(re.escape("/"), "/")
        pattern = re.sub(r"<[^>]+>", r"\\{[a-z_]+\\}", pattern.replace("\\<", "<")
                         .replace("\\>", ">"))
        if not re.search(pattern + r"(?![a-z/-])", DOC):
            missing.append(route)
    assert missing == []
