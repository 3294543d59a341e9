"""FA 3.1 — the sequence of play as data: the turn's stages, the impulse's activities, and the
automatic steps that run between decisions.

    TURN    = reinforcement → destroy/scrap (4.3) → home-front reserves (option 7) → breakdown/build-up → lending → initiative → action stage (impulses) → end of turn
    IMPULSE = weather (first of a pair) → declaration → action choice → offensive points →
              emergency HQ supply (option 4) → rail (g) → land move
              (h) → land combat (k) → reorganisation (m) → last-impulse test
    END     = final reorganisation → production → morale → peace → victory check

`run` performs automatic steps until a step needs a decision (or the game ends). A handler
changes the position, then calls `run` as its last act.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.kernel import Event, Roller

from .charts import ALLOWED_LAND_ACTIVITIES, IMPULSE_TRACK, INITIATIVE_TRACK, TURN_NAMES, Action
from .powers import CENTRAL, ENTENTE


class Step(str, Enum):
    REINFORCEMENT = "reinforcement"
    SCRAP = "scrap"
    HOME_FRONT = "home_front"
    BREAKDOWN = "breakdown"
    ENTRENCH = "entrench"
    LENDING = "lending"
    INITIATIVE = "initiative"
    INITIATIVE_REROLL = "initiative_reroll"
    FIRST_SIDE = "first_side"
    WEATHER = "weather"
    DECLARATION = "declaration"
    ACTION_CHOICE = "action_choice"
    OFFENSIVE = "offensive"
    EMERGENCY = "emergency_supply"
    RAIL = "rail"
    LAND_MOVE = "land_move"
    LAND_COMBAT = "land_combat"
    REORGANISATION = "reorganisation"
    LAST_IMPULSE = "last_impulse"
    FINAL_REORGANISATION = "final_reorganisation"
    PRODUCTION = "production"
    MORALE = "morale"
    PEACE = "peace"
    VICTORY = "victory"
    OVER = "over"


TURN_START = (Step.REINFORCEMENT, Step.SCRAP, Step.HOME_FRONT, Step.BREAKDOWN, Step.ENTRENCH, Step.LENDING, Step.INITIATIVE)
IMPULSE = (Step.WEATHER, Step.DECLARATION, Step.ACTION_CHOICE, Step.OFFENSIVE,
           Step.EMERGENCY, Step.RAIL, Step.LAND_MOVE,
           Step.LAND_COMBAT, Step.REORGANISATION, Step.LAST_IMPULSE)
TURN_END = (Step.FINAL_REORGANISATION, Step.PRODUCTION, Step.MORALE, Step.PEACE, Step.VICTORY)
# Activity steps → the activity name in the allowable-activities table.
ACTIVITY = {Step.RAIL: "rail", Step.LAND_MOVE: "land_move", Step.LAND_COMBAT: "land_attack",
            Step.REORGANISATION: "reorganise"}
RULE = {Step.REINFORCEMENT: "FA 4.2", Step.SCRAP: "FA 4.3", Step.BREAKDOWN: "FA 21.2", Step.HOME_FRONT: "FA 14.1", Step.ENTRENCH: "FA 21.6", Step.LENDING: "FA 5",
        Step.INITIATIVE: "FA 6.1", Step.INITIATIVE_REROLL: "FA 6.1", Step.FIRST_SIDE: "FA 6.2",
        Step.WEATHER: "FA 8", Step.DECLARATION: "FA 9", Step.ACTION_CHOICE: "FA 10.1", Step.OFFENSIVE: "FA 18.1", Step.EMERGENCY: "FA 2.4.4",
        Step.RAIL: "FA 11.8", Step.LAND_MOVE: "FA 11.9", Step.LAND_COMBAT: "FA 11.12",
        Step.REORGANISATION: "FA 11.14", Step.LAST_IMPULSE: "FA 12",
        Step.FINAL_REORGANISATION: "FA 13.4", Step.PRODUCTION: "FA 13.5", Step.MORALE: "FA 14",
        Step.PEACE: "FA 13.6", Step.VICTORY: "FA 13.7", Step.OVER: "FA 13.7"}


def other(side: str) -> str:
    return ENTENTE if side == CENTRAL else CENTRAL


def turn_label(turn: int, start_index: int, start_year: int) -> tuple[str, int]:
    """Game turn 1.. → ("J/A", 1914)."""
    k = start_index + turn - 1
    return TURN_NAMES[k % 6], start_year + k // 6


def fresh_marks() -> dict[str, list[str]]:
    return {"moved": [], "railed": [], "attacked": [], "targets": [], "reorganised": [],
            "attacked_from": {}}


def effective_action(state: dict[str, Any], power: str) -> Action | None:
    """The action whose land limits apply: an unlimited action bought with offensive points
    (FA 18.2) plays as a land action on land (rail by the land column, reorganisation at the
    land cost)."""
    action = state["flow"]["actions"].get(power)
    if action is None:
        return None
    if action != Action.PASS.value and power in state["flow"].get("op_unlimited", []):
        return Action.LAND
    return Action(action)


def activity_allowed(state: dict[str, Any], power: str, step: Step) -> bool:
    action = effective_action(state, power)
    if action is None:
        return False
    return ACTIVITY[step] in ALLOWED_LAND_ACTIVITIES[action]


def remaining(state: dict[str, Any], power: str, activity: str) -> int | None:
    """FA 10.2 — how many more of an activity a power may do this impulse (None: unlimited)."""
    from .charts import ACTIVITY_LIMITS
    action = effective_action(state, power)
    assert action is not None
    column = ALLOWED_LAND_ACTIVITIES[action].get(activity)
    if column is None:
        return None
    limit = ACTIVITY_LIMITS[power][column]
    if state["board"]["halved"].get(power):
        limit = max(1, (limit + 1) // 2)
    return limit - state["flow"]["used"][power].get(activity, 0)


def activity_limits(state: dict[str, Any]) -> dict[str, dict[str, int | None]]:
    """FA 10.2 — each power's limits this impulse once its action is chosen (None:
    unlimited; an activity its action does not allow is left out)."""
    flow = state["flow"]
    out: dict[str, dict[str, int | None]] = {}
    for power in sorted(flow.get("actions", {})):
        if power not in flow.get("used", {}):
            continue
        action = effective_action(state, power)
        if action is None:
            continue
        out[power] = {activity: (None if left is None
                                 else left + flow["used"][power].get(activity, 0))
                      for activity in ALLOWED_LAND_ACTIVITIES[action]
                      for left in [remaining(state, power, activity)]}
    return out


def spend(state: dict[str, Any], power: str, activity: str, amount: int = 1) -> None:
    used = state["flow"]["used"].setdefault(power, {})
    used[activity] = used.get(activity, 0) + amount


def active_powers(state: dict[str, Any]) -> list[str]:
    """The seated powers of the side whose impulse it is."""
    side = state["flow"]["active_side"]
    out = state["board"].get("out", [])   # completely conquered (FA 13.6.1.5)
    return sorted(p for p, s in state["board"]["sides"].items() if s == side and p not in out)


DONE = {"done": True}
"""The answer that ends a power's part in a step: listed first, and its timeout default."""


def mark_done(state: dict[str, Any], power: str) -> None:
    """`power` has nothing more to do in the current step (`set_step` clears the list)."""
    state["flow"]["done"] = sorted(set(state["flow"]["done"]) | {power})


def step_done(state: dict[str, Any], power: str, rule: str, activity: str) -> Event:
    """`mark_done`, and the event that says so."""
    mark_done(state, power)
    return Event("step_done", rule, {"power": power, "activity": activity})


def set_step(state: dict[str, Any], step: Step) -> None:
    state["flow"]["step"] = step.value
    state["flow"]["done"] = []


def next_in(sequence: tuple[Step, ...], step: Step) -> Step | None:
    i = sequence.index(step)
    return sequence[i + 1] if i + 1 < len(sequence) else None


def run(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """Perform automatic steps until a decision is open or the game is over."""
    from . import stages
    for _ in range(10_000):
        flow = state["flow"]
        step = Step(flow["step"])
        if step == Step.OVER:
            return
        handler = stages.AUTOMATIC.get(step)
        if handler is not None:
            handler(state, roller, events)
            continue
        if stages.needs_decision(state, step):
            return
        stages.finish_step(state, step, roller, events)
    raise AssertionError("the sequence of play did not settle")


def start_impulse(state: dict[str, Any], side: str) -> None:
    flow = state["flow"]
    flow["impulse"] += 1
    flow["active_side"] = side
    flow["actions"] = {}
    flow["used"] = {p: {} for p in active_powers(state)}
    flow["marks"] = fresh_marks()
    flow["ferried"] = {}
    flow["op_unlimited"] = []
    flow["op_hq"] = {}
    flow["op_spent"] = {}
    flow["emergency"] = {}
    set_step(state, Step.WEATHER)


def end_impulse_track(state: dict[str, Any], roller: Roller, events: list[Event]) -> bool:
    """FA 12 — the last-impulse test once per side after all its powers acted: d10 (−2 if
    every major power of the side passed, −1 if all but one) ≤ the box's end number ends the
    turn; otherwise the marker advances by the weather's circled number."""
    flow = state["flow"]
    powers = active_powers(state)
    passed = sum(1 for p in powers if flow["actions"].get(p) == Action.PASS.value)
    drm = -2 if passed == len(powers) else (-1 if passed == len(powers) - 1 and passed else 0)
    die = roller.d(10, "last impulse")
    end_number = IMPULSE_TRACK[flow["box"]]
    ends = die + drm <= end_number
    events.append(Event("last_impulse_test", "FA 12", {
        "roll": die, "drm": drm, "box": flow["box"], "end_number": end_number, "ends": ends}))
    if not ends:
        flow["box"] = min(len(IMPULSE_TRACK) - 1, flow["box"] + flow["weather"]["advance"])
    return ends


def initiative_modifiers(track: int) -> tuple[int, int, str | None]:
    return INITIATIVE_TRACK[track]
