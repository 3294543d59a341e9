"""Balance of Powers — what a seat may answer: option listing and validation.

The option expanders list the legal answers of the schema decisions (march, rail, attack,
set-up, sea move); the validator checks an answer with the same functions, so what is listed
is exactly what is accepted ("listing is checking", docs/rulesets.md). The answer a deadline
plays is here too.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, IllegalAction, MalformedAction
from engine.kernel.game import copy_json

from . import (
    admiralty,
    coastal_raids,
    combat,
    mines,
    movement,
    naval,
    odds,
    setup,
    setup_fire,
    setup_kaiser,
    setup_storm,
    supply,
    transport,
)
from .fleets import SHIPS, VAN_KINDS
from .forces import UNITS, commander, occupancy
from .scenarios import FIRE_IN_THE_EAST, KAISERSCHLACHT, STORM_OF_STEEL, scenario_of
from .theatre import Theatre, theatre

# Schema decisions whose every listed answer commits the seat to something (a march, a rail
# move, an attack, a sea move). Each also accepts PASS, never listed: the answer a deadline
# plays, which ends the seat's movement for the half (or its admiralty phase) instead.
PASSABLE = ("march", "rail", "combat", "sea_move", "naval_move", "naval_mine")
PASS = {"pass": True}
# The fields of each force-moving answer and how to say it. `units` is a list of unit ids,
# every other field a string, except an attack's payer, null for an all-minor force's free
# attack (BoP 10.3). `_check_shape` checks that before any rule looks at the answer, so a list
# where a location belongs is malformed, not a TypeError in a set lookup (probe F11).
FORCE_SHAPES = {
    "march": ({"units", "to"}, 'a march is {"units": [...], "to": "<loc>"}'),
    "rail": ({"units", "to", "payer"}, 'a rail move is {"units", "to", "payer"}'),
    "combat": ({"units", "target", "point", "payer"},
               'an attack is {"units", "target", "point", "payer"}'),
}
NULLABLE = {("combat", "payer")}

_OPTIONS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def memo_key(state: dict[str, Any]) -> str:
    """Decisions and options are pure functions of the ruleset's part of the state; memoise
    them on its text form (the kernel asks several times per action)."""
    board = state["board"]
    return repr((state.get("kernel", {}).get("game_uid"), state["flow"], board["units"],
                 board["control"], board["forts"], board["breaches"], board["pool"],
                 board["arrivals"], board["map"], board.get("landing"), board["landing_used"],
                 board["infra"], board["infra_due"], board.get("fleets"), board.get("admirals"),
                 board.get("mines"), board.get("ship_pool"), board.get("dockyard"),
                 board.get("refit_admirals"), state.get("naval"), state["powers"], state["ti"], state["plans"],
                 state.get("ti_benefits"), state.get("diplomacy")))


MEMOS = (_OPTIONS,)   # for the ruleset's caches_set_aside


def clear_cache() -> None:
    _OPTIONS.clear()


def _th(state: dict[str, Any]) -> Theatre:
    return theatre(state["board"]["map"])


def _unit_list(units: Any) -> list[str]:
    """`units` if it is a list of unit ids (strings), else MalformedAction."""
    if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
        raise MalformedAction("units is a list of unit ids", data={"field": "units"})
    return units


def _check_shape(kind: str, action: dict[str, Any]) -> None:
    """BoP 9, 10 — the fields of a march, rail move or attack and their types (FORCE_SHAPES);
    which units and locations are legal is the rules' business, after this."""
    if kind not in FORCE_SHAPES:
        raise MalformedAction(f"unknown decision kind {kind}")
    fields, usage = FORCE_SHAPES[kind]
    if set(action) != fields:
        raise MalformedAction(usage)
    _unit_list(action["units"])
    for name in sorted(fields - {"units"}):
        if not isinstance(action[name], str) and not (
                action[name] is None and (kind, name) in NULLABLE):
            raise MalformedAction(f"{name} is a string ({usage})", data={"field": name})


# --- candidate forces and the option expanders ----------------------------------------------

def candidate_forces(state: dict[str, Any], seat: str,
                     supplied: dict[str, bool]) -> list[list[str]]:
    """Candidate forces for listing: the force in motion (whole, and its single corps with
    the most MP left), else each location's whole stack of movable units of the seat and
    its single corps with the most MP left."""
    force = movement.active_force(state, seat, supplied)
    if force:
        corps = [u for u in force if UNITS[u].corps]
        best = max(corps, key=lambda u: (movement.mp_left(state, u, supplied.get(u, True)),
                                         u))
        return [sorted(force)] + ([[best]] if len(corps) > 1 else [])
    forces = []
    occ = occupancy(state)
    for loc in sorted(occ):
        mine = [u for u in occ[loc] if commander(state, u) == seat]
        corps = [u for u in mine if UNITS[u].corps and movement.may_move(state, u)
                 and movement.mp_left(state, u, supplied.get(u, True)) > 0]
        if not corps:
            continue
        leaders = [u for u in mine if not UNITS[u].corps]
        forces.append(sorted(corps + leaders))
        best = max(corps, key=lambda u: (movement.mp_left(state, u, supplied.get(u, True)),
                                         u))
        if len(corps) > 1:
            forces.append([best])
    return forces


def attack_items(state: dict[str, Any], th: Theatre, seat: str,
                 supplied: dict[str, bool], limit: int | None = None) -> list[dict[str, Any]]:
    force = movement.active_force(state, seat, supplied)
    return combat.attack_items(state, th, seat, supplied, limit=limit,
                               only=force or None)


def movable_stack(state: dict[str, Any], seat: str, loc: str,
                  supplied: dict[str, bool]) -> list[str]:
    """The seat's units at `loc` that could move now (corps with MP, and leaders)."""
    here = [u for u, v in state["board"]["units"].items()
            if v["at"] == loc and commander(state, u) == seat]
    corps = [u for u in here if UNITS[u].corps and movement.may_move(state, u)
             and movement.mp_left(state, u, supplied.get(u, True)) > 0]
    return sorted(corps + [u for u in here if not UNITS[u].corps]) if corps else []


def is_part(state: dict[str, Any], seat: str, units: list[str],
            supplied: dict[str, bool]) -> bool:
    loc = state["board"]["units"][units[0]]["at"]
    return set(units) != set(movable_stack(state, seat, loc, supplied))


def _supply_warning(state: dict[str, Any], th: Theatre, force: list[str], path: list[str],
                    now: dict[str, frozenset[str]]) -> dict[str, Any]:
    """BoP 3.12, 6.6 — `supplied: False` on a move that ends out of supply (the page warns
    before Confirm); nothing on one that does not, so the listing stays as it was."""
    return {} if supply.ends_supplied(state, th, force, path, now) else {"supplied": False}


def _no_warning(state: dict[str, Any], th: Theatre, force: list[str], path: list[str],
                now: dict[str, frozenset[str]]) -> dict[str, Any]:
    """A listing that only asks whether some move exists (decisions.py) skips the warning."""
    return {}


def march_items(state: dict[str, Any], th: Theatre, seat: str,
                supplied: dict[str, bool], limit: int | None = None,
                units: list[str] | None = None,
                part: str | None = None) -> list[dict[str, Any]]:
    """March options. With `part`, only whole stacks ("whole") or only parts of a stack
    ("part", 9.12: the rest stays) — two decisions when no force is in motion."""
    items = []
    now: dict[str, frozenset[str]] = {}   # each nation's supply here, traced once a listing
    warn = _supply_warning if limit is None else _no_warning
    forces = [units] if units is not None else candidate_forces(state, seat, supplied)
    if part is not None:
        forces = [f for f in forces if is_part(state, seat, f, supplied) == (
            part == "part")]
    for force in forces:
        for loc, (cost, path) in movement.march_destinations(
                state, th, force, supplied, first_only=limit == 1).items():
            items.append({"action": {"units": force, "to": loc}, "cost": cost,
                          **warn(state, th, force, path, now)})
            if limit is not None and len(items) >= limit:
                return items
    return items


def rail_items(state: dict[str, Any], th: Theatre, seat: str,
               supplied: dict[str, bool], limit: int | None = None,
               units: list[str] | None = None, first_only: bool = False,
               start: str | None = None) -> list[dict[str, Any]]:
    items = []
    now: dict[str, frozenset[str]] = {}
    warn = _supply_warning if limit is None and not first_only else _no_warning
    if units is not None:
        forces = [units]
    else:
        forces = []
        for force in candidate_forces(state, seat, supplied):
            corps = [u for u in force if UNITS[u].corps]
            leaders = [u for u in force if not UNITS[u].corps]
            cap = min((movement.RAIL_CAP.get(UNITS[u].nation, 0) for u in corps), default=0)
            forces.append(sorted(corps[:max(1, cap)] + leaders))
    if start is not None:
        forces = [f for f in forces if state["board"]["units"][f[0]]["at"] == start]
    for force in forces:
        dests = movement.rail_destinations(state, th, force, supplied,
                                           first_only=limit == 1 or first_only)
        if not dests:
            continue
        payer = movement.rail_payers(state, force)[0]
        for loc, (cost, path) in dests.items():
            items.append({"action": {"units": force, "to": loc, "payer": payer},
                          "cost": cost, "hexes": len(path) - 1,
                          **warn(state, th, force, path, now)})
            if limit is not None and len(items) >= limit:
                return items
    return items


def rail_starts(state: dict[str, Any], th: Theatre, seat: str,
                supplied: dict[str, bool]) -> list[str]:
    starts = set()
    for item in rail_items(state, th, seat, supplied, limit=None, first_only=True):
        starts.add(state["board"]["units"][item["action"]["units"][0]]["at"])
    return sorted(starts)


# --- options and validation -------------------------------------------------------------------

def options(state: dict[str, Any], seat: str, decision: Decision,
            query: dict[str, Any] | None) -> list[dict[str, Any]]:
    key = (memo_key(state), seat, decision.id, repr(query))
    found = _OPTIONS.get(key)
    if found is None:
        found = _options(state, seat, decision, query)
        if len(_OPTIONS) > 128:
            _OPTIONS.clear()
        _OPTIONS[key] = found
    return copy_json(found)


def _options(state: dict[str, Any], seat: str, decision: Decision,
             query: dict[str, Any] | None) -> list[dict[str, Any]]:
    th = _th(state)
    units = None
    if decision.kind == "naval_mine":    # 6.445, 6.446: every mine a ship may lay or clear
        return mines.mine_items(state, th, seat)
    if decision.kind == "naval_move":    # ships, not corps: 7.21's forces, not 9.12's
        chosen = sorted(_unit_list(query["units"])) if query and "units" in query else None
        return naval.move_items(state, th, seat, units=chosen)
    if query and "units" in query:
        units = sorted(_unit_list(query["units"]))
        try:
            movement.check_force(state, seat, units, decision.rule)
        except IllegalAction:
            return []
    supplied = supply.move_supply(state)
    if decision.kind == "march":
        return march_items(state, th, seat, supplied, units=units,
                           part=decision.data.get("part"))
    if decision.kind == "rail":
        return rail_items(state, th, seat, supplied, units=units,
                          start=decision.data.get("from"))
    if decision.kind == "combat":
        if units is not None:  # a chosen part of a stack (issue #18): its attack and odds
            item = _chosen_attack(state, th, seat, units, decision.data["target"], supplied)
            return [item] if item is not None else []
        return [item for item in attack_items(state, th, seat, supplied)
                if item["action"]["target"] == decision.data.get("target")]
    area = area_setup(state)
    if decision.kind == "setup" and area is not None:
        if query and "placement" in query:
            return [_area_setup_check(state, th, seat, query)]
        return [{"action": a, "variant": i} for i, a in enumerate(
            area.deployment_actions(th, seat))]
    if decision.kind == "setup":
        secret = state["flow"]["secret"]
        if query and "placement" in query:
            return [_setup_check(th, seat, query, secret=secret)]
        return [{"action": {"placement": p}, "variant": i} for i, p in enumerate(
            setup.deployments(th, seat, secret=secret))]
    if decision.kind == "sea_move":
        return [{"action": a} for a in admiralty.sea_moves(state, th, seat)]
    return []


def _chosen_attack(state: dict[str, Any], th: Theatre, seat: str, units: list[str],
                   target: str, supplied: dict[str, bool]) -> dict[str, Any] | None:
    """BoP 10.2 — the attack of exactly the chosen units, when the validator would take it
    (the force in motion, if any, bounds the choice as it does in `validate`)."""
    force = movement.active_force(state, seat, supplied)
    if force and (not set(units) <= set(force) | set(movement.joinable(state, seat, force))
                  or not set(units) & set(force)):
        return None
    return combat.attack_item(state, th, units, target, supplied)


def validate(state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
    """BoP 9, 10, 12.1 — schema decisions: parse, then check with the listing functions."""
    th = _th(state)
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    supplied = supply.move_supply(state)
    kind = decision.kind
    if kind in PASSABLE and action == PASS:
        return dict(PASS)
    if kind == "setup":
        return _validate_setup(state, th, seat, action)
    if kind == "sea_move":
        return _validate_sea(state, th, seat, action)
    if kind == "naval_move":
        return _validate_naval(state, th, seat, action)
    if kind == "naval_mine":
        return _validate_mine(state, th, seat, action)
    _check_shape(kind, action)
    units = sorted(action["units"])
    loc = movement.check_force(state, seat, units, decision.rule)
    force = movement.active_force(state, seat, supplied)
    if force and not set(units) <= set(force) | set(movement.joinable(state, seat, force)):
        raise IllegalAction("BoP 9.0", "force_in_progress", {"force": force},
                            "Finish the force now moving before starting another.")
    if force and not set(units) & set(force):
        raise IllegalAction("BoP 9.0", "force_in_progress", {"force": force},
                            "Finish the force now moving before starting another.")
    if kind == "march":
        part = decision.data.get("part")
        if part is not None and is_part(state, seat, units, supplied) != (
                part == "part"):
            raise IllegalAction("BoP 9.12", "wrong_force", {"units": units},
                                "This decision moves a whole stack; the other one moves "
                                "part of a stack." if part == "whole" else
                                "This decision moves part of a stack; the other one moves "
                                "a whole stack.")
        dests = movement.march_destinations(state, th, units, supplied)
        if action["to"] not in dests:
            raise IllegalAction("BoP 9.1", "unreachable", {"from": loc, "to": action["to"]},
                                f"The force cannot march from {loc} to {action['to']}.")
        return {"units": units, "to": action["to"]}
    if kind == "rail":
        if loc != decision.data.get("from"):
            raise IllegalAction("BoP 9.21", "wrong_location", {"from": loc},
                                "This decision rails a force from another location.")
        if action["payer"] not in movement.rail_payers(state, units):
            raise IllegalAction("BoP 9.21", "bad_payer", {"payer": action["payer"]},
                                "The payer needs a corps in the force, 1 RP and rail room.")
        dests = movement.rail_destinations(state, th, units, supplied)
        if action["to"] not in dests:
            raise IllegalAction("BoP 9.22", "unreachable", {"from": loc, "to": action["to"]},
                                f"The force cannot rail from {loc} to {action['to']}.")
        return {"units": units, "to": action["to"], "payer": action["payer"]}
    if kind == "combat":
        if action["target"] != decision.data.get("target"):
            raise IllegalAction("BoP 10.2", "wrong_target", {"target": action["target"]},
                                "This decision attacks another location.")
        problem = combat.attack_problem(state, th, units, action["target"], supplied)
        if problem is not None:
            rule, code, data = problem
            raise IllegalAction(rule, code, data, combat.refusal_message(code, data))
        if action["point"] not in units or UNITS[action["point"]].kind in ("siege", "leader"):
            raise IllegalAction("BoP 10.533", "bad_point_unit", {"point": action["point"]},
                                "The point unit is a non-siege corps of the force.")
        if action["payer"] not in combat.payers(state, th, units, action["target"]):
            raise IllegalAction("BoP 10.3", "bad_payer", {"payer": action["payer"]},
                                "The payer must be a major with a corps in the force and "
                                "the RP the attack costs (an all-minor force attacks free "
                                "once a year: payer null).")
        return {"units": units, "target": action["target"], "point": action["point"],
                "payer": action["payer"]}
    raise AssertionError(f"no validator for {kind}")  # _check_shape knows every kind


def _validate_setup(state: dict[str, Any], th: Theatre, seat: str, action: Any) -> Any:
    """BoP 12.1 — a whole placement, checked by `setup.setup_problems`."""
    placement = action.get("placement")
    area = area_setup(state)   # 12.2, 12.4: corps may set up entrenched
    entrenched = action.get("entrenched", []) if area is not None else []
    if set(action) - ({"placement", "entrenched"} if area is not None else {"placement"}) or (
            not isinstance(placement, dict)) or not all(
            isinstance(v, str) for v in placement.values()) or not isinstance(
            entrenched, list) or not all(isinstance(u, str) for u in entrenched):
        raise MalformedAction('a set-up is {"placement": {"<unit>": "<location>"}}'
                              + (' and may name "entrenched": ["<corps>", …]' if area else ""))
    if area is not None:
        problems = area.setup_problems(th, seat, placement, corps_on_board(state), entrenched)
    else:
        problems = setup.setup_problems(th, seat, placement, secret=state["flow"]["secret"])
    if problems:
        first = problems[0]
        rule = scenario_of(state).rule
        raise IllegalAction(rule, first["code"], {"problems": problems[:10]},
                            f"The set-up breaks {rule}: {first['code']} {first['data']}.")
    answer: dict[str, Any] = {"placement": dict(sorted(placement.items()))}
    if entrenched:
        answer["entrenched"] = sorted(set(entrenched))
    return answer


def area_setup(state: dict[str, Any]) -> Any:
    """The set-up module of a scenario whose sides set up in areas (12.2, 12.4), else None."""
    sc = scenario_of(state).id
    return setup_fire if sc == FIRE_IN_THE_EAST else setup_kaiser if sc == KAISERSCHLACHT \
        else setup_storm if sc == STORM_OF_STEEL else None


def corps_on_board(state: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for uid, unit in state["board"]["units"].items():
        if UNITS[uid].corps:
            counts[unit["at"]] = counts.get(unit["at"], 0) + 1
    return counts


def _area_setup_check(state: dict[str, Any], th: Theatre, seat: str,
                      query: dict[str, Any]) -> dict[str, Any]:
    """BoP 12.2, 12.4 — the set-up editor's query: the placement's problems in plain words
    and, when the validator would accept it, the answer to send."""
    area = area_setup(state)
    placement = query.get("placement")
    entrenched = query.get("entrenched", [])
    if set(query) - {"placement", "entrenched", "brief"} or not isinstance(
            placement, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                        for k, v in placement.items()) or not isinstance(
            entrenched, list) or not all(isinstance(u, str) for u in entrenched):
        raise MalformedAction('a set-up query is {"placement": {"<unit>": "<location>"}} and '
                              'may name "entrenched": ["<corps>", …]')
    problems = area.setup_problems(th, seat, placement, corps_on_board(state), entrenched)
    item: dict[str, Any] = {
        "placement": dict(sorted(placement.items())), "legal": not problems,
        "complete": not problems or problems[0]["code"] != "wrong_units",
        "problems": [{"rule": area.RULE, "code": p["code"], "message": area.describe(th, p),
                      **({"units": [p["data"]["unit"]]} if "unit" in p["data"] else {})}
                     for p in problems]}
    if not query.get("brief"):   # the editor's counters and where they may go (one area)
        units = area.seat_units(seat)
        item["units"] = setup.unit_sheet(seat, units)
        item["spots"] = [{"units": units, "locations": sorted(area.own_area(th, seat))}]
        # the corps the editor offers an entrenched toggle for (1.321: no cavalry, tank, leader);
        # none where the scenario digs them all in itself (12.3, ruling 92)
        item["may_entrench"] = [] if getattr(area, "ALL_ENTRENCHED", False) else [
            u for u in units if UNITS[u].entrenches]
        # the "previously eliminated units" the seat chooses (12.2, 12.3, 12.4): its own
        # nation's corps may be left off the map, so many and so strong (the check says)
        wanted = scenario_of(state).set_aside.get(seat)
        if wanted is not None:
            item["set_aside"] = {"count": wanted[0], "strength": wanted[1]}
            item["may_set_aside"] = [u for u in units if UNITS[u].corps
                                     and UNITS[u].nation == seat]
    if not problems:
        item["action"] = {"placement": dict(sorted(placement.items())),
                          **({"entrenched": sorted(set(entrenched))} if entrenched else {})}
    return item


def _setup_check(th: Theatre, seat: str, query: dict[str, Any], *,
                 secret: bool) -> dict[str, Any]:
    """BoP 12.1 — the set-up editor's query `{"placement": {unit: loc}}` (an options query:
    it answers, it never acts). One item: the placement's problems in plain words (each with
    its rule, units and locations), whether it is complete and legal, the set-up's units and
    where each may go by the rules about it alone; with `"action"` (the answer to send)
    exactly when the validator would accept it. A query with `"brief": true` leaves out the
    units and spots (the editor asks for them once)."""
    placement = query.get("placement")
    if set(query) - {"placement", "brief"} or not isinstance(placement, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in placement.items()):
        raise MalformedAction('a set-up query is {"placement": {"<unit>": "<location>"}}')
    report = setup.check_placement(th, seat, placement, secret=secret)
    item: dict[str, Any] = dict(report)
    if not query.get("brief"):
        item["units"] = setup.unit_sheet(seat)
        item["spots"] = setup.setup_spots(th, seat, secret=secret)
    if report["legal"]:
        item["action"] = {"placement": report["placement"]}
    return item


def _validate_sea(state: dict[str, Any], th: Theatre, seat: str, action: Any) -> Any:
    """BoP 6.452 — one corps between friendly ports (or the landing), as listed."""
    if set(action) != {"unit", "to"}:
        raise MalformedAction('a sea move is {"unit", "to"}')
    if action not in admiralty.sea_moves(state, th, seat):
        raise IllegalAction("BoP 6.452", "no_sea_route", dict(action),
                            "No permitted sea move from a friendly port to that port.")
    return {"unit": action["unit"], "to": action["to"]}


def _validate_naval(state: dict[str, Any], th: Theatre, seat: str,
                    action: dict[str, Any]) -> dict[str, Any]:
    """BoP 7.2 — a naval force and where it goes (any part of a stack, not only the listed
    whole stacks)."""
    if not {"units", "to"} <= set(action) <= {"units", "to", "search", "van", "return", "evade",
                                              "passengers", "land", "landing", "raid"} or (
            not isinstance(action["to"], str)) or any(
            not isinstance(action.get(k, True), bool)
            for k in ("search", "return", "evade", "land")):
        raise MalformedAction('a naval move is {"units": [...], "to": "<loc>"}, with the '
                              'optional orders "search", "return" and "evade" (true or false) and '
                              '"van" (a list of its ships), and for transport "passengers" '
                              '(a list of corps) and "land" (true or false), and "raid" (the '
                              'coastal hex a raid hits)')
    units = sorted(_unit_list(action["units"]))
    naval.check_move(state, th, seat, units, action["to"])
    out: dict[str, Any] = {"units": units, "to": action["to"]}
    if "van" in action:                            # 8.31: the force's own BC, CA and CL only
        van = sorted(_unit_list(action["van"]))
        wrong = [u for u in van if u not in units or SHIPS[u].kind not in VAN_KINDS]
        if wrong:
            raise IllegalAction("BoP 8.31", "not_van", {"units": wrong},
                                "Only the force's own BC, CA and CL can deploy in the van.")
        out["van"] = van
    out.update({k: action[k] for k in ("search", "return", "evade") if k in action})
    if not isinstance(action.get("landing", ""), str):
        raise MalformedAction('"landing" names the coastal hex a landing counter points at')
    transport.check_transport(state, th, seat, action)         # 7.6, 7.7
    if "raid" in action:                                       # 7.35
        coastal_raids.check(state, th, units, action["to"], action["raid"])
        out["raid"] = action["raid"]
    if "passengers" in action:
        out["passengers"] = sorted(_unit_list(action["passengers"]))
    out.update({k: action[k] for k in ("land", "landing") if k in action})
    return out


def _validate_mine(state: dict[str, Any], th: Theatre, seat: str,
                   action: dict[str, Any]) -> dict[str, Any]:
    """BoP 6.445, 6.446 — one ship lays the pool's mine in its location or clears a mine."""
    if set(action) not in ({"unit", "lay"}, {"unit", "clear"}) or not all(
            isinstance(v, str) for v in action.values()):
        raise MalformedAction('a mine action is {"unit": "<ship>", "lay": "<mine>"} or '
                              '{"unit": "<ship>", "clear": "<mine>"}')
    if action not in [item["action"] for item in mines.mine_items(state, th, seat)]:
        raise IllegalAction("BoP 6.445" if "lay" in action else "BoP 6.446", "mine_work",
                            {"action": action},
                            "That ship cannot lay or clear that mine now: it must be yours, "
                            "able to move, with three times its radius in NMP left; laying "
                            "takes your pool's next mine into the ship's own hex or box, "
                            "clearing (surface ships only) a mine there or next to it.")
    return dict(action)


# --- the deadline's answer ----------------------------------------------------------------------

def deadline_answer(state: dict[str, Any], decision: Decision) -> Any:
    """The passive answer wherever the decision has one: no march, rail move, attack or sea
    move (PASS ends the seat's movement), stop, done, no violation, no transfer, no purchase,
    no Plan XVII penalty, no reserve, no reroll, no payment (a deadline never spends an
    absent player's RP). Decisions without one (set-up, muster and placements, losses,
    retreats, the point unit, entrenching, breach removal, a leader's return, the landing)
    get the most harmless listed answer; in a half the seat's `done` sorts before the
    active ones, so a sweeper that answers a late seat's first open decision ends its
    half."""
    kind = decision.kind
    listed = decision.options or ()
    if kind in PASSABLE:
        return dict(PASS)
    passive: dict[str, dict[str, Any]] = {"reserve": {"reserve": None}, "reroll": {"reroll": False},
               "proceed": {"proceed": False}, "infrastructure": {"use": False},
               "pay": {"pay": False}, "violate": {"violate": None},
               "procure": {"buy": None}, "plan_xvii": {"destroy": None},
               "transfer": {"to": None}, "done": {"done": True}, "stop": {"stop": True}}
    if kind in passive:
        assert passive[kind] in listed, (kind, listed)
        return dict(passive[kind])
    if kind == "point":
        c = state["flow"]["combat"]
        return max(listed, key=lambda o: (
            odds.defender_effectiveness(state, _th(state), {**c, "def_point": o["point"]}),
            o["point"]))
    if kind == "loss":
        units = [o for o in listed if o["loss"] in UNITS]
        if units:
            return min(units, key=lambda o: (UNITS[o["loss"]].effectiveness, o["loss"]))
        return listed[0]
    return None  # the kernel's default: the first listed option
