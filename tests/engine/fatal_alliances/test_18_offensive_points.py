"""FA 18 offensive points: buying (with the 10% minimum), unlimited actions, HQ benefits and
HQ flips."""

from engine.rulesets.fatal_alliances.combat import hq_support, strengths
from engine.rulesets.fatal_alliances.offensive import (
    arrive,
    doubled,
    end_impulse,
    hq_benefit_cost,
    hq_flip_cost,
    offensive_options,
    required,
    shortfall,
    spend,
    use_doubling,
)
from engine.rulesets.fatal_alliances.production import build, build_options
from engine.rulesets.fatal_alliances.reorganisation import reorg_budget, unit_cost
from engine.rulesets.fatal_alliances.sequence import Step, activity_allowed, remaining

from .positions import Dice, corps, hq, position


def test_fa_18_required_offensive_points_the_rulebook_examples():
    assert required(4) == 0      # 0.4 rounds to none
    assert required(15) == 2     # 1.5 rounds half up to 2
    assert required(24) == 2


def test_fa_18_an_op_costs_one_bp_arrives_two_turns_later_and_is_not_geared():
    state = position([corps("ge-a", "germany", "1,2")], step=Step.PRODUCTION)
    state["flow"]["turn"] = 4
    state["board"]["bp"]["germany"] = 2
    state["board"]["built_last"]["germany"] = {}
    assert {"build": "op"} in build_options(state, "germany")
    build(state, "germany", {"build": "op"}, Dice())
    build(state, "germany", {"build": "op"}, Dice())       # no gearing limit
    assert state["board"]["bp"]["germany"] == 0
    assert state["board"]["op_due"] == [{"power": "germany", "turn": 6}] * 2
    state["flow"]["turn"] = 5
    assert arrive(state) == [] and state["board"]["ops"]["germany"] == 0
    state["flow"]["turn"] = 6
    arrive(state)
    assert state["board"]["ops"]["germany"] == 2 and state["board"]["op_due"] == []


def test_fa_18_each_required_op_not_bought_costs_a_tenth_of_a_morale_level():
    state = position([corps("ge-a", "germany", "1,2")], step=Step.PRODUCTION)
    state["board"]["op_required"] = {"germany": 2, "russia": 1}
    state["board"]["op_bought"] = {"germany": 1, "russia": 1}
    events = shortfall(state)
    assert [e.data for e in events] == [{"power": "germany", "required": 2, "short": 1}]
    assert state["board"]["morale_points"]["germany"] == -1
    assert state["board"]["morale_points"]["russia"] == 0


def test_fa_18_2_an_unlimited_action_costs_seven_and_plays_as_a_land_action():
    state = position([corps("ge-a", "germany", "1,2")], step=Step.OFFENSIVE,
                     actions={"germany": "combined"})
    state["board"]["ops"]["germany"] = 6
    assert {"unlimited": True} not in offensive_options(state, "germany")
    state["board"]["ops"]["germany"] = 7
    assert {"unlimited": True} in offensive_options(state, "germany")
    assert remaining(state, "germany", "land_move") == 6           # combined: column g
    spend(state, "germany", {"unlimited": True})
    assert state["board"]["ops"]["germany"] == 0
    assert remaining(state, "germany", "land_move") is None
    assert remaining(state, "germany", "land_attack") is None
    assert remaining(state, "germany", "rail") == 3                 # the land column e
    assert activity_allowed(state, "germany", Step.LAND_COMBAT)
    h = hq("ge-h", "germany", "1,1")
    assert unit_cost(state, h, state["board"]["units"]["ge-a"]) == 1
    assert {"unlimited": True} not in offensive_options(state, "germany")


def test_fa_18_2_italy_the_oe_and_austria_hungary_pay_five():
    from engine.rulesets.fatal_alliances.offensive import unlimited_cost
    assert [unlimited_cost(p) for p in ("austria_hungary", "ottoman", "italy", "germany",
                                        "russia")] == [5, 5, 5, 7, 7]


def test_fa_18_3_hq_benefit_costs_three_plus_twice_reorg_and_doubles_attackers_in_range():
    h = hq("ge-h", "germany", "0,2", reorg=2)
    attackers = [corps(f"ge-{i}", "germany", h_, cf=c)     # 1, 1, 2 and 2 hexes away
                 for i, (h_, c) in enumerate(zip(("1,1", "1,2", "1,3", "2,1"), (4, 3, 3, 2), strict=False))]
    far = corps("ge-far", "germany", "4,4", cf=9)                 # 4 hexes from the HQ
    ru = corps("ru-a", "russia", "3,2", cf=2)
    state = position([h, ru] + attackers + [far], step=Step.OFFENSIVE,
                     actions={"germany": "land"}, width=9, features={"0,2": ["city"]})
    assert hq_benefit_cost(h) == 7                                # the rulebook's example
    state["board"]["ops"]["germany"] = 7
    assert {"hq_benefit": "ge-h"} in offensive_options(state, "germany")
    spend(state, "germany", {"hq_benefit": "ge-h"})
    units = state["board"]["units"]
    group = [units[i] for i in ("ge-0", "ge-1", "ge-2", "ge-3")]
    # Allowance 2 x reorg = 4; all four are within 2 hexes of 0,2.
    assert doubled(state, group) == {"ge-0", "ge-1", "ge-2", "ge-3"}
    assert doubled(state, [units["ge-far"]]) == set()
    base = strengths(position([ru] + [dict(u) for u in group], step=Step.LAND_COMBAT),
                     group, "3,2", [units["ru-a"]])["attack"]
    assert strengths(state, group, "3,2", [units["ru-a"]])["attack"] == 2 * base
    assert use_doubling(state, group[:3]) == ["ge-0", "ge-1", "ge-2"]
    assert state["flow"]["op_hq"]["germany"]["left"] == 1
    assert doubled(state, group) == {"ge-0"}                      # the largest first


def test_fa_18_3_2_the_benefit_hq_supports_without_flipping_and_turns_down_at_impulse_end():
    h = hq("ge-h", "germany", "2,1", reorg=2)
    a = corps("ge-a", "germany", "2,2")
    ru = corps("ru-a", "russia", "3,2")
    state = position([h, a, ru], step=Step.LAND_COMBAT)
    units = state["board"]["units"]
    _, flips = hq_support(state, [units["ge-h"], units["ge-a"]], "3,2", [units["ru-a"]])
    assert flips == ["ge-h"]
    state["flow"]["op_hq"] = {"germany": {"hq": "ge-h", "left": 4}}
    _, flips = hq_support(state, [units["ge-h"], units["ge-a"]], "3,2", [units["ru-a"]])
    assert flips == []
    assert reorg_budget(state, units["ge-h"]) == 4                # units at half cost
    end_impulse(state)
    assert not units["ge-h"]["up"]


def test_fa_18_4_turning_an_hq_face_up_costs_one_plus_reorg():
    h = hq("ge-h", "germany", "1,2", reorg=2, up=False)
    state = position([h], step=Step.OFFENSIVE, actions={"germany": "land"},
                     features={"0,2": ["city"]})
    assert hq_flip_cost(h) == 3                                   # the rulebook's example
    state["board"]["ops"]["germany"] = 3
    assert {"flip_hq": "ge-h"} in offensive_options(state, "germany")
    spend(state, "germany", {"flip_hq": "ge-h"})
    assert state["board"]["units"]["ge-h"]["up"] and state["board"]["ops"]["germany"] == 0


def test_fa_18_1_no_op_spending_while_passing_or_without_points():
    state = position([hq("ge-h", "germany", "1,2")], step=Step.OFFENSIVE,
                     actions={"germany": "pass"})
    state["board"]["ops"]["germany"] = 10
    assert offensive_options(state, "germany") == [{"done": True}]
    state["flow"]["actions"]["germany"] = "land"
    state["board"]["ops"]["germany"] = 0
    assert offensive_options(state, "germany") == [{"done": True}]


def test_fa_18_3_2_the_doubled_attackers_are_doubled_in_the_roll_too():
    """FA 18.3.2 with 11.12: the benefit HQ's doubling is fixed when the attack is declared,
    and the combat is rolled with it. A reorg-1 HQ doubles two attackers (allowance 2): a 3
    and a 2 against a 5 attack at 10:5, 2:1 — not at 1:1, which is what the roll gave when
    the allowance was spent before the odds and then looked up again (empty)."""
    from .positions import declare_with_best_support
    h = hq("ge-h", "germany", "2,2", reorg=1)
    a = corps("ge-a", "germany", "2,2", cf=3)
    b = corps("ge-b", "germany", "2,3", cf=2)
    ru = corps("ru-a", "russia", "3,2", cf=5)
    state = position([h, a, b, ru], step=Step.LAND_COMBAT, features={"1,2": ["city"]})
    state["flow"]["op_hq"] = {"germany": {"hq": "ge-h", "left": 2}}
    events = []
    declare_with_best_support(state, "germany", {"target": "3,2", "units": ["ge-a", "ge-b"],
                                                 "table": "assault"}, Dice(5, 5), events)
    resolved = next(e for e in events if e.kind == "combat_resolved")
    assert (resolved.data["attack"], resolved.data["defence"]) == ("10", "5")
    assert state["flow"]["op_hq"]["germany"]["left"] == 0
