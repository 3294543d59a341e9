"""Issue #27 on BoP 9.0 (one force at a time): while a seat's force moves, the rest of its
half's menu is set aside — listed in the views, named paused, never open — and comes back
under the same ids when the force stops, so no view loses those entries and gets them again."""

from __future__ import annotations

import pytest

from engine import kernel
from engine.kernel.diff import make_patch
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .test_12_scenario import SEED, run, set_up, start


def _moving():
    """The first half of August 1914 with a seat's force in motion (MP left): (state, seat)."""
    state = run(set_up(start()), lambda s: s["flow"]["step"] == "half" and any(
        d.kind == "march" for d in kernel.decisions(RULESET, s)))
    for march in (d for d in kernel.decisions(RULESET, state) if d.kind == "march"):
        seat = march.seats[0]
        for item in kernel.expand_options(RULESET, state, seat, march.id, None):
            after = kernel.apply(RULESET, state, seat, march.id, item["action"],
                                 seed=SEED).state
            if any(d.kind == "stop" for d in kernel.decisions(RULESET, after)):
                return state, after, seat
    raise AssertionError("no march leaves its force in motion")


def test_bop_9_0_a_moving_forces_menu_stays_listed_paused_and_comes_back():
    before, moving, seat = _moving()
    done = next(d for d in kernel.decisions(RULESET, before)
                if d.kind == "done" and seat in d.seats)
    assert done.id not in {d.id for d in kernel.decisions(RULESET, moving)}
    paused = {d.id for d in kernel.paused(RULESET, moving)}
    assert done.id in paused
    for audience in kernel.audiences(RULESET, moving):
        view = kernel.view(RULESET, moving, audience)
        assert view["game"]["paused_decisions"] == sorted(paused)
        entry = view["decisions"][done.id]
        assert "concerns" not in entry and "id" not in entry
        holder = audience in (f"seat:{seat}", f"side:{moving['kernel']['sides'][seat]}")
        assert ("options" in entry) == holder, audience
    with pytest.raises(kernel.PausedDecision) as refused:
        kernel.apply(RULESET, moving, seat, done.id, {"done": True}, seed=SEED)
    assert refused.value.code == "decision_paused"
    stop = next(d for d in kernel.decisions(RULESET, moving) if d.kind == "stop")
    stopped = kernel.apply(RULESET, moving, seat, stop.id, {"stop": True}, seed=SEED).state
    assert done.id in {d.id for d in kernel.decisions(RULESET, stopped)}
    for audience in kernel.audiences(RULESET, moving):
        ops = make_patch(kernel.view(RULESET, moving, audience),
                         kernel.view(RULESET, stopped, audience))
        # the entry stays: its resumption is a change of /game/paused_decisions
        assert not [op for op in ops if op["path"] == f"/decisions/{done.id}"], ops
        assert done.id not in kernel.view(RULESET, stopped, audience)["game"]["paused_decisions"]
