"""DoD 6 — a sealed bid leaks nothing before the reveal: not its size, not a pool or money
derived from it. Poisoning (selfplay's leak check) finds a copied value; a derived one (the pool
less the bid) is found by non-interference: another power's view must not change when the
sealed bid does."""

from __future__ import annotations

from typing import Any

from engine.kernel import canonical_json, view
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision.powers import SEATS
from engine.rulesets.days_of_decision.ruleset import DaysOfDecision

from .positions import answer, fresh, play_until

OTHERS = [f"seat:{p}" for p in SEATS if p != "GE"] + ["side:democracy", "side:communism",
                                                       "public"]


def views_after_german_bid(ruleset, bid: int) -> dict[str, str]:
    state = play_until(fresh(), "initiative")
    state = answer(state, "GE", {"bid": bid, "options": 1}).state
    return {audience: canonical_json(view(ruleset, state, audience)) for audience in OTHERS}


def differing(ruleset) -> list[str]:
    low, high = views_after_german_bid(ruleset, 1), views_after_german_bid(ruleset, 5)
    return [audience for audience in OTHERS if low[audience] != high[audience]]


def test_dod_6_no_other_view_changes_with_a_sealed_bid_before_the_reveal():
    assert fresh()["board"]["powers"]["GE"]["bid_points"] >= 5       # both bids are legal
    assert differing(RULESET) == []


class LeakyPools(DaysOfDecision):
    """A planted leak through a derived field: the pool shown less the sealed bid."""

    def view(self, state: dict[str, Any], audience: str) -> dict[str, Any]:
        out = super().view(state, audience)
        for entry in state["kernel"]["sealed"].values():
            for answered in entry.values():
                power = answered["seat"]
                out["board"]["powers"][power]["bid_points"] -= answered["action"]["bid"]
        return out


def test_dod_6_a_planted_leak_through_a_derived_pool_is_caught():
    assert set(differing(LeakyPools())) == set(OTHERS)
