"""FA 11.3 naval movement and FA 22.2 fleet set-up in the 1914 campaign (issue #22): ships start
in their bases, a naval or combined action sails task forces within their reach, each ship once
an impulse, and a ship ending in port turns face-down."""

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.impulses import action_decision
from engine.rulesets.fatal_alliances.interception import sail_and_watch
from engine.rulesets.fatal_alliances.naval_move import naval_options, sail, sailing
from engine.rulesets.fatal_alliances.naval_oob import load_naval_oob
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.steps import open_decisions
from engine.rulesets.fatal_alliances.war import declare_war

from .positions import skip_breakdown

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEED = b"\5" * 32
ROLLER = Roller(SEED, "naval", 0)


def at_war(action="naval"):
    """The campaign with the 1914 wars declared, the Central Powers' impulse, every Central
    power on `action`, in the naval movement step."""
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "naval")
    state = skip_breakdown(RULESET, state, SEED)
    for a, b in (("germany", "france"), ("germany", "russia"), ("germany", "britain"),
                 ("austria_hungary", "russia"), ("austria_hungary", "france")):
        declare_war(state, a, b)
    flow = state["flow"]
    flow["active_side"] = "central"
    flow["turn"], flow["impulse"] = 1, 3
    flow["actions"] = {"germany": action, "austria_hungary": action, "ottoman": "pass"}
    flow["used"] = {"germany": {}, "austria_hungary": {}, "ottoman": {}}
    flow["op_unlimited"], flow["forced_pass"], flow["may_act"] = [], [], []
    move_to(state, Step.NAVAL_MOVE.value)
    return state


def orders_for(state, power, units):
    return [o for o in naval_options(state, power) if o.get("units") == units]


def test_fa_22_2_every_ship_sets_up_face_up_in_its_1914_base():
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "setup")
    ships = fleets(state)
    set_up = [u for u in load_naval_oob().units if not u.pool]   # the pool: version 15
    assert sorted(ships) == sorted(u.id for u in set_up)
    for u in set_up:
        assert ships[u.id]["port"] == u.base and ships[u.id]["area"] is None
        assert ships[u.id]["up"] is True
    assert ships["britain-grand-fleet-bb-1"]["port"] == "scapa_flow"


def test_fa_22_2_east_prussia_has_no_fleets():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    assert "fleets" not in state["board"]


def test_fa_10_1_a_power_at_war_with_ships_may_take_a_naval_action():
    state = at_war()
    assert {"action": "naval"} in action_decision(state, "germany").options
    assert action_decision(state, "germany").data["not_available"] == ["air"]
    # the US is neutral in 1914: combined or pass, never naval
    assert {"action": "naval"} not in action_decision(state, "usa").options


def test_fa_11_3_2_4_reach_is_areas_entered_plus_the_sections_search_number():
    """A High Seas Fleet dreadnought row (speed 4, range 5) leaving Wilhelmshaven: the North
    Sea is the first area entered (1 point), so sections 0-3 (3 + 1 = 4), never 4; an area
    beyond it (2 points) takes sections 0-2."""
    state = at_war()
    bbs = [u for u in sorted(fleets(state)) if u.startswith("germany-high-seas-fleet-bb")]
    sections = {(o["to_area"], o["section"]) for o in orders_for(state, "germany", bbs)
                if "to_area" in o}
    assert {("north-sea", s) for s in range(4)} <= sections
    assert ("north-sea", 4) not in sections
    assert {("english-channel", 2), ("norwegian-sea", 2)} <= sections
    assert ("english-channel", 3) not in sections
    assert ("black-sea", 0) not in sections        # beyond its range


def test_fa_11_3_2_4_leaving_a_port_shared_with_another_major_costs_a_point():
    """Pola holds the Austro-Hungarian fleet and Germany's Goeben: the k.u.k. dreadnought
    (speed 4) reaches the Adriatic's section 2, not 3, until the Goeben has gone."""
    state = at_war()
    bb = ["austria-hungary-bb-1"]
    reach = {o["section"] for o in orders_for(state, "austria_hungary", bb)
             if o.get("to_area") == "adriatic"}
    assert reach == {0, 1, 2}
    fleets(state)["germany-goeben-breslau-1"]["port"] = "cattaro"
    reach = {o["section"] for o in orders_for(state, "austria_hungary", bb)
             if o.get("to_area") == "adriatic"}
    assert reach == {0, 1, 2, 3}


def test_fa_11_3_1_a_ship_makes_one_naval_move_an_impulse():
    state = at_war()
    cls = ["germany-high-seas-fleet-cl-1"]
    order = {"units": cls, "to_area": "north-sea", "section": 1}
    assert order in naval_options(state, "germany")
    events = sail(state, "germany", order, ROLLER)
    assert events[0].kind == "naval_move"
    ship = fleets(state)[cls[0]]
    assert (ship["area"], ship["section"], ship["up"]) == ("north-sea", 1, True)
    assert not orders_for(state, "germany", cls)
    # the next impulse it may move again: down a section or home, never on to another area
    state["flow"]["impulse"] += 1
    again = orders_for(state, "germany", cls)
    assert {"units": cls, "to_area": "north-sea", "section": 0} in again
    assert not any(o.get("to_area") not in (None, "north-sea") for o in again)
    assert {"units": cls, "to_port": "wilhelmshaven"} in again


def test_fa_11_3_2_2_a_ship_ending_its_move_in_port_turns_face_down():
    state = at_war()
    cl = ["germany-baltic-1"]
    ports = [o for o in orders_for(state, "germany", cl) if "to_port" in o]
    assert ports, "Kiel's cruiser reaches another German base"
    sail(state, "germany", ports[0], ROLLER)
    ship = fleets(state)[cl[0]]
    assert ship["port"] == ports[0]["to_port"] and ship["up"] is False


def test_fa_10_2_a_combined_action_sails_column_d_task_forces():
    """Germany's column d is 2: after two naval moves on a combined action it sails no more;
    on a naval action it would go on."""
    state = at_war("combined")
    for _ in range(2):
        assert "germany" in sailing(state)
        order = naval_options(state, "germany")[1]
        sail(state, "germany", order, ROLLER)
    assert "germany" not in sailing(state)
    assert naval_options(state, "germany") == [{"done": True}]
    state["flow"]["actions"]["germany"] = "naval"
    assert "germany" in sailing(state)


def test_fa_11_3_the_naval_movement_step_offers_the_decision_and_records_interceptors():
    """The step's decision lists done first; a move into an area holding a face-up enemy
    ship names that enemy in its event and asks it to intercept (11.3.5)."""
    state = at_war()
    kinds = {d.kind for d in open_decisions(state)}
    assert kinds == {"naval_move"}
    d = next(d for d in open_decisions(state) if d.seats == ("germany",))
    assert d.options[0] == {"done": True}
    fleets(state)["britain-harwich-force-1"].update(port=None, area="north-sea", section=2)
    events = sail_and_watch(state, "germany",
                            {"units": ["germany-high-seas-fleet-cl-1"], "to_area": "north-sea",
                             "section": 0}, ROLLER)
    assert events[0].data["interceptors"] == ["britain"]
    assert [d.kind for d in open_decisions(state)] == ["naval_intercept"]


@pytest.mark.slow
def test_fa_11_3_campaign_selfplay_sails_and_returns_ships_without_errors():
    """Two random campaign games to 250 actions each reach naval moves (from Germany's first
    impulse at war) and the end of turn 1's return to base: no errors, dead ends or illegal
    options."""
    from engine.kernel.selfplay import selfplay
    tally = selfplay(RULESET, "campaign-1914", games=2, seed=5, max_actions=250,
                     check_leaks=False)
    assert not tally.failed, tally.problems[:3]
    assert tally.errors == 0 and tally.dead_ends == 0 and tally.illegal_offered == 0
    assert tally.actions_by_kind["naval_move"] and tally.actions_by_kind["naval_return"]
