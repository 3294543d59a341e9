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
        assert "id" not in entry   # (`done` concerns nothing)
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


def test_bop_9_0_a_paused_menu_keeps_what_it_concerns_for_its_holders_only():
    """Issue #27: a paused entry keeps the units and places it concerns for the audiences that
    hold it (computed on the position, like an open one's), so a force's start or stop does
    not take the index away and send it again; the other audiences never see it."""
    before, moving, seat = _moving()
    paused = [d for d in kernel.paused(RULESET, moving) if seat in d.seats]
    side = moving["kernel"]["sides"][seat]
    with_units = [d for d in paused
                  if RULESET.concerns(moving, seat, d).get("units")]
    assert with_units, [d.kind for d in paused]
    for audience in kernel.audiences(RULESET, moving):
        view = kernel.view(RULESET, moving, audience)
        for d in with_units:
            entry = view["decisions"][d.id]
            if audience in (f"seat:{seat}", f"side:{side}"):
                assert entry["concerns"] == RULESET.concerns(moving, seat, d), audience
            else:
                assert "concerns" not in entry and "options" not in entry, audience


def test_bop_9_0_views_of_every_audience_list_decisions_once_and_match_one_by_one(monkeypatch):
    """Issue #27: the server builds a step's views together (`kernel.views`): each equals the
    audience's own `view`, the paused menu's concerns are built once per holding seat (not
    once per audience), and no audience's view shares a concerns list with another's."""
    _, moving, _ = _moving()
    audiences = kernel.audiences(RULESET, moving)
    calls: list[tuple[str, str]] = []
    real = type(RULESET).concerns

    def counted(self, state, seat, decision):
        calls.append((seat, decision.id))
        return real(self, state, seat, decision)

    monkeypatch.setattr(type(RULESET), "concerns", counted)
    together = kernel.views(RULESET, moving, audiences)
    assert len(calls) == len(set(calls)) > 0
    monkeypatch.setattr(type(RULESET), "concerns", real)
    assert together == {a: kernel.view(RULESET, moving, a) for a in audiences}
    lists = [id(e["concerns"]["units"]) for v in together.values()
             for e in v["decisions"].values() if "units" in e.get("concerns", {})]
    assert len(lists) == len(set(lists)) > 1
