"""FA 10.2 activity limits, 11.8 rail movement, 11.9 land movement and overrun, 11.14
reorganisation."""

import pytest

from engine.kernel import IllegalAction, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.orders import move_items, rail_items
from engine.rulesets.fatal_alliances.rail import rail_destinations
from engine.rulesets.fatal_alliances.reorganisation import reorganisable
from engine.rulesets.fatal_alliances.sequence import Step, remaining
from engine.rulesets.fatal_alliances.steps import settle

from .positions import Dice, corps, division, hq, position

SEED = b"\1" * 32


def _open(state, kind):
    settle(state)
    return [d for d in decisions(RULESET, state) if d.kind == kind]


def test_fa_10_2_land_action_moves_are_unlimited_combined_uses_column_g():
    s = position([corps("g", "germany", "0,0")], actions={"germany": "combined",
                                                         "russia": "land"})
    assert remaining(s, "germany", "land_move") == 6
    assert remaining(s, "germany", "land_attack") == 2
    assert remaining(s, "germany", "rail") == 1
    s["flow"]["actions"]["germany"] = "land"
    assert remaining(s, "germany", "land_move") is None
    assert remaining(s, "germany", "rail") == 3
    assert remaining(s, "russia", "rail") == 1


def test_fa_10_2_a_pass_allows_no_activity():
    s = position([corps("g", "germany", "0,0")], actions={"germany": "pass", "russia": "land"})
    assert _open(s, "land_move") == []


def test_fa_10_2_combined_action_stops_offering_moves_at_the_limit():
    s = position([corps("g", "germany", "0,0")], actions={"germany": "combined",
                                                         "russia": "land"})
    s["flow"]["used"]["germany"] = {"land_move": 6}
    assert move_items(s, "germany") == []


def test_fa_11_9_entering_enemy_zoc_stops_but_zoc_to_zoc_is_allowed():
    s = position([corps("g", "germany", "2,2"), corps("r", "russia", "4,2")])
    dest = destinations(s, ["g"])
    assert "3,2" in dest          # enters the ZoC
    assert "5,2" not in dest      # cannot pass through it
    s2 = position([corps("g", "germany", "3,2"), corps("r", "russia", "4,2")])
    assert "3,3" in destinations(s2, ["g"])  # ZoC to ZoC


def test_fa_11_9_enemy_occupied_hexes_cannot_be_entered():
    s = position([corps("g", "germany", "3,2"), corps("r", "russia", "4,2")])
    assert "4,2" not in destinations(s, ["g"])


def test_fa_11_9_2_one_more_hex_than_it_can_afford_ends_face_down():
    s = position([corps("g", "germany", "0,2", ma=2)], terrain={"2,2": "mountain"},
                 width=5, split=5)
    dest = destinations(s, ["g"])
    assert dest["2,2"] == {"cost": 3, "flip": True}


def test_fa_11_9_stack_moves_together_with_its_smallest_allowance():
    s = position([corps("a", "germany", "0,2", ma=3), corps("b", "germany", "0,2", ma=2)],
                 width=6, split=6)
    assert "3,2" in destinations(s, ["a"])
    assert "3,2" not in destinations(s, ["a", "b"])


def test_fa_11_9_a_move_that_would_overstack_is_not_offered():
    s = position([corps("a", "germany", "0,2"), corps("b", "germany", "1,2"),
                  corps("c", "germany", "1,2")], width=6, split=6)
    assert "1,2" not in destinations(s, ["a"])


def test_fa_11_9_6_entering_an_enemy_hex_takes_control_and_destroys_its_fort():
    s = position([corps("g", "germany", "2,2"), corps("r", "russia", "5,0")],
                 forts={"3,2|4,1": {"hex": "3,2", "power": "russia"}})
    d = _open(s, "land_move")[0]
    out = apply(RULESET, s, "germany", d.id, {"units": ["g"], "to": "3,2"}, seed=SEED)
    board = out.state["board"]
    assert board["control"]["3,2"] == "germany"
    assert board["forts"] == {}
    assert board["units"]["g"]["hex"] == "3,2"


def test_fa_11_9_a_unit_out_of_supply_at_the_start_flips_when_it_moves():
    s = position([corps("g", "germany", "0,2")], features={}, width=6, split=6)
    d = _open(s, "land_move")[0]
    out = apply(RULESET, s, "germany", d.id, {"units": ["g"], "to": "1,2"}, seed=SEED)
    assert out.state["board"]["units"]["g"]["up"] is False


def test_fa_11_9_validator_refuses_what_the_lister_does_not_offer():
    s = position([corps("g", "germany", "2,2"), corps("r", "russia", "4,2")])
    d = _open(s, "land_move")[0]
    with pytest.raises(IllegalAction) as exc:
        apply(RULESET, s, "germany", d.id, {"units": ["g"], "to": "5,2"}, seed=SEED)
    assert exc.value.rule == "FA 11.9"
    with pytest.raises(IllegalAction) as exc:
        apply(RULESET, s, "germany", d.id, {"units": ["r"], "to": "5,2"}, seed=SEED)
    assert exc.value.code == "not_your_unit"


def test_fa_11_8_rail_runs_station_to_station_and_flips_the_unit():
    rail = [[f"{q},2" for q in range(0, 6)]]
    feats = {"0,2": ["city"], "5,2": ["city"], "3,2": ["city"]}
    s = position([corps("g", "germany", "0,2")], rail=rail, features=feats, width=7, split=7,
                 step=Step.RAIL)
    assert rail_destinations(s, "g") == ["3,2", "5,2"]
    d = _open(s, "rail_move")[0]
    out = apply(RULESET, s, "germany", d.id, {"unit": "g", "to": "5,2"}, seed=SEED)
    u = out.state["board"]["units"]["g"]
    assert (u["hex"], u["up"]) == ("5,2", False)
    assert [e.kind for e in out.events if e.kind == "rail_moved"] == ["rail_moved"]


def test_fa_11_8_rail_may_not_enter_enemy_zoc_except_a_station_held_by_a_friend():
    rail = [[f"{q},1" for q in range(0, 7)]]
    feats = {"0,1": ["city"], "4,1": ["city"], "6,1": ["city"]}
    units = [corps("g", "germany", "0,1"), corps("r", "russia", "5,1")]
    s = position(units, rail=rail, features=feats, width=8, height=4, split=8, step=Step.RAIL)
    assert rail_destinations(s, "g") == []  # 4,1 is in ZoC with no friend; 6,1 beyond it
    held = position(units + [corps("f", "germany", "4,1")], rail=rail, features=feats,
                    width=8, height=4, split=8, step=Step.RAIL)
    assert rail_destinations(held, "g") == ["4,1"]  # and the trip ends there


def test_fa_11_8_face_down_units_cannot_rail():
    rail = [[f"{q},2" for q in range(0, 6)]]
    feats = {"0,2": ["city"], "5,2": ["city"]}
    s = position([corps("g", "germany", "0,2", up=False)], rail=rail, features=feats,
                 width=7, split=7, step=Step.RAIL)
    assert rail_items(s, "germany") == []


def test_fa_11_14_hq_reorganises_face_down_units_within_reach_and_flips():
    units = [hq("h", "germany", "1,2", reorg=2), corps("a", "germany", "2,2", up=False),
             division("b", "germany", "3,2", up=False), corps("c", "germany", "6,2", up=False)]
    s = position(units, step=Step.REORGANISATION, width=8, split=8)
    s["flow"]["down_at_start"] = ["a", "b", "c"]
    groups = reorganisable(s, s["board"]["units"]["h"])
    assert ["a", "b"] in groups and not any("c" in g for g in groups)
    d = _open(s, "reorganise")[0]
    out = apply(RULESET, s, "germany", d.id, {"hq": "h", "units": ["a", "b"]}, seed=SEED)
    board = out.state["board"]["units"]
    assert board["a"]["up"] and board["b"]["up"] and not board["h"]["up"]


def test_fa_11_14_3_every_unit_costs_two_in_a_combined_action():
    units = [hq("h", "germany", "1,2", reorg=2), corps("a", "germany", "2,2", up=False),
             corps("b", "germany", "2,2", up=False)]
    s = position(units, step=Step.REORGANISATION, actions={"germany": "combined",
                                                           "russia": "land"})
    s["flow"]["down_at_start"] = ["a", "b"]
    assert reorganisable(s, s["board"]["units"]["h"]) == [["a"], ["b"]]


def test_fa_11_14_only_units_face_down_since_the_step_began():
    units = [hq("h", "germany", "1,2", reorg=2), corps("a", "germany", "2,2", up=False)]
    s = position(units, step=Step.REORGANISATION)
    s["flow"]["down_at_start"] = []
    assert reorganisable(s, s["board"]["units"]["h"]) == []


def test_fa_11_8_one_unit_a_side_rails_across_a_straits_hexside_each_turn():
    """FA 11.8: a rail move may cross a straits hexside with rail on both sides, but only one
    unit a side each turn; the limit clears at the next turn's start."""
    from engine.rulesets.fatal_alliances.reinforcement import reinforce
    rail = [[f"{q},2" for q in range(0, 6)]]
    feats = {"0,2": ["city"], "5,2": ["city"], "2,2": ["city"]}
    s = position([corps("g", "germany", "0,2"), corps("h", "germany", "0,2")], rail=rail,
                 features=feats, straits=["2,2|3,2"], width=7, split=7, step=Step.RAIL)
    assert rail_destinations(s, "g") == ["2,2", "5,2"]
    d = _open(s, "rail_move")[0]
    out = apply(RULESET, s, "germany", d.id, {"unit": "g", "to": "5,2"}, seed=SEED)
    assert out.state["flow"]["straits_railed"] == {"central": ["2,2|3,2"]}
    assert rail_destinations(out.state, "h") == ["2,2"]          # the straits are used
    reinforce(out.state, Dice())
    assert rail_destinations(out.state, "h") == ["2,2", "5,2"]   # a new turn


def test_fa_11_8_a_trip_on_the_near_side_of_the_straits_uses_none():
    rail = [[f"{q},2" for q in range(0, 6)]]
    feats = {"0,2": ["city"], "5,2": ["city"], "2,2": ["city"]}
    s = position([corps("g", "germany", "0,2"), corps("h", "germany", "0,2")], rail=rail,
                 features=feats, straits=["2,2|3,2"], width=7, split=7, step=Step.RAIL)
    d = _open(s, "rail_move")[0]
    out = apply(RULESET, s, "germany", d.id, {"unit": "g", "to": "2,2"}, seed=SEED)
    assert "straits_railed" not in out.state["flow"]
    assert rail_destinations(out.state, "h") == ["2,2", "5,2"]   # the straits still free


def test_fa_11_9_a_stack_is_judged_out_of_supply_before_any_of_it_moves():
    # The strip of FA 2.4's ZoC test: city at 0,0, a Russian corps at 2,1 covering 2,0 and
    # 1,1. The German pair at 3,0 is out of supply; once the first of them stands in 2,0 the
    # path 3,0 → 2,0 → 1,0 → 0,0 opens, but both began the move out of supply and both flip.
    feats = {"0,0": ["city"]}
    s = position([corps("r", "russia", "2,1"), corps("a", "germany", "3,0"),
                  corps("b", "germany", "3,0")], features=feats, width=6, height=2, split=6)
    d = _open(s, "land_move")[0]
    for order in (["a", "b"], ["b", "a"]):
        out = apply(RULESET, s, "germany", d.id, {"units": order, "to": "2,0"}, seed=SEED)
        units = out.state["board"]["units"]
        assert units["a"]["hex"] == units["b"]["hex"] == "2,0"
        assert units["a"]["up"] is False and units["b"]["up"] is False
