"""BoP 10 — land combat: one phasing force attacks one adjacent location.

The pipeline (10.3): supply check, bombardment (after which the attacker may stop), RP,
defender reserves, modifiers (10.5; the attacker's infrastructure choice), the 2d6 roll (10.6),
results (10.7: RP results, point unit, further losses, attrition, the unfillable second loss,
DDR), give ground with player-chosen retreats and breaches (10.72), breakthrough (10.73), then
further movement (10.8). `flow["combat"]` holds a combat in progress; its `stage` names the
decision it waits for (proceed, reserve, point, infrastructure, reroll, pay, loss, retreat);
everything between decisions runs automatically in `advance`.

This module declares attacks, rolls for reserves and runs the pipeline; the modifiers and the
roll are in `odds.py`, the results in `losses.py`.
"""

from __future__ import annotations

from typing import Any, cast

from engine.kernel import Event, Roller

from . import weather
from .air_tables import RESERVE_AIR_MODIFIER
from .aviation import air_superiority
from .forces import (
    ENTRENCHED,
    MANEUVER,
    UNITS,
    belligerent_side,
    commander,
    effectiveness,
    enemy_present,
    fort_steps,
    friendly_corps_count,
    in_crisis,
    infrastructure,
    landing_of,
    neighbours,
    neutral_closed,
    occupancy,
    other_side,
    stack_limit,
    stacking_conflict,
    unit_side,
)
from .losses import (
    apply_losses,
    can_pay_rp,
    conclude,
    do_retreat,
    finish_clear,
    give_ground,
    next_loss,
    place_first_losses,
    point_loss,
    reduce_fortress,
    retreat_destinations,
    ruin_fortress,
    start_losses,
    ti_gain,
)
from .movement import inherent_defense, may_move, mp_left, spend, start_force
from .occupy import track_plans
from .odds import (
    breach_value,
    defenders,
    has_ti,
    infrastructure_applies,
    odds_text,
    point_options,
    reroll_allowed,
    roll_combat,
    side_seat,
)
from .supply import supplied_locations
from .tables import MAJORS, RP_RESULT_COST
from .tanks import includes_tank
from .theatre import Theatre

# --- declaration --------------------------------------------------------------------------------

def attack_problem(state: dict[str, Any], th: Theatre, units: list[str], target: str,
                   supplied: dict[str, bool]) -> tuple[str, str, dict[str, Any]] | None:
    """BoP 9.14, 10.3 — why this force may not attack `target` (rule, code, data), or None."""
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = belligerent_side(state, units[0])
    corps = [u for u in units if UNITS[u].corps]
    if not all(may_move(state, u) for u in corps):
        return ("BoP 12.1", "not_mobilised", {})
    if target not in neighbours(state, th, start):
        return ("BoP 10.2", "not_adjacent", {"target": target})
    if th.mountain_corps_only(start, target) and any(UNITS[u].kind != "mountain" for u in corps):
        return ("BoP 9.13", "alpine_pass", {"target": target})
    if target in state["flow"]["trench"]:
        return ("BoP 9.63", "trench_battle", {"target": target})
    if neutral_closed(state, th, target):
        return ("BoP 6.11", "neutral", {"target": target})
    landing = landing_of(state)
    if landing is not None and start == landing["at"] and weather.amphibious_barred(
            th, state["flow"]["month"]):
        return ("BoP 6.512", "bad_weather_amphibious", {"month": state["flow"]["month"]})
    if not enemy_present(state, th, target, side) and not inherent_defense(
            state, th, start, target, side):
        return ("BoP 9.14", "no_enemy", {"target": target})
    if min(mp_left(state, u, supplied.get(u, True)) for u in corps) < 1:
        return ("BoP 9.14", "no_mp", {})
    if len(corps) > stack_limit(state, th, target):
        return ("BoP 9.14", "overstacked", {"corps": len(corps),
                                            "limit": stack_limit(state, th, target)})
    if any(UNITS[u].kind == "cavalry" for u in corps) and any(
            board_units[d]["mode"] == ENTRENCHED for d in defenders(state, target,
                                                                     other_side(side))):
        return ("BoP 9.14", "cavalry_vs_trenches", {})
    if not any(UNITS[u].kind != "siege" for u in corps):
        return ("BoP 10.533", "siege_alone", {})
    for nation in {UNITS[u].nation for u in corps}:
        # 2.92: a nation in crisis attacks only with a tank in the attack or air superiority
        if in_crisis(state, nation) and air_superiority(state, target) != side and (
                not includes_tank(corps)):
            return ("BoP 2.92", "crisis", {"nation": nation})
    return None


# A refused attack in a player's words (why-not): each code `attack_problem` returns.
ATTACK_REFUSALS = {
    "not_mobilised": "A corps of this force may not move yet (12.1 mobilisation).",
    "not_adjacent": "The target is not adjacent to the attacking location (one attacking "
                    "location, one adjacent defending location).",
    "alpine_pass": "Only mountain corps attack across an alpine pass: leave the others out.",
    "trench_battle": "A trench battle was fought there this half: it cannot be attacked again.",
    "neutral": "The target belongs to a neutral: declare a violation first.",
    "bad_weather_amphibious": "No assault out of the landing counter in a bad-weather month.",
    "no_enemy": "There is no enemy land unit in the target.",
    "no_mp": "A corps of this force has no movement point left to attack with.",
    "overstacked": "More corps than the target's stacking limit may not attack it.",
    "cavalry_vs_trenches": "Cavalry cannot attack entrenched defenders: leave it out.",
    "siege_alone": "Siege artillery cannot attack alone: add a corps that can be the point unit.",
    "crisis": "A power in crisis attacks only with a tank or air superiority over the "
              "target: add a tank or leave its corps out.",
}


def refusal_message(code: str, data: dict[str, Any]) -> str:
    """The why-not of an `attack_problem` code, with its numbers where it has any."""
    text = ATTACK_REFUSALS.get(code, f"This attack is not allowed ({code}).")
    if code == "overstacked":
        text += f" ({data['corps']} corps, limit {data['limit']})"
    if code == "crisis":
        text = text.replace("A power", data["nation"].replace("_", " ").title())
    return text


def payers(state: dict[str, Any], th: Theatre, units: list[str],
           target: str) -> list[str | None]:
    """BoP 10.3 — who may pay: a major with a corps in the force and the RP the attack on
    `target` costs (double in bad weather, 6.512); an all-minor force attacks free once per
    year (None)."""
    nations = sorted({UNITS[u].nation for u in units if UNITS[u].corps})
    majors = [n for n in nations if n in MAJORS]
    if not majors:
        minor = nations[0]
        return [None] if not state["powers"][minor].get("free_attack_used") else []
    cost = weather.attack_cost(th, state["flow"]["month"], target)
    return [n for n in majors if state["powers"][n]["rp"] >= cost]


def defending_seat(state: dict[str, Any], th: Theatre, target: str, enemy: str) -> str:
    """The seat that answers for the defence (reserves, point unit, losses, retreats): the
    defending corps' major, else the side's commander of minors (12.1: France); a location
    held by its fortress alone, when that commander is not at war (12.2 has no France), is
    answered for by the fortress's owner, else by a major of the side at war (ruling 98)."""
    seat = side_seat(enemy, defenders(state, target, enemy))
    powers = state["powers"]
    if powers.get(seat, {}).get("side") == enemy:
        return seat
    owner = th.home.get(target)
    if owner in MAJORS and powers.get(owner, {}).get("side") == enemy:
        return str(owner)
    return next((n for n in sorted(MAJORS) if powers.get(n, {}).get("side") == enemy), seat)



def declare(state: dict[str, Any], th: Theatre, seat: str, units: list[str], target: str,
            point: str, payer: str | None, supplied: dict[str, bool],
            roller: Roller) -> list[Event]:
    """BoP 10.1–10.3 — declare, check supply, bombard; after a bombardment the attacker may
    still stop there (10.3: "if the attacker wishes to proceed" he pays, and only then is he
    committed); then pay and wait for reserves."""
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = belligerent_side(state, units[0])
    enemy = other_side(side)
    start_force(state, units, supplied)
    landing = landing_of(state)
    amphibious = landing is not None and start == landing["at"]
    cost = mp_left(state, units[0], supplied.get(units[0], True)) if (
        th.ends_march(start, target) or amphibious) else 1
    spend(state, units, cost)
    track_plans(state, th, units, target, attack=True)
    events = [Event("attack_declared", "BoP 10.1", {
        "from": start, "target": target, "units": units, "point": point, "payer": payer})]
    occ = occupancy(state)
    status = {}
    cache: dict[str, frozenset[str]] = {}
    for uid in sorted(set(units) | set(defenders(state, target, enemy))):
        nation = UNITS[uid].nation
        if nation not in cache:
            cache[nation] = supplied_locations(state, th, nation, occ)
        status[uid] = board_units[uid]["at"] in cache[nation]
    combat = {
        "attacker": side, "defender": enemy, "from": start, "target": target,
        "units": sorted(units), "point": point, "payer": payer, "supplied": status,
        "stage": None, "reserve": None, "def_point": None, "mods": {}, "fnm": 0,
        "dice": [], "final": None, "losses": {}, "choices": {"attacker": [], "defender": []},
        "paid": {"attacker": False, "defender": False}, "retreats": [],
        "entrenched_defender": any(board_units[d]["mode"] == ENTRENCHED
                                   for d in defenders(state, target, enemy)),
        "ti": has_ti(state, side),
        "counter_breach": breach_value(state, target, start) > 0,
        "seat": seat, "def_seat": defending_seat(state, th, target, enemy),
        "amphibious": amphibious,
        "inherent_defense": inherent_defense(state, th, start, target, side),
        "at_landing": landing is not None and target == landing["at"],
    }
    state["flow"]["combat"] = combat
    bombardment = bombard(state, th, combat, roller)
    events += bombardment
    if fort_steps(state, th, target) == 0 and not defenders(state, target, enemy) and not (
            combat["inherent_defense"]):
        events.append(Event("fortress_fell", "BoP 10.22", {"at": target}))
        events += finish_clear(state, th, combat)
        return events
    if bombardment:
        combat["stage"] = "proceed"  # the attacker has learnt something: he may stop here
        return events
    return events + pay_and_go_on(state, th, combat, roller)


def pay_and_go_on(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                  roller: Roller) -> list[Event]:
    """BoP 10.3 — the attack's RP (an all-minor force's free attack of the year); from here
    the attack cannot be aborted; then the defender's reserves (10.4)."""
    payer = combat["payer"]
    if payer is None:
        minor = UNITS[[u for u in combat["units"] if UNITS[u].corps][0]].nation
        state["powers"][minor]["free_attack_used"] = True
    cost = 0 if payer is None else weather.attack_cost(th, state["flow"]["month"],
                                                       combat["target"])
    if payer is not None:
        state["powers"][payer]["rp"] -= cost
    events = [Event("attack_paid", "BoP 10.3", {"payer": payer, "rp": cost})]
    combat["stage"] = "reserve"
    if not reserve_candidates(state, th, combat):
        combat["stage"] = "point"
    return events + advance(state, th, roller)


def bombard(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
            roller: Roller) -> list[Event]:
    """BoP 10.21 — siege corps against a fortress: black is ruined, red loses a step on
    1d6 < the number of siege corps."""
    target = combat["target"]
    steps = fort_steps(state, th, target)
    siege = sum(1 for u in combat["units"] if UNITS[u].kind == "siege")
    if not siege or not steps:
        return []
    if th.fortress[target] == "black":
        ruin_fortress(state, target)
        return [Event("bombardment", "BoP 10.21", {"at": target, "fortress": "black",
                                                  "result": "ruined"})]
    roll = roller.d(6, "bombardment 1d6")
    hit = roll < siege
    if hit:
        reduce_fortress(state, th, target)
    return [Event("bombardment", "BoP 10.21", {"at": target, "fortress": "red", "roll": roll,
                                              "siege": siege, "hit": hit})]


# --- reserves -------------------------------------------------------------------------------

def reserve_candidates(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[str]:
    """BoP 10.41 — against an entrenched defender, without attacker TI and not against a
    breach counterattack: one adjacent corps not under a trench-battle marker that could
    march in (12.1: never a British corps into French corps or the reverse); once designated
    for this location this half, only that corps may try again."""
    if not combat["entrenched_defender"] or combat["ti"] or combat["counter_breach"]:
        return []
    target = combat["target"]
    side = combat["defender"]
    if friendly_corps_count(state, target, side) + 1 > stack_limit(state, th, target):
        return []
    chosen = state["flow"]["reserve_corps"].get(target)
    out = []
    for loc in neighbours(state, th, target):
        if loc in state["flow"]["trench"] or loc == combat["from"]:
            continue
        for uid in defenders(state, loc, side):
            if chosen is not None and uid != chosen:
                continue
            if th.mountain_corps_only(loc, target) and UNITS[uid].kind != "mountain":
                continue  # 2.521: it could not march in
            if stacking_conflict(state, [uid], target):
                continue  # 12.1: British corps never stack with French corps
            out.append(uid)
    return sorted(out)


def roll_reserve(state: dict[str, Any], th: Theatre, combat: dict[str, Any], uid: str,
                 roller: Roller) -> list[Event]:
    """BoP 10.42 — 1d6, −1 in maneuver mode, −1 when not adjacent to an enemy corps
    (reconstructed minus signs), +1 for attacker air superiority (6.33, 10.51); below the
    corps' effectiveness (−1 unsupplied, 3.2) it joins the defence and entrenches."""
    state["flow"]["reserve_corps"][combat["target"]] = uid
    unit = state["board"]["units"][uid]
    roll = roller.d(6, "reserve 1d6")
    mod = 0
    if unit["mode"] == MANEUVER:
        mod -= 1
    enemy = combat["attacker"]
    if not any(enemy_corps for loc in neighbours(state, th, unit["at"])
               for enemy_corps in defenders(state, loc, enemy)):
        mod -= 1
    if air_superiority(state, combat["target"]) == combat["attacker"]:
        mod += RESERVE_AIR_MODIFIER
    final = roll + mod
    # 3.2: an unsupplied corps rolls against its effectiveness − 1 (supply judged at the roll)
    supplied = unit["at"] in supplied_locations(state, th, UNITS[uid].nation)
    needs = effectiveness(state, uid, attacking=False, supplied=supplied)
    ok = final < needs
    if ok:
        unit["at"] = combat["target"]
        if UNITS[uid].entrenches:
            unit["mode"] = ENTRENCHED
        combat["reserve"] = uid
    return [Event("reserve", "BoP 10.42", {"unit": uid, "roll": roll, "modifier": mod,
                                          "final": final, "needs_below": needs,
                                          "committed": ok})]


# --- the pipeline ---------------------------------------------------------------------------

def advance(state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
    """Run the automatic parts of the combat in progress until it needs a decision or ends."""
    events: list[Event] = []
    while True:
        combat = state["flow"]["combat"]
        if combat is None:
            return events
        stage = combat["stage"]
        if stage in ("proceed", "reserve", "infrastructure"):
            return events
        if stage == "point":
            options = point_options(state, th, combat)
            if len(options) > 1:
                return events
            choose_point(state, th, combat, options[0])
            continue
        if stage == "roll":
            events += roll_combat(state, th, combat, roller)
            combat["stage"] = "reroll" if reroll_allowed(state) else "result"
            continue
        if stage == "reroll":
            return events
        if stage == "result":
            events += ti_gain(state, combat, roller)
            events += start_losses(state, combat)
            combat["stage"] = "pay"
            continue
        if stage == "pay":
            for role in ("attacker", "defender"):
                if combat["rp_result"][role] and combat["losses"][role] == 1 and can_pay_rp(
                        state, combat, role) and not combat.get("pay_asked", {}).get(role):
                    return events
            place_first_losses(state, th, combat)
            combat["stage"] = "loss"
            continue
        if stage == "loss":
            for role in ("defender", "attacker"):
                if next_loss(state, th, combat, role):
                    return events
            events += apply_losses(state, th, combat, roller)
            combat["stage"] = "gg"
            continue
        if stage == "gg":
            if "gg" in combat["result"]["flags"] or combat["final"] == 12:
                events += give_ground(state, th, combat)
            combat["stage"] = "retreat"
            continue
        if stage == "retreat":
            pending = [u for u in combat["retreats"] if u in state["board"]["units"]]
            combat["retreats"] = pending
            if pending:
                if not retreat_destinations(state, th, combat, pending[0]):
                    events += do_retreat(state, th, combat, pending[0], None)
                    continue
                return events
            events += conclude(state, th, combat)
            return events
        raise AssertionError(f"unknown combat stage {stage}")


def choose_point(state: dict[str, Any], th: Theatre, combat: dict[str, Any], point: str) -> None:
    """BoP 10.531 — the defender's point unit is set; next the attacker's infrastructure
    choice (10.572), when he has one to make, then the roll."""
    combat["def_point"] = point
    combat["fort_owner"] = th.home.get(combat["target"])
    combat["stage"] = "infrastructure" if infrastructure_choice(state, th, combat) else "roll"


def infrastructure_choice(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> bool:
    """BoP 10.572 — the attacking force stands with its side's infrastructure marker and the
    +1 applies: the attacker "can" use it (and loses the marker after the roll)."""
    return "infrastructure" not in combat and infrastructure(
        state, combat["from"], combat["attacker"]) and infrastructure_applies(state, th, combat)


def decision_seat(combat: dict[str, Any], role: str) -> str:
    return combat["seat"] if role == "attacker" else combat["def_seat"]


def pending_pay_role(state: dict[str, Any], combat: dict[str, Any]) -> str | None:
    for role in ("attacker", "defender"):
        if combat["rp_result"][role] and combat["losses"][role] == 1 and can_pay_rp(
                state, combat, role) and not combat.get("pay_asked", {}).get(role):
            return role
    return None


def pending_loss_role(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> str | None:
    for role in ("defender", "attacker"):
        if next_loss(state, th, combat, role):
            return role
    return None


def loss_tally(state: dict[str, Any], th: Theatre) -> dict[str, Any] | None:
    """BoP 10.712 — what the side now choosing a loss still owes, for the page's picker (the
    view carries it so the browser counts nothing): every option is one loss — a corps, a
    fortress step, the inherent defense or an attrition payment (10.713)."""
    combat = state["flow"]["combat"]
    if combat is None or combat["stage"] != "loss":
        return None
    role = pending_loss_role(state, th, combat)
    if role is None:
        return None
    placed = list(combat["choices"][role])
    return {"role": role, "seat": decision_seat(combat, role), "side": combat[role],
            "wanted": combat["losses"][role], "placed": placed,
            "owed": combat["losses"][role] - len(placed),
            "point": point_loss(combat, role), "force": list(combat["start_units"][role])}


def _asked(role: str | None) -> str:
    """The role a pay or loss question is asked of: the pipeline stops at those stages only
    while some role has something to pay or place."""
    return cast(str, role)


def answer(state: dict[str, Any], th: Theatre, kind: str, action: dict[str, Any],
           roller: Roller) -> list[Event]:
    """Carry out a combat decision, then run on."""
    combat = state["flow"]["combat"]
    events: list[Event] = []
    if kind == "proceed":
        if not action["proceed"]:
            state["flow"]["combat"] = None
            return [Event("attack_aborted", "BoP 10.3", {"at": combat["target"]})]
        return pay_and_go_on(state, th, combat, roller)
    if kind == "reserve":
        uid = action["reserve"]
        if uid is not None:
            events += roll_reserve(state, th, combat, uid, roller)
        combat["stage"] = "point"
    elif kind == "point":
        choose_point(state, th, combat, action["point"])
    elif kind == "infrastructure":
        combat["infrastructure"] = action["use"]
        combat["stage"] = "roll"
    elif kind == "reroll":
        if action["reroll"]:
            state["flow"]["reroll"] = False
            old = combat["dice"]
            combat["dice"] = roller.roll(6, "combat reroll 2d6", 2)
            combat["final"] = max(2, min(12, sum(combat["dice"]) + combat["fnm"]))
            events.append(Event("reroll", "BoP 12.1", {"old": old, "dice": combat["dice"],
                                                      "final": combat["final"]}))
        combat["stage"] = "result"
    elif kind == "pay":
        role = _asked(pending_pay_role(state, combat))
        combat.setdefault("pay_asked", {})[role] = True
        if action["pay"]:
            nation = can_pay_rp(state, combat, role)
            state["powers"][nation]["rp"] -= RP_RESULT_COST
            combat["paid"][role] = nation
            combat["losses"][role] = 0
            events.append(Event("rp_result_paid", "BoP 10.711", {"nation": nation}))
    elif kind == "loss":
        role = _asked(pending_loss_role(state, th, combat))
        combat["choices"][role].append(action["loss"])
    elif kind == "retreat":
        events += do_retreat(state, th, combat, action["unit"], action["to"])
    return events + advance(state, th, roller)


def pending(state: dict[str, Any], th: Theatre) -> tuple[str, str, list[dict[str, Any]]] | None:
    """The combat decision now open: (kind, seat, options)."""
    combat = state["flow"]["combat"]
    if combat is None:
        return None
    stage = combat["stage"]
    if stage == "proceed":
        return ("proceed", combat["seat"], [{"proceed": False}, {"proceed": True}])
    if stage == "infrastructure":
        return ("infrastructure", combat["seat"], [{"use": False}, {"use": True}])
    if stage == "reserve":
        return ("reserve", combat["def_seat"], [{"reserve": None}] + [
            {"reserve": u} for u in reserve_candidates(state, th, combat)])
    if stage == "point":
        return ("point", combat["def_seat"], [{"point": p} for p in point_options(
            state, th, combat)])
    if stage == "reroll":
        return ("reroll", "germany", [{"reroll": False}, {"reroll": True}])
    if stage == "pay":
        role = _asked(pending_pay_role(state, combat))
        return ("pay", decision_seat(combat, role), [{"pay": False}, {"pay": True}])
    if stage == "loss":
        role = _asked(pending_loss_role(state, th, combat))
        return ("loss", decision_seat(combat, role), next_loss(state, th, combat, role))
    if stage == "retreat":
        uid = combat["retreats"][0]
        return ("retreat", combat["def_seat"], [{"unit": uid, "to": d} for d in
                                                retreat_destinations(state, th, combat, uid)])
    raise AssertionError(f"no decision at combat stage {stage}")


# --- listing -----------------------------------------------------------------------------

def attack_items(state: dict[str, Any], th: Theatre, seat: str,
                 supplied: dict[str, bool], limit: int | None = None,
                 only: list[str] | None = None) -> list[dict[str, Any]]:
    """BoP 10 — legal attacks of `seat`'s forces, with odds: one item per (location, target)
    using the largest legal force there (the best corps as point unit) and the seat's leader
    there, who fights with it (1.323). The attacker may send any other legal part of the
    stack instead (`attack_item`, issue #18): these items are examples, not every subset."""
    items: list[dict[str, Any]] = []
    occ = occupancy(state)
    for loc in sorted(occ):
        mine = [u for u in occ[loc] if commander(state, u) == seat and UNITS[u].corps
                and may_move(state, u) and mp_left(state, u, supplied.get(u, True)) >= 1
                and (only is None or u in only)]
        if not mine:
            continue
        leaders = [u for u in occ[loc] if commander(state, u) == seat and not UNITS[u].corps
                   and (only is None or u in only)]
        side = belligerent_side(state, mine[0])
        for target in neighbours(state, th, loc):
            if not enemy_present(state, th, target, side, occ) and not inherent_defense(
                    state, th, loc, target, side, occ):
                continue
            entrenched = any(state["board"]["units"][d]["mode"] == ENTRENCHED
                             for d in occ.get(target, []) if unit_side(state, d) not in (side, None))
            pool = [u for u in mine if not (entrenched and UNITS[u].kind == "cavalry") and not (
                th.mountain_corps_only(loc, target) and UNITS[u].kind != "mountain")]
            pool.sort(key=lambda u: (-UNITS[u].effectiveness, UNITS[u].kind == "siege", u))
            corps = pool[:stack_limit(state, th, target)]
            item = attack_item(state, th, sorted(corps + leaders), target, supplied, occ)
            if item is None:
                continue
            items.append(item)
            if limit is not None and len(items) >= limit:
                return items
    return items


def attack_item(state: dict[str, Any], th: Theatre, units: list[str], target: str,
                supplied: dict[str, bool],
                occ: dict[str, list[str]] | None = None) -> dict[str, Any] | None:
    """BoP 10.2, 10.3 — the attack of exactly `units` (corps and leaders of one seat in one
    location, already checked as a force) on `target`, with its best non-siege corps as point
    unit, its first payer, the odds and the RP the payer spends (`rp`); None when the rules
    refuse it (`attack_problem`) or nobody can pay. The options answer for a chosen part of a stack (issue #18)."""
    corps = [u for u in units if UNITS[u].corps]
    if not corps or attack_problem(state, th, units, target, supplied) is not None:
        return None
    who = payers(state, th, units, target)
    if not who:
        return None
    occ = occ if occ is not None else occupancy(state)
    start = state["board"]["units"][units[0]]["at"]
    side = belligerent_side(state, units[0])
    point = min((u for u in corps if UNITS[u].kind != "siege"),
                key=lambda u: (-UNITS[u].effectiveness, u))
    n_def = len([d for d in occ.get(target, []) if UNITS[d].corps
                 and unit_side(state, d) not in (side, None)]) + fort_steps(
        state, th, target) + (1 if inherent_defense(state, th, start, target, side, occ) else 0)
    return {"action": {"units": sorted(units), "target": target, "point": point,
                       "payer": who[0]},
            "odds": odds_text(len(corps), n_def),
            "rp": weather.attack_cost(th, state["flow"]["month"], target) if who[0] else 0}


# --- the half's markers (begin and end effects of the half) ---------------------------------

def clear_markers(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 9.63, 10.73 — trench-battle and breakthrough markers last for the half."""
    state["flow"]["trench"] = []
    state["flow"]["breakthrough"] = []
    return []


def clear_reserve_designations(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 10.41 — a reserve is designated for a location for one half."""
    state["flow"]["reserve_corps"] = {}
    return []
