"""The glossary and the legends of a ruleset, from one Markdown file per ruleset and one for the
platform (`docs/learn/`), so the pages and the docs cannot drift:

    guide("balance_of_powers") → {"ruleset", "title", "cite",
                                  "glossary": [{"term", "aliases", "meaning", "rule", "source"}],
                                  "counters": [{"key", "meaning", "rule"}],
                                  "map": [{"key", "meaning", "rule", "source"}]}

Each file has up to three tables: `## Glossary` (term and its other spellings | meaning |
rule), `## Counters` (a counter sample the legend draws | meaning | rule) and `## Map` (a map
symbol | meaning | rule). A ruleset's row for a term or symbol the platform also explains wins;
its other rows come after the platform's. A ruleset's teacher (`boardgame.learn.teachers`) may
add facts it reads from the engine to map rows (a terrain's movement cost).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from boardgame.reference import CITE_PREFIX, plain, table_rows
from engine import rulesets
from engine.kernel.errors import UnknownRuleset

from . import teachers

PLATFORM = "platform"
SECTIONS = ("Glossary", "Counters", "Map")


def docs_path(name: str) -> Path:
    return Path(settings.BASE_DIR) / "docs" / "learn" / f"{name}.md"


def known(ruleset_id: str) -> bool:
    """Is `ruleset_id` a ruleset of this server (its guide is at least the platform's)?"""
    try:
        rulesets.get(ruleset_id)
    except UnknownRuleset:
        return False
    return True


def tables(name: str) -> dict[str, list[dict[str, str]]]:
    """The tables of `docs/learn/<name>.md` by section, each row as {header: cell}; a file
    that does not exist has none."""
    path = docs_path(name)
    if not path.exists():
        return {section: [] for section in SECTIONS}
    return _tables(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=16)
def _tables(path: str, mtime: int) -> dict[str, list[dict[str, str]]]:
    text = Path(path).read_text(encoding="utf-8")
    out: dict[str, list[dict[str, str]]] = {}
    for section in SECTIONS:
        start = text.find(f"\n## {section}\n")
        if start < 0:
            out[section] = []
            continue
        end = text.find("\n## ", start + 4)
        rows = table_rows(text[start:end if end > 0 else len(text)])
        if not rows:
            out[section] = []
            continue
        header = [cell.lower() for cell in rows[0]]
        out[section] = [dict(zip(header, (plain(c) for c in row), strict=False))
                        for row in rows[1:]]
    return out


def _spellings(cell: str) -> list[str]:
    return [s.strip() for s in cell.split(",") if s.strip()]


def glossary_entries(name: str, source: str) -> list[dict[str, Any]]:
    entries = []
    for row in tables(name)["Glossary"]:
        spellings = _spellings(row.get("term", ""))
        if not spellings:
            continue
        entries.append({"term": spellings[0], "aliases": spellings[1:],
                        "meaning": row.get("meaning", ""), "rule": row.get("rule", ""),
                        "source": source})
    return entries


def guide(ruleset_id: str) -> dict[str, Any]:
    """The glossary and legends of a ruleset (LookupError for an unknown ruleset)."""
    if not known(ruleset_id):
        raise LookupError(f"no ruleset {ruleset_id!r}")
    own = glossary_entries(ruleset_id, "ruleset")
    taken = {s.lower() for e in own for s in [e["term"], *e["aliases"]]}
    platform = [e for e in glossary_entries(PLATFORM, PLATFORM)
                if e["term"].lower() not in taken]
    return {"ruleset": ruleset_id,
            "title": rulesets.get(ruleset_id).manifest.get("title", ruleset_id),
            "cite": CITE_PREFIX.get(ruleset_id, ""),
            "glossary": own + platform,
            "counters": [{"key": r["sample"], "meaning": r.get("meaning", ""),
                          "rule": r.get("rule", "")}
                         for r in tables(ruleset_id)["Counters"] if r.get("sample")],
            "map": map_legend(ruleset_id)}


def map_legend(ruleset_id: str) -> list[dict[str, Any]]:
    """The platform's map symbols with the ruleset's meaning where it gives one, then the
    ruleset's own symbols (its marks); each with the engine's facts about it, if any."""
    own = {r["symbol"]: r for r in tables(ruleset_id)["Map"] if r.get("symbol")}
    facts = teachers.map_facts(ruleset_id)
    rows = []
    for row in tables(PLATFORM)["Map"]:
        key = row.get("symbol")
        if not key:
            continue
        mine = own.pop(key, None)
        rows.append({"key": key, "meaning": (mine or row).get("meaning", ""),
                     "rule": (mine or row).get("rule", ""),
                     "source": "ruleset" if mine else PLATFORM})
    rows += [{"key": key, "meaning": r.get("meaning", ""), "rule": r.get("rule", ""),
              "source": "ruleset"} for key, r in own.items()]
    for row in rows:
        if row["key"] in facts:
            row["facts"] = facts[row["key"]]
    return rows


def terms(ruleset_id: str) -> set[str]:
    """Every spelling the glossary of a ruleset explains (platform included)."""
    return {s for e in guide(ruleset_id)["glossary"] for s in [e["term"], *e["aliases"]]}
