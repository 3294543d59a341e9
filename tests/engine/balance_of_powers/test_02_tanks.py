"""BoP tanks (1.321, 2.53, 2.7, 2.92, 6.222, 9.62, 10.42, 10.532, 13.0): tank corps through the
real chain — declaration, reserve roll, combat roll, losses, auto-entrenching, procurement and
the seasonal pool. No worked example in the rulebook involves a tank; the positions are ours."""

from __future__ import annotations

import pytest

from engine.rulesets.balance_of_powers import cob, combat, economy, movement, occupy, odds, tanks
from engine.rulesets.balance_of_powers.forces import UNITS, controller, effectiveness
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import Dice, grid, hx, position

GER = {f"{c:02d}{r:02d}": "germany" for c in range(6, 11) for r in range(1, 5)}
# A front line: France west of column 6, Germany east, a rail along row 2 for supply.
LINE = grid(10, 4, name="t-tanks-line", country=GER, rail=[[f"{c:02d}02" for c in range(1, 11)]],
            places={"paris": {"at": "0102", "capital": True},
                    "berlin": {"at": "1002", "capital": True}})
RESERVE = grid(4, 3, name="t-tanks-reserve", country={"0302": "germany", "0301": "germany",
                                                      "0303": "germany"},
               places={"paris": {"at": "0101", "capital": True},
                       "berlin": {"at": "0303", "capital": True}})


def attack(state, th, units, target, point, payer="germany", dice=(), seat="germany"):
    roller = Dice(list(dice))
    events = combat.declare(state, th, seat, units, hx(th, target), point, payer,
                            {u: True for u in state["board"]["units"]}, roller)
    return events, roller


# --- 1.321 / 13.0 the tank corps and their data ----------------------------------------------

# 13.0: the CoB's tanks of the five European majors and the season each joins the force pool.
COB_TANKS = {"fra-tan-schndr": "1917-spring", "bri-tan-mkiv": "1917-autumn",
             "ger-tan-a7v": "1917-winter", "rus-tan-tsar_ii": "1917-winter",
             "bri-tan-whippets": "1918-summer", "bri-tan-mkv": "1918-summer",
             "fra-tan-ft_17": "1918-summer", "bri-tan-mkviii": "1918-winter",
             "fra-tan-char2c": "1918-winter", "ger-tan-lkii": "1918-winter"}


def test_bop_13_0_every_european_tank_of_the_cob_in_its_season():
    found = {uid: u.arrives for uid, u in UNITS.items() if u.kind == tanks.TANK}
    assert found == COB_TANKS


def test_bop_1_321_tanks_are_corps_with_two_scores_and_no_entrenched_side():
    for uid in COB_TANKS:
        unit = UNITS[uid]
        assert unit.corps and not unit.entrenches and not unit.captures
        assert unit.attack >= 1 and unit.defense >= 1 and unit.movement >= 1
        assert unit.effectiveness == unit.defense   # ruling 50: the printed score at rest


def test_bop_1_321_a_tank_is_never_offered_the_entrenched_mode():
    state = position(LINE, {"ger-tan-a7v": "0702", "ger-inf-1": "0703"}, month="1918-05")
    offered = {c["unit"]: c["mode"] for c in movement.entrench_candidates(state, LINE,
                                                                          "germany")}
    assert offered == {"ger-inf-1": "entrenched"}


# --- 10.532 attack and defense scores --------------------------------------------------------

def test_bop_10_532_a_tank_attacks_with_its_first_score_and_defends_with_its_second():
    state = position(LINE, {"bri-tan-mkv": "0502", "ger-inf-1": "0602"}, month="1918-08",
                     side="entente", sides={"britain": "entente"})
    assert effectiveness(state, "bri-tan-mkv", attacking=True) == 5
    assert effectiveness(state, "bri-tan-mkv", attacking=False) == 2
    assert effectiveness(state, "bri-tan-mkv", attacking=True, supplied=False) == 4   # 3.2
    c = {"from": hx(LINE, "0502"), "target": hx(LINE, "0602"), "units": ["bri-tan-mkv"],
         "point": "bri-tan-mkv", "def_point": "ger-inf-1", "attacker": "entente",
         "defender": "central", "reserve": None, "supplied": {}, "ti": False}
    assert odds.modifiers(state, LINE, c, {})["effectiveness"] == 5 - 3
    # the other way round: a German corps attacks the tank, which defends with 2
    c.update({"from": hx(LINE, "0602"), "target": hx(LINE, "0502"), "units": ["ger-inf-1"],
              "point": "ger-inf-1", "def_point": "bri-tan-mkv", "attacker": "central",
              "defender": "entente"})
    assert odds.modifiers(state, LINE, c, {})["effectiveness"] == 3 - 2


def test_bop_2_7_a_tank_counts_as_a_corps_for_a_major_battle():
    state = position(LINE, {"ger-inf-1": "0602", "ger-tan-a7v": "0602", "fra-inf-1": "0502",
                            "fra-inf-2": "0502"}, month="1918-05")
    c = {"target": hx(LINE, "0502"), "defender": "entente", "units": ["ger-inf-1"]}
    assert not odds.major_battle(state, c)
    c["units"] = ["ger-inf-1", "ger-tan-a7v"]
    assert odds.major_battle(state, c)


# --- 9.62 a tank after attacking trenches; 10.42 a tank in reserve ---------------------------

def test_bop_9_62_a_tank_attacking_trenches_stays_in_maneuver_mode():
    """The whole chain: declaration, combat roll, the defender pays its RP result, and the
    surviving attackers: the infantry corps auto-entrenches, the tank cannot and keeps its
    maneuver mode (9.62's "corps that cannot entrench, such as tanks")."""
    state = position(LINE, {"ger-inf-1": "0602", "ger-inf-2": "0602", "ger-tan-a7v": "0602",
                            "fra-inf-1": "0502", "fra-inf-2": "0502"}, month="1918-05",
                     entrenched=["fra-inf-1", "fra-inf-2"])
    attack(state, LINE, ["ger-inf-1", "ger-inf-2", "ger-tan-a7v"], "0502", "ger-inf-1")
    c = state["flow"]["combat"]
    assert c["stage"] == "point"
    # 3:2 (0), 3 vs 3 (0), French trenches −2: FNM −2; 4+4−2 = 6 → 1/RP
    combat.answer(state, LINE, "point", {"point": "fra-inf-1"}, Dice([4, 4]))
    assert c["final"] == 6
    kind, seat, _ = combat.pending(state, LINE)
    assert (kind, seat) == ("pay", "france")
    combat.answer(state, LINE, "pay", {"pay": True}, Dice([]))
    units = state["board"]["units"]
    assert "ger-inf-1" not in units                       # the point unit took the loss
    assert units["ger-inf-2"]["mode"] == "entrenched"     # 9.62
    assert units["ger-tan-a7v"] == {"at": hx(LINE, "0602"), "mode": "maneuver"}
    assert state["flow"]["moves"]["ger-tan-a7v"]["mp"] != 0
    assert state["flow"]["moves"]["ger-inf-2"]["mp"] == 0


def test_bop_10_42_a_tank_reserve_rolls_against_its_defense_and_does_not_entrench():
    state = position(RESERVE, {"ger-inf-1": "0302", "fra-inf-1": "0202",
                               "fra-tan-ft_17": "0102"}, entrenched=["fra-inf-1"],
                     month="1918-08")
    c = {"target": hx(RESERVE, "0202"), "attacker": "central", "defender": "entente",
         "from": hx(RESERVE, "0302"), "reserve": None}
    # 3, maneuver −1, not adjacent to an enemy corps −1: 1 < 2 (the FT-17's defense) → in
    events = combat.roll_reserve(state, RESERVE, c, "fra-tan-ft_17", Dice([3]))
    assert events[0].data["needs_below"] == 2 and events[0].data["committed"]
    assert state["board"]["units"]["fra-tan-ft_17"] == {"at": hx(RESERVE, "0202"),
                                                       "mode": "maneuver"}


# --- 2.53 control -----------------------------------------------------------------------------

def test_bop_2_53_a_tank_alone_never_takes_control():
    state = position(LINE, {"fra-tan-schndr": "0502", "fra-inf-1": "0503"}, side="entente",
                     month="1917-05")
    occupy.enter(state, LINE, ["fra-tan-schndr"], [hx(LINE, "0502"), hx(LINE, "0602")])
    assert controller(state, LINE, hx(LINE, "0602")) == "germany"
    occupy.enter(state, LINE, ["fra-inf-1"], [hx(LINE, "0503"), hx(LINE, "0603")])
    assert controller(state, LINE, hx(LINE, "0603")) == "france"


# --- 2.92 crisis --------------------------------------------------------------------------------

def test_bop_2_92_a_nation_in_crisis_attacks_when_the_attack_includes_a_tank():
    state = position(LINE, {"fra-inf-1": "0502", "fra-tan-ft_17": "0502", "ger-inf-1": "0602"},
                     side="entente", month="1918-08")
    state["powers"]["france"]["demoralization"] = 7        # France's limit (12.4): in crisis
    supplied = {u: True for u in state["board"]["units"]}
    problem = combat.attack_problem(state, LINE, ["fra-inf-1"], hx(LINE, "0602"), supplied)
    assert problem is not None and problem[:2] == ("BoP 2.92", "crisis")
    assert "tank" in combat.refusal_message(problem[1], problem[2])
    assert combat.attack_problem(state, LINE, ["fra-inf-1", "fra-tan-ft_17"],
                                 hx(LINE, "0602"), supplied) is None
    assert combat.attack_problem(state, LINE, ["fra-tan-ft_17"], hx(LINE, "0602"),
                                 supplied) is None


# --- 6.222 procurement; 5.12 / 13.0 the seasonal pool ----------------------------------------

def test_bop_6_222_a_tank_costs_one_rp():
    state = position(LINE, {}, rp={"germany": 1}, month="1918-02")
    state["board"]["pool"] = ["ger-inf-1", "ger-tan-a7v"]
    assert economy.procurable(state, "germany") == ["ger-tan-a7v"]   # a corps costs 2
    economy.procure(state, "germany", "ger-tan-a7v", "1918-03")
    assert state["powers"]["germany"]["rp"] == 0
    assert "ger-tan-a7v" in state["board"]["arrivals"]["1918-03"]
    assert tanks.procurement_cost("ger-tan-a7v") == 1
    assert tanks.procurement_cost("ger-inf-1") == 2


@pytest.mark.parametrize("season,new", [
    ("1917-spring", ["fra-tan-schndr"]),
    ("1917-winter", ["ger-tan-a7v", "rus-tan-tsar_ii"]),
    ("1918-winter", ["bri-tan-mkviii", "fra-tan-char2c", "ger-tan-lkii"]),
])
def test_bop_13_0_tanks_join_their_force_pool_at_their_seasonal_turn(season, new):
    state = position(LINE, {}, month="1918-02", sides={"britain": "entente"})
    year, name = season.split("-")
    events = cob.pool_additions(state, int(year), name)
    assert [e.data["units"] for e in events] == [new]
    assert all(u in state["board"]["pool"] for u in new)
    assert cob.pool_additions(state, int(year), name) == []   # once only


def test_bop_13_0_a_tank_already_on_the_map_or_due_is_not_added_again():
    state = position(LINE, {"ger-tan-a7v": "0702"}, month="1918-02")
    state["board"]["arrivals"]["1918-03"] = ["rus-tan-tsar_ii"]
    assert cob.pool_additions(state, 1917, "winter") == []


def test_bop_12_1_no_tank_in_before_the_leaves_fall():
    """12.1 runs August–October 1914: its seasonal turn (autumn 1914) adds no tank."""
    state = position(theatre("bop-north-europe"), {})
    assert cob.pool_additions(state, 1914, "autumn") == []
