"""FA 11.4.7.2 — convoy points in naval combat (version 20, R-N39–R-N40): enemy warships fight
the convoy points of a power they are at war with, convoys are included by search or by
11.4.4.1, count a ship per 2 points, take X/D/A as 2 sunk / 1 sunk / 1 to port once no
unscreened unit of their side is left, weigh on the enemy's search roll (11.4.4), and a chain
that loses them ships less at production (13.5.1.2). Every expectation is read back from the
rolls and the chart through the real combat."""

from __future__ import annotations

import copy

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller
from engine.rulesets.fatal_alliances.naval_chart import surface_chart
from engine.rulesets.fatal_alliances.naval_combat import Combat, apply_results, fight, search
from engine.rulesets.fatal_alliances.production import production_points
from engine.rulesets.fatal_alliances.sea_battles import battle_options
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .test_11_3_naval_movement import SEED
from .test_11_4_naval_combat import HSF_BB, at_sea, at_war, fine

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
LOSS = {"X": 2, "D": 1, "A": 1, "1/2A": 0}


def _rounds(events):
    return [e for e in events if e.kind == "naval_round"]


def test_fa_11_4_7_2_warships_fight_enemy_convoys_alone_in_an_area():
    """The High Seas Fleet alone with Britain's North Sea convoy points (2 of its 3, so they
    are one ship on the chart): Germany is offered the combat (11.4.2), Britain's convoys
    (section 0, never found by their own roll in fine weather) are included by 11.4.4.1, and every result the chart gives lands on
    them: X sinks 2, D sinks 1, A sends 1 to port."""
    rounds_seen = 0
    for n in range(8):
        state = fine(at_war())
        at_sea(state, HSF_BB, "north-sea", 4)
        assert state["board"]["convoys"]["north-sea"] == {"britain": 3}
        state["board"]["convoys"]["north-sea"] = {"britain": 2}
        if n == 0:
            state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
            move_to(state, Step.NAVAL_COMBAT.value)
            assert {"area": "north-sea"} in battle_options(state, "germany")
        events = fight(state, "north-sea", "central", Roller(SEED, f"cv{n}", 0))
        points = 2
        sunk = to_port = 0
        for e in events:
            if e.kind == "naval_round":
                assert e.data["convoys"] == {"central": 0, "entente": points}
                assert e.data["included"]["entente"] == []
                want = surface_chart().results(e.data["attack"]["central"],
                                               e.data["shift"]["central"], (points + 1) // 2)
                assert tuple(e.data["results"]["central"]) == want
                assert e.data["results"]["entente"] == []     # screened convoys fire nothing
            if e.kind == "convoy_hit":
                lost = sum(e.data["points"].values())
                assert lost == min(LOSS[e.data["result"]], points)
                points -= lost
                if e.data["result"] == "A":
                    to_port += lost
                else:
                    sunk += lost
        rounds_seen += bool(_rounds(events))
        assert state["board"]["convoys"].get("north-sea", {}).get("britain", 0) == points
        assert state["board"].get("convoys_in_port", {}).get("britain", 0) == to_port
        assert sunk + to_port + points == 2
    assert rounds_seen >= 3


def test_fa_11_4_7_2_convoys_are_hit_only_after_their_side_s_warships():
    """Screened convoy points take results only once every unscreened unit of their side is
    sunk or aborting (11.4.7); an X on two equal stacks of one side sinks one of each (R-N39)."""
    state = fine(at_war())
    grand = ["britain-grand-fleet-bb-1"]
    at_sea(state, grand, "north-sea", 3)
    at_sea(state, [HSF_BB[0]], "north-sea", 4)
    state["board"]["convoys"]["north-sea"] = {"britain": 2, "france": 2}
    state["board"]["active"] = sorted(set(state["board"]["active"]) | {"france"})
    combat = Combat("north-sea", "central")
    included = {"britain": 2, "france": 2}          # the round's included points (R-N54)
    apply_results(state, combat, ("A",), grand, Roller(SEED, "screen", 0), {}, "entente",
                  included)
    assert state["board"]["convoys"]["north-sea"] == {"britain": 2, "france": 2}
    combat.aborting.add(grand[0])
    apply_results(state, combat, ("X", "1/2A"), grand, Roller(SEED, "screen", 1), {}, "entente",
                  included)
    assert state["board"]["convoys"]["north-sea"] == {"britain": 1, "france": 1}
    hits = [e.data for e in combat.events if e.kind == "convoy_hit"]
    assert hits == [{"area": "north-sea", "result": "X", "effect": "sunk",
                     "points": {"britain": 1, "france": 1}},
                    {"area": "north-sea", "result": "1/2A", "effect": "none", "points": {}}]


def test_fa_11_4_4_every_ten_enemy_convoy_points_take_one_from_the_search_roll():
    """1 off per 10 (or part) enemy convoy points; not in a storm, not on an interception's
    roll (the given roll, 11.3.5.4)."""
    state = fine(at_war())
    at_sea(state, [HSF_BB[0]], "north-sea", 2)
    combat = Combat("north-sea", "central")
    roller = Roller(SEED, "cvsearch", 0)
    state["board"]["convoys"]["north-sea"] = {"britain": 3}
    for points, roll, finds in ((3, 3, True), (10, 3, True), (11, 4, True), (11, 5, False)):
        state["board"]["convoys"]["north-sea"] = {"britain": points}
        s = copy.deepcopy(state)
        # an interception's given roll takes no convoy penalty: 3 fails at section 2
        assert search(s, combat, "central", roller, 3) == (3, [])
        got = _search_with(s, combat, roll)
        assert bool(got) is finds, (points, roll)
    state["flow"]["weather"]["zones"]["north_temperate"] = "storm"
    state["board"]["convoys"]["north-sea"] = {"britain": 20}
    assert _search_with(state, combat, 3) == []


def _search_with(state, combat, roll):
    """A rolled (not given) search whose die shows `roll`."""
    class Fixed:
        def d(self, sides, why):
            return roll
    return search(state, combat, "central", Fixed(), None)[1]


def test_fa_11_4_7_2_a_chain_sunk_at_sea_ships_nothing_at_production():
    """13.5.1.2 after 11.4.7.2: Cardiff's coal sails only through the English Channel; when a
    combat there sinks Britain's convoy points, British production drops from 6 to 5."""
    dropped = kept = 0
    for n in range(10):
        state = fine(at_war())
        state["board"]["convoys"]["english-channel"] = {"britain": 1}
        assert production_points(state, "britain") == 6
        at_sea(state, HSF_BB, "english-channel", 4)
        fight(state, "english-channel", "central", Roller(SEED, f"chain{n}", 0))
        left = state["board"]["convoys"].get("english-channel", {}).get("britain", 0)
        assert production_points(state, "britain") == (6 if left else 5)
        dropped += not left
        kept += bool(left)
    assert dropped >= 1


def test_fa_11_4_7_2_version_20_carries_a_running_version_19_campaign_unchanged():
    import json
    from pathlib import Path

    from engine.rulesets.fatal_alliances import RULESET
    from engine.rulesets.fatal_alliances.migrations import v19_to_v20
    fixture = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
               / "fatal_alliances-19.json")
    frozen = json.loads(fixture.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "19"
    old = copy.deepcopy(frozen["state"])
    assert v19_to_v20(frozen["state"]) == old and int(RULESET.version) >= 20
