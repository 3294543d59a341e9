"""BoP 10.5, 10.6 — who fights, the point units, the nine modifiers and the combat roll.

The defenders of a location and who answers for them, the defender's point unit (10.531),
the modifiers by name (10.51–10.59, 6.453), their capped sum (10.5), leadership checks (10.54)
and the 2d6 roll (10.6) with the CP's one reroll of the first fortnight (12.1).
"""

from __future__ import annotations

from math import gcd
from typing import Any

from engine.kernel import Event, Roller

from .aviation import air_modifier
from .fleets import gunfire_ships, standard_admiralty
from .forces import (
    ENTRENCHED,
    UNITS,
    effectiveness,
    fort_effectiveness,
    fort_owner_side,
    fort_steps,
    infrastructure,
    unit_side,
)
from .scenarios import scenario_of
from .sequence import first_fortnight_of_game
from .tables import (
    COMBAT_TERRAIN,
    ENTRENCH_MODIFIER,
    ENTRENCH_STRONG,
    FNM_CAP,
    MAJORS,
    MINOR_COMMANDER,
    RIVER_MODIFIER,
    odds_modifier,
)
from .theatre import Theatre

NO_NAVAL_GUNFIRE = ("denmark", "germany")  # BoP 6.453
AMPHIBIOUS_MODIFIER = -2                     # BoP 10.561


# --- who fights -------------------------------------------------------------------------------

def side_seat(side: str, units: list[str]) -> str:
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


def odds_text(a: int, d: int) -> str:
    if d == 0:
        return f"{a}:0"
    g = gcd(a, d)
    return f"{a // g}:{d // g}"


# --- point units and modifiers ----------------------------------------------------------------

def point_options(state: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> list[str]:
    """BoP 10.531 — the defender's point unit: a corps or the fortress; a committed reserve only
    when it is alone."""
    target = combat["target"]
    corps = defenders(state, target, combat["defender"])
    options = [u for u in corps if u != combat["reserve"]]
    if fort_steps(state, th, target) and fort_owner_side(state, th, target) == combat["defender"]:
        options.append("fortress")
    if combat.get("inherent_defense"):
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


def ships_supporting(state: dict[str, Any], combat: dict[str, Any]) -> dict[str, list[str]]:
    """BoP 10.52, 10.561 — the attacker's shooting surface ships (gunnery above one) in the
    defending location and, for an amphibious invasion, in the landing it attacks from, by
    location; only the locations that hold one are listed."""
    places = [combat["target"]] + ([combat["from"]] if combat.get("amphibious") else [])
    found = {loc: gunfire_ships(state, loc, combat["attacker"]) for loc in places}
    return {loc: ships for loc, ships in found.items() if ships}


def modifiers(state: dict[str, Any], th: Theatre, combat: dict[str, Any],
              leadership: dict[str, int], *,
              use_infrastructure: bool = False) -> dict[str, int]:
    """BoP 10.5 — the nine modifiers, each by name (10.51–10.59 and 6.453).

    Air superiority (10.51) is ±1 for the side whose fighters patrol alone over the defending
    location (aviation.air_modifier; no air units exist in 12.1).
    `use_infrastructure` (10.572) is set when an infrastructure marker of the attacker's side
    stands in the attacking location."""
    target, start = combat["target"], combat["from"]
    attackers = [u for u in combat["units"] if u in state["board"]["units"]]
    defending = defenders(state, target, combat["defender"])
    mods: dict[str, int] = {}
    mods["air"] = air_modifier(state, combat)
    artillery = sum(1 for u in attackers if UNITS[u].kind == "siege")
    # 10.52: under the standard admiralty a ship that can shoot (gunnery above one) in the
    # defending location or in the amphibious force counts as one siege corps; 6.453's
    # ship-less gunfire belongs to the optional admiralty only (ruling 105).
    ships = ships_supporting(state, combat) if standard_admiralty(state) else None
    if ships is not None:
        artillery += 1 if ships else 0
    elif combat["attacker"] == "entente" and th.home.get(target) not in NO_NAVAL_GUNFIRE and (
            target in th.coastal):
        artillery += 1  # 6.453 naval gunfire counts as one siege corps
    elif combat["attacker"] == scenario_of(state).naval_gunfire and target in th.coastal:
        artillery += 1  # 12.2 German naval gunfire: +1 as siege artillery on a coastal hex
    mods["artillery"] = artillery
    a_eff = effectiveness(state, combat["point"], attacking=True,
                          supplied=combat["supplied"].get(combat["point"], True),
                          terrain=th.terrain[target])
    mods["effectiveness"] = a_eff - defender_effectiveness(state, th, combat)
    mods["leadership"] = leadership.get("attacker", 0) - leadership.get("defender", 0)
    n_att = sum(1 for u in attackers if UNITS[u].corps)
    n_def = len(defending) + fort_steps(state, th, target) + (
        1 if combat.get("inherent_defense") else 0)
    mods["odds"] = odds_modifier(n_att, n_def)
    terrain = COMBAT_TERRAIN.get(th.terrain[target], 0)
    hexside = frozenset((start, target))
    if (hexside in th.mountain_passes or hexside in th.alpine_passes) and not terrain:
        terrain = COMBAT_TERRAIN["mountain"]  # Terrain Effects Chart: a pass hexside is −2
    if combat.get("amphibious") and not (ships and combat["from"] in ships):
        terrain += AMPHIBIOUS_MODIFIER  # 10.561: no surface ships under 6.45 to cancel it
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


# --- the roll -----------------------------------------------------------------------------------

def leader_of(state: dict[str, Any], loc: str, side: str) -> str | None:
    """BoP 1.323, 10.54 — the army leader of `side` in a location (one at most, 2.62): he
    fights with his command, whatever nations of his side it holds."""
    here = sorted(u for u, v in state["board"]["units"].items()
                  if v["at"] == loc and UNITS[u].kind == "leader" and unit_side(state, u) == side)
    return here[0] if here else None


def force_leader(state: dict[str, Any], combat: dict[str, Any], role: str) -> str | None:
    """BoP 1.323, 10.54 — the leader who fights in this combat: the defender's army leader in
    the defending location; the attacker's only when he was named among the attacking units
    (he piggybacks on the part of the stack he goes with; one left behind stays out of it)."""
    if role == "defender":
        return leader_of(state, combat["target"], combat["defender"])
    here = leader_of(state, combat["from"], combat["attacker"])
    return here if here in combat["units"] else None


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
    for role, rating in (("attacker", "attack"), ("defender", "defense")):
        leader = force_leader(state, combat, role)
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
    use = bool(combat.get("infrastructure"))  # 10.572: the attacker's choice (choose_point)
    combat["mods"] = modifiers(state, th, combat, leadership, use_infrastructure=use)
    combat["fnm"] = net_modifier(combat["mods"])
    combat["dice"] = roller.roll(6, "combat 2d6", 2)
    marker = infrastructure(state, combat["from"], combat["attacker"])
    if use and marker and infrastructure_applies(state, th, combat):
        del state["board"]["infra"][combat["from"]]  # 10.572: back to the pool after the roll
        events.append(Event("infrastructure_used", "BoP 10.572", {"at": combat["from"]}))
    combat["final"] = max(2, min(12, sum(combat["dice"]) + combat["fnm"]))
    events.append(Event("combat_roll", "BoP 10.6", {
        "dice": combat["dice"], "modifiers": combat["mods"], "fnm": combat["fnm"],
        "final": combat["final"], "major": combat["major"],
        "odds": odds_text(sum(1 for u in combat["units"] if UNITS[u].corps),
                          len(defenders(state, combat["target"], combat["defender"]))
                          + fort_steps(state, th, combat["target"])
                          + (1 if combat.get("inherent_defense") else 0))}))
    return events


def reroll_allowed(state: dict[str, Any]) -> bool:
    """BoP 12.1 War Guilt reroll — the CP may reroll one land combat roll in the first
    fortnight of the game (any combat roll, ours or the EP's: the text says "of its choice")."""
    flow = state["flow"]
    return flow["reroll"] and first_fortnight_of_game(flow["month"], flow["fortnight"])
