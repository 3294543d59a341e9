"""BoP 10.712, 10.713 — the loss picker's facts (issue #18): the view says what the side
choosing a loss still owes, and a loss the decision does not list is refused with the reason
(`whynot.why_not`, what the page's "why not" gets through the kernel's explain) after an
attack played through the rules: three
German corps of a five-unit stack attack a French corps, 2d6 = 2 at +2 gives 2/1, the point
unit takes the first attacker loss and Germany chooses the second."""

from __future__ import annotations

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .test_10_attacking_units import _attack, _stack_facing


def _second_loss():
    state = _stack_facing()
    _attack(state, ["ger-inf-1", "ger-inf-2", "ger-inf-3"], [1, 1])
    loss = next(d for d in RULESET.decisions(state) if d.kind == "loss")
    return state, loss


def _why(state, loss, choice):
    """The refusal of `choice` for the open loss, said as the page's "why not" gets it: the
    choice is not among the listed options (the kernel's refusal), then `why_not`."""
    action = {"loss": choice}
    assert action not in loss.options
    refusal = IllegalAction(loss.rule, "not_an_option", {"action": action}, "not listed")
    answer = RULESET.why_not(state, "germany", loss, action, refusal)
    return {"legal": False, **answer.as_dict()}


def test_bop_10_712_the_view_carries_the_losses_still_owed():
    state, loss = _second_loss()
    tally = RULESET.view(state, "seat:germany")["flow"]["loss"]
    assert tally["role"] == "attacker" and tally["seat"] == "germany"
    assert (tally["wanted"], tally["owed"], tally["placed"]) == (2, 1, ["ger-inf-1"])
    assert tally["point"] == "ger-inf-1"
    assert sorted(tally["force"]) == ["ger-inf-1", "ger-inf-2", "ger-inf-3"]
    # The same position's public view carries it too (BoP is open, 2.68).
    assert RULESET.view(state, "public")["flow"]["loss"] == tally


def test_bop_10_712_why_not_the_point_unit_again():
    state, loss = _second_loss()
    answer = _why(state, loss, "ger-inf-1")
    assert (answer["legal"], answer["rule"], answer["code"]) == (False, "BoP 10.712",
                                                                 "loss_already_taken")
    assert "point unit takes the first one" in answer["message"]
    assert "1 more to choose" in answer["message"]


def test_bop_10_712_why_not_a_unit_left_out_of_the_attack():
    state, loss = _second_loss()
    answer = _why(state, loss, "ger-cav-1")
    assert (answer["rule"], answer["code"]) == ("BoP 10.712", "not_in_battle")
    assert answer["message"].startswith("Germany ") and "not in this battle" in answer["message"]


def test_bop_10_712_why_not_the_enemys_unit():
    state, loss = _second_loss()
    answer = _why(state, loss, "fra-inf-1")
    assert (answer["rule"], answer["code"]) == ("BoP 10.712", "other_side")


def test_bop_10_712_why_not_a_fortress_step_for_the_attacker():
    state, loss = _second_loss()
    answer = _why(state, loss, "fortress")
    assert (answer["rule"], answer["code"]) == ("BoP 10.712", "defender_only")


def test_bop_10_713_why_not_attrition_against_an_open_defender():
    state, loss = _second_loss()
    answer = _why(state, loss, "attrition")
    assert (answer["rule"], answer["code"]) == ("BoP 10.713", "attrition_closed")

