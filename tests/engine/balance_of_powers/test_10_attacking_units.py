"""BoP 10.2, 9.14, 1.323 — the attacker chooses which units of a stack attack (issue #18).

One phasing force attacks from one location (10.2); a force is one unit or several of the
same location (2.61), so the phasing player names the attacking units, as he does for a march
of part of a stack (9.12). What stays behind is not part of the combat. A leader fights and
advances with the units he is named among (1.323 piggybacking, 10.54 leadership); the
listed attack takes him along with the largest force.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import Decision, IllegalAction
from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers.decisions import ATTACK_SCHEMA
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .helpers import Dice, hx, position
from .test_10_combat import TH

FROZEN_V4 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / \
    "balance_of_powers-4.json"
STACK = {"ger-inf-1": "0702", "ger-inf-2": "0702", "ger-inf-3": "0702", "ger-cav-1": "0702",
         "ger-ldr-kluck": "0702"}


def _stack_facing(defender_entrenched: bool = False) -> dict:
    state = position(TH, {**STACK, "fra-inf-1": "0602"}, side="central", rp={"germany": 5},
                     entrenched=["fra-inf-1"] if defender_entrenched else ())
    state["flow"]["active"] = ["germany"]
    return state


def _attack_decision(state):
    return next(d for d in RULESET.decisions(state) if d.kind == "combat")


def _attack(state, units, dice):
    decision = _attack_decision(state)
    action = RULESET.validate(state, "germany", decision, {
        "units": units, "target": hx(TH, "0602"), "point": "ger-inf-1", "payer": "germany"})
    roller = Dice(dice)
    return RULESET.apply_action(state, "germany", decision, action, roller), roller


def test_bop_10_2_part_of_a_stack_attacks_and_the_rest_stays_out_of_the_combat():
    """Three corps of the stack attack; the cavalry and Kluck stay. A 2/1 result (2d6 = 2,
    FNM +2: effectiveness 4 v 3, odds 3:1): the second attacker loss is chosen among the
    attacking corps only; the lone defender dies, the surviving attacker advances (10.81),
    the units left behind stay where they are with their MP untouched."""
    state = _stack_facing()
    _attack(state, ["ger-inf-1", "ger-inf-2", "ger-inf-3"], [1, 1])
    loss = next(d for d in RULESET.decisions(state) if d.kind == "loss")
    named = {o["loss"] for o in loss.options}
    assert named <= {"ger-inf-2", "ger-inf-3", "attrition"} and "ger-inf-2" in named
    RULESET.apply_action(state, "germany", loss, {"loss": "ger-inf-2"}, Dice([]))
    units = state["board"]["units"]
    assert "ger-inf-1" not in units and "ger-inf-2" not in units and "fra-inf-1" not in units
    assert units["ger-inf-3"]["at"] == hx(TH, "0602")
    assert units["ger-cav-1"]["at"] == units["ger-ldr-kluck"]["at"] == hx(TH, "0702")
    assert "ger-cav-1" not in state["flow"]["moves"]  # it has not moved: a force of its own later


def test_bop_1_323_10_54_a_leader_checks_leadership_only_with_the_units_he_joins():
    """Kluck left behind: no command check for the attacker. Named among the attackers: he
    rolls his check (10.54) and advances with the force that cleared the location."""
    state = _stack_facing()
    events, roller = _attack(state, ["ger-inf-1", "ger-inf-2"], [6, 6])
    assert not any(e.kind == "command_check" for e in events)
    assert [r["purpose"] for r in roller.rolls] == ["combat 2d6", "combat 2d6"]

    state = _stack_facing()
    events, roller = _attack(state, ["ger-inf-1", "ger-inf-2", "ger-ldr-kluck"], [1, 6, 6])
    checks = [e for e in events if e.kind == "command_check"]
    assert [c.data["leader"] for c in checks] == ["ger-ldr-kluck"]
    assert checks[0].data["passed"] and state["board"]["units"]["ger-inf-3"]["at"] == hx(
        TH, "0702")  # 2d6 12 + FNM: RP/3, the lone defender cannot take its second loss
    assert state["board"]["units"]["ger-ldr-kluck"]["at"] == hx(TH, "0602")


def test_bop_1_323_the_listed_attack_takes_the_stacks_leader_along():
    state = _stack_facing()
    items = RULESET.options(state, "germany", _attack_decision(state), None)
    assert [i["action"]["units"] for i in items] == [
        ["ger-cav-1", "ger-inf-1", "ger-inf-2", "ger-inf-3", "ger-ldr-kluck"]]


def test_bop_10_2_a_chosen_part_of_the_stack_gets_its_own_attack_and_odds():
    """The options query {"units": [...]} answers for exactly those units (no enumeration of
    subsets): the attack to send, with its point unit, payer and odds; nothing when refused."""
    state = _stack_facing()
    decision = _attack_decision(state)
    items = RULESET.options(state, "germany", decision, {"units": ["ger-inf-2", "ger-cav-1"]})
    assert items == [{"action": {"units": ["ger-cav-1", "ger-inf-2"], "target": hx(TH, "0602"),
                                 "point": "ger-inf-2", "payer": "germany"}, "odds": "2:1",
                      "rp": 1}]
    assert RULESET.validate(state, "germany", decision, items[0]["action"]) == items[0]["action"]
    assert RULESET.options(state, "germany", decision, {"units": ["ger-ldr-kluck"]}) == []
    dug = _stack_facing(defender_entrenched=True)
    assert RULESET.options(dug, "germany", _attack_decision(dug), {"units": ["ger-cav-1"]}) == []


@pytest.mark.parametrize("units,rule,code,words", [
    (["ger-cav-1", "ger-inf-1"], "BoP 9.14", "cavalry_vs_trenches", "leave it out"),
    (["ger-ldr-kluck"], "BoP 1.323", "leader_alone", "only with corps"),
    (["ger-inf-1", "fra-inf-1"], "BoP 10", "not_yours", "not yours"),
])
def test_bop_9_14_a_refused_choice_of_units_says_why(units, rule, code, words):
    state = _stack_facing(defender_entrenched=True)
    decision = _attack_decision(state)
    with pytest.raises(IllegalAction) as err:
        RULESET.validate(state, "germany", decision, {
            "units": units, "target": hx(TH, "0602"), "point": "ger-inf-1",
            "payer": "germany"})
    assert (err.value.rule, err.value.code) == (rule, code)
    assert words in err.value.message


def test_bop_1_323_v4_to_v5_a_combat_in_progress_keeps_its_attacking_leader():
    """Version 4 let the attacking location's leader check leadership whatever the listed
    units were: a combat caught in progress takes him into its attacking units, in the state
    and in the undo point's state."""
    frozen = json.loads(FROZEN_V4.read_text())["state"]
    combat = frozen["flow"]["combat"]
    assert combat["stage"] == "point"
    unchanged = upgrade(MIGRATIONS, json.loads(json.dumps(frozen)), "4", "5")
    assert unchanged["flow"]["combat"]["units"] == combat["units"]  # no leader there
    frozen["board"]["units"]["fra-ldr-joffre"] = {"at": combat["from"], "mode": "maneuver"}
    frozen["kernel"]["undo"] = {"seat": "france", "decision": "d",
                                "state": json.loads(json.dumps(frozen))}
    migrated = upgrade(MIGRATIONS, frozen, "4", "5")
    for version in (migrated, migrated["kernel"]["undo"]["state"]):
        assert version["flow"]["combat"]["units"] == sorted(combat["units"] + ["fra-ldr-joffre"])


def test_bop_9_12_part_of_the_force_in_motion_attacks_and_the_rest_stops():
    """A stack marches up next to the enemy; two of its corps attack. The corps dropped off
    stop (9.12); a unit outside the force in motion cannot be chosen (9.0, one force at a
    time)."""
    state = position(TH, {"ger-inf-1": "0802", "ger-inf-2": "0802", "ger-inf-3": "0802",
                          "ger-inf-4": "0703", "fra-inf-1": "0602"},
                     side="central", rp={"germany": 5})
    state["flow"]["active"] = ["germany"]
    march = next(d for d in RULESET.decisions(state)
                 if d.kind == "march" and d.data.get("part") == "whole")
    force = ["ger-inf-1", "ger-inf-2", "ger-inf-3"]
    action = RULESET.validate(state, "germany", march, {"units": force, "to": hx(TH, "0702")})
    RULESET.apply_action(state, "germany", march, action, Dice([]))
    decision = _attack_decision(state)
    assert RULESET.options(state, "germany", decision, {"units": ["ger-inf-4"]}) == []
    with pytest.raises(IllegalAction) as err:
        RULESET.validate(state, "germany", decision, {
            "units": ["ger-inf-4"], "target": hx(TH, "0602"), "point": "ger-inf-4",
            "payer": "germany"})
    assert err.value.code == "force_in_progress"
    _attack(state, ["ger-inf-1", "ger-inf-2"], [6, 6])   # 12: the lone defender is gone
    units = state["board"]["units"]
    assert units["ger-inf-1"]["at"] == units["ger-inf-2"]["at"] == hx(TH, "0602")
    assert units["ger-inf-3"]["at"] == hx(TH, "0702")
    assert state["flow"]["moves"]["ger-inf-3"]["mp"] == 0


def _why_attack(state, units, target):
    """The refusal of an attack by `units` on label `target`, asked of the attack decision on
    another location (as the page asks about a location no attack decision names)."""
    decision = Decision(id="t-combat", seats=("germany",), kind="combat", rule="BoP 10",
                        prompt="Attack", schema=ATTACK_SCHEMA, data={"target": hx(TH, "0602")})
    action = {"units": units, "target": hx(TH, target), "point": units[0], "payer": "germany"}
    with pytest.raises(IllegalAction) as refused:
        RULESET.validate(state, "germany", decision, action)
    assert refused.value.code == "wrong_target"
    return RULESET.why_not(state, "germany", decision, action, refused.value)


def test_bop_10_2_why_not_an_attack_on_a_location_not_adjacent():
    state = _stack_facing()
    state["board"]["units"]["fra-inf-2"] = {"at": hx(TH, "0904"), "mode": "maneuver"}
    answer = _why_attack(state, ["ger-inf-1", "ger-inf-2"], "0904")
    assert (answer.rule, answer.code) == ("BoP 10.2", "not_adjacent")
    assert "adjacent" in answer.message


def test_bop_9_14_why_not_an_attack_where_no_enemy_stands():
    answer = _why_attack(_stack_facing(), ["ger-inf-1"], "0703")
    assert (answer.rule, answer.code) == ("BoP 9.14", "no_enemy")


def test_bop_10_3_why_not_an_attack_nobody_can_pay_for():
    state = _stack_facing()
    state["powers"]["germany"]["rp"] = 0
    state["board"]["units"]["fra-inf-2"] = {"at": hx(TH, "0701"), "mode": "maneuver"}
    answer = _why_attack(state, ["ger-inf-1"], "0701")
    assert (answer.rule, answer.code) == ("BoP 10.3", "bad_payer")
