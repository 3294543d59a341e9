"""The War to End All Wars, level 2: an order set composed from the seat's view with exact
battle odds (world.py, odds.py, phases.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.kernel import EngineError
from engine.kernel.model import Decision

from ..protocol import Bot, BotRng, Budget, Offer
from .phases import compose
from .world import build_context, position_from_view


class TwteawBot(Bot):
    id, version, level = "twteaw-heuristic", "7", 2
    work = 4000

    def decide(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
               budget: Budget) -> tuple[int, Any]:
        offer = offers[0]
        ctx = build_context(position_from_view(view), offer.me)
        ctx.budget = budget
        listed = [dict(item["action"]) for item in offer.options]
        try:
            return 0, compose(ctx, rng, listed)
        except EngineError:
            # the composed set failed the ruleset's check: hold and buy, as listed
            return 0, listed[min(1, len(listed) - 1)]

    def choose(self, view: dict[str, Any], decision: Decision,
               options: Sequence[dict[str, Any]], rng: BotRng, budget: Budget) -> Any:
        return self.decide(view, [Offer(decision, tuple(options))], rng, budget)[1]


def heuristic(scenario: str) -> TwteawBot:
    return TwteawBot()


__all__ = ["TwteawBot", "heuristic"]
