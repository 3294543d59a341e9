"""Selfplay of "Before the Leaves Fall": random legal games finish with a result, no errors,
no dead ends, no leaks (secret set-up included), replays matching, and with marches, rail moves
and combats in every game (the manifest's selfplay_requires)."""

from __future__ import annotations

import pytest

from engine.kernel.selfplay import selfplay
from engine.rulesets import get
from engine.rulesets.balance_of_powers.ruleset import SCENARIO


def check(tally):
    summary = tally.summary()
    assert not tally.failed, tally.problems[:3]
    assert summary["errors"] == 0 and summary["dead_ends"] == 0
    assert summary["finished"] == summary["games"]
    return summary


def test_bop_selfplay_standard_setup():
    summary = check(selfplay(get("balance_of_powers"), SCENARIO, games=2, seed=11))
    assert summary["actions_by_kind"]["combat"] > 0


def test_bop_selfplay_secret_setup():
    summary = check(selfplay(get("balance_of_powers"), SCENARIO, games=1, seed=12,
                             options={"secret_setup": True}))
    assert summary["actions_by_kind"]["setup"] == 4


@pytest.mark.slow
@pytest.mark.parametrize("secret", [False, True])
def test_bop_selfplay_many_games(secret):
    check(selfplay(get("balance_of_powers"), SCENARIO, games=8, seed=5,
                   options={"secret_setup": secret}))
