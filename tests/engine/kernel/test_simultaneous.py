"""Written orders (engine/kernel/simultaneous.py) on the toy ruleset's `written_orders` bids:
orders written beside the state, ready flags as public steps, resolution when all are ready or
at the deadline, records that stay sealed until the reveal, and a leak check that catches a
derived field."""

from __future__ import annotations

import pytest

from engine import kernel
from engine.kernel import leaks, simultaneous
from engine.kernel.canonical import canonical_json
from engine.kernel.errors import IllegalAction, StaleDecision
from engine.kernel.record import log_entry, open_sealed_groups, redact_record
from engine.kernel.selfplay import selfplay

from .conftest import SEED

GROUP = "r1-bids"


@pytest.fixture
def duel(toy):
    state, _ = kernel.new_game(toy, "duel", {"written_orders": True}, ["red", "blue"], SEED,
                               "g-orders")
    return state


def hand(state, seat):
    return state["secret"][seat]["hand"]


def test_orders_are_written_beside_the_state_and_change_no_view_of_the_others(toy, duel):
    before = canonical_json(duel)
    blue_view = canonical_json(simultaneous.view_with_orders(toy, duel, {}, "seat:blue"))
    book = simultaneous.write_order(toy, duel, {}, "red", "r1-bid-red",
                                    {"card": hand(duel, "red")[0]})
    book = simultaneous.write_order(toy, duel, book, "red", "r1-bid-red",
                                    {"card": hand(duel, "red")[-1]})
    assert canonical_json(duel) == before          # no step, so no new version for anyone
    for audience in ("seat:blue", "side:south", "public"):
        assert canonical_json(simultaneous.view_with_orders(toy, duel, book, audience)) == (
            canonical_json(simultaneous.view_with_orders(toy, duel, {}, audience)))
    assert canonical_json(simultaneous.view_with_orders(toy, duel, book, "seat:blue")) == (
        blue_view)
    assert simultaneous.view_with_orders(toy, duel, book, "seat:red")["orders"] == {
        "r1-bid-red": {"card": hand(duel, "red")[-1]}}
    decision = simultaneous.view_with_orders(toy, duel, book, "public")["decisions"]["r1-bid-red"]
    assert decision["revisable"] is True and decision["ready"] == [] and "answered" not in decision


def test_a_written_orders_decision_cannot_be_answered_directly(toy, duel):
    with pytest.raises(IllegalAction) as refused:
        kernel.apply(toy, duel, "red", "r1-bid-red", {"card": hand(duel, "red")[0]}, seed=SEED)
    assert refused.value.code == "orders_are_written"


def test_ready_needs_every_order_and_changes_something(toy, duel):
    with pytest.raises(IllegalAction) as missing:
        simultaneous.set_ready(toy, duel, {}, "red", GROUP, True, seed=SEED)
    assert missing.value.code == "orders_missing"
    with pytest.raises(IllegalAction) as unchanged:
        simultaneous.set_ready(toy, duel, {}, "red", GROUP, False, seed=SEED)
    assert unchanged.value.code == "ready_unchanged"
    with pytest.raises(IllegalAction) as elsewhere:
        simultaneous.set_ready(toy, duel, {}, "red", "r9-bids", True, seed=SEED)
    assert elsewhere.value.code == "not_in_group"
    with pytest.raises(IllegalAction) as nothing:
        simultaneous.withdraw_order(toy, duel, {}, "red", "r1-bid-red")
    assert nothing.value.code == "no_order"


def test_the_group_resolves_when_the_last_seat_is_ready_with_the_revised_orders(toy, duel):
    red_low, red_high = hand(duel, "red")[0], hand(duel, "red")[-1]
    book = simultaneous.write_order(toy, duel, {}, "red", "r1-bid-red", {"card": red_low})
    ready_red = simultaneous.set_ready(toy, duel, book, "red", GROUP, True, seed=SEED)
    state = ready_red.state
    assert [e.kind for e in ready_red.events] == ["orders_ready"]
    assert state["kernel"]["ready"] == {GROUP: ["red"]}
    assert kernel.view(toy, state, "seat:blue")["decisions"]["r1-bid-blue"]["ready"] == ["red"]
    # Red, ready, still revises (privately); withdrawing would need "not ready" first.
    book = simultaneous.write_order(toy, state, book, "red", "r1-bid-red", {"card": red_high})
    with pytest.raises(IllegalAction) as held:
        simultaneous.withdraw_order(toy, state, book, "red", "r1-bid-red")
    assert held.value.code == "ready_holds_orders"
    book = simultaneous.write_order(toy, state, book, "blue", "r1-bid-blue",
                                    {"card": hand(duel, "blue")[0]})
    last = simultaneous.set_ready(toy, state, book, "blue", GROUP, True, seed=SEED)
    revealed = next(e for e in last.events if e.kind == "answers_revealed")
    assert {a["seat"]: a["action"]["card"] for a in revealed.data["answers"]} == {
        "red": red_high, "blue": hand(duel, "blue")[0]}
    assert "ready" not in last.state["kernel"]
    assert last.state["kernel"]["seq"] == state["kernel"]["seq"] + 1
    with pytest.raises(StaleDecision):        # a revision after the resolution
        simultaneous.write_order(toy, last.state, book, "red", "r1-bid-red", {"card": red_low})


def test_the_deadline_takes_the_orders_written_and_the_default_for_the_rest(toy, duel):
    red_high = hand(duel, "red")[-1]
    book = simultaneous.write_order(toy, duel, {}, "red", "r1-bid-red", {"card": red_high})
    outcome = simultaneous.expire(toy, duel, book, GROUP, seed=SEED)
    deadline = next(e for e in outcome.events if e.kind == "orders_deadline")
    assert deadline.data["not_ready"] == ["blue", "red"]
    revealed = next(e for e in outcome.events if e.kind == "answers_revealed")
    blue_default = toy.timeout_default(duel, next(
        d for d in kernel.decisions(toy, duel) if d.id == "r1-bid-blue"), "blue")
    assert {a["seat"]: a["action"] for a in revealed.data["answers"]} == {
        "red": {"card": red_high}, "blue": blue_default}


def test_orders_logged_with_a_ready_stay_sealed_until_the_reveal_even_after_not_ready(toy, duel):
    book = simultaneous.write_order(toy, duel, {}, "red", "r1-bid-red",
                                    {"card": hand(duel, "red")[0]})
    ready = simultaneous.set_ready(toy, duel, book, "red", GROUP, True, seed=SEED)
    entry = log_entry(1, "red", None, simultaneous.step_action(book, GROUP, "red", ready, True),
                      ready, kind="ready")
    assert entry["sealed_group"] == GROUP and entry["action"]["orders"]
    unready = simultaneous.set_ready(toy, ready.state, book, "red", GROUP, False, seed=SEED)
    record = {"actions": [entry]}
    for state in (ready.state, unready.state):
        shown = redact_record(record, frozenset({"blue"}), open_sealed_groups(state))
        assert shown["actions"][0]["action"] is None and shown["actions"][0]["redacted"]
    own = redact_record(record, frozenset({"red"}), open_sealed_groups(unready.state))
    assert own["actions"][0]["action"]["orders"]


def test_selfplay_plays_written_orders_with_the_leak_check_and_replays(toy):
    for scenario in ("duel", "melee"):
        tally = selfplay(toy, scenario, games=12, seed=5, options={"written_orders": True})
        assert not tally.failed, tally.problems[:3]
        for kind in ("orders_write", "orders_withdraw", "ready", "unready"):
            assert tally.actions_by_kind[kind], (scenario, kind)


def test_the_order_leak_check_catches_a_planted_count_of_the_others_orders(toy, monkeypatch):
    """A derived field: every audience told how many orders are written in all. Poisoning
    values cannot see it (a count of poisoned orders is the same count); the non-interference
    variants do."""
    real = simultaneous.orders_view

    def leaky(ruleset, state, book, audience):
        out = real(ruleset, state, book, audience)
        out["_written"] = sum(len(orders) for orders in book.values())
        return out

    monkeypatch.setattr(simultaneous, "orders_view", leaky)
    tally = selfplay(toy, "duel", games=2, seed=5, options={"written_orders": True})
    assert any(p["kind"] == "leak" for p in tally.problems), tally.problems[:3]
    state, _ = kernel.new_game(toy, "duel", {"written_orders": True}, ["red", "blue"], SEED, "g")
    book = simultaneous.write_order(toy, state, {}, "red", "r1-bid-red",
                                    {"card": hand(state, "red")[0]})
    assert leaks.find_order_leaks(toy, state, book, "seat:blue")
    assert leaks.find_order_leaks(toy, state, {}, "seat:blue")       # by invented orders
