"""BoP 6.11, 6.123 and 12.1 — violations of the true neutrals and Britain's entry.

A side declares a violation in its diplomacy phase (CP, then EP); the victim joins the other
side at once and sets up its corps, in maneuver mode, in its population centres (6.11): the
seat that now commands them places them one by one (an interrupting decision). Britain joins the Entente at once when
Germany declares a violation of Belgium or the Netherlands, when a German land unit comes within
3 hexes of Paris, or when Russia enters crisis (6.123; the naval and Italian triggers cannot
arise here). On joining it places cavalry 1 and infantry 1–2 in a French port hex and infantry 3
in Britain (12.1).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .forces import UNITS, at_war, in_crisis, other_side, side_of, stack_limit
from .scenarios import scenario_of
from .sequence import MONTH_SCRIPT, MONTHS, Step
from .tables import BRITAIN_PARIS_RADIUS, ENTENTE, MINOR_COMMANDER
from .theatre import Theatre, theatre

# the script position of the Entente's muster (5.13: arrivals that passed it wait for a joiner)
MUSTER_EP = MONTH_SCRIPT.index((Step.MUSTER, ENTENTE, 0))

VIOLABLE = ("belgium", "denmark", "luxembourg", "netherlands", "switzerland")  # 6.121


def violation_options(state: dict[str, Any], th: Theatre, side: str) -> list[str]:
    """Neutrals still neutral that border this side's held territory (so entering is possible)."""
    out = []
    for nation in VIOLABLE:
        if state["powers"][nation]["side"] is not None:
            continue
        if not any(th.home.get(loc) == nation for loc in th.locs):
            continue
        out.append(nation)
    return out


def violate(state: dict[str, Any], th: Theatre, side: str, nation: str) -> list[Event]:
    """BoP 6.11 — the victim joins the violator's enemy and sets up its corps."""
    enemy = other_side(side)
    power = state["powers"][nation]
    power["side"] = enemy
    power["violated_by"] = side
    events = [Event("violation", "BoP 6.11", {"by": side, "nation": nation, "joins": enemy})]
    units = [uid for uid, u in UNITS.items() if u.nation == nation and u.arrives == "violated"]
    state["flow"]["neutral_to_place"] = sorted(state["flow"].get("neutral_to_place", []) + units)
    if side == "central" and nation in ("belgium", "netherlands") and not random_entry(state):
        events += britain_joins(state, f"germany_violated_{nation}")
    return events


def neutral_slots(th: Theatre, nation: str) -> list[str]:
    cap = th.capital.get(nation)
    pops = sorted(loc for loc in th.place_at if th.home.get(loc) == nation and loc not in th.boxes)
    if cap in pops:
        pops.remove(cap)
        pops.insert(0, cap)
    return pops


def neutral_spots(state: dict[str, Any], th: Theatre, uid: str) -> list[str]:
    """BoP 6.11 — the joining neutral's population centres with room and no enemy units."""
    nation = UNITS[uid].nation
    side = side_of(state, nation)
    out = []
    for loc in neutral_slots(th, nation):
        here = [u for u, v in state["board"]["units"].items() if v["at"] == loc]
        if any(side_of(state, UNITS[u].nation) not in (side, None) for u in here):
            continue
        if side_of(state, state["board"]["control"].get(loc, th.home.get(loc))) != side:
            continue
        if sum(1 for u in here if UNITS[u].corps) + 1 > stack_limit(state, th, loc):
            continue
        out.append(loc)
    return sorted(out)


def britain_joins(state: dict[str, Any], reason: str) -> list[Event]:
    """BoP 6.123, 12.1 — Britain joins the EP with 5 RP, TI 0, demoralization 0; its corps are
    placed in the BRITAIN step (or at once if the game is mid-campaign)."""
    power = state["powers"]["britain"]
    if power["side"] is not None:
        return []
    power["side"] = ENTENTE
    power["rp"] = 5
    state["flow"]["britain_to_place"] = sorted(
        [uid for uid, u in UNITS.items() if u.nation == "britain" and u.arrives.startswith(
            "joins")] + arrived_while_neutral(state, "britain"))
    return [Event("britain_joins", "BoP 6.123", {"reason": reason})]


def arrived_while_neutral(state: dict[str, Any], nation: str) -> list[str]:
    """BoP 5.13 — a neutral's monthly arrivals wait until it joins; then they set up with its
    at-start units: those of the months whose muster (the Entente's) has already passed.
    They leave the arrivals schedule."""
    flow = state["flow"]
    month = flow["month"]
    done = flow["step"] != "setup" and flow["script_position"] > MUSTER_EP
    out = []
    arrivals = state["board"]["arrivals"]
    for when in sorted(arrivals):
        if when < month or (when == month and done):
            mine = [u for u in arrivals[when] if UNITS[u].nation == nation]
            arrivals[when] = [u for u in arrivals[when] if u not in mine]
            out += mine
    return out


def britain_triggers(state: dict[str, Any], th: Theatre) -> list[Event]:
    """BoP 6.123 — a German land unit within 3 hexes of Paris; Russia in crisis. Not with the
    6.13 option, which replaces the standard diplomacy of 6.12 (6.123 is part of it)."""
    if state["powers"]["britain"]["side"] is not None or random_entry(state) or not (
            scenario_of(state).diplomacy):
        return []  # 12.2 skips diplomacy: Britain never joins
    paris = th.capital.get("france")
    if paris is not None:
        near = th.distance_within(paris, BRITAIN_PARIS_RADIUS)
        for uid, unit in sorted(state["board"]["units"].items()):
            if UNITS[uid].nation == "germany" and unit["at"] in near:
                return britain_joins(state, "german_unit_near_paris")
    if in_crisis(state, "russia"):
        return britain_joins(state, "russia_in_crisis")
    return []


def random_entry(state: dict[str, Any]) -> bool:
    return bool(state.get("diplomacy", {}).get("random_entry"))


def britain_entry_roll(state: dict[str, Any], th: Theatre, roller: Any) -> list[Event]:
    """BoP 6.13 — August 1914: 1d6 for a still-neutral Britain, +1 unless Germany violated
    Belgium or the Netherlands, +2 if France (the Entente) did; a final 1–5 (clamped to 1–6)
    brings her in, a 6 keeps her truly neutral (her second roll, March 1915, is past the
    scenario's end)."""
    if state["powers"]["britain"]["side"] is not None:
        return []
    low = ("belgium", "netherlands")
    by = {state["powers"][n].get("violated_by") for n in low}
    modifier = (0 if "central" in by else 1) + (2 if ENTENTE in by else 0)
    roll = roller.d(6, "neutral entry Britain 1d6")
    final = max(1, min(6, roll + modifier))
    joins = final <= 5
    state["diplomacy"]["britain_roll"] = {"roll": roll, "modifier": modifier, "final": final,
                                          "joins": joins}
    events = [Event("neutral_entry_roll", "BoP 6.13", {"nation": "britain", "roll": roll,
                                                       "modifier": modifier, "final": final,
                                                       "joins": joins})]
    if joins:
        events += britain_joins(state, "random_entry")
    return events


def french_ports(state: dict[str, Any], th: Theatre) -> list[str]:
    """French port hexes the EP hold with room for three corps and no French corps (12.1:
    British corps may never stack with French corps)."""
    out = []
    for loc in sorted(th.ports):
        if th.home.get(loc) != "france" or side_of(state, state["board"]["control"].get(
                loc, "france")) != ENTENTE:
            continue
        here = [u for u, v in state["board"]["units"].items() if v["at"] == loc]
        if any(UNITS[u].nation == "france" and UNITS[u].corps for u in here):
            continue
        if any(side_of(state, UNITS[u].nation) not in (ENTENTE, None) for u in here):
            continue
        if sum(1 for u in here if UNITS[u].corps) + 3 > stack_limit(state, th, loc):
            continue
        out.append(loc)
    return out


def british_home(th: Theatre) -> list[str]:
    """BoP 12.1 — "any hex of Britain" for infantry corps 3 (not only its towns)."""
    return sorted(loc for loc in th.locs if th.home.get(loc) == "britain"
                  and loc not in th.boxes)


# --- the diplomacy and Britain steps (begin effects) -----------------------------------------

def begin_diplomacy(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.11 — the side's lead seat may declare a violation, if there is a neutral to
    violate."""
    flow = state["flow"]
    th = theatre(state["board"]["map"])
    lead = MINOR_COMMANDER[flow["side"]]
    if not scenario_of(state).diplomacy:
        return []  # 12.2: the diplomacy phase is always skipped
    if violation_options(state, th, flow["side"]) and at_war(state, lead):
        flow["active"] = [lead]
    return []


def begin_britain(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.13 (option) — Britain rolls to join in August instead of 6.12's triggers."""
    if state["flow"]["month"] == MONTHS[0] and random_entry(state):
        return britain_entry_roll(state, theatre(state["board"]["map"]), roller)
    return []
