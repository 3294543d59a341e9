"""Fatal Alliances, level 2: a value map, exact odds and one phase module per decision kind
(world.py, odds.py, phases.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..heuristic import HeuristicBot
from ..protocol import BotRng, Budget, Offer
from . import greedy as greedy_phases
from .phases import PHASES, Phase, passive
from .world import Context, build_context, keep_objectives, position_from_view


class FatalAlliancesBot(HeuristicBot):
    id, version = "fa-heuristic", "10"
    work = 6000
    plan = True        # the objective garrisons (world.KEEP); the greedy baseline has none

    def context(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
                budget: Budget) -> Context:
        ctx = build_context(position_from_view(view), offers[0].me)
        ctx.budget = budget
        if self.plan:
            keep_objectives(ctx)
        return ctx

    def phase(self, kind: str) -> Phase:
        return PHASES.get(kind, passive)


class GreedyBot(FatalAlliancesBot):
    """The arena's greedy one-ply baseline (greedy.py): the best immediate odds, no plan."""

    id, version, level = "fa-greedy", "1", 1
    plan = False

    def phase(self, kind: str) -> Phase:
        return greedy_phases.PHASES.get(kind, passive)


def heuristic(scenario: str) -> FatalAlliancesBot:
    return FatalAlliancesBot()


def greedy(scenario: str) -> GreedyBot:
    return GreedyBot()


__all__ = ["FatalAlliancesBot", "GreedyBot", "greedy", "heuristic"]
