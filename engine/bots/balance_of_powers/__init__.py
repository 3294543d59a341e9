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
    id, version = "bop-heuristic", "13"
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

    raids = True        # 7.35: the greedy baseline keeps its version 1 play

    def decide(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
               budget: Budget) -> tuple[int, Any]:
        """The phases choose where a force sails; a move the server offers with a coastal raid
        (7.35, ruling 110) declares it — a raid costs nothing but the season's one raid."""
        index, action = super().decide(view, offers, rng, budget)
        offer = offers[index]
        if self.raids and offer.decision.kind == "naval_move" and isinstance(action, dict):
            item = next((i for i in offer.options if i["action"] == action and i.get("raids")),
                        None)
            if item is not None:
                action = {**action, "raid": item["raids"][0]}
        return index, action


class GreedyBot(BalanceOfPowersBot):
    """The arena's greedy one-ply baseline (greedy.py): the best immediate odds, no plan."""

    id, version, level = "bop-greedy", "1", 1
    campaign = False
    raids = False

    def phase(self, kind: str) -> Phase:
        return greedy_phases.PHASES.get(kind, never)


def heuristic(scenario: str) -> BalanceOfPowersBot:
    return BalanceOfPowersBot()


def greedy(scenario: str) -> GreedyBot:
    return GreedyBot()


__all__ = ["BalanceOfPowersBot", "GreedyBot", "Score", "greedy", "heuristic"]
