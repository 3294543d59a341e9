"""FA 11.12 land combat, 21.6 entrenchments, 21.7 forts and engineers."""

from fractions import Fraction

import pytest

from engine.kernel import IllegalAction, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances import combat as cb
from engine.rulesets.fatal_alliances.charts import CRT, Table
from engine.rulesets.fatal_alliances.orders import attack_items, validate
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import settle

from .positions import Dice, corps, declare_with_best_support, division, hq, position, unit

CITY = {"0,2": ["city"], "6,2": ["city"]}


def fight(units, **kw):
    kw.setdefault("features", CITY)
    return position(units, step=Step.LAND_COMBAT, **kw)


def drms(state, attackers, target, table="assault"):
    units = state["board"]["units"]
    att = [units[a] for a in attackers]
    dfn = cb.defenders_at(state, att[0]["power"], target)
    return dict(cb.attack_drms(state, att, target, dfn, table))


def test_fa_11_12_blitz_needs_clear_terrain():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")],
              terrain={"3,2": "forest"})
    att = [s["board"]["units"]["g"]]
    dfn = [s["board"]["units"]["r"]]
    assert cb.table_rule(s, att, "3,2", dfn) == "assault"
    clear = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")])
    assert cb.table_rule(clear, [clear["board"]["units"]["g"]], "3,2",
                         [clear["board"]["units"]["r"]]) == "attacker"


def test_fa_11_12_forced_assault_refuses_a_named_table():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")],
              terrain={"3,2": "forest"})
    settle(s)
    d = [x for x in decisions(RULESET, s) if x.kind == "land_attack"][0]
    with pytest.raises(IllegalAction) as exc:
        validate(s, "germany", d, {"target": "3,2", "units": ["g"], "table": "blitz"})
    assert exc.value.code == "table_not_yours"


def test_fa_21_7_defender_chooses_the_table_when_every_attacker_crosses_a_fort():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")],
              forts={"2,2|3,2": {"hex": "3,2", "power": "russia"}})
    att, dfn = [s["board"]["units"]["g"]], [s["board"]["units"]["r"]]
    assert cb.table_rule(s, att, "3,2", dfn) == "defender"
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["g"]}, Dice(), [])
    assert s["flow"]["combat"]["phase"] == "table"
    d = decisions(RULESET, s)[0]
    assert d.kind == "choose_table" and d.seats == ("russia",) and d.reaction


def test_fa_11_12_river_halves_attackers_but_not_engineers():
    s = fight([corps("g", "germany", "2,2", cf=4), corps("r", "russia", "3,2", cf=2)],
              rivers=["2,2|3,2"])
    st = cb.strengths(s, [s["board"]["units"]["g"]], "3,2", [s["board"]["units"]["r"]])
    assert st["attack"] == 2 and st["defence"] == 2
    e = fight([unit("e", "germany", "2,2", type="ENG", size="div", cf=1),
               corps("g", "germany", "2,2", cf=4), corps("r", "russia", "3,2", cf=2)],
              rivers=["2,2|3,2"])
    units = e["board"]["units"]
    st = cb.strengths(e, [units["e"], units["g"]], "3,2", [units["r"]])
    assert st["attack"] == 5 and st["eng_used"]


def test_fa_21_7_across_river_and_fort_an_engineer_cancels_only_the_fort():
    forts = {"2,2|3,2": {"hex": "3,2", "power": "russia"}}
    plain = fight([corps("g", "germany", "2,2", cf=4), corps("r", "russia", "3,2")],
                  rivers=["2,2|3,2"], forts=forts)
    u = plain["board"]["units"]
    assert cb.strengths(plain, [u["g"]], "3,2", [u["r"]])["attack"] == 1
    eng = fight([unit("e", "germany", "2,2", type="ENG", size="div", cf=1),
                 corps("g", "germany", "2,2", cf=4), corps("r", "russia", "3,2")],
                rivers=["2,2|3,2"], forts=forts)
    u = eng["board"]["units"]
    assert cb.strengths(eng, [u["e"], u["g"]], "3,2", [u["r"]])["attack"] == Fraction(5, 2)


def test_fa_11_12_mountain_defenders_double_mountain_troops_triple():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2", cf=2),
               unit("m", "russia", "3,2", type="MTN", size="div", cf=1)],
              terrain={"3,2": "mountain"})
    u = s["board"]["units"]
    assert cb.strengths(s, [u["g"]], "3,2", [u["r"], u["m"]])["defence"] == 7


def test_fa_profiles_swamp_doubles_defence_only_in_fa3():
    units = [corps("g", "germany", "2,2"), corps("r", "russia", "3,2", cf=2)]
    fa3 = fight(units, terrain={"3,2": "marsh"})
    ann = fight([dict(x) for x in units], terrain={"3,2": "marsh"}, profile="fa-annotated")
    for state, want in ((fa3, 4), (ann, 2)):
        u = state["board"]["units"]
        assert cb.strengths(state, [u["g"]], "3,2", [u["r"]])["defence"] == want


def test_fa_2_4_4_face_down_defender_out_of_supply_defends_at_two_or_one():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2", cf=4, up=False),
               division("d", "russia", "3,2", cf=2, up=False)], features={"0,2": ["city"]})
    u = s["board"]["units"]
    assert cb.strengths(s, [u["g"]], "3,2", [u["r"], u["d"]])["defence"] == 3


def test_fa_11_12_disrupted_defenders_engineers_weather_and_no_observer():
    s = fight([corps("g", "germany", "2,2", cf=6),
               unit("e", "germany", "2,2", type="ENG", size="div", cf=1),
               corps("r", "russia", "3,2", cf=3, up=False),
               division("d", "russia", "3,2", cf=1, up=False)], weather="rain")
    got = drms(s, ["g", "e"], "3,2")
    # Rain cuts supply to 2 hexes: the face-down defenders are out of supply and defend at
    # 2 (white-print corps) + 1 (division) = 3, so 7 against 3 is 2:1.
    assert got["odds 2:1"] == 4
    assert got["disrupted defenders"] == 3
    assert got["attacking engineers"] == 1
    assert got["weather rain"] == -1
    assert got["no observer"] == -1


def test_fa_11_12_3_hq_support_is_half_the_difference():
    s = fight([hq("gh", "germany", "2,2", reorg=3), corps("g", "germany", "2,2"),
               corps("r", "russia", "3,2"), hq("rh", "russia", "4,2", reorg=2)])
    u = s["board"]["units"]
    values, flips = cb.hq_support(s, [u["gh"], u["g"]], "3,2", [u["r"]])
    assert values == (3, 2) and flips == ["gh", "rh"]
    got = dict(cb.attack_drms(s, [u["gh"], u["g"]], "3,2", [u["r"]], "assault", values))
    assert got["HQ support"] == Fraction(1, 2)


def test_fa_11_12_co_operating_powers_and_austrians_with_hungarians():
    s = fight([corps("a", "austria_hungary", "2,2", nation="austria"),
               corps("h", "austria_hungary", "2,3", nation="hungary"),
               corps("g", "germany", "3,3"), corps("r", "russia", "3,2")])
    u = s["board"]["units"]
    got = dict(cb.attack_drms(s, [u["a"], u["h"], u["g"]], "3,2", [u["r"]], "assault"))
    assert got["co-operating powers"] == -2


def test_fa_21_6_each_entrenched_defending_corps_is_minus_one():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2", entrenched=True),
               corps("q", "russia", "3,2", entrenched=True)])
    assert drms(s, ["g"], "3,2")["entrenched"] == -2


def test_fa_11_12_territorials():
    s = fight([corps("g", "germany", "2,2"), unit("t", "russia", "3,2", type="TERR")])
    assert drms(s, ["g"], "3,2")["attacking territorials"] == 2


def test_fa_11_12_5_2_zero_defence_gives_plus_twenty():
    s = fight([corps("g", "germany", "2,2"), unit("z", "russia", "3,2", cf=0)])
    assert drms(s, ["g"], "3,2")["odds 0 def"] == 20


def test_fa_21_10_gas_table():
    assert [cb.gas_drm(d) for d in range(1, 11)] == [-1, -1, 0, 0, 1, 1, 2, 2, 3, 3]


def test_fa_11_12_crt_readings_and_clamp():
    assert CRT[Table.ASSAULT][13] == ("", None, None, "")        # –/–
    assert CRT[Table.ASSAULT][21] == ("", 2, 2, "S")             # 1/1S (OCR "1/15")
    assert CRT[Table.ASSAULT][22] == ("#", 1, 3, "S")            # #0.5/1.5S
    assert CRT[Table.BLITZ][19] == ("*", 1, 1, "R")              # *0.5/0.5R
    assert CRT[Table.BLITZ][25] == ("*", None, 4, "S")           # */2S (OCR "25")
    assert cb.crt_row("assault", 24, Fraction(9, 2)) == 25
    assert cb.crt_row("assault", 2, Fraction(-15)) == 0
    assert cb.crt_row("assault", 10, Fraction(-3, 2)) == 9   # 8.5 → 9 (half up)


def test_fa_11_12_5_4_half_loss_by_breaking_a_corps():
    # FA 21.2C worked example (shape): a 0.5 loss met by breaking a corps into a division.
    a, b = corps("a", "germany", "2,2"), division("d", "germany", "2,2")
    opts = cb.loss_options([a, b], 1)
    assert {"destroy": ["d"], "break": None} in opts
    assert {"destroy": [], "break": "a"} in opts
    assert cb.loss_options([a], 5) == [{"destroy": ["a"], "break": None}]


def test_fa_11_12_5_4_losses_minimal_sets():
    units = [corps("a", "germany", "2,2"), corps("b", "germany", "2,2"),
             division("c", "germany", "2,3")]
    opts = cb.loss_options(units, 2)
    assert {"destroy": ["a"], "break": None} in opts
    assert {"destroy": ["a", "c"], "break": None} not in opts  # not minimal


def _resolve(state, dice, action):
    declare_with_best_support(state, "germany", action, Dice(*dice), [])
    return state


def test_fa_11_12_assault_result_losses_chosen_by_each_owner():
    # 6 vs 3 = 2:1 (+4), no observer −1: 2d10 = 10+4 → 13+... choose dice for row 14: 2.5/1
    s = fight([corps("g", "germany", "2,2", cf=3), corps("h", "germany", "2,3", cf=3),
               division("i", "germany", "2,2", cf=1),
               corps("r", "russia", "3,2", cf=3), division("q", "russia", "3,2", cf=1)])
    # 7 against 4: 3:2 (+3) −1 = +2; dice 6+6 = 12 → 14: Assault 2.5/1
    _resolve(s, [6, 6], {"target": "3,2", "units": ["g", "h", "i"], "table": "assault"})
    c = s["flow"]["combat"]
    # 2.5 units is all the attackers have: no choice, all destroyed; the defender chooses 1
    assert c["row"] == 14 and c["phase"] == "losses_defender"
    assert all(s["board"]["units"][x]["hex"] is None for x in ("g", "h", "i"))
    st = s
    d2 = decisions(RULESET, st)[0]
    assert d2.kind == "combat_losses" and d2.seats == ("russia",) and d2.reaction
    assert RULESET.timeout_default(st, d2, "russia") == d2.options[0]


def test_fa_11_12_5_5_retreat_prefers_hexes_out_of_enemy_zoc():
    s = fight([corps("g", "germany", "2,2"), corps("g2", "germany", "2,3"),
               corps("r", "russia", "3,2", cf=1)], width=8, split=3)
    u = s["board"]["units"]["r"]
    opts = cb.retreat_options(s, u, {"3,2"})
    assert opts and all(h not in ("3,3", "2,2", "3,1") for h in opts)
    assert set(opts) == {"4,1", "4,2"}


def test_fa_11_12_5_5_a_unit_with_nowhere_to_retreat_is_destroyed():
    s = fight([corps("g", "germany", "1,0"), corps("r", "russia", "0,0", cf=1)],
              width=2, height=1, split=1, features={})
    assert cb.retreat_options(s, s["board"]["units"]["r"], {"0,0"}) == []


def test_fa_11_12_blitz_retreat_and_advance_with_cavalry_staying_face_up():
    s = fight([corps("g", "germany", "2,2", cf=6), unit("c", "germany", "2,2", type="CAV",
                                                         size="div", cf=1, ma=4),
               corps("r", "russia", "3,2", cf=1)], width=8)
    # 7 vs 1 = 7:1 (+14) −1 = +13; dice 1+4 = 5 → 18: Blitz */R
    _resolve(s, [1, 4], {"target": "3,2", "units": ["c", "g"], "table": "blitz"})
    c = s["flow"]["combat"]
    assert c["row"] == 18
    assert c["phase"] in ("retreat", "advance")
    while s["flow"]["combat"] and s["flow"]["combat"]["phase"] == "retreat":
        d = decisions(RULESET, s)[0]
        s = apply(RULESET, s, "germany", d.id, d.options[0], seed=b"\0" * 32).state
    assert s["board"]["units"]["r"]["hex"] != "3,2"
    assert s["board"]["units"]["r"]["up"] is False  # retreated defenders flip
    d = decisions(RULESET, s)[0]
    assert d.kind == "advance"
    s = apply(RULESET, s, "germany", d.id, {"units": ["c", "g"]}, seed=b"\0" * 32).state
    units = s["board"]["units"]
    assert units["c"]["hex"] == "3,2" and units["c"]["up"] is True   # `*` and CAV
    assert units["g"]["up"] is False                                  # INF advancing flips
    assert s["board"]["control"]["3,2"] == "germany"


def test_fa_11_12_5_6_shatter_sends_retreatable_units_to_the_production_circle():
    s = fight([corps("g", "germany", "2,2", cf=9), corps("r", "russia", "3,2", cf=1)],
              width=8)
    # 9 vs 1 → +18 −1 = +17; dice 4+4 = 8 → 25: */2S; a lone corps takes a 1 loss of 2? 2S
    _resolve(s, [4, 4], {"target": "3,2", "units": ["g"], "table": "assault"})
    assert s["board"]["units"]["r"]["hex"] is None  # two losses destroy the lone corps
    s2 = fight([corps("g", "germany", "2,2", cf=9), corps("r", "russia", "3,2", cf=1),
                corps("q", "russia", "3,2", cf=1), division("d", "russia", "3,2", cf=1)],
               width=8)
    # 9 vs 3 → 3:1 +6 −1 = +5; dice 10+10 → 25: */2S → owner loses 2 units, one survives
    _resolve(s2, [10, 10], {"target": "3,2", "units": ["g"], "table": "assault"})
    d = decisions(RULESET, s2)[0]
    assert d.kind == "combat_losses"
    s2 = apply(RULESET, s2, "russia", d.id, {"destroy": ["q", "r"], "break": None},
               seed=b"\0" * 32).state
    d = decisions(RULESET, s2)[0]
    assert d.kind == "shatter_or_retreat"
    s2 = apply(RULESET, s2, "germany", d.id, {"treat_as": "shatter"}, seed=b"\0" * 32).state
    assert {"unit": "d", "turn": 2} in s2["board"]["production_circle"]


def test_fa_11_12_1_attackers_must_be_supplied_face_up_and_adjacent():
    s = fight([corps("g", "germany", "2,2", up=False), corps("h", "germany", "1,2"),
               corps("r", "russia", "3,2")])
    assert attack_items(s, "germany") == []


def test_fa_11_12_options_carry_odds_and_both_tables_in_the_clear():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")])
    items = attack_items(s, "germany")
    assert {i["action"].get("table") for i in items} == {"assault", "blitz"}
    assert items[0]["odds"] == "1:1"


def test_fa_14_2_low_morale_may_refuse_an_attack():
    s = fight([corps("g", "germany", "2,2"), corps("r", "russia", "3,2")])
    s["board"]["morale"]["germany"] = 8
    events = []
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["g"], "table": "assault"}, Dice(2),
            events)
    refusal = next(e for e in events if e.kind == "refuse_attack_roll")
    assert refusal.data["refused"]
    assert s["flow"]["combat"] is None and "g" in s["flow"]["marks"]["attacked"]
    assert not any(e.kind == "combat_resolved" for e in events)


def test_fa_profiles_lone_hq_ignores_a_half_loss_only_when_annotated():
    units = [corps("g", "germany", "2,2", cf=9), hq("h", "russia", "3,2", reorg=1, cf=2)]
    # 9 vs 2 → 4:1 +8 −1 +... HQ support (0−1)/2 = −0.5 → +6.5; dice 5+2 = 7 → 13.5 → 14:
    # Blitz 1/1 – use Blitz row 13: 1/0.5 instead with dice 5+1 → 12.5 → 13
    for profile, survives in (("fa3", False), ("fa-annotated", True)):
        s = fight([dict(u) for u in units], profile=profile, width=8)
        _resolve(s, [5, 1], {"target": "3,2", "units": ["g"], "table": "blitz"})
        assert (s["board"]["units"]["h"]["hex"] == "3,2") is survives, profile


def test_fa_11_12_1_co_operating_powers_may_attack_together_each_spending_an_attack():
    s = fight([corps("g", "germany", "2,2"), corps("a", "austria_hungary", "2,3",
                                                   nation="austria"),
               corps("r", "russia", "3,2")],
              actions={"germany": "land", "austria_hungary": "combined", "russia": "land"})
    s["board"]["sides"]["austria_hungary"] = "central"
    s["board"]["active"] = sorted(s["board"]["active"] + ["austria_hungary"])
    s["board"]["wars"] = sorted(s["board"]["wars"] + ["austria_hungary|russia"])
    s["flow"]["used"]["austria_hungary"] = {}
    joint = [i for i in attack_items(s, "germany") if set(i["action"]["units"]) == {"a", "g"}]
    assert joint
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["a", "g"], "table": "assault"},
            Dice(5, 5, 5, 5, 6, 2), [])    # 2d10, then the FA 2.7 loss dispute (5-5, 6-2)
    assert s["flow"]["used"]["germany"]["land_attack"] == 1
    assert s["flow"]["used"]["austria_hungary"]["land_attack"] == 1
    u = s["board"]["units"]
    got = dict(cb.attack_drms(s, [u["a"], u["g"]], "3,2", [u["r"]], "assault"))
    assert got["co-operating powers"] == -1


def test_fa_11_12_austrian_and_hungarian_corps_count_as_two_powers_divisions_are_joint():
    """FA 15.3.6: Austrian and Hungarian corps attacking together take the −1 of co-operating
    powers (−2 with Germans too); Austro-Hungarian divisions are jointly owned."""
    s = fight([corps("au", "austria_hungary", "2,2", nation="austria"),
               corps("hu", "austria_hungary", "2,3", nation="hungary"),
               division("hd", "austria_hungary", "2,3", nation="hungary"),
               corps("g", "germany", "3,1"), corps("r", "russia", "3,2")])
    s["board"]["sides"]["austria_hungary"] = "central"
    s["board"]["active"] = sorted(s["board"]["active"] + ["austria_hungary"])
    assert "co-operating powers" not in drms(s, ["au", "hd"], "3,2")
    assert drms(s, ["au", "hu"], "3,2")["co-operating powers"] == -1
    assert drms(s, ["au", "hu", "g"], "3,2")["co-operating powers"] == -2
    assert drms(s, ["hd", "g"], "3,2")["co-operating powers"] == -1


def test_fa_21_3_an_engineer_against_an_entrenched_corps_takes_the_first_loss():
    """FA 21.3 / 21.6: the engineer gave its +1 against an entrenched corps, so every way of
    meeting the attacker's loss (here 1 unit: row 10 of the Assault table) includes it."""
    def attack(entrenched, row=10):
        s = fight([division("e", "germany", "2,2", type="ENG", cf=1),
                   corps("g", "germany", "2,2"), corps("r", "russia", "3,2",
                                                       entrenched=entrenched)])
        drm = sum(drms(s, ["e", "g"], "3,2").values())
        declare_with_best_support(s, "germany", {"target": "3,2", "units": ["e", "g"], "table": "assault"},
                Dice(5, row - 5 - int(drm)), [])
        return s
    plain = attack(False)
    assert plain["flow"]["combat"]["phase"] == "losses_attacker"
    assert {"destroy": ["g"], "break": None} in plain["flow"]["combat"]["loss_options"]
    entrenched = attack(True)
    combat = entrenched["flow"]["combat"]
    assert combat is None or combat["phase"] != "losses_attacker"   # one way only: applied
    assert entrenched["board"]["units"].get("e", {"hex": None})["hex"] is None
    assert entrenched["board"]["units"]["g"]["hex"] is None    # broken down to a division
    # Half a unit (row 12): the engineer, not a corps broken down instead.
    half = attack(True, row=12)
    assert half["board"]["units"].get("e", {"hex": None})["hex"] is None
    assert half["board"]["units"]["g"]["hex"] == "2,2"
