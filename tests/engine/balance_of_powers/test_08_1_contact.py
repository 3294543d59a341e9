"""BoP 6.42, 8.1 — the naval zone of patrol and contact across hexes (issue #21, ruling 115),
in 12.6's start position on the real North Europe map, the German half of GQ I. A lone ship
radiates no zone; a stack (two ships or more) patrols the water of the six hexes around it; a
ship in an enemy stack's zone, or two stacks whose zones meet (within two hexes), are in
contact, and the searches of 8.2 follow the move that made it."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import contact

from .test_07_4_interrupt import HEX, TH, game, move

NO_LUCK = {"naval search 1d6": [6, 6]}      # both searches fail: contact shown, no battle


def off_heligoland(*ships):
    """The premise: the British ships `ships` lie together in 1010, the rest are gone."""
    state = game(keep=ships)
    for uid in ships:
        state["board"]["fleets"][uid]["at"] = HEX["1010"]
    return state


def searches(events):
    return [(TH.label[e.data["at"]], TH.label.get(e.data.get("from"), None), e.data["by"],
             e.data["searchers"], e.data["targets"]) for e in events if e.kind == "naval_search"]


def test_bop_8_1_a_ship_in_an_enemy_stacks_zone_is_in_contact_and_searched():
    state = off_heligoland("bri-cl1", "bri-cl2")
    assert HEX["1110"] in contact.zone(TH, HEX["1010"])
    events = move(state, ["ger-bc1"], HEX["1110"], NO_LUCK)
    # the battlecruiser searches the British pair next door, then they search it back
    assert searches(events) == [("1010", "1110", "central", 1, 2),
                                ("1110", "1010", "entente", 2, 1)]


def test_bop_6_42_two_lone_ships_side_by_side_are_not_in_contact():
    state = off_heligoland("bri-cl2")
    events = move(state, ["ger-bc1"], HEX["1110"], {})
    assert searches(events) == []
    assert not contact.in_contact(state, TH, HEX["1110"], "central", HEX["1010"], "entente")


def test_bop_8_1_two_stacks_within_two_hexes_are_in_contact_not_three():
    state = off_heligoland("bri-cl1", "bri-cl2")
    assert contact.in_contact(state, TH, HEX["1210"], "central", HEX["1010"], "entente", 2)
    events = move(state, ["ger-bc1", "ger-cl1"], HEX["1210"], NO_LUCK)      # two hexes off
    # met on the way, at 1211, two hexes off too (8.1 in passing, ruling 118); the same
    # pairing searches no more from 1210 (8.24)
    assert searches(events) == [("1010", "1211", "central", 2, 2),
                                ("1211", "1010", "entente", 2, 2)]
    assert state["board"]["fleets"]["ger-bc1"]["at"] == HEX["1210"]
    state = off_heligoland("bri-cl1", "bri-cl2")
    events = move(state, ["ger-bc1", "ger-cl1"], HEX["1310"], {})            # three hexes off
    assert searches(events) == []


def test_bop_8_1_ships_in_their_own_port_decline_contact_across_hexes_too():
    state = game(keep=("bri-cl1", "bri-cl2"))
    for uid in ("bri-cl1", "bri-cl2"):
        state["board"]["fleets"][uid]["at"] = HEX["1512"]      # a British pair off Wilhelmshaven
    assert contact.enemy_locations(state, TH, ["ger-bc1"]) == []    # the HSF at home declines
    events = move(state, ["ger-bc1"], HEX["1612"], NO_LUCK)        # out to sea beside them
    assert searches(events)[0] == ("1512", "1612", "central", 1, 2)


def test_bop_6_42_no_zone_on_the_sea_chart():
    assert contact.zone(TH, "scapa-flow-box") == frozenset()
    state = game(keep=("bri-bb1", "bri-bb2"))                        # a stack in Scapa Flow
    assert not contact.is_stack(state, TH, "scapa-flow-box", "entente")


def test_bop_8_1_every_enemy_in_contact_is_searched_its_own_hex_first():
    state = off_heligoland("bri-cl1", "bri-cl2", "bri-ca1")
    state["board"]["fleets"]["bri-ca1"]["at"] = HEX["1110"]          # waiting where it arrives
    # a lone ship, so that it meets no zone on its way (a pair would meet the British pair's
    # two hexes out, at 1211, and stop there first: ruling 118)
    events = move(state, ["ger-bc1"], HEX["1110"], {"naval search 1d6": [6] * 4})
    assert searches(events) == [("1110", None, "central", 1, 1), ("1110", None, "entente", 1, 1),
                                ("1010", "1110", "central", 1, 2),
                                ("1110", "1010", "entente", 2, 1)]
