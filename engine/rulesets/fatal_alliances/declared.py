"""FA 11.12 — the land combat sequence as printed: every attack of the step is declared before
any is resolved (step 1), then the active side announces its HQ support for each declared hex
(step 5), then the inactive side (step 6), then the combats are resolved one by one in the
order the attacker chooses (step 8).

flow["declared"] holds the declared attacks not yet resolved, in declaration order (each one
the combat dict `resolution.declare` made); flow["attacks_closed"] says declaration is over
(the last declaring power said done). The attack being resolved is flow["combat"]
(resolution.py). Steps 3 and 4 (shore bombardment, version 30) come before the support
(shore_bombardment.py); steps 2 and 7 (notional units, ground support) have nothing to act
on without invasions into defended hexes and air units.

Rulings (docs/rules/fatal_alliances.md): a defending HQ supports at most one hex; when several
powers of the active side declared attacks, the order is chosen by the power that declared the
earliest attack still to resolve.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from . import combat as cb
from . import shore_bombardment as sb
from .resolution import alive, before_the_odds

RULE = "FA 11.12"


def pending(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The declared attacks still to resolve, in declaration order."""
    declared: list[dict[str, Any]] = state["flow"].get("declared", [])
    return declared


def is_closed(state: dict[str, Any]) -> bool:
    return bool(state["flow"].get("attacks_closed"))


def has_declared(state: dict[str, Any], power: str) -> bool:
    return any(c["declarer"] == power for c in pending(state))


def close(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 11.12 step 1 is over: no more attacks may be declared this step."""
    state["flow"]["attacks_closed"] = True
    events.append(Event("attacks_declared", "FA 11.12.1", {
        "targets": [c["target"] for c in pending(state)]}))
    carry_on(state, roller, events)


def carry_on(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """Run what needs no one's answer: skip support nobody can give, and start the next
    combat when only one is left to resolve (otherwise the attacker picks it)."""
    flow = state["flow"]
    while flow.get("combat") is None and is_closed(state) and pending(state):
        if _support_asked(state):
            return
        attacks = pending(state)
        if len(attacks) > 1:
            return
        start(state, attacks[0]["target"], roller, events)


def _committed_defender_hqs(state: dict[str, Any]) -> set[str]:
    return {c["support"]["defender"] for c in pending(state) if c["support"]["defender"]}


def _support_asked(state: dict[str, Any]) -> bool:
    """FA 11.12 steps 3–6 — the active side's shore bombardment for every declared hex, then
    the inactive side's (11.12.2, since version 30), then the active side's HQ support, then
    the inactive side's (11.12.3); a side with nothing to give for an attack is passed over.
    True while a side has a choice to make (its options stored on the attack)."""
    attacks = pending(state)
    for c in attacks:
        if c["phase"] == "bombard_attacker":
            ships = sb.offered(state, c, "attacker", len(alive(state, c["attackers"])))
            if ships:
                c["bombard_options"] = ships
                return True
            c["phase"] = "bombard_defender"
    for c in attacks:
        if c["phase"] == "bombard_defender":
            ships = sb.offered(state, c, "defender", len(alive(state, c["defenders"])))
            if ships:
                c["bombard_options"] = ships
                return True
            c["phase"] = "support_attacker"
    for c in attacks:
        if c["phase"] == "support_attacker":
            hqs = cb.attacker_support_hqs(alive(state, c["attackers"]))
            if hqs:
                c["support_options"] = [h["id"] for h in hqs]
                return True
            c["phase"] = "support_defender"
    for c in attacks:
        if c["phase"] == "support_defender":
            taken = _committed_defender_hqs(state)
            hqs = [h for h in cb.defender_support_hqs(state, c["target"],
                                                      alive(state, c["defenders"]))
                   if h["id"] not in taken]
            if hqs:
                c["support_options"] = [h["id"] for h in hqs]
                return True
            c["phase"] = "ready"
    return False


ASKED_PHASES = ("bombard_attacker", "bombard_defender", "support_attacker", "support_defender")


def _asked(state: dict[str, Any]) -> dict[str, Any] | None:
    """The declared attack whose bombardment or support is being asked for, if any."""
    for phase in ASKED_PHASES:
        for c in pending(state):
            if c["phase"] == phase:
                return c
    return None


def start(state: dict[str, Any], target: str, roller: Roller, events: list[Event]) -> None:
    """FA 11.12 step 8 — resolve the attack on `target` now."""
    attacks = pending(state)
    c = next(a for a in attacks if a["target"] == target)
    attacks.remove(c)
    c.pop("support_options", None)
    c["phase"] = "sit_out"
    state["flow"]["combat"] = c
    events.append(Event("combat_begins", RULE, {"target": target, "declarer": c["declarer"],
                                               "left": [a["target"] for a in attacks]}))
    before_the_odds(state, roller, events)


def decisions(state: dict[str, Any]) -> list[Decision]:
    """Between declaration and resolution: a side's HQ support for one declared hex, or the
    attacker's choice of the combat to resolve next."""
    flow = state["flow"]
    c = _asked(state)
    if c is not None and c["phase"].startswith("bombard_"):
        return [_bombard_decision(state, c)]
    if c is not None:
        side = "attacker" if c["phase"] == "support_attacker" else "defender"
        owner = c["declarer"] if side == "attacker" else c["defender"]
        asked = flow["answer_counts"].get(f"combat{c['number']}", 0)
        return [Decision(
            id=f"t{flow['turn']}-i{flow['impulse']}-combat{c['number']}-{side}-support-{asked}",
            seats=(owner,), kind="hq_support", rule="FA 11.12.3",
            prompt=f"Support the combat at {c['target']} with a face-up HQ "
                   "(it turns face-down)?",
            waiting=f"{owner} decides on HQ support", reaction=side == "defender",
            options=tuple([{"hq": h} for h in c["support_options"]] + [{"hq": None}]),
            data={"target": c["target"]})]
    attacks = pending(state)
    chooser = attacks[0]["declarer"]
    counts = flow["answer_counts"]
    return [Decision(
        id=f"t{flow['turn']}-i{flow['impulse']}-order-{counts.get('combat_order', 0)}",
        seats=(chooser,), kind="combat_order", rule="FA 11.12",
        prompt="Choose the declared attack to resolve next",
        waiting=f"{chooser} chooses the next combat",
        options=tuple({"target": a["target"]} for a in attacks))]


def answer(state: dict[str, Any], seat: str, decision: Decision, action: Any, roller: Roller,
           events: list[Event]) -> None:
    """A support announcement for a declared hex, or the next combat to resolve."""
    counts = state["flow"]["answer_counts"]
    if decision.kind == "combat_order":
        counts["combat_order"] = counts.get("combat_order", 0) + 1
        start(state, action["target"], roller, events)
        return
    c = _asked(state)
    assert c is not None
    counts[f"combat{c['number']}"] = counts.get(f"combat{c['number']}", 0) + 1
    if decision.kind == "naval_bombard":
        side = c["phase"].split("_")[1]
        sb.commit(c, side, action["ships"], seat, events)
        c["phase"] = "bombard_defender" if side == "attacker" else "support_attacker"
        return
    side = "attacker" if c["phase"] == "support_attacker" else "defender"
    c["support"][side] = action["hq"]
    c.pop("support_options", None)
    c["phase"] = "support_defender" if side == "attacker" else "ready"
    events.append(Event("hq_support", "FA 11.12.3", {"by": seat, "side": side,
                                                    "hq": action["hq"],
                                                    "target": c["target"]}))


def _bombard_decision(state: dict[str, Any], c: dict[str, Any]) -> Decision:
    """FA 11.12.2 — a side's shore bombardment for one declared hex: its best ships first
    (the timeout), fewer, or none."""
    flow = state["flow"]
    side = c["phase"].split("_")[1]
    owner = c["declarer"] if side == "attacker" else c["defender"]
    asked = flow["answer_counts"].get(f"combat{c['number']}", 0)
    return Decision(
        id=f"t{flow['turn']}-i{flow['impulse']}-combat{c['number']}-{side}-bombard-{asked}",
        seats=(owner,), kind="naval_bombard", rule=sb.RULE,
        prompt=f"Shore bombardment of {c['target']}: commit surface ships at sea off the "
               "coast (they turn face-down)?",
        waiting=f"{owner} decides on shore bombardment", reaction=side == "defender",
        options=tuple({"ships": list(ships)} for ships in c["bombard_options"]),
        data={"target": c["target"], "side": side,
              "factors": {s: str(sb.ship_factor(state, s, c["target"]))
                          for s in c["bombard_options"][0]}})
