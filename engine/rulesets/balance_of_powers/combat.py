"""BoP 10 — land combat: one phasing force attacks one adjacent location.

The pipeline (10.3): supply check, bombardment, RP, defender reserves, modifiers (10.5),
the 2d6 roll (10.6), results (10.7: RP results, point unit, further losses, attrition, the
unfillable second loss, DDR), give ground with player-chosen retreats and breaches (10.72),
breakthrough (10.73), then further movement (10.8). `flow["combat"]` holds a combat in
progress; its `stage` names the decision it waits for (reserve, point, reroll, pay, loss,
retreat); everything between decisions runs automatically in `advance`.
"""

from __future__ import annotations

from math import gcd
from typing import Any

from engine.kernel import Event, Roller

from .forces import (ENTRENCHED, MANEUVER, UNITS, effectiveness, eliminate,
                     enemy_present, fort_effectiveness, fort_owner_side, fort_steps,
                     friendly_corps_count, infrastructure, landing_of, neighbours,
                     neutral_closed, occupancy, other_side, stack_limit, unit_side)
from .movement import inherent_defense, mp_left, may_move, spend, start_force
from .occupy import demoralize, enter, track_plans
from .sequence import first_fortnight_of_game
from .supply import supplied_locations
from .tables import (ARMP_TERRAIN, ATTACK_COST, ATTRITION_DDR, COMBAT_TABLE, COMBAT_TERRAIN,
                     ENTRENCH_MODIFIER, ENTRENCH_STRONG, FNM_CAP, MAJORS,
                     MINOR_BATTLE_7, MINOR_COMMANDER, RIVER_MODIFIER, RP_RESULT_COST,
                     TI_GAIN_BELOW, TI_UNLOCK, odds_modifier)
from .theatre import Theatre

NO_NAVAL_GUNFIRE = ("denmark", "germany")  # BoP 6.453
AMPHIBIOUS_MODIFIER = -2                     # BoP 10.561


# --- who decides ------------------------------------------------------------------------------

def side_seat(state: dict[str, Any], side: str, units: list[str]) -> str:
    majors = sorted({UNITS[u].nation for u in units if UNITS[u].corps
                     and UNITS[u].nation in MAJORS})
    if majors:
        return majors[0]
    return MINOR_COMMANDER[side]


def defenders(state: dict[str, Any], loc: str, side: str) -> list[str]:
    return sorted(u for u, v in state["board"]["units"].items()
                  if v["at"] == loc and UNITS[u].corps and unit_side(state, u) == side)


def has_ti(state: dict[str, Any], side: str) -> bool:
    """BoP 2.84 — TI benefits (from TI 50 and a successful unlock roll)."""
    return bool(state["ti_benefits"].get(side))


def breach_value(state: dict[str, Any], at: str, to: str) -> int:
    for breach in state["board"]["breaches"]:
        if breach["at"] == at and breach["to"] == to:
            return breach["value"]
    return 0


# --- declaration --------------------------------------------------------------------------------

def attack_problem(state: dict[str, Any], th: Theatre, units: list[str], target: str,
                   supplied: dict[str, bool]) -> tuple[str, str, dict[str, Any]] | None:
    """BoP 9.14, 10.3 — why this force may not attack `target` (rule, code, data), or None."""
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = unit_side(state, units[0])
    corps = [u for u in units if UNITS[u].corps]
    if not all(may_move(state, u) for u in corps):
        return ("BoP 12.1", "not_mobilised", {})
    if target not in neighbours(state, th, start):
        return ("BoP 10.2", "not_adjacent", {"target": target})
    if target in state["flow"]["trench"]:
        return ("BoP 9.63", "trench_battle", {"target": target})
    if neutral_closed(state, th, target):
        return ("BoP 6.11", "neutral", {"target": target})
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
        if state["powers"][nation]["crisis"]:
            return ("BoP 2.92", "crisis", {"nation": nation})
    return None


def payers(state: dict[str, Any], units: list[str]) -> list[str | None]:
    """BoP 10.3 — who may pay: a major with a corps in the force and the RP; an all-minor force
    attacks free once per year (None)."""
    nations = sorted({UNITS[u].nation for u in units if UNITS[u].corps})
    majors = [n for n in nations if n in MAJORS]
    if not majors:
        minor = nations[0]
        return [None] if not state["powers"][minor].get("free_attack_used") else []
    return [n for n in majors if state["powers"][n]["rp"] >= ATTACK_COST]


def odds_text(a: int, d: int) -> str:
    if d == 0:
        return f"{a}:0"
    g = gcd(a, d)
    return f"{a // g}:{d // g}"


def declare(state: dict[str, Any], th: Theatre, seat: str, units: list[str], target: str,
            point: str, payer: str | None, supplied: dict[str, bool],
            roller: Roller) -> list[Event]:
    """BoP 10.1–10.3 — declare, check supply, bombard, pay; then wait for reserves."""
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = unit_side(state, units[0])
    enemy = other_side(side)
    start_force(state, units, supplied)
    landing = landing_of(state)
    amphibious = landing is not None and start == landing["at"]
    cost = mp_left(state, units[0], supplied.get(units[0], True)) if (
        th.terrain[target] in ARMP_TERRAIN or target in th.boxes or amphibious) else 1
    spend(state, units, cost)
    track_plans(state, th, units, target, attack=True)
    events = [Event("attack_declared", "BoP 10.1", {
        "from": start, "target": target, "units": units, "point": point, "payer": payer})]
    occ = occupancy(state)
    status = {}
    cache: dict[str, set[str]] = {}
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
        "seat": seat, "def_seat": side_seat(state, enemy, defenders(state, target, enemy)),
        "amphibious": amphibious, "id": inherent_defense(state, th, start, target, side),
        "at_landing": landing is not None and target == landing["at"],
    }
    state["flow"]["combat"] = combat
    events += bombard(state, th, combat, roller)
    if fort_steps(state, th, target) == 0 and not defenders(state, target, enemy) and not (
            combat["id"]):
        events.append(Event("fortress_fell", "BoP 10.22", {"at": target}))
        events += finish_clear(state, th, combat)
        return events
    if payer is None:
        minor = UNITS[[u for u in units if UNITS[u].corps][0]].nation
        state["powers"][minor]["free_attack_used"] = True
    else:
        state["powers"][payer]["rp"] -= ATTACK_COST
    events.append(Event("attack_paid", "BoP 10.3", {"payer": payer, "rp": ATTACK_COST}))
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
        ruin_fortress(state, th, target, combat)
        return [Event("bombardment", "BoP 10.21", {"at": target, "fortress": "black",
                                                  "result": "ruined"})]
    roll = roller.d(6, "bombardment 1d6")
    hit = roll < siege
    if hit:
        reduce_fortress(state, th, target, combat)
    return [Event("bombardment", "BoP 10.21", {"at": target, "fortress": "red", "roll": roll,
                                              "siege": siege, "hit": hit})]


def reduce_fortress(state: dict[str, Any], th: Theatre, loc: str,
                    combat: dict[str, Any] | None) -> None:
    steps = fort_steps(state, th, loc)
    if steps <= 1:
        ruin_fortress(state, th, loc, combat)
    else:
        state["board"]["forts"][loc] = steps - 1
        state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))


def interior_fortress(th: Theatre, loc: str) -> bool:
    """BoP 1.334 — in home country with no international border hexside (and not ruined:
    tested before the ruin, our ruling on the 2.91 paradox)."""
    return loc in th.fortress and not any(frozenset((loc, o)) in th.borders
                                          for o in th.all_adj[loc])


def ruin_fortress(state: dict[str, Any], th: Theatre, loc: str,
                  combat: dict[str, Any] | None) -> None:
    """BoP 1.33 — a ruined fortress is gone for good (the hex stays a population centre)."""
    state["board"]["forts"][loc] = 0
    state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))


# --- reserves -------------------------------------------------------------------------------

def reserve_candidates(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[str]:
    """BoP 10.41 — against an entrenched defender, without attacker TI and not against a
    breach counterattack: one adjacent corps not under a trench-battle marker that could
    march in; once designated for this location this half, only that corps may try again."""
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
            out.append(uid)
    return sorted(out)


def roll_reserve(state: dict[str, Any], th: Theatre, combat: dict[str, Any], uid: str,
                 roller: Roller) -> list[Event]:
    """BoP 10.42 — 1d6, −1 in maneuver mode, −1 when not adjacent to an enemy corps
    (reconstructed minus signs), +1 for attacker air superiority (none in 12.1); below the
    corps' effectiveness it joins the defence and entrenches."""
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
    if combat.get("air", 0) > 0:
        mod += 1  # attacker air superiority (never in 12.1)
    final = roll + mod
    needs = effectiveness(state, uid, attacking=False)
    ok = final < needs
    if ok:
        unit["at"] = combat["target"]
        if UNITS[uid].entrenches:
            unit["mode"] = ENTRENCHED
        combat["reserve"] = uid
    return [Event("reserve", "BoP 10.42", {"unit": uid, "roll": roll, "modifier": mod,
                                          "final": final, "needs_below": needs,
                                          "committed": ok})]


# --- point units and modifiers ----------------------------------------------------------------

def point_options(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[str]:
    """BoP 10.531 — the defender's point unit: a corps or the fortress; a committed reserve only
    when it is alone."""
    target = combat["target"]
    corps = defenders(state, target, combat["defender"])
    options = [u for u in corps if u != combat["reserve"]]
    if fort_steps(state, th, target) and fort_owner_side(state, th, target) == combat["defender"]:
        options.append("fortress")
    if combat.get("id"):
        options.append("inherent")
    if not options and combat["reserve"]:
        options = [combat["reserve"]]
    return sorted(options)


def defender_effectiveness(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> int:
    point = combat["def_point"]
    if point == "fortress":
        return fort_effectiveness(fort_steps(state, th, combat["target"]))
    if point == "inherent":
        return 1  # 1.25: a 1-0 one-step unit
    return effectiveness(state, point, attacking=False,
                         supplied=combat["supplied"].get(point, True))


def modifiers(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
              leadership: dict[str, int], *, air: int = 0,
              use_infrastructure: bool = False) -> dict[str, int]:
    """BoP 10.5 — the nine modifiers, each by name (10.51–10.59 and 6.453).

    `air` (10.51, ±1 for the side with a patrol over the defending location) never arises in
    12.1 (no air units); it is a parameter so the rulebook's Verdun example can be reproduced.
    `use_infrastructure` (10.572) is set when an infrastructure marker of the attacker's side
    stands in the attacking location."""
    target, start = combat["target"], combat["from"]
    attackers = [u for u in combat["units"] if u in state["board"]["units"]]
    defending = defenders(state, target, combat["defender"])
    mods: dict[str, int] = {}
    mods["air"] = air
    artillery = sum(1 for u in attackers if UNITS[u].kind == "siege")
    if combat["attacker"] == "entente" and th.home.get(target) not in NO_NAVAL_GUNFIRE and (
            target in th.coastal):
        artillery += 1  # 6.453 naval gunfire counts as one siege corps
    mods["artillery"] = artillery
    a_eff = effectiveness(state, combat["point"], attacking=True,
                          supplied=combat["supplied"].get(combat["point"], True),
                          terrain=th.terrain[target])
    mods["effectiveness"] = a_eff - defender_effectiveness(state, th, combat)
    mods["leadership"] = leadership.get("attacker", 0) - leadership.get("defender", 0)
    n_att = sum(1 for u in attackers if UNITS[u].corps)
    n_def = len(defending) + fort_steps(state, th, target) + (1 if combat.get("id") else 0)
    mods["odds"] = odds_modifier(n_att, n_def)
    terrain = COMBAT_TERRAIN.get(th.terrain[target], 0)
    if combat.get("amphibious"):
        terrain += AMPHIBIOUS_MODIFIER  # 10.561: no surface ships under 6.45
    from_breach = breach_value(state, start, target)
    at_breach = breach_value(state, target, start)
    if frozenset((start, target)) in th.rivers and not from_breach and not at_breach:
        terrain += RIVER_MODIFIER
    mods["terrain"] = terrain
    entrenched = [u for u in defending if state["board"]["units"][u]["mode"] == ENTRENCHED]
    if entrenched:
        mods["trenches"] = ENTRENCH_MODIFIER[any(UNITS[u].nation in ENTRENCH_STRONG
                                                 for u in entrenched)]
    else:
        mods["trenches"] = 0
    if use_infrastructure and infrastructure_applies(state, th, combat):
        mods["trenches"] += 1
    mods["reserves"] = -1 if combat["reserve"] else 0
    mods["breaches"] = (0 if combat["ti"] else -from_breach) + at_breach
    return mods


def infrastructure_applies(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> bool:
    """BoP 10.572 — both forces hold an entrenched unit; not from marsh or desert."""
    attackers = [u for u in combat["units"] if u in state["board"]["units"]]
    defending = defenders(state, combat["target"], combat["defender"])
    return (any(state["board"]["units"][u]["mode"] == ENTRENCHED for u in attackers)
            and any(state["board"]["units"][u]["mode"] == ENTRENCHED for u in defending)
            and th.terrain[combat["from"]] not in ("marsh", "desert"))


def net_modifier(mods: dict[str, int]) -> int:
    """BoP 10.5 — the sum, capped at ±6."""
    total = sum(mods.values())
    return max(-FNM_CAP, min(FNM_CAP, total))


def leader_of(state: dict[str, Any], loc: str, nations: set[str]) -> str | None:
    here = sorted(u for u, v in state["board"]["units"].items()
                  if v["at"] == loc and UNITS[u].kind == "leader" and UNITS[u].nation in nations)
    return here[0] if here else None


def major_battle(state: dict[str, Any], combat: dict[str, Any]) -> bool:
    """BoP 2.7 — at least 2 corps per side (fortress steps don't count); counted at the roll,
    after reserves (our ruling)."""
    n_att = sum(1 for u in combat["units"] if u in state["board"]["units"] and UNITS[u].corps)
    n_def = len(defenders(state, combat["target"], combat["defender"]))
    return n_att >= 2 and n_def >= 2


def roll_combat(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                roller: Roller) -> list[Event]:
    """BoP 10.54, 10.6 — leadership checks, the modifiers, 2d6 + FNM clamped to 2–12."""
    leadership = {}
    events = []
    att_nations = {UNITS[u].nation for u in combat["units"] if u in state["board"]["units"]}
    def_nations = {UNITS[u].nation for u in defenders(state, combat["target"],
                                                      combat["defender"])}
    for role, loc, nations, rating in (("attacker", combat["from"], att_nations, "attack"),
                                       ("defender", combat["target"], def_nations, "defense")):
        leader = leader_of(state, loc, nations)
        if leader is None:
            continue
        value = getattr(UNITS[leader], rating)
        roll = roller.d(6, f"leadership {leader}")
        leadership[role] = 1 if roll < value else 0
        events.append(Event("command_check", "BoP 10.54", {"leader": leader, "roll": roll,
                                                          "needs_below": value,
                                                          "passed": roll < value}))
    combat["leadership"] = leadership
    combat["major"] = major_battle(state, combat)
    marker = infrastructure(state, combat["from"], combat["attacker"])
    combat["mods"] = modifiers(state, th, combat, leadership, air=combat.get("air", 0),
                               use_infrastructure=combat.get("infrastructure", False) or marker)
    combat["fnm"] = net_modifier(combat["mods"])
    combat["dice"] = roller.roll(6, "combat 2d6", 2)
    if marker and infrastructure_applies(state, th, combat):
        del state["board"]["infra"][combat["from"]]  # 10.572: back to the pool after the roll
        events.append(Event("infrastructure_used", "BoP 10.572", {"at": combat["from"]}))
    combat["final"] = max(2, min(12, sum(combat["dice"]) + combat["fnm"]))
    events.append(Event("combat_roll", "BoP 10.6", {
        "dice": combat["dice"], "modifiers": combat["mods"], "fnm": combat["fnm"],
        "final": combat["final"], "major": combat["major"],
        "odds": odds_text(sum(1 for u in combat["units"] if UNITS[u].corps),
                          len(defenders(state, combat["target"], combat["defender"]))
                          + fort_steps(state, th, combat["target"])
                          + (1 if combat.get("id") else 0))}))
    return events


def reroll_allowed(state: dict[str, Any]) -> bool:
    """BoP 12.1 War Guilt reroll — the CP may reroll one land combat roll in the first
    fortnight of the game (any combat roll, ours or the EP's: the text says "of its choice")."""
    flow = state["flow"]
    return flow["reroll"] and first_fortnight_of_game(flow["month"], flow["fortnight"])


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


def attrition_allowed(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                      role: str) -> str | None:
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
        if nation in MAJORS and counts[nation] >= 2 and not power["crisis"] and power["rp"] >= 1:
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
        if combat.get("id") and "inherent" not in chosen:
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
    if len(chosen) == 1 and attrition_allowed(state, th, combat, role):
        options.append({"loss": "attrition"})
    return options


def point_loss(combat: dict[str, Any], role: str) -> str:
    return combat["point"] if role == "attacker" else combat["def_point"]


def start_losses(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[Event]:
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


def unfilled_second(state: dict[str, Any], th: Theatre, combat: dict[str, Any], role: str) -> bool:
    return combat["losses"][role] >= 2 and len(combat["choices"][role]) < 2


def apply_losses(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
                 roller: Roller) -> list[Event]:
    """BoP 10.712 — remove the chosen losses, cancelling the favoured side's losses when the
    other side could not fill its second loss (only with a non-zero FNM in its favour)."""
    events: list[Event] = []
    fnm = combat["fnm"]
    cancel = set()
    if unfilled_second(state, th, combat, "defender") and fnm > 0:
        cancel.add("attacker")
    if unfilled_second(state, th, combat, "attacker") and fnm < 0:
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
                reduce_fortress(state, th, combat["target"], combat)
                events.append(Event("fortress_step_lost", "BoP 10.712",
                                    {"at": combat["target"]}))
            elif choice == "inherent":
                combat["id"] = False
                events.append(Event("inherent_defense_beaten", "BoP 1.25",
                                    {"at": combat["target"]}))
            elif choice == "attrition":
                nation = attrition_allowed(state, th, combat, role) or side_seat(
                    state, combat[role], combat["start_units"][role])
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


def ddr_nation(state: dict[str, Any], combat: dict[str, Any], role: str) -> str | None:
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
    events = []
    if not combat["major"]:
        return events
    for role, threshold, nation in combat["ddr_rolls"]:
        nation = nation or ddr_nation(state, combat, role)
        if nation is None or nation not in MAJORS:
            continue
        roll = roller.d(6, f"DDR {nation}")
        hit = roll < threshold
        data = {"nation": nation, "roll": roll, "needs_below": threshold, "demoralized": hit}
        if hit:
            demoralize(state, nation)
            loc = combat.get("from") if role == "attacker" else combat.get("target")
            leader = leader_of(state, loc, {nation})
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
            combat["expanded"] = True
            for uid in dug_in:
                eliminate(state, uid)
                events.append(Event("eliminated", "BoP 10.723", {"unit": uid}))
    combat["retreats"] = [u for u in defenders(state, target, combat["defender"])
                          if board_units[u]["mode"] == MANEUVER]
    return events


def do_retreat(state: dict[str, Any], th: Theatre, combat: dict[str, Any], uid: str,
               dest: str | None) -> list[Event]:
    combat["retreats"].remove(uid)
    if dest is None:
        eliminate(state, uid)
        return [Event("eliminated", "BoP 10.722", {"unit": uid, "reason": "no_retreat"})]
    state["board"]["units"][uid]["at"] = dest
    return [Event("retreat", "BoP 10.722", {"unit": uid, "to": dest})]


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
        if th.terrain[combat["target"]] in ARMP_TERRAIN or combat["target"] in th.boxes:
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
    ) and not combat.get("id")
    bthru = False
    if ("bthru" in combat["result"]["flags"] or combat.get("expanded")) and cleared and not (
            combat["counter_breach"]):
        bthru = True
        flow = state["flow"]
        flow["bthru"] = sorted(set(flow["bthru"]) | {target})
        events.append(Event("breakthrough", "BoP 10.73", {"at": target}))
    if combat["entrenched_defender"] and not combat["ti"] and not bthru:
        flow = state["flow"]
        if target not in flow["bthru"]:
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


# --- the driver -----------------------------------------------------------------------------

def advance(state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
    """Run the automatic parts of the combat in progress until it needs a decision or ends."""
    events: list[Event] = []
    while True:
        combat = state["flow"]["combat"]
        if combat is None:
            return events
        stage = combat["stage"]
        if stage == "reserve":
            return events
        if stage == "point":
            options = point_options(state, th, combat)
            if len(options) > 1:
                return events
            combat["def_point"] = options[0]
            combat["fort_owner"] = th.home.get(combat["target"])
            combat["stage"] = "roll"
            continue
        if stage == "roll":
            events += roll_combat(state, th, combat, roller)
            combat["stage"] = "reroll" if reroll_allowed(state) else "result"
            continue
        if stage == "reroll":
            return events
        if stage == "result":
            events += ti_gain(state, combat, roller)
            events += start_losses(state, th, combat)
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


def decision_seat(state: dict[str, Any], combat: dict[str, Any], role: str) -> str:
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


def answer(state: dict[str, Any], th: Theatre, kind: str, action: dict[str, Any],
           roller: Roller) -> list[Event]:
    """Carry out a combat decision, then run on."""
    combat = state["flow"]["combat"]
    events: list[Event] = []
    if kind == "reserve":
        uid = action["reserve"]
        if uid is not None:
            events += roll_reserve(state, th, combat, uid, roller)
        combat["stage"] = "point"
    elif kind == "point":
        combat["def_point"] = action["point"]
        combat["fort_owner"] = th.home.get(combat["target"])
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
        role = pending_pay_role(state, combat)
        combat.setdefault("pay_asked", {})[role] = True
        if action["pay"]:
            nation = can_pay_rp(state, combat, role)
            state["powers"][nation]["rp"] -= RP_RESULT_COST
            combat["paid"][role] = nation
            combat["losses"][role] = 0
            events.append(Event("rp_result_paid", "BoP 10.711", {"nation": nation}))
    elif kind == "loss":
        role = pending_loss_role(state, th, combat)
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
    if stage == "reserve":
        return ("reserve", combat["def_seat"], [{"reserve": None}] + [
            {"reserve": u} for u in reserve_candidates(state, th, combat)])
    if stage == "point":
        return ("point", combat["def_seat"], [{"point": p} for p in point_options(
            state, th, combat)])
    if stage == "reroll":
        return ("reroll", "germany", [{"reroll": False}, {"reroll": True}])
    if stage == "pay":
        role = pending_pay_role(state, combat)
        return ("pay", decision_seat(state, combat, role), [{"pay": False}, {"pay": True}])
    if stage == "loss":
        role = pending_loss_role(state, th, combat)
        return ("loss", decision_seat(state, combat, role), next_loss(state, th, combat, role))
    if stage == "retreat":
        uid = combat["retreats"][0]
        return ("retreat", combat["def_seat"], [{"unit": uid, "to": d} for d in
                                                retreat_destinations(state, th, combat, uid)])
    raise AssertionError(f"no decision at combat stage {stage}")


def attack_items(state: dict[str, Any], th: Theatre, seat: str, commander_of: Any,
                 supplied: dict[str, bool], limit: int | None = None,
                 only: list[str] | None = None) -> list[dict[str, Any]]:
    """BoP 10 — legal attacks of `seat`'s forces, with odds: one item per (location, target)
    using the largest legal force there (the best corps as point unit)."""
    items: list[dict[str, Any]] = []
    occ = occupancy(state)
    for loc in sorted(occ):
        mine = [u for u in occ[loc] if commander_of(state, u) == seat and UNITS[u].corps
                and may_move(state, u) and mp_left(state, u, supplied.get(u, True)) >= 1
                and (only is None or u in only)]
        if not mine:
            continue
        side = unit_side(state, mine[0])
        for target in neighbours(state, th, loc):
            if not enemy_present(state, th, target, side, occ) and not inherent_defense(
                    state, th, loc, target, side, occ):
                continue
            entrenched = any(state["board"]["units"][d]["mode"] == ENTRENCHED
                             for d in occ.get(target, []) if unit_side(state, d) not in (side, None))
            pool = [u for u in mine if not (entrenched and UNITS[u].kind == "cavalry")]
            pool.sort(key=lambda u: (-UNITS[u].effectiveness, UNITS[u].kind == "siege", u))
            force = sorted(pool[:stack_limit(state, th, target)])
            if not force or attack_problem(state, th, force, target, supplied) is not None:
                continue
            who = payers(state, force)
            if not who:
                continue
            point = [u for u in pool if u in force and UNITS[u].kind != "siege"][0]
            n_def = len([d for d in occ.get(target, []) if UNITS[d].corps
                         and unit_side(state, d) not in (side, None)]) + fort_steps(
                state, th, target) + (1 if inherent_defense(state, th, loc, target, side, occ)
                                      else 0)
            items.append({"action": {"units": force, "target": target, "point": point,
                                     "payer": who[0]},
                          "odds": odds_text(len(force), n_def)})
            if limit is not None and len(items) >= limit:
                return items
    return items
