"""Issue #25's sanity checks on Fatal Alliances level 2 (engine/bots/fatal_alliances/
sanity.py), on a few seeded East Prussia games against the greedy baseline: it never leaves
its capital (Königsberg, the sudden-death hex of FA 13.7's East Prussia victory; Warsaw for
Russia) empty under threat, and never attacks at or below the odds threshold it declares;
and the greedy baseline plays legally and attacks only above evens."""

from __future__ import annotations

import pytest

from engine import bots, rulesets
from engine.bots.fatal_alliances import phases, sanity, world
from engine.bots.fatal_alliances.greedy import EVENS
from engine.bots.match import match_seed, play_match

SCENARIO = "east-prussia-1914"


def seats_of(ruleset):
    return {s["id"]: s["side"] for s in ruleset.scenario(SCENARIO)["seats"]}


def checked(side, games=(0, 1)):
    ruleset = rulesets.get("fatal_alliances")
    checker = sanity.Checker(ruleset)
    for game in games:
        table = {s: bots.bot_for(ruleset, SCENARIO, 2) if sd == side
                 else bots.greedy_for(ruleset, SCENARIO) for s, sd in seats_of(ruleset).items()}
        report = play_match(ruleset, SCENARIO, table, seed=match_seed(1, game),
                            game_uid=f"t-sanity-{side}-{game}", watch=checker)
        assert report.illegal == 0 and report.errors == 0, report.problems
    return checker.found


@pytest.mark.parametrize("side", ["central", "entente"])
def test_fa_13_7_level2_never_leaves_its_capital_empty_under_threat(side):
    found = checked(side)
    assert found.threatened > 0, "the capital was never threatened: nothing was checked"
    assert found.capital_left == []


@pytest.mark.parametrize("side", ["central", "entente"])
def test_fa_11_12_level2_never_attacks_at_or_below_its_declared_threshold(side):
    found = checked(side)
    assert found.attacks > 0
    assert found.below_threshold == []


def test_fa_13_7_capital_move_out_vetoed_while_threatened():
    """The veto itself: in a real position of the Central game, a move taking every German
    unit out of Königsberg while Russians stand within reach is never scored."""
    ruleset = rulesets.get("fatal_alliances")
    from engine import kernel
    seats = sorted(seats_of(ruleset))
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, seats, match_seed(1, 0), "t-veto")
    view = kernel.view(ruleset, state, "seat:germany")
    position = world.position_from_view(view)
    ctx = world.build_context(position, "germany")
    capital = ctx.capital
    assert capital == ctx.m.places["konigsberg"].hex
    ctx.garrison = 1.0      # an enemy within reach (as the Russians are from their first move)
    stack = [u for u in position["board"]["units"].values() if u["hex"] == capital]
    out = next(h for h in ctx.m.neighbours(capital) if ctx.side_owns(h))
    assert stack and phases.strips_capital(ctx, stack, out)
    item = {"action": {"units": [u["id"] for u in stack], "to": out}}
    assert phases.land_move(ctx, None, item) is None
    # An advance gathers attackers from several hexes: the capital's among them still count.
    other = next(u for u in position["board"]["units"].values()
                 if u["hex"] not in (None, capital) and u["power"] == "germany")
    assert phases.strips_capital(ctx, [other] + stack, out)
    ctx.garrison = 0.0      # no enemy within reach: the same move may be scored
    assert not phases.strips_capital(ctx, stack, out)


def test_fa_greedy_baseline_plays_legally_and_only_attacks_above_evens():
    ruleset = rulesets.get("fatal_alliances")
    from engine import kernel
    attacks = 0

    def watch(before, move, after):
        nonlocal attacks
        if "greedy" not in move.by or move.kind != "act":
            return
        decision = next(d for d in kernel.decisions_for(ruleset, before, move.seat)
                        if d.id == move.decision)
        if decision.kind != "land_attack" or move.action.get("done"):
            return
        attacks += 1
        seen = kernel.view(ruleset, before, f"seat:{move.seat}")
        ctx = world.build_context(world.position_from_view(seen), move.seat)
        assert phases.odds_of(ctx, move.action).favourable > EVENS

    table = {s: bots.greedy_for(ruleset, SCENARIO) for s in seats_of(ruleset)}
    report = play_match(ruleset, SCENARIO, table, seed=match_seed(1, 0), game_uid="t-greedy",
                        watch=watch)
    assert report.illegal == 0 and report.errors == 0, report.problems
    assert report.status == "finished"
    assert attacks > 0
    assert {e["by"] for e in report.log} == {"bot:fa-greedy@1"}


def test_fa_sanity_checker_catches_a_bot_that_leaves_its_capital_and_attacks_below():
    """The checker is not vacuous: the greedy baseline (no garrison, attacks by odds alone)
    seated as level 2 is caught leaving Königsberg empty under threat and attacking at an
    attack value below level 2's threshold in the first seeded game."""
    from engine.bots.fatal_alliances import GreedyBot

    class Unguarded(GreedyBot):
        level = 2

    ruleset = rulesets.get("fatal_alliances")
    checker = sanity.Checker(ruleset)
    table = {s: Unguarded() if sd == "central" else bots.greedy_for(ruleset, SCENARIO)
             for s, sd in seats_of(ruleset).items()}
    play_match(ruleset, SCENARIO, table, seed=match_seed(1, 0), game_uid="x0", watch=checker)
    assert checker.found.capital_left
    assert checker.found.below_threshold
    assert checker.found.objective_left     # and emptying a threatened German objective


def test_fa_11_12_3_threatened_capitals_hq_does_not_support_an_attack():
    """Bot version 4: the HQ in a threatened capital would end face-down after supporting an
    attack (FA 11.12.3), leaving the capital's defence without it; it declines, and supports
    a defence (a reaction) as before."""
    from engine import kernel
    from engine.kernel.model import Decision
    ruleset = rulesets.get("fatal_alliances")
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats_of(ruleset)),
                               match_seed(1, 0), "t-hq")
    ctx = world.build_context(world.position_from_view(
        kernel.view(ruleset, state, "seat:germany")), "germany")
    hq = next(u["id"] for u in ctx.position["board"]["units"].values()
              if u["hex"] == ctx.capital and u["type"] == "HQ")
    item = {"action": {"hq": hq}}

    def asked(reaction):
        return Decision(id="x", seats=("germany",), kind="hq_support", rule="FA 11.12.3",
                        prompt="", waiting="", reaction=reaction, options=(),
                        data={"target": ctx.capital if reaction else "40,-2"})

    ctx.garrison = 1.0
    assert phases.hq_support(ctx, asked(False), item) is None
    assert phases.hq_support(ctx, asked(True), item) > 0
    ctx.garrison = 0.0
    assert phases.hq_support(ctx, asked(False), item) > 0


def test_fa_13_7_level2_never_leaves_a_threatened_german_objective_empty():
    """Bot version 5 (world.KEEP): the Central games' moves never empty Danzig, Allenstein or
    Lötzen while Russians stand within two hexes of it."""
    found = checked("central")
    assert found.kept_threatened > 0, "no objective was ever threatened: nothing was checked"
    assert found.objective_left == []
