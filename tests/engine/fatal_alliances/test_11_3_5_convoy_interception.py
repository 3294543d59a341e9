"""FA 11.3.5 with 11.4.7.2 — convoy moves are intercepted like task forces (version 27,
R-N54-R-N55): points sailing out of port into a sea area holding a face-up enemy unit may be
intercepted there; the roll is the task force's (the points count a ship every 2 against the
more-than-10 modifier); fighting through puts the moving points into the first round even when
their side's own search misses the 0 section; an aborted point goes face-down into port."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.interception import (
    answer_intercept,
    answer_intercepted,
    pending,
)
from engine.rulesets.fatal_alliances.migrations import v26_to_v27
from engine.rulesets.fatal_alliances.naval_convoys import take
from engine.rulesets.fatal_alliances.sea_battles import battle_options
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .test_11_3_naval_movement import SEED
from .test_11_3_naval_movement import at_war as new_position

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
_BASE: dict = {}
HARWICH = "britain-harwich-force-1"
OUT_TO_NORTH_SEA = {"convoy": "port", "to_area": "north-sea"}
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-26.json"


def at_war():
    if not _BASE:
        _BASE["state"] = new_position()
    return copy.deepcopy(_BASE["state"])


def british_cruiser_in_north_sea(section=3, german_in_port=3):
    """Germany's naval move with `german_in_port` convoy points in port; Britain's Harwich
    cruiser face-up in the North Sea (3 British convoy points sit there since 1914)."""
    state = at_war()
    state["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    state["board"]["convoys_in_port"] = {"germany": german_in_port}
    fleets(state)[HARWICH].update(port=None, area="north-sea", section=section)
    return state


def one(state, power, kind):
    [d] = [d for d in decisions(RULESET, state) if d.seats == (power,)]
    assert d.kind == kind, d.kind
    return d


def sail(state, order, points, power="germany"):
    d = one(state, power, "naval_move")
    state = apply(RULESET, state, power, d.id, order, seed=SEED).state
    d = one(state, power, "naval_convoy")
    return apply(RULESET, state, power, d.id, {"points": points}, seed=SEED)


def test_fa_11_3_5_a_convoy_move_into_an_enemy_held_area_may_be_intercepted():
    state = british_cruiser_in_north_sea()
    result = sail(state, OUT_TO_NORTH_SEA, 2)
    [moved] = [e for e in result.events if e.kind == "convoy_moved"]
    assert moved.data["interceptors"] == ["britain"]
    # the enemy is asked before anyone moves on, as for a task force of ships
    d = one(result.state, "britain", "naval_intercept")
    assert {"intercept": True, "subs": False} in d.options
    assert pending(result.state)["convoys"] == 2 and pending(result.state)["units"] == []
    # 11.5: the points are non-SUB units moved into the area: the other side may start a
    # combat there in the naval combat step
    assert "north-sea" in result.state["flow"]["naval"]["entered"]
    passed = apply(RULESET, result.state, "britain", d.id, {"done": True}, seed=SEED).state
    assert pending(passed) is None and one(passed, "germany", "naval_move")
    move_to(passed, Step.NAVAL_COMBAT.value)
    assert {"area": "north-sea"} in battle_options(passed, "britain")


def test_fa_11_3_5_no_interception_of_convoy_points_going_into_port_or_unwatched_areas():
    """R-N3 as for ships: a move into port is not intercepted; nor one into an area holding
    no face-up enemy unit (enemy convoy points there never intercept: 11.3.5.1)."""
    state = british_cruiser_in_north_sea()
    state["board"]["convoys"]["baltic"] = {"germany": 2}
    russian = next(u for u, sh in sorted(fleets(state).items()) if sh["power"] == "russia")
    fleets(state)[russian].update(port=None, area="baltic", section=2)
    home = sail(state, {"convoy": "baltic", "to_port": "kiel"}, 2)
    assert pending(home.state) is None
    assert [e for e in home.events if e.kind == "convoy_moved"][0].data["to"] == "port:kiel"
    fleets(state)[HARWICH].update(up=False)      # face-down and no watch unit: nobody may try
    quiet = sail(state, OUT_TO_NORTH_SEA, 1)
    assert [e for e in quiet.events if e.kind == "convoy_moved"][0].data["interceptors"] == []


def test_fa_11_3_5_1_a_convoy_interception_rolls_as_for_a_task_force():
    """The d10 against the cruiser's section (3), +0 in fine weather, no convoy penalty on an
    interception's roll (11.4.4), -1 against more than 10 ships: 21 points are 11 ships, 20
    are 10 (11.4.7.2's count, R-N54)."""
    for points, big in ((20, 0), (21, 1)):
        state = british_cruiser_in_north_sea(german_in_port=points)
        moved = sail(state, OUT_TO_NORTH_SEA, points).state
        [ev] = answer_intercept(moved, "britain", {"intercept": True, "subs": False},
                                Roller(SEED, f"big{points}", 0))
        assert ev.data["search"] == 3 and ev.data["against"] == "germany"
        assert ev.data["modified"] == ev.data["roll"] - big
        assert ev.data["face_down"] == HARWICH and fleets(moved)[HARWICH]["up"] is False


def _intercepted(state, tag):
    """Sail 2 points and let Britain try until a seed intercepts them."""
    moved = sail(state, OUT_TO_NORTH_SEA, 2).state
    for n in range(60):
        trial = copy.deepcopy(moved)
        [ev] = answer_intercept(trial, "britain", {"intercept": True, "subs": False},
                                Roller(SEED, f"{tag}{n}", 0))
        if ev.data["success"]:
            return trial, ev
    raise AssertionError("no interception succeeded in 60 seeds")


def test_fa_11_3_5_3_intercepted_convoy_points_may_stop_without_a_combat():
    state, _ = _intercepted(british_cruiser_in_north_sea(section=4), "stop")
    d = one(state, "germany", "naval_intercepted")
    after = apply(RULESET, state, "germany", d.id, {"done": True}, seed=SEED)
    assert [e.kind for e in after.events] == ["interception_stop"]
    assert after.state["board"]["convoys"]["north-sea"]["germany"] == 2


def test_fa_11_3_5_4_fighting_through_puts_the_moving_points_in_the_first_round():
    """3 German points already in the North Sea, 2 more sail in and are intercepted: the first
    round always holds the 2 (and only them, unless Germany's own roll reaches the 0 section,
    which needs a modified 0 or less); Britain's roll there is the interception roll. What
    the round sinks or aborts comes off the German stack: X 2, D 1, A 1 into port face-down."""
    seen_only_moving = False
    for k in range(12):
        base = british_cruiser_in_north_sea(section=4)
        base["board"]["convoys"]["north-sea"]["germany"] = 3
        state, ev = _intercepted(base, f"ft{k}-")
        events = answer_intercepted(state, "germany", {"fight": True}, Roller(SEED, f"f{k}", 0))
        first = next(e for e in events if e.kind == "naval_round")
        assert events[0].kind == "fight_through"
        assert first.data["rolls"]["entente"] == ev.data["roll"]
        assert first.data["included"]["central"] == []
        assert first.data["convoys"]["central"] in (2, 5)
        seen_only_moving |= first.data["convoys"]["central"] == 2
        sunk = sum(sum(e.data["points"].values()) for e in events
                   if e.kind == "convoy_hit" and e.data["effect"] == "sunk")
        back = sum(sum(e.data["points"].values()) for e in events
                   if e.kind == "convoy_hit" and e.data["effect"] == "abort")
        left = state["board"]["convoys"].get("north-sea", {}).get("germany", 0)
        assert left + sunk + back == 5
        assert state["board"].get("convoys_used", {}).get("germany", 0) == back
        assert state["board"]["convoys_in_port"].get("germany", 0) == 1 + back
        assert events[-1].kind == "naval_combat_over" and events[-1].rule == "FA 11.3.5.4"
    assert seen_only_moving


def test_fa_11_4_7_1_an_aborted_convoy_point_goes_face_down_into_port():
    """R-N55: an A on convoy points sends one to the pool in port under a "CP used" marker
    (11.4.7.1 turns an aborting unit face-down); it does not sail again this turn."""
    state = british_cruiser_in_north_sea()
    hit = take(state, "north-sea", "entente", "A", {"britain": 3})
    assert hit.data == {"area": "north-sea", "result": "A", "effect": "abort",
                        "points": {"britain": 1}}
    assert state["board"]["convoys_in_port"]["britain"] == 1
    assert state["board"]["convoys_used"]["britain"] == 1
    assert state["board"]["convoys"]["north-sea"]["britain"] == 2


def test_fa_11_3_5_version_27_carries_a_running_version_26_campaign_unchanged():
    """Nothing to carry: a pending interception without `convoys` is a task force's."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "26"
    old = copy.deepcopy(frozen["state"])
    assert v26_to_v27(frozen["state"]) == old and int(RULESET.version) >= 27
