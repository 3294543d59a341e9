"""Private written orders (`private_answer` on a revisable group: fog of war, as in The War to
End All Wars, where a nation's orders reach only its own audiences).

The toy's `private_orders` bids: blue bids its 9 and wins (the winning card is public by the
toy's rule); red's losing bid is private. Red's bid must never reach blue, blue's side or the
spectators — not in a view, a patch, an event, nor the redacted record — before the group
resolves or after. Each check is one of non-interference: red bidding 2 or 5 must leave every
other audience's whole output byte-identical.
"""

from __future__ import annotations

import pytest

from engine import kernel
from engine.kernel import simultaneous
from engine.kernel.canonical import canonical_json
from engine.kernel.diff import make_patch
from engine.kernel.errors import StaleDecision
from engine.kernel.record import log_entry, open_sealed_groups, redact_record
from engine.kernel.selfplay import selfplay

from .conftest import SEED

GROUP = "r1-bids"
OTHERS = ("seat:blue", "side:south", "public")     # not entitled to red's orders
RED_OWN = ("seat:red", "side:north")


def _game(toy, private=True):
    options = {"written_orders": True, "private_orders": private}
    state, _ = kernel.new_game(toy, "duel", options, ["red", "blue"], SEED, "g-private")
    assert state["secret"]["blue"]["hand"][-1] == 9 and {2, 5} <= set(
        state["secret"]["red"]["hand"])
    return state


def _play(toy, state, red_card):
    """Red writes `red_card` and is ready; blue writes 9 and is ready (which resolves). The
    steps, with their log entries as the platform records them."""
    book = simultaneous.write_order(toy, state, {}, "red", "r1-bid-red", {"card": red_card})
    red_ready = simultaneous.set_ready(toy, state, book, "red", GROUP, True, seed=SEED)
    book = simultaneous.write_order(toy, red_ready.state, book, "blue", "r1-bid-blue",
                                    {"card": 9})
    blue_ready = simultaneous.set_ready(toy, red_ready.state, book, "blue", GROUP, True,
                                        seed=SEED)
    entries = [
        log_entry(1, "red", None, simultaneous.step_action(book, GROUP, "red", red_ready, True),
                  red_ready, kind="ready"),
        log_entry(2, "blue", None, simultaneous.step_action(book, GROUP, "blue", blue_ready,
                                                            True), blue_ready, kind="ready")]
    return red_ready, blue_ready, entries


def _seen_by(toy, start, steps, entries, audience):
    """Everything an audience is given: each step's view, patch and events, and the record."""
    seen = []
    before = kernel.view(toy, start, audience)
    for outcome in steps:
        after = kernel.view(toy, outcome.state, audience)
        seen.append({"view": after, "patch": make_patch(before, after),
                     "events": kernel.events_for(toy, outcome.state, outcome.events, audience)})
        before = after
    entitled = toy.audience_seats(start, audience)
    for outcome in steps:   # the record as redacted while the group is open, then resolved
        seen.append(redact_record({"actions": entries}, entitled,
                                  open_sealed_groups(outcome.state)))
    return canonical_json(seen)


def test_kernel_private_orders_never_reach_another_audience_view_patch_events_or_record(toy):
    state = _game(toy)
    low = _play(toy, state, 2)
    high = _play(toy, state, 5)
    for audience in OTHERS:
        assert (_seen_by(toy, state, low[:2], low[2], audience)
                == _seen_by(toy, state, high[:2], high[2], audience)), audience
    for audience in RED_OWN:     # red's own audiences do see what red wrote
        assert (_seen_by(toy, state, low[:2], low[2], audience)
                != _seen_by(toy, state, high[:2], high[2], audience)), audience


def test_kernel_private_reveal_names_the_seats_and_tells_each_seat_its_own_orders(toy):
    state = _game(toy)
    _, resolved, entries = _play(toy, state, 2)
    revealed = next(e for e in resolved.events if e.kind == "answers_revealed")
    assert revealed.audience is None and revealed.reveals
    assert revealed.data == {"group": GROUP, "answers": [], "private": [
        {"decision": "r1-bid-blue", "seat": "blue"}, {"decision": "r1-bid-red", "seat": "red"}]}
    red_events = kernel.events_for(toy, resolved.state, resolved.events, "seat:red")
    own = [e for e in red_events if e["kind"] == "private_answers"]
    assert own == [{"kind": "private_answers", "rule": "toy 1", "audience": "seat:red",
                    "data": {"group": GROUP, "seat": "red", "answers": [
                        {"decision": "r1-bid-red", "action": {"card": 2}}]}}]
    public = kernel.events_for(toy, resolved.state, resolved.events, "public")
    assert not [e for e in public if e["kind"] == "private_answers"]
    # The record: both ready steps are private; each audience keeps its own seats' orders.
    assert all(entry.get("private") for entry in entries)
    after = open_sealed_groups(resolved.state)
    for entitled, mine in ((frozenset({"red"}), {"r1-bid-red"}),
                           (frozenset({"blue"}), {"r1-bid-blue"}), (frozenset(), set())):
        shown = redact_record({"actions": entries}, entitled, after)["actions"]
        assert set(shown[1]["action"]["orders"]) == mine       # the resolving step
        assert shown[1]["action"]["group"] == GROUP and shown[1]["action"]["ready"] is True
        assert shown[1]["redacted"] is True
    full = redact_record({"actions": entries}, frozenset({"red", "blue"}), after)["actions"]
    assert set(full[1]["action"]["orders"]) == {"r1-bid-red", "r1-bid-blue"}
    assert "redacted" not in full[1]


def test_kernel_public_written_orders_reveal_every_answer_to_every_audience_as_before(toy):
    state = _game(toy, private=False)
    _, resolved, entries = _play(toy, state, 2)
    revealed = next(e for e in resolved.events if e.kind == "answers_revealed")
    assert revealed.data == {"group": GROUP, "answers": [
        {"decision": "r1-bid-blue", "seat": "blue", "action": {"card": 9}},
        {"decision": "r1-bid-red", "seat": "red", "action": {"card": 2}}]}
    assert not any(e.kind == "private_answers" for e in resolved.events)
    assert not any(entry.get("private") for entry in entries)
    shown = redact_record({"actions": entries}, frozenset({"blue"}),
                          open_sealed_groups(resolved.state))["actions"]
    assert set(shown[1]["action"]["orders"]) == {"r1-bid-red", "r1-bid-blue"}


def test_kernel_private_orders_another_seat_cannot_touch_or_learn_from_errors(toy):
    state = _game(toy)
    book = simultaneous.write_order(toy, state, {}, "red", "r1-bid-red", {"card": 5})
    for attempt in (lambda: simultaneous.withdraw_order(toy, state, book, "blue", "r1-bid-red"),
                    lambda: simultaneous.write_order(toy, state, book, "blue", "r1-bid-red",
                                                     {"card": 1})):
        with pytest.raises(StaleDecision) as refused:
            attempt()
        assert "5" not in str(refused.value) and "card" not in canonical_json(
            refused.value.as_dict())


def test_kernel_private_orders_expire_is_private_too(toy):
    state = _game(toy)

    def expire_with(red_card):
        book = simultaneous.write_order(toy, state, {}, "blue", "r1-bid-blue", {"card": 9})
        book = simultaneous.write_order(toy, state, book, "red", "r1-bid-red",
                                        {"card": red_card})
        outcome = simultaneous.expire(toy, state, book, GROUP, seed=SEED)
        return outcome, log_entry(1, None, None, simultaneous.step_action(
            book, GROUP, None, outcome), outcome, kind="expire")

    (low, low_entry), (high, high_entry) = expire_with(2), expire_with(5)
    assert low.private
    for audience in OTHERS:
        entitled = toy.audience_seats(state, audience)
        assert canonical_json([kernel.events_for(toy, low.state, low.events, audience),
                               redact_record({"actions": [low_entry]}, entitled, frozenset())]
                              ) == canonical_json(
            [kernel.events_for(toy, high.state, high.events, audience),
             redact_record({"actions": [high_entry]}, entitled, frozenset())])
    shown = redact_record({"actions": [low_entry]}, frozenset(), frozenset())["actions"]
    assert shown[0]["action"]["orders"] == {} and shown[0]["redacted"]


def test_kernel_private_orders_selfplay_replays(toy):
    for scenario in ("duel", "melee"):
        tally = selfplay(toy, scenario, games=6, seed=11,
                         options={"written_orders": True, "private_orders": True})
        assert not tally.failed, tally.problems[:3]
