"""The level-2 bots' exact odds against the real chain: an attack the bot declared in a real
game is resolved by the kernel under many seeds (the ruleset's own dice, modifiers, leaders'
checks and table), and the rolls it records match the bot's enumerated distribution."""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from fractions import Fraction

from engine import kernel
from engine.bots.balance_of_powers import phases as bop_phases
from engine.bots.balance_of_powers import world as bop_world
from engine.bots.fatal_alliances import phases as fa_phases
from engine.bots.fatal_alliances import world as fa_world

from .test_play import level2_positions

TRIALS = 300


def seeds(n):
    return [hashlib.sha256(f"odds-{i}".encode()).digest() for i in range(n)]


def close(expected: dict[int, Fraction], seen: Counter) -> None:
    """Every outcome's frequency within four standard errors of its exact probability."""
    n = sum(seen.values())
    assert n == TRIALS
    for outcome in set(expected) | set(seen):
        p = float(expected.get(outcome, 0))
        assert p > 0 or not seen[outcome], f"{outcome} rolled but never expected"
        tolerance = 4 * math.sqrt(p * (1 - p) / n) + 1 / n
        assert abs(seen[outcome] / n - p) <= tolerance, (outcome, seen[outcome] / n, p)
    assert sum(expected.values()) == 1


def first_attack(ruleset_id, scenario, kind, usable):
    ruleset, _, found = level2_positions(ruleset_id, scenario, 400)
    for seat, state, move in found:
        decision = next(d for d in kernel.decisions_for(ruleset, state, seat)
                        if d.id == move.decision)
        if decision.kind == kind and not move.action.get("done") and usable(state, move):
            return ruleset, seat, state, move
    raise AssertionError("no usable attack in the game")


def test_bop_10_6_exact_odds_match_the_kernels_combat_rolls():
    def usable(state, move):          # no bombardment before the roll (BoP 10.21)
        return not any("siege" in u for u in move.action["units"])
    ruleset, seat, state, move = first_attack("balance_of_powers", "before-the-leaves-fall",
                                              "combat", usable)
    ctx = bop_world.build_context(bop_world.position_from_view(
        kernel.view(ruleset, state, f"seat:{seat}")), seat)
    odds = bop_phases.odds_of(ctx, move.action)
    seen: Counter = Counter()
    for seed in seeds(TRIALS):
        outcome = kernel.apply(ruleset, state, seat, move.decision, move.action, seed=seed)
        finals = [e.data["final"] for e in outcome.events if e.kind == "combat_roll"]
        after = outcome.state
        while not finals:             # the defender's reserve and point unit come first
            decision = kernel.decisions(ruleset, after)[0]
            assert decision.kind in ("reserve", "point"), decision.kind
            answer = ({"reserve": None} if decision.kind == "reserve"
                      else kernel.timeout_action(ruleset, after, decision, decision.seats[0]))
            outcome = kernel.apply(ruleset, after, decision.seats[0], decision.id, answer,
                                   seed=seed)
            finals = [e.data["final"] for e in outcome.events if e.kind == "combat_roll"]
            after = outcome.state
        seen[finals[0]] += 1
    close(odds.finals, seen)


def test_fa_11_12_5_exact_odds_match_the_kernels_combat_table_rows():
    ruleset, seat, state, move = first_attack("fatal_alliances", "east-prussia-1914",
                                              "land_attack", lambda state, move: True)
    ctx = fa_world.build_context(fa_world.position_from_view(
        kernel.view(ruleset, state, f"seat:{seat}")), seat)
    odds = fa_phases.odds_of(ctx, move.action)
    assert odds.refused == 0
    seen: Counter = Counter()
    for seed in seeds(TRIALS):
        outcome = kernel.apply(ruleset, state, seat, move.decision, move.action, seed=seed)
        rows = [e.data["row"] for e in outcome.events if e.kind == "combat_resolved"]
        after = outcome.state
        # FA 11.12.1: the attacker declares no more (done); then each side's HQ support
        # (11.12.3, the odds assume the best) and the order of resolution (11.12.8).
        while not rows:
            decision = kernel.decisions(ruleset, after)[0]
            assert decision.kind in ("land_attack", "hq_support", "sit_out", "combat_order"), \
                decision.kind
            answer = kernel.timeout_action(ruleset, after, decision, decision.seats[0])
            outcome = kernel.apply(ruleset, after, decision.seats[0], decision.id, answer,
                                   seed=seed)
            rows = [e.data["row"] for e in outcome.events if e.kind == "combat_resolved"]
            after = outcome.state
        seen[rows[0]] += 1
    close(odds.rows, seen)
