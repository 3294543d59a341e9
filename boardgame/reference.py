"""The rules reference a player reads beside the map, built from one source per ruleset: the
coverage matrix and the rulings of `docs/rules/<ruleset>.md`. So the reference and the matrix
cannot drift: a section the matrix marks implemented is an entry here, in our own words, with
its status, its tests and the rulings that cite it. No rulebook prose is ever shown.

    reference("balance_of_powers") → {"ruleset", "title", "entries": [...], "rulings": [...]}
    resolve("balance_of_powers", "10.531") → "10.53"   (the entry a cite opens)

Sections are decimal strings in the rulebook's own numbering, where "10.531" belongs to "10.53"
and "10.5" is the chapter of "10.51"…"10.59": a cite opens its own entry, else the longest
entry it belongs to, else the first entry of its chapter.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from engine import rulesets

SECTION = re.compile(r"\d+(?:\.\d+)*")
# What the cites in code and events look like, per ruleset ("BoP 9.24", "FA 11.12").
CITE_PREFIX = {"balance_of_powers": "BoP", "fatal_alliances": "FA", "days_of_decision": "DoD",
               "twteaw": "TWTEAW"}
# The War to End All Wars names most of its rules rather than numbering them ("TWTEAW neutrals",
# "TWTEAW Miscellaneous"): a named cite opens the entry whose section is the name's slug, else
# the one it ends ("artillery" → "units-artillery"), else the first it begins ("units" →
# "units-infantry"). These name an entry in other words than its section.
NAMED_ALIASES = {"twteaw": {"table-a": "reaction-tables", "british-empire": "neutrals-britain",
                            "turn": "miscellaneous"}}
RULINGS_HEADINGS = ("## Rulings", "## Ambiguities decided", "## Deviations")


def docs_path(ruleset_id: str) -> Path:
    return Path(settings.BASE_DIR) / "docs" / "rules" / f"{ruleset_id}.md"


def has_reference(ruleset_id: str) -> bool:
    return ruleset_id in CITE_PREFIX and docs_path(ruleset_id).exists()


def reference(ruleset_id: str) -> dict[str, Any]:
    """The reference of a ruleset (LookupError when it has none)."""
    if not has_reference(ruleset_id):
        raise LookupError(f"no rules reference for {ruleset_id!r}")
    path = docs_path(ruleset_id)
    return _parsed(ruleset_id, str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=8)
def _parsed(ruleset_id: str, path: str, mtime: int) -> dict[str, Any]:
    text = Path(path).read_text(encoding="utf-8")
    entries = _matrix(text)
    rulings = _rulings(text, ruleset_id)
    by_section = {entry["section"]: entry for entry in entries}
    opens = _opens(entries)
    for ruling in rulings:
        for cited in ruling["sections"]:
            section = _resolve_in(opens, cited)
            if section is not None and ruling["id"] not in by_section[section]["rulings"]:
                by_section[section]["rulings"].append(ruling["id"])
    title = rulesets.get(ruleset_id).manifest.get("title", ruleset_id)
    return {"ruleset": ruleset_id, "title": title, "cite": CITE_PREFIX[ruleset_id],
            "entries": entries, "rulings": rulings}


def table_rows(block: str) -> list[list[str]]:
    """The cells of a Markdown table's rows (the separator row skipped)."""
    rows = []
    for line in block.splitlines():
        if line.startswith("|") and not set(line) <= set("|-: "):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def _matrix(text: str) -> list[dict[str, Any]]:
    """The coverage matrix's rows. Two layouts: `section | rule | status | tests` (BoP) and
    `section and rule | status | tests` (FA)."""
    start = text.index("## Coverage matrix")
    end = text.find("\n## ", start + 5)
    block = text[start:end if end > 0 else len(text)]
    block = block.split("\n### ", 1)[0]          # worked examples etc. are another table
    rows = table_rows(block)
    header, body = [h.lower() for h in rows[0]], rows[1:]
    entries: list[dict[str, Any]] = []
    for row in body:
        cells = dict(zip(header, row, strict=False))
        first = plain(cells.get("section", ""))
        if not first or first in ("—", "-"):
            continue
        found = SECTION.match(first)
        if found:       # "10.55", "4 / 6.0", "21.2 breakdown and build-up"
            section = found.group(0)
            label = first[len(section):].strip(" /—-")
        else:           # "option 4 emergency HQ supply (2.4.4)": named, not numbered
            words = first.split()
            section = "-".join(words[:2]).lower()
            label = first
        # Other sections the row covers: in the section cell itself ("4 / 6.0"), or named in
        # parentheses by a row of options ("option 4 emergency HQ supply (2.4.4)").
        also = ([n for n in _sections_in(first) if n != section] if found is not None
                else re.findall(r"\((\d+(?:\.\d+)+)\)", first))
        if found and label and any(e["section"] == section for e in entries):
            # "9 starvation" after "9 russian revolution": topics of one numbered phase, each
            # its own entry (ids stay unique).
            section = f"{section}-{slug(label)}"
        rule = cells.get("rule") or re.sub(r"^[\d.\s/]+", "", label) or label
        entries.append({"section": section, "also": also, "rule": plain(rule),
                        "status": plain(cells.get("status", "")),
                        "tests": plain(cells.get("tests") or cells.get("test(s)") or ""),
                        "rulings": []})
    return entries


def _sections_in(cell: str) -> list[str]:
    """Every section a matrix cell names: its leading numbers and ranges ("4 / 6.0", "15–20",
    "11.2–11.7" → 11.2 … 11.7) and any dotted number after them ("13.1 partisans, 13.2 US/CW
    entry" → 13.2). Bare numbers further on are counts and values ("1 RP", "−2"), and bare
    numbers over 99 are years: neither names a chapter."""
    out: list[str] = []
    lead = re.match(r"[\d.\s/–-]+", cell)
    head = lead.group(0) if lead else ""
    for low, high in re.findall(r"(\d+(?:\.\d+)*)[–-](\d+(?:\.\d+)*)", head):
        stem_low, _, last_low = low.rpartition(".")
        stem_high, _, last_high = high.rpartition(".")
        if stem_low == stem_high:
            out += [f"{stem_low}.{n}" if stem_low else str(n)
                    for n in range(int(last_low), int(last_high) + 1)]
        else:
            out += [low, high]
    rest = re.sub(r"(\d+(?:\.\d+)*)[–-](\d+(?:\.\d+)*)", " ", head)
    out += [n for n in SECTION.findall(rest) if "." in n or int(n) <= 99]
    out += [n for n in SECTION.findall(cell[len(head):]) if "." in n]
    return list(dict.fromkeys(out))


def _rulings(text: str, ruleset_id: str) -> list[dict[str, Any]]:
    """Numbered or bulleted rulings: `N. **Title** (sections): text` or `- **Title** …`."""
    out: list[dict[str, Any]] = []
    for heading in RULINGS_HEADINGS:
        start = text.find(heading)
        if start < 0:
            continue
        end = text.find("\n## ", start + 5)
        block = text[start:end if end > 0 else len(text)]
        items = re.split(r"\n(?=\d+\. \*\*|- \*\*)", block)
        for item in items[1:]:
            title = re.search(r"\*\*(.+?)\*\*", item)
            if title is None:
                continue
            body = " ".join(line.strip() for line in item.splitlines())
            body = re.sub(r"^(\d+\.|-)\s*", "", body)
            head = body[:body.find(":") + 1 if ":" in body else 120]
            cited = SECTION.findall(re.sub(r"digest §[\d.]+", "", head))
            cited += re.findall(rf"{CITE_PREFIX[ruleset_id]} (\d+(?:\.\d+)*)", body)
            out.append({"id": f"r{len(out) + 1}", "title": plain(title.group(1)),
                        "text": plain(body), "sections": sorted(set(cited))})
    return out


def plain(text: str) -> str:
    """Markdown emphasis and code marks off; the words stay."""
    return re.sub(r"\*\*|`", "", text).strip()


def _opens(entries: list[dict[str, Any]]) -> dict[str, str]:
    """Every numbered section the matrix names → the entry it opens: an entry's own section,
    and a section named only inside another entry's cell ("6.0" in "4 / 6.0")."""
    own = {e["section"]: e["section"] for e in entries if SECTION.fullmatch(e["section"])}
    named = {n: e["section"] for e in entries for n in e["also"] if n not in own}
    return {**own, **named}        # own first: a chapter opens its first own entry


def _resolve_in(opens: dict[str, str], cite: str) -> str | None:
    """The entry `cite` opens: its own section's; else the longest section it is part of;
    else the first section of its chapter."""
    if cite in opens:
        return opens[cite]
    owners = [s for s in opens if cite.startswith(s + ".") or ("." in s and cite.startswith(s))]
    if owners:
        return opens[max(owners, key=len)]
    children = [s for s in opens if s.startswith(cite + ".")
                or ("." in cite and s.startswith(cite))]
    return opens[children[0]] if children else None


def slug(words: str) -> str:
    """A name's section form: "The Alliances" → "alliances", "table A" → "table-a"."""
    parts = words.lower().split()
    return "-".join(parts[1:] if parts[:1] == ["the"] and len(parts) > 1 else parts)


def _resolve_named(ruleset_id: str, entries: list[dict[str, Any]], cite: str) -> str | None:
    name = NAMED_ALIASES.get(ruleset_id, {}).get(slug(cite), slug(cite))
    sections = [e["section"] for e in entries]
    for fits in (lambda s: s == name, lambda s: s.endswith("-" + name),
                 lambda s: s.startswith(name + "-")):
        found = [s for s in sections if fits(s)]
        if found:
            return found[0]
    return None


def resolve(ruleset_id: str, cite: str) -> str | None:
    """The entry a cite of this ruleset opens (its section), or None."""
    entries = reference(ruleset_id)["entries"]
    if not SECTION.fullmatch(cite.strip()):
        return _resolve_named(ruleset_id, entries, cite) if cite.strip() else None
    return _resolve_in(_opens(entries), cite.strip())
