"""The land activities of an impulse (FA 11): rail (11.8), land movement (11.9), land combat
(11.12) and reorganisation (11.14) — who still has something to do in each step, their
decisions, one lister per kind, validation and the verbs.

Each decision kind has one function listing its legal answers; the validator of a schema
decision checks an answer against the same function, so listing and validating cannot drift.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller

from . import combat as cb
from . import declared
from .charts import Table
from .emergency import end_of_combat
from .movement import MoveContext, can_move, destinations, take_control
from .position import co_operates, commander, map_of, memoised_on_state, on_map, unit
from .rail import (
    RailContext,
    can_rail,
    note_straits,
    rail_cost,
    rail_destinations,
    straits_crossed,
)
from .reorganisation import reorganisable, reorganise
from .resolution import answer, declare
from .sequence import (
    ACTIVITY,
    DONE,
    Step,
    active_powers,
    activity_allowed,
    count_answer,
    decision_id,
    remaining,
    spend,
    step_done,
)
from .supply import supplied_hexes

# --- listing ------------------------------------------------------------------------------------

def rail_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.8 — every unit's rail destinations while rail moves remain."""
    left = remaining(state, power, "rail")
    items: list[dict[str, Any]] = []
    ctx = RailContext(state)   # one state for every unit listed
    for u in on_map(state):
        if commander(state, u["power"]) != power or not can_rail(state, u):
            continue
        cost = rail_cost(state, u)
        if left is not None and left < cost:
            continue
        for to in rail_destinations(state, u["id"], ctx):
            items.append({"action": {"unit": u["id"], "to": to}, "rail_moves": cost})
    return items


def move_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.9 — each movable unit's destinations, and each whole stack's."""
    left = remaining(state, power, "land_move")
    items: list[dict[str, Any]] = []
    stacks: dict[str, list[str]] = {}
    for u in on_map(state):
        if commander(state, u["power"]) == power and can_move(state, u):
            stacks.setdefault(u["hex"], []).append(u["id"])
    ctx = MoveContext(state)   # one state for every stack listed
    for hex_id in sorted(stacks):
        groups = [[uid] for uid in stacks[hex_id]]
        if len(stacks[hex_id]) > 1:
            groups.append(list(stacks[hex_id]))
        for group in groups:
            if left is not None and left < len(group):
                continue
            for to, info in destinations(state, group, ctx).items():
                items.append({"action": {"units": group, "to": to}, "cost": info["cost"],
                              "flip": info["flip"]})
    return items


def any_move(state: dict[str, Any], power: str) -> bool:
    """Whether some unit of `power` can move (stops at the first one found)."""
    left = remaining(state, power, "land_move")
    if left is not None and left < 1:
        return False
    ctx = MoveContext(state)
    return any(commander(state, u["power"]) == power and can_move(state, u)
               and destinations(state, [u["id"]], ctx) for u in on_map(state))


def attack_partners(state: dict[str, Any], power: str) -> list[str]:
    """FA 11.12.1 — the powers whose units may join `power`'s attack: itself and co-operating
    powers of the active side whose action allows an attack and who have one left (each
    spends a land attack)."""
    out = [power]
    for other in active_powers(state):
        if other == power or not co_operates(state, other, power):
            continue
        if not activity_allowed(state, other, Step.LAND_COMBAT):
            continue
        left = remaining(state, other, "land_attack")
        if left is None or left >= 1:
            out.append(other)
    return sorted(out)


def attack_targets(state: dict[str, Any], power: str) -> list[str]:
    """FA 11.12.1 — the enemy hexes next to `power`'s face-up units that have not attacked,
    not yet attacked this impulse (sorted)."""
    m = map_of(state)
    targets = set()
    marks = state["flow"]["marks"]
    for u in on_map(state):
        if (commander(state, u["power"]) == power and u["up"]
                and u["id"] not in marks["attacked"]):
            for nb in m.neighbours(u["hex"]):
                if nb not in marks["targets"] and cb.defenders_at(state, power, nb):
                    targets.add(nb)
    return sorted(targets)


def group_attack_items(state: dict[str, Any], power: str, target: str,
                       defenders: list[dict[str, Any]],
                       group: list[str]) -> list[dict[str, Any]]:
    """FA 11.12.1 / 11.12.5.1 — the attack of exactly `group` on `target`, once per table the
    attacker may choose, with its odds and DRM (none when no unit of `power` is in it)."""
    attackers = [unit(state, i) for i in group]
    if not any(commander(state, u["power"]) == power for u in attackers):
        return []
    rule = cb.table_rule(state, attackers, target, defenders)
    tables = ([Table.ASSAULT.value, Table.BLITZ.value] if rule == "attacker" else [None])
    items = []
    for table in tables:
        shown = table or (Table.ASSAULT.value if rule == "assault" else None)
        drms = cb.attack_drms(state, attackers, target, defenders, shown or Table.ASSAULT.value)
        action = {"target": target, "units": group}
        if table is not None:
            action["table"] = table
        items.append({"action": action, "odds": drms[0][0].removeprefix("odds "),
                      "drm": cb.number(cb.total_drm(drms)), "table": rule if table is None
                      else table})
    return items


def rolled_defenders(state: dict[str, Any], power: str, target: str) -> list[dict[str, Any]]:
    """The defenders of `target` as the attack will be rolled: without the unit that sits out
    (FA 2.3, option 1)."""
    defenders = cb.defenders_at(state, power, target)
    sits_out = cb.reserve_unit(state, defenders)
    return [d for d in defenders if d["id"] != sits_out]


def attack_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.12.1 — attack groupings with their odds and table choice, per target hex."""
    left = remaining(state, power, "land_attack")
    if left is not None and left < 1:
        return []
    partners = attack_partners(state, power)
    supplied: dict[str, frozenset[str]] = {}
    items: list[dict[str, Any]] = []
    for target in attack_targets(state, power):
        eligible = cb.eligible_attackers(state, partners, target, supplied)
        if not any(commander(state, u["power"]) == power for u in eligible):
            continue
        defenders = rolled_defenders(state, power, target)
        ids = [u["id"] for u in eligible]
        groups: list[list[str]] = []
        if len(ids) <= 4:
            for mask in range(1, 1 << len(ids)):
                groups.append([ids[i] for i in range(len(ids)) if mask >> i & 1])
        else:
            by_origin: dict[str, list[str]] = {}
            for u in eligible:
                by_origin.setdefault(u["hex"], []).append(u["id"])
            groups = [g for _, g in sorted(by_origin.items())] + [ids]
        if state["board"].get("options", {}).get("in_hex_reserves"):
            trimmed = [cb.trim_attack_out(state, [unit(state, i) for i in g]) for g in groups]
            groups = [list(g) for g in sorted({tuple(g) for g in trimmed if g})]
        for group in groups:
            items += group_attack_items(state, power, target, defenders, group)
    return items


def reorganise_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.14 — an HQ turns face-down units within reach face-up, paying its reorg points
    (1 per unit in a land action, 2 in a combined one)."""
    items = []
    for hq in on_map(state):
        if commander(state, hq["power"]) != power or hq["type"] != "HQ" or not hq["up"]:
            continue
        for group in reorganisable(state, hq):
            items.append({"action": {"hq": hq["id"], "units": group}})
    return items


def combat_decisions(state: dict[str, Any]) -> list[Decision]:
    c = state["flow"]["combat"]
    phase = c["phase"]
    key = f"combat{c['number']}"

    def combat_id(state: dict[str, Any], what: str) -> str:
        # One counter per combat, bumped by every reply: ids never repeat.
        flow = state["flow"]
        return (f"t{flow['turn']}-i{flow['impulse']}-{what}-"
                f"{flow['answer_counts'].get(key, 0)}")
    if phase in ("support_attacker", "support_defender"):
        side = phase.split("_")[1]
        owner = c["declarer"] if side == "attacker" else c["defender"]
        return [Decision(id=combat_id(state, f"{key}-{side}-support"), seats=(owner,),
                         kind="hq_support", rule="FA 11.12.3",
                         prompt="Support this combat with a face-up HQ (it turns face-down)?",
                         waiting=f"{owner} decides on HQ support",
                         reaction=side == "defender",
                         options=tuple([{"hq": h} for h in c["support_options"]]
                                       + [{"hq": None}]))]
    if phase == "sit_out":
        return [Decision(id=combat_id(state, f"{key}-sit-out"), seats=(c["defender"],),
                         kind="sit_out", rule="FA 2.3.1.1",
                         prompt="Your hex is overstacked: choose the unit that sits out",
                         waiting=f"{c['defender']} chooses the unit in reserve", reaction=True,
                         options=tuple({"unit": u} for u in c["sit_out_options"]))]
    if phase == "table":
        return [Decision(id=combat_id(state, f"{key}-table"), seats=(c["defender"],),
                         kind="choose_table", rule="FA 21.7",
                         prompt="Every attacker crosses your fort: choose the combat table",
                         waiting=f"{c['defender']} chooses the table", reaction=True,
                         options=({"table": "assault"}, {"table": "blitz"}))]
    if phase in ("losses_attacker", "losses_defender"):
        side = "attacker" if phase == "losses_attacker" else "defender"
        owner = c.get("loss_chooser") or (c["declarer"] if side == "attacker"
                                           else c["defender"])
        return [Decision(id=combat_id(state, f"{key}-{side}-losses"), seats=(owner,),
                         kind="combat_losses", rule="FA 11.12.5.4",
                         prompt=f"Choose the {side}'s losses ({c['pending_loss'] / 2} units)",
                         waiting=f"{owner} chooses losses", reaction=side == "defender",
                         options=tuple(c["loss_options"]))]
    if phase == "shatter":
        return [Decision(id=combat_id(state, f"{key}-shatter"), seats=(c["declarer"],),
                         kind="shatter_or_retreat", rule="FA 11.12.5.6",
                         prompt="Shatter the defenders, or retreat them instead?",
                         waiting=f"{c['declarer']} decides shatter or retreat",
                         options=({"treat_as": "retreat"}, {"treat_as": "shatter"}))]
    if phase == "retreat":
        uid = c["retreat_queue"][0]
        return [Decision(id=combat_id(state, f"{key}-retreat-{uid}"), seats=(c["declarer"],),
                         kind="retreat", rule="FA 11.12.5.5",
                         prompt=f"Retreat {unit(state, uid)['name']}",
                         waiting=f"{c['declarer']} retreats the defenders",
                         options=tuple({"unit": uid, "to": h} for h in c["retreat_options"]))]
    if phase == "advance":
        return [Decision(id=combat_id(state, f"{key}-advance"), seats=(c["declarer"],),
                         kind="advance", rule="FA 11.12.5.7",
                         prompt="Advance into the emptied hex?",
                         waiting=f"{c['declarer']} may advance",
                         options=tuple({"units": g} for g in c["advance_options"]))]
    raise AssertionError(f"unknown combat phase {phase}")


# --- the four activity steps --------------------------------------------------------------------

@dataclass(frozen=True)
class Activity:
    """One activity step's decision: its kind and rule, the lister of legal orders, a cheaper
    test that one exists, the order's fields and the prompt."""

    step: Step
    kind: str
    rule: str
    items: Callable[[dict[str, Any], str], list[dict[str, Any]]]
    any: Callable[[dict[str, Any], str], bool]
    fields: frozenset[str]
    prompt: str


ACTIVITIES = {a.kind: a for a in (
    Activity(Step.RAIL, "rail_move", "FA 11.8", rail_items,
             lambda s, p: bool(rail_items(s, p)), frozenset({"unit", "to"}),
             "Rail a unit, or finish rail movement"),
    Activity(Step.LAND_MOVE, "land_move", "FA 11.9", move_items, any_move,
             frozenset({"units", "to"}), "Move a unit or stack, or finish land movement"),
    Activity(Step.LAND_COMBAT, "land_attack", "FA 11.12", attack_items,
             lambda s, p: bool(attack_items(s, p)), frozenset({"target", "units"}),
             "Declare an attack, or finish land combat"),
    Activity(Step.REORGANISATION, "reorganise", "FA 11.14", reorganise_items,
             lambda s, p: bool(reorganise_items(s, p)), frozenset({"hq", "units"}),
             "Reorganise with an HQ, or finish reorganisation"),
)}
OF_STEP = {a.step: a for a in ACTIVITIES.values()}


def acting(step: Step) -> Callable[[dict[str, Any]], list[str]]:
    """FA 10.2 — who still acts in an activity step: the active powers whose action allows it
    and who have not finished it, while they have a legal order (a power with nothing legal is
    passed over, with no empty `done`-only decision)."""
    activity = OF_STEP[step]

    def powers(state: dict[str, Any]) -> list[str]:
        done = state["flow"]["done"]
        return [p for p in active_powers(state)
                if p not in done and activity_allowed(state, p, step) and activity.any(state, p)]
    return powers


def activity_decision(step: Step) -> Callable[[dict[str, Any], str], Decision]:
    activity = OF_STEP[step]

    def offer(state: dict[str, Any], power: str) -> Decision:
        return Decision(
            id=decision_id(state, f"{activity.kind}-{power}"), seats=(power,),
            kind=activity.kind, rule=activity.rule, prompt=activity.prompt,
            waiting=f"{power}: {activity.kind}", schema={"type": "object"},
            undoable=step in (Step.LAND_MOVE, Step.RAIL),
            data={"remaining": remaining(state, power, ACTIVITY[step])})
    return offer


def attack_decisions(state: dict[str, Any]) -> list[Decision]:
    """The land combat step's decisions (FA 11.12): while declaring, each declaring power's
    next attack (or done); once every attack is declared, the HQ support for each declared
    hex and the choice of the next combat; inside a combat, its one reply."""
    if state["flow"].get("combat") is not None:
        return combat_decisions(state)
    if declared.is_closed(state):
        return declared.decisions(state) if declared.pending(state) else []
    offer = activity_decision(Step.LAND_COMBAT)
    powers = memoised_on_state("who:land_combat", state, lambda: tuple(attackers(state)))
    return [offer(state, p) for p in powers]


def attackers(state: dict[str, Any]) -> list[str]:
    """FA 11.12.1 — the powers still declaring: those with an attack to declare, and those
    that declared one and have not said done (no attack resolves before they do). Once
    declaration is over no power is pending: the support, order and combat replies are the
    decisions."""
    flow = state["flow"]
    if flow.get("combat") is not None or declared.is_closed(state):
        return []
    done = flow["done"]
    return [p for p in active_powers(state)
            if p not in done and activity_allowed(state, p, Step.LAND_COMBAT)
            and (declared.has_declared(state, p) or bool(attack_items(state, p)))]


def forget_moves(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 11.9 — the units that moved are remembered for one step (rail's marks carry into
    land movement, whose units may not also rail)."""
    state["flow"]["marks"]["moved"] = []
    return []


def end_land_combat(state: dict[str, Any], roller: Roller) -> list[Event]:
    """The land combat step ends: move marks go, the next step declares afresh, and option
    4's HQs turn face-down."""
    forget_moves(state, roller)
    state["flow"]["declared"] = []
    state["flow"]["attacks_closed"] = False
    return end_of_combat(state)


# --- schema decisions: validate and expand (one code path) -------------------------------------

def expand(state: dict[str, Any], seat: str, decision: Decision) -> list[dict[str, Any]]:
    return [{"action": dict(DONE)}] + ACTIVITIES[decision.kind].items(state, seat)


def is_unit_list(value: Any) -> bool:
    """Whether `value` has the shape of an order's `units`: a non-empty list of unit ids."""
    return isinstance(value, list) and bool(value) and all(isinstance(x, str) for x in value)


def validate(state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
    """FA 11.8 / 11.9 / 11.12 / 11.14 — an order is legal iff the lister offers it.

    Raises MalformedAction (wrong shape) or IllegalAction (unknown or foreign unit, an order
    the lister does not offer; attacks: see `_validate_attack`)."""
    if not isinstance(action, dict):
        raise MalformedAction("an order is a JSON object")
    if action == DONE:
        return dict(DONE)
    activity = ACTIVITIES[decision.kind]
    step = activity.step
    need = activity.fields
    if not need <= set(action) or set(action) - need - {"table"}:
        raise MalformedAction(f"{decision.kind} needs the fields {sorted(need)} (or done)",
                              data={"fields": sorted(need)})
    if "units" in action and not is_unit_list(action["units"]):
        raise MalformedAction("units must be a non-empty list of unit ids")
    for uid in action.get("units", []) + ([action["unit"]] if "unit" in action else []) + (
            [action["hq"]] if "hq" in action else []):
        if not isinstance(uid, str) or uid not in state["board"]["units"]:
            raise IllegalAction(activity.rule, "unknown_unit", {"unit": uid},
                                f"There is no unit {uid!r}.")
        owner = commander(state, state["board"]["units"][uid]["power"])
        # A partner's units may join an attack (FA 11.12.1); an HQ may reorganise a
        # co-operating power's units (FA 11.14.3): the lister below decides which.
        if owner != seat and not (step == Step.LAND_COMBAT
                                  and owner in attack_partners(state, seat)) and not (
                step == Step.REORGANISATION and uid != action.get("hq")
                and co_operates(state, owner, seat)):
            raise IllegalAction(activity.rule, "not_your_unit", {"unit": uid},
                                f"{uid!r} is not yours to order.")
    if step == Step.LAND_COMBAT:
        return _validate_attack(state, seat, action)
    if "units" in action:
        action = {**action, "units": sorted(action["units"])}
    legal = activity.items(state, seat)
    for item in legal:
        if _same(item["action"], action, step):
            return item["action"]
    raise IllegalAction(activity.rule, f"illegal_{decision.kind}", {"order": action},
                        f"That {decision.kind.replace('_', ' ')} is not allowed now "
                        f"({activity.rule}).")


def _same(offered: dict[str, Any], asked: dict[str, Any], step: Step) -> bool:
    if step == Step.LAND_MOVE:
        return sorted(offered["units"]) == asked["units"] and offered["to"] == asked["to"]
    if step == Step.REORGANISATION:
        return offered["hq"] == asked["hq"] and sorted(offered["units"]) == asked["units"]
    return offered == asked


def _validate_attack(state: dict[str, Any], seat: str, action: dict[str, Any]) -> Any:
    """FA 11.12.1 — every unit eligible against that target; the table as the precedence box
    allows; a land attack left (FA 10.2)."""
    target = action["target"]
    m = map_of(state)
    if not isinstance(target, str) or target not in m.index:
        raise IllegalAction("FA 11.12.1", "unknown_hex", {"hex": target},
                            f"{target!r} is not a hex of this map.")
    left = remaining(state, seat, "land_attack")
    if left is not None and left < 1:
        raise IllegalAction("FA 10.2", "limit_reached", {"activity": "land_attack"},
                            "No land attacks remain for this impulse.")
    if target in state["flow"]["marks"]["targets"]:
        raise IllegalAction("FA 11.12.1", "already_attacked", {"hex": target},
                            "That hex was already attacked this impulse.")
    defenders = cb.defenders_at(state, seat, target)
    if not defenders:
        raise IllegalAction("FA 11.12.1", "no_defender", {"hex": target},
                            "There is no enemy land unit there.")
    partners = attack_partners(state, seat)
    eligible = {u["id"] for u in cb.eligible_attackers(state, partners, target)}
    bad = sorted(set(action["units"]) - eligible)
    if bad:
        raise IllegalAction("FA 11.12.1", "ineligible_attacker", {"units": bad},
                            f"{', '.join(bad)} cannot attack {target}: each attacker must be "
                            "face-up, in supply, adjacent and not have attacked this impulse.")
    attackers = [unit(state, i) for i in sorted(action["units"])]
    if not cb.attack_out_ok(state, attackers):
        raise IllegalAction("FA 2.3 (option 1)", "attack_out_limit", {"units": action["units"]},
                            "With in-hex reserves, no more units may attack out of one hex "
                            "this impulse than could stand there without them.")
    if not any(commander(state, u["power"]) == seat for u in attackers):
        raise IllegalAction("FA 11.12.1", "no_own_attacker", {"units": action["units"]},
                            "An attack you declare needs at least one of your own units.")
    rule = cb.table_rule(state, attackers, target, defenders)
    table = action.get("table")
    if rule == "attacker":
        if table not in (Table.ASSAULT.value, Table.BLITZ.value):
            raise IllegalAction("FA 11.12.5.1", "choose_table", {"table": table},
                                "Choose the assault or blitz table.")
    elif table is not None:
        raise IllegalAction("FA 11.12.5.1", "table_not_yours", {"table": table, "rule": rule},
                            "The terrain or a fort decides the table here; do not name one.")
    out = {"target": target, "units": sorted(action["units"])}
    if table is not None:
        out["table"] = table
    return out


# --- verbs --------------------------------------------------------------------------------------

def _finish(state: dict[str, Any], seat: str, kind: str) -> list[Event]:
    return [step_done(state, seat, "FA 11", kind)]


def rail_move(state: dict[str, Any], seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """FA 11.8 — the unit travels by rail and turns face-down."""
    count_answer(state, f"rail_move-{seat}")
    if action == DONE:
        return _finish(state, seat, "rail")
    u = unit(state, action["unit"])
    spend(state, seat, "rail", rail_cost(state, u))
    frm = u["hex"]
    note_straits(state, u["power"], straits_crossed(state, u["id"], action["to"]))
    u["hex"] = action["to"]
    u["up"] = False
    u["entrenched"] = False
    state["flow"]["marks"]["railed"].append(u["id"])
    state["flow"]["marks"]["railed"].sort()
    return [Event("rail_moved", "FA 11.8", {"unit": u["id"], "from": frm, "to": action["to"]})]


def land_move(state: dict[str, Any], seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """FA 11.9 — the stack moves; a unit out of supply at the start, or one that entered one
    hex more than it could afford, ends face-down; entering an enemy hex takes control."""
    count_answer(state, f"land_move-{seat}")
    if action == DONE:
        return _finish(state, seat, "land_move")
    group = [unit(state, i) for i in action["units"]]
    info = destinations(state, action["units"])[action["to"]]
    frm = group[0]["hex"]
    spend(state, seat, "land_move", len(group))
    # Ruling "Out of supply at the start" (version 25): judged for the whole stack before any
    # of it moves. A unit that has already stepped into the destination may open (or close) a
    # supply path for the ones still behind it, and the order of the ids must not matter.
    supplied = {power: supplied_hexes(state, power) for power in sorted({u["power"] for u in group})}
    out_at_start = {u["id"] for u in group
                    if u["hex"] not in supplied[u["power"]]
                    and u["type"] != "PARTISAN"   # FA 13.1.3: always in supply
                    and u["id"] not in state["flow"].get("emergency", {})}
    for u in group:
        oos = u["id"] in out_at_start
        u["hex"] = action["to"]
        u["entrenched"] = False
        if oos or info["flip"]:
            u["up"] = False
        state["flow"]["marks"]["moved"].append(u["id"])
    state["flow"]["marks"]["moved"].sort()
    happened = ([] if all(u["type"] == "PARTISAN" for u in group)   # FA 13.1.3
                else take_control(state, group[0]["power"], action["to"]))
    return [Event("land_moved", "FA 11.9", {"units": action["units"], "from": frm,
                                            "to": action["to"], "cost": info["cost"],
                                            "effects": happened})]


def land_attack(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """FA 11.12.1 — declare an attack (it resolves after every attack is declared); done
    ends the power's declarations, and the last power's done closes them."""
    count_answer(state, f"land_attack-{seat}")
    if action == DONE:
        events = _finish(state, seat, "land_attack")
        if declared.pending(state) and not attackers(state):
            declared.close(state, roller, events)
        return events
    events = []
    declare(state, seat, action, roller, events)
    return events


def combat_reply(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                 roller: Roller) -> list[Event]:
    """FA 11.12.3–11.12.5 — before the combats, a side's HQ support for a declared hex or
    the next combat to resolve; inside one, its table, losses, shatter or retreat, a retreat
    hex, the advance. When a combat ends the next starts (or its order is asked)."""
    events: list[Event] = []
    if state["flow"].get("combat") is None:
        declared.answer(state, seat, decision, action, roller, events)
    else:
        answer(state, seat, action, roller, events)
    declared.carry_on(state, roller, events)
    return events


def order_reorganise(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
    """FA 11.14 — the HQ spends its reorg points; the units turn face-up; the HQ flips."""
    count_answer(state, f"reorganise-{seat}")
    if action == DONE:
        return _finish(state, seat, "reorganise")
    return reorganise(state, action["hq"], action["units"])

