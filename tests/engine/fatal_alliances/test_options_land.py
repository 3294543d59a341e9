"""The FA option rules that are land rules: 1 in-hex reserves (FA 2.3), 4 emergency HQ supply
(FA 2.4.4), 6 isolated reorganisation (FA 13.4), 7 home-front reserves (FA 14.1). All are off
by default."""

import pytest

from engine.kernel import Decision, IllegalAction, Roller
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances import combat as cb
from engine.rulesets.fatal_alliances.home_front import (
    apply_home_front,
    home_front_options,
    morale_points,
)
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.orders import attack_items, validate
from engine.rulesets.fatal_alliances.reorganisation import final_reorganisation
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.zoc import is_legal_stack, would_overstack

from .positions import corps, division, hq, position

STATE = position([])


def with_options(state, **on):
    state["board"]["options"] = {"in_hex_reserves": False, "isolated_reorganisation": False,
                                 "home_front_reserves": False, "emergency_hq_supply": False,
                                 **on}
    return state


def test_fa_22_2_4_land_option_rules_are_table_options_off_by_default():
    filled = RULESET.check_options("campaign-1914", {})
    assert filled == {"profile": "fa3", "emergency_hq_supply": False, "in_hex_reserves": False,
                      "isolated_reorganisation": False, "home_front_reserves": False,
                      "turns": 30,   # R-N22: the campaign's turn cap, recorded since version 13
                      "limited_overseas_supply": False}   # option 2 (R-N27, version 16)
    filled = RULESET.check_options("east-prussia-1914", {"in_hex_reserves": True})
    assert filled["in_hex_reserves"] is True


def test_fa_2_3_option_1_a_hex_holds_one_more_unit_in_reserve():
    a, b, c, d = (corps(f"ge-{i}", "germany", "1,2") for i in "abcd")
    div = division("ge-d", "germany", "1,2")
    assert not is_legal_stack(STATE, [a, b, c]) and is_legal_stack(STATE, [a, b, c], reserve=True)
    assert is_legal_stack(STATE, [a, b, c, div], reserve=True)
    assert not is_legal_stack(STATE, [a, b, c, d], reserve=True)
    state = with_options(position([a, b, corps("ge-m", "germany", "0,2")]),
                         in_hex_reserves=True)
    assert "1,2" in destinations(state, ["ge-m"])
    state["board"]["options"]["in_hex_reserves"] = False
    assert "1,2" not in destinations(state, ["ge-m"])


def test_fa_2_3_option_1_no_reserve_place_by_retreat():
    state = with_options(position([corps("ge-a", "germany", "1,2"),
                                   corps("ge-b", "germany", "1,2"),
                                   corps("ge-r", "germany", "2,2")]), in_hex_reserves=True)
    r = state["board"]["units"]["ge-r"]
    assert would_overstack(state, "1,2", [r], reserve=False)
    assert not would_overstack(state, "1,2", [r])


def test_fa_2_3_option_1_no_more_attack_out_of_a_hex_than_without_it_and_one_defender_sits_out():
    units = [corps("ge-a", "germany", "2,2", cf=4), corps("ge-b", "germany", "2,2", cf=3),
             corps("ge-c", "germany", "2,2", cf=2),
             corps("ru-a", "russia", "3,2", cf=3), corps("ru-b", "russia", "3,2", cf=1),
             corps("ru-c", "russia", "3,2", cf=2)]
    state = with_options(position(units, step=Step.LAND_COMBAT,
                                  features={"0,2": ["city"], "5,2": ["city"]}),
                         in_hex_reserves=True)
    groups = [i["action"]["units"] for i in attack_items(state, "germany")]
    assert groups and all(len(g) <= 2 for g in groups)
    assert ["ge-a", "ge-b"] in groups                      # the strongest two of the hex
    d = Decision(id="x", seats=("germany",), kind="land_attack", rule="FA 11.12",
                 prompt="", waiting="", schema={"type": "object"})
    with pytest.raises(IllegalAction) as err:
        validate(state, "germany", d, {"target": "3,2", "units": ["ge-a", "ge-b", "ge-c"],
                                       "table": "assault"})
    assert err.value.code == "attack_out_limit"
    defenders = cb.defenders_at(state, "germany", "3,2")
    assert cb.reserve_unit(state, defenders) == "ru-b"     # three corps: the weakest corps


def test_fa_13_4_option_6_isolated_units_stay_face_down_at_final_reorganisation():
    # The German corps at 4,2 is cut off from German cities by Russian ZoC.
    units = [corps("ge-cut", "germany", "5,2", up=False), corps("ru-a", "russia", "3,1"),
             corps("ru-b", "russia", "3,3"), corps("ru-c", "russia", "4,2"),
             corps("ru-d", "russia", "4,3"), corps("ru-e", "russia", "6,1"),
             corps("ge-home", "germany", "1,2", up=False)]
    state = with_options(position(units, step=Step.FINAL_REORGANISATION, width=8,
                                  features={"0,2": ["city"], "7,4": ["city"]}),
                         isolated_reorganisation=True)
    events = final_reorganisation(state, Roller(b"\0" * 32, "t", 0))
    board = state["board"]["units"]
    assert board["ge-home"]["up"] and not board["ge-cut"]["up"]
    assert events[0].data["isolated"] == ["ge-cut"]
    state = with_options(position(units, step=Step.FINAL_REORGANISATION, width=8,
                                  features={"0,2": ["city"], "7,4": ["city"]}))
    final_reorganisation(state, Roller(b"\0" * 32, "t", 0))
    assert state["board"]["units"]["ge-cut"]["up"]


def test_fa_14_1_option_7_home_front_reserves_in_and_out_and_their_morale():
    units = [corps("ge-a", "germany", "0,2"), corps("ge-b", "germany", "1,2"),
             division("ge-d", "germany", "0,2")]
    state = with_options(position(units, step=Step.HOME_FRONT,
                                  features={"0,2": ["city"], "1,2": ["city"]}),
                         home_front_reserves=True)
    opts = home_front_options(state, "germany")
    assert {"to_reserve": "ge-a"} in opts and {"to_reserve": "ge-b"} in opts
    assert {"to_reserve": "ge-d"} not in opts                  # corps-size only
    roller = Roller(b"\0" * 32, "t", 0)
    apply_home_front(state, "germany", {"to_reserve": "ge-a"}, roller)
    apply_home_front(state, "germany", {"to_reserve": "ge-b"}, roller)
    assert state["board"]["reserve_pool"]["germany"] == ["ge-a", "ge-b"]
    assert morale_points(state, "germany") == 1                # two corps: 0.1 level
    # Units moved this turn may not move again (no cycling within the step).
    assert home_front_options(state, "germany") == [{"done": True}]
    state["flow"]["home_front_moved"] = []
    assert {"deploy": "ge-a"} in home_front_options(state, "germany")
    apply_home_front(state, "germany", {"deploy": "ge-a"}, roller)
    assert state["board"]["units"]["ge-a"]["hex"] in ("0,2", "1,2")
    state["board"]["options"]["home_front_reserves"] = False
    assert home_front_options(state, "germany") == [{"done": True}]
    assert morale_points(state, "germany") == 0


@pytest.mark.parametrize("profile", ["fa3", "fa-annotated"])
def test_fa_profiles_breakdown_offensive_points_and_reserves_read_the_same(profile):
    # 21.2, 18 and option 1 have no land difference between the editions (see the rules doc).
    from engine.rulesets.fatal_alliances.breakdown import breakdown_options
    from engine.rulesets.fatal_alliances.offensive import hq_benefit_cost, required

    from .positions import hq
    state = position([corps("ge-a", "germany", "1,2")], step=Step.BREAKDOWN, profile=profile)
    state["flow"]["turn"] = 2
    for uid in ("ge-d1", "ge-d2"):
        state["board"]["units"][uid] = division(uid, "germany", None)
        state["board"]["pool"]["germany"].append(uid)
    assert breakdown_options(state, "germany") == [
        {"done": True}, {"break": "ge-a", "into": ["INF", "INF"]}]
    assert hq_benefit_cost(hq("h", "germany", None, reorg=2)) == 7 and required(15) == 2
    assert is_legal_stack(STATE, [corps(f"u{i}", "germany", "1,2") for i in range(3)], reserve=True)


def test_fa_2_4_4_option_4_an_hq_supplies_up_to_its_reorg_value_of_cut_off_units():
    from engine.rulesets.fatal_alliances.emergency import (
        apply_emergency,
        emergency_options,
        end_of_combat,
    )
    # Three German corps cut off at 5,x with a reorg-2 HQ among them; Russians around.
    units = [hq("ge-h", "germany", "5,1", reorg=2), corps("ge-a", "germany", "5,2"),
             corps("ge-b", "germany", "6,2"), corps("ge-c", "germany", "6,1"),
             corps("ru-a", "russia", "3,1"), corps("ru-b", "russia", "3,3"),
             corps("ru-c", "russia", "4,2"), corps("ru-d", "russia", "4,3"),
             corps("ru-e", "russia", "7,3")]
    state = with_options(position(units, step=Step.EMERGENCY, width=8,
                                  features={"0,2": ["city"], "7,4": ["city"]}),
                         emergency_hq_supply=True)
    opts = emergency_options(state, "germany")
    assert {"hq": "ge-h", "unit": "ge-a"} in opts and {"hq": "ge-h", "unit": "ge-b"} in opts
    assert not any(o.get("unit") == "ge-h" for o in opts)      # never an HQ
    assert "ge-a" not in {u["id"] for u in cb.eligible_attackers(state, ["germany"], "4,2")}
    apply_emergency(state, "germany", {"hq": "ge-h", "unit": "ge-a"})
    apply_emergency(state, "germany", {"hq": "ge-h", "unit": "ge-b"})
    assert emergency_options(state, "germany") == [{"done": True}]   # reorg 2 used up
    # A supplied unit may attack: ge-a is now eligible against the Russians at 4,2.
    assert "ge-a" in {u["id"] for u in cb.eligible_attackers(state, ["germany"], "4,2")}
    end_of_combat(state)
    assert not state["board"]["units"]["ge-h"]["up"]
    state["board"]["options"]["emergency_hq_supply"] = False
    assert emergency_options(state, "germany") == [{"done": True}]


def test_fa_2_4_4_option_4_the_other_side_announces_after_the_phasing_side():
    from engine.rulesets.fatal_alliances.emergency import announcing_powers, apply_emergency
    from engine.rulesets.fatal_alliances.steps import settle
    # Russia's impulse: the cut-off Germans (with their HQ) may take emergency supply too.
    units = [hq("ge-h", "germany", "5,1", reorg=2), corps("ge-a", "germany", "5,2", up=False),
             corps("ge-b", "germany", "6,2"), corps("ge-c", "germany", "6,1"),
             corps("ru-a", "russia", "3,1"), corps("ru-b", "russia", "3,3"),
             corps("ru-c", "russia", "4,2"), corps("ru-d", "russia", "4,3"),
             corps("ru-e", "russia", "7,3"), hq("ru-h", "russia", "3,2", reorg=1)]
    state = with_options(position(units, step=Step.EMERGENCY, width=8, active_side="entente",
                                  actions={"russia": "land"},
                                  features={"0,2": ["city"], "7,4": ["city"]}),
                         emergency_hq_supply=True)
    state["flow"]["done"] = ["russia"]           # the phasing side is done (or had nothing)
    assert announcing_powers(state) == ["germany"]
    assert [d.seats for d in settle(state)] == [("germany",)]
    attackers = [state["board"]["units"]["ru-c"]]
    ge_a = [state["board"]["units"]["ge-a"]]
    before = cb.strengths(state, attackers, "5,2", ge_a)
    apply_emergency(state, "germany", {"hq": "ge-h", "unit": "ge-a"})
    after = cb.strengths(state, attackers, "5,2", ge_a)
    assert after != before     # the face-down ge-a defends with its printed factor, not 2
