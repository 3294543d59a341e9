"""BoP 6.11, 6.123 (neutrals and Britain's entry) and 6.45 (optional admiralty, mandatory in
12.1)."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import admiralty, handlers, neutrals
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .helpers import grid, hx, position

BEL = {f"{c:02d}{r:02d}": "belgium" for c in range(3, 5) for r in range(1, 4)}
GER = {f"{c:02d}{r:02d}": "germany" for c in range(5, 9) for r in range(1, 4)}
TH = grid(8, 6, name="t-06", country={**BEL, **GER, "0106": "britain", "0206": "britain"},
          sea=["0105", "0205", "0305"],
          places={"brussels": {"at": "0302", "capital": True},
                  "antwerp": {"at": "0402", "port": "major"},
                  "paris": {"at": "0104", "capital": True}, "calais": {"at": "0204",
                                                                        "port": "minor"},
                  "boulogne": {"at": "0304", "port": "minor"},
                  "london": {"at": "0106", "capital": True, "port": "major"},
                  "berlin": {"at": "0802", "capital": True}})


def test_bop_6_11_violation_makes_the_neutral_join_the_other_side_and_set_up():
    state = position(TH, {})
    neutrals.violate(state, TH, "central", "belgium")
    assert state["powers"]["belgium"]["side"] == "entente"
    state["flow"]["britain_to_place"] = []
    decision = RULESET.decisions(state)[0]
    assert decision.kind == "neutral_setup" and decision.seats == ("france",)
    assert [o["at"] for o in decision.options] == [hx(TH, "0302"), hx(TH, "0402")]
    for at in ("0302", "0402", "0302"):
        decision = RULESET.decisions(state)[0]
        uid = decision.options[0]["unit"]
        handlers.do_neutral_setup(state, "france", None, {"unit": uid, "at": hx(TH, at)}, None)
    placed = {u: v["at"] for u, v in state["board"]["units"].items() if u.startswith("bel-")}
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
    neutrals.britain_joins(state, "test")
    decision = RULESET.decisions(state)[0]
    assert decision.kind == "britain_setup" and decision.seats == ("britain",)
    assert {o["port"] for o in decision.options} == {hx(TH, "0304")}
    handlers.do_britain_setup(state, "britain", None, decision.options[0], None)
    units = state["board"]["units"]
    assert units["bri-inf-1"]["at"] == units["bri-cav-1"]["at"] == hx(TH, "0304")
    assert units["bri-inf-3"]["at"] == hx(TH, "0106")


def test_bop_12_1_britains_third_corps_in_any_hex_of_britain():
    """12.1: infantry corps 3 goes to "any hex of Britain" (ruling 17 had kept it to towns)."""
    state = position(TH, {})
    neutrals.britain_joins(state, "test")
    decision = RULESET.decisions(state)[0]
    assert {o["home"] for o in decision.options} == {hx(TH, "0106"), hx(TH, "0206")}


def test_bop_5_13_britain_joining_late_sets_up_what_arrived_while_she_was_neutral():
    """5.13: a neutral's monthly arrivals wait for it; when Britain joins in October after the
    Entente's muster, the September infantry 4 sets up in Britain and the October IEF A in the
    French port with the expeditionary force."""
    state = position(TH, {}, month="1914-10", side="entente")
    state["flow"]["script_position"] = 14  # the Entente's half of the first fortnight
    neutrals.britain_joins(state, "test")
    assert state["flow"]["britain_to_place"] == ["bri-cav-1", "bri-inf-1", "bri-inf-2",
                                                 "bri-inf-3", "bri-inf-4", "bri-inf-ief_a"]
    assert not any(u.startswith("bri") for when in state["board"]["arrivals"].values()
                   for u in when)
    decision = RULESET.decisions(state)[0]
    handlers.do_britain_setup(state, "britain", None, decision.options[0], None)
    units = state["board"]["units"]
    assert units["bri-inf-4"]["at"] == units["bri-inf-3"]["at"] == decision.options[0]["home"]
    assert units["bri-inf-ief_a"]["at"] == units["bri-inf-1"]["at"] == decision.options[0]["port"]


def test_bop_6_11_neutral_territory_closed_until_violated():
    state = position(TH, {"ger-inf-1": "0502"})
    from engine.rulesets.balance_of_powers.movement import march_destinations
    assert hx(TH, "0401") not in march_destinations(state, TH, ["ger-inf-1"], {})
    neutrals.violate(state, TH, "central", "belgium")
    found = march_destinations(state, TH, ["ger-inf-1"], {})
    assert hx(TH, "0401") in found
    assert hx(TH, "0402") not in found  # Antwerp's fortress (black) must be attacked


def test_bop_6_452_sea_transport_to_ports_or_the_sea_five_corps_a_month():
    state = position(TH, {"bri-inf-1": "0106"}, side="entente", sides={"britain": "entente"})
    moves = admiralty.sea_moves(state, TH, "britain")
    assert {m["to"] for m in moves} == {hx(TH, "0204"), hx(TH, "0304"), hx(TH, "0105"),
                                        hx(TH, "0205"), hx(TH, "0305")}
    state["flow"]["sea_moved"] = {f"fra-inf-{n}": 1 for n in range(1, 6)}
    assert admiralty.sea_moves(state, TH, "britain") == []  # five corps moved this month


def test_bop_6_452_a_corps_may_stay_at_sea_and_makes_two_moves_a_month():
    """6.452: "These units can remain 'at sea' indefinitely" — two moves of up to 24 MP a
    month; at sea a corps is supplied (3.1, carried by naval transport) and does nothing else
    until it lands at a friendly port or the landing."""
    state = position(TH, {"bri-inf-1": "0106"}, side="entente", sides={"britain": "entente"})
    handlers.do_sea_move(state, "britain", None, {"unit": "bri-inf-1", "to": hx(TH, "0205")},
                         None)
    assert admiralty.at_sea(state, TH, "bri-inf-1")
    from engine.rulesets.balance_of_powers import movement, supply
    assert supply.supply_status(state, TH)["bri-inf-1"] is True
    assert movement.march_destinations(state, TH, ["bri-inf-1"], {}) == {}
    assert not movement.entrench_candidates(state, TH, "britain")
    RULESET.check_invariants(state)
    handlers.do_sea_move(state, "britain", None, {"unit": "bri-inf-1", "to": hx(TH, "0305")},
                         None)
    assert state["flow"]["sea_moved"] == {"bri-inf-1": 2}
    assert admiralty.sea_moves(state, TH, "britain") == []  # its two moves are made
    state["flow"]["sea_moved"] = {}  # a new month
    assert {"unit": "bri-inf-1", "to": hx(TH, "0304")} in admiralty.sea_moves(state, TH, "britain")


def test_bop_6_452_one_move_is_at_most_24_water_hexes():
    water = [f"{c:02d}01" for c in range(1, 31)]
    th = grid(30, 2, name="t-06-long-sea", sea=water,
              places={"calais": {"at": "0102", "port": "minor"},
                      "brest": {"at": "2602", "port": "minor"},
                      "paris": {"at": "1002", "capital": True}})
    state = position(th, {"fra-inf-1": "0102"}, side="entente")
    reach = admiralty.sea_reach(th, hx(th, "0102"))
    assert max(reach.values()) == 24
    targets = {m["to"] for m in admiralty.sea_moves(state, th, "france")}
    assert hx(th, "2401") in targets and hx(th, "2601") not in targets
    assert hx(th, "2602") not in targets  # Brest: a second move, from the sea


def test_bop_6_451_cp_has_no_sea_power_and_all_our_water_is_permitted():
    """6.451 excludes the *coastal* hexes of Austria-Hungary, Denmark, Germany and Marmara:
    on our map coasts are land hexes, so every water hex (German shores included) is
    permitted; the Central Powers still have no naval capabilities."""
    th = grid(6, 3, name="t-06-coast", sea=["0101", "0201", "0301", "0401", "0501", "0601"],
              country={"0402": "germany", "0502": "germany", "0602": "germany"},
              places={"calais": {"at": "0102", "port": "minor"},
                      "kiel": {"at": "0602", "port": "major"},
                      "paris": {"at": "0203", "capital": True}})
    assert admiralty.permitted_water(th, hx(th, "0501"))  # off the German coast
    assert admiralty.permitted_water(th, hx(th, "0101"))
    state = position(th, {"fra-inf-1": "0102", "ger-inf-1": "0602"}, side="entente")
    assert {"at": hx(th, "0501"), "to": hx(th, "0502")} in admiralty.landing_options(state, th)
    assert admiralty.sea_moves(state, th, "germany") == []


def test_bop_6_121_antwerp_is_a_port_only_once_belgium_and_the_netherlands_are_violated():
    state = position(TH, {})
    antwerp = TH.place_loc["antwerp"]
    assert not admiralty.is_port(state, TH, antwerp)
    state["powers"]["belgium"]["violated_by"] = "central"
    assert not admiralty.is_port(state, TH, antwerp)
    state["powers"]["netherlands"]["violated_by"] = "entente"
    assert admiralty.is_port(state, TH, antwerp)


# --- 6.453 the landing counter and amphibious assault ------------------------------------------

COAST = grid(6, 4, name="t-06-landing", sea=[f"{c:02d}01" for c in range(1, 7)],
             country={f"{c:02d}{r:02d}": "germany" for c in range(5, 7) for r in range(2, 5)},
             rail=[["0102", "0103", "0104"]],
             places={"paris": {"at": "0104", "capital": True},
                     "calais": {"at": "0102", "port": "minor"},
                     "berlin": {"at": "0603", "capital": True}})


def landing_state():
    state = position(COAST, {"bri-inf-1": "0102"}, side="entente", sides={"britain": "entente"},
                     rp={"britain": 5})
    state["board"]["control"][hx(COAST, "0302")] = "germany"   # a French coast hex the CP took
    return state


def test_bop_6_453_landing_options_point_at_enemy_held_coast_from_permitted_water():
    state = landing_state()
    options = admiralty.landing_options(state, COAST)
    # a French coast hex the CP took, and the German coast (6.451 closes only German waters'
    # coastal hexes, which on our map are the land itself)
    assert {o["to"] for o in options} == {hx(COAST, "0302"), hx(COAST, "0502"),
                                          hx(COAST, "0602")}
    assert all(admiralty.permitted_water(COAST, o["at"]) for o in options)
    state["board"]["landing_used"] = True
    assert admiralty.landing_options(state, COAST) == []  # one a year


def test_bop_6_453_landing_is_a_sea_destination_and_assault_fights_the_inherent_defense():
    from engine.rulesets.balance_of_powers import combat

    from .helpers import Dice
    state = landing_state()
    target = hx(COAST, "0302")
    spot = next(o for o in admiralty.landing_options(state, COAST) if o["to"] == target)
    handlers.do_landing(state, "britain", None, spot, None)
    moves = admiralty.sea_moves(state, COAST, "britain")
    assert {"unit": "bri-inf-1", "to": spot["at"]} in moves
    handlers.do_sea_move(state, "britain", None, {"unit": "bri-inf-1", "to": spot["at"]}, None)
    from engine.rulesets.balance_of_powers.movement import march_destinations
    assert target not in march_destinations(state, COAST, ["bri-inf-1"], {})  # an assault
    assert combat.attack_problem(state, COAST, ["bri-inf-1"], target, {}) is None
    # 1 corps vs the 1-step ID (1:1, 0); yellow 4 vs 1 (+3); amphibious −2; naval gunfire +1
    events = combat.declare(state, COAST, "britain", ["bri-inf-1"], target, "bri-inf-1",
                            "britain", {}, Dice([3, 3]))
    roll = next(e.data for e in events if e.kind == "combat_roll")
    assert roll["modifiers"]["terrain"] == -2 and roll["modifiers"]["artillery"] == 1
    assert roll["fnm"] == 2 and roll["final"] == 8 and roll["odds"] == "1:1"  # RP/1
    assert combat.pending(state, COAST)[:2] == ("pay", "britain")
    combat.answer(state, COAST, "pay", {"pay": True}, Dice([]))
    assert state["board"]["units"]["bri-inf-1"]["at"] == target
    assert target not in state["board"]["control"]  # liberated: back to its French owner


def test_bop_10_81_cleared_landing_is_removed_not_entered():
    from engine.rulesets.balance_of_powers import combat

    from .helpers import Dice
    state = landing_state()
    target = hx(COAST, "0302")
    spot = next(o for o in admiralty.landing_options(state, COAST) if o["to"] == target)
    handlers.do_landing(state, "britain", None, spot, None)
    state["board"]["units"]["bri-inf-1"]["at"] = spot["at"]
    state["board"]["units"]["ger-inf-1"] = {"at": target, "mode": "maneuver"}
    state["board"]["units"]["ger-inf-2"] = {"at": target, "mode": "maneuver"}
    state["flow"]["side"] = "central"
    # The Germans in the captured hex are out of supply (yellow 4 − 1 = 3 vs 3): 2:1 (0),
    # FNM 0; 6+6 = 12, RP/3: unsupplied, they cannot buy off the RP and lose their point unit.
    combat.declare(state, COAST, "germany", ["ger-inf-1", "ger-inf-2"], spot["at"], "ger-inf-1",
                   "germany", {}, Dice([6, 6]))
    assert state["flow"]["combat"] is None
    assert "bri-inf-1" not in state["board"]["units"]  # no retreat from a landing
    assert state["board"]["landing"] is None
    assert state["board"]["units"]["ger-inf-2"]["at"] == target  # the attacker stays


# --- 6.13 optional neutral random entry (table option random_neutral_entry) ------------------

def _random_entry(state):
    state["diplomacy"] = {"random_entry": True, "britain_roll": None}
    return state


def test_bop_6_13_britain_joins_on_a_final_five_or_less():
    from .helpers import Dice
    state = _random_entry(position(TH, {}))
    # no German violation of Belgium or the Netherlands: +1, so a 4 makes 5 and she joins
    events = neutrals.britain_entry_roll(state, TH, Dice([4]))
    assert state["diplomacy"]["britain_roll"] == {"roll": 4, "modifier": 1, "final": 5,
                                                  "joins": True}
    assert state["powers"]["britain"]["side"] == "entente"
    assert state["flow"]["britain_to_place"]
    assert [e.kind for e in events] == ["neutral_entry_roll", "britain_joins"]


def test_bop_6_13_britain_stays_neutral_on_a_six_and_modifiers_count():
    from .helpers import Dice
    state = _random_entry(position(TH, {}))
    neutrals.britain_entry_roll(state, TH, Dice([5]))            # 5 + 1 = 6: true neutral
    assert state["powers"]["britain"]["side"] is None
    state = _random_entry(position(TH, {}))
    state["powers"]["belgium"].update(side="entente", violated_by="central")
    neutrals.britain_entry_roll(state, TH, Dice([5]))            # Germany violated: +0
    assert state["powers"]["britain"]["side"] == "entente"
    state = _random_entry(position(TH, {}))
    state["powers"]["netherlands"].update(side="central", violated_by="entente")
    neutrals.britain_entry_roll(state, TH, Dice([3]))            # France violated: +1 +2 = 6
    assert state["diplomacy"]["britain_roll"]["final"] == 6
    assert state["powers"]["britain"]["side"] is None


def test_bop_6_13_replaces_the_6_123_triggers():
    state = _random_entry(position(TH, {"ger-inf-3": "0204"}))     # next to Paris
    neutrals.violate(state, TH, "central", "belgium")
    assert state["powers"]["britain"]["side"] is None
    assert neutrals.britain_triggers(state, TH) == []


def test_bop_6_13_option_rolls_once_in_august_through_the_kernel():
    from engine.kernel import apply, decisions, new_game
    from engine.rulesets.balance_of_powers.ruleset import SCENARIO
    seed = b"r" * 32
    state, _ = new_game(RULESET, SCENARIO, {"random_neutral_entry": True},
                        ["austria_hungary", "britain", "france", "germany", "russia"], seed, "t613")
    rolled = []
    for _ in range(200):
        if state["diplomacy"]["britain_roll"] is not None:
            break
        d = decisions(RULESET, state)[0]
        action = (d.options[0] if d.options is not None else
                  RULESET.options(state, d.seats[0], d, None)[0]["action"])
        outcome = apply(RULESET, state, d.seats[0], d.id, action, seed=seed)
        rolled += [r for r in outcome.rolls if "neutral entry" in r["purpose"]]
        state = outcome.state
    assert len(rolled) == 1 and state["flow"]["month"] == "1914-08"
    roll = state["diplomacy"]["britain_roll"]
    assert roll["joins"] == (state["powers"]["britain"]["side"] == "entente")
    default, _ = new_game(RULESET, SCENARIO, {}, ["austria_hungary", "britain", "france",
                                                 "germany", "russia"], seed, "t613")
    assert default["diplomacy"]["random_entry"] is False


def _britain_why(state, action):
    """The refusal of a Britain's-entry answer the decision does not list, said as the map
    picker gets it (the kernel's `not_an_option`, then `why_not`)."""
    from engine.kernel import IllegalAction
    decision = RULESET.decisions(state)[0]
    assert decision.kind == "britain_setup" and action not in decision.options
    refusal = IllegalAction(decision.rule, "not_an_option", {}, "not listed")
    return RULESET.why_not(state, "britain", decision, action, refusal)


def test_bop_12_1_why_not_a_port_with_french_corps_or_no_port_or_a_home_outside_britain():
    state = position(TH, {"fra-inf-1": "0204"})
    neutrals.britain_joins(state, "test")
    home = hx(TH, "0106")
    calais = _britain_why(state, {"port": hx(TH, "0204"), "home": home})
    assert (calais.rule, calais.code) == ("BoP 12.1", "french_corps")
    assert "never stack with French corps" in calais.message
    inland = _britain_why(state, {"port": hx(TH, "0104"), "home": home})
    assert (inland.rule, inland.code) == ("BoP 12.1", "not_a_french_port")
    paris_home = _britain_why(state, {"port": hx(TH, "0304"), "home": hx(TH, "0104")})
    assert (paris_home.rule, paris_home.code) == ("BoP 12.1", "not_in_britain")
