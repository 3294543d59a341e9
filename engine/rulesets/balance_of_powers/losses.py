"""BoP 10.7, 10.8 — the combat's results: losses, DDR, give ground, breaches, breakthrough.

The table result (10.62) becomes loss points (10.711 RP results, 10.712 losses, 10.713
attrition); the point unit takes the first loss; a side that cannot fill its second loss
cancels the other's (10.712); DDR rolls (10.74); then give ground (10.72: retreats and
breaches), breakthrough and the trench-battle marker (10.73, 9.63), and the advance into a
cleared location (10.81).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .forces import (
    ENTRENCHED,
    MANEUVER,
    UNITS,
    eliminate,
    enemy_present,
    fort_owner_side,
    fort_steps,
    friendly_corps_count,
    in_crisis,
    landing_of,
    neighbours,
    neutral_closed,
    occupancy,
    stack_limit,
)
from .movement import spend
from .occupy import capture, demoralize, enter
from .odds import defenders, force_leader, has_ti, side_seat
from .tables import (
    ATTRITION_DDR,
    COMBAT_TABLE,
    MAJORS,
    MINOR_BATTLE_7,
    RP_RESULT_COST,
    TI_GAIN_BELOW,
    TI_UNLOCK,
)
from .theatre import Theatre

# --- fortresses ---------------------------------------------------------------------------------

def reduce_fortress(state: dict[str, Any], th: Theatre, loc: str) -> None:
    steps = fort_steps(state, th, loc)
    if steps <= 1:
        ruin_fortress(state, loc)
    else:
        state["board"]["forts"][loc] = steps - 1
        state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))


def interior_fortress(th: Theatre, loc: str) -> bool:
    """BoP 1.334 — in home country with no international border hexside (and not ruined:
    tested before the ruin, our ruling on the 2.91 paradox)."""
    return loc in th.fortress and not any(frozenset((loc, o)) in th.borders
                                          for o in th.all_adj[loc])


def ruin_fortress(state: dict[str, Any], loc: str) -> None:
    """BoP 1.33 — a ruined fortress is gone for good (the hex stays a population centre)."""
    state["board"]["forts"][loc] = 0
    state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))


# --- results ----------------------------------------------------------------------------------

def table_result(combat: dict[str, Any]) -> tuple[Any, Any, tuple[str, ...], Any]:
    """BoP 10.62 (7 is RP/RP in a minor battle, 10.711)."""
    if combat["final"] == 7 and not combat["major"]:
        return MINOR_BATTLE_7
    return COMBAT_TABLE[combat["final"]]


def ti_gain(state: dict[str, Any], combat: dict[str, Any],
            roller: Roller | None = None) -> list[Event]:
    """BoP 2.82 — a major attacking an entrenched location gains +1 TI on a raw 2d6 below 8
    (major battle) or 6 (minor battle)."""
    if not combat["entrenched_defender"]:
        return []
    if not any(UNITS[u].nation in MAJORS for u in combat["units"]):
        return []
    raw = sum(combat["dice"])
    if raw < TI_GAIN_BELOW["major" if combat["major"] else "minor"]:
        side = combat["attacker"]
        state["ti"][side] += 1
        events = [Event("ti_gain", "BoP 2.82", {"side": side, "ti": state["ti"][side]})]
        if roller is not None and state["ti"][side] >= min(TI_UNLOCK) and not has_ti(state, side):
            need = TI_UNLOCK[min(state["ti"][side], max(TI_UNLOCK))]
            roll = roller.d(6, "TI unlock 1d6")
            if roll < need:
                state["ti_benefits"][side] = True
            events.append(Event("ti_unlock_roll", "BoP 2.83", {"side": side, "roll": roll,
                                                               "needs_below": need,
                                                               "unlocked": roll < need}))
        return events
    return []


def force_units(state: dict[str, Any], combat: dict[str, Any], role: str) -> list[str]:
    if role == "attacker":
        return [u for u in combat["units"] if u in state["board"]["units"] and UNITS[u].corps]
    return defenders(state, combat["target"], combat["defender"])


def can_pay_rp(state: dict[str, Any], combat: dict[str, Any], role: str) -> str | None:
    """BoP 10.711 — an "RP" result is bought off if the force is supplied and a major in it
    pays 1 RP; the first such major (by id) with RP pays."""
    units = force_units(state, combat, role)
    if not units or not all(combat["supplied"].get(u, True) for u in units):
        return None
    for nation in sorted({UNITS[u].nation for u in units}):
        if nation in MAJORS and state["powers"][nation]["rp"] >= RP_RESULT_COST:
            return nation
    return None


def attrition_allowed(state: dict[str, Any], combat: dict[str, Any], role: str) -> str | None:
    """BoP 10.713 — the second loss may be paid with 1 RP and a DDR < 3 if: the side started
    with ≥ 2 corps of one major not in crisis, it is in supply, the defender had an entrenched
    corps and the attacker had no TI. Returns the paying nation."""
    if not combat["entrenched_defender"] or combat["ti"]:
        return None
    start = combat["start_units"][role]
    counts: dict[str, int] = {}
    for uid in start:
        nation = UNITS[uid].nation
        counts[nation] = counts.get(nation, 0) + 1
    if not all(combat["supplied"].get(u, True) for u in start):
        return None
    for nation in sorted(counts):
        power = state["powers"][nation]
        if nation in MAJORS and counts[nation] >= 2 and not in_crisis(state, nation) and (
                power["rp"] >= 1):
            return nation
    return None


def loss_takers(state: dict[str, Any], th: Theatre, combat: dict[str, Any], role: str) -> list[str]:
    """Units (and "fortress" steps) still able to take a loss, not already chosen."""
    chosen = combat["choices"][role]
    units = [u for u in force_units(state, combat, role) if u not in chosen]
    out = sorted(units)
    if role == "defender":
        steps = fort_steps(state, th, combat["target"]) if fort_owner_side(
            state, th, combat["target"]) == combat["defender"] else 0
        if steps - chosen.count("fortress") > 0:
            out.append("fortress")
        if combat.get("inherent_defense") and "inherent" not in chosen:
            out.append("inherent")
    return out


def next_loss(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
              role: str) -> list[dict[str, Any]]:
    """The options for `role`'s next loss: [] when its losses are all placed or unfillable."""
    wanted = combat["losses"][role]
    chosen = combat["choices"][role]
    if len(chosen) >= wanted:
        return []
    takers = loss_takers(state, th, combat, role)
    options = [{"loss": u} for u in takers]
    if len(chosen) == 1 and attrition_allowed(state, combat, role):
        options.append({"loss": "attrition"})
    return options


def point_loss(combat: dict[str, Any], role: str) -> str:
    return combat["point"] if role == "attacker" else combat["def_point"]


def start_losses(state: dict[str, Any], combat: dict[str, Any]) -> list[Event]:
    """BoP 10.711, 10.712 — turn the result into loss points; the point unit takes the first."""
    att, dfn, flags, ddr = table_result(combat)
    combat["result"] = {"attacker": att, "defender": dfn, "flags": list(flags), "ddr": ddr}
    combat["start_units"] = {"attacker": force_units(state, combat, "attacker"),
                             "defender": force_units(state, combat, "defender")}
    for role, value in (("attacker", att), ("defender", dfn)):
        combat["losses"][role] = 1 if value == "RP" else value
        combat["rp_result"] = combat.get("rp_result", {})
        combat["rp_result"][role] = value == "RP"
    return [Event("combat_result", "BoP 10.62", {"final": combat["final"], "attacker": att,
                                                 "defender": dfn, "flags": list(flags)})]


def place_first_losses(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> None:
    for role in ("attacker", "defender"):
        if combat["losses"][role] >= 1 and not combat["choices"][role]:
            point = point_loss(combat, role)
            if point == "fortress" or point in state["board"]["units"]:
                combat["choices"][role].append(point)
            else:
                takers = loss_takers(state, th, combat, role)
                if takers:
                    combat["choices"][role].append(takers[0])


def unfilled_second(combat: dict[str, Any], role: str) -> bool:
    return combat["losses"][role] >= 2 and len(combat["choices"][role]) < 2


def apply_losses(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                 roller: Roller) -> list[Event]:
    """BoP 10.712 — remove the chosen losses, cancelling the favoured side's losses when the
    other side could not fill its second loss (only with a non-zero FNM in its favour)."""
    events: list[Event] = []
    fnm = combat["fnm"]
    cancel = set()
    if unfilled_second(combat, "defender") and fnm > 0:
        cancel.add("attacker")
    if unfilled_second(combat, "attacker") and fnm < 0:
        cancel.add("defender")
    for role in sorted(cancel):
        if combat["paid"][role]:
            state["powers"][combat["paid"][role]]["rp"] += RP_RESULT_COST
            combat["paid"][role] = False
        combat["choices"][role] = []
        events.append(Event("losses_cancelled", "BoP 10.712", {"side": combat[role]}))
    combat["ddr_rolls"] = []
    for role in ("attacker", "defender"):
        for choice in combat["choices"][role]:
            if choice == "fortress":
                reduce_fortress(state, th, combat["target"])
                events.append(Event("fortress_step_lost", "BoP 10.712",
                                    {"at": combat["target"]}))
            elif choice == "inherent":
                combat["inherent_defense"] = False
                events.append(Event("inherent_defense_beaten", "BoP 1.25",
                                    {"at": combat["target"]}))
            elif choice == "attrition":
                nation = attrition_allowed(state, combat, role) or side_seat(
                    combat[role], combat["start_units"][role])
                state["powers"][nation]["rp"] = max(0, state["powers"][nation]["rp"] - 1)
                combat["ddr_rolls"].append((role, ATTRITION_DDR, nation))
                events.append(Event("attrition", "BoP 10.713", {"nation": nation}))
            elif choice in state["board"]["units"]:
                eliminate(state, choice)
                events.append(Event("eliminated", "BoP 10.712", {"unit": choice}))
    ddr = combat["result"]["ddr"]
    if ddr is not None:
        role, threshold = ddr
        combat["ddr_rolls"].insert(0, (role, threshold, None))
    events += roll_ddrs(state, combat, roller)
    return events


def ddr_nation(combat: dict[str, Any], role: str) -> str | None:
    """Which major rolls a DDR: the point unit's nation if a major, else the first major of
    the force (our ruling for mixed forces)."""
    point = point_loss(combat, role)
    if point in UNITS and UNITS[point].nation in MAJORS:
        return UNITS[point].nation
    majors = sorted({UNITS[u].nation for u in combat["start_units"][role]
                     if UNITS[u].nation in MAJORS})
    if role == "defender" and point in ("fortress", "inherent"):
        owner = combat.get("fort_owner")
        if owner in MAJORS:
            return owner
    return majors[0] if majors else None


def roll_ddrs(state: dict[str, Any], combat: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 10.74 — majors in major battles only: 1d6 < threshold = +1 demoralization; the
    force's leader then dies on 1d6 < the same threshold."""
    events: list[Event] = []
    if not combat["major"]:
        return events
    for role, threshold, nation in combat["ddr_rolls"]:
        nation = nation or ddr_nation(combat, role)
        if nation is None or nation not in MAJORS:
            continue
        roll = roller.d(6, f"DDR {nation}")
        hit = roll < threshold
        data = {"nation": nation, "roll": roll, "needs_below": threshold, "demoralized": hit}
        if hit:
            demoralize(state, nation)
            leader = force_leader(state, combat, role)
            if leader is not None:
                survival = roller.d(6, f"leader survival {leader}")
                data["leader"] = leader
                data["leader_roll"] = survival
                if survival < threshold:
                    del state["board"]["units"][leader]
                    data["leader_killed"] = True
        events.append(Event("ddr", "BoP 10.74", data))
    return events


# --- give ground, breaches, breakthrough --------------------------------------------------------

def retreat_destinations(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                         uid: str) -> list[str]:
    """BoP 10.722 — 1–3 hexes, never into an enemy-occupied hex nor one adjacent to the
    attacking force, within march limits (terrain doesn't stop a retreat), ending with room."""
    side = combat["defender"]
    banned = set(neighbours(state, th, combat["from"])) | {combat["from"]}
    occ = occupancy(state)
    start = combat["target"]
    landing = landing_of(state)
    if landing is not None:
        banned.add(landing["at"])  # 10.722: no retreat onto or off a landing (as in boxes)
        if start == landing["at"]:
            return []
    reach = {start: 0}
    frontier = [start]
    for step in range(1, 4):
        nxt = []
        for loc in frontier:
            for other in neighbours(state, th, loc):
                if other in reach or other in banned or other in th.boxes:
                    continue
                if th.mountain_corps_only(loc, other) and UNITS[uid].kind != "mountain":
                    continue  # 10.722: a retreat follows the rules of marching (9.13)
                if neutral_closed(state, th, other) or enemy_present(state, th, other, side, occ):
                    continue
                if friendly_corps_count(state, other, side, occ) + 1 > stack_limit(state, th, other):
                    continue
                if UNITS[uid].nation in ("britain", "france") and any(
                        UNITS[o].nation == ("france" if UNITS[uid].nation == "britain"
                                            else "britain") and UNITS[o].corps
                        for o in occ.get(other, [])):
                    continue
                reach[other] = step
                nxt.append(other)
        frontier = sorted(nxt)
    return sorted(loc for loc in reach if loc != start)


def place_breach(state: dict[str, Any], combat: dict[str, Any]) -> tuple[str, list[Event]]:
    """BoP 10.723 — diminish, expand or create, the first that applies."""
    start, target = combat["from"], combat["target"]
    breaches = state["board"]["breaches"]
    for breach in breaches:
        if breach["at"] == target and breach["to"] == start:
            breach["value"] -= 1
            if breach["value"] < 1:
                breaches.remove(breach)
            return "diminish", [Event("breach", "BoP 10.723", {"kind": "diminish",
                                                               "at": target, "to": start})]
    for breach in breaches:
        if breach["at"] == start and breach["to"] == target:
            if breach["value"] == 1:
                breach["value"] = 2
                return "expand", [Event("breach", "BoP 10.723", {"kind": "expand", "at": start,
                                                                 "to": target, "value": 2})]
            breaches.remove(breach)
            return "breakthrough", [Event("breach", "BoP 10.723", {
                "kind": "expand_breakthrough", "at": start, "to": target})]
    breaches.append({"at": start, "to": target, "value": 1})
    breaches.sort(key=lambda b: (b["at"], b["to"]))
    return "create", [Event("breach", "BoP 10.723", {"kind": "create", "at": start,
                                                     "to": target, "value": 1})]


def give_ground(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[Event]:
    """BoP 10.72 — after losses: breach for surviving entrenched corps or fortress, retreats
    for surviving maneuver corps (chosen by the defender, one decision per corps)."""
    events: list[Event] = []
    target = combat["target"]
    survivors = defenders(state, target, combat["defender"])
    board_units = state["board"]["units"]
    dug_in = [u for u in survivors if board_units[u]["mode"] == ENTRENCHED]
    fort = fort_steps(state, th, target) > 0 and fort_owner_side(
        state, th, target) == combat["defender"]
    if dug_in or fort:
        kind, more = place_breach(state, combat)
        events += more
        if kind == "breakthrough":
            # 10.723b: "eliminating all remaining defending units" — the entrenched corps
            # and the fortress, a land unit (1.33); maneuver corps still retreat
            combat["expanded"] = True
            for uid in dug_in:
                eliminate(state, uid)
                events.append(Event("eliminated", "BoP 10.723", {"unit": uid}))
            if fort:
                ruin_fortress(state, target)
                events.append(Event("fortress_ruined", "BoP 10.723", {"at": target}))
    combat["retreats"] = [u for u in defenders(state, target, combat["defender"])
                          if board_units[u]["mode"] == MANEUVER]
    return events


def do_retreat(state: dict[str, Any], th: Theatre, combat: dict[str, Any], uid: str,
               dest: str | None) -> list[Event]:
    """BoP 10.722 — a corps retreats (or, blocked, is eliminated); infantry that ends alone in
    an empty enemy-held location takes it (2.53)."""
    combat["retreats"].remove(uid)
    if dest is None:
        eliminate(state, uid)
        return [Event("eliminated", "BoP 10.722", {"unit": uid, "reason": "no_retreat"})]
    state["board"]["units"][uid]["at"] = dest
    events = [Event("retreat", "BoP 10.722", {"unit": uid, "to": dest})]
    taken = capture(state, th, dest, UNITS[uid].nation) if UNITS[uid].captures else None
    if taken is not None:
        events.append(taken)
    return events


def finish_clear(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[Event]:
    """BoP 10.22, 10.81 — the location is cleared: the attacker must enter it (not a landing,
    which is removed instead)."""
    units = [u for u in combat["units"] if u in state["board"]["units"]]
    events = []
    if combat.get("at_landing"):
        landing = state["board"]["landing"]
        state["board"]["landing"] = None
        if landing is not None:
            state["board"]["control"].pop(landing["at"], None)
            events.append(Event("landing_removed", "BoP 10.81", dict(landing)))
        units = []
    if units:
        events += enter(state, th, units, [combat["from"], combat["target"]])
        events.append(Event("advance", "BoP 10.81", {"units": units, "to": combat["target"]}))
        if th.ends_march(combat["from"], combat["target"]):
            spend(state, units, 99)  # 10.84
    state["flow"]["combat"] = None
    return events


def conclude(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[Event]:
    """BoP 10.73, 9.62, 9.63, 10.8 — breakthrough check, trench marker, auto-entrenching,
    advance into a cleared location."""
    events: list[Event] = []
    target = combat["target"]
    cleared = not defenders(state, target, combat["defender"]) and not (
        fort_steps(state, th, target) and fort_owner_side(state, th, target) == combat["defender"]
    ) and not combat.get("inherent_defense")
    broke_through = False
    if ("breakthrough" in combat["result"]["flags"] or combat.get("expanded")) and cleared and not (
            combat["counter_breach"]):
        broke_through = True
        flow = state["flow"]
        flow["breakthrough"] = sorted(set(flow["breakthrough"]) | {target})
        events.append(Event("breakthrough", "BoP 10.73", {"at": target}))
    if combat["entrenched_defender"] and not combat["ti"] and not broke_through:
        flow = state["flow"]
        if target not in flow["breakthrough"]:
            flow["trench"] = sorted(set(flow["trench"]) | {target})
            events.append(Event("trench_battle", "BoP 9.63", {"at": target}))
        for uid in combat["units"]:
            unit = state["board"]["units"].get(uid)
            if unit is not None and unit["mode"] == MANEUVER and UNITS[uid].entrenches:
                unit["mode"] = ENTRENCHED
                state["flow"]["moves"].setdefault(uid, {"mp": 0, "rail": 0})["mp"] = 0
    if cleared:
        events += finish_clear(state, th, combat)
    else:
        state["flow"]["combat"] = None
    return events
