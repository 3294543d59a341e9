"""Balance of Powers level 2 (bot version 6) opens the supply line Brussels and Antwerp need
(world.SUPPLY_FIRST) and prices a corps out of supply by its chance to die (docs/bots.md).

BoP 3.121: a unit is supplied in or next to a hex reached by a path of its side's rail or
population-centre hexes, free of enemy land units (a standing fortress counts as one), from a
source; the Central Powers have no sea supply (6.451). BoP 6.6: at the end of its half each
unsupplied corps of the phasing side dies on 1d6 at or above its effectiveness. Version 5
took Brussels and Antwerp with Namur still Belgian and lost their garrisons at the next
commissariat (seed 1 game 1 against the greedy Entente: eleven German corps in the second
fortnight of August).
"""

from __future__ import annotations

import pytest

from engine import kernel, rulesets
from engine.bots.balance_of_powers import world
from engine.bots.match import match_seed
from engine.rulesets.balance_of_powers.supply import supplied_locations
from engine.rulesets.balance_of_powers.theatre import theatre
from tests.engine.bots.test_play import seats_of

SCENARIO = "before-the-leaves-fall"


@pytest.fixture(scope="module")
def belgium_at_war():
    """12.1's opening after Germany's violation of Belgium (6.11), with Liège fallen (its
    fortress ruined, the hex German) and the rail hex 1019 beyond it German (2.53: the
    infantry marching through takes it) — where the Schlieffen drive stands in August's second
    fortnight."""
    ruleset = rulesets.get("balance_of_powers")
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats_of(ruleset, SCENARIO)),
                               match_seed(5, 0), "supply-plan")
    th = theatre(state["board"]["map"])
    state["powers"]["belgium"]["side"] = "entente"
    liege = th.place_loc["liege"]
    state["board"]["forts"][liege] = 0
    state["board"]["control"][liege] = "germany"
    state["board"]["control"][hex_labelled(th, "1019")] = "germany"
    return state


def hex_labelled(th, label):
    return next(loc for loc, text in th.label.items() if text == label)


def test_bop_3_121_the_line_to_brussels_and_antwerp_runs_through_namur(belgium_at_war):
    """With Namur's fortress standing, no German line reaches Brussels or Antwerp; the
    cheapest line to Brussels needs Namur alone, the one to Antwerp Namur and Brussels too."""
    state = kernel.game.copy_json(belgium_at_war)
    th = theatre(state["board"]["map"])
    brussels, antwerp, namur = (th.place_loc[p] for p in ("brussels", "antwerp", "namur"))
    supplied = supplied_locations(state, th, "germany")
    assert brussels not in supplied and antwerp not in supplied
    lines = world.supply_lines(state, th, "germany", "central")
    assert lines[brussels] == [namur]
    assert namur in lines[antwerp] and brussels in lines[antwerp]
    # Namur taken (its fortress ruined, the hex German): Brussels is in supply, and the line
    # to Antwerp (not next to Brussels) needs Brussels and the rail hex 0818 between them.
    state["board"]["forts"][namur] = 0
    state["board"]["control"][namur] = "germany"
    lines = world.supply_lines(state, th, "germany", "central")
    assert brussels not in lines
    assert brussels in supplied_locations(state, th, "germany")
    assert lines[antwerp] == [brussels, hex_labelled(th, "0818")]
    # The plan is Germany's only (the table names no other seat).
    assert world.supply_lines(belgium_at_war, th, "austria_hungary", "central") == {}


def test_bop_3_121_level2_central_is_drawn_to_the_line_its_objectives_need(belgium_at_war):
    """The hexes of the lines to Brussels and Antwerp (Namur; then Brussels itself and 0818)
    are decisive for Germany at `supply_link`, so the drive's corps are drawn to Namur and
    attacks on it are worth that much more when they take it; Brussels and Antwerp keep their
    own full worth (the BC count at the end is what 12.1 counts). Namur's worth as a link
    goes once the line through it is open. The greedy baseline (campaign off) has no line."""
    state = kernel.game.copy_json(belgium_at_war)
    th = theatre(state["board"]["map"])
    brussels, antwerp, namur = (th.place_loc[p] for p in ("brussels", "antwerp", "namur"))
    full = world.victory_targets(state, th, "central")
    for loc, worth in world.schlieffen_targets(state, th, "germany").items():
        full[loc] = full.get(loc, 0.0) + worth
    ctx = world.build_context(state, "germany")
    link = world.WEIGHTS["supply_link"]
    assert ctx.decisive[namur] == pytest.approx(max(full.get(namur, 0.0), link))
    assert full.get(namur, 0.0) < link     # the line makes Namur worth more than the plan did
    assert ctx.decisive[brussels] == pytest.approx(max(full[brussels], link))
    assert ctx.decisive[antwerp] == pytest.approx(full[antwerp])
    greedy = world.build_context(state, "germany", campaign=False)
    assert greedy.decisive.get(namur) is None
    assert ctx.pull[namur] > greedy.pull.get(namur, 0.0)
    # Namur taken and Brussels German: the line to Antwerp needs 0818 alone.
    state["board"]["forts"][namur] = 0
    state["board"]["control"][namur] = "germany"
    state["board"]["control"][brussels] = "germany"
    ctx = world.build_context(state, "germany")
    assert ctx.decisive.get(namur) is None
    assert ctx.decisive[hex_labelled(th, "0818")] == link


def test_bop_6_6_level2_prices_a_corps_out_of_supply_by_its_chance_to_die(belgium_at_war):
    """BoP 6.6: an unsupplied corps dies at the commissariat on 1d6 at or above its printed
    effectiveness. Level 2's campaign (version 6) prices a corps a move takes out of supply,
    and an attacker entering an unsupplied location it clears (10.81), at `unsupplied` plus
    `corps` × that chance: a reserve corps (effectiveness 2, dies on 2-6) costs more than an
    active one (3, dies on 3-6). The greedy baseline keeps `unsupplied` alone."""
    from engine.bots.balance_of_powers import phases
    from engine.rulesets.balance_of_powers.forces import UNITS
    state = kernel.game.copy_json(belgium_at_war)
    th = theatre(state["board"]["map"])
    aachen, brussels = th.place_loc["aachen"], th.place_loc["brussels"]
    ctx = world.build_context(state, "germany")
    greedy = world.build_context(state, "germany", campaign=False)
    assert ctx.in_supply("germany", aachen) and not ctx.in_supply("germany", brussels)
    reserve, active = "ger-inf-3_rs", "ger-inf-3"
    assert (UNITS[reserve].effectiveness, UNITS[active].effectiveness) == (2, 3)
    w = world.WEIGHTS
    assert phases.commissariat_risk(ctx, reserve) == pytest.approx(
        w["unsupplied"] + w["commissariat"] * w["corps"] * 5 / 6)
    assert phases.commissariat_risk(ctx, active) == pytest.approx(
        w["unsupplied"] + w["commissariat"] * w["corps"] * 4 / 6)
    assert phases.commissariat_risk(greedy, reserve) == w["unsupplied"]
    # A march out of supply costs the sum; the way back earns it.
    both = [reserve, active]
    price = phases.commissariat_risk(ctx, reserve) + phases.commissariat_risk(ctx, active)
    assert phases.supply_gain(ctx, both, aachen, brussels) == pytest.approx(-price)
    assert phases.supply_gain(ctx, both, brussels, aachen) == pytest.approx(price)
    # An attack on unsupplied Brussels pays it in proportion to the chance to take it.
    assert phases.attack_supply(ctx, both, brussels, 0.5) == pytest.approx(0.5 * price)
    assert phases.attack_supply(ctx, both, aachen, 0.5) == 0.0
    assert phases.attack_supply(greedy, both, brussels, 0.5) == 0.0
