"""FA 22 — the 1914 campaign: the scripted opening and automatic entry dates (stand-in)."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event


def campaign_spec() -> dict[str, Any]:
    raise LookupError("campaign-1914 needs the fa-europe map")


def run_script(state: dict[str, Any]) -> list[Event]:
    """Apply the scripted entries of this turn and impulse (none in East Prussia)."""
    flow = state["flow"]
    events: list[Event] = []
    for entry in flow.get("script", []):
        if entry["turn"] != flow["turn"] or entry["impulse"] != flow["impulse"]:
            continue
        events.append(Event("scripted", "FA 22.1", dict(entry)))
    return events
