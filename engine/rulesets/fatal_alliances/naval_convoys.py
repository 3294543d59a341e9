"""FA 11.4.7.2 (with 11.4.2-11.4.4) — convoy points in a naval combat.

Convoy points at sea (`board.convoys`, convoys.py) sit in their area's 0 section. They never
start a combat (11.4.2) but enemy warships at war with their power may fight them there: they
are committed like any unit, are included by their own side's search only when its modified
roll reaches the 0 section, and by 11.4.4.1 when the enemy alone finds. Each 10 enemy convoy
points (or part) in the area take 1 from a side's search roll, except for an interception's
roll and in storm or blizzard (11.4.4).

Included convoy points are always screened (11.4.7): they fire nothing, every 2 (or a last 1)
count as one enemy ship on the chart, and results reach them only once every unscreened unit
of their side in the round is sunk or aborting. A result on convoy points needs no defence
roll (R-N39): X sinks 2, D sinks 1, A aborts 1, 1/2A does nothing; the side loses them from
its largest stack first (ties alphabetical), so an X splits between two equal powers; each point
sunk costs its owner 1 morale point (14.1, R-N43). An
aborted convoy point leaves the sea for port (R-N40): convoy points in port are only counted
(`board.convoys_in_port`), from where they sail again (version 24, naval_convoy_moves.py). A chain that loses
its points ships less in the next production step (13.5.1.2 reads `board.convoys`).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .charts import Weather
from .convoys import charge_sunk, convoys
from .fleets import fleets, seas
from .position import at_war
from .powers import POWER_SIDE

State = dict[str, Any]
RULE = "FA 11.4.7.2"
SECTION = 0                      # 11.4.7.2 / 13.5.1.4: convoy points sit in the 0 section
NO_PENALTY_WEATHER = (Weather.STORM.value, Weather.BLIZZARD.value)


def _enemy_ship_powers(state: State, area: str, side: str) -> set[str]:
    return {sh["power"] for sh in fleets(state).values()
            if sh["area"] == area and POWER_SIDE[sh["power"]] != side}


def owners(state: State, area: str, side: str) -> list[str]:
    """The powers of the other side than `side` holding convoy points in `area`."""
    return sorted(p for p, n in convoys(state).get(area, {}).items()
                  if n > 0 and POWER_SIDE[p] != side)


def at_war_points(state: State, area: str, side: str) -> dict[str, int]:
    """11.4.3 — `side`'s convoy points in `area` whose power is at war with an enemy warship's
    power there: the only ones a combat can reach."""
    enemies = _enemy_ship_powers(state, area, side)
    return {p: n for p, n in sorted(convoys(state).get(area, {}).items())
            if n > 0 and POWER_SIDE[p] == side and any(at_war(state, p, e) for e in enemies)}


def ships_counted(points: int) -> int:
    """11.4.7.2 — every 2 convoy points, or a last 1, is one ship on the chart."""
    return (points + 1) // 2


def search_penalty(state: State, area: str, side: str) -> int:
    """11.4.4 — 1 off `side`'s search roll for every 10 (or part) enemy convoy points in the
    area; none in storm or blizzard (the caller leaves it off an interception's roll)."""
    zone = seas().area(area).weather_zone
    weather = state["flow"].get("weather", {}).get("zones", {}).get(zone, Weather.FINE.value)
    if weather in NO_PENALTY_WEATHER:
        return 0
    enemy = sum(n for p, n in convoys(state).get(area, {}).items() if POWER_SIDE[p] != side)
    return -((enemy + 9) // 10)


def found(state: State, area: str, side: str, modified_roll: int, search_number: int) -> bool:
    """11.4.4 — the side's own search includes its convoy points if the roll reaches section 0."""
    return bool(at_war_points(state, area, side)) and search_number >= modified_roll


def take(state: State, area: str, side: str, code: str,
         included: dict[str, int]) -> Event | None:
    """R-N39/R-N40 — one result on `side`'s included convoy points (None if none are left).
    `included` (power → points) is the round's share of them, read when the round began (the
    fire is simultaneous, 11.4.7) and spent as they go: all the side's at-war points, or only
    an intercepted convoy move's in an interception's first round (R-N54)."""
    stacks = convoys(state).get(area, {})
    lose = {"X": 2, "D": 1, "A": 1}.get(code, 0)
    if not any(n > 0 and stacks.get(p, 0) > 0 for p, n in included.items()):
        return None
    hit: dict[str, int] = {}
    for _ in range(lose):
        live = {p: min(n, stacks.get(p, 0)) for p, n in included.items()
                if n > 0 and stacks.get(p, 0) > 0}
        if not live:
            break
        power = min(live, key=lambda p: (-live[p], p))
        included[power] -= 1
        stacks[power] -= 1
        hit[power] = hit.get(power, 0) + 1
        if code == "A":
            # R-N40, R-N55: to the pool in port, face-down under a "CP used" marker (11.4.7.1)
            for key in ("convoys_in_port", "convoys_used"):
                pool = state["board"].setdefault(key, {})
                pool[power] = pool.get(power, 0) + 1
        if stacks[power] == 0:
            del stacks[power]
    if not stacks:
        convoys(state).pop(area, None)
    effect = "none" if not hit else ("abort" if code == "A" else "sunk")
    if effect == "sunk":
        charge_sunk(state, hit)                          # FA 14.1 (R-N43); aborted: no cost
    return Event("convoy_hit", RULE, {"area": area, "result": code, "effect": effect,
                                      "points": hit})


__all__ = ["at_war_points", "found", "owners", "search_penalty", "ships_counted", "take"]
