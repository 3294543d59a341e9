"""What every teacher uses: the scenario's start position (played on a seed of our own, so
the page is the same for every visitor and no real game's seed is involved) and the boxes of
the turn's picture."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine import rulesets
from engine.kernel.game import copy_json, new_game

SEED = b"salient-learn"


def start_state(ruleset_id: str, scenario_id: str, **options: Any) -> dict[str, Any]:
    """A new game of the scenario with every seat (a copy: callers may change it)."""
    return copy_json(_start(ruleset_id, scenario_id, tuple(sorted(options.items()))))


@lru_cache(maxsize=32)
def _start(ruleset_id: str, scenario_id: str,
           options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    ruleset = rulesets.get(ruleset_id)
    seats = [seat["id"] for seat in ruleset.scenario(scenario_id)["seats"]]
    state, _ = new_game(ruleset, scenario_id, dict(options), seats, SEED, "learn")
    return state


def step_box(title: str, rule: str, *, name: str, decides: bool, side: str | None = None,
             note: str = "") -> dict[str, Any]:
    return {"name": name, "title": title, "rule": rule, "decides": decides, "side": side,
            "note": note}


def title_of(name: str) -> str:
    return name.replace("_", " ").capitalize()


def sentence(parts: list[str]) -> str:
    """Clauses joined into one sentence: "1 MP a hex; attacks here −1." """
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."
