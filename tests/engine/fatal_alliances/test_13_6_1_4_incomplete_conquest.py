"""FA 13.6.1.4 — destroyed units of an incompletely conquered country: out of the game when
destroyed out of supply, or in supply on a d10 of 5 or less; otherwise back to the pool."""

from engine.rulesets.fatal_alliances.resolution import destroy_unit
from engine.rulesets.fatal_alliances.scrap import apply_scrap

from .positions import Dice, corps, position


def conquered_germany(city=True, complete=False):
    """Germany incompletely conquered: its units trace supply to a city of its possessions,
    now its home country (FA 13.6.1.4); its old home country supplies nothing."""
    state = position([corps("ge-a", "germany", "1,2"), corps("ge-b", "germany", "1,1")],
                     features={"0,2": ["city"]} if city else {}, possessions=["0,2"])
    state["board"]["conquered"] = {"germany": {"by": "russia", "turn": 1, "complete": complete,
                                               "side": "central"}}
    return state


def test_fa_13_6_1_4_destroyed_in_supply_leaves_the_game_on_five_or_less():
    state = conquered_germany()
    events = []
    destroy_unit(state, state["board"]["units"]["ge-a"], events, "combat", roller=Dice(5))
    board = state["board"]
    assert "ge-a" in board["removed"] and "ge-a" not in board["pool"]["germany"]
    assert events[-1].data["roll"] == 5 and events[-1].data["removed"] is True
    assert "ge-a" not in board["scrappable"]
    assert board["morale_points"]["germany"] == -4      # still a loss for morale


def test_fa_13_6_1_4_destroyed_in_supply_returns_to_the_pool_on_six_or_more():
    state = conquered_germany()
    destroy_unit(state, state["board"]["units"]["ge-a"], [], "combat", roller=Dice(6))
    assert "ge-a" in state["board"]["pool"]["germany"] and "ge-a" not in state["board"]["removed"]


def test_fa_13_6_1_4_destroyed_out_of_supply_leaves_the_game_without_a_roll():
    state = conquered_germany(city=False)
    dice = Dice()
    destroy_unit(state, state["board"]["units"]["ge-a"], [], "combat", roller=dice)
    assert dice.rolls == [] and "ge-a" in state["board"]["removed"]


def test_fa_13_6_1_4_an_unconquered_or_liberated_countrys_units_go_to_the_pool():
    state = conquered_germany()
    state["board"]["conquered"] = {}
    dice = Dice()
    destroy_unit(state, state["board"]["units"]["ge-a"], [], "combat", roller=dice)
    assert dice.rolls == [] and "ge-a" in state["board"]["pool"]["germany"]


def test_fa_13_6_1_4_an_own_unit_destroyed_at_4_3_rolls_too():
    state = conquered_germany()
    state["flow"]["turn"] = 2
    apply_scrap(state, "germany", {"destroy_own": True})
    events = apply_scrap(state, "germany", {"destroy": "ge-b", "scrap": True}, Dice(3))
    assert "ge-b" in state["board"]["removed"] and "ge-b" not in state["board"]["scrapped"]
    assert events[-1].rule == "FA 13.6.1.4"


def test_fa_13_6_1_4_the_possessions_become_the_home_country_for_supply():
    from engine.rulesets.fatal_alliances.supply import supplied_hexes
    home_city = position([corps("ge-a", "germany", "1,2")], features={"0,2": ["city"]})
    assert "1,2" in supplied_hexes(home_city, "germany")
    home_city["board"]["conquered"] = {"germany": {"by": "russia", "turn": 1,
                                                   "complete": False, "side": "central"}}
    assert "1,2" not in supplied_hexes(home_city, "germany")   # the home country is conquered
    assert "1,2" in supplied_hexes(conquered_germany(), "germany")
