"""Named positions of the toy ruleset, reused across the kernel's tests."""

from __future__ import annotations

import pytest

from engine import kernel, rulesets

SEED = bytes(range(32))


@pytest.fixture
def toy():
    return rulesets.get("toy_skirmish")


@pytest.fixture
def melee(toy):
    """Three seats (red and blue on side alpha, green on beta), round 1, bids open."""
    state, _ = kernel.new_game(toy, "melee", {}, ["red", "blue", "green"], SEED, "g-melee")
    return state


def bid_all(toy, state, seed=SEED):
    """Every seat bids its highest card; returns the final outcome."""
    outcome = None
    for decision in kernel.decisions(toy, state):
        best = decision.options[-1]
        outcome = kernel.apply(toy, state, decision.seats[0], decision.id, best, seed=seed)
        state = outcome.state
    return outcome
