"""Balance of Powers level 2 in 12.1's last month (bot version 13, endgame.py, docs/bots.md).

BoP 12.1: the game is decided by who controls each bargaining chip when October ends, after
the Entente's last half. BoP 6.6: at the end of its half each unsupplied corps of the phasing
side dies on 1d6 at or above its effectiveness. Version 12 took Antwerp with no line of
supply in October and lost the garrison at the commissariat, and left a held Brussels empty
next to a British corps (seed 1, games 0, 2 and 3 against the greedy Entente: draws 14-7 and
a loss 13-8).
"""

from __future__ import annotations

import pytest

from engine import kernel, rulesets
from engine.bots.balance_of_powers import endgame, phases, world
from engine.bots.match import match_seed
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.theatre import theatre
from tests.engine.bots.test_play import seats_of

SCENARIO = "before-the-leaves-fall"


@pytest.fixture(scope="module")
def belgium_at_war():
    """12.1's opening after Germany's violation of Belgium, Liège fallen (as in
    test_bop_supply_plan.py): Brussels and Antwerp lie beyond Germany's supply."""
    ruleset = rulesets.get("balance_of_powers")
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats_of(ruleset, SCENARIO)),
                               match_seed(5, 0), "endgame")
    th = theatre(state["board"]["map"])
    state["powers"]["belgium"]["side"] = "entente"
    liege = th.place_loc["liege"]
    state["board"]["forts"][liege] = 0
    state["board"]["control"][liege] = "germany"
    return state


def in_month(state, month, fortnight):
    out = kernel.game.copy_json(state)
    out["flow"]["month"], out["flow"]["fortnight"] = month, fortnight
    return out


def test_bop_6_6_commissariats_left_in_12_1s_last_month(belgium_at_war):
    """Two of the side's commissariats are still to come in October's first fortnight, one in
    its second; before October (and in another scenario) the endgame plays no part."""
    assert endgame.commissariats_left(in_month(belgium_at_war, "1914-10", 1)) == 2
    assert endgame.commissariats_left(in_month(belgium_at_war, "1914-10", 2)) == 1
    assert endgame.commissariats_left(in_month(belgium_at_war, "1914-09", 2)) is None
    other = in_month(belgium_at_war, "1914-10", 2)
    other["kernel"]["scenario"] = "fire-in-the-east"
    assert endgame.commissariats_left(other) is None


def test_bop_6_6_level2_prices_a_last_month_capture_by_the_chance_to_hold_it(belgium_at_war):
    """In October a capture is worth what is still held at the end: two active corps
    (effectiveness 3) marching into unsupplied Antwerp in the last fortnight each live
    through the commissariat on 1-2 (1/3), so the place is held with 1 − (2/3)² = 5/9, and
    the capture and decisive worth are scaled by it; with two commissariats to come, by
    1 − (8/9)²; a move that ends in supply keeps its full worth; before October nothing
    changes. The greedy baseline (campaign off) has no endgame."""
    state = in_month(belgium_at_war, "1914-10", 2)
    th = theatre(state["board"]["map"])
    antwerp, aachen = th.place_loc["antwerp"], th.place_loc["aachen"]
    corps = ["ger-inf-3", "ger-inf-4"]
    assert all(UNITS[u].effectiveness == 3 for u in corps)
    ctx = world.build_context(state, "germany")
    assert ctx.left == 1 and not ctx.in_supply("germany", antwerp)
    assert phases.held_at_end(ctx, corps, antwerp) == pytest.approx(5 / 9)
    worth = world.WEIGHTS["capture"] * ctx.value[antwerp] + ctx.decisive[antwerp]
    priced = phases.relocation(ctx, corps, aachen, antwerp)
    ctx.left = None
    drawn = world.WEIGHTS["pull"] * 2 * (ctx.pull[antwerp] - ctx.pull[aachen])
    assert priced == pytest.approx(phases.relocation(ctx, corps, aachen, antwerp)
                                   - worth * (1 - 5 / 9) - drawn)     # no pull: see below
    ctx.left = 2
    assert phases.held_at_end(ctx, corps, antwerp) == pytest.approx(1 - (8 / 9) ** 2)
    assert ctx.in_supply("germany", aachen)
    assert phases.held_at_end(ctx, corps, aachen) == 1.0
    assert world.build_context(in_month(belgium_at_war, "1914-09", 2), "germany").left is None
    assert world.build_context(state, "germany", campaign=False).left is None


def test_bop_12_1_level2_keeps_a_corps_in_every_threatened_bc_in_the_last_month(
        belgium_at_war):
    """In October every BC the side holds with an enemy corps within `endgame_radius` hexes
    keeps a corps, for every seat of the side (an Austrian corps may not leave a German-held
    Brussels empty; version 12's did, and a lone British corps walked in; a French corps next to it here), and a corps
    brought into such a BC left empty is worth `endgame_keep` times its chance to hold it.
    In September the Austrian seat has no garrison there."""
    state = in_month(belgium_at_war, "1914-10", 2)
    th = theatre(state["board"]["map"])
    brussels, namur = th.place_loc["brussels"], th.place_loc["namur"]
    state["board"]["control"][brussels] = "austria_hungary"
    austrian = "aus-inf-17"
    state["board"]["units"][austrian] = {"at": brussels, "mode": "maneuver"}
    state["board"]["units"]["fra-inf-15"] = {"at": th.adj[brussels][0], "mode": "maneuver"}
    ctx = world.build_context(state, "austria_hungary")
    assert ctx.garrison[brussels] == 1
    assert phases.strips_garrison(ctx, [austrian], brussels)
    september = world.build_context(in_month(state, "1914-09", 2), "austria_hungary")
    assert brussels not in september.garrison
    assert not phases.strips_garrison(september, [austrian], brussels)
    # Empty Brussels: a German corps brought in earns the keep, scaled by its hold chance.
    del state["board"]["units"][austrian]
    ctx = world.build_context(state, "germany")
    mover = ["ger-inf-3"]
    chance = phases.held_at_end(ctx, mover, brussels)
    assert 0 < chance <= 1
    assert phases.endgame_keep(ctx, mover, brussels) == pytest.approx(
        endgame.ENDGAME["endgame_keep"] * chance)
    assert phases.endgame_keep(ctx, mover, namur) == 0.0       # not a BC
    # Held as Germany keeps it (world.GARRISONS: two with an enemy next to it): no keep.
    for uid in ("ger-inf-4", "ger-inf-5"):
        state["board"]["units"][uid] = {"at": brussels, "mode": "maneuver"}
    assert phases.endgame_keep(world.build_context(state, "germany"), mover, brussels) == 0.0


def test_bop_12_1_level2_gives_no_pull_in_the_last_fortnight(belgium_at_war):
    """In 12.1's last fortnight a step toward a target the game ends before reaching counts
    for nothing (`last_half_pull` 0): version 12 lost 18 corps at the last commissariat,
    marched out of supply toward Paris. A march from Aachen to a fallen Liège is worth its
    pull in October's first fortnight and the same less that pull in the second."""
    state = in_month(belgium_at_war, "1914-10", 2)
    th = theatre(state["board"]["map"])
    aachen, liege = th.place_loc["aachen"], th.place_loc["liege"]
    corps = ["ger-inf-3", "ger-inf-4"]
    ctx = world.build_context(state, "germany")
    drawn = ctx.pull[liege] - ctx.pull[aachen]
    assert drawn != 0
    last = phases.relocation(ctx, corps, aachen, liege)
    ctx.left = 2
    assert phases.relocation(ctx, corps, aachen, liege) == pytest.approx(
        last + world.WEIGHTS["pull"] * 2 * drawn)
    assert phases.pull_weight(ctx) == world.WEIGHTS["pull"]
