"""The decisions of the land war and their handlers (named after the verb).

Each decision kind has one function listing its legal answers; the validator of a schema
decision checks an answer against the same function, so listing and validating cannot drift.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller

from . import combat as cb
from .charts import Action, Table
from .movement import can_move, destinations, take_control
from .position import by_hex, commander, is_active, map_of, on_map, unit
from .powers import POWER_SIDE, is_co_operating
from .rail import can_rail, rail_cost, rail_destinations
from .sequence import (
    DONE,
    RULE,
    Step,
    active_powers,
    activity_allowed,
    remaining,
    run,
    spend,
    step_done,
)
from .supply import supplied_hexes


def _serial(state: dict[str, Any], key: str) -> str:
    flow = state["flow"]
    return f"t{flow['turn']}-i{flow['impulse']}-{key}-{flow['acts'].get(key, 0)}"


def _bump(state: dict[str, Any], key: str) -> None:
    acts = state["flow"]["acts"]
    acts[key] = acts.get(key, 0) + 1


# --- listing ------------------------------------------------------------------------------------

def rail_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.8 — every unit's rail destinations while rail moves remain."""
    left = remaining(state, power, "rail")
    items: list[dict[str, Any]] = []
    for u in on_map(state):
        if commander(state, u["power"]) != power or not can_rail(state, u):
            continue
        cost = rail_cost(state, u)
        if left is not None and left < cost:
            continue
        for to in rail_destinations(state, u["id"]):
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
    for hex_id in sorted(stacks):
        groups = [[uid] for uid in stacks[hex_id]]
        if len(stacks[hex_id]) > 1:
            groups.append(list(stacks[hex_id]))
        for group in groups:
            if left is not None and left < len(group):
                continue
            for to, info in destinations(state, group).items():
                items.append({"action": {"units": group, "to": to}, "cost": info["cost"],
                              "flip": info["flip"]})
    return items


def any_move(state: dict[str, Any], power: str) -> bool:
    """Whether some unit of `power` can move (stops at the first one found)."""
    left = remaining(state, power, "land_move")
    if left is not None and left < 1:
        return False
    return any(commander(state, u["power"]) == power and can_move(state, u)
               and destinations(state, [u["id"]]) for u in on_map(state))


def attack_partners(state: dict[str, Any], power: str) -> list[str]:
    """FA 11.12.1 — the powers whose units may join `power`'s attack: itself and co-operating
    powers of the active side whose action allows an attack and who have one left (each
    spends a land attack)."""
    out = [power]
    for other in active_powers(state):
        if other == power or not is_co_operating(other, power):
            continue
        if not activity_allowed(state, other, Step.LAND_COMBAT):
            continue
        left = remaining(state, other, "land_attack")
        if left is None or left >= 1:
            out.append(other)
    return sorted(out)


def attack_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.12.1 — attack groupings with their odds and table choice, per target hex."""
    left = remaining(state, power, "land_attack")
    if left is not None and left < 1:
        return []
    partners = attack_partners(state, power)
    m = map_of(state)
    here = by_hex(state)
    supplied: dict[str, frozenset[str]] = {}
    targets = set()
    marks = state["flow"]["marks"]
    for u in on_map(state):
        if (commander(state, u["power"]) == power and u["up"]
                and u["id"] not in marks["attacked"]):
            for nb in m.neighbours(u["hex"]):
                if nb not in marks["targets"] and cb.defenders_at(state, power, nb):
                    targets.add(nb)
    items: list[dict[str, Any]] = []
    for target in sorted(targets):
        eligible = cb.eligible_attackers(state, partners, target, supplied)
        if not any(commander(state, u["power"]) == power for u in eligible):
            continue
        defenders = cb.defenders_at(state, power, target)
        sits_out = cb.reserve_unit(state, defenders)   # option 1: odds as they will be rolled
        defenders = [d for d in defenders if d["id"] != sits_out]
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
            attackers = [unit(state, i) for i in group]
            if not any(commander(state, u["power"]) == power for u in attackers):
                continue
            rule = cb.table_rule(state, attackers, target, defenders)
            tables = ([Table.ASSAULT.value, Table.BLITZ.value] if rule == "attacker"
                      else [None])
            for table in tables:
                shown = table or (Table.ASSAULT.value if rule == "assault" else None)
                drms = cb.attack_drms(state, attackers, target, defenders,
                                      shown or Table.ASSAULT.value)
                action = {"target": target, "units": group}
                if table is not None:
                    action["table"] = table
                items.append({"action": action, "odds": drms[0][0].removeprefix("odds "),
                              "drm": cb.number(cb.total_drm(drms)), "table": rule if table is None
                              else table})
    del here
    return items


def reorganise_items(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 11.14 — an HQ turns face-down units within reach face-up, paying its reorg points
    (1 per unit in a land action, 2 in a combined one)."""
    from .reorganisation import reorganisable
    items = []
    for hq in on_map(state):
        if commander(state, hq["power"]) != power or hq["type"] != "HQ" or not hq["up"]:
            continue
        for group in reorganisable(state, hq):
            items.append({"action": {"hq": hq["id"], "units": group}})
    return items


def has_choice(state: dict[str, Any], power: str, step: Step) -> bool:
    if step == Step.RAIL:
        return bool(rail_items(state, power))
    if step == Step.LAND_MOVE:
        return any_move(state, power)
    if step == Step.LAND_COMBAT:
        return bool(attack_items(state, power))
    if step == Step.REORGANISATION:
        return bool(reorganise_items(state, power))
    if step == Step.PRODUCTION:
        from .production import build_options
        return len(build_options(state, power)) > 1
    if step == Step.ENTRENCH:
        from .production import entrench_options
        return bool(entrench_options(state, power))
    if step == Step.BREAKDOWN:
        from .breakdown import breakdown_options
        return len(breakdown_options(state, power)) > 1
    if step == Step.OFFENSIVE:
        from .offensive import offensive_options
        return len(offensive_options(state, power)) > 1
    if step == Step.HOME_FRONT:
        from .home_front import home_front_options
        return len(home_front_options(state, power)) > 1
    if step == Step.SCRAP:
        from .scrap import scrap_options
        return len(scrap_options(state, power)) > 1
    if step == Step.EMERGENCY:
        from .emergency import emergency_options
        return len(emergency_options(state, power)) > 1
    raise AssertionError(step)


ITEMS = {Step.RAIL: rail_items, Step.LAND_MOVE: move_items, Step.LAND_COMBAT: attack_items,
         Step.REORGANISATION: reorganise_items}
KIND = {Step.RAIL: "rail_move", Step.LAND_MOVE: "land_move", Step.LAND_COMBAT: "land_attack",
        Step.REORGANISATION: "reorganise"}
STEP_OF_KIND = {v: k for k, v in KIND.items()}
PROMPT = {Step.RAIL: "Rail a unit, or finish rail movement",
          Step.LAND_MOVE: "Move a unit or stack, or finish land movement",
          Step.LAND_COMBAT: "Declare an attack, or finish land combat",
          Step.REORGANISATION: "Reorganise with an HQ, or finish reorganisation"}

# Steps where each pending power picks one of a listed set of options (or finishes): id
# prefix, kind, rule, prompt, what the others are told, and (module, function) offering the
# options — imported when first needed, as those modules import this one.
LISTED = {
    Step.EMERGENCY: ("emergency", "emergency_supply", "FA 2.4.4",
                     "Give a unit emergency supply from an HQ, or finish",
                     "may announce emergency HQ supply", ("emergency", "emergency_options")),
    Step.SCRAP: ("scrap", "scrap", "FA 4.3", "Destroy or scrap units, or finish",
                 "may destroy or scrap units", ("scrap", "scrap_options")),
    Step.HOME_FRONT: ("home_front", "home_front", "FA 14.1",
                      "Move units into or out of the home-front reserve pool",
                      "is managing its home-front reserves", ("home_front", "home_front_options")),
    Step.BREAKDOWN: ("breakdown", "breakdown", "FA 21.2",
                     "Break corps down into divisions, or build divisions up",
                     "may break down or build up units", ("breakdown", "breakdown_options")),
    Step.ENTRENCH: ("entrench", "entrench", "FA 21.6",
                    "Assign an arriving entrenchment to a corps", "is placing entrenchments",
                    ("production", "entrench_options")),
}


# --- decisions ----------------------------------------------------------------------------------

def open_decisions(state: dict[str, Any]) -> list[Decision]:
    flow = state["flow"]
    step = Step(flow["step"])
    if step == Step.OVER:
        return []
    if flow.get("combat") is not None:
        return combat_decisions(state)
    if step == Step.INITIATIVE_REROLL:
        ini = flow["initiative"]
        loser = "central" if ini["winner"] == "entente" else "entente"
        seats = tuple(p for p in sorted(state["board"]["sides"])
                      if POWER_SIDE[p] == loser)
        return [Decision(id=_serial(state, "reroll"), seats=seats, kind="initiative_reroll",
                         rule="FA 6.1", prompt="Demand an initiative re-roll?",
                         waiting=f"{loser} may demand a re-roll",
                         options=({"reroll": False}, {"reroll": True}),
                         data={"rolls": ini["rolls"]})]
    if step == Step.FIRST_SIDE:
        winner = flow["initiative"]["winner"]
        seats = tuple(p for p in sorted(state["board"]["sides"]) if POWER_SIDE[p] == winner)
        return [Decision(id=_serial(state, "first"), seats=seats, kind="first_side",
                         rule="FA 6.2", prompt="Which side takes the first impulse?",
                         waiting=f"{winner} chooses who moves first",
                         options=({"first": "central"}, {"first": "entente"}))]
    out = []
    for power in flow.get("pending", []):
        if step == Step.ACTION_CHOICE:
            if power in flow.get("forced_pass", []):
                choices = [Action.PASS.value]
            elif is_active(state, power) or power in flow.get("may_act", []):
                choices = [Action.COMBINED.value, Action.LAND.value, Action.PASS.value]
            else:
                choices = [Action.COMBINED.value, Action.PASS.value]
            out.append(Decision(
                id=_serial(state, f"action-{power}"), seats=(power,), kind="action",
                rule="FA 10.1", prompt="Choose this impulse's action",
                waiting=f"{power} is choosing an action",
                options=tuple({"action": c} for c in choices),
                data={"not_available": ["air", "naval"]}))
        elif step in KIND:
            out.append(Decision(
                id=_serial(state, f"{KIND[step]}-{power}"), seats=(power,), kind=KIND[step],
                rule=RULE[step], prompt=PROMPT[step], waiting=f"{power}: {KIND[step]}",
                schema={"type": "object"}, undoable=step in (Step.LAND_MOVE, Step.RAIL),
                data={"remaining": remaining(state, power, {
                    Step.RAIL: "rail", Step.LAND_MOVE: "land_move",
                    Step.LAND_COMBAT: "land_attack", Step.REORGANISATION: "reorganise"}[step])}))
        elif step == Step.PRODUCTION:
            from .production import build_options
            out.append(Decision(
                id=_serial(state, f"build-{power}"), seats=(power,), kind="build",
                rule="FA 13.5.5", prompt="Spend build points, or finish",
                waiting=f"{power} is building",
                options=tuple(build_options(state, power)),
                data={"bp": state["board"]["bp"][power],
                      "morale_bp": state["board"].get("morale_bp", {}).get(power, 0),
                      "morale_bp_max": state["board"].get("morale_bp_max", {}).get(power, 0)}))
        elif step == Step.OFFENSIVE:
            from .offensive import offensive_options, ops, option_cost
            offered = offensive_options(state, power)
            out.append(Decision(
                id=_serial(state, f"offensive-{power}"), seats=(power,), kind="offensive",
                rule="FA 18.1", prompt="Spend offensive points, or finish",
                waiting=f"{power} may spend offensive points",
                options=tuple(offered),
                data={"ops": ops(state, power),
                      "costs": [option_cost(state, power, o) for o in offered]}))
        elif step in LISTED:
            name, kind, rule, prompt, waiting, (module, function) = LISTED[step]
            offered = getattr(importlib.import_module(f".{module}", __package__), function)
            out.append(Decision(
                id=_serial(state, f"{name}-{power}"), seats=(power,), kind=kind, rule=rule,
                prompt=prompt, waiting=f"{power} {waiting}",
                options=tuple(offered(state, power))))
    return out


def combat_decisions(state: dict[str, Any]) -> list[Decision]:
    c = state["flow"]["combat"]
    phase = c["phase"]
    key = f"combat{c['n']}"

    def _serial(state: dict[str, Any], what: str) -> str:
        # One counter per combat, bumped by every reply: ids never repeat.
        flow = state["flow"]
        return (f"t{flow['turn']}-i{flow['impulse']}-{what}-"
                f"{flow['acts'].get(key, 0)}")
    if phase == "table":
        return [Decision(id=_serial(state, f"{key}-table"), seats=(c["defender"],),
                         kind="choose_table", rule="FA 21.7",
                         prompt="Every attacker crosses your fort: choose the combat table",
                         waiting=f"{c['defender']} chooses the table", reaction=True,
                         options=({"table": "assault"}, {"table": "blitz"}))]
    if phase in ("losses_attacker", "losses_defender"):
        side = "attacker" if phase == "losses_attacker" else "defender"
        owner = c["declarer"] if side == "attacker" else c["defender"]
        return [Decision(id=_serial(state, f"{key}-{side}-losses"), seats=(owner,),
                         kind="combat_losses", rule="FA 11.12.5.4",
                         prompt=f"Choose the {side}'s losses ({c['pending_loss'] / 2} units)",
                         waiting=f"{owner} chooses losses", reaction=side == "defender",
                         options=tuple(c["loss_options"]))]
    if phase == "shatter":
        return [Decision(id=_serial(state, f"{key}-shatter"), seats=(c["declarer"],),
                         kind="shatter_or_retreat", rule="FA 11.12.5.6",
                         prompt="Shatter the defenders, or retreat them instead?",
                         waiting=f"{c['declarer']} decides shatter or retreat",
                         options=({"treat_as": "retreat"}, {"treat_as": "shatter"}))]
    if phase == "retreat":
        uid = c["retreat_queue"][0]
        return [Decision(id=_serial(state, f"{key}-retreat-{uid}"), seats=(c["declarer"],),
                         kind="retreat", rule="FA 11.12.5.5",
                         prompt=f"Retreat {unit(state, uid)['name']}",
                         waiting=f"{c['declarer']} retreats the defenders",
                         options=tuple({"unit": uid, "to": h} for h in c["retreat_options"]))]
    if phase == "advance":
        return [Decision(id=_serial(state, f"{key}-advance"), seats=(c["declarer"],),
                         kind="advance", rule="FA 11.12.5.7",
                         prompt="Advance into the emptied hex?",
                         waiting=f"{c['declarer']} may advance",
                         options=tuple({"units": g} for g in c["advance_options"]))]
    raise AssertionError(f"unknown combat phase {phase}")


# --- schema decisions: validate and expand (one code path) -------------------------------------

def expand(state: dict[str, Any], seat: str, decision: Decision) -> list[dict[str, Any]]:
    step = STEP_OF_KIND[decision.kind]
    return [{"action": dict(DONE)}] + ITEMS[step](state, seat)


def validate(state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
    """FA 11.8 / 11.9 / 11.12 / 11.14 — an order is legal iff the lister offers it.

    Raises MalformedAction (wrong shape) or IllegalAction (unknown or foreign unit, an order
    the lister does not offer; attacks: see `_validate_attack`)."""
    if not isinstance(action, dict):
        raise MalformedAction("an order is a JSON object")
    if action == DONE:
        return dict(DONE)
    step = STEP_OF_KIND[decision.kind]
    shapes = {Step.RAIL: {"unit", "to"}, Step.LAND_MOVE: {"units", "to"},
              Step.LAND_COMBAT: {"target", "units"}, Step.REORGANISATION: {"hq", "units"}}
    need = shapes[step]
    if not need <= set(action) or set(action) - need - {"table"}:
        raise MalformedAction(f"{decision.kind} needs the fields {sorted(need)} (or done)",
                              data={"fields": sorted(need)})
    if "units" in action and not (isinstance(action["units"], list) and action["units"]
                                  and all(isinstance(x, str) for x in action["units"])):
        raise MalformedAction("units must be a non-empty list of unit ids")
    for uid in action.get("units", []) + ([action["unit"]] if "unit" in action else []) + (
            [action["hq"]] if "hq" in action else []):
        if not isinstance(uid, str) or uid not in state["board"]["units"]:
            raise IllegalAction(RULE[step], "unknown_unit", {"unit": uid},
                                f"There is no unit {uid!r}.")
        owner = commander(state, state["board"]["units"][uid]["power"])
        # A partner's units may join an attack (FA 11.12.1); an HQ may reorganise a
        # co-operating power's units (FA 11.14.3): the lister below decides which.
        if owner != seat and not (step == Step.LAND_COMBAT
                                  and owner in attack_partners(state, seat)) and not (
                step == Step.REORGANISATION and uid != action.get("hq")
                and is_co_operating(owner, seat)):
            raise IllegalAction(RULE[step], "not_your_unit", {"unit": uid},
                                f"{uid!r} is not yours to order.")
    if step == Step.LAND_COMBAT:
        return _validate_attack(state, seat, action)
    if "units" in action:
        action = {**action, "units": sorted(action["units"])}
    legal = ITEMS[step](state, seat)
    for item in legal:
        if _same(item["action"], action, step):
            return item["action"]
    raise IllegalAction(RULE[step], f"illegal_{decision.kind}", {"order": action},
                        f"That {decision.kind.replace('_', ' ')} is not allowed now "
                        f"({RULE[step]}).")


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


# --- handlers -----------------------------------------------------------------------------------

def apply_order(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    events: list[Event] = []
    handler = HANDLERS[decision.kind]
    handler(state, seat, action, roller, events)
    run(state, roller, events)
    return events


def do_initiative_reroll(state, seat, action, roller, events) -> None:
    """FA 6.1 — a re-roll demand moves the marker one space toward the other side's end."""
    from .sequence import set_step
    _bump(state, "reroll")
    ini = state["flow"]["initiative"]
    if action["reroll"]:
        side = POWER_SIDE[seat]
        ini["track"] = max(0, min(4, ini["track"] + (1 if side == "central" else -1)))
        ini["rerolled"] = True
        events.append(Event("initiative_reroll", "FA 6.1", {"side": side,
                                                            "track": ini["track"]}))
        set_step(state, Step.INITIATIVE)
    else:
        set_step(state, Step.FIRST_SIDE)


def do_choose_first_side(state, seat, action, roller, events) -> None:
    """FA 6.2 — the initiative winner picks the first side."""
    from .stages import _begin_action_stage
    _bump(state, "first")
    state["flow"]["initiative"]["holder"] = state["flow"]["initiative"]["winner"]
    events.append(Event("first_side_chosen", "FA 6.2", {"first": action["first"]}))
    _begin_action_stage(state, action["first"])


def do_choose_action(state, seat, action, roller, events) -> None:
    """FA 10.1 — record a power's action for this impulse."""
    _bump(state, f"action-{seat}")
    state["flow"]["actions"][seat] = action["action"]
    events.append(Event("action_chosen", "FA 10.1", {"power": seat, "action": action["action"]}))


def _finish(state: dict[str, Any], seat: str, kind: str, events: list[Event]) -> None:
    events.append(step_done(state, seat, "FA 11", kind))


def do_rail_move(state, seat, action, roller, events) -> None:
    """FA 11.8 — the unit travels by rail and turns face-down."""
    _bump(state, f"rail_move-{seat}")
    if action == DONE:
        _finish(state, seat, "rail", events)
        return
    u = unit(state, action["unit"])
    spend(state, seat, "rail", rail_cost(state, u))
    frm = u["hex"]
    from .rail import ferry_route
    route = ferry_route(state, u, action["to"])
    if route is not None:
        ferried = state["flow"]["ferried"]
        ferried[route] = ferried.get(route, 0) + 1
    u["hex"] = action["to"]
    u["up"] = False
    u["entrenched"] = False
    state["flow"]["marks"]["railed"].append(u["id"])
    state["flow"]["marks"]["railed"].sort()
    events.append(Event("rail_moved", "FA 11.8", {"unit": u["id"], "from": frm,
                                                  "to": action["to"]}))


def do_land_move(state, seat, action, roller, events) -> None:
    """FA 11.9 — the stack moves; a unit out of supply at the start, or one that entered one
    hex more than it could afford, ends face-down; entering an enemy hex takes control."""
    _bump(state, f"land_move-{seat}")
    if action == DONE:
        _finish(state, seat, "land_move", events)
        return
    group = [unit(state, i) for i in action["units"]]
    info = destinations(state, action["units"])[action["to"]]
    frm = group[0]["hex"]
    spend(state, seat, "land_move", len(group))
    for u in group:
        oos = (u["hex"] not in supplied_hexes(state, u["power"])
               and u["id"] not in state["flow"].get("emergency", {}))
        u["hex"] = action["to"]
        u["entrenched"] = False
        if oos or info["flip"]:
            u["up"] = False
        state["flow"]["marks"]["moved"].append(u["id"])
    state["flow"]["marks"]["moved"].sort()
    happened = take_control(state, group[0]["power"], action["to"])
    events.append(Event("land_moved", "FA 11.9", {"units": action["units"], "from": frm,
                                                  "to": action["to"], "cost": info["cost"],
                                                  "effects": happened}))


def do_land_attack(state, seat, action, roller, events) -> None:
    """FA 11.12 — declare an attack and resolve it at once."""
    _bump(state, f"land_attack-{seat}")
    if action == DONE:
        _finish(state, seat, "land_attack", events)
        return
    from .resolution import declare
    declare(state, seat, action, roller, events)


def do_combat_reply(state, seat, action, roller, events) -> None:
    """FA 11.12.5 — a reply inside an attack: table, losses, shatter or retreat, a retreat
    hex, the advance."""
    from .resolution import answer
    answer(state, seat, action, roller, events)


def do_reorganise(state, seat, action, roller, events) -> None:
    """FA 11.14 — the HQ spends its reorg points; the units turn face-up; the HQ flips."""
    _bump(state, f"reorganise-{seat}")
    if action == DONE:
        _finish(state, seat, "reorganise", events)
        return
    from .reorganisation import reorganise
    events.extend(reorganise(state, action["hq"], action["units"]))


def do_build(state, seat, action, roller, events) -> None:
    """FA 13.5.5 — buy one unit class (or an entrenchment), or finish building."""
    from .production import build
    _bump(state, f"build-{seat}")
    events.extend(build(state, seat, action, roller))


def do_breakdown(state, seat, action, roller, events) -> None:
    """FA 21.2 — break a corps down, build two divisions up, or finish."""
    from .breakdown import apply_breakdown
    _bump(state, f"breakdown-{seat}")
    events.extend(apply_breakdown(state, seat, action, roller))


def do_emergency_supply(state, seat, action, roller, events) -> None:
    """Option 4 (FA 2.4.4) — an HQ supplies one more unit for this impulse, or finish."""
    from .emergency import apply_emergency
    _bump(state, f"emergency-{seat}")
    events.extend(apply_emergency(state, seat, action))


def do_scrap(state, seat, action, roller, events) -> None:
    """FA 4.3 — destroy an own unit (and perhaps scrap it), scrap a destroyed one, or finish."""
    from .scrap import apply_scrap
    _bump(state, f"scrap-{seat}")
    events.extend(apply_scrap(state, seat, action, roller))


def do_home_front(state, seat, action, roller, events) -> None:
    """Option 7 (FA 14.1) — a unit into or out of the reserve pool, or finish."""
    from .home_front import apply_home_front
    _bump(state, f"home_front-{seat}")
    events.extend(apply_home_front(state, seat, action, roller))


def do_offensive(state, seat, action, roller, events) -> None:
    """FA 18.1 — spend offensive points: an unlimited action, an HQ's benefits, HQ flips."""
    from .offensive import spend
    _bump(state, f"offensive-{seat}")
    events.extend(spend(state, seat, action))


def do_entrench(state, seat, action, roller, events) -> None:
    """FA 21.6 — an arriving entrenchment goes to an in-supply corps."""
    from .production import entrench
    _bump(state, f"entrench-{seat}")
    events.extend(entrench(state, seat, action))


HANDLERS = {
    "initiative_reroll": do_initiative_reroll, "first_side": do_choose_first_side,
    "action": do_choose_action, "rail_move": do_rail_move, "land_move": do_land_move,
    "land_attack": do_land_attack, "reorganise": do_reorganise, "build": do_build,
    "entrench": do_entrench, "breakdown": do_breakdown, "offensive": do_offensive, "home_front": do_home_front, "scrap": do_scrap, "emergency_supply": do_emergency_supply, "choose_table": do_combat_reply, "combat_losses": do_combat_reply,
    "shatter_or_retreat": do_combat_reply, "retreat": do_combat_reply,
    "advance": do_combat_reply,
}

