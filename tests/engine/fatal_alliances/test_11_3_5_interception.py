"""FA 11.3.5 interception (issue #22): a surface task force sailing into a sea area holding a
face-up enemy ship may be intercepted; the interceptor turns a unit face-down and rolls a d10
against the search number of its highest committed section; a success lets the mover stop or
fight through (11.3.5.3–11.3.5.4)."""

import copy

from engine.kernel import Roller
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.interception import (
    answer_intercept,
    answer_intercepted,
    pending,
    sail_and_watch,
)
from engine.rulesets.fatal_alliances.steps import open_decisions

from .test_11_3_naval_movement import SEED
from .test_11_3_naval_movement import at_war as new_position

_BASE = {}


def at_war():
    """The campaign at war in the Central Powers' naval movement step (built once, copied)."""
    if not _BASE:
        _BASE["state"] = new_position()
    return copy.deepcopy(_BASE["state"])

CL = ["germany-high-seas-fleet-cl-1"]


def enemy_in_north_sea(section=3):
    state = at_war()
    state["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    fleets(state)["britain-harwich-force-1"].update(port=None, area="north-sea", section=section)
    return state


def test_fa_11_3_5_entering_an_enemy_held_area_asks_the_enemy_to_intercept():
    state = enemy_in_north_sea()
    events = sail_and_watch(state, "germany",
                            {"units": CL, "to_area": "north-sea", "section": 1}, SEED_ROLLER())
    assert events[0].data["interceptors"] == ["britain"]
    [d] = open_decisions(state)
    assert (d.kind, d.seats) == ("naval_intercept", ("britain",))
    assert d.options[0] == {"done": True} and {"intercept": True, "subs": False} in d.options
    # letting it pass: the move step goes on
    answer_intercept(state, "britain", {"done": True}, SEED_ROLLER())
    assert pending(state) is None
    assert {d.kind for d in open_decisions(state)} == {"naval_move"}


def SEED_ROLLER(tag="i"):
    return Roller(SEED, tag, 0)


def test_fa_11_3_5_no_interception_of_a_sub_task_force_or_a_drop_to_a_lower_section():
    state = enemy_in_north_sea()
    sub = [u for u, sh in sorted(fleets(state).items())
           if sh["power"] == "germany" and sh["type"] == "SUB"][:1]
    ev = sail_and_watch(state, "germany", {"units": sub, "to_area": "north-sea", "section": 0},
                        SEED_ROLLER())
    assert ev[0].data["interceptors"] == [] and pending(state) is None
    fleets(state)[CL[0]].update(port=None, area="north-sea", section=2)
    ev = sail_and_watch(state, "germany", {"units": CL, "to_area": "north-sea", "section": 1},
                        SEED_ROLLER())
    assert ev[0].data["interceptors"] == [] and pending(state) is None


def test_fa_11_3_5_1_the_roll_is_against_the_highest_committed_section_and_turns_a_unit_down():
    """Britain's cruiser sits in section 3: a d10 of 3 or less intercepts (4 in the 4
    section); the cruiser turns face-down, and stays the watch unit for later tries."""
    outcomes = set()
    for section in (3, 4):
        for n in range(15):
            state = enemy_in_north_sea(section)
            sail_and_watch(state, "germany", {"units": CL, "to_area": "north-sea",
                                              "section": 1}, SEED_ROLLER())
            [ev] = answer_intercept(state, "britain", {"intercept": True, "subs": False},
                                    Roller(SEED, f"roll{section}-{n}", 0))
            assert ev.data["search"] == section
            assert ev.data["success"] == (ev.data["roll"] <= section)
            assert fleets(state)["britain-harwich-force-1"]["up"] is False
            assert state["flow"]["naval"]["watch"]["north-sea"]["britain"] == \
                "britain-harwich-force-1"
            outcomes.add(ev.data["success"])
            if ev.data["success"]:
                [d] = open_decisions(state)
                assert (d.kind, d.seats) == ("naval_intercepted", ("germany",))
            else:
                assert pending(state) is None
    assert outcomes == {True, False}


def test_fa_11_3_5_4_fighting_through_includes_the_task_force_in_the_first_round():
    """After a success the mover may stop (no combat now) or fight through: the first round
    uses the interception roll as Britain's search and always includes the German cruiser
    although a section-1 ship is never found by a roll (search number 1 needs a 1)."""
    for n in range(40):
        state = enemy_in_north_sea(4)
        sail_and_watch(state, "germany", {"units": CL, "to_area": "north-sea", "section": 1},
                       SEED_ROLLER())
        [ev] = answer_intercept(state, "britain", {"intercept": True, "subs": False},
                                Roller(SEED, f"ft{n}", 0))
        if ev.data["success"]:
            break
    else:
        raise AssertionError("no interception succeeded in 40 seeds")
    stop = copy.deepcopy(state)
    assert answer_intercepted(stop, "germany", {"done": True}, SEED_ROLLER())[0].kind == \
        "interception_stop"
    assert fleets(stop)[CL[0]]["area"] == "north-sea" and pending(stop) is None
    # a German battleship already in section 4: a German roll of 2-4 finds it and not the
    # section-1 cruiser, which is in the round only because it is the intercepted force
    fleets(state)["germany-high-seas-fleet-bb-1"].update(port=None, area="north-sea", section=4)
    for k in range(40):
        trial = copy.deepcopy(state)
        events = answer_intercepted(trial, "germany", {"fight": True}, SEED_ROLLER(f"fight{k}"))
        first = next(e for e in events if e.kind == "naval_round")
        if 2 <= first.data["rolls"]["central"] <= 4:
            break
    else:
        raise AssertionError("no German roll of 2-4 in 40 seeds")
    assert first.data["rolls"]["entente"] == ev.data["roll"]
    assert CL[0] in first.data["included"]["central"]
    assert events[-1].kind == "naval_combat_over" and events[-1].rule == "FA 11.3.5.4"
