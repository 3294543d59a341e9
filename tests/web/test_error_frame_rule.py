"""A socket `error` frame for a refusal by the rules (an `options` query checking an order set)
names the engine's rule and reason, as a `reject` does, so the page can link the rule to the
reference (issue #23: the TWTEAW editor's refused draft shows its rule)."""

from __future__ import annotations

from boardgame.api.errors import ServiceError
from boardgame.play import protocol
from boardgame.play.actions import engine_rejection
from engine.kernel import IllegalAction, PausedDecision, StaleDecision


def test_23_an_engine_refusal_s_error_frame_names_its_rule_and_reason():
    refused = engine_rejection(IllegalAction("TWTEAW 4.4", "not_enough_units", {"area": "paris"},
                                             "You have 6 infantry in Paris."), 3)
    frame = protocol.error_frame(refused, ref="o1")
    assert (frame["code"], frame["rule"], frame["reason"], frame["ref"]) == (
        "action/illegal", "TWTEAW 4.4", "not_enough_units", "o1")
    assert frame["data"]["area"] == "paris"


def test_23_other_error_frames_carry_no_rule():
    frame = protocol.error_frame(ServiceError("Say something.", code="chat/empty"), ref="chat")
    assert "rule" not in frame and "reason" not in frame


def test_27_an_answer_to_a_paused_decision_is_refused_as_action_paused():
    """Issue #27: a decision listed but paused (engine PausedDecision) is refused with its own
    wire code, not as stale: the client holds the right view, the decision is not open yet."""
    refused = engine_rejection(PausedDecision("germany", "8-f1-half-central-germany-done"), 5)
    assert (refused.code, refused.reason, refused.rule) == (
        "action/paused", "decision_paused", "kernel")
    assert refused.data["decision"] == "8-f1-half-central-germany-done"
    stale = engine_rejection(StaleDecision("germany", "gone"), 5)
    assert stale.code == "action/stale"
