"""DoD 8.7.1 IPO 9 — Spies: meddle in another major power's affairs.

The spy names a target and rolls a d10, adding the target's initiative position less its own
(digest 7.3 #3: the sign read from 15.1, where a better position than the target's is what
succeeds), less 1 if the target is at war with a major power and 1 more if with the spy.
- 13 or more: the target owes an IPO 1 in a direction the spy names (towards or away from
  its ideology's centre faction; never towards from a centre hex, which has no such move);
- 11–12: the target owes a 0(f);
- 9–10: the target would have to name its next option to the spy alone and keep to it:
  not built (RULING 61), so it is no effect;
- 7–8: no effect;
- 6 or less: the spy is implicated: the War Chart's minor effects and US entry of a
  declaration on the target are applied to the spy, and the target holds casus belli against
  the spy until the end of the next turn's political step.
The spy may lower its result: it names, with its play, the most it will take (`effect`:
an IPO 1 direction or "0f"), and a higher result is lowered to it (RULING 61).
Results of 9 or more succeed and pay the cost; lower ones fail and cost nothing (8.4.1).
The debts are owed options (owed.py, 8.2, RULING 60).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import markers, new_world_order, owed, war_chart
from .catalogue import CATALOGUE
from .powers import SEATS
from .relations import at_war, conquered, enemies, grant_casus_belli_until

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 9"
FORCED_IPO1 = 13          # printed bands
FORCED_0F = 11
NO_EFFECT = 7             # 7-8; 9-10 is reduced to it while the intention is not built
EFFECTS = ("towards", "away", "0f")


def modifier(board: dict[str, Any], spy: str, target: str) -> int:
    """DoD 8.7.1 IPO 9 — the target's initiative position less the spy's, −1 if the target is
    at war with a major power, −1 more if with the spy."""
    order = board["initiative"]
    result = order.index(target) - order.index(spy)
    if enemies(board, target):
        result -= 1
    if at_war(board, spy, target):
        result -= 1
    return result


def _may_move(board: dict[str, Any], target: str, direction: str) -> bool:
    return any(owed.in_direction(board, target, to, direction)
               for to in new_world_order.destinations(board, target))


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """A target (any other power still in the game) and the most the spy will take: an IPO 1
    direction the target could move in now, or a 0(f)."""
    out: list[dict[str, Any]] = []
    for target in SEATS:
        if target == power or conquered(board, target):
            continue
        out += [{"option": "IPO9", "target": target, "effect": d} for d in ("towards", "away")
                if _may_move(board, target, d)]
        out.append({"option": "IPO9", "target": target, "effect": "0f"})
    return out


def band(result: int, effect: str) -> str:
    """The outcome of a modified result, lowered to the spy's chosen effect (RULING 61)."""
    if result >= FORCED_IPO1 and effect != "0f":
        return "ipo1"
    if result >= FORCED_0F:
        return "0f"
    if result >= NO_EFFECT:
        return "none"
    return "implicated"


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board, target, effect = state["board"], action["target"], action["effect"]
    roll = roller.d(10, f"IPO 9 {power} spies on {target}")
    result = roll + modifier(board, power, target)
    outcome = band(result, effect)
    events = [Event("spies_rolled", RULE, {"power": power, "target": target, "roll": roll,
                                           "result": result, "effect": effect,
                                           "outcome": outcome})]
    if outcome in ("ipo1", "0f"):
        board["powers"][power]["money"] -= CATALOGUE["IPO9"].cost
        if outcome == "ipo1":
            events.append(owed.owe(board, target, "IPO1", "IPO9", power, direction=effect))
        else:
            events.append(owed.owe(board, target, "0f", "IPO9", power))
    elif outcome == "implicated":
        events.append(war_chart.apply_us_entry(board, power, target))
        events += markers.add_markers(board, power, war_chart.minor_effects_of(board, target))
        # until the end of the next turn's political step
        grant_casus_belli_until(board, target, power, board["turn"] + 1)
        events.append(Event("spy_implicated", RULE, {"power": power, "target": target,
                                                     "casus_belli_until": board["turn"] + 1}))
    return events
