"""FA 3.1 — the sequence of play's names and the flow's bookkeeping: the steps, the activity
limits of an impulse (FA 10.2), who has finished a step, decision ids and the impulse cursor.

The order of the steps, and what each one does, is the step table in steps.py."""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.kernel import Event

from .charts import ACTIVITY_LIMITS, ALLOWED_LAND_ACTIVITIES, TURN_NAMES, Action
from .powers import CENTRAL, ENTENTE


class Step(str, Enum):
    TURN_START = "turn_start"
    REINFORCEMENT = "reinforcement"
    SCRAP = "scrap"
    HOME_FRONT = "home_front"
    BREAKDOWN = "breakdown"
    ENTRENCH = "entrench"
    LENDING = "lending"
    INITIATIVE = "initiative"
    INITIATIVE_SCRIPTED = "initiative_scripted"
    INITIATIVE_REROLL = "initiative_reroll"
    FIRST_SIDE = "first_side"
    WEATHER = "weather"
    DECLARATION = "declaration"
    ACTION_CHOICE = "action_choice"
    OFFENSIVE = "offensive"
    EMERGENCY = "emergency_supply"
    NAVAL_MOVE = "naval_move"
    NAVAL_COMBAT = "naval_combat"
    RAIL = "rail"
    LAND_MOVE = "land_move"
    LAND_COMBAT = "land_combat"
    REORGANISATION = "reorganisation"
    LAST_IMPULSE = "last_impulse"
    PARTISANS = "partisans"
    RETURN_TO_BASE = "return_to_base"
    FINAL_REORGANISATION = "final_reorganisation"
    PRODUCTION = "production"
    MORALE = "morale"
    PEACE = "peace"
    LIBERATION = "liberation"
    VICTORY = "victory"
    OVER = "over"


# Activity steps → the activity name in the allowable-activities table.
ACTIVITY = {Step.RAIL: "rail", Step.LAND_MOVE: "land_move", Step.LAND_COMBAT: "land_attack",
            Step.REORGANISATION: "reorganise"}


def other(side: str) -> str:
    return ENTENTE if side == CENTRAL else CENTRAL


def turn_label(turn: int, start_index: int, start_year: int) -> tuple[str, int]:
    """Game turn 1.. → ("J/A", 1914)."""
    k = start_index + turn - 1
    return TURN_NAMES[k % 6], start_year + k // 6


def fresh_marks() -> dict[str, Any]:
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
    """`power` has nothing more to do in the current step (`move_to` clears the list)."""
    state["flow"]["done"] = sorted(set(state["flow"]["done"]) | {power})


def step_done(state: dict[str, Any], power: str, rule: str, activity: str) -> Event:
    """`mark_done`, and the event that says so."""
    mark_done(state, power)
    return Event("step_done", rule, {"power": power, "activity": activity})


def position(state: dict[str, Any]) -> str:
    """Where the sequence stands: the current step's name."""
    return str(state["flow"]["step"])


def move_to(state: dict[str, Any], step: str) -> None:
    """Enter `step`: no power has finished it yet."""
    state["flow"]["step"] = Step(step).value
    state["flow"]["done"] = []


def decision_id(state: dict[str, Any], key: str) -> str:
    """A decision's id: the turn, the impulse, what is decided and how often it was answered
    (`count_answer`), so an id is never offered twice."""
    flow = state["flow"]
    return f"t{flow['turn']}-i{flow['impulse']}-{key}-{flow['answer_counts'].get(key, 0)}"


def count_answer(state: dict[str, Any], key: str) -> None:
    counts = state["flow"]["answer_counts"]
    counts[key] = counts.get(key, 0) + 1


def start_impulse(state: dict[str, Any], side: str) -> None:
    """The impulse cursor: `side`'s impulse begins, with fresh limits and marks."""
    flow = state["flow"]
    flow["impulse"] += 1
    flow["active_side"] = side
    flow["actions"] = {}
    flow["used"] = {p: {} for p in active_powers(state)}
    flow["marks"] = fresh_marks()
    flow["op_unlimited"] = []
    flow["op_hq"] = {}
    flow["op_spent"] = {}
    flow["emergency"] = {}


