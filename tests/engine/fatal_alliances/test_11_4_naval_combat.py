"""FA 11.4 naval combat (issue #22): the authored surface chart (R-N8), search and surprise
(11.4.4–11.4.5), results against defence rolls (11.4.7.1), rounds until the searches fail
(11.4.10) and the naval combat step (11.4.1–11.4.2, 11.5). Rolls come from the kernel's
Roller; each expectation is read back from the rolls it recorded."""

import copy

import pytest

from engine.kernel import Roller
from engine.rulesets.fatal_alliances.fleets import fleets, values
from engine.rulesets.fatal_alliances.naval_chart import (
    NavalChartError,
    build_chart,
    surface_chart,
)
from engine.rulesets.fatal_alliances.naval_combat import (
    DOWNGRADE,
    Combat,
    apply_results,
    fight,
    search,
    surprise,
    surprise_options,
    surprise_waiting,
)
from engine.rulesets.fatal_alliances.sea_battles import (
    battle_options,
    battling,
    spend_surprise,
    start_battle,
)
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.steps import open_decisions

from .test_11_3_naval_movement import SEED
from .test_11_3_naval_movement import at_war as new_position

_BASE = {}


def at_war():
    """The campaign at war in the Central Powers' naval movement step (built once, copied)."""
    if not _BASE:
        _BASE["state"] = new_position()
    return copy.deepcopy(_BASE["state"])

HSF_BB = ["germany-high-seas-fleet-bb-1", "germany-high-seas-fleet-bb-2"]
GRAND_BB = ["britain-grand-fleet-bb-1", "britain-grand-fleet-bb-2"]


def fine(state):
    state["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    return state


def at_sea(state, units, area, section):
    for u in units:
        fleets(state)[u].update(port=None, area=area, section=section)


def test_fa_11_4_7_the_authored_chart_reads_attack_columns_and_enemy_ship_rows():
    """R-N8: 9 attack factors (column 8-11) against 1 ship inflict D and A; against 12 ships
    more; two columns right of 33+ stays on the last column; one column left of the first
    inflicts nothing; nothing fired, nothing inflicted."""
    chart = surface_chart()
    assert chart.results(9, 0, 1) == ("D", "A")
    assert chart.results(9, 0, 12) == ("X", "D", "A")
    assert chart.results(40, 2, 1) == chart.results(33, 0, 1) == ("X", "X", "A")
    assert chart.results(2, -1, 3) == ()
    assert chart.results(0, 3, 3) == ()
    # more enemy ships never give fewer results; more attack never fewer
    for r in range(len(chart.rows)):
        sizes = [len(c) for c in chart.cells[r]]
        assert sizes == sorted(sizes)


def test_fa_11_4_7_the_chart_must_say_it_is_authored_and_be_well_formed():
    good = {"origin": "authored", "about": "ours",
            "surface": {"columns": [[1, 2], [3, None]], "rows": [[1, None]],
                        "cells": [[["A"], ["D"]]]}}
    assert build_chart(good).results(5, 0, 4) == ("D",)
    for bad in ({**good, "origin": "printed"},
                {**good, "surface": {**good["surface"], "cells": [[["A"]]]}},
                {**good, "surface": {**good["surface"], "cells": [[["A"], ["Z"]]]}},
                {**good, "surface": {**good["surface"], "columns": [[1, 2], [4, None]]}}):
        with pytest.raises(NavalChartError):
            build_chart(bad)


def test_fa_11_4_4_a_search_includes_units_in_sections_at_or_above_the_modified_roll():
    """Search numbers are the section numbers (0-4); a roll of 3 finds the 3 and 4 sections,
    in rain the roll counts one more and finds only the 4 section (11.4.4)."""
    state = fine(at_war())
    at_sea(state, [HSF_BB[0]], "north-sea", 2)
    at_sea(state, [HSF_BB[1]], "north-sea", 4)
    at_sea(state, GRAND_BB, "north-sea", 3)
    combat = Combat("north-sea", "central")
    roller = Roller(SEED, "search", 0)
    assert search(state, combat, "central", roller, 3) == (3, [HSF_BB[1]])
    assert search(state, combat, "central", roller, 2) == (2, HSF_BB)
    state["flow"]["weather"]["zones"]["north_temperate"] = "rain"
    assert search(state, combat, "central", roller, 3) == (3, [HSF_BB[1]])
    assert search(state, combat, "central", roller, 2) == (2, [HSF_BB[1]])
    assert search(state, combat, "entente", roller, 3) == (3, [])


def test_fa_11_4_5_surprise_points_are_the_highest_included_section_plus_the_enemy_roll():
    state = fine(at_war())
    at_sea(state, [HSF_BB[0]], "north-sea", 2)
    at_sea(state, [HSF_BB[1]], "north-sea", 4)
    assert surprise(state, "north-sea", HSF_BB, 6) == 10
    assert surprise(state, "north-sea", [HSF_BB[0]], 1) == 3
    assert surprise(state, "north-sea", [], 5) == 5


def test_fa_11_4_7_1_a_roll_at_or_under_defence_takes_the_result_else_the_next_worse():
    """Each result is rolled against its target's defence (a damaged ship's one higher): at or
    under it the result stands, over it the next worse one (X→D→A→1/2A→none); D on a damaged
    ship sinks it; targets alternate, the owner first (R-N9)."""
    seen = set()
    for n in range(12):
        state = fine(at_war())
        at_sea(state, GRAND_BB, "north-sea", 3)
        fleets(state)[GRAND_BB[1]]["damaged"] = True
        before = copy.deepcopy(fleets(state))
        roller = Roller(SEED, f"hits{n}", 0)
        combat = Combat("north-sea", "central")
        apply_results(state, combat, ("D", "X", "A", "1/2A"), list(GRAND_BB), roller, {})
        hits = [e for e in combat.events if e.kind == "naval_hit"]
        assert [h.data["result"] for h in hits][:1] == ["X"]        # X first, then D, A
        damaged = {u for u in GRAND_BB if before[u]["damaged"]}
        halves: dict[str, int] = {}
        for h in hits:
            u = h.data["unit"]
            expect = values(u)["defence"] + (1 if u in damaged else 0)
            assert h.data["defence"] == expect
            want = h.data["result"] if h.data["roll"] <= expect else DOWNGRADE[h.data["result"]]
            if want == "1/2A":             # two half-aborts in one round make an abort
                halves[u] = halves.get(u, 0) + 1
                want = "A" if halves[u] == 2 else None
            assert h.data["effect"] == (want or "none")
            if h.data["effect"] == "D":
                damaged.add(u)
            seen.add(h.data["roll"] <= expect)
        # the first pick is the owner's: its toughest ship (the undamaged one, defence 3)
        assert hits[0].data["unit"] == GRAND_BB[0]
        sunk = {e.data["unit"] for e in combat.events if e.kind == "ship_sunk"}
        assert all(u not in fleets(state) for u in sunk)
    assert seen == {True, False}


def test_fa_11_4_7_1_a_damaged_ship_fires_at_half_attack():
    from engine.rulesets.fatal_alliances.naval_combat import side_attack
    state = at_war()
    full = side_attack(state, GRAND_BB)
    fleets(state)[GRAND_BB[0]]["damaged"] = True
    assert side_attack(state, GRAND_BB) == full - values(GRAND_BB[0])["attack"] / 2


def test_fa_11_4_10_rounds_go_on_until_the_searches_fail_and_damaged_ships_abort_to_base():
    """A full combat through the dice: every round's included units match its rolls, the
    last round (if under the cap) found nobody, and no damaged ship stays in the area."""
    fought = 0
    for n in range(10):
        state = fine(at_war())
        state["board"]["convoys"].pop("north-sea")   # warships only (convoys: 11.4.7.2's tests)
        at_sea(state, HSF_BB, "north-sea", 4)
        at_sea(state, GRAND_BB, "north-sea", 4)
        events = fight(state, "north-sea", "central", Roller(SEED, f"fight{n}", 0))
        rounds = [e for e in events if e.kind == "naval_round"]
        for r in rounds:        # every ship in section 4: a roll of 4 or less finds them all;
            assert min(r.data["rolls"].values()) <= 4      # one side finding is enough,
            assert all(r.data["included"].values())         # and it includes the other (11.4.4.1)
        searches = [e for e in events if e.kind == "naval_search"]
        left = [u for u, sh in fleets(state).items() if sh["area"] == "north-sea"]
        assert not any(fleets(state)[u]["damaged"] for u in left)
        assert events[-1].kind == "naval_combat_over"
        if searches:
            assert all(v > 4 for v in searches[-1].data["rolls"].values())
        for e in events:
            if e.kind == "naval_abort":
                ship = fleets(state)[e.data["unit"]]
                assert ship["port"] == e.data["to"] and ship["up"] is False
        fought += bool(rounds)
    assert fought >= 3


def test_fa_11_4_2_the_naval_combat_step_offers_contested_areas_to_naval_and_combined_actions():
    """Germany (naval action) is offered the North Sea where it meets the Grand Fleet; on a
    land action it is not (11.4.1); starting a combat turns a German ship face-down and fights."""
    state = fine(at_war())
    at_sea(state, [HSF_BB[0]], "north-sea", 3)
    at_sea(state, GRAND_BB, "north-sea", 3)
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    assert {"area": "north-sea"} in battle_options(state, "germany")
    assert [d.kind for d in open_decisions(state)] == ["naval_combat"]
    land = copy.deepcopy(state)
    land["flow"]["actions"]["germany"] = "land"
    assert battle_options(land, "germany") == [{"done": True}]
    # 11.5: Britain may start one only where the active side moved surface units in
    assert "britain" not in battling(land)
    land["flow"]["naval"]["entered"] = ["north-sea"]
    assert "britain" in battling(land)
    roller = Roller(SEED, "step", 0)
    events = start_battle(state, "germany", {"area": "north-sea"}, roller)
    while surprise_waiting(state) is not None:      # version 31: the holder's standing plan
        power = surprise_waiting(state)["power"]
        events += spend_surprise(state, power, surprise_options(state, power)[0], roller)
    assert events[0].kind == "naval_combat" and events[-1].kind == "naval_combat_over"
    assert state["flow"]["naval"]["fought"] == ["north-sea"]
    assert {"area": "north-sea"} not in battle_options(state, "germany")
