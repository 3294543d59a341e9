"""The registry of rulesets.

Shipped rulesets are listed in SHIPPED. `SALIENT_EXTRA_RULESETS` (comma-separated module
paths, each exposing `RULESET`) adds rulesets that are not products — the test suite uses it
for its small kernel ruleset. Such rulesets are usable but flagged `"product": false`.
"""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from typing import Any

from engine.kernel.errors import UnknownRuleset
from engine.kernel.ruleset import Ruleset

# Module paths of the rulesets that ship with Salient (each exposes RULESET).
SHIPPED: tuple[str, ...] = ("engine.rulesets.balance_of_powers",
                            "engine.rulesets.fatal_alliances",
                            "engine.rulesets.twteaw",
                            "engine.rulesets.days_of_decision")


@lru_cache(maxsize=None)
def _load(extra: str) -> tuple[Ruleset, ...]:
    paths = list(SHIPPED) + [p.strip() for p in extra.split(",") if p.strip()]
    loaded = []
    for path in paths:
        module = importlib.import_module(path)
        loaded.append(module.RULESET)
    ids = [r.id for r in loaded]
    if len(ids) != len(set(ids)):
        raise AssertionError(f"two rulesets share an id: {sorted(ids)}")
    return tuple(sorted(loaded, key=lambda r: r.id))


def all_rulesets() -> tuple[Ruleset, ...]:
    return _load(os.environ.get("SALIENT_EXTRA_RULESETS", ""))


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; UnknownRuleset otherwise."""
    for ruleset in all_rulesets():
        if ruleset.id == ruleset_id:
            return ruleset
    raise UnknownRuleset(f"no ruleset {ruleset_id!r}")


def manifest(ruleset: Ruleset) -> dict[str, Any]:
    return {**ruleset.manifest, "id": ruleset.id, "version": ruleset.version,
            "product": ruleset.product}


def manifests() -> list[dict[str, Any]]:
    """Every ruleset's manifest, sorted by id: the document `python -m engine rulesets` prints."""
    return [manifest(r) for r in all_rulesets()]
