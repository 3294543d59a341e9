"""The political-map compiler: curated territory and border tables → an area map with no shapes.

Days of Decision III's map (DoD 2.2) is absent from the seed, and what its rules read off it —
who owns a territory, whether it is home country, its resources, factories, conquest level,
capital and objectives, and which territories border — is a graph with numbers, not a drawing.
So this compiler takes the graph as stated (``territories.csv`` and ``edges.csv`` under
``data/<tables>/``) instead of reading it off geography as ``areas.py`` does, and writes the
same ``salient-map/1`` area document (no hexes, no SVG) through the same ``save``.

Every value a rule reads carries its provenance in the data itself: a ``*_src`` column whose
first word is ``printed`` (the seed's text says it, with the place), ``inferred`` (rebuilt
from an example) or ``authored`` (ours: history, geography or a numbered ruling). A table with
an unknown area, a duplicate, a self-border or a provenance of any other kind is refused with
the row named, and nothing is written.
"""
from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from .compile_inputs import DATA, FORMAT
from .compiler import save
from .definitions import get_definition

PROVENANCE_KINDS = ("printed", "inferred", "authored")
EDGE_KINDS = ("land", "strait")
# column -> provenance column; the compiled area keeps each value beside its provenance
SOURCED = {"owner": "owner_src", "home": "home_src", "start_control": "control_src",
           "resources": "resources_src", "factories": "factories_src", "level": "level_src",
           "capital": "capital_src", "objectives": "objectives_src"}


class PoliticalMapError(ValueError):
    """A curated table the compiler refuses (the message names the row)."""


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _provenance(text: str, where: str) -> str:
    kind = text.split(" ", 1)[0]
    if kind not in PROVENANCE_KINDS:
        raise PoliticalMapError(f"{where}: provenance {text!r} must start with one of {PROVENANCE_KINDS}")
    return text


def _int(text: str, where: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise PoliticalMapError(f"{where}: {text!r} is not a whole number") from None
    if value < 0:
        raise PoliticalMapError(f"{where}: {value} is negative")
    return value


def _territory(row: dict[str, str]) -> dict[str, Any]:
    tid = row["id"]
    sources = {field: _provenance(row[col], f"{tid}.{col}") for field, col in SOURCED.items()}
    objectives = [o for o in row["objectives"].split("|") if o]
    entry: dict[str, Any] = {
        "name": row["name"], "kind": "land", "section": row["section"], "named": row["named"] == "1",
        "owner": row["owner"], "home": row["home"] == "1", "colony": row["colony"] or None,
        "start_control": row["start_control"] or None,
        "resources": _int(row["resources"], f"{tid}.resources"),
        "factories": _int(row["factories"], f"{tid}.factories"),
        "factory_colour": row["factory_colour"] or None,
        "level": _int(row["level"], f"{tid}.level"),
        "capital": row["capital"] or None, "objectives": objectives, "sources": sources,
    }
    if entry["factories"] and entry["factory_colour"] not in ("red", "blue"):
        raise PoliticalMapError(f"{tid}: factories need a colour, red or blue (DoD 10.1)")
    flags = {"land"}
    for flag, on in (("home", entry["home"]), ("capital", bool(entry["capital"])),
                     ("objective", bool(objectives)), ("factory", bool(entry["factories"])),
                     ("resource", bool(entry["resources"]))):
        if on:
            flags.add(flag)
    entry["flags"] = sorted(flags)
    return entry


def compile_political(name: str, tables: Path | None = None) -> dict[str, Any]:
    """The map document for a ``kind: "political"`` definition (not yet sealed by ``save``);
    `tables` reads the curated tables from another folder (tests)."""
    defn = get_definition(name)
    tables = tables or DATA / defn["tables"]
    areas: dict[str, Any] = {}
    for row in _csv(tables / "territories.csv"):
        if row["id"] in areas:
            raise PoliticalMapError(f"territories.csv: duplicate territory {row['id']!r}")
        areas[row["id"]] = _territory(row)
    seen_objectives: dict[str, str] = {}
    for tid, entry in sorted(areas.items()):
        for objective in entry["objectives"]:
            if objective in seen_objectives:
                raise PoliticalMapError(f"objective {objective!r} is in both {seen_objectives[objective]} and {tid}")
            seen_objectives[objective] = tid
    edges: dict[tuple[str, str], dict[str, Any]] = {}
    for row in _csv(tables / "edges.csv"):
        a, b = sorted((row["a"], row["b"]))
        where = f"edges.csv {row['a']}–{row['b']}"
        if a == b or a not in areas or b not in areas:
            raise PoliticalMapError(f"{where}: unknown territory or a border with itself")
        if row["kind"] not in EDGE_KINDS:
            raise PoliticalMapError(f"{where}: kind {row['kind']!r} not in {EDGE_KINDS}")
        if (a, b) in edges:
            raise PoliticalMapError(f"{where}: stated twice")
        edges[(a, b)] = {"a": a, "b": b, "flags": [row["kind"]],
                         "source": _provenance(row["source"], where)}
    meta = {"name": name, "title": defn["title"], "ruleset": defn["ruleset"], "kind": "political",
            "sections_built": sorted({e["section"] for e in areas.values()}),
            "sources": [{"id": "curated", "licence": "project", "file": f"engine/maps/data/{defn['tables']}/*",
                         "origin": "Salient curated tables (every value has its provenance column)"}],
            "pending_links": [], "warnings": []}
    return {"format": FORMAT, "meta": meta, "areas": dict(sorted(areas.items())),
            "edges": [edges[k] for k in sorted(edges)],
            "countries": {o: {"name": o} for o in sorted({e["owner"] for e in areas.values()})}}


def build_political(name: str, out_dir: Path | None = None, tables: Path | None = None) -> dict[str, Any]:
    return save(name, compile_political(name, tables), None, out_dir)
