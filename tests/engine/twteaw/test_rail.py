"""Strategic (rail) movement, TWTEAW 4.1.3, with the rulebook's two examples."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, put, resolve, units

TO_MOSUL = ["constantinople", "sinope", "erzurum", "mosul"]
TO_BAGHDAD = ["constantinople", "izmir", "adana", "damascus", "ramadi", "baghdad"]


def rail(path, n=1, unit="infantry"):
    return {"from": path[0], "to": path[-1], "units": {unit: n}, "path": path}


@pytest.fixture
def ottomans():
    state = empty_board(fresh())
    put(state, "ottoman_empire", "constantinople", infantry=10)
    return state


def test_twteaw_4_1_3_ottoman_example_two_units_reach_mesopotamia(ottomans):
    # one through Mosul, one through Ramadi: Mosul and Ramadi pass one unit each
    O.validate(ottomans, "ottoman_empire", {"rail": [rail(TO_MOSUL), rail(TO_BAGHDAD)]})
    for third in (["constantinople", "izmir", "adana", "mosul", "baghdad", "basra"],
                  ["constantinople", "izmir", "adana", "damascus", "ramadi", "baghdad", "basra"]):
        with pytest.raises(IllegalAction) as err:
            O.validate(ottomans, "ottoman_empire", {"rail": [rail(TO_MOSUL), rail(TO_BAGHDAD), rail(third)]})
        assert (err.value.rule, err.value.code) == ("TWTEAW 4.1.3", "over_capacity")


def test_twteaw_4_1_3_ottoman_example_at_most_six_leave_constantinople(ottomans):
    six = [rail(["constantinople", "izmir"], 3), rail(["constantinople", "sinope"], 3)]
    O.validate(ottomans, "ottoman_empire", {"rail": six})
    with pytest.raises(IllegalAction) as err:
        O.validate(ottomans, "ottoman_empire", {"rail": six + [rail(["constantinople", "izmir", "adana"])]})
    assert err.value.data["area"] == "izmir"


def test_twteaw_4_1_3_warsaw_passes_two_units_in_and_out():
    state = empty_board(fresh())
    put(state, "russia", "warsaw", infantry=3)
    O.validate(state, "russia", {"rail": [rail(["warsaw", "minsk", "moscow"], 2)]})
    with pytest.raises(IllegalAction):
        O.validate(state, "russia", {"rail": [rail(["warsaw", "minsk", "moscow"], 3)]})


def test_twteaw_4_1_3_rail_units_arrive_after_the_fighting_and_never_fight(ottomans):
    resolve(ottomans, {"ottoman_empire": {"rail": [rail(TO_MOSUL), rail(TO_BAGHDAD)]}}, {})
    assert units(ottomans, "ottoman_empire", "mosul") == {"infantry": 1}
    assert units(ottomans, "ottoman_empire", "baghdad") == {"infantry": 1}
    assert units(ottomans, "ottoman_empire", "constantinople") == {"infantry": 8}


def test_twteaw_4_1_3_a_unit_moves_once_by_rail_or_otherwise():
    state = empty_board(fresh())
    put(state, "russia", "warsaw", infantry=1)
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "russia", {"moves": [{"from": "warsaw", "to": "lublin", "units": {"infantry": 1}}],
                                     "rail": [rail(["warsaw", "minsk"])]})
    assert err.value.code == "not_enough_units"


def test_twteaw_4_1_3_only_through_territory_held_and_incorporated():
    state = empty_board(fresh())
    put(state, "germany", "posen", infantry=1)
    state["board"]["control"]["warsaw"] = "germany"
    state["board"]["incorporated"]["warsaw"] = {"by": None, "turn": 1, "kind": "captured"}
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "germany", {"rail": [rail(["posen", "warsaw"])]})
    assert err.value.code == "not_friendly_incorporated"


def test_twteaw_4_1_3_a_cut_route_stops_short_of_the_break():
    # Russia sends 2 infantry from Moscow to Warsaw through Minsk; Germany takes Minsk (empty)
    # during the turn: they stop in Moscow, the last Russian territory before the break.
    state = empty_board(fresh())
    put(state, "russia", "moscow", infantry=2)
    put(state, "germany", "lithuania", infantry=1)
    state["board"]["control"]["lithuania"] = "germany"
    state["board"]["incorporated"]["lithuania"] = {"by": None, "turn": 1, "kind": "captured"}
    events = resolve(state, {"russia": {"rail": [rail(["moscow", "minsk", "warsaw"], 2)]},
                             "germany": {"moves": [{"from": "lithuania", "to": "minsk", "units": {"infantry": 1}}]}}, {})
    assert state["board"]["control"]["minsk"] == "germany"
    assert units(state, "russia", "moscow") == {"infantry": 2} and units(state, "russia", "warsaw") == {}
    assert [e.data["stopped"] for e in events if e.kind == "rail_cut"] == ["moscow"]
