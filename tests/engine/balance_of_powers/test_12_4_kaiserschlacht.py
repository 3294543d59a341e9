"""BoP 12.4 Kaiserschlacht: the order of battle against the rulebook's list, the calendar and
tracks, the 1916 front line's set-up areas, the set-aside, the entrenched set-up, the seasonal
income with the East and Strategic Warfare, the victory both ways, and selfplay."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, Roller
from engine.kernel.selfplay import selfplay
from engine.rulesets import get
from engine.rulesets.balance_of_powers import cob, economy, neutrals, setup_kaiser, victory
from engine.rulesets.balance_of_powers.forces import UNITS, controller, in_crisis, neutral_closed
from engine.rulesets.balance_of_powers.handlers import do_setup
from engine.rulesets.balance_of_powers.odds import has_ti
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import (
    FIRE_IN_THE_EAST,
    KAISERSCHLACHT,
    listed_units,
)
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

TH = theatre(SCENARIO_MAP)
BY_LABEL = {label: loc for loc, label in TH.label.items()}


def new_state():
    return RULESET.setup(KAISERSCHLACHT, {}, ["britain", "france", "germany"],
                         Roller(1, "t", 0))


def kinds(nation):
    out: dict[str, int] = {}
    for uid in setup_kaiser.land_units(nation):
        out[UNITS[uid].kind] = out.get(UNITS[uid].kind, 0) + 1
    return out


def test_bop_12_4_order_of_battle_counts_match_the_rulebook_list():
    # Britain: HAIG; cavalry 1, 2; infantry 1-11, 13, 15-17, 19, ANZAC I-II, CANADA, RESERVE
    # (20 corps); SIEGE 1, 2; MkIV; CAMEL, F2B (MANNOCK, an ace, is not fielded: ruling 77)
    assert kinds("britain") == {"leader": 1, "cavalry": 2, "infantry": 20, "siege": 2,
                                "tank": 1}
    assert setup_kaiser.air_units("britain") == ["bri-air-camel", "bri-air-f2b"]
    # France: JOFFRE; infantry 1-21, 25, 30-36, 38, COL, COL II, TERR (33) and ALPINE; SIEGE
    # 1, 2; SCHNDR; S-XIII (FONCK not fielded)
    assert kinds("france") == {"leader": 1, "infantry": 33, "mountain": 1, "siege": 2,
                               "tank": 1}
    assert setup_kaiser.air_units("france") == ["fra-air-sxiii"]
    # Germany: LUDNDRF, HUTIER (RICHTFN not fielded); 1-2, 4-20 (less 12 and 19: 13.0's
    # Saxons), 21, 23 and 33 more named corps = 52; SIEGE 1-4; A7V; five air units
    assert kinds("germany") == {"leader": 2, "infantry": 52, "siege": 4, "tank": 1}
    assert "ger-inf-1_sax" in setup_kaiser.land_units("germany")
    assert "ger-inf-12" in listed_units(KAISERSCHLACHT, "germany")
    assert "ger-inf-12" not in setup_kaiser.land_units("germany")
    assert len(setup_kaiser.air_units("germany")) == 5
    assert kinds("belgium") == {"infantry": 3}
    # named by the printed list, not fielded (ruling 77)
    assert listed_units(KAISERSCHLACHT, "united_states") == ("usa-inf-1", "usa-ldr-pershing")
    assert setup_kaiser.land_units("united_states") == []
    assert setup_kaiser.land_units("portugal") == []


def test_bop_12_4_starting_calendar_tracks_and_alliances():
    state = new_state()
    assert state["scenario"] == KAISERSCHLACHT and state["flow"]["month"] == "1918-03"
    powers = state["powers"]
    assert {n: (p["rp"], p["demoralization"]) for n, p in powers.items()
            if p["side"] and n in ("britain", "france", "germany")} == {
        "britain": (2, 5), "france": (2, 7), "germany": (2, 7)}
    assert in_crisis(state, "france") and not in_crisis(state, "britain")
    assert state["ti"] == {"central": 38, "entente": 35}
    assert has_ti(state, "central") and not has_ti(state, "entente")   # 2.84 at the start
    assert powers["russia"]["side"] is None and powers["austria_hungary"]["side"] is None
    assert powers["belgium"]["side"] == "entente" and powers["belgium"]["conquered"]
    assert powers["belgium"]["shadow_host"] == "france"
    assert state["board"]["infra_due"] == {"1918-03": ["britain", "germany", "germany"]}
    manifest = [s for s in RULESET.manifest["scenarios"] if s["id"] == KAISERSCHLACHT][0]
    assert manifest["rule"] == "BoP 12.4"
    assert [s["id"] for s in manifest["seats"]] == ["britain", "france", "germany"]


def test_bop_12_4_the_1916_front_line_sets_up_the_areas_and_ruins():
    cp, ep = setup_kaiser.areas(TH)
    assert not cp & ep
    for place in ("lille", "laon", "sedan", "longwy", "brussels", "antwerp", "metz", "berlin"):
        assert TH.place_loc[place] in cp, place
    for place in ("arras", "amiens", "reims", "verdun", "paris", "nancy", "london"):
        assert TH.place_loc[place] in ep, place
    assert {BY_LABEL["0520"], BY_LABEL["0521"]} <= ep           # east of the line, yet EP's
    assert not any(TH.home.get(loc) in ("russia", "austria_hungary") for loc in cp | ep)
    state = new_state()
    forts = state["board"]["forts"]
    for place in ("lille", "maubeuge", "laon", "longwy", "liege", "namur", "antwerp"):
        assert forts[TH.place_loc[place]] == 0, place           # ruins in the CP area
    for place in ("verdun", "paris", "metz", "belfort"):
        assert TH.place_loc[place] not in forts, place          # whole: two steps
    assert controller(state, TH, TH.place_loc["lille"]) == "germany"
    assert controller(state, TH, TH.place_loc["luxembourg"]) == "germany"
    assert controller(state, TH, BY_LABEL["0520"]) == "france"


def test_bop_12_4_each_major_sets_aside_four_corps_of_seven():
    for nation in ("britain", "france", "germany"):
        placement = setup_kaiser.deployments(TH, nation)[0]
        assert setup_kaiser.setup_problems(TH, nation, placement) == [], nation
        left = [u for u in setup_kaiser.land_units(nation) if u not in placement]
        assert len(left) >= 4 and sum(UNITS[u].effectiveness for u in left) >= 7
    # three corps left out (all but the fourth put back) break the set-aside
    placement = setup_kaiser.deployments(TH, "germany")[0]
    left = sorted(u for u in setup_kaiser.land_units("germany") if u not in placement)
    placement[left[0]] = placement[sorted(placement)[0]]
    assert "set_aside" in [p["code"] for p in setup_kaiser.setup_problems(
        TH, "germany", placement)]


def test_bop_12_4_setup_outside_the_area_is_refused():
    state = new_state()
    decision = RULESET.decisions(state)[0]
    assert set(decision.seats) <= {"britain", "france"}
    placement = setup_kaiser.deployments(TH, "france")[0]
    leader_at = {loc for u, loc in placement.items() if not UNITS[u].corps}
    uid = sorted(u for u, loc in placement.items() if loc not in leader_at)[0]
    placement[uid] = TH.place_loc["lille"]      # east of the 1916 line: Germany's
    assert [p["code"] for p in setup_kaiser.setup_problems(TH, "france", placement)] == [
        "outside_area"]
    with pytest.raises(IllegalAction):
        RULESET.validate(state, "france", decision, {"placement": placement})


def test_bop_12_4_corps_may_set_up_entrenched():
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "france" in d.seats][0]
    placement = setup_kaiser.deployments(TH, "france")[0]
    dug_in = ["fra-inf-1", "fra-inf-2"]
    answer = RULESET.validate(state, "france", decision,
                              {"placement": placement, "entrenched": dug_in})
    assert answer["entrenched"] == dug_in
    with pytest.raises(IllegalAction):      # a tank has no entrenched side (1.321)
        RULESET.validate(state, "france", decision,
                         {"placement": placement, "entrenched": ["fra-tan-schndr"]})
    do_setup(state, "france", decision, answer, Roller(1, "t", 1))
    units = state["board"]["units"]
    assert units["fra-inf-1"]["mode"] == "entrenched" and units["fra-inf-3"]["mode"] == "maneuver"


def test_bop_12_4_spring_1918_income_with_the_east_and_strategic_warfare():
    state = new_state()
    events = economy.begin_seasonal(state, Roller(1, "t", 0))
    assert events[0].data == {"season": "spring"}
    posted = {e.data["nation"]: e.data["income"] for e in events if e.kind == "posting"}
    # 5.21 other seasons; Germany +4 from Russia (the East)
    assert posted == {"britain": 22, "france": 16, "germany": 36}
    rp = {n: state["powers"][n]["rp"] for n in posted}
    assert rp == {"britain": 24, "france": 18, "germany": 38}
    events = economy.requisition_and_reductions(state, TH)
    strategic = {e.data["nation"]: e.data["loss"] for e in events
                 if e.kind == "strategic_warfare"}
    assert strategic == {"germany": 16, "britain": 4}       # blockade, submarines
    reqs = {e.data["nation"]: e.data["requisition"] for e in events if e.kind == "seasonal_rp"}
    assert state["powers"]["germany"]["rp"] == 38 + reqs["germany"] - 7 - 16
    assert state["powers"]["britain"]["rp"] == 24 + reqs["britain"] - 5 - 4


def test_bop_12_4_the_1918_values_stay_out_of_other_scenarios():
    """Ruling 79: the 1918 corps values serve 12.4 only; 12.2's summer 1915 seasonal turn still
    adds nothing for Britain's 6, 7, 10, 11 (France and Britain are out of 12.2)."""
    state = RULESET.setup(FIRE_IN_THE_EAST, {}, ["austria_hungary", "germany", "russia"],
                          Roller(1, "t", 0))
    assert cob.pool_additions(state, 1915, "summer") == []
    assert UNITS["bri-inf-6"].arrives == "scenario-1918"


def test_bop_12_4_no_unit_enters_austria_hungary_or_russia():
    state = new_state()
    assert neutral_closed(state, TH, TH.place_loc["warsaw"])
    assert neutral_closed(state, TH, TH.place_loc["vienna"])
    assert not neutral_closed(state, TH, TH.place_loc["paris"])
    offered = neutrals.violation_options(state, TH, "central")
    assert "russia" not in offered and "austria_hungary" not in offered


def _hold(state, places, who):
    for place in places:
        state["board"]["control"][TH.place_loc[place]] = who


def test_bop_12_4_victory_berlin_and_paris_or_two_french_chips():
    state = new_state()
    assert victory.kaiserschlacht_victory(state, TH)["winner"] == "entente"   # Lille only
    _hold(state, ["reims"], "germany")
    result = victory.kaiserschlacht_victory(state, TH)
    assert result["winner"] == "central" and result["reason"] == "berlin_and_french_bcs"
    _hold(state, ["reims", "lille"], "france")
    _hold(state, ["paris"], "germany")
    assert victory.kaiserschlacht_victory(state, TH)["reason"] == "berlin_and_paris"
    _hold(state, ["berlin"], "france")                      # without Berlin, nothing
    assert victory.kaiserschlacht_victory(state, TH)["winner"] == "entente"


def test_bop_12_4_victory_checked_when_november_1918_ends():
    state = new_state()
    state["flow"]["month"] = "1918-10"
    assert victory.check_victory(state, Roller(1, "t", 0)) == []
    state["flow"]["month"] = "1918-11"
    victory.check_victory(state, Roller(1, "t", 0))
    assert state["flow"]["result"]["rule"] == "BoP 12.4"
    assert state["flow"]["result"]["winner"] == "entente"


def test_bop_12_4_selfplay_one_game():
    tally = selfplay(get("balance_of_powers"), KAISERSCHLACHT, games=1, seed=2)
    summary = tally.summary()
    assert not tally.failed, tally.problems[:3]
    assert summary["errors"] == 0 and summary["dead_ends"] == 0
    assert summary["illegal_offered"] == 0 and summary["finished"] == 1
    assert summary["actions_by_kind"]["setup"] == 3


def test_bop_12_4_anzac_arrives_three_turns_after_procurement():
    state = new_state()
    state["board"]["pool"] = sorted(state["board"]["pool"] + ["bri-inf-anzac_i",
                                                              "bri-inf-canada"])
    state["powers"]["britain"]["rp"] = 10
    economy.procure(state, "britain", "bri-inf-anzac_i", "1918-04")
    economy.procure(state, "britain", "bri-inf-canada", "1918-04")
    assert state["board"]["arrivals"]["1918-06"] == ["bri-inf-anzac_i"]   # three turns
    assert state["board"]["arrivals"]["1918-04"] == ["bri-inf-canada"]    # the usual one


def test_bop_12_4_offered_set_ups_entrench_the_front_line_corps():
    """The offered answers (what selfplay and a deadline play) include set-ups with the corps
    on the front hexes dug in, each accepted by the validator."""
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "britain" in d.seats][0]
    offered = [o["action"] for o in RULESET.options(state, "britain", decision, None)]
    assert "entrenched" not in offered[0]
    dug = [a for a in offered if a.get("entrenched")]
    assert dug
    for action in offered:
        assert RULESET.validate(state, "britain", decision, action) == action
    cp, _ = setup_kaiser.areas(TH)
    for uid in dug[0]["entrenched"]:
        loc = dug[0]["placement"][uid]
        assert any(o in cp for o in TH.adj[loc]) and UNITS[uid].entrenches


def test_bop_12_4_setup_editor_query_lists_france_and_belgium_and_the_area():
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "france" in d.seats][0]
    item = RULESET.options(state, "france", decision, {"placement": {}})[0]
    assert not item["legal"] and "action" not in item
    ids = [u["id"] for u in item["units"]]
    assert "bel-inf-1" in ids and "fra-inf-1" in ids and "bri-inf-1" not in ids
    spots = item["spots"][0]["locations"]
    assert TH.place_loc["paris"] in spots and TH.place_loc["lille"] not in spots
    assert BY_LABEL["0521"] in spots
    action = setup_kaiser.deployment_actions(TH, "france")[0]
    item = RULESET.options(state, "france", decision,
                           {"placement": action["placement"], "brief": True})[0]
    assert item["legal"] and item["action"] == {"placement": action["placement"]}


def test_bop_12_4_setup_editor_query_checks_the_entrenched_corps():
    """The editor's check names the corps it may offer an entrenched toggle for and takes the
    toggled ones: a legal entrenched set-up comes back as the answer to send (validated as
    such); a tank named entrenched is a problem on that unit, and no answer is offered."""
    state = new_state()
    decision = [d for d in RULESET.decisions(state) if "france" in d.seats][0]
    placement = setup_kaiser.deployment_actions(TH, "france")[0]["placement"]
    item = RULESET.options(state, "france", decision, {"placement": placement})[0]
    assert "fra-inf-1" in item["may_entrench"] and "fra-tan-schndr" not in item["may_entrench"]
    assert not any(u.startswith("fra-ldr-") or u.startswith("fra-cav-")
                   for u in item["may_entrench"])
    dug = ["fra-inf-3", "fra-inf-1"]
    item = RULESET.options(state, "france", decision,
                           {"placement": placement, "entrenched": dug, "brief": True})[0]
    assert item["legal"] and item["action"] == {"placement": placement,
                                                "entrenched": ["fra-inf-1", "fra-inf-3"]}
    assert RULESET.validate(state, "france", decision, item["action"]) == item["action"]
    item = RULESET.options(state, "france", decision, {"placement": placement, "brief": True,
                                                      "entrenched": ["fra-tan-schndr"]})[0]
    assert not item["legal"] and "action" not in item
    assert [(p["code"], p.get("units")) for p in item["problems"]] == [
        ("cannot_entrench", ["fra-tan-schndr"])]
    with pytest.raises(Exception, match="entrenched"):
        RULESET.options(state, "france", decision, {"placement": placement, "entrenched": "x"})
