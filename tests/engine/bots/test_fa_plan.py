"""Fatal Alliances level 2, bot version 5: the German plan for East Prussia (world.KEEP).
FA 13.7's East Prussia count is the objectives each side holds of the other's at the end of
turn 3 (Königsberg's loss ends it at once), so level 2 as Germany keeps its objectives
(Danzig, Allenstein, Lötzen; Königsberg as the capital) garrisoned while the Russians are
within two hexes: no move, rail move, advance or attack takes one below its garrison, and a
move into one short of it is drawn. The greedy baseline has no such plan."""

from __future__ import annotations

from engine import kernel, rulesets
from engine.bots.fatal_alliances import FatalAlliancesBot, GreedyBot, phases, world
from engine.bots.match import match_seed
from engine.bots.protocol import Budget, Offer

SCENARIO = "east-prussia-1914"
RULESET = rulesets.get("fatal_alliances")


def context(bot, seat="germany"):
    """The set-up position as `seat` sees it, with the bot's own context (level 2's, or the
    greedy's)."""
    seats = sorted(s["id"] for s in RULESET.scenario(SCENARIO)["seats"])
    state, _ = kernel.new_game(RULESET, SCENARIO, {}, seats, match_seed(1, 0), "t-keep")
    view = kernel.view(RULESET, state, f"seat:{seat}")
    return bot.context(view, [Offer(None, (), seat)], None, Budget(10_000))


def test_fa_13_7_level2_keeps_the_threatened_german_objectives_and_greedy_does_not():
    ctx = context(FatalAlliancesBot())
    allenstein = ctx.m.places["allenstein"].hex
    # XX Corps and the 3rd Reserve Division face I, XV Corps and the 15th Cavalry at Mlawa
    assert set(ctx.keep) == {ctx.m.places[p].hex for p in ("danzig", "allenstein", "lotzen")}
    assert ctx.keep[allenstein] >= 1.0
    assert ctx.capital not in ctx.keep      # Königsberg keeps its garrison as the capital
    assert context(GreedyBot()).keep == {}
    assert context(FatalAlliancesBot(), "russia").keep == {}    # no Russian plan


def test_fa_13_7_moving_out_of_a_kept_objective_below_its_garrison_is_vetoed():
    ctx = context(FatalAlliancesBot())
    allenstein = ctx.m.places["allenstein"].hex
    stack = [u for u in ctx.position["board"]["units"].values() if u["hex"] == allenstein]
    out = next(h for h in ctx.m.neighbours(allenstein) if ctx.side_owns(h)
               and h not in ctx.keep and h != ctx.capital)
    item = {"action": {"units": [u["id"] for u in stack], "to": out}}
    assert phases.strips_keep(ctx, stack, out)
    assert phases.land_move(ctx, None, item) is None
    assert phases.rail_move(ctx, None, {"action": {"unit": stack[0]["id"], "to": out}}) is None
    # with the Russians out of reach, the same move is scored
    del ctx.keep[allenstein]
    assert phases.land_move(ctx, None, item) is not None


def test_fa_13_7_a_move_into_a_kept_objective_short_of_its_garrison_is_drawn():
    ctx = context(FatalAlliancesBot())
    allenstein = ctx.m.places["allenstein"].hex
    short = ctx.keep[allenstein] - ctx.ours[allenstein]
    assert short > 0
    assert phases.keep_drawn(ctx, 4.0, allenstein) == world.WEIGHTS["keep_guard"] * min(4.0,
                                                                                        short)
    ctx.keep[allenstein] = ctx.ours[allenstein]       # garrisoned: nothing more drawn
    assert phases.keep_drawn(ctx, 4.0, allenstein) == 0.0


def test_fa_11_12_level2_holds_rather_than_attacks_out_of_a_kept_objective():
    """The attackers stay but end face-down (FA 11.12): an attack out of Allenstein that
    leaves it below its garrison at their lower factor is never declared; out of a hex with
    no garrison to keep it is priced as before."""
    ctx = context(FatalAlliancesBot())
    allenstein = ctx.m.places["allenstein"].hex
    attackers = [u for u in ctx.position["board"]["units"].values()
                 if u["hex"] == allenstein and u["cf"] > 1]
    target = next(h for h in ctx.m.neighbours(allenstein) if ctx.theirs.get(h))
    item = {"action": {"target": target, "units": [u["id"] for u in attackers],
                       "table": "assault"}}
    assert phases.attack_strips(ctx, attackers)
    assert phases.land_attack(ctx, None, item) is None
    del ctx.keep[allenstein]
    assert not phases.attack_strips(ctx, attackers)
    # the threatened capital is kept the same way: XVII Corps does not attack out of it
    capital = [u for u in ctx.position["board"]["units"].values()
               if u["hex"] == ctx.capital and u["cf"] > 1]
    ctx.garrison = ctx.ours[ctx.capital]
    assert phases.attack_strips(ctx, capital)
    ctx.garrison = 0.0
    assert not phases.attack_strips(ctx, capital)
