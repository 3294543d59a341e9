"""Unit-first orders in the kernel (issue #18): what each open decision concerns (in the view,
for its holders only), why an answer would be refused (explain), and what it would do
(preview) — none of them changing anything, none telling an audience what it may not see."""

from __future__ import annotations

import pytest

from engine import kernel
from engine.kernel import IllegalAction, StaleDecision
from engine.kernel.canonical import canonical_json
from engine.kernel.inquiry import WITHHELD_CODE, explain, preview
from tests.toy.ruleset import ToySkirmish, destinations

from .conftest import SEED, bid_all


@pytest.fixture
def duel(toy):
    state, _ = kernel.new_game(toy, "duel", {}, ["blue", "red"], SEED, "g-inquiry")
    return state


def moving(toy, state):
    """The position after the bids: the winner's move is open."""
    state = bid_all(toy, state).state
    (move,) = kernel.decisions(toy, state)
    assert move.kind == "move"
    return state, move


class MinedToy(ToySkirmish):
    """A move into a hex another seat secretly mined is refused with a reason that names the
    mine: an explanation that must not reach the mover."""

    def setup(self, scenario, options, seats, roller):
        state = super().setup(scenario, options, seats, roller)
        for seat in seats:
            state["secret"][seat]["mines"] = ["0,0"]
        return state

    def validate(self, state, seat, decision, action):
        for other, secret in state["secret"].items():
            if other != seat and action.get("to") in secret.get("mines", []):
                raise IllegalAction("toy 2", "mined", {"by": other, "at": action["to"]},
                                    f"{other} mined {action['to']}.")
        return super().validate(state, seat, decision, action)

    def check_invariants(self, state):
        pass


# --- concerns -------------------------------------------------------------------------------

def test_a_decision_concerns_what_its_answers_name_and_only_its_holders_see_it(toy, duel):
    state, move = moving(toy, duel)
    mover = move.seats[0]
    other = "blue" if mover == "red" else "red"
    places = sorted(item["action"]["to"] for item in destinations(state, mover))
    assert kernel.view(toy, state, f"seat:{mover}")["decisions"][move.id]["concerns"] == {
        "places": places}
    for audience in (f"seat:{other}", "public"):
        assert "concerns" not in kernel.view(toy, state, audience)["decisions"][move.id]


def test_a_decision_that_names_nothing_has_no_concerns_entry(toy, duel):
    view = kernel.view(toy, duel, "seat:red")
    assert all("concerns" not in d for d in view["decisions"].values())


def test_a_failing_concerns_index_leaves_the_view_whole_without_it(toy, duel, caplog):
    """A ruleset bug in the index (here: its options raise) must not cost the holder the
    whole view, and with it the socket (tests/live/test_socket_failures.py)."""
    class Broken(ToySkirmish):
        def options(self, state, seat, decision, query):
            raise TypeError("a bug on purpose")

    broken = Broken()
    state, move = moving(toy, duel)
    view = kernel.view(broken, state, f"seat:{move.seats[0]}")
    assert move.id in view["decisions"] and "concerns" not in view["decisions"][move.id]
    whole = kernel.view(toy, state, f"seat:{move.seats[0]}")["decisions"][move.id]
    assert "concerns" in whole
    assert view["decisions"][move.id] == {k: v for k, v in whole.items() if k != "concerns"}
    assert any("concerns of decision" in r.message for r in caplog.records)


# --- explain ----------------------------------------------------------------------------------

def test_explain_says_legal_or_gives_the_refusal_apply_gives(toy, duel):
    state, move = moving(toy, duel)
    seat = move.seats[0]
    audience = f"seat:{seat}"
    legal = destinations(state, seat)[0]["action"]
    assert explain(toy, state, seat, move.id, legal, audience) == {"legal": True}
    here = state["board"]["tokens"][seat]
    answer = explain(toy, state, seat, move.id, {"to": here}, audience)
    with pytest.raises(IllegalAction) as refused:
        kernel.apply(toy, state, seat, move.id, {"to": here}, seed=SEED)
    assert answer == {"legal": False, **refused.value.as_dict()}
    assert answer["code"] == "out_of_range" and answer["rule"] == "toy 2"
    assert explain(toy, state, seat, move.id, {"to": "9,9"}, audience)["code"] == "off_board"
    malformed = explain(toy, state, seat, move.id, {"go": 1}, audience)
    assert malformed["legal"] is False and malformed["code"] == "malformed"


def test_explain_changes_nothing_and_refuses_a_stale_decision(toy, duel):
    state, move = moving(toy, duel)
    seat = move.seats[0]
    before = canonical_json(state)
    explain(toy, state, seat, move.id, {"to": "0,0"}, f"seat:{seat}")
    preview(toy, state, seat, move.id, destinations(state, seat)[0]["action"], f"seat:{seat}")
    assert canonical_json(state) == before
    with pytest.raises(StaleDecision):
        explain(toy, state, seat, "no-such-decision", {"to": "0,0"}, f"seat:{seat}")


def test_explain_withholds_a_reason_that_depends_on_hidden_information():
    mined = MinedToy()
    state, _ = kernel.new_game(mined, "duel", {}, ["blue", "red"], SEED, "g-mined")
    state, move = moving(mined, state)
    seat = move.seats[0]
    answer = explain(mined, state, seat, move.id, {"to": "0,0"}, f"seat:{seat}")
    assert answer["legal"] is False
    assert answer["code"] == WITHHELD_CODE and "mined" not in answer["message"]
    assert answer["data"] == {}
    # a public reason stays: off the board is off the board whatever was mined
    assert explain(mined, state, seat, move.id, {"to": "9,9"},
                   f"seat:{seat}")["code"] == "off_board"


# --- preview ----------------------------------------------------------------------------------

def test_preview_shows_the_events_of_an_order_no_die_decides(toy, duel):
    state, move = moving(toy, duel)
    seat = move.seats[0]
    to = destinations(state, seat)[0]["action"]
    shown = preview(toy, state, seat, move.id, to, f"seat:{seat}")
    outcome = kernel.apply(toy, state, seat, move.id, to, seed=SEED)
    assert shown["dice"] is False
    assert shown["events"] == kernel.events_for(toy, outcome.state, outcome.events,
                                                f"seat:{seat}")


def test_preview_says_dice_decide_and_never_rolls(toy, duel):
    state, move = moving(toy, duel)
    seat = move.seats[0]
    other = "blue" if seat == "red" else "red"
    # the mover starts at the centre and moves next to the other token, who may then brace
    # (a die) or ignore
    state["board"]["tokens"][seat] = "0,0"
    state["board"]["tokens"][other] = "2,0"
    state = kernel.apply(toy, state, seat, move.id, {"to": "1,0"}, seed=SEED).state
    (react,) = kernel.decisions(toy, state)
    dice = state["kernel"]["dice"]
    shown = preview(toy, state, other, react.id, {"choice": "brace"}, f"seat:{other}")
    assert shown == {"dice": True, "purpose": "brace"}
    assert state["kernel"]["dice"] == dice
    ignore = preview(toy, state, other, react.id, {"choice": "ignore"}, f"seat:{other}")
    assert ignore["dice"] is False and ignore["events"][0]["kind"] == "reacted"


def test_preview_of_a_sealed_answer_is_not_available(toy, duel):
    bid = kernel.decisions(toy, duel)[0]
    seat = bid.seats[0]
    assert preview(toy, duel, seat, bid.id, bid.options[0], f"seat:{seat}") == {
        "available": False, "why": "sealed"}


def test_preview_of_a_refused_order_raises_the_refusal(toy, duel):
    state, move = moving(toy, duel)
    seat = move.seats[0]
    with pytest.raises(IllegalAction):
        preview(toy, state, seat, move.id, {"to": "9,9"}, f"seat:{seat}")
