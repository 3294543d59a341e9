"""BoP 7.7 amphibious invasion under the standard admiralty (12.3; ruling 104): an amphibious
force places the landing counter from a water hex against an adjacent enemy coastal hex
(7.71), its corps step onto it, and it lasts while a surface ship stays with them (7.72)."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers import admiralty, amphibious
from engine.rulesets.balance_of_powers.forces import neighbours

from .test_07_6_transport import HARWICH, HEX, TH, _ashore, _britains_half, _british_corps, _move

SHIPS = ["bri-cl2", "bri-cl3"]          # the Harwich Force


def _landed():
    state = _britains_half()
    corps = _british_corps(state, 2)
    _ashore(state, corps, HARWICH)
    state = _move(state, {"units": SHIPS, "to": HEX["1413"], "passengers": corps,
                          "landing": HEX["1513"]})
    return state, corps


def test_bop_7_71_an_amphibious_force_places_the_landing_and_its_corps_step_onto_it():
    state, corps = _landed()
    assert state["board"]["landing"] == {"at": HEX["1413"], "rule": "7.7", "to": HEX["1513"]}
    assert state["board"]["aboard"] == {}
    for uid in corps:          # on the landing: land linked to the target, not at sea
        assert state["board"]["units"][uid]["at"] == HEX["1413"]
        assert not admiralty.at_sea(state, TH, uid)
    assert neighbours(state, TH, HEX["1413"]) == (HEX["1513"],)
    assert HEX["1413"] in neighbours(state, TH, HEX["1513"])
    assert amphibious.ships_stay(state, None) == []      # 7.72: the ships are there


def test_bop_7_72_a_landing_left_by_its_ships_goes_and_its_corps_with_it():
    state, corps = _landed()
    state = _move(state, {"units": SHIPS, "to": HEX["1412"]})     # the force sails on
    events = amphibious.ships_stay(state, None)
    assert state["board"]["landing"] is None
    assert events[0].data["eliminated"] == corps
    assert all(u not in state["board"]["units"] and u in state["board"]["pool"] for u in corps)


def test_bop_7_71_a_landing_needs_corps_aboard_and_an_enemy_coastal_hex_next_to_it():
    state = _britains_half()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        _move(state, {"units": SHIPS, "to": HEX["1413"], "landing": HEX["1513"]})
    assert err.value.code == "no_amphibious_force"
    corps = _british_corps(state, 1)
    _ashore(state, corps, HARWICH)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        _move(state, {"units": SHIPS, "to": HEX["1413"], "passengers": corps,
                      "landing": HEX["1613"]})                  # not next to 1413
    assert err.value.code == "landing_target"
    assert json.dumps(state, sort_keys=True) == before
