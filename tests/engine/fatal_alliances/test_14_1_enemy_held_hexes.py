"""FA 14.1 — morale for enemy-held home cities and resources, counted only for what the power
controlled when its current war began, one value per hex.

On the grid, columns 0–2 are German and 3–6 Russian; `position` begins both powers' war on the
position as built, so a test that wants a hex lost before the war changes control first and
then begins the war again with `record_war_start`."""

from engine.rulesets.fatal_alliances.morale import (
    adjust_morale,
    enemy_held_points,
    record_war_start,
    unit_loss_points,
)
from engine.rulesets.fatal_alliances.war import activate

from .positions import Dice, corps, position


def grid(features, **kw):
    return position([corps("ge-a", "germany", "0,0")], features=features, **kw)


def morale_event(events, power):
    return next(e for e in events if e.data["power"] == power)


def test_fa_14_1_enemy_held_resource_costs_morale():
    state = grid({"4,2": ["resource"]})
    assert state["board"]["war_holdings"]["russia"] == ["4,2"]
    assert enemy_held_points(state, "russia") == 0
    state["board"]["control"]["4,2"] = "germany"
    assert enemy_held_points(state, "russia") == -1
    state["board"]["attacked_this_turn"] = ["germany", "russia"]
    events = adjust_morale(state, Dice(1))
    assert morale_event(events, "russia").data["points"] == -1


def test_fa_14_1_city_not_held_at_start_of_war_costs_nothing():
    state = grid({"4,2": ["city"], "5,2": ["resource"], "4,1": ["city"]})
    board = state["board"]
    board["control"].update({"4,2": "germany", "5,2": "germany"})
    record_war_start(state, "russia")           # the war begins with both already lost
    assert board["war_holdings"]["russia"] == ["4,1"]
    assert enemy_held_points(state, "russia") == 0
    board["control"]["4,1"] = "germany"          # a city lost during the war still counts
    assert enemy_held_points(state, "russia") == -1


def test_fa_14_1_a_power_active_again_counts_only_from_its_new_war():
    state = grid({"4,2": ["city"], "4,1": ["city"]})
    board = state["board"]
    board["control"]["4,2"] = "germany"
    assert enemy_held_points(state, "russia") == -1
    board["active"].remove("russia")             # out of the war, then back in
    activate(state, "russia")
    assert enemy_held_points(state, "russia") == 0
    board["control"]["4,1"] = "germany"
    assert enemy_held_points(state, "russia") == -1


def test_fa_14_1_capital_and_resource_in_one_hex_count_once():
    state = grid({"4,2": ["city", "capital", "resource"], "4,1": ["city", "resource"]})
    state["board"]["control"]["4,2"] = "germany"
    assert enemy_held_points(state, "russia") == -5
    state["board"]["control"]["4,1"] = "germany"
    assert enemy_held_points(state, "russia") == -6


def test_fa_14_1_possessions_and_occupied_luxembourg_are_no_home_cities():
    # 4,2 is a Russian possession; 1,2 is Luxembourg, German-controlled from the start.
    state = grid({"4,2": ["city"], "1,2": ["city", "capital"], "1,1": ["city"]},
                 possessions=("4,2",), countries={"1,2": "luxembourg"})
    board = state["board"]
    assert "4,2" not in board["war_holdings"]["russia"]
    assert board["war_holdings"]["germany"] == ["1,1"]
    board["control"].update({"4,2": "germany", "1,2": "russia"})
    assert enemy_held_points(state, "russia") == 0
    assert enemy_held_points(state, "germany") == 0


def test_fa_14_1_a_hex_held_by_a_neutral_costs_nothing():
    state = grid({"4,2": ["city", "resource"]})
    state["board"]["control"]["4,2"] = "serbia"     # not at war with Russia
    assert enemy_held_points(state, "russia") == 0


def test_fa_14_1_worked_example_losses_and_two_home_cities_make_minus_thirty_seven():
    # The losses and home-city part of the rulebook's example (-35 -2); the whole example,
    # with the 12 BP on the home front, is in test_14_1_home_front_morale.py.
    state = grid({"1,1": ["city"], "1,3": ["city"], "2,2": ["city"]})
    board = state["board"]
    lost = [corps(f"ge-{n}", "germany", None) for n in range(8)]
    lost.append(corps("ge-cav", "germany", None, type="CAV"))
    losses = sum(unit_loss_points(u) for u in lost)
    assert losses == 35
    board["control"].update({"1,1": "russia", "1,3": "russia"})
    board["attacked_this_turn"] = ["germany", "russia"]
    board["morale"]["germany"] = 12
    board["morale_points"] = {"germany": -losses, "russia": 0}
    events = adjust_morale(state, Dice(8))
    assert morale_event(events, "germany").data["points"] == -37   # 3 levels, a 4th on <= 7
    assert board["morale"]["germany"] == 9


def test_fa_14_1_the_campaign_records_each_power_s_holdings_when_it_goes_to_war():
    from engine.rulesets.fatal_alliances.campaign import run_script
    from engine.rulesets.fatal_alliances.position import map_of
    from engine.rulesets.fatal_alliances.setup import build_state
    state = build_state("campaign-1914", {"profile": "fa3"}, [
        "austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"])
    places = map_of(state).places
    holdings = state["board"]["war_holdings"]
    state["flow"]["turn"], state["flow"]["impulse"] = 1, 1
    run_script(state)
    assert holdings == {}                        # Austria-Hungary is only at war with Serbia
    for impulse in (2, 3):
        state["flow"]["impulse"] = impulse
        run_script(state)
    assert sorted(holdings) == ["austria_hungary", "britain", "france", "germany", "russia"]
    britain = holdings["britain"]
    assert places["london"].hex in britain and places["cardiff"].hex in britain
    assert places["cairo"].hex not in britain    # a possession: only the UK counts for the CW
    assert places["baku"].hex in holdings["russia"]
    assert places["luxembourg"].hex not in holdings["germany"]
    state["board"]["control"][places["cardiff"].hex] = "germany"
    assert enemy_held_points(state, "britain") == -1


def test_fa_14_1_russia_and_austria_hungary_have_two_full_value_capitals():
    """FA 14.1: Russia and Austria-Hungary "each have 2 'capitals'" (up to 10); the Morale
    Chart names Moscow and St Petersburg, Vienna and Budapest, all full value. Kiev stays a
    city (−1)."""
    from engine.rulesets.fatal_alliances.campaign import run_script
    from engine.rulesets.fatal_alliances.position import map_of
    from engine.rulesets.fatal_alliances.setup import build_state
    state = build_state("campaign-1914", {"profile": "fa3"}, [
        "austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"])
    places = map_of(state).places
    for impulse in (1, 2, 3):
        state["flow"]["turn"], state["flow"]["impulse"] = 1, impulse
        run_script(state)
    control = state["board"]["control"]
    for place in ("moscow", "petrograd"):
        control[places[place].hex] = "germany"
    assert enemy_held_points(state, "russia") == -10
    control[places["kiev"].hex] = "germany"
    assert enemy_held_points(state, "russia") == -11
    for place in ("vienna", "budapest"):
        control[places[place].hex] = "russia"
    assert enemy_held_points(state, "austria_hungary") == -10
