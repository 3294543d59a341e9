"""Levels 0 and 1, for every ruleset at once.

Level 0 plays what a deadline plays (the first listed answer: the rulesets list their passive
answer first). Level 1 plays a random legal action, as selfplay's chooser does: a decision
drawn with the scenario's `selfplay_weights` (so that a kind open beside many others is still
tried), then an answer drawn uniformly from the listed ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.kernel.model import Decision

from .protocol import Bot, BotRng, Budget, Offer


class PassiveBot(Bot):
    """Level 0: the first listed answer, always."""

    id, version, level, work = "passive", "1", 0, 1

    def choose(self, view: dict[str, Any], decision: Decision,
               options: Sequence[dict[str, Any]], rng: BotRng, budget: Budget) -> Any:
        budget.charge()
        return options[0]["action"]


class RandomBot(Bot):
    """Level 1: a random legal action, weighted by decision kind as selfplay weights them."""

    id, version, level, work = "random", "1", 1, 1

    def __init__(self, weights: Mapping[str, int] | None = None) -> None:
        self.weights = dict(weights or {})

    def pick(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
             budget: Budget) -> int:
        return rng.weighted([max(1, int(self.weights.get(o.decision.kind, 1))) for o in offers])

    def choose(self, view: dict[str, Any], decision: Decision,
               options: Sequence[dict[str, Any]], rng: BotRng, budget: Budget) -> Any:
        budget.charge()
        return options[rng.index(len(options))]["action"]
