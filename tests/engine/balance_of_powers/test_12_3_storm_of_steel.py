"""BoP 12.3 Storm of Steel: the order of battle against the rulebook's list, the calendar and
tracks, the 1916 fronts' set-up areas and fortresses, the set-aside (Russia's own), the
entrenched set-up, Strategic Warfare, RP to Russia, the ANZAC delay, victory points, the 1916
values kept out of other scenarios, and selfplay."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, Roller
from engine.kernel.selfplay import selfplay
from engine.rulesets import get
from engine.rulesets.balance_of_powers import cob, economy, neutrals, setup_storm, victory
from engine.rulesets.balance_of_powers.forces import UNITS, controller, neutral_closed
from engine.rulesets.balance_of_powers.handlers import do_setup
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import (
    FIRE_IN_THE_EAST,
    STORM_OF_STEEL,
    listed_units,
)
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)
SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]


def new_state():
    return RULESET.setup(STORM_OF_STEEL, {}, SEATS, Roller(1, "t", 0))


def kinds(nation):
    out: dict[str, int] = {}
    for uid in setup_storm.land_units(nation):
        out[UNITS[uid].kind] = out.get(UNITS[uid].kind, 0) + 1
    return out


def test_bop_12_3_order_of_battle_counts_match_the_rulebook_list():
    # AH: CONRAD; cavalry 1-2; infantry 1-2, 4-7, 9-14, 16, 18-22, LSTRUM (19)
    assert kinds("austria_hungary") == {"leader": 1, "cavalry": 2, "infantry": 19}
    # Britain: HAIG (BEATTY commands ships: not fielded); cavalry 1; infantry 1-8, 10-11,
    # ANZAC I, CANADA (12); FB5
    assert kinds("britain") == {"leader": 1, "cavalry": 1, "infantry": 12}
    assert setup_storm.air_units("britain") == ["bri-air-fb5"]
    # France: JOFFRE; infantry 1-21, 25, 30-33, COL, RG 1-3, COL II, TERR (32) and ALPINE; MS3
    assert kinds("france") == {"leader": 1, "infantry": 32, "mountain": 1}
    assert setup_storm.air_units("france") == ["fra-air-ms3"]
    # Germany: FLKNHYN, LUDNDRF (HIPPER commands ships); cavalry 1-4; 1-2, 4-20 less 12 and 19
    # (13.0's Saxons), 21 and 40 named corps = 57; SIEGE 1-3; three air units
    assert kinds("germany") == {"leader": 2, "cavalry": 4, "infantry": 57, "siege": 3}
    assert "ger-inf-12" in listed_units(STORM_OF_STEEL, "germany")
    assert "ger-inf-12" not in setup_storm.land_units("germany")
    assert setup_storm.air_units("germany") == ["ger-air-eindkr", "ger-air-eindkrd",
                                                "ger-air-zeppelin"]
    # Russia: ALEKSEYEV; cavalry 1-4, GD; infantry 1-43, GRNDR, GD 1-2, TRKSTN 1-2, SIB 1-5
    assert kinds("russia") == {"leader": 1, "cavalry": 5, "infantry": 53}
    assert setup_storm.air_units("russia") == ["rus-air-ilyam"]
    assert kinds("belgium") == {"infantry": 3}
    # the values authored for 12.3 are tagged so the CoB brings them nowhere else (ruling 92)
    for uid in ("rus-inf-34", "rus-inf-43", "ger-inf-lwr", "ger-ldr-flknhyn"):
        assert UNITS[uid].arrives == "scenario-1916", uid


def test_bop_12_3_starting_calendar_tracks_and_alliances():
    state = new_state()
    assert state["scenario"] == STORM_OF_STEEL and state["flow"]["month"] == "1916-02"
    powers = state["powers"]
    assert {n: (p["rp"], p["demoralization"]) for n, p in powers.items()
            if p["side"] and n in SEATS} == {
        "austria_hungary": (4, 3), "germany": (10, 2), "britain": (6, 2), "france": (5, 2),
        "russia": (5, 12)}
    assert state["ti"] == {"central": 15, "entente": 12}
    assert all(powers[n]["seasons"] == 6 for n in SEATS)     # autumn 1914 to winter 1915
    assert powers["belgium"]["conquered"] and powers["belgium"]["shadow_host"] == "france"
    assert state["board"]["infra_due"] == {"1916-02": ["britain", "germany", "germany",
                                                       "russia"]}
    manifest = [s for s in RULESET.manifest["scenarios"] if s["id"] == STORM_OF_STEEL][0]
    assert manifest["rule"] == "BoP 12.3" and manifest["preview"]
    assert [s["id"] for s in manifest["seats"]] == SEATS


def test_bop_12_3_the_1916_fronts_set_up_the_areas():
    cp, ep = setup_storm.areas(TH)
    assert not cp & ep
    for place in ("lille", "brussels", "metz", "berlin", "warsaw", "mitau", "kovno", "vilna",
                  "pinsk", "brest_litovsk", "lutsk", "brody", "lemberg", "czernowitz"):
        assert TH.place_loc[place] in cp, place
    for place in ("paris", "verdun", "reims", "london", "riga", "dvinsk", "baranovichi",
                  "minsk", "rovno", "dubno", "tarnopol", "kamenets_podolsk"):
        assert TH.place_loc[place] in ep, place
    # 12.4's 0520 and 0521 exception is 12.4's own: both are east of the line
    by_label = {label: loc for loc, label in TH.label.items()}
    assert {by_label["0520"], by_label["0521"]} <= cp
    state = new_state()
    assert controller(state, TH, TH.place_loc["vilna"]) == "germany"
    assert controller(state, TH, TH.place_loc["lutsk"]) == "austria_hungary"
    assert controller(state, TH, TH.place_loc["tarnopol"]) == "russia"
    assert controller(state, TH, TH.place_loc["luxembourg"]) == "germany"


def test_bop_12_3_fortresses_ruined_and_reduced_at_the_start():
    forts = new_state()["board"]["forts"]
    for place in ("lille", "liege", "antwerp", "warsaw", "kovno", "brest_litovsk", "przemysl"):
        assert forts[TH.place_loc[place]] == 0, place      # ruins
    for place in ("verdun", "paris", "belfort", "danzig", "graudenz"):
        assert forts[TH.place_loc[place]] == 1, place      # French held, black German
    for place in ("metz", "cologne", "konigsberg", "dvinsk", "cracow"):
        assert TH.place_loc[place] not in forts, place     # whole: red German, others


def test_bop_12_3_set_aside_four_of_seven_and_russia_twelve_of_21_and_its_cavalry():
    for nation in SEATS:
        placement = setup_storm.deployments(TH, nation)[0]
        assert setup_storm.setup_problems(TH, nation, placement) == [], nation
    placement = setup_storm.deployments(TH, "britain")[0]
    left = sorted(u for u in setup_storm.land_units("britain") if u not in placement)
    placement[left[0]] = placement[sorted(placement)[0]]       # three left out
    assert "set_aside" in [p["code"] for p in setup_storm.setup_problems(
        TH, "britain", placement)]
    placement = setup_storm.deployments(TH, "russia")[0]
    left = sorted(u for u in setup_storm.land_units("russia") if u not in placement)
    assert {u for u in left if UNITS[u].kind == "cavalry"} == {
        u for u in setup_storm.land_units("russia") if UNITS[u].kind == "cavalry"}
    infantry = [u for u in left if UNITS[u].kind == "infantry"]
    assert len(infantry) >= 12 and sum(UNITS[u].effectiveness for u in infantry) >= 21
    placed_cav = dict(placement, **{"rus-cav-1": placement["rus-ldr-alekseyev"]})
    assert [p["code"] for p in setup_storm.setup_problems(TH, "russia", placed_cav)] == [
        "cavalry_aside"]
    one_short = dict(placement, **{infantry[0]: placement["rus-ldr-alekseyev"]})
    assert "set_aside" in [p["code"] for p in setup_storm.setup_problems(
        TH, "russia", one_short)]


def test_bop_12_3_every_corps_but_cavalry_sets_up_entrenched():
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "russia" in d.seats][0]
    action = RULESET.options(state, "russia", decision, None)[0]["action"]
    do_setup(state, "russia", decision, RULESET.validate(state, "russia", decision, action),
             Roller(1, "t", 1))
    units = state["board"]["units"]
    assert "entrenched" not in action       # the set-up itself digs the corps in
    placed = [u for u in action["placement"] if UNITS[u].corps]
    assert placed and all(units[u]["mode"] == "entrenched" for u in placed)
    state = new_state()
    state["flow"]["side"] = "central"
    decision = [d for d in RULESET.decisions(state) if "germany" in d.seats][0]
    action = RULESET.options(state, "germany", decision, None)[0]["action"]
    do_setup(state, "germany", decision, action, Roller(1, "t", 1))
    units = state["board"]["units"]
    modes = {(UNITS[u].kind, units[u]["mode"]) for u in action["placement"] if UNITS[u].corps}
    assert modes == {("infantry", "entrenched"), ("cavalry", "maneuver")}   # cavalry never


def test_bop_12_3_setup_outside_the_area_is_refused():
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "russia" in d.seats][0]
    placement = setup_storm.deployments(TH, "russia")[0]
    leader_at = {loc for u, loc in placement.items() if not UNITS[u].corps}
    uid = sorted(u for u, loc in placement.items() if loc not in leader_at)[0]
    placement[uid] = TH.place_loc["vilna"]      # west of the 1916 line: the CP's
    assert [p["code"] for p in setup_storm.setup_problems(TH, "russia", placement)] == [
        "outside_area"]
    with pytest.raises(IllegalAction):
        RULESET.validate(state, "russia", decision, {"placement": placement})


def test_bop_12_3_strategic_warfare_each_season():
    state = new_state()
    events = economy.requisition_and_reductions(state, TH)
    strategic = {e.data["nation"]: e.data["loss"] for e in events
                 if e.kind == "strategic_warfare"}
    assert strategic == {"austria_hungary": 4, "germany": 4, "britain": 4}
    assert {e.rule for e in events if e.kind == "strategic_warfare"} == {"BoP 12.3"}


def test_bop_12_3_britain_and_france_send_rp_to_russia_without_a_line():
    state = new_state()
    assert economy.transfer_connected(state, TH, "france", "russia")
    assert economy.transfer_connected(state, TH, "britain", "russia")
    for loc in TH.locs:                  # every hex the CP's: no line could be traced
        state["board"]["control"][loc] = "germany"
    assert economy.transfer_connected(state, TH, "france", "russia")
    assert not economy.transfer_connected(state, TH, "russia", "france")
    state["powers"]["france"]["conquered"] = True           # a conquered France sends nothing
    assert not economy.transfer_connected(state, TH, "france", "russia")


def test_bop_12_3_anzac_arrives_three_turns_after_procurement():
    state = new_state()
    state["board"]["pool"] = sorted(state["board"]["pool"] + ["bri-inf-anzac_i",
                                                              "bri-inf-canada"])
    state["powers"]["britain"]["rp"] = 10
    economy.procure(state, "britain", "bri-inf-anzac_i", "1916-03")
    economy.procure(state, "britain", "bri-inf-canada", "1916-03")
    assert state["board"]["arrivals"]["1916-05"] == ["bri-inf-anzac_i"]   # three turns
    assert state["board"]["arrivals"]["1916-03"] == ["bri-inf-canada"]    # the usual one


def test_bop_12_3_no_diplomacy_and_no_violations():
    state = new_state()
    for side in ("central", "entente"):
        state["flow"]["side"] = side
        neutrals.begin_diplomacy(state, Roller(1, "t", 0))
        assert state["flow"]["active"] == [], side       # nobody may declare a violation
    assert neutral_closed(state, TH, TH.place_loc["amsterdam"])


def _hold(state, places, who):
    for place in places:
        state["board"]["control"][TH.place_loc[place]] = who


def test_bop_12_3_victory_points_for_chips_and_interior_fortresses_in_the_enemy_area():
    state = new_state()
    result = victory.storm_victory(state, TH)
    assert result["victory_points"] == {"central": 0, "entente": 0}
    assert result["winner"] is None and result["reason"] == "draw"
    _hold(state, ["verdun"], "germany")       # an interior fortress, no chip: one point
    assert victory.storm_victory(state, TH)["victory_points"]["central"] == 1
    _hold(state, ["riga"], "germany")         # a chip, no fortress: one more
    result = victory.storm_victory(state, TH)
    assert result["victory_points"] == {"central": 2, "entente": 0}
    assert result["winner"] == "central" and result["winners"] == ["austria_hungary",
                                                                     "germany"]
    _hold(state, ["warsaw", "lille"], "russia")   # Warsaw is both: two; Lille a chip: one
    result = victory.storm_victory(state, TH)
    assert result["victory_points"] == {"central": 2, "entente": 3}
    assert result["winner"] == "entente"
    _hold(state, ["berlin"], "germany")       # the own area scores nothing
    assert victory.storm_victory(state, TH)["victory_points"]["central"] == 2


def test_bop_12_3_victory_checked_when_november_1916_ends():
    state = new_state()
    state["flow"]["month"] = "1916-10"
    assert victory.check_victory(state, Roller(1, "t", 0)) == []
    state["flow"]["month"] = "1916-11"
    victory.check_victory(state, Roller(1, "t", 0))
    assert state["flow"]["result"]["rule"] == "BoP 12.3"


def test_bop_12_3_the_1918_values_stay_out_of_12_2_and_the_1916_ones_join_its_autumn():
    """Rulings 79, 92, 96: 12.2's summer 1915 seasonal turn adds none of 12.4's 1918 British
    corps to a neutral Britain's pool; its autumn 1915 turn adds Russia's 34-43 (12.3's values,
    ruling 96); 12.3's spring 1916 turn brings the CoB's units we have values for."""
    state = RULESET.setup(FIRE_IN_THE_EAST, {}, ["austria_hungary", "germany", "russia"],
                          Roller(1, "t", 0))
    summer = [u for e in cob.pool_additions(state, 1915, "summer") for u in e.data["units"]]
    assert not [u for u in summer if UNITS[u].arrives == "scenario-1918"], summer
    autumn = [u for e in cob.pool_additions(state, 1915, "autumn") for u in e.data["units"]]
    assert {f"rus-inf-{n}" for n in range(34, 44)} <= set(autumn)
    assert not [u for u in autumn if UNITS[u].arrives == "scenario-1918"], autumn
    state = new_state()
    added = cob.pool_additions(state, 1916, "spring")[0].data["units"]
    assert "fra-inf-34" in added and "bri-inf-reserve" in added


def test_bop_12_3_selfplay_one_game():
    tally = selfplay(get("balance_of_powers"), STORM_OF_STEEL, games=1, seed=2)
    summary = tally.summary()
    assert not tally.failed, tally.problems[:3]
    assert summary["errors"] == 0 and summary["dead_ends"] == 0
    assert summary["illegal_offered"] == 0 and summary["finished"] == 1
    assert summary["actions_by_kind"]["setup"] == 5


def test_bop_12_3_setup_editor_query_lists_russia_and_its_area_without_a_mode_toggle():
    """The editor's check for Russia: its units, the Entente's area (Riga, not Vilna), no
    entrenched toggle (the set-up digs every corps in itself), and an offered set-up comes
    back legal with the answer to send."""
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "russia" in d.seats][0]
    item = RULESET.options(state, "russia", decision, {"placement": {}})[0]
    assert not item["legal"] and "action" not in item
    ids = [u["id"] for u in item["units"]]
    assert "rus-inf-43" in ids and "rus-cav-gd" in ids and "fra-inf-1" not in ids
    spots = item["spots"][0]["locations"]
    assert TH.place_loc["riga"] in spots and TH.place_loc["vilna"] not in spots
    assert item["may_entrench"] == []
    action = setup_storm.deployment_actions(TH, "russia")[0]
    item = RULESET.options(state, "russia", decision,
                           {"placement": action["placement"], "brief": True})[0]
    assert item["legal"] and item["action"] == action
