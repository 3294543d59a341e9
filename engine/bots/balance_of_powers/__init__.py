"""Balance of Powers, level 2: a value map, exact odds and one phase module per decision kind
(world.py, odds.py, phases.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..heuristic import HeuristicBot, Score
from ..protocol import BotRng, Budget, Offer
from . import greedy as greedy_phases
from .phases import PHASES, Phase, never
from .world import WEIGHTS, Context, build_context, position_from_view, sample_worlds


class BalanceOfPowersBot(HeuristicBot):
    id, version = "bop-heuristic", "10"
    work = 6000
    campaign = True     # 12.1's plan as data (world.build_context); the greedy plays without

    def context(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
                budget: Budget) -> Context:
        seat = offers[0].me
        position = position_from_view(view)
        ctx = build_context(position, seat, campaign=self.campaign)
        ctx.budget = budget
        if any(o.decision.kind == "setup" for o in offers):
            ctx.worlds = sample_worlds(position, seat, rng, int(WEIGHTS["worlds"]))
        return ctx

    def phase(self, kind: str) -> Phase:
        return PHASES.get(kind, never)


class GreedyBot(BalanceOfPowersBot):
    """The arena's greedy one-ply baseline (greedy.py): the best immediate odds, no plan."""

    id, version, level = "bop-greedy", "1", 1
    campaign = False

    def phase(self, kind: str) -> Phase:
        return greedy_phases.PHASES.get(kind, never)


def heuristic(scenario: str) -> BalanceOfPowersBot:
    return BalanceOfPowersBot()


def greedy(scenario: str) -> GreedyBot:
    return GreedyBot()


__all__ = ["BalanceOfPowersBot", "GreedyBot", "Score", "greedy", "heuristic"]
