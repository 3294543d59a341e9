"""DoD 8.5 — activating a minor (the markers come from 8.4.3, markers.py).

After its option the power must activate one
minor it may control (8.1.2) that holds a marker, unless there is none. All the minor's markers
are taken off and applied one at a time, in the order the activating power chooses: a positive
marker moves the minor towards the marker's power, a negative one away from it, each hex costing
2 points, less 1 towards the power inside its ideology, more 1 towards it inside another
ideology, more 1 leaving a hex with a power that may control the minor, more 1 crossing into
another faction or zone, more 1 away from a power allied to it; never less than 1. The steps
tied to war (away from / towards powers at war with the minor, converting an enemy's negative
markers) wait for war, which nobody can start yet. Each marker is stepped as its own decision
(no roll comes before the end-of-step roll, so there is nothing to hide or undo in between).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from . import end_of_step
from .control import may_control
from .display import distance, neighbours, zone
from .minor_war import at_war_with_minor
from .minors import MINORS
from .powers import POWERS

State = dict[str, Any]
RULE = "DoD 8.5"
BASE_COST = 2
MIN_COST = 1
FADE_DISTANCE = 10      # DoD 8.5: negative markers stop at ten hexes (our display is smaller)


def activatable(board: dict[str, Any], power: str) -> list[str]:
    """DoD 8.5 — the minors this power may activate: it may control them (8.1.2) and they hold
    at least one marker, and it is not at war with them (MP 4; a conquered minor keeps no
    marker, RULING 41)."""
    return sorted(m for m in board["modifiers"] if m in MINORS and may_control(power, m)
                  and not at_war_with_minor(board, power, m))


def step_cost(board: dict[str, Any], minor: str, mover: str, positive: bool,
              frm: str, to: str) -> int:
    """DoD 8.5 — the points to move `minor` one hex from `frm` to `to` under `mover`'s marker."""
    cost = BASE_COST
    own_ideology = POWERS[mover].ideology
    entered = zone(to)[0]
    if positive:
        if entered == own_ideology:
            cost -= 1
        elif entered in {p.ideology for p in POWERS.values()}:
            cost += 1       # another ideology; the neutral zone is none (the book's example)
    if any(board["display"][p] == frm and may_control(p, minor) for p in POWERS):
        cost += 1
    if zone(frm) != zone(to):
        cost += 1
    for ally in board["alliances"].get(minor, []):
        ally_hex = board["display"][ally]
        if distance(to, ally_hex) > distance(frm, ally_hex):
            cost += 1
            break
    return max(MIN_COST, cost)


def next_hexes(board: dict[str, Any], mover: str, positive: bool, here: str) -> list[str]:
    """Hexes one step towards (positive) or away from (negative) the mover's marker."""
    target = board["display"][mover]
    now = distance(here, target)
    if positive:
        return [h for h in neighbours(here) if distance(h, target) < now]
    if now >= FADE_DISTANCE:
        return []
    return [h for h in neighbours(here) if distance(h, target) > now]


def end_hexes(board: dict[str, Any], minor: str, mover: str, points: int) -> list[str]:
    """DoD 8.5 — where one marker can leave the minor. It moves until the next hex costs more
    than it has left; since the mover chooses the direction, it may stop wherever some next
    hex it could try costs too much (the book's example wastes a point that way)."""
    positive = points > 0
    start = board["display"][minor]
    ends: set[str] = set()
    seen: set[tuple[str, int]] = set()
    stack = [(start, abs(points))]
    while stack:
        here, left = stack.pop()
        if (here, left) in seen:
            continue
        seen.add((here, left))
        steps = [(h, step_cost(board, minor, mover, positive, here, h))
                 for h in next_hexes(board, mover, positive, here)]
        if not steps or any(cost > left for _, cost in steps):
            ends.add(here)
        stack += [(h, left - cost) for h, cost in steps if cost <= left]
    return sorted(ends)


# --- the activation step -------------------------------------------------------------------------

def begin(state: State, power: str, played_before: int) -> bool:
    """After an option: open the activation if the power has a minor to activate. A power that
    declared war or surrendered this turn activates no minor for the rest of it (DoD 8.7.2 MP 4,
    MP 5)."""
    played = state["board"]["powers"][power]["mp_played"]
    if "MP4" in played or "MP5" in played or \
            not activatable(state["board"], power):
        return False
    state["flow"]["activation"] = {"power": power, "minor": None, "pending": {},
                                   "played_before": played_before}
    return True


def decisions(state: State) -> list[Decision]:
    act = state["flow"].get("activation")
    if not act:
        return []
    board, power = state["board"], act["power"]
    turn = board["turn"]
    if act["minor"] is None:
        return [Decision(
            id=f"t{turn}-activate-{power}-{board['powers'][power]['played']}",
            seats=(power,), kind="activate", rule=RULE,
            prompt="Activate a minor country you may control",
            waiting=f"{POWERS[power].title} is activating a minor",
            options=tuple({"minor": m} for m in activatable(board, power)))]
    minor = act["minor"]
    options = tuple({"marker": mover, "to": to} for mover, points in sorted(act["pending"].items())
                    for to in end_hexes(board, minor, mover, points))
    return [Decision(
        id=f"t{turn}-shift-{power}-{board['powers'][power]['played']}-{len(act['pending'])}",
        seats=(power,), kind="shift", rule=RULE,
        prompt=f"Apply a marker in {MINORS[minor].title}: choose the marker and where it goes",
        waiting=f"{POWERS[power].title} is moving {MINORS[minor].title}",
        options=options, data={"minor": minor, "markers": dict(sorted(act["pending"].items()))})]


def do_activate(state: State, seat: str, decision: Decision, action: Any,
                roller: Roller) -> list[Event]:
    """Take every marker off the minor; they are applied one by one (do_shift)."""
    board, act = state["board"], state["flow"]["activation"]
    minor = action["minor"]
    act["minor"] = minor
    act["pending"] = board["modifiers"].pop(minor)
    return [Event("minor_activated", RULE, {"power": seat, "minor": minor,
                                            "markers": dict(sorted(act["pending"].items()))})]


def do_shift(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
    board, act = state["board"], state["flow"]["activation"]
    minor, mover = act["minor"], action["marker"]
    points = act["pending"].pop(mover)
    frm = board["display"][minor]
    board["display"][minor] = action["to"]
    events = [Event("minor_moved", RULE, {"minor": minor, "marker": mover, "points": points,
                                          "from": frm, "to": action["to"]})]
    if not act["pending"]:
        # DoD 8.5: every marker applied, they go back to their owners; the option's turn ends
        # with the end-of-step roll (8.6).
        played_before = act["played_before"]
        state["flow"]["activation"] = None
        events += end_of_step.end_of_option(state, seat, played_before, roller)
    return events
