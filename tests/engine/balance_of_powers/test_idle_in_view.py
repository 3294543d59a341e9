"""BoP 6.53, 12.1 — the view says why a seat of the half's side has nothing to decide (issue
#18; the review: "Austria-Hungary had no orders at all and the page never said why"). A
derived fact of the public flow, the same for every audience; the state is unchanged."""

from __future__ import annotations

import copy

from engine import kernel
from engine.kernel import decisions
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .test_12_scenario import act, passive, run, set_up, start

AUDIENCES = ("public", "seat:germany", "seat:france", "side:central", "side:entente")


def in_half(side, fortnight):
    return lambda s: (s["flow"]["step"] == "half" and s["flow"]["side"] == side
                      and s["flow"]["fortnight"] == fortnight)


def idle_seen(state):
    before = copy.deepcopy(state)
    seen = [kernel.view(RULESET, state, a)["flow"]["idle"] for a in AUDIENCES]
    assert state == before, "the view derives the reasons; it changes nothing"
    assert all(s == seen[0] for s in seen), seen
    return seen[0]


def test_bop_12_1_view_says_austria_hungary_and_russia_are_still_mobilising_in_fortnight_1():
    state = run(set_up(start()), in_half("central", 1))
    assert {d.seats[0] for d in decisions(RULESET, state)} == {"germany"}
    idle = idle_seen(state)
    assert set(idle) == {"austria_hungary"}, idle
    assert idle["austria_hungary"]["rule"] == "BoP 12.1"
    assert "only British, French and German corps move" in idle["austria_hungary"]["text"]
    state = run(state, in_half("entente", 1))
    deciding = {d.seats[0] for d in decisions(RULESET, state)}
    idle = idle_seen(state)
    assert "russia" in idle and idle["russia"]["rule"] == "BoP 12.1", idle
    assert not set(idle) & deciding, (idle, deciding)
    # Every seat of the side is either deciding or has a reason (Britain: not at war while
    # Belgium is not violated, BoP 6.53).
    assert set(idle) | deciding == {"britain", "france", "russia"}, (idle, deciding)


def test_bop_6_53_view_says_a_seat_that_ended_its_half_has_nothing_left():
    state = run(set_up(start()), in_half("central", 2))
    deciding = {d.seats[0] for d in decisions(RULESET, state)}
    assert "germany" in deciding
    assert "germany" not in idle_seen(state)
    done = next(d for d in decisions(RULESET, state) if d.seats == ("germany",) and d.kind == "done")
    state = act(state, done, passive(state, done))
    idle = idle_seen(state)
    assert idle["germany"]["rule"] == "BoP 6.53" and "ended its half" in idle["germany"]["text"]
    # Outside a half nothing is said.
    state = run(state, lambda s: s["flow"]["step"] != "half")
    assert idle_seen(state) == {}
