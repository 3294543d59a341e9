"""FA 13.5.6 — strategic warfare at sea: picking off the stragglers of the enemy's convoys.

After the builds of the production step, in each sea area holding convoy points, each side with
warships at sea there at war with their owners rolls a d10 on the Bombing/Strategic Warfare
table (the annotated edition prints it under 11.6.2; FA 11.6's bombing is not built, so only
the naval use is here). The column is the lesser of the side's SCSs and SUBs there at war with
the convoys and the enemy convoy points there; the result is the number of convoy points sunk,
taken from the owners' stacks (R-N38). When SUBs took part, the convoys' side replies against
them: the lesser of its SCSs there at war with the SUBs' owners and those SUBs, +1 in 1917 and
+2 from 1918, and each result damages a SUB (a damaged one is sunk), the owner's pick.

Aircraft do not exist and unrestricted U-boat warfare (US entry action 27: +2) is not built.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .convoys import charge_sunk, convoys
from .fleets import fleets
from .position import at_war
from .powers import POWER_SIDE

State = dict[str, Any]
RULE = "FA 13.5.6"
# Column i covers attackers-or-targets from COLUMN_FLOOR[i] up (1, 2-3, 4-5, 6-8, 9-12, 13-16,
# 17-20, 21+); row d is the d10 (modified rolls above 10 read the 10 row).
COLUMN_FLOOR = (1, 2, 4, 6, 9, 13, 17, 21)
TABLE: dict[int, tuple[int, ...]] = {
    1: (0, 0, 0, 0, 0, 0, 0, 0),
    2: (0, 0, 0, 0, 0, 0, 0, 1),
    3: (0, 0, 0, 0, 0, 0, 1, 1),
    4: (0, 0, 0, 0, 0, 1, 1, 2),
    5: (0, 0, 0, 0, 1, 1, 2, 2),
    6: (0, 0, 0, 1, 1, 2, 2, 2),
    7: (0, 0, 1, 1, 2, 2, 2, 2),
    8: (0, 1, 1, 2, 2, 2, 3, 3),
    9: (1, 1, 2, 2, 2, 3, 3, 3),
    10: (1, 2, 2, 2, 3, 3, 3, 3),
}
WARSHIPS = frozenset({"SCS", "SUB"})


def table_result(strength: int, die: int) -> int:
    """The Bombing/Strategic Warfare table: the result for a column strength and a roll."""
    if strength < 1:
        return 0
    column = max(i for i, floor in enumerate(COLUMN_FLOOR) if strength >= floor)
    return TABLE[max(1, min(10, die))][column]


def _at_war_with_any(state: State, power: str, others: list[str]) -> bool:
    return any(at_war(state, power, o) for o in others)


def _sink(stacks: dict[str, int], owners: list[str], n: int) -> dict[str, int]:
    """R-N38 — the defender's choice, as a stand-in: the largest stack loses first (ties by
    power), one point at a time, so several owners share the loss as evenly as they can."""
    lost: dict[str, int] = {}
    for _ in range(n):
        live = [o for o in owners if stacks.get(o, 0) > 0]
        if not live:
            break
        o = min(live, key=lambda p: (-stacks[p], p))
        stacks[o] -= 1
        lost[o] = lost.get(o, 0) + 1
    return lost


def _asw(state: State, area: str, subs: list[str], roller: Roller) -> list[Event]:
    """13.5.6 — the convoys' side against the SUBs that attacked them."""
    ships = fleets(state)
    owners = sorted({ships[u]["power"] for u in subs})
    hunters = [u for u, sh in sorted(ships.items()) if sh.get("area") == area
               and sh["type"] == "SCS" and _at_war_with_any(state, sh["power"], owners)]
    strength = min(len(hunters), len(subs))
    if not strength:
        return []
    year = state["flow"]["year"]
    drm = 2 if year >= 1918 else 1 if year == 1917 else 0
    die = roller.d(10, f"strategic warfare ASW in {area}")
    hits = table_result(strength, die + drm)
    events = [Event("asw_rolled", RULE, {"area": area, "column": strength, "roll": die,
                                          "drm": drm, "hits": hits})]
    for _ in range(hits):
        live = [u for u in subs if u in ships]
        if not live:
            break
        # the owner's pick: an undamaged SUB takes the damage before a damaged one is sunk
        target = min(live, key=lambda u: (bool(ships[u].get("damaged")), u))
        if ships[target].get("damaged"):
            del ships[target]
            events.append(Event("ship_sunk", RULE, {"unit": target}))
        else:
            ships[target]["damaged"] = True
            events.append(Event("naval_hit", RULE, {"unit": target,
                                                     "power": ships[target]["power"],
                                                     "result": "D", "effect": "D"}))
    return events


def strategic_warfare(state: State, roller: Roller) -> list[Event]:
    """13.5.6 — every area with convoy points at sea, each attacking side in turn (Central
    Powers first, by name), then the reply against its SUBs (R-N38)."""
    if "fleets" not in state["board"]:
        return []
    ships = fleets(state)
    all_convoys = convoys(state)
    events: list[Event] = []
    for area, stacks in sorted(all_convoys.items()):
        for side in sorted(set(POWER_SIDE.values())):
            owners = sorted(o for o, n in stacks.items() if n > 0 and POWER_SIDE[o] != side)
            attackers = [u for u, sh in sorted(ships.items())
                         if sh.get("area") == area and sh["type"] in WARSHIPS
                         and POWER_SIDE.get(sh["power"]) == side
                         and _at_war_with_any(state, sh["power"], owners)]
            if not attackers:
                continue
            targets = [o for o in owners
                       if _at_war_with_any(state, o, [ships[u]["power"] for u in attackers])]
            points = sum(stacks[o] for o in targets)
            strength = min(len(attackers), points)
            die = roller.d(10, f"strategic warfare in {area}")
            sunk = min(points, table_result(strength, die))
            lost = _sink(stacks, targets, sunk)
            charge_sunk(state, lost)                     # FA 14.1 (R-N43)
            events.append(Event("strategic_warfare", RULE, {
                "area": area, "side": side, "column": strength, "roll": die, "sunk": lost}))
            subs = [u for u in attackers if ships[u]["type"] == "SUB"]
            if subs:
                events += _asw(state, area, subs, roller)
        for o in [o for o, n in stacks.items() if n <= 0]:
            del stacks[o]
    for area in [a for a, stacks in all_convoys.items() if not stacks]:
        del all_convoys[area]
    return events


__all__ = ["strategic_warfare", "table_result"]
