"""FA 13.3 with 11.3.5 (issue #22, version 29, R-N64–R-N68): at the end of the turn the side
with the initiative decides first which ships go home; the orders then land in turn, and enemy
units staying at sea in the area may intercept each; an intercepted return cannot stop, it
fights through from the 0 section with only the units staying at sea beside it. Through the
kernel (`apply`), which works on a copy."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.migrations import v28_to_v29
from engine.rulesets.fatal_alliances.return_interception import begin_returns
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .test_11_3_naval_movement import ROLLER, SEED
from .test_11_3_naval_movement import at_war as new_position

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-28.json"
CL = "germany-high-seas-fleet-cl-1"
BC = "britain-battlecruisers-1"           # stays at sea
HARWICH = "britain-harwich-force-1"       # ordered home too
_BASE: dict = {}


def end_of_turn(holder="central", **at_sea):
    """The campaign in the return-to-base step, the named ships at sea, fine weather, no
    convoy points at sea, `holder` holding the initiative."""
    if not _BASE:
        _BASE["state"] = new_position()
    state = copy.deepcopy(_BASE["state"])
    state["board"]["convoys"] = {}
    state["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    state["flow"]["initiative"]["holder"] = holder
    for uid, (area, section) in at_sea.items():
        fleets(state)[uid].update(port=None, area=area, section=section)
    move_to(state, Step.RETURN_TO_BASE.value)
    begin_returns(state, ROLLER)
    return state


def north_sea(holder="central"):
    return end_of_turn(holder, **{CL: ("north-sea", 2), BC: ("north-sea", 3),
                                  HARWICH: ("north-sea", 1)})


def answer(state, power, action, kind, seed=SEED):
    [d] = [d for d in decisions(RULESET, state) if d.kind == kind and power in d.seats]
    before = copy.deepcopy(state)
    outcome = apply(RULESET, state, power, d.id, action, seed=seed)
    assert state == before                   # the kernel works on a copy
    return outcome.state, outcome.events


def open_kinds(state):
    return sorted((d.kind, d.seats) for d in decisions(RULESET, state))


def orders_given(holder="central", britain_home=True):
    """Germany orders its cruiser home, Britain its Harwich cruiser (or not), keeping the
    battlecruiser at sea (a section lower)."""
    state = north_sea(holder)
    state, _ = answer(state, "germany", {"units": [CL], "to_port": "wilhelmshaven"},
                      "naval_return")          # Germany has nothing more at sea: not asked
    if britain_home:
        state, _ = answer(state, "britain", {"units": [HARWICH], "to_port": "harwich"},
                          "naval_return")
    state, events = answer(state, "britain", {"done": True}, "naval_return")
    return state, events


def test_fa_13_3_the_initiative_side_decides_first_and_orders_wait_in_the_area():
    state = north_sea("central")
    assert open_kinds(state) == [("naval_return", ("germany",))]      # Britain waits
    state, events = answer(state, "germany", {"units": [CL], "to_port": "wilhelmshaven"},
                           "naval_return")
    assert [e.kind for e in events] == ["return_ordered"]
    assert fleets(state)[CL]["area"] == "north-sea"                    # waiting, not home
    assert state["flow"]["returns"] == [{"power": "germany", "units": [CL],
                                         "to_port": "wilhelmshaven"}]
    assert open_kinds(state) == [("naval_return", ("britain",))]
    # with the Entente holding the initiative, Britain is asked first
    assert open_kinds(north_sea("entente")) == [("naval_return", ("britain",))]


def test_fa_13_3_an_enemy_staying_at_sea_may_intercept_a_return_and_it_must_fight_through():
    """Britain's battlecruiser, kept at sea (section 3 → 2), is asked about Germany's
    returning cruiser; a success is fought at once (no stop is offered, 13.3), the cruiser in
    the 0 section, and what survives it still lands face-down."""
    seen = {"hit": 0, "miss": 0}
    for n in range(10):
        state, events = orders_given()
        assert fleets(state)[BC]["section"] == 2
        assert open_kinds(state) == [("naval_intercept", ("britain",))]
        [d] = decisions(RULESET, state)
        assert d.rule == "FA 13.3" and d.options[0] == {"done": True}
        seed = SEED + bytes([n])
        after, events = answer(state, "britain", {"intercept": True, "subs": False},
                               "naval_intercept", seed=seed)
        [roll] = [e for e in events if e.kind == "interception"]
        assert roll.data["search"] >= 0 and roll.data["face_down"] == BC
        kinds = [e.kind for e in events]
        assert "naval_intercepted" not in [d.kind for d in decisions(RULESET, after)]
        if roll.data["success"]:
            seen["hit"] += 1
            assert "fight_through" in kinds
            assert next(e for e in events if e.kind == "fight_through").data["returning"]
        else:
            seen["miss"] += 1
            assert "fight_through" not in kinds
        # sunk, or home (face-down, then up again in the final reorganisation the step leads to)
        cl = fleets(after).get(CL)
        assert cl is None or (cl["area"] is None and cl["port"] is not None)
        assert any(e.kind == "return_to_base" and e.data["units"] == [CL]
                   or e.kind == "naval_abort" and e.data["unit"] == CL for e in events) \
            or cl is None
        # Britain's own return, never intercepted (Germany keeps nothing at sea), lands too
        assert fleets(after)[HARWICH]["port"] == "harwich"
    assert seen["hit"] and seen["miss"]


def test_fa_13_3_ships_ordered_home_take_no_part_in_an_interception_combat():
    """The Harwich cruiser, itself returning, is withheld from the fight-through: no round
    includes it, it is never hit, and it lands after Germany's return is over."""
    rounds = 0
    for n in range(20):
        state, _ = orders_given()
        after, events = answer(state, "britain", {"intercept": True, "subs": False},
                               "naval_intercept", seed=SEED + bytes([n]))
        if not any(e.kind == "fight_through" for e in events):
            continue
        for e in events:
            if e.kind == "naval_round":
                rounds += 1
                assert CL in e.data["included"]["central"]
                assert HARWICH not in e.data["included"]["entente"]
        assert not any(e.data.get("unit") == HARWICH for e in events
                       if e.kind in ("naval_hit", "ship_sunk", "naval_abort"))
        assert fleets(after)[HARWICH]["port"] == "harwich"
    assert rounds


def test_fa_13_3_only_units_staying_at_sea_intercept():
    """With every British ship in the area ordered home, Britain has no unit staying at sea:
    nobody is asked, and every return lands."""
    state = end_of_turn("central", **{CL: ("north-sea", 2), HARWICH: ("north-sea", 1)})
    state, _ = answer(state, "germany", {"units": [CL], "to_port": "wilhelmshaven"},
                      "naval_return")          # Germany has nothing more at sea: not asked
    state, events = answer(state, "britain", {"units": [HARWICH], "to_port": "harwich"},
                           "naval_return")
    assert not any(d.kind == "naval_intercept" for d in decisions(RULESET, state))
    assert [e.data["units"] for e in events if e.kind == "return_to_base"] == [[CL], [HARWICH]]
    assert fleets(state)[CL]["port"] == "wilhelmshaven"


def test_fa_13_3_a_sub_task_force_returning_is_not_intercepted():
    sub = "germany-u-boats-1"
    state = end_of_turn("central", **{sub: ("north-sea", 1), BC: ("north-sea", 3)})
    state, _ = answer(state, "germany", {"units": [sub], "to_port": "wilhelmshaven"},
                      "naval_return")
    state, events = answer(state, "britain", {"done": True}, "naval_return")
    assert not any(d.kind == "naval_intercept" for d in decisions(RULESET, state))
    assert fleets(state)[sub]["port"] == "wilhelmshaven"


def test_fa_13_3_the_kernel_refuses_bad_return_answers_and_changes_nothing():
    state, _ = orders_given()
    [d] = decisions(RULESET, state)
    before = copy.deepcopy(state)
    for seat, bad in (("britain", {"intercept": True, "subs": True}),   # no British SUB there
                      ("britain", {"fight": True}),                      # no stop/fight choice
                      ("germany", {"done": True})):                      # not Germany's to answer
        with pytest.raises(IllegalAction):
            apply(RULESET, state, seat, d.id, bad, seed=SEED)
        assert state == before
    fresh = north_sea()
    [d] = decisions(RULESET, fresh)
    frozen = copy.deepcopy(fresh)
    with pytest.raises(IllegalAction):                # Britain may not decide before Germany
        apply(RULESET, fresh, "britain", d.id, {"done": True}, seed=SEED)
    assert fresh == frozen


def test_fa_13_3_version_29_carries_a_running_version_28_campaign_unchanged():
    """Nothing waits in a version-28 game (its orders were carried out at once)."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "28"
    old = copy.deepcopy(frozen["state"])
    assert v28_to_v29(frozen["state"]) == old and int(RULESET.version) >= 29
