"""Bots: players for empty seats, abandoned seats and practice (docs/bots.md).

    bot = bots.bot_for(ruleset, scenario, level)
    move = bots.bot_turn(ruleset, state, seat, bot, game_uid=…)

Levels: 0 plays the deadline's answer, 1 a random legal action (every ruleset), 2 a
heuristic player with a value map and exact combat odds (the rulesets that have one:
`HEURISTIC`). Bots import the kernel and the rulesets' public functions; neither imports them.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.kernel.ruleset import Ruleset

from . import balance_of_powers, days_of_decision, fatal_alliances, twteaw
from .basic import PassiveBot, RandomBot
from .match import MatchReport, play_match
from .protocol import Bot, BotRng, Budget, Offer
from .runner import BotMove, bot_turn, offers_for

LEVELS = {0: "passive (the deadline's answer)", 1: "random legal action",
          2: "heuristic: value map and exact odds"}

# Level 2, per ruleset id: a factory taking the scenario id.
HEURISTIC: dict[str, Callable[[str], Bot]] = {"balance_of_powers": balance_of_powers.heuristic,
                                              "days_of_decision": days_of_decision.heuristic,
                                              "fatal_alliances": fatal_alliances.heuristic,
                                              "twteaw": twteaw.heuristic}

# The arena's greedy one-ply baseline (issue #25), per ruleset id: a factory taking the scenario.
GREEDY: dict[str, Callable[[str], Bot]] = {"balance_of_powers": balance_of_powers.greedy,
                                           "fatal_alliances": fatal_alliances.greedy}


class UnknownBot(LookupError):
    """No bot of that level for that ruleset."""


def levels(ruleset_id: str) -> list[int]:
    """The bot levels a ruleset offers."""
    return [0, 1] + ([2] if ruleset_id in HEURISTIC else [])


def bot_for(ruleset: Ruleset, scenario: str, level: int) -> Bot:
    """A bot of `level` for a game of `ruleset`'s `scenario`; UnknownBot otherwise."""
    if level == 0:
        return PassiveBot()
    if level == 1:
        return RandomBot(ruleset.scenario(scenario).get("selfplay_weights", {}))
    if level == 2 and ruleset.id in HEURISTIC:
        return HEURISTIC[ruleset.id](scenario)
    raise UnknownBot(f"no level-{level} bot for {ruleset.id}")


def greedy_for(ruleset: Ruleset, scenario: str) -> Bot:
    """The greedy baseline for a game of `ruleset`'s `scenario`; UnknownBot otherwise."""
    if ruleset.id in GREEDY:
        return GREEDY[ruleset.id](scenario)
    raise UnknownBot(f"no greedy baseline for {ruleset.id}")


__all__ = ["GREEDY", "LEVELS", "Bot", "BotMove", "BotRng", "Budget", "MatchReport", "Offer",
           "PassiveBot", "RandomBot", "UnknownBot", "bot_for", "bot_turn", "greedy_for",
           "levels", "offers_for", "play_match"]
