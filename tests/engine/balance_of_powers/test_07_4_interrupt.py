"""BoP 7.4 — interrupt (issue #21, ruling 111), in 12.6's start position (the German GQ I half)
on the real North Europe map: Hipper's battlecruiser (radius 7) sails from Wilhelmshaven (1613)
to the water off Hull (0309), 13 hexes; from its 8th hex on it runs an overage (7.11), and a
British cruiser within its radius of those hexes may stop it there (7.45)."""

from __future__ import annotations

from engine.kernel import apply, decisions, new_game
from engine.rulesets.balance_of_powers import answers, interrupt, mines, naval
from engine.rulesets.balance_of_powers.admiralty import port_waters
from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from tests.engine.scripted_dice import ScriptedDice

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
WILHELMSHAVEN, OFF_HULL, HARWICH = HEX["1613"], HEX["0309"], HEX["0415"]
SEED = b"i" * 32


def game(keep=("bri-cl2",)):
    """12.6 at its start with only the British ships `keep` (the premise: who can interrupt)."""
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], SEED, "tint")
    for uid in [u for u in state["board"]["fleets"] if u.startswith("bri-") and u not in keep]:
        del state["board"]["fleets"][uid]
    state["board"]["admirals"] = {n: s for n, s in state["board"]["admirals"].items()
                                  if s in state["board"]["fleets"]}
    return state


def move(state, units, to, dice):
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    action = answers.validate(state, "germany", decision, {"units": units, "to": to})
    return RULESET.apply_action(state, "germany", decision, action, ScriptedDice(dice))


def key(label):
    return f"naval interrupt at {HEX[label]} 1d6"


def test_bop_7_45_a_roll_below_the_overage_stops_the_whole_force_and_ends_its_move():
    state = game()
    path = [TH.label[x] for x in mines.path(state, TH, WILHELMSHAVEN, OFF_HULL, "central", {"BC"})]
    assert path[7:] == ["0809", "0708", "0608", "0508", "0409", "0309"]   # overage 1 to 6
    # one attempt a hex (7.43): 1 is not below 1, 2 not below 2, 2 is below 3: it stops
    events = move(state, ["ger-bc1"], OFF_HULL, {key("0809"): [1], key("0708"): [2],
                                                 key("0608"): [2]})
    tried = [(TH.label[e.data["at"]], e.data["die"], e.data["overage"], e.data["stops"])
             for e in events if e.kind == "naval_interrupt"]
    assert tried == [("0809", 1, 1, False), ("0708", 2, 2, False), ("0608", 2, 3, True)]
    assert state["board"]["fleets"]["ger-bc1"]["at"] == HEX["0608"]
    assert state["flow"]["naval"]["spent"]["ger-bc1"] == 10           # ten hexes paid for
    assert "ger-bc1" not in naval.movable(state, "germany")          # its move is over
    RULESET.check_invariants(state)


def test_bop_7_45_rolls_never_below_the_overage_let_it_arrive():
    state = game()
    dice = {key(label): [6] for label in ("0809", "0708", "0608", "0508", "0409", "0309")}
    events = move(state, ["ger-bc1"], OFF_HULL, dice)
    assert sum(e.kind == "naval_interrupt" for e in events) == 6
    assert state["board"]["fleets"]["ger-bc1"]["at"] == OFF_HULL
    assert "ger-bc1" in naval.movable(state, "germany")             # 1 NMP left of its 14


def test_bop_7_11_within_its_radius_a_force_is_never_interrupted():
    state = game()
    events = move(state, ["ger-bc1"], HEX["1010"], {})                # 6 hexes: no overage
    assert not any(e.kind == "naval_interrupt" for e in events)


def test_bop_7_41_no_interrupt_from_the_sea_chart_nor_of_or_by_submarines():
    state = game(keep=("bri-bb1", "bri-ss1"))     # a dreadnought in Scapa Flow's box, a sub
    events = move(state, ["ger-bc1"], OFF_HULL, {})
    assert not any(e.kind == "naval_interrupt" for e in events)
    state = game()
    assert interrupt.stop_point(state, TH, ScriptedDice({}), ["ger-ub1"], OFF_HULL, []) == (
        OFF_HULL, [])


def test_bop_7_42_a_phasing_ship_blocks_the_trace_through_its_hex_but_not_into_it():
    state = game()
    waters = sorted(port_waters(TH, HARWICH))
    beyond = HEX["0409"]
    assert interrupt.unblocked(state, TH, "bri-cl2", beyond, ["ger-bc1"])
    fleets = state["board"]["fleets"]
    spare = [u for u in fleets if u.startswith("ger-") and u != "ger-bc1"]
    for uid, water in zip(spare[:len(waters)], waters, strict=True):   # every water off Harwich
        fleets[uid]["at"] = water
    assert not interrupt.unblocked(state, TH, "bri-cl2", beyond, ["ger-bc1"])
    assert interrupt.unblocked(state, TH, "bri-cl2", waters[0], ["ger-bc1"])   # into it


def test_bop_7_4_an_interrupted_move_through_the_kernel_is_the_seeds_to_replay():
    state = game()
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    one = apply(RULESET, state, "germany", decision.id, {"units": ["ger-bc1"], "to": OFF_HULL},
                seed=SEED)
    two = apply(RULESET, state, "germany", decision.id, {"units": ["ger-bc1"], "to": OFF_HULL},
                seed=SEED)
    assert one.state == two.state
    tried = [e for e in one.events if e.kind == "naval_interrupt"]
    assert tried and all(e.data["overage"] >= 1 for e in tried)
    stopped = [e for e in tried if e.data["stops"]]
    at = one.state["board"]["fleets"]["ger-bc1"]["at"]
    assert at == (stopped[0].data["at"] if stopped else OFF_HULL)


# --- 7.44: a lump sum first, then the interrupt it triggers (ruling 113) ----------------------

def mine_work(state, action, dice):
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_mine")
    action = answers.validate(state, "germany", decision, action)
    return RULESET.apply_action(state, "germany", decision, action, ScriptedDice(dice))


def off_heligoland(state):
    """The premise: the British cruiser lies three hexes off the German mine belt (1010)."""
    state["board"]["fleets"]["bri-cl2"]["at"] = HEX["1010"]
    return state


def test_bop_7_44_clearing_a_mine_is_resolved_first_then_the_interrupt_it_triggers():
    state = off_heligoland(game())
    move(state, ["ger-cl1"], HEX["1311"], {})                 # 3 NMP of its radius 9: no overage
    assert state["flow"]["naval"]["tried"] is None
    events = mine_work(state, {"unit": "ger-cl1", "clear": "ger-mine4"},
                       {key("1311"): [6]})
    kinds = [e.kind for e in events]
    assert kinds.index("naval_mine_cleared") < kinds.index("naval_interrupt")
    (tried,) = [e for e in events if e.kind == "naval_interrupt"]
    # 3 + 27 NMP (6.446: three times the radius) against the radius 9: an overage of 21
    assert (TH.label[tried.data["at"]], tried.data["by"], tried.data["overage"],
            tried.data["after"]) == ("1311", "bri-cl2", 21, "mine_work")
    assert tried.data["stops"]                                 # 6 is below 21: the move is over
    assert state["board"]["mines"]["ger-mine4"] == "pool"      # the clearance stands (6.446)
    assert "ger-cl1" not in naval.movable(state, "germany")    # 6 NMP of 36 left, yet done
    RULESET.check_invariants(state)


def test_bop_7_44_no_interrupt_after_mine_work_from_the_sea_chart_or_a_submarine():
    state = game(keep=("bri-bb1", "bri-ss1"))     # 7.41: a dreadnought in Scapa Flow, a sub
    move(state, ["ger-cl1"], HEX["1311"], {})
    events = mine_work(state, {"unit": "ger-cl1", "clear": "ger-mine4"}, {})
    assert not any(e.kind == "naval_interrupt" for e in events)
    assert "ger-cl1" in naval.movable(state, "germany")


def test_bop_7_43_a_force_tried_where_it_entered_is_not_tried_again_after_mine_work():
    state = off_heligoland(game())
    state["board"]["mines"]["ger-mine4"] = "pool"              # the premise: one in the pool
    # The pre-dreadnought (radius 4) runs an overage of 1 entering the fifth hex, 1110; the
    # attempt there fails (6 is not below 1) and the force sails on with it.
    # (the pair is now in contact with the cruiser next door, 8.1: both searches fail)
    events = move(state, ["ger-cl1", "ger-pd1"], HEX["1110"], {key("1110"): [6],
                                                              "naval search 1d6": [6, 6]})
    assert [e.data["overage"] for e in events if e.kind == "naval_interrupt"] == [1]
    assert state["flow"]["naval"]["tried"] == HEX["1110"]
    # The cruiser lays the mine there (27 NMP at once): the force is in overage, but it has
    # had its one attempt in this hex (7.43).
    events = mine_work(state, {"unit": "ger-cl1", "lay": "ger-mine4"}, {})
    assert not any(e.kind == "naval_interrupt" for e in events)
    assert state["board"]["mines"]["ger-mine4"] == HEX["1110"]
    assert naval.remaining(state, "ger-cl1") == 4                # 5 + 27 of its 36 NMP
    assert set(naval.naval_flow(state)["force"]) == {"ger-cl1", "ger-pd1"}   # still sailing
