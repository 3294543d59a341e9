"""BoP 5.31 — air raids in the seasonal turn's resource reductions: bombers against strategic
targets, and one enemy fighter's shot at the raider afterwards.

The CP raids first, then the EP (`air_raid` decisions, one bomber at a time, each once a
season). A raid needs no counter move: the bomber, in supply, traces a path of at most its
radius in hexes, never into a neutral hex, to an enemy-held hex with a population centre and
a rail line. 2d6, +1 if an enemy fighter has the target within its radius, +1 for a
Zeppelin, +1 for a one-step bomber; below the year's last digit the target's nation loses 1
RP (never below 0; a conquered major suffers no more reductions, a minor has no RP track).
Then the target side's fighter with the highest machine guns that has the target within its
radius shoots once (2d6 + guns above the bomber's evasion: a hit) — the defender's choice
played by that fixed rule (ruling 49).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .air_tables import AIR_STEPS, DOGFIGHT_DICE, RAID_MODIFIER
from .aviation import AIR_UNITS, air_side, destroy, empty_flow, reach, supplied
from .forces import controller, other_side, side_of
from .sequence import SEASON_BEFORE
from .tables import MAJORS, SIDE_SEATS
from .theatre import Theatre, theatre

State = dict[str, Any]


def strategic_targets(state: State, th: Theatre, uid: str) -> list[str]:
    """BoP 5.311–5.312 — the enemy-held population centres on a rail line within the bomber's
    radius (a path of hexes avoiding neutral ones), for a bomber in supply."""
    side = air_side(state, uid)
    if side is None or not supplied(state, th, uid):
        return []
    start = state["board"]["air"][uid]["at"]
    return sorted(loc for loc in reach(state, th, start, AIR_UNITS[uid].radius, side)
                  if loc not in th.boxes and th.is_pop(loc) and th.is_rail(loc)
                  and side_of(state, controller(state, th, loc)) == other_side(side))


def raid_options(state: State, th: Theatre, seat: str) -> list[dict[str, str]]:
    done = set(state["flow"]["air"]["moved"])
    return [{"unit": uid, "target": loc}
            for uid in sorted(state["board"]["air"])
            if AIR_UNITS[uid].nation == seat and not AIR_UNITS[uid].fighter
            and uid not in done for loc in strategic_targets(state, th, uid)]


def covering_fighters(state: State, th: Theatre, target: str, side: str) -> list[str]:
    """The fighters of `side` with `target` within their radius (5.312, 5.314)."""
    return [uid for uid, a in sorted(state["board"]["air"].items())
            if AIR_UNITS[uid].fighter and air_side(state, uid) == side
            and target in reach(state, th, a["at"], AIR_UNITS[uid].radius, side)]


def raid(state: State, seat: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 5.312–5.314 — one bomber's raid, then the interception."""
    if action.get("done"):
        state["flow"]["active"] = [s for s in state["flow"]["active"] if s != seat]
        return []
    th = theatre(state["board"]["map"])
    uid, target = action["unit"], action["target"]
    air = state["flow"]["air"]
    air["moved"] = sorted(air["moved"] + [uid])
    side = air_side(state, uid)
    assert side is not None
    enemy = other_side(side)
    defenders = covering_fighters(state, th, target, enemy)
    mods = {"fighter_cover": RAID_MODIFIER if defenders else 0,
            "zeppelin": RAID_MODIFIER if AIR_UNITS[uid].kind == "zeppelin" else 0,
            "one_step": RAID_MODIFIER if state["board"]["air"][uid]["steps"] < AIR_STEPS else 0}
    dice = roller.roll(6, f"air raid {uid}", 2)
    final = sum(dice) + sum(mods.values())
    needs_below = int(state["flow"]["month"][3])   # the year's last digit
    victim = controller(state, th, target)
    loss = 0
    if final < needs_below and victim in MAJORS and not state["powers"][victim].get(
            "conquered") and state["powers"][victim]["rp"] > 0:
        loss = 1
        state["powers"][victim]["rp"] -= 1
    events = [Event("air_raid", "BoP 5.313", {
        "unit": uid, "target": target, "nation": victim, "dice": dice, "modifiers": mods,
        "final": final, "needs_below": needs_below, "rp_lost": loss})]
    if defenders:
        shooter = min(defenders, key=lambda u: (-AIR_UNITS[u].guns, u))   # the best guns
        shot = roller.roll(6, f"interception {shooter}", DOGFIGHT_DICE)
        value = sum(shot) + AIR_UNITS[shooter].guns
        hit = value > AIR_UNITS[uid].evasion
        events.append(Event("air_fire", "BoP 5.314", {
            "shooter": shooter, "target": uid, "dice": shot, "guns": AIR_UNITS[shooter].guns,
            "final": value, "evasion": AIR_UNITS[uid].evasion, "hit": hit}))
        if hit and state["board"]["air"][uid]["steps"] > 1:
            state["board"]["air"][uid]["steps"] -= 1
            events.append(Event("air_damaged", "BoP 5.314", {"unit": uid}))
        elif hit:
            destroy(state, uid)
            events.append(Event("air_destroyed", "BoP 5.314", {"unit": uid}))
    return events


def begin_air_raids(state: State, roller: Roller) -> list[Event]:
    """BoP 5.31 — in a seasonal turn, the phasing side's majors with a raid to fly."""
    flow = state["flow"]
    flow["air"] = empty_flow()
    if flow["month"] not in SEASON_BEFORE:
        return []
    th = theatre(state["board"]["map"])
    flow["active"] = [s for s in SIDE_SEATS[flow["side"]]
                      if state["powers"][s]["side"] == flow["side"]
                      and raid_options(state, th, s)]
    return []
