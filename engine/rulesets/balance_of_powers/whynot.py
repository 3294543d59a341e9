"""Balance of Powers — why a march is refused, in a player's words (issue #18).

The legality gate refuses a march to a location its destinations do not list (BoP 9.1,
`movement.march_destinations`). A player who clicks that location asks why: this module reads
the same rules to say which one bites — the force may not move this fortnight, has no MP left,
the location itself cannot be entered (enemy units, a closed neutral, a trench battle, a full
stack, British and French together), it is further than the force's MP, or every way there is
blocked, naming the blocking locations. An attack on a location no attack decision names
(the page asks another attack decision, which refuses the target) gets the rule that refuses
that attack (not adjacent, a closed neutral, cavalry against trenches, …). It is asked only
about an order already refused, on a copy of the state, and never decides what is legal. A
loss a player clicks that the loss decision does not list gets the reason (already taken, not
in this battle, attrition closed); Britain's entry, why that port or home location (12.1); an
air order, `whynot_air`. Everything it reads is public in BoP.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, IllegalAction

from . import combat, movement, neutrals, supply
from .forces import (
    UNITS,
    belligerent_side,
    enemy_present,
    friendly_corps_count,
    landing_of,
    neighbours,
    neutral_closed,
    occupancy,
    side_of,
    stack_limit,
    stacking_conflict,
)
from .tables import ARMP_TERRAIN
from .theatre import Theatre, theatre
from .whynot_air import why_not_air

# At most this many blocking locations are named.
NAMED_BLOCKERS = 3
COUNTRY_NAMES = {"netherlands": "the Netherlands", "austria_hungary": "Austria-Hungary"}


def why_not(state: dict[str, Any], seat: str, decision: Decision, action: Any,
            refusal: IllegalAction) -> IllegalAction:
    if decision.kind == "combat" and refusal.code == "wrong_target":
        return _attack_elsewhere(state, action, refusal)
    if decision.kind == "loss" and refusal.code == "not_an_option":
        return _loss_refused(state, action, refusal)
    if decision.kind == "britain_setup" and refusal.code == "not_an_option":
        return _britain_refused(state, action, refusal)
    if decision.kind.startswith("air_") and refusal.code == "not_an_option":
        return why_not_air(state, seat, decision.kind, action, refusal)
    if decision.kind != "march" or refusal.code != "unreachable":
        return refusal
    th = theatre(state["board"]["map"])
    units = sorted(action["units"])
    to = action["to"]
    supplied = state["flow"].get("supplied", {})
    start = state["board"]["units"][units[0]]["at"]
    names = _force_name(units)
    if not all(movement.may_move(state, u) for u in units if UNITS[u].corps):
        return IllegalAction("BoP 12.1", "not_mobilised", {"units": units},
                             "In the first fortnight of August 1914 only British, French and "
                             f"German corps move: {names} waits.")
    budget = movement.force_mp(state, units, supplied)
    if budget <= 0:
        return IllegalAction("BoP 9.0", "no_mp", {"units": units},
                             f"{_capital(names)} has no MP left this half.")
    if to not in th.terrain:
        return IllegalAction("BoP 9.1", "not_a_location", {"to": to},
                             f"{to} is not a location of this map.")
    if to == start:
        return IllegalAction("BoP 9.1", "already_there", {"to": to},
                             f"{_capital(names)} is already in {th.where(to)}.")
    occ = occupancy(state)
    for uid in units:
        occ[start].remove(uid)
    side = belligerent_side(state, units[0])
    n_corps = sum(1 for u in units if UNITS[u].corps)
    here = _blocked(state, th, side, to, units, n_corps, occ)
    if here is not None:
        return _sentence(here)
    if th.terrain[to] == "water":
        return IllegalAction("BoP 9.1", "water", {"to": to},
                             f"{th.where(to)} is water: a force marches on land.")
    far = _free_costs(state, th, start, budget)
    if to not in far:
        return IllegalAction("BoP 9.13", "too_far", {"to": to, "mp": budget},
                             f"{th.where(to)} is more than {budget} MP away for {names} "
                             "(1 MP a hex; forest, marsh, mountain and port boxes take all "
                             "remaining MP and end the march).")
    back = _free_costs(state, th, to, budget)
    blockers = []
    for loc, cost in sorted(far.items(), key=lambda kv: (kv[1], kv[0])):
        if loc in (start, to) or cost + back.get(loc, budget + 1) > budget:
            continue
        reason = _blocked(state, th, side, loc, units, n_corps, occ, passing=True)
        if reason is not None:
            blockers.append((loc, reason))
    if not blockers:
        return refusal
    said = "; ".join(reason.message for _, reason in blockers[:NAMED_BLOCKERS])
    rules = sorted({reason.rule for _, reason in blockers[:NAMED_BLOCKERS]})
    return IllegalAction(rules[0] if len(rules) == 1 else "BoP 9.1", "path_blocked",
                         {"to": to, "blocked": [loc for loc, _ in blockers]},
                         f"Every way to {th.where(to)} within {budget} MP is blocked: "
                         f"{said}.")


def _attack_elsewhere(state: dict[str, Any], action: Any,
                      refusal: IllegalAction) -> IllegalAction:
    """BoP 10.2 — a player asks why the selected units cannot attack a location no attack
    decision names (the page asks it of another attack decision, which refuses the target):
    the rule that refuses that attack, from the same check the validator runs."""
    th = theatre(state["board"]["map"])
    units = sorted(action["units"])
    target = action["target"]
    supplied = supply.move_supply(state)
    if target not in th.terrain:
        return IllegalAction("BoP 10.2", "not_a_location", {"target": target},
                             f"{target} is not a location of this map.")
    problem = combat.attack_problem(state, th, units, target, supplied)
    if problem is not None:
        rule, code, data = problem
        return IllegalAction(rule, code, data, combat.refusal_message(code, data))
    if not combat.payers(state, th, units, target):
        return IllegalAction("BoP 10.3", "bad_payer", {"target": target},
                             "No power of this force has the RP the attack costs.")
    return refusal


def _loss_refused(state: dict[str, Any], action: Any, refusal: IllegalAction) -> IllegalAction:
    """BoP 10.712, 10.713 — why the unit (or fortress step, or attrition) a player clicked
    cannot take the combat's next loss: it already took one, it is not in this battle (or
    fights on the other side), the defender's fortress has no step left, or attrition is not
    open to this side (only the second loss, and only on its conditions)."""
    fight = state["flow"]["combat"]
    choice = action.get("loss") if isinstance(action, dict) else None
    if fight is None or not isinstance(choice, str):
        return refusal
    th = theatre(state["board"]["map"])
    tally = combat.loss_tally(state, th)
    if tally is None:
        return refusal
    role = tally["role"]
    data = {"loss": choice, "owed": tally["owed"]}
    if choice in tally["placed"]:
        what = "the fortress" if choice == "fortress" else _unit_name(choice)
        first = tally["placed"][0] == choice and choice == tally["point"]
        return IllegalAction("BoP 10.712", "loss_already_taken", data,
                             f"{_capital(what)} already takes a loss in this battle"
                             + (" (the point unit takes the first one)" if first else "")
                             + f": {tally['owed']} more to choose among the rest.")
    if choice == "attrition":
        if len(tally["placed"]) != 1:
            return IllegalAction("BoP 10.713", "attrition_second_only", data,
                                 "Attrition pays only a side's second loss.")
        return IllegalAction("BoP 10.713", "attrition_closed", data,
                             "Attrition is open only against an entrenched defender without "
                             "the attacker's tactical innovation, to a supplied side that "
                             "started with two or more corps of one major not in crisis and "
                             "has 1 RP to pay.")
    if choice in ("fortress", "inherent"):
        if role == "attacker":
            return IllegalAction("BoP 10.712", "defender_only", data,
                                 "Only the defender's location loses fortress steps or its "
                                 "inherent defense.")
        return IllegalAction("BoP 10.712", "no_step_left", data,
                             f"{th.where(fight['target'])} has no fortress step left to lose.")
    if choice not in UNITS:
        return refusal
    name = _capital(_unit_name(choice))
    if choice not in state["board"]["units"]:
        return IllegalAction("BoP 10.712", "not_on_map", data, f"{name} is not on the map.")
    if choice in fight["start_units"][("defender" if role == "attacker" else "attacker")]:
        return IllegalAction("BoP 10.712", "other_side", data,
                             f"{name} fights on the other side of this battle: its losses are "
                             "the other player's choice.")
    where = th.where(fight["target"] if role == "defender" else fight["from"])
    who = ("defending " if role == "defender" else "attacking from ") + where
    return IllegalAction("BoP 10.712", "not_in_battle", data,
                         f"{name} is not in this battle: only the corps {who} take its "
                         "losses.")


def _britain_refused(state: dict[str, Any], action: Any,
                     refusal: IllegalAction) -> IllegalAction:
    """BoP 12.1 — why Britain's first corps may not land at the port (or infantry 3 start at
    the home location) a player clicked, in the order `neutrals.french_ports` tests them."""
    if not isinstance(action, dict):
        return refusal
    th = theatre(state["board"]["map"])
    port, home = action.get("port"), action.get("home")
    if isinstance(port, str) and port not in neutrals.french_ports(state, th):
        data = {"port": port}
        if port not in th.terrain and port not in th.boxes:
            return IllegalAction("BoP 12.1", "not_a_location", data,
                                 f"{port} is not a location of this map.")
        where = th.where(port)
        if port not in th.ports or th.home.get(port) != "france":
            return IllegalAction("BoP 12.1", "not_a_french_port", data,
                                 f"{where} is not a French port: cavalry 1 and infantry 1–2 "
                                 "land in one.")
        owner = state["board"]["control"].get(port, "france")
        if side_of(state, owner) != "entente":
            return IllegalAction("BoP 12.1", "port_lost", data,
                                 f"{where} is held by the Central Powers.")
        here = [u for u, v in state["board"]["units"].items() if v["at"] == port]
        if any(UNITS[u].nation == "france" and UNITS[u].corps for u in here):
            return IllegalAction("BoP 12.1", "french_corps", data,
                                 f"French corps are at {where}: British corps never stack with "
                                 "French corps.")
        if any(side_of(state, UNITS[u].nation) not in ("entente", None) for u in here):
            return IllegalAction("BoP 12.1", "enemy_occupied", data,
                                 f"Enemy units hold {where}.")
        limit = stack_limit(state, th, port)
        return IllegalAction("BoP 2.62", "overstacked", {**data, "limit": limit},
                             f"{where} has no room for three more corps (its limit is "
                             f"{limit}).")
    if isinstance(home, str) and home not in neutrals.british_home(th):
        where = th.where(home) if home in th.terrain or home in th.boxes else home
        return IllegalAction("BoP 12.1", "not_in_britain", {"home": home},
                             f"{where} is not a hex of Britain: infantry 3 starts there.")
    return refusal


def _unit_name(uid: str) -> str:
    info = UNITS[uid]
    return f"{info.nation.replace('_', '-').title()} {info.name}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(refusal: IllegalAction) -> IllegalAction:
    """A reason `_blocked` words as a clause, as a sentence of its own."""
    return IllegalAction(refusal.rule, refusal.code, refusal.data,
                         f"{_capital(refusal.message)}.")


def _force_name(units: list[str]) -> str:
    corps = [u for u in units if UNITS[u].corps]
    if len(corps) == 1:
        info = UNITS[corps[0]]
        return f"{info.nation.replace('_', '-').title()} {info.name}"
    return f"the force of {len(corps)} corps"


def _blocked(state: dict[str, Any], th: Theatre, side: str, loc: str, units: list[str],
             n_corps: int, occ: dict[str, list[str]], *,
             passing: bool = False) -> IllegalAction | None:
    """Why the force may not enter `loc` (`movement.can_pass` and the stacking checks, rule
    by rule), as a clause, or None."""
    where = th.where(loc)
    if neutral_closed(state, th, loc):
        nation = th.home.get(loc) or ""
        country = COUNTRY_NAMES.get(nation, nation.replace("_", " ").title() or "a neutral")
        return IllegalAction("BoP 6.11", "neutral_closed", {"at": loc},
                             f"{where} is in {country}, neutral and closed until someone "
                             "violates it")
    landing = landing_of(state)
    if landing is not None and loc == landing["at"] and side != "entente":
        return IllegalAction("BoP 6.451", "no_sea_power", {"at": loc},
                             f"{where} is the landing at sea: only the Entente goes there")
    if loc in state["flow"]["trench"]:
        return IllegalAction("BoP 9.63", "trench_battle", {"at": loc},
                             f"{where} has a trench battle marker this half")
    if enemy_present(state, th, loc, side, occ):
        return IllegalAction("BoP 9.14", "enemy_occupied", {"at": loc},
                             f"enemy units hold {where}" + ("" if passing else
                                                            ": attack it instead (BoP 10)"))
    limit = stack_limit(state, th, loc)
    there = friendly_corps_count(state, loc, side, occ)
    if there + n_corps > limit:
        return IllegalAction("BoP 2.62", "overstacked", {"at": loc, "limit": limit},
                             f"{where} would hold {there + n_corps} corps, over its limit "
                             f"of {limit}")
    if not passing and stacking_conflict(state, units, loc, occ):
        return IllegalAction("BoP 12.1", "stacking_conflict", {"at": loc},
                             f"{where} holds units this force may not stack with (British and "
                             "French corps never stack; one army leader a location, 2.62)")
    return None


def _free_costs(state: dict[str, Any], th: Theatre, start: str, budget: int) -> dict[str, int]:
    """The MP cost of every location within `budget` of `start` when nothing blocks the way:
    terrain alone (1 MP a hex; entering forest, marsh, mountain or a port box takes all
    remaining MP and ends the march), water never entered."""
    seen = {start: 0}
    frontier = [(0, start)]
    while frontier:
        frontier.sort()
        spent, loc = frontier.pop(0)
        if spent >= budget or (loc != start and (th.terrain[loc] in ARMP_TERRAIN
                                                 or loc in th.boxes)):
            continue
        for other in neighbours(state, th, loc):
            if th.terrain.get(other) == "water":
                continue
            ends = th.terrain[other] in ARMP_TERRAIN or other in th.boxes
            cost = budget if ends else spent + 1
            if other in seen and seen[other] <= cost:
                continue
            seen[other] = cost
            if not ends:
                frontier.append((cost, other))
    return seen
