"""FA 4.3 / 13.5.5.2 — destroying own units in the reinforcement stage, and scrapping."""

from engine.rulesets.fatal_alliances.resolution import destroy_unit
from engine.rulesets.fatal_alliances.scrap import apply_scrap, scrap_options
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import FLOW, open_decisions, settle

from .positions import corps, division, position


def scrap_position(units, turn=2):
    state = position(units, step=Step.SCRAP)
    state["flow"]["turn"] = turn
    return state


def test_fa_4_3_no_step_on_the_first_turn_and_only_for_active_powers():
    state = scrap_position([corps("ge-a", "germany", "1,2")], turn=1)
    assert scrap_options(state, "germany") == [{"done": True}]
    state = scrap_position([corps("ge-a", "germany", "1,2")])
    assert scrap_options(state, "germany") == [{"done": True}, {"destroy_own": True}]
    state["board"]["active"] = ["russia"]
    assert scrap_options(state, "germany") == [{"done": True}]


def test_fa_4_3_destroying_an_own_unit_outside_enemy_zoc_costs_no_morale_and_earns_no_bp():
    state = scrap_position([corps("ge-a", "germany", "0,2"), corps("ru-a", "russia", "6,2")])
    apply_scrap(state, "germany", {"destroy_own": True})
    offered = scrap_options(state, "germany")
    assert {"destroy": "ge-a"} in offered and {"destroy": "ge-a", "scrap": True} in offered
    events = apply_scrap(state, "germany", {"destroy": "ge-a"})
    board = state["board"]
    assert board["units"]["ge-a"]["hex"] is None and "ge-a" in board["pool"]["germany"]
    assert board["morale_points"]["germany"] == 0 and board["bonus_bp"]["germany"] == 0
    assert events[-1].data["morale"] is False
    # the choice was made: a unit put back in the pool cannot be scrapped later
    assert {"scrap": "ge-a"} not in scrap_options(state, "germany")


def test_fa_4_3_an_own_unit_destroyed_in_enemy_zoc_counts_for_morale():
    state = scrap_position([corps("ge-a", "germany", "2,2"), corps("ru-a", "russia", "3,2")])
    apply_scrap(state, "germany", {"destroy_own": True})
    apply_scrap(state, "germany", {"destroy": "ge-a", "scrap": True})
    board = state["board"]
    assert board["morale_points"]["germany"] == -4        # an INF corps costs 4
    assert "ge-a" in board["scrapped"] and "ge-a" not in board["pool"]["germany"]


def test_fa_13_5_5_2_militia_territorials_are_never_scrapped():
    state = scrap_position([corps("ge-m", "germany", "0,2", type="MIL", size="div"),
                            corps("ge-t", "germany", "0,1", type="TERR", size="div")])
    apply_scrap(state, "germany", {"destroy_own": True})
    offered = scrap_options(state, "germany")
    assert {"destroy": "ge-m"} in offered and {"destroy": "ge-t"} in offered
    assert not [o for o in offered if o.get("scrap")]


def test_fa_13_5_5_2_a_unit_destroyed_in_combat_may_be_scrapped_at_the_next_4_3_step():
    state = scrap_position([corps("ge-a", "germany", "1,2"), division("ge-d", "germany", "1,1"),
                            corps("ge-m", "germany", "1,3", type="MIL")])
    for uid in ("ge-a", "ge-d", "ge-m"):
        destroy_unit(state, state["board"]["units"][uid], [], "combat")
    assert state["board"]["scrappable"] == ["ge-a", "ge-d", "ge-m"]
    offered = scrap_options(state, "germany")
    assert offered == [{"done": True}, {"scrap": "ge-a"}, {"scrap": "ge-d"}]
    apply_scrap(state, "germany", {"scrap": "ge-d"})
    assert "ge-d" in state["board"]["scrapped"] and "ge-d" not in state["board"]["pool"]["germany"]
    # a unit drawn from the pool meanwhile is no longer offered
    state["board"]["pool"]["germany"].remove("ge-a")
    assert scrap_options(state, "germany") == [{"done": True}]
    # the deferred choice lapses when the step ends: ge-a stays in the pool for good
    state["board"]["pool"]["germany"].append("ge-a")
    step = FLOW.current(state)
    assert step.name == Step.SCRAP and step.successor(state) == Step.HOME_FRONT
    step.end(state, None)
    assert state["board"]["scrappable"] == [] and state["flow"]["scrap_choosing"] == []


def test_fa_4_3_the_decision_lists_done_first_and_a_broken_down_corps_is_not_scrappable():
    state = scrap_position([corps("ge-a", "germany", "1,2")])
    destroy_unit(state, state["board"]["units"]["ge-a"], [], "broken_down", bonus=False)
    assert state["board"]["scrappable"] == []
    state["board"]["units"]["ge-b"] = corps("ge-b", "germany", "0,2")
    assert settle(state)
    d = next(d for d in open_decisions(state) if d.seats == ("germany",))
    assert d.kind == "scrap" and d.options[0] == {"done": True}
