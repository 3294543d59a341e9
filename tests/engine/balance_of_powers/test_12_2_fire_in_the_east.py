"""BoP 12.2 Fire in the East: the set-up against the rulebook's list, the start line, the Russian
set-aside, the calendar and tracks, the demoralization victory both ways, and selfplay."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, Roller
from engine.kernel.selfplay import selfplay
from engine.rulesets import get
from engine.rulesets.balance_of_powers import setup_fire, victory
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import FIRE_IN_THE_EAST
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)


def new_state():
    return RULESET.setup(FIRE_IN_THE_EAST, {}, ["austria_hungary", "germany", "russia"],
                         Roller(1, "t", 0))


def kinds(nation):
    out: dict[str, int] = {}
    for uid in setup_fire.land_units(nation):
        out[UNITS[uid].kind] = out.get(UNITS[uid].kind, 0) + 1
    return out


def test_bop_12_2_setup_counts_match_the_rulebook_list():
    # AH: CONRAD; cavalry 1-2; infantry 1-2, 4-7, 9-14, 16, 18-22 (18 corps)
    assert kinds("austria_hungary") == {"leader": 1, "cavalry": 2, "infantry": 18}
    # Germany: MCKNSN; cavalry 1-4; 14 infantry corps; SIEGE 1-2
    assert kinds("germany") == {"leader": 1, "cavalry": 4, "infantry": 14, "siege": 2}
    # Russia: ALEKSEYEV; cavalry 1-4, GD; infantry 1-33 + GRNDR, GD1-2, TRKSTN 1-2, SIB 1-5
    assert kinds("russia") == {"leader": 1, "cavalry": 5, "infantry": 43}
    assert setup_fire.air_units("russia") == ["rus-air-ilyam"]
    assert "ger-inf-2_bav_rs" in setup_fire.land_units("germany")
    assert "aus-inf-3" not in setup_fire.land_units("austria_hungary")


def test_bop_12_2_starting_calendar_tracks_and_alliances():
    state = new_state()
    assert state["scenario"] == FIRE_IN_THE_EAST and state["flow"]["month"] == "1915-05"
    powers = state["powers"]
    assert {n: (p["rp"], p["demoralization"]) for n, p in powers.items() if p["side"]} == {
        "austria_hungary": (2, 2), "germany": (4, 1), "russia": (1, 3)}
    assert powers["france"]["side"] is None and powers["britain"]["side"] is None
    assert state["ti"] == {"central": 6, "entente": 6}
    assert state["board"]["forts"] == {TH.place_loc["przemysl"]: 0}   # Przemysl a ruin
    assert state["board"]["air_due"] == {"1915-05": ["rus-air-ilyam"]}
    manifest = [s for s in RULESET.manifest["scenarios"] if s["id"] == FIRE_IN_THE_EAST][0]
    assert manifest["rule"] == "BoP 12.2"


def test_bop_12_2_start_line_splits_the_front():
    cp, ru = setup_fire.areas(TH)
    assert not cp & ru
    for place in ("lodz", "cracow", "konigsberg", "berlin", "vienna"):
        assert TH.place_loc[place] in cp, place
    for place in ("warsaw", "lemberg", "przemysl", "kovno", "riga", "libau"):
        assert TH.place_loc[place] in ru, place
    assert not any(TH.home.get(loc) == "romania" for loc in cp | ru)


def test_bop_12_2_russia_sets_aside_six_corps_of_eleven():
    placement = setup_fire.deployments(TH, "russia")[0]
    assert setup_fire.setup_problems(TH, "russia", placement) == []
    left = [u for u in setup_fire.land_units("russia") if u not in placement]
    assert len(left) == 6 and sum(UNITS[u].effectiveness for u in left) >= 11
    # a seventh corps left out breaks the set-aside
    fewer = dict(placement)
    leader_at = {loc for u, loc in fewer.items() if not UNITS[u].corps}
    fewer.pop(sorted(u for u, loc in fewer.items() if UNITS[u].corps
                     and loc not in leader_at)[0])
    assert [p["code"] for p in setup_fire.setup_problems(TH, "russia", fewer)] == ["set_aside"]


def test_bop_12_2_setup_west_of_the_line_is_refused_to_russia():
    state = new_state()
    decision = RULESET.decisions(state)[0]
    assert decision.seats == ("russia",) or list(decision.seats) == ["russia"]
    placement = setup_fire.deployments(TH, "russia")[0]
    leader_at = {loc for u, loc in placement.items() if not UNITS[u].corps}
    uid = sorted(u for u, loc in placement.items() if loc not in leader_at)[0]
    placement[uid] = TH.place_loc["lodz"]   # on the line: the CP's
    assert [p["code"] for p in setup_fire.setup_problems(TH, "russia", placement)] == [
        "outside_area"]
    with pytest.raises(IllegalAction):
        RULESET.validate(state, "russia", decision, {"placement": placement})


def _totals(state, cp, ep):
    state["powers"]["germany"]["demoralization"] = cp
    state["powers"]["austria_hungary"]["demoralization"] = 0
    state["powers"]["russia"]["demoralization"] = ep
    return victory.demoralization_victory(state)


def test_bop_12_2_victory_on_demoralization_both_ways():
    state = new_state()
    assert _totals(state, 8, 10)["winner"] == "central"
    assert _totals(state, 10, 8)["winner"] == "entente"
    assert _totals(state, 9, 10)["winner"] is None      # 9 is not below 9
    assert _totals(state, 5, 9)["winner"] is None       # 9 is not above 9


def test_bop_12_2_victory_checked_when_october_1915_ends():
    state = new_state()
    state["powers"]["russia"]["demoralization"] = 12
    state["flow"]["month"] = "1915-09"
    assert victory.check_victory(state, Roller(1, "t", 0)) == []
    state["flow"]["month"] = "1915-10"
    victory.check_victory(state, Roller(1, "t", 0))
    assert state["flow"]["result"]["winner"] == "central"
    assert state["flow"]["result"]["rule"] == "BoP 12.2"


def test_bop_12_2_selfplay_two_games():
    tally = selfplay(get("balance_of_powers"), FIRE_IN_THE_EAST, games=2, seed=3)
    summary = tally.summary()
    assert not tally.failed, tally.problems[:3]
    assert summary["errors"] == 0 and summary["dead_ends"] == 0
    assert summary["illegal_offered"] == 0
    assert summary["finished"] == 2
    assert summary["actions_by_kind"]["setup"] == 6
    assert "sea_move" not in summary["actions_by_kind"]   # no admiralty in 12.2


# --- the special rules ---------------------------------------------------------------------------

def test_bop_12_2_austria_hungary_traces_supply_to_south_edge_rail_hexes():
    from engine.rulesets.balance_of_powers import supply
    edge = supply.south_edge_rail(TH, "austria_hungary")
    assert edge and all(TH.label[loc].endswith("30") for loc in edge)
    assert edge <= supply.home_sources(new_state(), TH, "austria_hungary")
    twelve_one = RULESET.setup("before-the-leaves-fall", {}, ["germany"], Roller(1, "t", 0))
    assert not edge & supply.home_sources(twelve_one, TH, "austria_hungary")


def test_bop_12_2_german_naval_gunfire_against_a_coastal_hex():
    from engine.rulesets.balance_of_powers import odds
    state = new_state()
    target = TH.place_loc["libau"]
    start = next(o for o in TH.adj[target] if o not in TH.water)
    state["board"]["units"] = {"ger-inf-6": {"at": start, "mode": "maneuver"},
                               "rus-inf-1": {"at": target, "mode": "maneuver"}}
    c = {"from": start, "target": target, "units": ["ger-inf-6"], "point": "ger-inf-6",
         "def_point": "rus-inf-1", "attacker": "central", "defender": "entente",
         "reserve": None, "supplied": {}, "ti": False}
    assert target in TH.coastal
    assert odds.modifiers(state, TH, c, {})["artillery"] == 1
    state.pop("scenario")   # the same attack in 12.1 has no German gunfire
    assert odds.modifiers(state, TH, c, {})["artillery"] == 0


def test_bop_12_2_germany_removes_mackensen_3rd_corps_and_a_siege_unit_in_september():
    state = new_state()
    board = state["board"]
    for uid, loc in setup_fire.deployments(TH, "germany")[0].items():
        board["units"][uid] = {"at": loc, "mode": "maneuver"}
    state["flow"].update(month="1915-08", side="central")
    assert setup_fire.september_removals(state) == []
    state["flow"]["month"] = "1915-09"
    events = setup_fire.september_removals(state)
    assert events[0].data["units"] == ["ger-inf-3", "ger-ldr-mcknsn", "ger-sie-siege_2"]
    assert not {"ger-inf-3", "ger-ldr-mcknsn", "ger-sie-siege_2"} & set(board["units"])
    assert "ger-sie-siege_1" in board["units"]


def test_bop_12_2_no_german_air_units_and_no_diplomacy():
    from engine.rulesets.balance_of_powers import aviation, neutrals
    state = new_state()
    aviation.pool_additions(state, 1915, "summer")
    assert "ger-air-eindkr" not in state["board"]["air_pool"]
    assert "fra-air-ms3" in state["board"]["air_pool"]  # a nation the rule does not bar
    state["flow"]["side"] = "central"
    assert neutrals.begin_diplomacy(state, Roller(1, "t", 0)) == []
    assert state["flow"]["active"] == []
    state["powers"]["russia"]["demoralization"] = 13       # Russia in crisis
    assert neutrals.britain_triggers(state, TH) == []
    assert state["powers"]["britain"]["side"] is None


def test_bop_12_2_seasonal_turns_of_1915_post_the_fixed_incomes():
    from engine.rulesets.balance_of_powers import economy
    state = new_state()
    state["flow"]["month"] = "1915-05"          # no seasonal turn before May
    assert economy.begin_seasonal(state, Roller(1, "t", 0)) == []
    for month, season in (("1915-06", "summer"), ("1915-09", "autumn")):
        before = {n: state["powers"][n]["rp"] for n in ("austria_hungary", "germany", "russia")}
        state["flow"]["month"] = month
        events = economy.begin_seasonal(state, Roller(1, "t", 0))
        assert events[0].data == {"season": season}
        posted = {e.data["nation"]: e.data["income"] for e in events if e.kind == "posting"}
        assert posted == {"austria_hungary": 5, "germany": 17, "russia": 21}
        assert state["powers"]["russia"]["rp"] == before["russia"] + 21


def test_bop_12_2_setup_editor_query_lists_the_units_and_the_area():
    state = new_state()
    decision = RULESET.decisions(state)[0]
    item = RULESET.options(state, "russia", decision, {"placement": {}})[0]
    assert not item["legal"] and "action" not in item
    assert [u["id"] for u in item["units"]] == setup_fire.land_units("russia")
    assert TH.place_loc["warsaw"] in item["spots"][0]["locations"]
    assert TH.place_loc["lodz"] not in item["spots"][0]["locations"]
    placement = setup_fire.deployments(TH, "russia")[0]
    item = RULESET.options(state, "russia", decision, {"placement": placement, "brief": True})[0]
    assert item["legal"] and item["action"] == {"placement": placement}


def test_bop_12_2_units_may_set_up_entrenched():
    """12.2: units set up in either mode; a set-up may name its entrenched corps (cavalry never:
    1.321), and they stand entrenched on the map."""
    from engine.rulesets.balance_of_powers.handlers import do_setup
    state = new_state()
    decision = RULESET.decisions(state)[0]
    placement = setup_fire.deployments(TH, "russia")[0]
    infantry = sorted(u for u in placement if UNITS[u].kind == "infantry")[:2]
    answer = RULESET.validate(state, "russia", decision,
                              {"placement": placement, "entrenched": infantry})
    assert answer == {"placement": placement, "entrenched": infantry}
    with pytest.raises(IllegalAction):
        RULESET.validate(state, "russia", decision,
                         {"placement": placement, "entrenched": ["rus-cav-1"]})
    do_setup(state, "russia", decision, answer, Roller(1, "t", 1))
    modes = {u: state["board"]["units"][u]["mode"] for u in placement}
    assert {u for u, m in modes.items() if m == "entrenched"} == set(infantry)


def test_bop_13_0_12_2_autumn_1915_brings_russias_new_corps_into_its_pool():
    """12.2: "units arrive per the CoB (13.0) starting with the summer 1915 turn as normal"; the
    autumn 1915 turn lists Russia's 34-43 and CAUC 4-6 (values ours, ruling 96), so they join
    Russia's force pool; the summer turn lists no land unit of the three belligerents."""
    from engine.rulesets.balance_of_powers import economy
    state = new_state()
    pool = list(state["board"]["pool"])
    state["flow"]["month"] = "1915-06"
    economy.begin_seasonal(state, Roller(1, "t", 0))
    assert [u for u in state["board"]["pool"] if u not in pool
            and UNITS[u].nation in setup_fire.BELLIGERENTS] == []
    state["flow"]["month"] = "1915-09"
    events = economy.begin_seasonal(state, Roller(1, "t", 0))
    added = [e.data["units"] for e in events if e.kind == "pool_additions"][0]
    new_corps = [f"rus-inf-{n}" for n in range(34, 44)] + [f"rus-inf-cauc_{n}" for n in (4, 5, 6)]
    assert sorted(added) == sorted(new_corps)
    assert set(new_corps) <= set(state["board"]["pool"])
    assert {(UNITS[u].effectiveness, UNITS[u].movement) for u in new_corps} == {(2, 3)}
    assert all(UNITS[u].entrenches for u in new_corps)


def test_bop_12_2_setup_editor_query_names_the_set_aside_and_the_corps_that_may_be_left_out():
    """12.2: "the Russians must set aside six units whose effectiveness scores total to at least
    eleven": the editor's query gives Russia the rule and the corps it may leave off the map
    (never its leader); the Central Powers set nothing aside."""
    state = new_state()
    decision = RULESET.decisions(state)[0]
    item = RULESET.options(state, "russia", decision, {"placement": {}})[0]
    assert item["set_aside"] == {"count": 6, "strength": 11}
    corps = [u for u in setup_fire.land_units("russia") if UNITS[u].corps]
    assert item["may_set_aside"] == corps and "rus-ldr-alekseyev" not in corps
    placement = setup_fire.deployments(TH, "russia")[0]
    brief = RULESET.options(state, "russia", decision, {"placement": placement, "brief": True})[0]
    assert "may_set_aside" not in brief and brief["legal"]
    one_more = sorted(u for u in placement if UNITS[u].corps)[0]
    del placement[one_more]        # a seventh corps left out: the check says why, in words
    short = RULESET.options(state, "russia", decision, {"placement": placement, "brief": True})[0]
    assert not short["legal"] and short["problems"][0]["code"] == "set_aside"
    assert "exactly 6 corps" in short["problems"][0]["message"]
    central = RULESET.decisions(state)[0]
    state["flow"]["side"] = "central"
    for nation in setup_fire.CP_NATIONS:
        item = RULESET.options(state, nation, central, {"placement": {}})[0]
        assert "set_aside" not in item and "may_set_aside" not in item


def test_bop_12_2_a_fortress_defending_alone_is_answered_for_by_its_owner():
    """Ruling 98: a Russian fortress holding its hex alone (Osowiec) is defended by Russia's
    seat; 12.1's commander of the Entente's minors, France, has no seat in 12.2 (a selfplay
    game offered France the fortress's loss). 12.1 keeps France for a lone Belgian fortress."""
    from engine.rulesets.balance_of_powers.combat import defending_seat
    from engine.rulesets.balance_of_powers.scenarios import BEFORE_THE_LEAVES_FALL
    state = new_state()
    osowiec = TH.place_loc["osowiec"]
    assert not [u for u, v in state["board"]["units"].items() if v["at"] == osowiec]
    assert state["powers"]["france"]["side"] is None
    assert defending_seat(state, TH, osowiec, "entente") == "russia"
    leaves = RULESET.setup(BEFORE_THE_LEAVES_FALL, {}, ["austria_hungary", "germany", "britain",
                                                        "france", "russia"], Roller(1, "t", 0))
    leaves["powers"]["belgium"]["side"] = "entente"
    assert defending_seat(leaves, TH, TH.place_loc["liege"], "entente") == "france"
