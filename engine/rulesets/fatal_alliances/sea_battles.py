"""FA 11.4.1–11.4.2, 11.5 — the naval combat step (after naval movement): the active side's
powers on a naval or combined action pick sea areas to fight in, one at a time; then the
other side's powers may start combats in the areas the active side moved surface units into
or within this impulse (11.5). Each area is picked at most once a step. Starting a combat
turns a face-up unit of the power face-down there (or uses its interception watch unit,
11.3.5.1); the combat itself is naval_combat.fight. A round whose surprise points have a
holder waits for it to spend them (`naval_surprise`, version 31, R-N75): the holder is the
only power deciding until the combat goes on (naval_combat.resume).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import naval_convoys
from .charts import Action
from .fleets import fleets
from .interception import flip_choice, naval, turn_down
from .naval_combat import contested, fight, resume, side_of, surprise_waiting
from .position import at_war
from .sequence import DONE, active_powers, mark_done

State = dict[str, Any]
RULE = "FA 11.4.2"
MAY_START = (Action.NAVAL.value, Action.COMBINED.value)   # 11.4.1: not on land or pass


def _areas(state: State, power: str) -> list[str]:
    """Sea areas where the power has a unit at war with an enemy unit there, a unit to turn
    face-down, and no combat was started this step."""
    ships = fleets(state)
    mine = sorted({sh["area"] for sh in ships.values()
                   if sh["power"] == power and sh["area"] is not None})
    fought = naval(state)["fought"]
    out = []
    for area in mine:
        enemies = {sh["power"] for sh in ships.values() if sh["area"] == area}
        enemies |= set(naval_convoys.owners(state, area, side_of(power)))   # 11.4.7.2
        if (area not in fought and contested(state, area)
                and any(at_war(state, power, e) for e in enemies)
                and flip_choice(state, power, area, keep_subs=True) is not None):
            out.append(area)
    return out


def battle_options(state: State, power: str) -> list[dict[str, Any]]:
    if "naval" not in state["flow"]:
        return [dict(DONE)]
    if side_of(power) == state["flow"]["active_side"]:
        if state["flow"]["actions"].get(power) not in MAY_START:
            return [dict(DONE)]
        areas = _areas(state, power)
    else:                          # 11.5: only where the active side moved surface units
        entered = set(naval(state)["entered"])
        areas = [a for a in _areas(state, power) if a in entered]
    return [dict(DONE)] + [{"area": a} for a in areas]


def battling(state: State) -> list[str]:
    """The holder of a waiting round's surprise points (11.4.5, R-N75); else the active
    side's powers first; the other side's once they have all finished."""
    if "naval" not in state["flow"]:
        return []
    waiting = surprise_waiting(state)
    if waiting is not None:
        return [waiting["power"]]
    done = state["flow"]["done"]
    first = [p for p in active_powers(state)
             if p not in done and len(battle_options(state, p)) > 1]
    if first:
        return first
    side = state["flow"]["active_side"]
    out = state["board"].get("out", [])
    others = sorted(p for p, s in state["board"]["sides"].items()
                    if s != side and p not in out and p not in done)
    return [p for p in others if len(battle_options(state, p)) > 1]


def start_battle(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """11.4.2 — turn a unit face-down (none if the watch unit is there) and fight."""
    if action.get("done"):
        mark_done(state, power)
        return [Event("step_done", "FA 11.4", {"power": power, "activity": "naval_combat"})]
    area = action["area"]
    flipped = flip_choice(state, power, area, keep_subs=True)
    assert flipped is not None
    turn_down(state, power, area, flipped)
    naval(state)["fought"].append(area)
    events = [Event("naval_combat", RULE, {"power": power, "area": area,
                                           "face_down": flipped})]
    return events + fight(state, area, state["flow"]["active_side"], roller, starter=power)


def spend_surprise(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """11.4.5 — the holder's plan for the waiting round; the combat goes on (resume)."""
    return resume(state, power, action, roller)
