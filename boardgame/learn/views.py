"""The pages that teach the game: every scenario's how-to-play page and each ruleset's glossary,
open to everyone (`/learn/…`), linked from the site header, the table page and the game page."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from boardgame import reference

from . import guide as guides
from . import howto as howtos


def index(request: HttpRequest) -> HttpResponse:
    """Every ruleset and scenario, with its how-to page, glossary and rules reference."""
    rulesets: dict[str, dict] = {}
    for manifest, scenario in howtos.scenarios():
        entry = rulesets.setdefault(manifest["id"], {
            "id": manifest["id"], "title": manifest["title"], "product": manifest["product"],
            "reference": reference.has_reference(manifest["id"]), "scenarios": []})
        entry["scenarios"].append(scenario)
    return render(request, "learn/index.html", {"rulesets": list(rulesets.values())})


def cite_url(ruleset: str, cite: str) -> str | None:
    """The rules-reference entry a rule cite ("BoP 12.1") opens, or None."""
    prefix = reference.CITE_PREFIX.get(ruleset)
    if not prefix or not reference.has_reference(ruleset) or not cite.startswith(prefix + " "):
        return None
    section = reference.resolve(ruleset, cite.split()[1])
    return f"{reverse('rules-reference', args=[ruleset])}#s-{section}" if section else None


def linked(ruleset: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of `items` with the reference entry of their rule cite (`rule_url`)."""
    return [{**item, "rule_url": cite_url(ruleset, item.get("rule") or "")} for item in items]


def howto_page(request: HttpRequest, ruleset: str, scenario: str) -> HttpResponse:
    try:
        page = howtos.howto(ruleset, scenario)
    except LookupError:
        raise Http404(f"No scenario {scenario} of {ruleset}.") from None
    page = {**page, "victory": linked(ruleset, page["victory"]),
            "turn": [{**row, "steps": linked(ruleset, row["steps"])} for row in page["turn"]],
            "first": [{**seat, "moments": [{**m, "decisions": linked(ruleset, m["decisions"])}
                                           for m in seat["moments"]]}
                      for seat in page["first"]]}
    return render(request, "learn/howto.html", {
        "page": page, "reference": reference.has_reference(ruleset)})


def glossary_page(request: HttpRequest, ruleset: str) -> HttpResponse:
    try:
        guide = guides.guide(ruleset)
    except LookupError:
        raise Http404(f"No ruleset {ruleset}.") from None
    entries = linked(ruleset, guide["glossary"])
    own = [e for e in entries if e["source"] != guides.PLATFORM]
    platform = [e for e in entries if e["source"] == guides.PLATFORM]
    return render(request, "learn/glossary.html", {
        "guide": guide, "own": own, "platform": platform,
        "reference": reference.has_reference(ruleset)})
