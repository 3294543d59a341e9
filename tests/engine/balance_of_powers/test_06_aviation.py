"""BoP aviation: air units and steps (1.322), patrols and dogfights (6.3), the aerodrome phase
(6.7), air superiority in land combat (10.42, 10.51, 2.92), air procurement, repair and muster
(6.22, 6.21), the CoB's seasonal air additions (5.12, 13.0). The Verdun example's air
superiority is reproduced in test_10_combat (`verdun_dogfight`)."""

from __future__ import annotations

import json

from engine.kernel.game import decisions as open_decisions
from engine.kernel.game import new_game
from engine.rulesets.balance_of_powers import (
    air_raids,
    aviation,
    combat,
    decisions,
    economy,
    handlers,
)
from engine.rulesets.balance_of_powers.forces import friendly_corps_count
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.sequence import MONTH_SCRIPT
from engine.rulesets.balance_of_powers.sequence import Step as S

from .helpers import Dice, grid, hx, position

# France west of column 7 (Paris 0104), Germany east (Berlin 1204), a rail along row 04 for
# supply, Switzerland (neutral) at 0601–0602, a box off 1201; Amiens (0508) has no rail.
TH = grid(12, 8, name="t-06-air", default="france",
          country={**{f"{c:02d}{r:02d}": "germany" for c in range(7, 13) for r in range(1, 9)},
                   "0601": "switzerland", "0602": "switzerland"},
          rail=[[f"{c:02d}04" for c in range(1, 13)]],
          places={"paris": {"at": "0104", "capital": True},
                  "berlin": {"at": "1204", "capital": True},
                  "lille": {"at": "0304"}, "amiens": {"at": "0508"}},
          boxes={"petrograd-box": {"name": "Petrograd box", "kind": "port",
                                   "adjacent": ["1201"]}})


def base(state, uid, label, steps=2, patrol=False):
    loc = label if label in TH.boxes else hx(TH, label)
    state["board"]["air"][uid] = {"at": loc, "steps": steps, "patrol": patrol}


def air_state(**kw):
    state = position(TH, {}, step=S.AVIATION.value, fortnight=0, **kw)
    aviation.begin_aviation(state, Dice([]))
    return state


def moves_of(state, uid):
    return {m["to"] for m in aviation.patrol_moves(state, TH, aviation.AIR_UNITS[uid].nation)
            if m["unit"] == uid}


# --- 1.322, 13.0 the units ------------------------------------------------------------------

def test_bop_1_322_air_units_have_two_steps_and_are_not_corps():
    assert {u.kind for u in aviation.AIR_UNITS.values()} == {"fighter", "bomber", "zeppelin"}
    assert {u.nation for u in aviation.AIR_UNITS.values()} <= set(RULESET.manifest[
        "scenarios"][0]["seats"][i]["id"] for i in range(5))   # Italy's and the US's: later
    state = air_state()
    state["board"]["units"]["fra-inf-1"] = {"at": hx(TH, "0304"), "mode": "maneuver"}
    base(state, "fra-air-ms3", "0304")
    # an air unit is no corps: it counts for no stacking or odds
    assert friendly_corps_count(state, hx(TH, "0304"), "entente") == 1


def test_bop_12_1_no_air_unit_in_the_order_of_battle_and_none_before_winter_1914():
    """12.1's OB lists no air unit; the CoB's first (Russia's ILYA M) joins the force pool in
    the winter of 1914 — after the scenario's October. So a 12.1 game never holds one, and the
    aviation and aerodrome phases pass with nothing to decide."""
    state, _ = new_game(RULESET, "before-the-leaves-fall", {}, ["austria_hungary", "britain",
                                                               "france", "germany", "russia"],
                        b"s" * 32, "t-air")
    assert (state["board"]["air"], state["board"]["air_pool"]) == ({}, [])
    assert aviation.pool_additions(state, 1914, "autumn") == []
    events = aviation.pool_additions(state, 1914, "winter")
    assert state["board"]["air_pool"] == ["rus-air-ilyam"]
    assert events[0].data == {"season": "1914-winter", "units": ["rus-air-ilyam"]}
    assert open_decisions(RULESET, state)   # the set-up, nothing of the air


def test_bop_6_0_aviation_follows_construction_and_the_aerodrome_ends_the_month():
    steps = [s for s, _, _ in MONTH_SCRIPT]
    assert steps.index(S.AVIATION) == steps.index(S.PROCURE) + 2   # after both procurements
    assert steps.index(S.AVIATION) < steps.index(S.ADMIRALTY)
    assert [e[:2] for e in MONTH_SCRIPT[-3:]] == [(S.AERODROME, "central"),
                                                  (S.AERODROME, "entente"),
                                                  (S.MONTH_END, None)]


# --- 6.31 patrols ----------------------------------------------------------------------------

def test_bop_6_311_patrol_radius_neutral_hexes_and_boxes():
    state = air_state()
    base(state, "ger-air-eindkr", "1104")      # radius 3
    reach = moves_of(state, "ger-air-eindkr")
    assert hx(TH, "0804") in reach and hx(TH, "0704") not in reach       # 3 hexes, not 4
    assert hx(TH, "1101") in reach and "petrograd-box" not in reach      # 1201 is 3 away
    base(state, "ger-air-eindkr", "1203")
    reach = moves_of(state, "ger-air-eindkr")
    assert "petrograd-box" in reach             # a box: all remaining MP, from its edge hex
    base(state, "fra-air-ms3", "0504")
    reach = moves_of(state, "fra-air-ms3")
    assert hx(TH, "0602") not in reach and hx(TH, "0601") not in reach   # neutral Switzerland
    assert hx(TH, "0704") in reach              # enemy hexes are fine (6.312)


def test_bop_6_312_supply_enemy_fighters_and_one_move_each():
    state = air_state()
    base(state, "ger-air-eindkr", "1007")       # no rail, town or capital near: unsupplied
    assert moves_of(state, "ger-air-eindkr") == set()
    base(state, "ger-air-eindkr", "1004")
    base(state, "fra-air-ms3", "1004")          # an enemy fighter in the location
    assert moves_of(state, "ger-air-eindkr") == set()
    assert moves_of(state, "fra-air-ms3") == set()   # neither may leave
    del state["board"]["air"]["fra-air-ms3"]
    handlers.do_air_patrol(state, "germany", None, {"unit": "ger-air-eindkr",
                                                    "to": hx(TH, "0904")}, Dice([]))
    assert state["board"]["air"]["ger-air-eindkr"] == {"at": hx(TH, "0904"), "steps": 2,
                                                       "patrol": True}
    assert moves_of(state, "ger-air-eindkr") == set()   # each fighter moves only once
    base(state, "ger-air-zeppelin", "1104")
    assert moves_of(state, "ger-air-zeppelin") == set()  # bombers play no role (6.3)


def test_bop_6_313_sides_alternate_cp_first_until_both_pass_in_succession():
    state = air_state()
    base(state, "ger-air-eindkr", "1004")
    base(state, "ger-air-eindkrd", "1104")
    base(state, "fra-air-ms3", "0304")
    [ask] = decisions.air_patrol_decisions(state, TH)
    assert ask.seats == ("germany",) and ask.kind == "air_patrol" and ask.rule == "BoP 6.31"
    assert ask.options[0] == {"pass": True}     # what a deadline plays
    handlers.do_air_patrol(state, "germany", ask, {"unit": "ger-air-eindkr",
                                                   "to": hx(TH, "0704")}, Dice([]))
    [ask] = decisions.air_patrol_decisions(state, TH)
    assert ask.seats == ("france",)
    handlers.do_air_patrol(state, "france", ask, {"pass": True}, Dice([]))
    [ask] = decisions.air_patrol_decisions(state, TH)
    assert ask.seats == ("germany",)
    handlers.do_air_patrol(state, "germany", ask, {"pass": True}, Dice([]))
    assert decisions.air_patrol_decisions(state, TH) == []   # two passes in succession


def test_bop_6_313_a_side_with_nothing_to_fly_leaves_the_turn_to_the_other():
    state = air_state()
    base(state, "ger-air-eindkr", "1004")
    base(state, "ger-air-eindkrd", "1104")
    for uid in ("ger-air-eindkr", "ger-air-eindkrd"):
        [ask] = decisions.air_patrol_decisions(state, TH)
        assert ask.seats == ("germany",)
        handlers.do_air_patrol(state, "germany", ask, {"unit": uid, "to": hx(TH, "0904")},
                               Dice([]))
    assert decisions.air_patrol_decisions(state, TH) == []   # all fighters have moved


# --- 6.32 dogfights ------------------------------------------------------------------------

def test_bop_6_322_tiers_fire_highest_guns_first_and_a_damaged_fighter_aborts_before_firing():
    """Tier 4 (EINDKR) hits the MS3 (2d6 4+2 + 4 = 10 > 8): the MS3 is damaged and aborts at
    the end of the tier, so it never fires in tier 2 (6.325); Germany holds the sky."""
    state = air_state()
    base(state, "ger-air-eindkr", "0704", patrol=True)
    base(state, "fra-air-ms3", "0704", patrol=True)
    events = aviation.dogfights(state, Dice([4, 2]))
    assert [e.kind for e in events] == ["air_fire", "air_damaged", "air_aborted",
                                        "air_superiority"]
    fire = events[0].data
    assert (fire["guns"], fire["bonus"], fire["final"], fire["evasion"]) == (4, 0, 10, 8)
    assert state["board"]["air"]["fra-air-ms3"] == {"at": hx(TH, "0604"), "steps": 1,
                                                    "patrol": False}   # nearest friendly
    assert aviation.air_superiority(state, hx(TH, "0704")) == "central"


def test_bop_6_323_full_strength_on_reduced_adds_one_and_a_miss_at_evasion():
    """The roll must exceed evasion: 3+1 + 4 = 8 against the MS3's 8 misses — but on a reduced
    MS3 the full-strength shooter adds 1 (9 > 8: the hit destroys it); the MS3 then misses
    (1+1 + 2 = 4) in the next dogfight's tier 2, and so on until one side is left."""
    state = air_state()
    base(state, "ger-air-eindkr", "0704", patrol=True)
    base(state, "fra-air-ms3", "0704", patrol=True)
    state["board"]["air"]["fra-air-ms3"]["steps"] = 1
    events = aviation.dogfights(state, Dice([3, 1]))
    fire = events[0].data
    assert (fire["final"], fire["bonus"], fire["hit"]) == (9, 1, True)
    assert "fra-air-ms3" not in state["board"]["air"]
    assert "fra-air-ms3" in state["board"]["air_pool"]   # destroyed: back to the force pool
    state = air_state()
    base(state, "ger-air-eindkr", "0704", patrol=True)
    base(state, "fra-air-ms3", "0704", patrol=True)
    events = aviation.dogfights(state, Dice([3, 1, 1, 1, 6, 6]))
    fires = [(e.data["shooter"], e.data["final"], e.data["hit"]) for e in events
             if e.kind == "air_fire"]
    assert fires == [("ger-air-eindkr", 8, False), ("fra-air-ms3", 4, False),
                     ("ger-air-eindkr", 16, True)]   # 6.326: a second dogfight


def test_bop_6_324_a_damaged_fighter_with_no_friendly_location_in_reach_is_destroyed():
    state = air_state()
    base(state, "ger-air-eindkr", "0104", patrol=True)     # deep over France
    base(state, "fra-air-ms3", "0104", patrol=True)
    base(state, "fra-air-nprt11", "0104", patrol=True)
    # tier 4: the EINDKR misses the MS3 (1+1 + 4 = 6), the NPRT11 hits the EINDKR (6+6 + 4);
    # damaged, the German (radius 3) cannot reach German land from Paris: destroyed
    events = aviation.dogfights(state, Dice([1, 1, 6, 6]))
    kinds = [e.kind for e in events]
    assert "air_destroyed" in kinds and "ger-air-eindkr" in state["board"]["air_pool"]
    assert [e.data for e in events if e.kind == "air_destroyed"] == [
        {"unit": "ger-air-eindkr", "aborting": True}]
    assert aviation.air_superiority(state, hx(TH, "0104")) == "entente"


# --- 10.51, 10.42, 2.92 air superiority in land combat ---------------------------------------

def _combat(attacker="central"):
    return {"target": hx(TH, "0604"), "attacker": attacker,
            "defender": "entente" if attacker == "central" else "central"}


def test_bop_10_51_air_superiority_favours_the_side_patrolling_alone():
    state = air_state()
    assert aviation.air_modifier(state, _combat()) == 0
    base(state, "fra-air-ms3", "0604", patrol=True)
    assert aviation.air_modifier(state, _combat()) == -1      # the defender's
    assert aviation.air_modifier(state, _combat("entente")) == 1
    base(state, "ger-air-eindkr", "0604", patrol=True)
    assert aviation.air_modifier(state, _combat()) == 0       # contested: nobody's
    del state["board"]["air"]["fra-air-ms3"]
    state["board"]["air"]["ger-air-eindkr"]["patrol"] = False
    assert aviation.air_modifier(state, _combat()) == 0       # based there, not patrolling


def test_bop_2_92_a_nation_in_crisis_attacks_only_with_air_superiority():
    state = position(TH, {"ger-inf-1": "0704", "fra-inf-1": "0604"}, rp={"germany": 5})
    state["powers"]["germany"]["demoralization"] = 11
    supplied = {"ger-inf-1": True, "fra-inf-1": True}
    problem = combat.attack_problem(state, TH, ["ger-inf-1"], hx(TH, "0604"), supplied)
    assert problem is not None and problem[1] == "crisis"
    base(state, "ger-air-eindkr", "0604", patrol=True)
    assert combat.attack_problem(state, TH, ["ger-inf-1"], hx(TH, "0604"), supplied) is None


# --- 6.7 the aerodrome phase -----------------------------------------------------------------

def test_bop_6_71_patrols_end_and_fighters_over_enemy_land_return_to_base():
    state = position(TH, {}, step=S.AERODROME.value, fortnight=0, side="central")
    base(state, "ger-air-eindkr", "0504", patrol=True)     # over France: 2 hexes from 0704
    base(state, "ger-air-eindkrd", "0104", patrol=True)    # 6 hexes deep: out of reach
    base(state, "fra-air-ms3", "0304", patrol=True)        # at home: stays
    events = aviation.begin_aerodrome(state, Dice([]))
    home = state["board"]["air"]["ger-air-eindkr"]
    assert TH.label[home["at"]].startswith("07") and not home["patrol"]   # nearest German
    assert "ger-air-eindkrd" in state["board"]["air_pool"]   # 6.73: eliminated
    assert state["board"]["air"]["fra-air-ms3"]["patrol"] is False
    assert [e.kind for e in events] == ["air_returned", "air_destroyed"]
    base(state, "fra-air-nprt11", "0904", patrol=True)     # the EP returns in its own step
    aviation.begin_aerodrome(state, Dice([]))
    assert state["board"]["air"]["fra-air-nprt11"]["at"] == hx(TH, "0904")
    state["flow"]["side"] = "entente"
    aviation.begin_aerodrome(state, Dice([]))
    assert TH.label[state["board"]["air"]["fra-air-nprt11"]["at"]].startswith("06")


def test_bop_6_72_change_of_base_four_times_the_radius_once_to_friendly_land():
    state = position(TH, {}, step=S.AERODROME.value, fortnight=0, side="central")
    base(state, "ger-air-eindkr", "1204")
    aviation.begin_aerodrome(state, Dice([]))
    aviation.begin_change_of_base(state, Dice([]))
    assert state["flow"]["active"] == ["germany"]
    spots = {m["to"] for m in aviation.base_moves(state, TH, "germany")}
    assert hx(TH, "0704") in spots and hx(TH, "0604") not in spots   # friendly only
    assert hx(TH, "1208") in spots            # 12 MP: the whole German zone
    [ask] = decisions.air_base_decisions(state, TH, "germany")
    assert ask.options[0] == {"done": True}
    handlers.do_air_base(state, "germany", ask, {"unit": "ger-air-eindkr",
                                                 "to": hx(TH, "0704")}, Dice([]))
    assert aviation.base_moves(state, TH, "germany") == []   # once


# --- 6.22, 6.21 procurement, repair, muster ------------------------------------------------------

def test_bop_6_226_example_britain_buys_only_its_highest_machine_guns():
    """6.226's example: with 2s and 4s in the pool Britain buys only 4s; once 6s arrive, only
    6s; a 7 lets it buy 6s too."""
    state = position(TH, {}, rp={"britain": 20}, sides={"britain": "entente"})
    pool = state["board"]["air_pool"]
    pool += ["bri-air-fb5", "bri-air-dh2"]
    assert aviation.procurable(state, "britain") == ["bri-air-dh2"]
    pool += ["bri-air-camel", "bri-air-o400"]
    assert aviation.procurable(state, "britain") == ["bri-air-camel", "bri-air-o400"]
    pool += ["bri-air-buffalo"]
    assert sorted(aviation.procurable(state, "britain")) == [
        "bri-air-buffalo", "bri-air-camel", "bri-air-o400"]
    base(state, "bri-air-fb5", "0304", steps=1)        # a damaged 2 cannot be bought back
    pool.remove("bri-air-fb5")
    assert aviation.repairable(state, "britain") == []


def test_bop_6_222_an_air_unit_costs_one_rp_a_step_and_musters_next_month():
    """10.9's epilogue: in March France procures an air unit, which goes to April's box."""
    state = position(TH, {}, month="1916-03", step=S.PROCURE.value, side="entente",
                     rp={"france": 5})
    state["board"]["air_pool"] = ["fra-air-ms3", "fra-air-nprt11"]
    assert aviation.procurable(state, "france") == ["fra-air-nprt11"]   # 6.226
    events = aviation.procure(state, "france", "fra-air-nprt11", "1916-04")
    assert events[0].data["cost"] == 2 and state["powers"]["france"]["rp"] == 3
    assert state["board"]["air_due"] == {"1916-04": ["fra-air-nprt11"]}
    state["flow"].update(month="1916-04", step=S.MUSTER.value)
    economy.begin_muster(state, Dice([]))
    assert state["flow"]["active"] == ["france"]
    [ask] = decisions.muster_decisions(state, TH, "france")
    assert ask.kind == "air_muster"
    assert {o["at"] for o in ask.options} == {hx(TH, "0104"), hx(TH, "0304")}  # towns
    handlers.do_air_muster(state, "france", ask, ask.options[0], Dice([]))
    assert state["board"]["air"]["fra-air-nprt11"] == {"at": hx(TH, "0104"), "steps": 2,
                                                       "patrol": False}
    assert decisions.muster_decisions(state, TH, "france") == []


def test_bop_6_224_repairing_an_air_unit_costs_one_rp_and_flips_it_at_once():
    state = position(TH, {}, step=S.PROCURE.value, side="central", rp={"germany": 1})
    base(state, "ger-air-eindkr", "1204", steps=1)
    assert aviation.repairable(state, "germany") == ["ger-air-eindkr"]
    [ask] = decisions.procure_decision(state, TH, "germany")
    assert {"repair_air": "ger-air-eindkr"} in ask.options
    handlers.do_procure(state, "germany", ask, {"repair_air": "ger-air-eindkr"}, Dice([]))
    assert state["board"]["air"]["ger-air-eindkr"]["steps"] == 2
    assert state["powers"]["germany"]["rp"] == 0


def test_bop_6_3_the_view_shows_air_units_their_steps_and_patrols():
    state = air_state()
    state["kernel"] = {"game_uid": "t", "options": {}}
    base(state, "ger-air-eindkr", "0704", steps=1, patrol=True)
    view = RULESET.view(state, "entente")
    assert view["board"]["air"] == {"ger-air-eindkr": {"at": hx(TH, "0704"), "steps": 1,
                                                       "patrol": True}}
    assert json.dumps(view["flow"]["air"])


# --- 5.31 air raids --------------------------------------------------------------------------

def raid_state(month="1916-03", side="central"):
    state = position(TH, {}, month=month, step=S.AIR_RAIDS.value, fortnight=0, side=side,
                     rp={"france": 4, "germany": 4})
    state["flow"]["air"] = aviation.empty_flow()
    return state


def test_bop_5_311_strategic_targets_are_enemy_towns_on_a_rail_line_within_the_radius():
    state = raid_state()
    base(state, "ger-air-zeppelin", "0904")    # radius 6: Lille (0304) is 6 hexes away
    assert air_raids.strategic_targets(state, TH, "ger-air-zeppelin") == [hx(TH, "0304")]
    assert hx(TH, "0508") in aviation.reach(state, TH, hx(TH, "0904"), 6, "central")  # no rail
    base(state, "ger-air-zeppelin", "1004")    # 7 hexes: out of reach; Paris even further
    assert air_raids.strategic_targets(state, TH, "ger-air-zeppelin") == []
    base(state, "ger-air-zeppelin", "0907")    # no supply line (no rail, town or capital)
    assert air_raids.strategic_targets(state, TH, "ger-air-zeppelin") == []
    base(state, "ger-air-eindkr", "0904")      # fighters do not raid
    assert [o["unit"] for o in air_raids.raid_options(state, TH, "germany")] == []


def test_bop_5_313_a_raid_below_the_years_last_digit_costs_the_target_one_rp():
    """March 1916: the raid needs a final below 6. The Zeppelin adds 1: 2+2 +1 = 5 hits
    (France 4 → 3 RP); no French fighter covers Lille, so nobody shoots back."""
    state = raid_state()
    base(state, "ger-air-zeppelin", "0904")
    ask = decisions.air_raid_decisions(state, TH, "germany")[0]
    assert ask.kind == "air_raid" and ask.options[0] == {"done": True}
    action = {"unit": "ger-air-zeppelin", "target": hx(TH, "0304")}
    assert action in ask.options
    events = handlers.do_air_raid(state, "germany", ask, action, Dice([2, 2]))
    [raid] = [e.data for e in events]
    assert (raid["final"], raid["needs_below"], raid["rp_lost"], raid["nation"]) == (
        5, 6, 1, "france")
    assert raid["modifiers"] == {"fighter_cover": 0, "zeppelin": 1, "one_step": 0}
    assert state["powers"]["france"]["rp"] == 3
    assert air_raids.raid_options(state, TH, "germany") == []   # once a season


def test_bop_5_314_the_covering_fighter_shoots_back_and_cover_and_damage_add_one():
    """Lille covered by a French NPRT11 (and an MS3): fighter cover +1 and a damaged Zeppelin
    +1 make 2+2 +3 = 7, not below 6: no loss. Then the better-armed NPRT11 (guns 4) shoots:
    4+4 + 4 = 12 beats the Zeppelin's evasion 11, and the damaged Zeppelin is destroyed."""
    state = raid_state()
    base(state, "ger-air-zeppelin", "0904", steps=1)
    base(state, "fra-air-ms3", "0304")
    base(state, "fra-air-nprt11", "0204")
    events = air_raids.raid(state, "germany", {"unit": "ger-air-zeppelin",
                                               "target": hx(TH, "0304")}, Dice([2, 2, 4, 4]))
    raid, shot, gone = (e.data for e in events)
    assert raid["modifiers"] == {"fighter_cover": 1, "zeppelin": 1, "one_step": 1}
    assert (raid["final"], raid["rp_lost"]) == (7, 0) and state["powers"]["france"]["rp"] == 4
    assert (shot["shooter"], shot["final"], shot["evasion"], shot["hit"]) == (
        "fra-air-nprt11", 12, 11, True)
    assert gone == {"unit": "ger-air-zeppelin"} and "ger-air-zeppelin" in state["board"][
        "air_pool"]


def test_bop_5_31_raids_fall_in_seasonal_turns_cp_first():
    state = raid_state(month="1914-09")          # the AUTUMN turn falls before September
    base(state, "ger-air-zeppelin", "0904")
    air_raids.begin_air_raids(state, Dice([]))
    assert state["flow"]["active"] == ["germany"]
    state = raid_state(month="1914-10")          # no seasonal turn before October
    base(state, "ger-air-zeppelin", "0904")
    air_raids.begin_air_raids(state, Dice([]))
    assert state["flow"]["active"] == []
    steps = [s for s, _, _ in MONTH_SCRIPT]
    assert MONTH_SCRIPT[steps.index(S.AIR_RAIDS)][:2] == (S.AIR_RAIDS, "central")
    assert steps.index(S.AIR_RAIDS) == steps.index(S.REDUCTIONS) + 1


def test_bop_6_3_the_aviation_step_runs_patrols_then_dogfights_then_the_admiralty():
    """The step table's wiring (steps.FLOW): the aviation step asks for patrols, and when both
    sides have nothing left to fly its end effect fights the dogfights before the month goes
    on to the admiralty phase, the weather and the CP's first half."""
    state = air_state(month="1916-04")
    state["flow"]["script_position"] = [s for s, _, _ in MONTH_SCRIPT].index(S.AVIATION)
    for uid, label in (("ger-inf-1", "1204"), ("fra-inf-1", "0104")):   # halves to play
        state["board"]["units"][uid] = {"at": hx(TH, label), "mode": "maneuver"}
    base(state, "ger-air-eindkr", "0904")
    base(state, "fra-air-ms3", "0504")
    target = hx(TH, "0704")
    for seat, uid in (("germany", "ger-air-eindkr"), ("france", "fra-air-ms3")):
        [ask] = RULESET.decisions(state)
        assert (ask.kind, ask.seats) == ("air_patrol", (seat,))
        events = RULESET.apply_action(state, seat, ask, {"unit": uid, "to": target},
                                      Dice([5, 5]))
    # the French move ended the patrols: tier 4 fires first, 5+5 + 4 = 14 > 8 damages the MS3
    assert [e.kind for e in events][:4] == ["air_patrol", "air_fire", "air_damaged",
                                            "air_aborted"]
    assert aviation.air_superiority(state, target) == "central"
    assert state["flow"]["step"] == S.HALF.value and state["flow"]["fortnight"] == 1
