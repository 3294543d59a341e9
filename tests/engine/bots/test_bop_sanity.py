"""Issue #25's sanity checks for Balance of Powers level 2 (engine/bots/balance_of_powers/
sanity.py; docs/bots.md): it never leaves a capital empty while an enemy corps can march into
it next turn, and never declares an attack at or below the threshold it declares. A few short
games here; `python -m bench.bop_sanity --games N` plays whole ones."""

from __future__ import annotations

import pytest

from bench.bop_sanity import table
from engine import kernel, rulesets
from engine.bots.balance_of_powers.sanity import check_game, empty_capitals, reaching
from engine.bots.match import match_seed, play_match
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.theatre import theatre

SCENARIO = "before-the-leaves-fall"


def played(seed, game, side, against, max_actions):
    ruleset = rulesets.get("balance_of_powers")
    uid = f"sanity-test-{seed}-{game}-{side}-{against}"
    report = play_match(ruleset, SCENARIO, table(ruleset, SCENARIO, side, against),
                        seed=match_seed(seed, game), game_uid=uid, max_actions=max_actions)
    return ruleset, report, uid


@pytest.fixture(scope="module")
def central_game():
    # seed 2, game 6 against the greedy Entente, where an earlier engine saw Berlin left empty
    # all game (docs/bots.md); 300 actions reach the end of August.
    return played(2, 6, "central", "greedy", 300)


def test_bop_12_1_sanity_checker_flags_an_empty_capital_an_enemy_can_reach():
    ruleset = rulesets.get("balance_of_powers")
    seats = sorted(s["id"] for s in ruleset.scenario(SCENARIO)["seats"])
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, seats, match_seed(1, 0), "chk")
    th = theatre(state["board"]["map"])
    berlin = th.capital["germany"]
    units = state["board"]["units"]
    russian = next(u for u in sorted(UNITS) if UNITS[u].nation == "russia"
                   and UNITS[u].kind == "infantry")
    german = next(u for u in sorted(UNITS) if UNITS[u].nation == "germany"
                  and UNITS[u].kind == "infantry")
    for uid in [u for u, v in units.items() if v["at"] == berlin]:
        del units[uid]
    far = next(loc for loc in sorted(th.adj) if loc not in th.boxes and not any(
        v["at"] == loc for v in units.values()) and abs(th.column[loc] - th.column[berlin]) > 12)
    units[russian] = {"at": far, "mode": "maneuver"}
    assert empty_capitals(state, ["germany"], "central") == []      # out of a march's reach
    units[russian]["at"] = th.adj[berlin][0]
    assert reaching(state, th, berlin, "central") == [russian]
    found = empty_capitals(state, ["germany"], "central")
    assert [(f["capital"], f["nation"], f["enemy"]) for f in found] == [
        (berlin, "germany", [russian])]
    units[german] = {"at": berlin, "mode": "maneuver"}
    assert empty_capitals(state, ["germany"], "central") == []      # held


def test_bop_12_1_level2_central_passes_the_sanity_checks(central_game):
    ruleset, report, uid = central_game
    assert report.illegal == 0 and report.errors == 0, report.problems
    checked = check_game(ruleset, SCENARIO, report, seed=match_seed(2, 6), game_uid=uid)
    assert checked.capital_checks >= 4 and checked.attacks_checked >= 3
    assert checked.violations == []


def test_bop_12_1_level2_entente_passes_the_sanity_checks():
    ruleset, report, uid = played(1, 0, "entente", "level1", 250)
    assert report.illegal == 0 and report.errors == 0, report.problems
    checked = check_game(ruleset, SCENARIO, report, seed=match_seed(1, 0), game_uid=uid)
    assert checked.capital_checks >= 2
    assert checked.violations == []
