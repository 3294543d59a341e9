"""Rulesets and scenarios by their titles in the lobby's lists ("Fatal Alliances · East Prussia,
1914"), not by their ids: an id has no spaces, so on a phone a list column cut it mid-word
("fatal_allia|nces"), and it is machine text besides (issue #18, clean text)."""

from __future__ import annotations

from functools import lru_cache

from django import template

from engine import rulesets

register = template.Library()


@lru_cache(maxsize=1)
def _titles() -> dict[object, str]:
    """Ruleset id → title and (ruleset id, scenario id) → title, from the manifests (read once:
    the registered rulesets do not change while the server runs)."""
    out: dict[object, str] = {}
    for manifest in rulesets.manifests():
        out[manifest["id"]] = manifest.get("title") or manifest["id"]
        for scenario in manifest.get("scenarios", []):
            out[(manifest["id"], scenario["id"])] = scenario.get("title") or scenario["id"]
    return out


@register.filter
def ruleset_title(ruleset_id: str) -> str:
    """The ruleset's title; its id if no registered ruleset has it (an old table's)."""
    return _titles().get(ruleset_id, ruleset_id)


@register.simple_tag
def scenario_title(ruleset_id: str, scenario_id: str) -> str:
    """The scenario's title; its id if the ruleset does not list it."""
    return _titles().get((ruleset_id, scenario_id), scenario_id)
