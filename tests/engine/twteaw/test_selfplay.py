"""Selfplay: random legal games of the Europe sheet, leak checks on for every audience."""

from engine.kernel.selfplay import selfplay
from engine.rulesets.twteaw import RULESET


def test_twteaw_selfplay_short_games_finish_without_errors_or_leaks():
    tally = selfplay(RULESET, "europe-1914", games=2, seed=3, options={"turns": 2})
    assert not tally.failed, tally.problems[:3]
    assert tally.finished == 2
    assert tally.actions_by_kind["ready"] and tally.actions_by_kind["orders_write"]
