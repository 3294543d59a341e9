"""BoP 8.1, 7.21, 8.23, 8.24, 8.34 — contact in passing (issue #21, ruling 118), in 12.6's
start position on the real North Europe map, the German half of GQ I. A force that comes into
contact on its way pauses where it does: the searches and any battle are fought there; if both
searches fail, or it wins and need not go home, it sails on to its destination with the NMP it
has left; a pairing of forces searches once a sub-phase, wherever the moving force has got to."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import naval

from .test_07_4_interrupt import HEX, TH, WILHELMSHAVEN, move
from .test_08_1_contact import NO_LUCK, off_heligoland, searches


def legs(events):
    return [(TH.label[e.data["from"]], TH.label[e.data["to"]], e.data["nmp"])
            for e in events if e.kind == "naval_moved"]


def at(state, uid):
    return TH.label[state["board"]["fleets"][uid]["at"]]


def test_bop_8_1_a_force_pauses_where_it_meets_the_enemy_then_sails_on():
    state = off_heligoland("bri-cl1", "bri-cl2")
    full = naval.reachable(state, TH, WILHELMSHAVEN, "central", {"BC", "CL"}, 99)[HEX["1210"]]
    events = move(state, ["ger-bc1", "ger-cl1"], HEX["1210"], NO_LUCK)
    # two stacks two hexes apart at 1211, on its way (8.1): it pauses there, both searches
    # fail (8.23: "proceed with naval movement as usual") and it goes on to 1210
    assert legs(events) == [("1613", "1211", 4), ("1211", "1210", 1)]
    assert searches(events) == [("1010", "1211", "central", 2, 2),
                                ("1211", "1010", "entente", 2, 2)]
    assert at(state, "ger-bc1") == at(state, "ger-cl1") == "1210"
    assert state["flow"]["naval"]["spent"] == {"ger-bc1": full, "ger-cl1": full}  # no extra NMP
    assert {"ger-bc1", "ger-cl1"} <= set(naval.movable(state, "germany"))       # still moving


def test_bop_8_24_the_pairing_searches_once_however_far_the_force_goes():
    state = off_heligoland("bri-cl1", "bri-cl2")
    move(state, ["ger-bc1", "ger-cl1"], HEX["1210"], NO_LUCK)
    # on again, alongside the British pair (1110 is in its zone): the same pairing, no search
    events = move(state, ["ger-bc1", "ger-cl1"], HEX["1110"], {})
    assert searches(events) == [] and at(state, "ger-bc1") == "1110"


def test_bop_8_24_another_force_is_another_pairing():
    state = off_heligoland("bri-cl1", "bri-cl2")
    move(state, ["ger-bc1", "ger-cl1"], HEX["1210"], NO_LUCK)
    events = move(state, ["ger-cl2", "ger-bb1"], HEX["1210"], NO_LUCK)   # a second force (6.43)
    assert searches(events) == [("1010", "1211", "central", 2, 2),
                                ("1211", "1010", "entente", 2, 2)]


FIGHT = {"naval search 1d6": [1], "naval evasion entente 2d6": [6, 6],
         "naval surprise central 1d6": [6], "naval surprise entente 1d6": [6],
         "naval fire ger-bc1 at bri-cl2 2d6": [6, 6, 6, 6]}


def test_bop_8_34_a_force_sent_home_by_a_battle_on_its_way_goes_no_further():
    state = off_heligoland("bri-cl2")                   # a lone cruiser in 1010, on the way
    events = move(state, ["ger-bc1"], HEX["0909"],
                  {**FIGHT, "naval return to port central 1d6": [1]})     # a 1: home (8.34)
    assert legs(events) == [("1613", "1010", 6)]
    assert [e.data["sunk"] for e in events if e.kind == "naval_battle"] == [["bri-cl2"]]
    assert at(state, "ger-bc1") == "1613"                                  # back in port (8.5)
    assert "ger-bc1" not in naval.movable(state, "germany")


def test_bop_8_34_a_phasing_survivor_that_need_not_go_home_sails_on():
    state = off_heligoland("bri-cl2")
    events = move(state, ["ger-bc1"], HEX["0909"],
                  {**FIGHT, "naval return to port central 1d6": [6]})
    assert legs(events) == [("1613", "1010", 6), ("1010", "0909", 1)]
    assert at(state, "ger-bc1") == "0909"
    assert state["flow"]["naval"]["spent"]["ger-bc1"] == 7
