"""Helpers for Days of Decision rule tests: a fresh game, answering through the kernel, dice
from a script."""

from __future__ import annotations

from typing import Any

from engine.kernel import apply, decisions, new_game
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision.powers import SEATS

SEED = b"dod-tests".ljust(32, b".")


def fresh(turns: int = 66) -> dict[str, Any]:
    state, _ = new_game(RULESET, "1936", {"turns": turns}, list(SEATS), SEED, "test")
    return state


def open_decisions(state: dict[str, Any]) -> list:
    return decisions(RULESET, state)


def answer(state: dict[str, Any], seat: str, action: Any, kind: str | None = None):
    """Answer `seat`'s one open decision (of `kind` if given) through the kernel."""
    mine = [d for d in open_decisions(state) if seat in d.seats and kind in (None, d.kind)]
    assert len(mine) == 1, f"{seat} has {len(mine)} open decisions: {[d.id for d in mine]}"
    return apply(RULESET, state, seat, mine[0].id, action, seed=SEED)


def play_until(state: dict[str, Any], step: str) -> dict[str, Any]:
    """Answer every open decision with its first option (its default) until the flow reaches `step`."""
    for _ in range(500):
        if state["flow"]["step"] == step:
            return state
        decision = open_decisions(state)[0]
        first = RULESET.timeout_default(state, decision, decision.seats[0])
        state = apply(RULESET, state, decision.seats[0], decision.id, first, seed=SEED).state
    raise AssertionError(f"never reached {step}")


