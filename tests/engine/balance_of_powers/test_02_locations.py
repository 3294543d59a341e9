"""BoP 2.5–2.9: locations, adjacency, control, stacking, battles, TI, demoralization."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import losses, occupy, odds
from engine.rulesets.balance_of_powers.forces import (
    controller,
    enemy_present,
    in_crisis,
    stack_limit,
    stacking_conflict,
)
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import grid, hx, position

COUNTRY = {f"{c:02d}{r:02d}": "germany" for c in range(5, 9) for r in range(1, 7)}
TH = grid(8, 6, name="t-02", country=COUNTRY, terrain={"0203": "marsh", "0204": "marsh"},
          rail=[["0204", "0205"]], boxes={"petrograd-box": {"name": "Petrograd box",
                                                            "kind": "port",
                                                            "adjacent": ["0801", "0701"]}})


def test_bop_2_52_adjacency_touching_and_box_links():
    assert hx(TH, "0302") in TH.adj[hx(TH, "0202")]
    assert hx(TH, "0402") not in TH.adj[hx(TH, "0202")]
    assert "petrograd-box" in TH.adj[hx(TH, "0801")]
    assert hx(TH, "0701") in TH.adj["petrograd-box"]


def test_bop_2_53_infantry_takes_control_cavalry_does_not():
    state = position(TH, {"fra-inf-1": "0402", "fra-cav-cav": "0403"}, side="entente")
    occupy.enter(state, TH, ["fra-cav-cav"], [hx(TH, "0403"), hx(TH, "0503")])
    assert controller(state, TH, hx(TH, "0503")) == "germany"
    occupy.enter(state, TH, ["fra-inf-1"], [hx(TH, "0402"), hx(TH, "0502")])
    assert controller(state, TH, hx(TH, "0502")) == "france"


def test_bop_2_53_capture_in_passing():
    state = position(TH, {"fra-inf-1": "0402"}, side="entente")
    occupy.enter(state, TH, ["fra-inf-1"], [hx(TH, "0402"), hx(TH, "0502"), hx(TH, "0602")])
    assert controller(state, TH, hx(TH, "0502")) == "france"
    assert controller(state, TH, hx(TH, "0602")) == "france"


def test_bop_2_531_allies_never_take_each_others_locations():
    state = position(TH, {"bri-inf-1": "0402"}, side="entente", sides={"britain": "entente"})
    occupy.enter(state, TH, ["bri-inf-1"], [hx(TH, "0402"), hx(TH, "0302")])
    assert controller(state, TH, hx(TH, "0302")) == "france"


def test_bop_2_532_liberated_location_reverts_to_its_owner():
    state = position(TH, {"bri-inf-1": "0402"}, side="entente", sides={"britain": "entente"})
    state["board"]["control"][hx(TH, "0302")] = "germany"
    occupy.enter(state, TH, ["bri-inf-1"], [hx(TH, "0402"), hx(TH, "0302")])
    assert controller(state, TH, hx(TH, "0302")) == "france"
    assert hx(TH, "0302") not in state["board"]["control"]


def test_bop_2_62_stacking_six_corps_one_in_bare_marsh():
    state = position(TH, {})
    assert stack_limit(state, TH, hx(TH, "0202")) == 6
    assert stack_limit(state, TH, hx(TH, "0203")) == 1
    assert stack_limit(state, TH, hx(TH, "0204")) == 6  # marsh with rail


def test_bop_12_1_british_corps_never_stack_with_french():
    state = position(TH, {"fra-inf-1": "0202"}, sides={"britain": "entente"})
    assert stacking_conflict(state, ["bri-inf-1"], hx(TH, "0202"))
    assert not stacking_conflict(state, ["fra-inf-2"], hx(TH, "0202"))


def test_bop_1_333_fortress_is_an_enemy_presence_until_ruined():
    th = grid(4, 3, name="t-02-fort", country={"0302": "germany", "0303": "germany"},
              places={"metz": {"at": "0302", "fortress": True}})
    state = position(th, {})
    assert enemy_present(state, th, hx(th, "0302"), "entente")
    state["board"]["forts"][hx(th, "0302")] = 0
    assert not enemy_present(state, th, hx(th, "0302"), "entente")


def test_bop_2_7_major_battle_needs_two_corps_a_side():
    state = position(TH, {"ger-inf-1": "0502", "ger-inf-2": "0502", "fra-inf-1": "0402"})
    c = {"units": ["ger-inf-1", "ger-inf-2"], "target": hx(TH, "0402"), "defender": "entente"}
    assert not odds.major_battle(state, c)
    state["board"]["units"]["fra-inf-2"] = {"at": hx(TH, "0402"), "mode": "maneuver"}
    assert odds.major_battle(state, c)


def test_bop_2_82_ti_gain_on_low_raw_roll_against_trenches():
    state = position(TH, {})
    c = {"entrenched_defender": True, "units": ["ger-inf-1"], "dice": [3, 4], "major": True,
         "attacker": "central"}
    losses.ti_gain(state, c)
    assert state["ti"]["central"] == 1
    c["dice"] = [4, 4]
    losses.ti_gain(state, c)
    assert state["ti"]["central"] == 1
    c.update(major=False, dice=[2, 3])
    losses.ti_gain(state, c)
    assert state["ti"]["central"] == 2
    c["dice"] = [3, 3]  # 6 is not below 6 in a minor battle
    losses.ti_gain(state, c)
    assert state["ti"]["central"] == 2


def test_bop_2_82_no_ti_gain_against_maneuver_defenders():
    state = position(TH, {})
    losses.ti_gain(state, {"entrenched_defender": False, "units": ["ger-inf-1"],
                           "dice": [1, 1], "major": True, "attacker": "central"})
    assert state["ti"]["central"] == 0


def test_bop_2_92_crisis_at_the_national_limit():
    state = position(TH, {})
    state["powers"]["germany"]["demoralization"] = 10
    occupy.demoralize(state, "germany")
    assert in_crisis(state, "germany")
    occupy.demoralize(state, "germany")
    assert state["powers"]["germany"]["demoralization"] == 11  # no further demoralization in crisis


def test_bop_2_92_france_goes_into_crisis_at_seven():
    """12.4 prints France's starting track as "7 in crisis": the marker stops at the national
    limit (2.92), so France's limit is 7."""
    state = position(TH, {})
    state["powers"]["france"]["demoralization"] = 6
    assert not in_crisis(state, "france")
    occupy.demoralize(state, "france")
    assert in_crisis(state, "france") and state["powers"]["france"]["demoralization"] == 7
    occupy.demoralize(state, "france")
    assert state["powers"]["france"]["demoralization"] == 7


def test_bop_2_91_interior_fortress_lost_demoralizes_its_owner():
    th = grid(6, 5, name="t-02-verdun", country={f"06{r:02d}": "germany" for r in range(1, 6)},
              places={"verdun": {"at": "0303", "fortress": True},
                      "belfort": {"at": "0503", "fortress": True}})
    state = position(th, {"ger-inf-1": "0403"})
    assert losses.interior_fortress(th, hx(th, "0303"))
    assert not losses.interior_fortress(th, hx(th, "0503"))
    losses.ruin_fortress(state, hx(th, "0303"))
    assert state["powers"]["france"]["demoralization"] == 0  # ruined is not yet taken
    occupy.enter(state, th, ["ger-inf-1"], [hx(th, "0403"), hx(th, "0303")])
    assert state["powers"]["france"]["demoralization"] == 1
    losses.ruin_fortress(state, hx(th, "0503"))
    occupy.enter(state, th, ["ger-inf-1"], [hx(th, "0303"), hx(th, "0403"), hx(th, "0503")])
    assert state["powers"]["france"]["demoralization"] == 1  # Belfort is a border fortress


def test_bop_2_5_scenario_map_has_the_places_the_rules_name():
    th = theatre("bop-north-europe")
    for pid in ("paris", "berlin", "liege", "dijon", "warsaw", "rava_ruska", "brody", "tarnopol",
                "posen", "thorn", "lomza", "london", "verdun", "belfort", "przemysl"):
        assert pid in th.place_loc, pid
    assert th.capital["russia"] == "petrograd-box"
    assert th.capital["britain"] == th.place_loc["london"]
    assert th.label[th.capital["britain"]] == "0115"
    assert len(th.bcs) == 26
    # the places the worked examples name, where they name them (3.11, 3.121, 1.334, 10.9)
    for pid, label in (("posen", "3017"), ("thorn", "3316"), ("verdun", "0922"),
                       ("belfort", "1127"), ("longwy", "1022"), ("przemysl", "4023")):
        assert th.label[th.place_loc[pid]] == label, pid
    assert {th.place_loc[p] for p in ("posen", "warsaw", "paris", "brussels", "antwerp",
                                      "london")} <= th.bcs
    assert {th.place_loc[p] for p in ("thorn", "verdun", "belfort", "przemysl",
                                      "liege")} <= set(th.fortress)


BELGIUM = grid(6, 4, name="t-02-belgium",
               country={f"{c:02d}{r:02d}": "belgium" for c in range(1, 4) for r in range(1, 5)},
               default="germany",
               places={"brussels": {"at": "0102", "capital": True}, "antwerp": {"at": "0101"},
                       "liege": {"at": "0303", "fortress": True},
                       "berlin": {"at": "0603", "capital": True}})


def test_bop_2_93_minor_conquered_with_capital_and_a_home_bc():
    state = position(BELGIUM, {}, sides={"belgium": "entente"})
    state["board"]["control"][hx(BELGIUM, "0102")] = "germany"
    assert occupy.check_conquest(state, BELGIUM) == []  # Antwerp still Belgian
    from engine.rulesets.balance_of_powers import economy
    assert economy.requisition(state, BELGIUM, "germany") == 0  # nobody gets the capital yet
    state["board"]["control"][hx(BELGIUM, "0101")] = "germany"
    events = occupy.check_conquest(state, BELGIUM)
    assert [e.data for e in events] == [{"nation": "belgium"}]
    assert state["board"]["forts"][hx(BELGIUM, "0303")] == 0  # Liège ruined
    assert economy.requisition(state, BELGIUM, "germany") == 1


def test_bop_2_93_major_conquered_goes_to_crisis_and_conquered_income():
    th = grid(4, 2, name="t-02-paris", country={"0401": "germany", "0402": "germany"},
              places={"paris": {"at": "0101", "capital": True}, "lille": {"at": "0201"},
                      "reims": {"at": "0202"}, "berlin": {"at": "0401", "capital": True}})
    state = position(th, {})
    state["board"]["control"][hx(th, "0101")] = "germany"
    state["board"]["control"][hx(th, "0202")] = "germany"
    occupy.check_conquest(state, th)
    power = state["powers"]["france"]
    assert power["conquered"] and in_crisis(state, "france") and power["demoralization"] == 7
    from engine.rulesets.balance_of_powers import economy
    assert economy.income(state, "france") == 4
    del state["board"]["control"][hx(th, "0101")]
    assert [e.kind for e in occupy.check_conquest(state, th)] == ["liberation"]
    assert in_crisis(state, "france")  # a liberated major stays in crisis


def test_bop_2_62_one_army_leader_per_location():
    state = position(TH, {"ger-ldr-kluck": "0602", "ger-inf-1": "0602",
                          "ger-ldr-ludndrf": "0603", "ger-inf-2": "0603"})
    assert stacking_conflict(state, ["ger-ldr-ludndrf", "ger-inf-2"], hx(TH, "0602"))
    assert not stacking_conflict(state, ["ger-inf-2"], hx(TH, "0602"))


def test_bop_2_52_example_maubeuge_st_quentin_and_petrograd_box_on_the_map():
    th = theatre("bop-north-europe")
    maubeuge, st_quentin = th.place_loc["maubeuge"], th.place_loc["st_quentin"]
    assert (th.label[maubeuge], th.label[st_quentin]) == ("0720", "0621")
    assert st_quentin in th.adj[maubeuge]
    linked = sorted(th.label[h] for h in th.adj["petrograd-box"])
    assert linked == [f"{c:02d}01" for c in range(42, 51)]


def test_bop_1_334_example_verdun_interior_belfort_not_on_the_map():
    th = theatre("bop-north-europe")
    assert losses.interior_fortress(th, th.place_loc["verdun"])
    assert not losses.interior_fortress(th, th.place_loc["belfort"])


def test_bop_1_323_leader_returns_to_the_pool_when_his_command_could_move():
    from engine.rulesets.balance_of_powers.ruleset import RULESET

    from .helpers import Dice
    state = position(TH, {"ger-ldr-kluck": "0303", "ger-inf-3": "0303", "ger-inf-4": "0505"})
    state["flow"]["active"] = ["germany"]
    decision = next(d for d in RULESET.decisions(state) if d.kind == "leader_return")
    assert decision.options == ({"leader": "ger-ldr-kluck"},) and decision.rule == "BoP 1.323"
    RULESET.apply_action(state, "germany", decision, {"leader": "ger-ldr-kluck"}, Dice([]))
    after = state
    assert "ger-ldr-kluck" not in after["board"]["units"]
    assert "ger-ldr-kluck" in after["board"]["pool"]
    assert after["board"]["units"]["ger-inf-3"]["at"] == hx(TH, "0303")


def test_bop_1_323_no_return_once_the_command_has_moved():
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    state = position(TH, {"ger-ldr-kluck": "0303", "ger-inf-3": "0303", "ger-inf-4": "0505"})
    state["flow"]["active"] = ["germany"]
    assert any(d.kind == "leader_return" for d in RULESET.decisions(state))
    state["flow"]["moves"]["ger-inf-3"] = {"mp": 1, "rail": 0}
    assert not any(d.kind == "leader_return" for d in RULESET.decisions(state))


def test_bop_1_323_a_leader_with_allied_corps_is_not_alone():
    """1.323: a leader operates with land units of his type; only alone does he go to the pool.
    A German leader stacked with Austro-Hungarian corps, or in a German fortress, stays."""
    from engine.rulesets.balance_of_powers.forces import lone_leaders
    th = theatre("bop-north-europe")
    metz = th.label[th.place_loc["metz"]]
    state = position(th, {"ger-ldr-kluck": "3723", "aus-inf-1": "3723",
                          "ger-ldr-ludndrf": metz, "aus-ldr-conrad": "3823"})
    assert lone_leaders(state, th) == ["aus-ldr-conrad"]
    state["board"]["forts"][th.place_loc["metz"]] = 0  # ruined: no longer a unit
    assert sorted(lone_leaders(state, th)) == ["aus-ldr-conrad", "ger-ldr-ludndrf"]


def test_bop_6_213_leaders_arrive_wherever_corps_of_their_power_stand():
    """6.213 (the audit's case): in September 1914 Ludendorff may join German corps in 3713
    (no town) or in a German-held Namur (0919), not only in German home cities; never where
    an army leader already stands (2.62) or only allied corps are."""
    from engine.rulesets.balance_of_powers import economy
    th = theatre("bop-north-europe")
    state = position(th, {"ger-inf-1": "3713", "ger-inf-2": "0919", "ger-inf-3": "2516",
                          "ger-ldr-kluck": "2516", "aus-inf-1": "3723"}, month="1914-09",
                     sides={"belgium": "entente"})
    state["board"]["control"][hx(th, "0919")] = "germany"
    state["board"]["forts"][hx(th, "0919")] = 0  # Namur's works ruined, then taken
    found = economy.muster_locations(state, th, "ger-ldr-ludndrf")
    assert {hx(th, "3713"), hx(th, "0919"), th.place_loc["metz"]} <= set(found)
    assert hx(th, "2516") not in found and hx(th, "3723") not in found


def _british_half(th, units, **kw):
    state = position(th, units, side="entente", sides={"britain": "entente"}, **kw)
    state["flow"]["active"] = ["britain"]
    return state


def test_bop_2_531_example_a_british_corps_in_a_french_hex_on_the_map():
    """2.531's example on our map: a British corps marching from 0519 into French-held 0620
    (open, no fortress) leaves it French — no change of control — and treats it as friendly:
    its march may go on through it (to 0621)."""
    from engine.rulesets.balance_of_powers import handlers, movement
    th = theatre("bop-north-europe")
    there, beyond = hx(th, "0620"), hx(th, "0621")
    state = _british_half(th, {"bri-inf-1": "0519"})
    assert beyond in movement.march_destinations(state, th, ["bri-inf-1"], {})
    events = handlers.do_march(state, "britain", None, {"units": ["bri-inf-1"], "to": there},
                               None)
    assert state["board"]["units"]["bri-inf-1"]["at"] == there
    assert not [e for e in events if e.kind == "control"]   # nothing changes hands
    assert controller(state, th, there) == "france" and there not in state["board"]["control"]


def test_bop_2_532_example_a_british_force_liberates_lille_on_the_map():
    """2.532's example on our map: Lille (0619) German-held, its old fortress ruined; a British
    corps from 0518 marches in and Lille returns to France, not to Britain."""
    from engine.rulesets.balance_of_powers import handlers
    th = theatre("bop-north-europe")
    lille = th.place_loc["lille"]
    state = _british_half(th, {"bri-inf-1": "0518"})
    state["board"]["control"][lille] = "germany"
    state["board"]["forts"][lille] = 0
    assert controller(state, th, lille) == "germany"
    events = handlers.do_march(state, "britain", None, {"units": ["bri-inf-1"], "to": lille},
                               None)
    assert [e.data for e in events if e.kind == "control"] == [
        {"at": lille, "from": "germany", "to": "france"}]
    assert controller(state, th, lille) == "france"
    assert lille not in state["board"]["control"]   # back to its owner, not British
