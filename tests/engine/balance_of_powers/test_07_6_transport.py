"""BoP 7.6 naval transport under the standard admiralty (12.3; ruling 103): corps go aboard a
surface force where it begins its move in a friendly port (7.64), one a ship step (7.61), up to
the nation's monthly number (7.63), ride with it and land in a friendly port (7.65); losses
hand them to the other ships there or eliminate them (7.64); the version 8 → 9 migration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, Roller, apply, decisions, new_game
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers import naval, transport
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.price_of_admiralty import initial as initial_12_6
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
SEED = b"s" * 32
HARWICH, NEWCASTLE = HEX["0415"], HEX["0107"]
FROZEN_V8 = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
             / "balance_of_powers-8.json")
_CACHE: dict[str, str] = {}


def _first(state):
    open_now = [d for d in decisions(RULESET, state) if not d.revisable]
    d = open_now[0]
    seat = d.seats[0]
    choice = list(d.options)[0] if d.options is not None else [
        i["action"] for i in RULESET.options(state, seat, d, None)][0]
    return apply(RULESET, state, seat, d.id, choice, seed=SEED).state


def _britains_half():
    """February 1916 played with first choices up to Britain's half of GQ I (real chain)."""
    if "state" not in _CACHE:
        state, _ = new_game(RULESET, STORM_OF_STEEL, {}, SEATS, SEED, "transport-test")
        while not (state["flow"]["step"] == "gq" and state["flow"]["active"] == ["britain"]):
            state = _first(state)
        _CACHE["state"] = json.dumps(state)
    return json.loads(_CACHE["state"])


def _ashore(state, corps, at):
    """Two British corps stand in Harwich (a friendly port), in their entrenched mode."""
    for uid in corps:
        state["board"]["units"][uid]["at"] = at
        state["board"]["units"][uid]["mode"] = "entrenched"
    return state


def _british_corps(state, n):
    return sorted(u for u in state["board"]["units"] if u.startswith("bri-inf"))[:n]


def _move(state, action, seat="britain"):
    d = [d for d in decisions(RULESET, state) if d.kind == "naval_move" and seat in d.seats][0]
    return apply(RULESET, state, seat, d.id, action, seed=SEED).state


def test_bop_7_64_corps_board_in_port_ride_the_force_and_land_in_a_friendly_port():
    state = _britains_half()
    corps = _british_corps(state, 2)
    _ashore(state, corps, HARWICH)
    ships = ["bri-cl2", "bri-cl3"]                      # the Harwich Force, 4 steps
    at_sea = HEX["0514"]
    state = _move(state, {"units": ships, "to": at_sea, "passengers": corps})
    assert state["board"]["aboard"] == {c: state["board"]["aboard"][c] for c in corps}
    assert set(state["board"]["aboard"].values()) <= set(ships)
    for uid in corps:      # 7.64: they stand where their ships are, in maneuver mode
        assert state["board"]["units"][uid] == {"at": at_sea, "mode": "maneuver"}
    # 7.65: landing in a friendly port (Newcastle), the force may sail on
    state = _move(state, {"units": ships, "to": NEWCASTLE, "land": True})
    assert state["board"]["aboard"] == {}
    assert all(state["board"]["units"][u]["at"] == NEWCASTLE for u in corps)
    # 7.63: Britain carried two of its five this month
    assert state["naval"]["carried"]["britain"] == {"month": "1916-02", "corps": corps}
    assert transport.allowance(state, "britain") == 3


def test_bop_7_61_each_surface_ship_step_carries_one_corps():
    state = _britains_half()
    corps = _british_corps(state, 3)
    _ashore(state, corps, HARWICH)
    state["board"]["fleets"]["bri-cl3"]["steps"] = 1    # damaged: 2 + 1 steps
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        _move(state, {"units": ["bri-cl3"], "to": HEX["0514"], "passengers": corps[:2]})
    assert err.value.code == "no_room"
    assert json.dumps(state, sort_keys=True) == before           # bad input changes nothing
    state = _move(state, {"units": ["bri-cl2", "bri-cl3"], "to": HEX["0514"],
                          "passengers": corps})
    assert sorted(state["board"]["aboard"]) == corps


def test_bop_7_64_passengers_board_only_where_the_force_begins_its_move_in_port():
    state = _britains_half()
    corps = _british_corps(state, 1)
    _ashore(state, corps, HEX["0514"])                  # not a port: a water hex
    state["board"]["fleets"]["bri-cl2"]["at"] = HEX["0514"]
    with pytest.raises(IllegalAction) as err:
        _move(state, {"units": ["bri-cl2"], "to": HEX["0515"], "passengers": corps})
    assert err.value.code == "embark_in_port"
    state = _britains_half()
    _ashore(state, corps, HARWICH)
    state = _move(state, {"units": ["bri-cl2"], "to": HEX["0514"]})
    state = _move(state, {"units": ["bri-cl3"], "to": HEX["0514"]})
    with pytest.raises(IllegalAction) as err:       # cl3 has moved: no boarding from sea
        _move(state, {"units": ["bri-cl3"], "to": HARWICH, "passengers": corps})
    assert err.value.code in ("embark_at_start", "cannot_move")


def test_bop_7_63_other_major_powers_carry_one_corps_every_other_month():
    state = _britains_half()
    assert transport.allowance(state, "russia") == 1
    state["naval"]["carried"]["russia"] = {"month": "1916-01", "corps": ["rus-inf-1"]}
    assert transport.allowance(state, "russia") == 0           # carried last month
    state["naval"]["carried"]["russia"] = {"month": "1915-12", "corps": ["rus-inf-1"]}
    assert transport.allowance(state, "russia") == 1
    state["naval"]["carried"]["britain"] = {"month": "1916-02", "corps": ["a", "b", "c", "d"]}
    assert transport.allowance(state, "britain") == 1           # 5 a month
    corps = _british_corps(state, 2)
    _ashore(state, corps, HARWICH)
    with pytest.raises(IllegalAction) as err:
        _move(state, {"units": ["bri-cl2", "bri-cl3"], "to": HEX["0514"], "passengers": corps})
    assert err.value.code == "transport_limit"


def test_bop_7_61_ruling_103_a_force_with_passengers_stays_on_the_map():
    state = _britains_half()
    corps = _british_corps(state, 1)
    _ashore(state, corps, NEWCASTLE)
    d = [d for d in decisions(RULESET, state) if d.kind == "naval_move"][0]
    with pytest.raises(IllegalAction) as err:
        apply(RULESET, state, "britain", d.id, {"units": ["bri-cl1"], "to": "scapa-flow-box",
                                                 "passengers": corps}, seed=SEED)
    assert err.value.code == "passengers_cannot_go"
    state = _move(state, {"units": ["bri-cl1"], "to": HEX["0207"], "passengers": corps})
    listed = {i["action"]["to"] for i in RULESET.options(state, "britain", [
        d for d in decisions(RULESET, state) if d.kind == "naval_move"][0], None)
        if i["action"]["units"] == ["bri-cl1"]}
    assert listed and all(to in TH.water or to in TH.locs for to in listed)


def test_bop_7_64_a_sunk_transport_hands_its_corps_to_the_force_or_loses_them():
    state = _britains_half()
    corps = _british_corps(state, 3)
    _ashore(state, corps, HARWICH)
    state = _move(state, {"units": ["bri-cl2", "bri-cl3"], "to": HEX["0514"],
                          "passengers": corps})
    fleets = state["board"]["fleets"]
    assert sorted(state["board"]["aboard"].values()) == ["bri-cl2", "bri-cl2", "bri-cl3"]
    fleets["bri-cl2"]["steps"] = 1                      # 3 steps left: cl3 takes one on
    assert transport.settle(state, TH) == []
    assert sorted(state["board"]["aboard"].values()) == ["bri-cl2", "bri-cl3", "bri-cl3"]
    del fleets["bri-cl2"]                               # 2 steps left: one corps lost
    events = transport.settle(state, TH)
    assert list(state["board"]["aboard"].values()) == ["bri-cl3", "bri-cl3"]
    lost = events[0].data["units"]
    assert len(lost) == 1 and all(u not in state["board"]["units"] for u in lost)
    assert all(u in state["board"]["pool"] for u in lost)


def test_bop_7_63_a_one_corps_navy_brings_its_transport_home_after_gq_ii():
    state = _britains_half()
    state["flow"]["fortnight"] = 2
    state["board"]["fleets"]["rus-cc1"]["at"] = HEX["3608"]      # off Riga, at sea
    state["board"]["aboard"] = {}
    rus = sorted(u for u in state["board"]["units"] if u.startswith("rus-inf"))[0]
    state["board"]["units"][rus]["at"] = state["board"]["fleets"]["rus-cc1"]["at"]
    state["board"]["aboard"][rus] = "rus-cc1"
    transport.end_half(state, TH, "russia")
    ship_at = state["board"]["fleets"]["rus-cc1"]["at"]
    assert rus not in state["board"]["aboard"]
    assert ship_at not in TH.water                      # 8.5: back in its nearest port
    assert naval.port_side(state, TH, ship_at) == "entente"
    assert state["board"]["units"][rus]["at"] == ship_at    # and its corps lands there


def test_bop_7_6_v8_to_v9_games_with_navies_gain_empty_transport_tables():
    frozen = json.loads(FROZEN_V8.read_text())["state"]
    assert frozen["scenario"] == STORM_OF_STEEL and "aboard" not in frozen["board"]
    assert "fleets" in frozen["kernel"]["undo"]["state"]["board"]
    migrated = upgrade(MIGRATIONS, json.loads(json.dumps(frozen)), "8", "9")
    for version in (migrated, migrated["kernel"]["undo"]["state"]):
        assert version["board"].pop("aboard") == {}
        assert version["naval"].pop("carried") == {}
    assert migrated == frozen
    other = json.loads(json.dumps(frozen))
    del other["board"]["fleets"]
    other["kernel"]["undo"] = None
    assert upgrade(MIGRATIONS, json.loads(json.dumps(other)), "8", "9") == other
    sea = initial_12_6(SCENARIO_MAP, {})
    assert sea["board"]["aboard"] == {} and sea["naval"]["carried"] == {}
    fresh = RULESET.setup(STORM_OF_STEEL, {}, SEATS, Roller(1, "t", 0))
    assert fresh["board"]["aboard"] == {} and fresh["naval"]["carried"] == {}
