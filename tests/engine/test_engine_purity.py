"""House rules for engine/: no Django, no ambient randomness or time, no shapely at run time."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_EVERYWHERE = {"random", "time", "datetime", "secrets", "django", "boardgame"}
BUILD_ONLY = {"shapely", "pyproj"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def engine_files() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py"))


def test_engine_draws_no_ambient_randomness_or_time_and_never_imports_django():
    offenders = {str(p.relative_to(ENGINE)): sorted(imported_modules(p) & FORBIDDEN_EVERYWHERE)
                 for p in engine_files()
                 if imported_modules(p) & FORBIDDEN_EVERYWHERE
                 # the map compiler runs at build time and may time its own work
                 and "maps" not in p.relative_to(ENGINE).parts[:1]}
    assert offenders == {}


def test_geometry_libraries_stay_in_the_map_compiler():
    offenders = sorted(str(p.relative_to(ENGINE)) for p in engine_files()
                       if imported_modules(p) & BUILD_ONLY
                       and p.relative_to(ENGINE).parts[0] != "maps")
    assert offenders == []
    init = ENGINE / "maps" / "__init__.py"
    if init.exists():
        assert not imported_modules(init) & BUILD_ONLY
