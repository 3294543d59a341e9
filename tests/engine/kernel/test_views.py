"""Views hide by projection; the poison check finds a leak when one is planted."""

from __future__ import annotations

import dataclasses

import pytest

from engine import kernel
from engine.kernel.diff import apply_patch, make_patch
from engine.kernel.game import copy_json
from engine.kernel.leaks import find_leaks
from tests.toy.ruleset import ToySkirmish

from .conftest import SEED, bid_all


class LeakyToy(ToySkirmish):
    """Shows every hand to everyone: the leak check must catch it."""

    def view(self, state, audience):
        out = super().view(state, audience)
        out["hands"] = {seat: list(s["hand"]) for seat, s in state["secret"].items()}
        return out


class LeakyOptionsToy(ToySkirmish):
    """Puts the other seats' bid options into the public flow: a subtler leak."""

    def view(self, state, audience):
        out = super().view(state, audience)
        out["flow"]["hint"] = [d.options for d in self.decisions(state) if d.options]
        return out


def test_each_seat_sees_only_its_own_hand(toy, melee):
    for seat in ("red", "blue", "green"):
        view = kernel.view(toy, melee, f"seat:{seat}")
        assert list(view["hands"]) == [seat]
        assert view["hands"][seat] == melee["secret"][seat]["hand"]


def test_a_side_sees_the_hands_of_all_its_seats(toy, melee):
    view = kernel.view(toy, melee, "side:alpha")
    assert sorted(view["hands"]) == ["blue", "red"]
    assert kernel.view(toy, melee, "public")["hands"] == {}


def test_decision_options_go_only_to_the_seats_that_hold_them(toy, melee):
    view = kernel.view(toy, melee, "seat:red")
    by_id = view["decisions"]
    assert "options" in by_id["r1-bid-red"]
    assert "options" not in by_id["r1-bid-blue"] and "options" not in by_id["r1-bid-green"]
    public = kernel.view(toy, melee, "public")
    assert all("options" not in d for d in public["decisions"].values())


def test_a_views_decision_leaves_out_flags_at_their_usual_value(toy, melee):
    """Issue #27: `group`, `undoable` and `reaction` appear in a view only when set (a menu
    sent again costs its header); the rest of the decision is as the kernel lists it."""
    bids = {d.id: d for d in kernel.decisions(toy, melee)}
    for audience in ("seat:red", "public"):
        for key, entry in kernel.view(toy, melee, audience)["decisions"].items():
            assert entry["group"] == bids[key].group == "r1-bids"
            assert "undoable" not in entry and "reaction" not in entry
            full = bids[key].to_json(with_options=audience == "seat:red" and key == "r1-bid-red")
            assert {k: v for k, v in full.items() if k not in ("id", "undoable", "reaction")} == \
                {k: v for k, v in entry.items() if k not in ("concerns", "answered")}


def test_a_views_decision_leaves_out_its_id_which_is_its_key(toy, melee):
    """Issue #27: `/decisions` is keyed by id, so an entry does not say it again."""
    for audience in kernel.audiences(toy, melee):
        listed = kernel.view(toy, melee, audience)["decisions"]
        assert sorted(listed) == sorted(d.id for d in kernel.decisions(toy, melee))
        assert all("id" not in entry for entry in listed.values())


class PausingToy(ToySkirmish):
    """Lists red's bid of the next round as paused (set aside, back later), beside the open
    bids: what a ruleset's `paused` hook does."""

    def paused(self, state):
        later = next(d for d in self.decisions(state) if d.id == "r1-bid-red")
        return [kernel.Decision(id="r2-bid-red", seats=("red",), kind="bid", rule="toy 1",
                                prompt="Bid next round", options=later.options),
                later]   # an open decision is never listed as paused


def test_a_paused_decision_is_listed_named_and_never_open(melee):
    """Issue #27: a paused decision stays in the view (options to its holders only; a bid
    concerns no unit), `/game/paused_decisions` names it, and the kernel neither lists it open nor
    takes an answer to it (`decision_paused`)."""
    toy = PausingToy()
    assert "r2-bid-red" not in {d.id for d in kernel.decisions(toy, melee)}
    assert [d.id for d in kernel.paused(toy, melee)] == ["r2-bid-red"]
    for audience in kernel.audiences(toy, melee):
        view = kernel.view(toy, melee, audience)
        assert view["game"]["paused_decisions"] == ["r2-bid-red"]
        entry = view["decisions"]["r2-bid-red"]
        holder = audience in ("seat:red", "side:alpha")
        assert ("options" in entry) == holder and "concerns" not in entry
        assert entry["prompt"] == "Bid next round" and "id" not in entry
        assert "options" in view["decisions"]["r1-bid-red"] if holder else True
    option = kernel.paused(toy, melee)[0].options[0]
    with pytest.raises(kernel.PausedDecision) as refused:
        kernel.apply(toy, melee, "red", "r2-bid-red", option, seed=SEED)
    assert refused.value.code == "decision_paused" and refused.value.rule == "kernel"
    with pytest.raises(kernel.StaleDecision) as other:
        kernel.apply(toy, melee, "blue", "r2-bid-red", option, seed=SEED)
    assert not isinstance(other.value, kernel.PausedDecision)
    plain = kernel.view(ToySkirmish(), melee, "public")
    assert plain["game"]["paused_decisions"] == [] and "r2-bid-red" not in plain["decisions"]


@pytest.mark.parametrize("audience", ["seat:red", "seat:blue", "seat:green", "side:alpha",
                                      "side:beta", "public"])
def test_toy_views_do_not_leak(toy, melee, audience):
    assert find_leaks(toy, melee, audience) == []


def test_leak_check_catches_a_view_that_shows_every_hand(melee):
    leaky = LeakyToy()
    leaks = find_leaks(leaky, melee, "public")
    assert {path.split("/")[2] for path in leaks} == {"red", "blue", "green"}
    assert find_leaks(leaky, melee, "side:alpha")  # green's hand shows
    assert all("/green/" in path for path in find_leaks(leaky, melee, "side:alpha"))


def test_leak_check_catches_options_derived_from_hidden_hands(melee):
    assert find_leaks(LeakyOptionsToy(), melee, "public")


def test_events_are_filtered_per_audience(toy, melee):
    outcome = bid_all(toy, melee)
    winner = outcome.state["flow"]["mover"]
    private = [e for e in outcome.events if e.audience == f"seat:{winner}"]
    assert private and private[0].kind == "hand_now"
    others = [s for s in ("red", "blue", "green") if s != winner]
    for seat in others:
        kinds = [e["kind"] for e in kernel.events_for(toy, outcome.state, outcome.events,
                                                      f"seat:{seat}")]
        assert "hand_now" not in kinds
    mine = [e["kind"] for e in kernel.events_for(toy, outcome.state, outcome.events,
                                                 f"seat:{winner}")]
    assert "hand_now" in mine


def test_patches_between_views_rebuild_the_new_view(toy, melee):
    state = melee
    for _ in range(3):
        outcome = bid_all(toy, state)
        for audience in kernel.audiences(toy, state):
            old = kernel.view(toy, state, audience)
            new = kernel.view(toy, outcome.state, audience)
            ops = make_patch(old, new)
            assert ops, "a bid round always changes what every audience sees"
            assert apply_patch(old, ops) == new
        state = outcome.state
        move = kernel.decisions(toy, state)[0]
        target = kernel.expand_options(toy, state, move.seats[0], move.id, None)[0]["action"]
        state = kernel.apply(toy, state, move.seats[0], move.id, target, seed=SEED).state
        while kernel.decisions(toy, state) and kernel.decisions(toy, state)[0].kind == "react":
            react = kernel.decisions(toy, state)[0]
            state = kernel.apply(toy, state, react.seats[0], react.id,
                                 {"choice": "ignore"}, seed=SEED).state
        if kernel.result(toy, state):
            break


def test_undo_point_never_reaches_a_view(toy, melee):
    state = bid_all(toy, melee).state
    move = kernel.decisions(toy, state)[0]
    target = kernel.expand_options(toy, state, move.seats[0], move.id, None)[0]["action"]
    moved = kernel.apply(toy, state, move.seats[0], move.id, target, seed=SEED).state
    assert moved["kernel"]["undo"] is not None
    for audience in kernel.audiences(toy, moved):
        view = kernel.view(toy, moved, audience)
        assert "kernel" not in view and "secret" not in view
        assert find_leaks(toy, moved, audience) == []


class AskingToy(ToySkirmish):
    """Red's and blue's bids are questions asked again after every answer: their ids end with
    a count (`Decision.asked`); green's bid is named like red's key, for the clash case."""

    def __init__(self, red, blue=None, clash=False):
        super().__init__()
        self.counts = {"red": red, "blue": red if blue is None else blue}
        self.clash = clash

    def decisions(self, state):
        out = []
        for d in super().decisions(state):
            seat = d.seats[0]
            if seat in self.counts:
                n = self.counts[seat]
                d = dataclasses.replace(d, id=f"{d.id}-{n}", asked=n)
            elif self.clash:
                d = dataclasses.replace(d, id="r1-bid-red")
            out.append(d)
        return out


def test_a_question_asked_again_is_keyed_without_its_count(melee):
    """Issue #27: a decision asked again under a fresh id `<key>-<n>` is listed under `<key>`
    with `asked` = `/game/seq` − n, so asking it again one step later (n and seq both one
    more) patches nothing but `/game/seq`, instead of moving the entry to a new key; the
    kernel still lists, opens and answers it by its id. A decision whose key another decision
    has already keeps its id as key."""
    seq = melee["kernel"]["seq"]
    first = AskingToy(seq + 2, seq + 5)
    later = copy_json(melee)
    later["kernel"]["seq"] += 1
    again = AskingToy(seq + 3, seq + 6)
    assert {f"r1-bid-red-{seq + 2}", f"r1-bid-blue-{seq + 5}"} <= {
        d.id for d in kernel.decisions(first, melee)}
    for audience in kernel.audiences(first, melee):
        old, new = kernel.view(first, melee, audience), kernel.view(again, later, audience)
        assert f"r1-bid-red-{seq + 2}" not in old["decisions"]
        assert old["decisions"]["r1-bid-red"]["asked"] == -2
        assert old["decisions"]["r1-bid-blue"]["asked"] == -5
        assert kernel.view_entry(old, f"r1-bid-red-{seq + 2}") is old["decisions"]["r1-bid-red"]
        assert kernel.view_entry(new, f"r1-bid-red-{seq + 3}") is new["decisions"]["r1-bid-red"]
        assert kernel.view_entry(old, f"r1-bid-red-{seq + 3}") is None
        assert kernel.view_entry(old, "r1-bid-green") is old["decisions"]["r1-bid-green"]
        assert make_patch(old, new) == [{"op": "replace", "path": "/game/seq", "value": seq + 1}]
    clashing = kernel.view(AskingToy(4, clash=True), melee, "seat:red")["decisions"]
    assert "asked" not in clashing["r1-bid-red-4"] and "asked" not in clashing["r1-bid-red"]
    with pytest.raises(AssertionError):
        kernel.Decision(id="r1-bid-red-4", seats=("red",), kind="bid", rule="toy 1",
                        prompt="Bid", options=(1,), asked=3)
    with pytest.raises(AssertionError):
        kernel.Decision(id="r1-bid-red--1", seats=("red",), kind="bid", rule="toy 1",
                        prompt="Bid", options=(1,), asked=-1)
