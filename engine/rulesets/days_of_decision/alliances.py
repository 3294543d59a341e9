"""DoD 8.7.1 IPO 3 (Minor Alliance) and IPO 12 (Guarantee), and DoD 8.7.2 MP 0(e) (coup cell):
the options that tie a power to a minor without war.

IPO 3: a minor holds at most two alliances (both may be one power's). To make one, or break
another power's, roll a d10, add the minor's willpower (and 1 per economic agreement the power
has with it: IPO 2 is absent, so none), subtract the initiative position and the display
distance between the two markers (and 2 if the minor is hostile: nobody is, the War Chart being
absent), and 3 more to break; above 0 succeeds. Breaking your own alliance needs no roll.
IPO 12: only with an initiative position lower than the minor's willpower, once per minor.
MP 0(e): a coup cell in a minor, kept on the board (public: unlike 0(b), the rule gives no leave
to keep it secret); another power's coup (IPO 4, coup.py) spends it (ruling 91).
None of them is played on a minor at war or in civil war (minor_war.off_the_table).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import markers, minor_war
from .catalogue import CATALOGUE
from .display import distance
from .minors import MINORS

State = dict[str, Any]
MAX_ALLIANCES = 2           # DoD 8.7.1 IPO 3
BREAK_PENALTY = 3           # DoD 8.7.1 IPO 3
IPO3, IPO12, COUP_CELL = CATALOGUE["IPO3"], CATALOGUE["IPO12"], CATALOGUE["0e"]


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def alliance_modifier(board: dict[str, Any], power: str, minor: str, breaking: bool) -> int:
    """DoD 8.7.1 IPO 3 — what is added to the d10 (above 0 succeeds)."""
    return (MINORS[minor].willpower - position(board, power)
            - distance(board["display"][power], board["display"][minor])
            - (BREAK_PENALTY if breaking else 0))


def alliance_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for minor in sorted(MINORS):
        if minor_war.off_the_table(board, minor):       # at war or conquered (MP 4, 12.2)
            continue
        allies = board["alliances"].get(minor, [])
        if len(allies) < MAX_ALLIANCES:
            out.append({"option": "IPO3", "minor": minor, "mode": "make"})
        for ally in sorted(set(allies)):
            out.append({"option": "IPO3", "minor": minor, "mode": "break", "ally": ally})
    return out


def play_alliance(state: State, power: str, action: dict[str, Any],
                  roller: Roller) -> list[Event]:
    board = state["board"]
    minor, mode = action["minor"], action["mode"]
    own = mode == "break" and action["ally"] == power
    payload: dict[str, Any] = {"power": power, "minor": minor, "mode": mode}
    if own:
        payload.update(success=True)
        outcome = "break_own"
    else:
        roll = roller.d(10, f"IPO 3 {power} {minor}")
        total = roll + alliance_modifier(board, power, minor, mode == "break")
        payload.update(roll=roll, total=total, success=total > 0)
        outcome = "make" if mode == "make" else "break_other"
    if mode == "break":
        payload["ally"] = action["ally"]
    events = [Event("alliance_attempt", IPO3.rule, payload)]
    if not payload["success"]:
        return events           # DoD 8.4.1: no cost and no minor effects on failure
    board["powers"][power]["money"] -= IPO3.cost
    allies = board["alliances"].setdefault(minor, [])
    if mode == "make":
        allies.append(power)
        allies.sort()
    else:
        allies.remove(action["ally"])
        if not allies:
            board["alliances"].pop(minor)
    return events + markers.add_markers(board, power, {minor: IPO3.minor_effects[outcome]},
                                       target=minor)


def guarantee_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    return [{"option": "IPO12", "minor": m} for m in sorted(MINORS)
            if not minor_war.off_the_table(board, m) and position(board, power) < MINORS[m].willpower
            and power not in board["guarantees"].get(m, [])]


def play_guarantee(state: State, power: str, action: dict[str, Any],
                   roller: Roller) -> list[Event]:
    board, minor = state["board"], action["minor"]
    board["powers"][power]["money"] -= IPO12.cost
    held = board["guarantees"].setdefault(minor, [])
    held.append(power)
    held.sort()
    return [Event("guarantee", IPO12.rule, {"power": power, "minor": minor})] + \
        markers.add_markers(board, power, {minor: IPO12.minor_effects["guarantee"]},
                           target=minor)


def coup_cell_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """RULING: one cell per power per minor (a second would change nothing the rules say)."""
    return [{"option": "0e", "minor": m} for m in sorted(MINORS)
            if not minor_war.off_the_table(board, m, at_war_too=False) and power not in board["coup_cells"].get(m, [])]


def play_coup_cell(state: State, power: str, action: dict[str, Any],
                   roller: Roller) -> list[Event]:
    board, minor = state["board"], action["minor"]
    board["powers"][power]["money"] -= COUP_CELL.cost
    cells = board["coup_cells"].setdefault(minor, [])
    cells.append(power)
    cells.sort()
    return [Event("coup_cell_placed", COUP_CELL.rule, {"power": power, "minor": minor})]

