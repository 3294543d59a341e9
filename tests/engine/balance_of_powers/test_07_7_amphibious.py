"""BoP 7.7 amphibious invasion under the standard admiralty (12.3; ruling 104): an amphibious
force places the landing counter from a water hex against an adjacent enemy coastal hex
(7.71), its corps step onto it, and it lasts while a surface ship stays with them (7.72)."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers import admiralty, amphibious, losses, supply
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


# --- 7.73 Antwerp, 7.74 the anchorage (ruling 114) -------------------------------------------

def _taken(state, corps):
    """The corps assault the target from the landing and clear it (10.81: they enter it): the
    combat as combat.py leaves it once the defender is gone."""
    state["flow"]["combat"] = {
        "attacker": "entente", "defender": "central", "from": HEX["1413"],
        "target": HEX["1513"], "units": corps, "point": corps[0],
        "supplied": {u: True for u in corps}, "amphibious": True, "at_landing": False}
    events = losses.finish_clear(state, TH, state["flow"]["combat"])
    assert state["board"]["control"][HEX["1513"]] == "britain"
    return events


def test_bop_7_74_a_landing_whose_target_falls_turns_to_its_anchorage():
    state, corps = _landed()
    _taken(state, corps)
    events = amphibious.end_of_half(state, None)
    assert [e.kind for e in events] == ["landing_removed", "anchorage_placed"]
    assert state["board"]["landing"] is None
    assert state["board"]["anchorage"] == {"at": HEX["1413"], "to": HEX["1513"]}
    assert all(state["board"]["units"][u]["at"] == HEX["1513"] for u in corps)
    # a port for supply only (7.74): no move, assault or retreat crosses it
    assert HEX["1413"] not in neighbours(state, TH, HEX["1513"])
    assert neighbours(state, TH, HEX["1413"]) == ()


def test_bop_7_74_the_anchorage_supplies_the_corps_ashore_as_a_port_3_123():
    state, corps = _landed()
    _taken(state, corps)
    amphibious.end_of_half(state, None)
    # 1513 has no rail, town or port: the line from Harwich crosses the North Sea and comes
    # ashore at the anchorage, where the Harwich Force lies (3.123: a ship where it enters)
    supply.clear_cache()
    assert all(supply.supply_status(state, TH)[u] for u in corps)
    # the counter simply removed (as before version 13), the same corps are cut off
    state["board"]["anchorage"] = None
    supply.clear_cache()
    assert not any(supply.supply_status(state, TH)[u] for u in corps)


def test_bop_7_74_an_anchorage_goes_when_its_hex_is_lost_or_its_counter_lands_again():
    state, corps = _landed()
    _taken(state, corps)
    amphibious.end_of_half(state, None)
    again = json.loads(json.dumps(state))
    # the Entente sails an amphibious force to land again: the one counter is taken up (7.74)
    events = amphibious.place(again, SHIPS, HEX["0617"], HEX["0618"])   # the Belgian coast
    assert [e.kind for e in events] == ["anchorage_removed", "landing_placed"]
    assert events[0].data["reason"] == "landing" and again["board"]["anchorage"] is None
    # Germany takes 1513 back: at the half's end the anchorage goes
    state["board"]["control"][HEX["1513"]] = "germany"
    events = amphibious.end_of_half(state, None)
    assert [(e.kind, e.data["reason"]) for e in events] == [("anchorage_removed", "target_lost")]
    assert state["board"]["anchorage"] is None


def test_bop_7_73_no_water_hex_touches_antwerp_so_no_landing_points_at_it():
    antwerp = TH.place_loc["antwerp"]
    assert antwerp in TH.coastal                    # its port opens on the Dutch Scheldt
    assert not [w for w in TH.all_adj[antwerp] if w in TH.water]
    state = _britains_half()
    assert not [w for w in TH.water if antwerp in amphibious.targets(state, TH, w)]
