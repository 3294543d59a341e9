"""BoP 10: land combat — the pipeline, modifiers, results, losses, give ground, breaches,
breakthrough — and the rulebook's worked examples (Verdun 10.9, breaches 10.596 / 10.723,
the unfillable second loss 10.712)."""

from __future__ import annotations

import pytest

from engine.rulesets.balance_of_powers import (
    aviation,
    combat,
    decisions,
    handlers,
    losses,
    odds,
)
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.tables import COMBAT_TABLE, odds_modifier
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import Dice, drop_extra, extra_unit, grid, hx, position

GER = {f"{c:02d}{r:02d}": "germany" for c in range(6, 11) for r in range(1, 9)}
TH = grid(10, 8, name="t-10", country=GER, terrain={"0603": "mountain", "0604": "marsh"},
          rivers=[("0502", "0602")],
          places={"paris": {"at": "0106", "capital": True}, "berlin": {"at": "1006",
                                                                        "capital": True}})

MAP = theatre("bop-north-europe")

# The Verdun example (10.9) on a synthetic map with the rulebook's hex numbers: 0921 German
# held, 0922 Verdun (red fortress, reduced), a river between them, 0923 the French reserve.
TT = grid(10, 4, name="t-10-line", country={f"{c:02d}{r:02d}": "germany" for c in range(6, 11)
                                            for r in range(1, 5)},
          rail=[[f"{c:02d}02" for c in range(1, 11)]],
          places={"paris": {"at": "0102", "capital": True},
                  "berlin": {"at": "1002", "capital": True}})

VERDUN = grid(10, 24, name="t-10-verdun", country={f"10{r:02d}": "germany" for r in range(1, 25)},
              rivers=[("0921", "0922")],
              rail=[[f"10{r:02d}" for r in range(1, 22)] + ["0921"],
                    [f"{c:02d}23" for c in range(1, 10)] + ["0922"]],
              places={"verdun": {"at": "0922", "fortress": True},
                      "longwy": {"at": "1022", "fortress": False},
                      "paris": {"at": "0123", "capital": True},
                      "berlin": {"at": "1001", "capital": True}})


@pytest.fixture
def siege_train():
    added = [extra_unit("ger-sie-siege_2", "germany", "siege", 1, 2),
             extra_unit("ger-sie-siege_3", "germany", "siege", 1, 2),
             extra_unit("fra-inf-30", "france", "infantry", 3, 3)]
    yield added
    for uid in added:
        drop_extra(uid)


def attack(state, th, units, target, point, payer="germany", dice=(), seat="germany"):
    roller = Dice(list(dice))
    events = combat.declare(state, th, seat, units, hx(th, target), point, payer,
                            {u: True for u in state["board"]["units"]}, roller)
    return events, roller


def answer(state, th, kind, action, dice=()):
    roller = Dice(list(dice))
    return combat.answer(state, th, kind, action, roller), roller


# --- tables ---------------------------------------------------------------------------------

@pytest.mark.parametrize("a,d,mod", [(1, 2, -2), (1, 3, -2), (2, 3, 0), (1, 1, 0), (5, 4, 0),
                                     (2, 1, 0), (3, 1, 1), (9, 2, 1), (5, 1, 2), (12, 2, 2)])
def test_bop_10_55_odds_table(a, d, mod):
    assert odds_modifier(a, d) == mod


def test_bop_10_5_net_modifier_capped_at_six():
    assert odds.net_modifier({"a": 5, "b": 4}) == 6
    assert odds.net_modifier({"a": -9}) == -6
    assert odds.net_modifier({"a": 2, "b": -1}) == 1


def test_bop_10_62_land_combat_table():
    assert COMBAT_TABLE[2] == (3, 0, (), ("attacker", 5))
    assert COMBAT_TABLE[3] == (3, "RP", (), ("attacker", 5))
    assert COMBAT_TABLE[6] == (1, "RP", (), None)
    assert COMBAT_TABLE[9] == (1, 2, ("gg",), None)
    assert COMBAT_TABLE[12] == ("RP", 3, ("gg", "breakthrough"), ("defender", 6))


def test_bop_10_711_seven_is_rp_rp_in_a_minor_battle():
    assert losses.table_result({"final": 7, "major": False})[:2] == ("RP", "RP")
    assert losses.table_result({"final": 7, "major": True})[:2] == (1, 1)


# --- declaration ------------------------------------------------------------------------------

def test_bop_10_533_siege_corps_cannot_attack_alone():
    state = position(TH, {"ger-sie-siege_1": "0602", "fra-inf-1": "0502"})
    problem = combat.attack_problem(state, TH, ["ger-sie-siege_1"], hx(TH, "0502"), {})
    assert problem[:2] == ("BoP 10.533", "siege_alone")


def test_bop_9_14_cavalry_cannot_attack_entrenched_corps():
    state = position(TH, {"ger-cav-1": "0702", "fra-inf-1": "0703"}, entrenched=["fra-inf-1"])
    state["board"]["control"][hx(TH, "0703")] = "france"
    problem = combat.attack_problem(state, TH, ["ger-cav-1"], hx(TH, "0703"), {})
    assert problem[:2] == ("BoP 9.14", "cavalry_vs_trenches")


def test_bop_9_14_attacking_force_limited_by_target_stacking():
    units = {f"ger-inf-{n}": "0605" for n in (1, 2)}
    state = position(TH, {**units, "fra-inf-1": "0604"})  # bare marsh: 1 corps
    problem = combat.attack_problem(state, TH, sorted(units), hx(TH, "0604"), {})
    assert problem[:2] == ("BoP 9.14", "overstacked")
    assert combat.attack_problem(state, TH, ["ger-inf-1"], hx(TH, "0604"), {}) is None


def test_bop_10_3_attack_costs_one_rp_from_a_major_in_the_force():
    state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"})
    assert combat.payers(state, TH, ["ger-inf-1"], hx(TH, "0502")) == ["germany"]
    state["powers"]["germany"]["rp"] = 0
    assert combat.payers(state, TH, ["ger-inf-1"], hx(TH, "0502")) == []
    attack_state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"})
    attack(attack_state, TH, ["ger-inf-1"], "0502", "ger-inf-1", dice=[3, 3])
    assert attack_state["powers"]["germany"]["rp"] == 7


def test_bop_10_21_black_fortress_ruined_by_siege_and_attacker_enters():
    th = grid(4, 3, name="t-10-liege", country={"0102": "germany", "0101": "germany"},
              places={"liege": {"at": "0202", "fortress": True}})
    state = position(th, {"ger-sie-siege_1": "0102", "ger-inf-1": "0102"},
                     sides={"belgium": "entente"})
    state["powers"]["belgium"]["side"] = "entente"
    events, _ = attack(state, th, ["ger-inf-1", "ger-sie-siege_1"], "0202", "ger-inf-1")
    kinds = [e.kind for e in events]
    assert "fortress_fell" in kinds and state["flow"]["combat"] is None
    assert state["board"]["units"]["ger-inf-1"]["at"] == hx(th, "0202")
    assert state["powers"]["germany"]["rp"] == 8  # 10.22: no RP spent


def test_bop_10_21_red_fortress_loses_a_step_below_siege_count():
    th = grid(4, 3, name="t-10-metz", country={"0102": "germany", "0101": "germany"},
              places={"verdun": {"at": "0202", "fortress": True}})
    state = position(th, {"ger-sie-siege_1": "0102", "ger-inf-1": "0102"})
    c = {"target": hx(th, "0202"), "units": ["ger-sie-siege_1", "ger-inf-1"]}
    combat.bombard(state, th, c, Dice([1]))
    assert state["board"]["forts"] == {}  # 1 is not below 1 siege corps
    extra_unit("ger-sie-siege_9", "germany", "siege", 1, 2)
    try:
        c["units"].append("ger-sie-siege_9")
        state["board"]["units"]["ger-sie-siege_9"] = {"at": hx(th, "0102"), "mode": "maneuver"}
        combat.bombard(state, th, c, Dice([1]))
        assert state["board"]["forts"] == {hx(th, "0202"): 1}
    finally:
        drop_extra("ger-sie-siege_9")


# --- modifiers --------------------------------------------------------------------------------

def _combat_dict(state, th, start, target, units, point, def_point):
    c = {"from": hx(th, start), "target": hx(th, target), "units": units, "point": point,
         "def_point": def_point, "attacker": "central", "defender": "entente", "reserve": None,
         "supplied": {}, "ti": False}
    return c


def test_bop_10_532_yellow_four_when_attacking_in_1914_three_when_defending():
    state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"})
    c = _combat_dict(state, TH, "0602", "0502", ["ger-inf-1"], "ger-inf-1", "fra-inf-1")
    assert odds.modifiers(state, TH, c, {})["effectiveness"] == 1
    state["flow"]["month"] = "1915-01"
    assert odds.modifiers(state, TH, c, {})["effectiveness"] == 0


def test_bop_10_564_river_minus_one_not_from_or_against_a_breach():
    state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"})
    c = _combat_dict(state, TH, "0602", "0502", ["ger-inf-1"], "ger-inf-1", "fra-inf-1")
    assert odds.modifiers(state, TH, c, {})["terrain"] == -1
    state["board"]["breaches"] = [{"at": hx(TH, "0602"), "to": hx(TH, "0502"), "value": 1}]
    mods = odds.modifiers(state, TH, c, {})
    assert mods["terrain"] == 0 and mods["breaches"] == -1


def test_bop_10_562_10_563_mountain_and_marsh_defenders():
    state = position(TH, {"fra-inf-1": "0503", "ger-inf-1": "0603", "ger-inf-2": "0604"},
                     side="entente")
    c = {"from": hx(TH, "0503"), "target": hx(TH, "0603"), "units": ["fra-inf-1"],
         "point": "fra-inf-1", "def_point": "ger-inf-1", "attacker": "entente",
         "defender": "central", "reserve": None, "supplied": {}, "ti": False}
    assert odds.modifiers(state, TH, c, {})["terrain"] == -2
    c.update(target=hx(TH, "0604"), def_point="ger-inf-2")
    assert odds.modifiers(state, TH, c, {})["terrain"] == -1


def test_bop_10_562_mountain_corps_plus_one_attacking_into_mountains():
    state = position(TH, {"fra-mou-alpine": "0503", "ger-inf-1": "0603"}, side="entente",
                     month="1915-05")
    c = {"from": hx(TH, "0503"), "target": hx(TH, "0603"), "units": ["fra-mou-alpine"],
         "point": "fra-mou-alpine", "def_point": "ger-inf-1", "attacker": "entente",
         "defender": "central", "reserve": None, "supplied": {}, "ti": False}
    assert odds.modifiers(state, TH, c, {})["effectiveness"] == 1


def test_bop_10_562_attack_across_a_pass_hexside_is_minus_two():
    """Terrain Effects Chart: mountain and alpine pass hexsides are −2, as mountains are
    (10.562 applies along a pass too), never twice."""
    th = grid(4, 3, name="t-10-pass", country={"0302": "germany", "0303": "germany"},
              terrain={"0202": "mountain", "0303": "mountain"},
              sides=[("0202", "0302", "mountain_pass"), ("0203", "0303", "mountain_pass")])
    state = position(th, {"fra-inf-1": "0202", "fra-inf-2": "0203", "ger-inf-1": "0302",
                          "ger-inf-2": "0303"}, side="entente")
    c = {"from": hx(th, "0202"), "target": hx(th, "0302"), "units": ["fra-inf-1"],
         "point": "fra-inf-1", "def_point": "ger-inf-1", "attacker": "entente",
         "defender": "central", "reserve": None, "supplied": {}, "ti": False}
    assert odds.modifiers(state, th, c, {})["terrain"] == -2
    c.update({"from": hx(th, "0203"), "target": hx(th, "0303"), "units": ["fra-inf-2"],
              "point": "fra-inf-2", "def_point": "ger-inf-2"})
    assert odds.modifiers(state, th, c, {})["terrain"] == -2


def test_bop_10_571_entrenchment_by_nationality():
    state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"}, entrenched=["fra-inf-1"])
    c = _combat_dict(state, TH, "0602", "0502", ["ger-inf-1"], "ger-inf-1", "fra-inf-1")
    assert odds.modifiers(state, TH, c, {})["trenches"] == -2
    state = position(TH, {"aus-inf-1": "0602", "rus-inf-1": "0502"}, entrenched=["rus-inf-1"])
    c = _combat_dict(state, TH, "0602", "0502", ["aus-inf-1"], "aus-inf-1", "rus-inf-1")
    assert odds.modifiers(state, TH, c, {})["trenches"] == -1


def test_bop_10_1_unsupplied_corps_lose_one_effectiveness():
    state = position(TH, {"ger-inf-1": "0602", "fra-inf-1": "0502"})
    c = _combat_dict(state, TH, "0602", "0502", ["ger-inf-1"], "ger-inf-1", "fra-inf-1")
    c["supplied"] = {"ger-inf-1": False}
    assert odds.modifiers(state, TH, c, {})["effectiveness"] == 0


def test_bop_6_453_ep_naval_gunfire_against_coastal_hexes_not_german():
    th = grid(4, 4, name="t-10-coast", sea=["0101", "0201", "0301", "0401"],
              country={"0402": "germany", "0403": "germany"})
    state = position(th, {"fra-inf-1": "0202", "ger-inf-1": "0402"}, side="entente")
    state["board"]["control"][hx(th, "0302")] = "germany"
    state["board"]["units"]["ger-inf-2"] = {"at": hx(th, "0302"), "mode": "maneuver"}
    c = {"from": hx(th, "0202"), "target": hx(th, "0302"), "units": ["fra-inf-1"],
         "point": "fra-inf-1", "def_point": "ger-inf-2", "attacker": "entente",
         "defender": "central", "reserve": None, "supplied": {}, "ti": False}
    assert odds.modifiers(state, th, c, {})["artillery"] == 1  # French coastal hex
    c.update(from_=None)
    c.update({"from": hx(th, "0302"), "target": hx(th, "0402"), "def_point": "ger-inf-1"})
    assert odds.modifiers(state, th, c, {})["artillery"] == 0  # German coast


# --- the Verdun example (10.9) --------------------------------------------------------------

def verdun_position():
    german = ["ger-inf-3", "ger-inf-18", "ger-inf-5_rs", "ger-sie-siege_1", "ger-sie-siege_2",
              "ger-sie-siege_3"]
    state = position(VERDUN, {**{u: "0921" for u in german}, "fra-inf-1": "0922",
                              "fra-inf-30": "0922", "fra-inf-20": "0822"},
                     month="1916-02", entrenched=german + ["fra-inf-1", "fra-inf-30",
                                                           "fra-inf-20"])
    state["board"]["control"][hx(VERDUN, "0921")] = "germany"
    state["board"]["forts"][hx(VERDUN, "0922")] = 1  # "already reduced"
    return state, german


def patrol(state, th, uid, label, at=None):
    """An air unit on patrol over `label` (based at `at` when given: not yet flown)."""
    state["board"]["air"][uid] = {"at": hx(th, at or label), "steps": 2, "patrol": at is None}


def verdun_dogfight(state):
    """6.31–6.33 before the attack: "the German fighter which defeated its opponent in an
    earlier dog fight" — a German EINDKR (from 1020) and a French MS3 (from 0823) both patrol
    over Verdun; the German's 2d6 + 4 = 10 beats the MS3's evasion 8, and the damaged MS3
    aborts to the nearest friendly location; Germany has air superiority over 0922."""
    patrol(state, VERDUN, "ger-air-eindkr", "0922", at="1020")
    patrol(state, VERDUN, "fra-air-ms3", "0922", at="0823")
    aviation.begin_aviation(state, Dice([]))
    for seat, uid in (("germany", "ger-air-eindkr"), ("france", "fra-air-ms3")):
        [ask] = decisions.air_patrol_decisions(state, VERDUN)
        move = {"unit": uid, "to": hx(VERDUN, "0922")}
        assert ask.seats == (seat,) and move in ask.options
        handlers.do_air_patrol(state, seat, ask, move, Dice([]))
    assert decisions.air_patrol_decisions(state, VERDUN) == []   # nobody has a patrol left
    events = aviation.dogfights(state, Dice([3, 3]))
    fire = [e.data for e in events if e.kind == "air_fire"]
    assert [(f["shooter"], f["final"], f["evasion"], f["hit"]) for f in fire] == [
        ("ger-air-eindkr", 10, 8, True)]
    assert state["board"]["air"]["fra-air-ms3"]["steps"] == 1
    assert state["board"]["air"]["fra-air-ms3"]["at"] != hx(VERDUN, "0922")
    assert aviation.air_superiority(state, hx(VERDUN, "0922")) == "central"


def test_bop_10_9_verdun_attack_1_fnm_plus_three_roll_eleven(siege_train):
    state, german = verdun_position()
    verdun_dogfight(state)
    state["board"]["infra"][hx(VERDUN, "0921")] = "central"  # the Germans' marker
    events, _ = attack(state, VERDUN, german, "0922", "ger-inf-3", dice=[4])
    assert any(e.kind == "bombardment" and e.data["hit"] is False for e in events)
    c = state["flow"]["combat"]
    # "2) … the fortress withstands the bombardment. 3) The Germans pay two RP (winter)":
    # after the bombardment the attacker decides to go on (10.3), and pays double, February
    # being a bad-weather month on North Europe (6.511, 6.512)
    assert combat.pending(state, VERDUN)[:2] == ("proceed", "germany")
    events, _ = answer(state, VERDUN, "proceed", {"proceed": True})
    assert [e.data for e in events if e.kind == "attack_paid"] == [{"payer": "germany",
                                                                    "rp": 2}]
    assert state["powers"]["germany"]["rp"] == 8 - 2
    assert c["stage"] == "reserve"
    assert combat.reserve_candidates(state, VERDUN, c) == ["fra-inf-20"]
    events, _ = answer(state, VERDUN, "reserve", {"reserve": "fra-inf-20"}, dice=[3])
    # "It adds +1 since the attacker has air superiority … It fails with a final 4."
    [reserve] = [e.data for e in events if e.kind == "reserve"]
    assert (reserve["roll"], reserve["modifier"], reserve["final"], reserve["committed"]) == (
        3, 1, 4, False)
    assert [o["point"] for o in combat.pending(state, VERDUN)[2]] == [
        "fortress", "fra-inf-1", "fra-inf-30"]
    answer(state, VERDUN, "point", {"point": "fortress"})
    assert combat.pending(state, VERDUN)[:2] == ("infrastructure", "germany")
    events, _ = answer(state, VERDUN, "infrastructure", {"use": True}, dice=[4, 4])
    assert hx(VERDUN, "0921") not in state["board"]["infra"]  # used, back to the pool
    assert c["mods"] == {"air": 1, "artillery": 3, "effectiveness": 1, "leadership": 0,
                         "odds": 0, "terrain": -1, "trenches": -1, "reserves": 0,
                         "breaches": 0}
    assert c["fnm"] == 3 and c["final"] == 11
    assert c["result"]["attacker"] == 1 and c["result"]["defender"] == 3
    kind, seat, options = combat.pending(state, VERDUN)
    assert (kind, seat) == ("loss", "france")
    assert {"loss": "attrition"} in options
    answer(state, VERDUN, "loss", {"loss": "attrition"})
    events, _ = answer(state, VERDUN, "loss", {"loss": "fra-inf-30"}, dice=[5, 3])
    ddrs = [e.data for e in events if e.kind == "ddr"]
    assert [(d["needs_below"], d["roll"], d["demoralized"]) for d in ddrs] == [
        (6, 5, True), (3, 3, False)]
    assert state["powers"]["france"]["demoralization"] == 1
    assert state["powers"]["france"]["rp"] == 3       # attrition paid 1 RP
    assert state["board"]["forts"][hx(VERDUN, "0922")] == 0   # ruined
    assert "ger-inf-3" not in state["board"]["units"] and "fra-inf-30" not in state["board"]["units"]
    assert state["board"]["units"]["fra-inf-1"]["at"] == hx(VERDUN, "0922")
    assert state["board"]["breaches"] == [{"at": hx(VERDUN, "0921"), "to": hx(VERDUN, "0922"),
                                           "value": 1}]
    assert state["flow"]["trench"] == [hx(VERDUN, "0922")]
    assert state["flow"]["combat"] is None


def test_bop_10_9_verdun_attack_2_fnm_zero_roll_five(siege_train):
    state, _ = verdun_position()
    german = ["ger-inf-18", "ger-inf-5_rs", "ger-sie-siege_1", "ger-sie-siege_2",
              "ger-sie-siege_3"]
    del state["board"]["units"]["ger-inf-3"]
    for uid in ("fra-inf-2", "fra-inf-20"):
        state["board"]["units"][uid] = {"at": hx(VERDUN, "0922"), "mode": "entrenched"}
    state["board"]["forts"][hx(VERDUN, "0922")] = 0
    state["board"]["breaches"] = [{"at": hx(VERDUN, "0921"), "to": hx(VERDUN, "0922"),
                                   "value": 1}]
    c = _combat_dict(state, VERDUN, "0921", "0922", german, "ger-inf-18", "fra-inf-20")
    patrol(state, VERDUN, "ger-air-eindkr", "0922")   # "+1 for air superiority"
    mods = odds.modifiers(state, VERDUN, c, {"attacker": 0, "defender": 1})
    assert mods == {"air": 1, "artillery": 3, "effectiveness": 0, "leadership": -1, "odds": 0,
                    "terrain": 0, "trenches": -2, "reserves": 0, "breaches": -1}
    assert odds.net_modifier(mods) == 0
    assert COMBAT_TABLE[5][:2] == (2, 1)
    # Attrition would have been open to the Germans for their second loss:
    c.update(entrenched_defender=True, start_units={"attacker": german[:2] + german[2:]},
             losses={"attacker": 2}, choices={"attacker": ["ger-inf-18"]})
    assert losses.attrition_allowed(state, c, "attacker") == "germany"


@pytest.mark.parametrize("where", ["synthetic", "our map"])
def test_bop_10_596_breach_example_geometry(where):
    """The 10.596 illustration: a German breach 1 in 0921 points at Verdun (0922); Longwy
    (1022) touches 0921 too — on the rulebook's hex numbers and on our map."""
    VERDUN = globals()["VERDUN"] if where == "synthetic" else MAP
    state = position(VERDUN, {"ger-inf-1": "0921", "fra-inf-1": "0922", "fra-inf-2": "1022"})
    state["board"]["control"][hx(VERDUN, "0921")] = "germany"
    state["board"]["breaches"] = [{"at": hx(VERDUN, "0921"), "to": hx(VERDUN, "0922"),
                                   "value": 1}]
    german_attack = _combat_dict(state, VERDUN, "0921", "0922", ["ger-inf-1"], "ger-inf-1",
                                 "fra-inf-1")
    assert odds.modifiers(state, VERDUN, german_attack, {})["breaches"] == -1
    french_attack = {**german_attack, "from": hx(VERDUN, "0922"), "target": hx(VERDUN, "0921"),
                     "units": ["fra-inf-1"], "point": "fra-inf-1", "def_point": "ger-inf-1",
                     "attacker": "entente", "defender": "central"}
    assert odds.modifiers(state, VERDUN, french_attack, {})["breaches"] == 1
    longwy = {**french_attack, "from": hx(VERDUN, "1022"), "units": ["fra-inf-2"],
              "point": "fra-inf-2"}
    assert odds.modifiers(state, VERDUN, longwy, {})["breaches"] == 0


@pytest.mark.parametrize("where", ["synthetic", "our map"])
def test_bop_10_723_example_new_breach_from_longwy_does_not_diminish(where):
    VERDUN = globals()["VERDUN"] if where == "synthetic" else MAP
    assert VERDUN.label[VERDUN.place_loc["longwy"]] == "1022"
    state = position(VERDUN, {"ger-inf-1": "0921", "fra-inf-2": "1022"})
    state["board"]["breaches"] = [{"at": hx(VERDUN, "0921"), "to": hx(VERDUN, "0922"),
                                   "value": 1}]
    kind, _ = losses.place_breach(state, {"from": hx(VERDUN, "1022"),
                                          "target": hx(VERDUN, "0921")})
    assert kind == "create"
    assert {"at": hx(VERDUN, "1022"), "to": hx(VERDUN, "0921"), "value": 1} in \
        state["board"]["breaches"]
    assert {"at": hx(VERDUN, "0921"), "to": hx(VERDUN, "0922"), "value": 1} in \
        state["board"]["breaches"]


def test_bop_10_723_diminish_expand_create_in_that_order():
    state = position(VERDUN, {})
    a, d = hx(VERDUN, "0921"), hx(VERDUN, "0922")
    c = {"from": a, "target": d}
    assert losses.place_breach(state, c)[0] == "create"
    assert losses.place_breach(state, c)[0] == "expand"
    assert state["board"]["breaches"] == [{"at": a, "to": d, "value": 2}]
    assert losses.place_breach(state, c)[0] == "breakthrough"
    assert state["board"]["breaches"] == []
    state["board"]["breaches"] = [{"at": d, "to": a, "value": 2}]
    assert losses.place_breach(state, c)[0] == "diminish"
    assert state["board"]["breaches"] == [{"at": d, "to": a, "value": 1}]
    assert losses.place_breach(state, c)[0] == "diminish"
    assert state["board"]["breaches"] == []


def test_bop_10_723_expanding_a_breach_2_ruins_the_fortress_and_breaks_through(siege_train):
    """10.723b: expanding a breach 2 eliminates "all remaining defending units" — the fortress
    is one (1.33) — and implements a breakthrough (ruling 32 followed the bold note's corps
    only and kept the fortress)."""
    units = ["ger-inf-1", "ger-inf-2", "ger-sie-siege_1", "ger-sie-siege_2", "ger-sie-siege_3"]
    state = position(VERDUN, {**{u: "0921" for u in units}, "fra-inf-1": "0922",
                              "fra-inf-2": "0922"},
                     month="1915-05", entrenched=["fra-inf-1", "fra-inf-2"])
    a, d = hx(VERDUN, "0921"), hx(VERDUN, "0922")
    state["board"]["control"][a] = "germany"
    state["board"]["breaches"] = [{"at": a, "to": d, "value": 2}]
    attack(state, VERDUN, units, "0922", "ger-inf-1", dice=[6])   # the red fortress holds
    answer(state, VERDUN, "proceed", {"proceed": True})
    # artillery +3, odds 5 : 2 corps + 2 steps (0), 3 vs 3, trenches −2, from a breach 2 −2
    answer(state, VERDUN, "point", {"point": "fra-inf-1"}, dice=[5, 5])
    c = state["flow"]["combat"]
    assert c["fnm"] == -1 and c["final"] == 9                    # 1/2 GG
    events, _ = answer(state, VERDUN, "loss", {"loss": "fra-inf-2"})
    kinds = [e.kind for e in events]
    # the fortress survived the losses; give ground expands the breach 2 into a breakthrough
    assert "fortress_ruined" in kinds and "breakthrough" in kinds
    assert state["board"]["forts"][d] == 0
    assert state["flow"]["breakthrough"] == [d] and state["flow"]["trench"] == []
    assert state["board"]["units"]["ger-inf-2"]["at"] == d      # the attackers enter
    assert state["board"]["breaches"] == []


def test_bop_10_3_attacker_may_stop_after_the_bombardment_without_paying(siege_train):
    """10.3: "if the attacker wishes to proceed he must spend RP"; only once he has paid can
    he not abort (ruling 11 committed him at the declaration)."""
    state, german = verdun_position()
    attack(state, VERDUN, german, "0922", "ger-inf-3", dice=[4])   # no hit on the red fortress
    events, _ = answer(state, VERDUN, "proceed", {"proceed": False})
    assert [e.kind for e in events] == ["attack_aborted"]
    assert state["flow"]["combat"] is None and state["flow"]["trench"] == []
    assert state["powers"]["germany"]["rp"] == 8
    assert all(state["flow"]["moves"][u]["mp"] == 0 for u in german)  # the MP are spent


# --- losses -------------------------------------------------------------------------------------

def test_bop_10_712_example_unfillable_second_loss_cancels_attacker_loss():
    state = position(TT, {"ger-inf-1": "0602", "ger-inf-2": "0602", "fra-inf-1": "0502"})
    # odds 2:1 (0) + yellow 4 vs 3 (+1): FNM +1; 4+4+1 = 9 → 1/2 GG; one defender only
    events, _ = attack(state, TT, ["ger-inf-1", "ger-inf-2"], "0502", "ger-inf-1", dice=[4, 4])
    roll = next(e.data for e in events if e.kind == "combat_roll")
    assert roll["fnm"] == 1 and roll["final"] == 9
    assert any(e.kind == "losses_cancelled" for e in events)
    assert "ger-inf-1" in state["board"]["units"]       # restored: the loss is cancelled
    assert "fra-inf-1" not in state["board"]["units"]
    assert state["board"]["units"]["ger-inf-1"]["at"] == hx(TT, "0502")  # cleared: advance


def test_bop_10_712_no_cancellation_at_zero_fnm():
    state = position(TT, {"ger-inf-1": "0602", "fra-inf-1": "0502"}, month="1915-05")
    # 1:1 odds, 3 vs 3: FNM 0; 5+4 = 9 → 1/2 GG, defender has one unit
    events, _ = attack(state, TT, ["ger-inf-1"], "0502", "ger-inf-1", dice=[5, 4])
    assert not any(e.kind == "losses_cancelled" for e in events)
    assert "ger-inf-1" not in state["board"]["units"]


def test_bop_10_713_attrition_needs_an_entrenched_defender():
    state = position(TH, {"ger-inf-1": "0702", "ger-inf-2": "0702", "fra-inf-1": "0802"})
    c = {"entrenched_defender": False, "ti": False,
         "start_units": {"attacker": ["ger-inf-1", "ger-inf-2"]}, "supplied": {}}
    assert losses.attrition_allowed(state, c, "attacker") is None
    c["entrenched_defender"] = True
    assert losses.attrition_allowed(state, c, "attacker") == "germany"


def test_bop_10_713_attrition_needs_two_corps_of_one_major_not_in_crisis():
    state = position(TH, {"ger-inf-1": "0702", "aus-inf-1": "0702"})
    c = {"entrenched_defender": True, "ti": False,
         "start_units": {"attacker": ["ger-inf-1", "aus-inf-1"]}, "supplied": {}}
    assert losses.attrition_allowed(state, c, "attacker") is None
    c["start_units"]["attacker"] = ["ger-inf-1", "ger-inf-2"]
    state["powers"]["germany"]["demoralization"] = 11  # 2.92: crisis
    assert losses.attrition_allowed(state, c, "attacker") is None


def test_bop_10_713_attrition_needs_supply_and_no_attacker_ti():
    state = position(TH, {})
    c = {"entrenched_defender": True, "ti": False,
         "start_units": {"attacker": ["ger-inf-1", "ger-inf-2"]},
         "supplied": {"ger-inf-1": False}}
    assert losses.attrition_allowed(state, c, "attacker") is None
    c.update(supplied={}, ti=True)
    assert losses.attrition_allowed(state, c, "attacker") is None


def test_bop_10_74_attrition_needs_second_loss():
    state = position(TH, {"ger-inf-1": "0702", "ger-inf-2": "0702", "ger-inf-3": "0702"})
    c = {"entrenched_defender": True, "ti": False, "losses": {"attacker": 3},
         "choices": {"attacker": [], "defender": []}, "units": ["ger-inf-1", "ger-inf-2",
                                                                "ger-inf-3"],
         "start_units": {"attacker": ["ger-inf-1", "ger-inf-2", "ger-inf-3"]}, "supplied": {}}
    c["choices"]["attacker"] = ["ger-inf-1"]
    assert {"loss": "attrition"} in losses.next_loss(state, TH, c, "attacker")
    c["choices"]["attacker"] = ["ger-inf-1", "ger-inf-2"]
    assert {"loss": "attrition"} not in losses.next_loss(state, TH, c, "attacker")


def test_bop_10_74_ddr_only_for_majors_in_major_battles():
    state = position(TH, {})
    c = {"major": False, "ddr_rolls": [("defender", 6, "france")], "from": None, "target": None,
         "attacker": "central", "defender": "entente"}
    assert losses.roll_ddrs(state, c, Dice([])) == []
    c["major"] = True
    events = losses.roll_ddrs(state, c, Dice([6]))
    assert events[0].data["demoralized"] is False
    events = losses.roll_ddrs(state, c, Dice([5]))
    assert state["powers"]["france"]["demoralization"] == 1
    c["ddr_rolls"] = [("defender", 6, "belgium")]
    assert losses.roll_ddrs(state, c, Dice([])) == []


def test_bop_10_711_rp_result_bought_off_by_a_supplied_major():
    state = position(TH, {"ger-inf-1": "0702"})
    c = {"units": ["ger-inf-1"], "supplied": {"ger-inf-1": True}}
    assert losses.can_pay_rp(state, c, "attacker") == "germany"
    c["supplied"]["ger-inf-1"] = False
    assert losses.can_pay_rp(state, c, "attacker") is None
    state2 = position(TH, {"bel-inf-1": "0702"}, sides={"belgium": "central"})
    assert losses.can_pay_rp(state2, {"units": ["bel-inf-1"], "supplied": {}}, "attacker") is None


# --- give ground, breakthrough, after combat ------------------------------------------------------

def test_bop_10_722_retreat_not_adjacent_to_attacker_nor_into_enemies():
    state = position(TT, {"ger-inf-1": "0602", "ger-inf-2": "0603", "fra-inf-1": "0502"})
    c = {"from": hx(TT, "0602"), "target": hx(TT, "0502"), "defender": "entente"}
    found = losses.retreat_destinations(state, TT, c, "fra-inf-1")
    assert found
    assert not set(TT.adj[hx(TT, "0602")]) & set(found)
    assert max(TT.distance_within(hx(TT, "0502"), 3).get(loc, 9) for loc in found) == 3
    assert hx(TT, "0302") in found


def test_bop_10_722_retreat_blocked_is_destroyed():
    """A surviving maneuver corps with nowhere to retreat (a red bar behind it, the attacker
    beside it) is eliminated by give ground, not by the loss table."""
    th = grid(3, 1, name="t-10-pocket", country={"0301": "germany"},
              places={"paris": {"at": "0101", "capital": True}},
              sides=[("0101", "0201", "red_bar")])
    units = {f"ger-inf-{n}": "0301" for n in range(1, 5)}
    units.update({f"fra-inf-{n}": "0201" for n in range(1, 4)})
    state = position(th, units)
    # 4:3 (0), yellow 4 vs 3 (+1): FNM +1; 4+4+1 = 9 → 1/2 GG: one French corps survives
    attack(state, th, sorted(u for u in units if u.startswith("ger")), "0201", "ger-inf-1")
    answer(state, th, "point", {"point": "fra-inf-1"}, dice=[4, 4])
    events, _ = answer(state, th, "loss", {"loss": "fra-inf-2"})
    assert [e.data for e in events if e.kind == "eliminated" and e.rule == "BoP 10.722"] == [
        {"unit": "fra-inf-3", "reason": "no_retreat"}]
    assert not any(u.startswith("fra") for u in state["board"]["units"])
    assert state["board"]["units"]["ger-inf-2"]["at"] == hx(th, "0201")  # the attacker enters


def test_bop_2_53_infantry_retreating_alone_into_an_enemy_held_hex_takes_it():
    """2.53: control changes "if and when" infantry solely occupies a location — also at the
    end of a retreat (the audit found retreats never took control)."""
    state = position(TT, {"fra-inf-1": "0502"})
    state["board"]["control"][hx(TT, "0402")] = "germany"   # empty, German-held
    c = {"from": hx(TT, "0602"), "target": hx(TT, "0502"), "defender": "entente",
         "retreats": ["fra-inf-1"]}
    events = losses.do_retreat(state, TT, c, "fra-inf-1", hx(TT, "0402"))
    assert [e.kind for e in events] == ["retreat", "control"]
    assert hx(TT, "0402") not in state["board"]["control"]   # France's own hex again


def test_bop_10_722_surviving_maneuver_corps_retreat_by_defender_choice():
    units = {"ger-inf-1": "0602", "ger-inf-2": "0602", "ger-inf-3": "0602",
             "fra-inf-1": "0502", "fra-inf-2": "0502", "fra-inf-3": "0502"}
    state = position(TT, units)
    # 3:3 (0), 4 vs 3 (+1): FNM +1; 4+4+1 = 9 → 1/2 GG; one French corps survives
    attack(state, TT, ["ger-inf-1", "ger-inf-2", "ger-inf-3"], "0502", "ger-inf-1")
    answer(state, TT, "point", {"point": "fra-inf-1"}, dice=[4, 4])
    kind, seat, options = combat.pending(state, TT)
    assert (kind, seat) == ("loss", "france")
    events, _ = answer(state, TT, "loss", {"loss": "fra-inf-2"}, dice=[])
    kind, seat, options = combat.pending(state, TT)
    assert (kind, seat) == ("retreat", "france")
    dest = options[-1]["to"]
    events, _ = answer(state, TT, "retreat", options[-1])
    assert state["board"]["units"]["fra-inf-3"]["at"] == dest
    assert state["board"]["units"]["ger-inf-2"]["at"] == hx(TT, "0502")  # advanced
    assert state["board"]["breaches"] == []  # no entrenched survivor: no breach


def test_bop_10_73_breakthrough_on_twelve_when_cleared():
    units = {"ger-inf-1": "0602", "ger-inf-2": "0602", "ger-sie-siege_1": "0602",
             "fra-inf-1": "0502", "fra-inf-2": "0502"}
    state = position(TT, units, month="1915-05")
    # siege +1, odds 3:2 (0), 3 vs 3 (0): FNM +1; 6+6+1 → 12: RP/3 breakthrough
    attack(state, TT, ["ger-inf-1", "ger-inf-2", "ger-sie-siege_1"], "0502", "ger-inf-1")
    answer(state, TT, "point", {"point": "fra-inf-1"}, dice=[6, 6])
    kind, seat, _ = combat.pending(state, TT)
    assert (kind, seat) == ("pay", "germany")
    events, _ = answer(state, TT, "pay", {"pay": True})
    events, _ = answer(state, TT, "loss", {"loss": "fra-inf-2"}, dice=[6])
    assert any(e.kind == "breakthrough" for e in events)
    assert state["flow"]["breakthrough"] == [hx(TT, "0502")]
    assert state["powers"]["germany"]["rp"] == 6  # attack + RP result
    assert state["board"]["units"]["ger-inf-1"]["at"] == hx(TT, "0502")


def test_bop_10_731_twelve_without_clearing_is_only_give_ground():
    units = {"ger-inf-1": "0602", "ger-inf-2": "0602", "ger-sie-siege_1": "0602",
             "fra-inf-1": "0502", "fra-inf-2": "0502", "fra-inf-3": "0502", "fra-inf-4": "0502"}
    state = position(TT, units, month="1915-05", entrenched=["fra-inf-4"])
    # siege +1, odds 3:4 (0), 3 vs 3, French trenches −2, German air superiority +1 (10.51):
    # FNM 0, so 6+6 reads 12
    patrol(state, TT, "ger-air-eindkr", "0502")
    attack(state, TT, ["ger-inf-1", "ger-inf-2", "ger-sie-siege_1"], "0502", "ger-inf-1")
    c = state["flow"]["combat"]
    answer(state, TT, "reserve", {"reserve": None}) if c["stage"] == "reserve" else None
    answer(state, TT, "point", {"point": "fra-inf-1"}, dice=[6, 6])
    assert c["final"] == 12
    answer(state, TT, "pay", {"pay": True})
    answer(state, TT, "loss", {"loss": "fra-inf-2"})
    events, _ = answer(state, TT, "loss", {"loss": "fra-inf-3"}, dice=[6])
    assert not any(e.kind == "breakthrough" for e in events)
    assert state["board"]["breaches"] == [{"at": hx(TT, "0602"), "to": hx(TT, "0502"),
                                           "value": 1}]
    assert state["board"]["units"]["fra-inf-4"]["at"] == hx(TT, "0502")
    assert state["flow"]["trench"] == [hx(TT, "0502")]


def test_bop_9_63_trench_battle_marker_and_auto_entrench():
    state = position(TT, {"ger-inf-1": "0602", "ger-inf-2": "0602", "fra-inf-1": "0502",
                          "fra-inf-2": "0502"}, month="1915-05",
                     entrenched=["fra-inf-1", "fra-inf-2"])
    attack(state, TT, ["ger-inf-1", "ger-inf-2"], "0502", "ger-inf-1")
    c = state["flow"]["combat"]
    assert c["stage"] == "point"  # no adjacent French corps: no reserve window
    # 2:2 (0), 3 vs 3 (0), French trenches −2: FNM −2; 4+4−2 = 6 → 1/RP
    answer(state, TT, "point", {"point": "fra-inf-1"}, dice=[4, 4])
    assert c["final"] == 6
    kind, seat, options = combat.pending(state, TT)
    assert kind == "pay" and seat == "france"
    answer(state, TT, "pay", {"pay": True})
    assert state["powers"]["france"]["rp"] == 3
    assert "ger-inf-1" not in state["board"]["units"]
    assert state["flow"]["trench"] == [hx(TT, "0502")]
    assert state["board"]["units"]["ger-inf-2"]["mode"] == "entrenched"
    assert state["board"]["units"]["ger-inf-2"]["at"] == hx(TT, "0602")
    assert state["flow"]["combat"] is None


def test_bop_12_1_cp_reroll_in_the_first_fortnight():
    state = position(TT, {"ger-inf-1": "0602", "fra-inf-1": "0502"}, fortnight=1)
    attack(state, TT, ["ger-inf-1"], "0502", "ger-inf-1", dice=[1, 1])
    kind, seat, options = combat.pending(state, TT)
    assert (kind, seat) == ("reroll", "germany")
    events, _ = answer(state, TT, "reroll", {"reroll": True}, dice=[6, 5])
    assert any(e.kind == "reroll" and e.data["final"] == 12 for e in events)
    assert state["flow"]["reroll"] is False


def test_bop_10_84_attack_into_armp_terrain_ends_the_half_for_the_force():
    state = position(TH, {"ger-inf-1": "0503", "fra-inf-1": "0603"}, side="entente")
    state["board"]["control"][hx(TH, "0603")] = "germany"
    state["board"]["units"]["ger-inf-1"]["at"] = hx(TH, "0603")
    state["board"]["units"]["fra-inf-1"]["at"] = hx(TH, "0503")
    combat.declare(state, TH, "france", ["fra-inf-1"], hx(TH, "0603"), "fra-inf-1", "france",
                   {}, Dice([1, 1]))
    assert state["flow"]["moves"]["fra-inf-1"]["mp"] == 0


RESERVE = grid(4, 3, name="t-10-reserve", country={"0302": "germany", "0301": "germany",
                                                  "0303": "germany"},
               places={"paris": {"at": "0101", "capital": True},
                       "berlin": {"at": "0303", "capital": True}})


def test_bop_10_42_reserve_roll_modifiers():
    state = position(RESERVE, {"ger-inf-1": "0302", "fra-inf-1": "0202", "fra-inf-2": "0102"},
                     entrenched=["fra-inf-1"])
    c = {"target": hx(RESERVE, "0202"), "attacker": "central", "defender": "entente",
         "from": hx(RESERVE, "0302"), "reserve": None}
    events = combat.roll_reserve(state, RESERVE, c, "fra-inf-2", Dice([4]))
    # maneuver −1, not adjacent to an enemy corps −1: 4 − 2 = 2 < 3 → committed, entrenched
    assert events[0].data["final"] == 2 and events[0].data["committed"]
    assert state["board"]["units"]["fra-inf-2"] == {"at": hx(RESERVE, "0202"),
                                                   "mode": "entrenched"}


def test_bop_10_42_one_reserve_corps_per_location_per_half():
    """10.42: only one corps can try to reinforce a given location each half — the same one
    may roll again at the next attack, another may not; a new half starts afresh."""
    state = position(RESERVE, {"ger-inf-1": "0302", "fra-inf-1": "0202", "fra-inf-2": "0102",
                               "fra-inf-3": "0201"}, entrenched=["fra-inf-1"])
    c = {"target": hx(RESERVE, "0202"), "attacker": "central", "defender": "entente",
         "from": hx(RESERVE, "0302"), "reserve": None, "entrenched_defender": True,
         "ti": False, "counter_breach": False}
    assert combat.reserve_candidates(state, RESERVE, c) == ["fra-inf-2", "fra-inf-3"]
    combat.roll_reserve(state, RESERVE, c, "fra-inf-2", Dice([6]))    # fails
    assert combat.reserve_candidates(state, RESERVE, c) == ["fra-inf-2"]
    combat.clear_reserve_designations(state, Dice([]))
    assert combat.reserve_candidates(state, RESERVE, c) == ["fra-inf-2", "fra-inf-3"]


def test_bop_10_42_unsupplied_reserve_rolls_against_effectiveness_minus_one():
    """3.2: an unsupplied corps' effectiveness is reduced by 1, also for the reserve roll."""
    state = position(RESERVE, {"ger-inf-1": "0302", "fra-inf-1": "0202", "fra-inf-2": "0102"},
                     entrenched=["fra-inf-1"])
    state["board"]["control"][hx(RESERVE, "0101")] = "germany"   # Paris lost: no source
    c = {"target": hx(RESERVE, "0202"), "attacker": "central", "defender": "entente",
         "from": hx(RESERVE, "0302"), "reserve": None}
    events = combat.roll_reserve(state, RESERVE, c, "fra-inf-2", Dice([4]))
    assert events[0].data["needs_below"] == 2 and not events[0].data["committed"]


def test_bop_12_1_british_corps_never_stack_with_french_not_even_as_reserves():
    """12.1 (and 10.4): the audit's case on our map — the French entrenched in 0821 attacked
    from 0920; the British corps in 0721 is no reserve for them, a French corps in 0822 is."""
    state = position(MAP, {"fra-inf-1": "0821", "fra-inf-2": "0822", "bri-inf-1": "0721",
                           "ger-inf-1": "0920", "ger-inf-2": "0920"},
                     entrenched=["fra-inf-1"], sides={"britain": "entente"},
                     rp={"germany": 5})
    combat.declare(state, MAP, "germany", ["ger-inf-1", "ger-inf-2"], hx(MAP, "0821"),
                   "ger-inf-1", "germany", {}, Dice([]))
    kind, seat, options = combat.pending(state, MAP)
    assert (kind, seat) == ("reserve", "france")
    assert options == [{"reserve": None}, {"reserve": "fra-inf-2"}]


def test_bop_10_594_voluntary_breach_removal_costs_every_corps_all_mp():
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    state = position(TT, {"ger-inf-1": "0602", "ger-inf-2": "0602", "fra-inf-1": "0502"})
    state["board"]["breaches"] = [{"at": hx(TT, "0602"), "to": hx(TT, "0502"), "value": 1}]
    state["flow"]["active"] = ["germany"]
    decision = next(d for d in RULESET.decisions(state) if d.kind == "remove_breach")
    assert decision.options == ({"at": hx(TT, "0602"), "to": hx(TT, "0502")},)
    handlers.do_remove_breach(state, "germany", None, decision.options[0], None)
    assert state["board"]["breaches"] == []
    assert state["flow"]["moves"]["ger-inf-1"]["mp"] == 0
    assert state["flow"]["moves"]["ger-inf-2"]["mp"] == 0


def test_bop_10_594_no_removal_once_a_corps_there_has_moved():
    state = position(TT, {"ger-inf-1": "0602", "ger-inf-2": "0602", "fra-inf-1": "0502"})
    state["board"]["breaches"] = [{"at": hx(TT, "0602"), "to": hx(TT, "0502"), "value": 1}]
    assert decisions.breach_removals(state, "germany") == [{"at": hx(TT, "0602"),
                                                            "to": hx(TT, "0502")}]
    state["flow"]["moves"]["ger-inf-2"] = {"mp": 2, "rail": 0}
    assert decisions.breach_removals(state, "germany") == []


def test_bop_2_83_ti_unlock_roll_from_fifty():
    state = position(TT, {})
    state["ti"]["central"] = 49
    c = {"entrenched_defender": True, "units": ["ger-inf-1"], "dice": [1, 2], "major": True,
         "attacker": "central"}
    events = losses.ti_gain(state, c, Dice([1]))
    assert state["ti"]["central"] == 50
    assert events[-1].data == {"side": "central", "roll": 1, "needs_below": 2,
                               "unlocked": True}
    assert odds.has_ti(state, "central")


@pytest.mark.parametrize("attacker,defender,expected", [
    ("ger-inf-1", "fra-inf-terr", +2),      # an effectiveness-3 attacker against a 1: 3 − 1
    ("ger-inf-lwo", "fra-inf-1", -2),       # the scores reversed: 1 − 3
])
def test_bop_10_531_example_effectiveness_modifier(attacker, defender, expected):
    """10.531's example from the real chain: declared, the point units set, the roll made —
    the combat roll's effectiveness modifier is the attacking point's score less the
    defending point's. May 1915 (good weather, no yellow 4 after 1914: 10.532)."""
    state = position(TT, {attacker: "0602", defender: "0502"}, month="1915-05",
                     rp={"germany": 5})
    events, roller = attack(state, TT, [attacker], "0502", attacker, dice=[3, 4])
    assert [r["purpose"] for r in roller.rolls] == ["combat 2d6", "combat 2d6"]
    rolls = [e.data for e in events if e.kind == "combat_roll"]
    assert len(rolls) == 1 and rolls[0]["modifiers"]["effectiveness"] == expected
    assert UNITS[attacker].effectiveness - UNITS[defender].effectiveness == expected
