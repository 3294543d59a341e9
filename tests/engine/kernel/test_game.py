"""The kernel's apply path: one legality gate, sealed answers, undo policy, errors."""

from __future__ import annotations

import pytest

from engine import kernel
from engine.kernel import IllegalAction, MalformedAction, StaleDecision, canonical_json

from .conftest import SEED, bid_all


def test_apply_never_mutates_its_input(toy, melee):
    before = canonical_json(melee)
    decision = kernel.decisions(toy, melee)[0]
    kernel.apply(toy, melee, decision.seats[0], decision.id, decision.options[0], seed=SEED)
    assert canonical_json(melee) == before


def test_an_answer_outside_the_options_is_illegal_and_cites_the_rule(toy, melee):
    with pytest.raises(IllegalAction) as caught:
        kernel.apply(toy, melee, "red", "r1-bid-red", {"card": 99}, seed=SEED)
    assert caught.value.rule == "toy 1"
    assert caught.value.code == "not_an_option"
    assert "99" in caught.value.message


def test_a_decision_the_seat_does_not_hold_is_stale(toy, melee):
    with pytest.raises(StaleDecision) as caught:
        kernel.apply(toy, melee, "red", "r1-bid-blue", {"card": 1}, seed=SEED)
    assert caught.value.code == "stale_decision"
    assert caught.value.data == {"seat": "red", "decision": "r1-bid-blue"}


def test_an_unknown_seat_is_illegal(toy, melee):
    with pytest.raises(IllegalAction) as caught:
        kernel.apply(toy, melee, "purple", "r1-bid-red", {"card": 1}, seed=SEED)
    assert caught.value.code == "unknown_seat"


def test_non_json_actions_are_malformed(toy, melee):
    with pytest.raises(MalformedAction):
        kernel.apply(toy, melee, "red", "r1-bid-red", {"card": 1.5j}, seed=SEED)


def test_schema_validator_rejects_malformed_and_illegal_moves(toy, melee):
    state = bid_all(toy, melee).state
    move = kernel.decisions(toy, state)[0]
    mover = move.seats[0]
    with pytest.raises(MalformedAction):
        kernel.apply(toy, state, mover, move.id, {"to": 3}, seed=SEED)
    with pytest.raises(IllegalAction) as caught:
        kernel.apply(toy, state, mover, move.id, {"to": "9,9"}, seed=SEED)
    assert caught.value.code == "off_board"


def test_options_expander_lists_only_what_the_validator_accepts(toy, melee):
    state = bid_all(toy, melee).state
    move = kernel.decisions(toy, state)[0]
    mover = move.seats[0]
    items = kernel.expand_options(toy, state, mover, move.id, None)
    assert items, "the mover must have somewhere to go"
    for item in items:
        kernel.apply(toy, state, mover, move.id, item["action"], seed=SEED)
    listed = {item["action"]["to"] for item in items}
    from tests.toy.ruleset import BOARD
    for hex_id in BOARD:
        if hex_id not in listed:
            with pytest.raises(IllegalAction):
                kernel.apply(toy, state, mover, move.id, {"to": hex_id}, seed=SEED)


def test_sealed_answers_stay_hidden_until_every_seat_has_answered(toy, melee):
    from engine.kernel.leaks import find_leaks
    bids = {d.seats[0]: d.options[0] for d in kernel.decisions(toy, melee)}
    first = kernel.apply(toy, melee, "red", "r1-bid-red", bids["red"], seed=SEED)
    assert first.sealed_group == "r1-bids"
    state = first.state
    # red's bid is no longer open, the others are; nothing is revealed yet
    assert [d.id for d in kernel.decisions(toy, state)] == ["r1-bid-blue", "r1-bid-green"]
    assert state["kernel"]["sealed"]["r1-bids"]["r1-bid-red"]["action"] == bids["red"]
    green_view = kernel.view(toy, state, "seat:green")
    assert green_view["board"]["last_bids"] is None
    assert green_view["decisions"]["r1-bid-blue"]["answered"] == ["red"]
    for audience in ("seat:green", "side:beta", "public"):
        assert find_leaks(toy, state, audience) == []
    public_events = kernel.events_for(toy, state, first.events, "public")
    assert public_events == [{"kind": "answer_sealed", "rule": "toy 1",
                              "data": {"seat": "red", "group": "r1-bids"}}]
    assert not any(e.reveals for e in first.events)
    state = kernel.apply(toy, state, "blue", "r1-bid-blue", bids["blue"], seed=SEED).state
    last = kernel.apply(toy, state, "green", "r1-bid-green", bids["green"], seed=SEED)
    revealed = [e for e in last.events if e.kind == "answers_revealed"]
    assert revealed and revealed[0].reveals
    assert last.state["board"]["last_bids"] == {s: bids[s]["card"] for s in sorted(bids)}
    assert last.state["kernel"]["sealed"] == {}


def test_a_sealed_answer_stays_in_its_own_seats_view_until_the_reveal(toy, melee):
    """The seat that sealed an answer (and a side audience holding it) still sees what it
    sealed, under `game.sealed`; nobody else does, and it goes with the reveal."""
    from engine.kernel.leaks import find_leaks
    bids = {d.seats[0]: d.options[0] for d in kernel.decisions(toy, melee)}
    state = kernel.apply(toy, melee, "red", "r1-bid-red", bids["red"], seed=SEED).state
    mine = [{"decision": "r1-bid-red", "seat": "red", "action": bids["red"]}]
    assert kernel.view(toy, state, "seat:red")["game"]["sealed"] == mine
    holders = [a for a in ("side:alpha", "side:beta") if "red" in toy.audience_seats(state, a)]
    assert holders and all(kernel.view(toy, state, a)["game"]["sealed"] == mine for a in holders)
    for audience in ("seat:green", "seat:blue", "public",
                     *(a for a in ("side:alpha", "side:beta") if a not in holders)):
        assert "sealed" not in kernel.view(toy, state, audience)["game"], audience
        assert find_leaks(toy, state, audience) == []
    state = kernel.apply(toy, state, "blue", "r1-bid-blue", bids["blue"], seed=SEED).state
    state = kernel.apply(toy, state, "green", "r1-bid-green", bids["green"], seed=SEED).state
    assert "sealed" not in kernel.view(toy, state, "seat:red")["game"]


def test_undo_restores_the_position_before_an_undoable_step(toy, melee):
    state = bid_all(toy, melee).state
    move = kernel.decisions(toy, state)[0]
    mover = move.seats[0]
    before = state
    target = kernel.expand_options(toy, state, mover, move.id, None)[0]["action"]
    moved = kernel.apply(toy, state, mover, move.id, target, seed=SEED)
    assert moved.undoable and kernel.can_undo(moved.state, mover)
    undone = kernel.undo(toy, moved.state, mover)
    assert undone.state["board"] == before["board"]
    assert undone.state["kernel"]["seq"] == moved.state["kernel"]["seq"] + 1
    assert not kernel.can_undo(undone.state, mover)


def test_undo_is_refused_after_dice_or_a_reveal_or_for_another_seat(toy, melee):
    outcome = bid_all(toy, melee)  # the last bid reveals all bids
    assert not outcome.undoable
    with pytest.raises(IllegalAction) as caught:
        kernel.undo(toy, outcome.state, "red")
    assert caught.value.code == "nothing_to_undo"
    move = kernel.decisions(toy, outcome.state)[0]
    mover = move.seats[0]
    target = kernel.expand_options(toy, outcome.state, mover, move.id, None)[0]["action"]
    moved = kernel.apply(toy, outcome.state, mover, move.id, target, seed=SEED)
    other = next(s for s in ("red", "blue", "green") if s != mover)
    with pytest.raises(IllegalAction):
        kernel.undo(toy, moved.state, other)


def test_end_game_stops_every_decision(toy, melee):
    ended = kernel.end_game(melee, {"reason": "resigned", "seat": "green", "winners": ["red"]})
    assert kernel.result(toy, ended.state)["reason"] == "resigned"
    assert kernel.decisions(toy, ended.state) == []
    with pytest.raises(IllegalAction) as caught:
        kernel.apply(toy, ended.state, "red", "r1-bid-red", {"card": 2}, seed=SEED)
    assert caught.value.code == "game_over"


def test_bad_setups_are_refused(toy):
    with pytest.raises(kernel.BadSetup):
        kernel.new_game(toy, "melee", {"rounds": 9}, ["red", "blue", "green"], SEED, "g")
    with pytest.raises(kernel.BadSetup):
        kernel.new_game(toy, "melee", {"fog": True}, ["red", "blue", "green"], SEED, "g")
    with pytest.raises(kernel.BadSetup):
        kernel.new_game(toy, "melee", {}, ["red", "blue"], SEED, "g")
    with pytest.raises(kernel.UnknownScenario):
        kernel.new_game(toy, "siege", {}, ["red"], SEED, "g")


def test_timeout_default_of_a_reaction_window(toy, melee):
    from engine.kernel import Decision
    react = Decision(id="r1-react", seats=("red",), kind="react", rule="toy 3", prompt="",
                     options=({"choice": "brace"}, {"choice": "ignore"}), reaction=True)
    assert kernel.timeout_action(toy, melee, react, "red") == {"choice": "ignore"}
    bid = kernel.decisions(toy, melee)[0]
    assert kernel.timeout_action(toy, melee, bid, bid.seats[0]) == bid.options[0]


def test_audience_of_seats_held():
    state = {"kernel": {"sides": {"red": "alpha", "blue": "alpha", "green": "beta"}}}
    assert kernel.audience_of(state, ["red"]) == "seat:red"
    assert kernel.audience_of(state, ["red", "blue"]) == "side:alpha"
    assert kernel.audience_of(state, ["red", "green"]) == "public"
    assert kernel.audience_of(state, []) == "public"


def test_a_finished_game_offers_no_undo_in_any_view(toy):
    """The last round's move ends the game and leaves an undo point; no view may offer it (the
    platform refuses the undo with game/over), not even the mover's."""
    state, _ = kernel.new_game(toy, "duel", {"rounds": 1}, ["red", "blue"], SEED, "g-end")
    state = bid_all(toy, state).state
    move = kernel.decisions(toy, state)[0]
    mover = move.seats[0]
    far = [item["action"] for item in kernel.expand_options(toy, state, mover, move.id, None)
           if item["cost"] == 2]
    for target in far:
        moved = kernel.apply(toy, state, mover, move.id, target, seed=SEED)
        if kernel.result(toy, moved.state) is not None:
            break
    assert kernel.result(toy, moved.state) is not None and moved.undoable
    for audience in kernel.audiences(toy, moved.state):
        assert kernel.view(toy, moved.state, audience)["game"]["undo"] is None
