"""Import contracts, counting imports inside functions too (they hide knots from readers and
tools, and make a refactor fail at run time instead of import time):

- the kernel and the board library import no ruleset (rulesets are registered from outside,
  as python-chess's variants extend the core without the core importing them);
- no ruleset imports another;
- no import cycle among the modules of one package of engine/ or among the modules of
  boardgame/ — a cycle hidden in a function-level import is a cycle.

A package still being untangled is marked xfail(strict=True): the day it is clean the test
passes unexpectedly and the mark must go, so a knot cannot come back unnoticed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = ROOT,
               modules: frozenset[str] = frozenset()) -> set[str]:
    """Every module `path` imports, anywhere in it, as absolute dotted names. `from x import y`
    is an import of x.y when that is one of `modules` (a submodule), else of x."""
    me = module_name(path, root)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in modules else module)
    return found


def graph(files: list[Path], root: Path = ROOT) -> dict[str, set[str]]:
    """Module → the modules of `files` it imports."""
    names = {module_name(f, root): f for f in files}
    known = frozenset(names)
    return {name: {other for other in imports_of(path, root, known)
                   if other in names and other != name}
            for name, path in names.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def py_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py")
                  if "migrations" not in p.parts)


ENGINE_MODULES = frozenset(module_name(p) for p in py_files("engine"))


def test_kernel_and_board_import_no_ruleset():
    offenders = {module_name(p): sorted(m for m in imports_of(p, ROOT, ENGINE_MODULES)
                                        if m.startswith("engine.rulesets"))
                 for p in py_files("engine/kernel", "engine/board")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_engine_part_imports_a_bot():
    """Bots play through the kernel's views and the rulesets' public functions; the kernel,
    the board library and the rulesets never import them (engine/bots, docs/bots.md)."""
    offenders = {module_name(p): sorted(m for m in imports_of(p, ROOT, ENGINE_MODULES)
                                        if m.startswith("engine.bots"))
                 for p in py_files("engine/kernel", "engine/board", "engine/rulesets")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_bots_import_no_platform():
    """The engine never imports Django or the platform: bots included."""
    offenders = {module_name(p): sorted(m for m in imports_of(p, ROOT, ENGINE_MODULES)
                                        if m.split(".")[0] in ("django", "boardgame", "channels"))
                 for p in py_files("engine/bots")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_ruleset_imports_another():
    rulesets = ROOT / "engine" / "rulesets"
    offenders = {}
    for package in sorted(p for p in rulesets.iterdir() if (p / "__init__.py").exists()):
        own = f"engine.rulesets.{package.name}"
        for path in py_files(str(package.relative_to(ROOT))):
            foreign = sorted(m for m in imports_of(path, ROOT, ENGINE_MODULES)
                             if m.startswith("engine.rulesets.") and not m.startswith(own)
                             and m.count(".") >= 2)
            if foreign:
                offenders[module_name(path)] = foreign
    assert offenders == {}


PACKAGES = ["engine/kernel", "engine/board", "engine/maps", "engine/rulesets/balance_of_powers",
            "engine/rulesets/fatal_alliances", "engine/rulesets/days_of_decision",
            "engine/rulesets/twteaw", "engine/bots", "boardgame"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_within(package):
    assert cycles(graph(py_files(package))) == []


def test_a_planted_knot_behind_a_function_level_import_is_found(tmp_path):
    """The check sees what a top-level scan would not: b imports a only inside a function."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def late():\n    from . import a\n    return a\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    files = sorted(pkg.glob("*.py"))
    assert cycles(graph(files, tmp_path)) == [["pkg.a", "pkg.b"]]
    (pkg / "b.py").write_text("def late():\n    return None\n")
    assert cycles(graph(files, tmp_path)) == []
