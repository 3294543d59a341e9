"""BoP 6.11, 6.123 (neutrals and Britain's entry) and 6.45 (optional admiralty, mandatory in
12.1)."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import admiralty, neutrals
from engine.rulesets.balance_of_powers.forces import commander
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .helpers import grid, hx, position

BEL = {f"{c:02d}{r:02d}": "belgium" for c in range(3, 5) for r in range(1, 4)}
GER = {f"{c:02d}{r:02d}": "germany" for c in range(5, 9) for r in range(1, 4)}
TH = grid(8, 6, name="t-06", country={**BEL, **GER, "0106": "britain", "0206": "britain"},
          sea=["0105", "0205", "0305"],
          places={"brussels": {"at": "0302", "capital": True}, "antwerp": {"at": "0402"},
                  "paris": {"at": "0104", "capital": True}, "calais": {"at": "0204",
                                                                        "port": "minor"},
                  "boulogne": {"at": "0304", "port": "minor"},
                  "london": {"at": "0106", "capital": True, "port": "major"},
                  "berlin": {"at": "0802", "capital": True}})


def test_bop_6_11_violation_makes_the_neutral_join_the_other_side_and_set_up():
    state = position(TH, {})
    events = neutrals.violate(state, TH, "central", "belgium")
    assert state["powers"]["belgium"]["side"] == "entente"
    placed = next(e.data["units"] for e in events if e.kind == "neutral_set_up")
    assert placed == {"bel-inf-1": hx(TH, "0302"), "bel-inf-2": hx(TH, "0402"),
                      "bel-inf-3": hx(TH, "0302")}
    assert all(state["board"]["units"][u]["mode"] == "maneuver" for u in placed)


def test_bop_6_123_germany_violating_belgium_brings_britain_in():
    state = position(TH, {})
    events = neutrals.violate(state, TH, "central", "belgium")
    assert any(e.kind == "britain_joins" for e in events)
    assert state["powers"]["britain"]["side"] == "entente"
    assert state["powers"]["britain"]["rp"] == 5
    assert state["flow"]["britain_to_place"] == ["bri-cav-1", "bri-inf-1", "bri-inf-2",
                                                 "bri-inf-3"]


def test_bop_6_123_a_french_violation_does_not_bring_britain_in():
    state = position(TH, {})
    neutrals.violate(state, TH, "entente", "belgium")
    assert state["powers"]["belgium"]["side"] == "central"
    assert state["powers"]["britain"]["side"] is None


def test_bop_6_123_german_unit_within_three_hexes_of_paris():
    state = position(TH, {"ger-inf-1": "0504"})
    assert neutrals.britain_triggers(state, TH) == []
    state["board"]["units"]["ger-inf-1"]["at"] = hx(TH, "0404")
    assert [e.kind for e in neutrals.britain_triggers(state, TH)] == ["britain_joins"]


def test_bop_12_1_britain_places_in_a_french_port_without_french_corps():
    state = position(TH, {"fra-inf-1": "0204"})
    neutrals.britain_joins(state, TH, "test")
    decision = RULESET.decisions(state)[0]
    assert decision.kind == "britain_setup" and decision.seats == ("britain",)
    assert {o["port"] for o in decision.options} == {hx(TH, "0304")}
    RULESET._do_britain_setup(state, TH, "britain", decision.options[0], None)
    units = state["board"]["units"]
    assert units["bri-inf-1"]["at"] == units["bri-cav-1"]["at"] == hx(TH, "0304")
    assert units["bri-inf-3"]["at"] == hx(TH, "0106")


def test_bop_6_11_neutral_territory_closed_until_violated():
    state = position(TH, {"ger-inf-1": "0502"})
    from engine.rulesets.balance_of_powers.movement import march_destinations
    assert hx(TH, "0401") not in march_destinations(state, TH, ["ger-inf-1"], {})
    neutrals.violate(state, TH, "central", "belgium")
    state["board"]["units"] = {"ger-inf-1": {"at": hx(TH, "0502"), "mode": "maneuver"}}
    found = march_destinations(state, TH, ["ger-inf-1"], {})
    assert hx(TH, "0401") in found
    assert hx(TH, "0402") not in found  # Antwerp's fortress (black) must be attacked


def test_bop_6_452_sea_transport_between_friendly_ports_five_a_month():
    state = position(TH, {"bri-inf-1": "0106"}, side="entente", sides={"britain": "entente"})
    moves = admiralty.sea_moves(state, TH, "britain", commander)
    assert {m["to"] for m in moves} == {hx(TH, "0204"), hx(TH, "0304")}
    state["flow"]["sea_used"] = 5
    assert admiralty.sea_moves(state, TH, "britain", commander) == []


def test_bop_6_451_cp_has_no_sea_power_and_german_coasts_are_closed():
    th = grid(6, 3, name="t-06-coast", sea=["0101", "0201", "0301", "0401", "0501", "0601"],
              country={"0402": "germany", "0502": "germany", "0602": "germany"},
              places={"calais": {"at": "0102", "port": "minor"},
                      "kiel": {"at": "0602", "port": "major"},
                      "paris": {"at": "0203", "capital": True}})
    assert not admiralty.permitted_water(th, hx(th, "0501"))  # touches German land
    assert admiralty.permitted_water(th, hx(th, "0101"))
