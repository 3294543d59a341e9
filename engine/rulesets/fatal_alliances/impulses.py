"""FA 10.1 and 12 — the impulse's bounds: each active power chooses its action, and after its
activities the last-impulse test ends the turn or hands the next impulse to the other side."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from .charts import IMPULSE_TRACK, Action
from .naval_move import can_sail
from .offensive import end_impulse
from .position import is_active
from .sequence import active_powers, count_answer, decision_id, other, start_impulse


def choosing_action(state: dict[str, Any]) -> list[str]:
    """FA 10.1 — the active powers that have not chosen this impulse's action."""
    return [p for p in active_powers(state) if p not in state["flow"]["actions"]]


def action_decision(state: dict[str, Any], power: str) -> Decision:
    """FA 10.1 — combined, land, naval or pass; a power not yet at war (or scripted to wait) has fewer
    choices (FA 22.3)."""
    flow = state["flow"]
    if power in flow.get("forced_pass", []):
        choices = [Action.PASS.value]
    elif is_active(state, power) or power in flow.get("may_act", []):
        choices = [Action.COMBINED.value, Action.LAND.value, Action.PASS.value]
    else:
        choices = [Action.COMBINED.value, Action.PASS.value]
    # FA 10.1 — a naval action for a power at war with ships that can sail (the campaign's)
    naval = (Action.COMBINED.value in choices and is_active(state, power)
             and can_sail(state, power))
    if naval:
        choices.insert(-1, Action.NAVAL.value)
    return Decision(
        id=decision_id(state, f"action-{power}"), seats=(power,), kind="action",
        rule="FA 10.1", prompt="Choose this impulse's action",
        waiting=f"{power} is choosing an action",
        options=tuple({"action": c} for c in choices),
        data={"not_available": ["air"] if naval else ["air", "naval"]})


def choose_action(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """FA 10.1 — record a power's action for this impulse."""
    count_answer(state, f"action-{seat}")
    state["flow"]["actions"][seat] = action["action"]
    return [Event("action_chosen", "FA 10.1", {"power": seat, "action": action["action"]})]


def end_impulse_track(state: dict[str, Any], roller: Roller, events: list[Event]) -> bool:
    """FA 12 — the last-impulse test once per side after all its powers acted: d10 (−2 if
    every major power of the side passed, −1 if all but one) ≤ the box's end number ends the
    turn; otherwise the marker advances by the weather's circled number."""
    flow = state["flow"]
    powers = active_powers(state)
    passed = sum(1 for p in powers if flow["actions"].get(p) == Action.PASS.value)
    drm = -2 if passed == len(powers) else (-1 if passed == len(powers) - 1 and passed else 0)
    die = roller.d(10, "last impulse")
    end_number = IMPULSE_TRACK[flow["impulse_box"]]
    ends = die + drm <= end_number
    events.append(Event("last_impulse_test", "FA 12", {
        "roll": die, "drm": drm, "box": flow["impulse_box"], "end_number": end_number,
        "ends": ends}))
    if not ends:
        flow["impulse_box"] = min(len(IMPULSE_TRACK) - 1,
                                  flow["impulse_box"] + flow["weather"]["advance"])
    return ends


def last_impulse(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 12 — the last-impulse test. The die decides whether the turn goes on; the effect
    leaves its verdict in `flow["turn_ends"]` for the step's successor, which moves the
    cursor (the next impulse, or the end of the turn). A turn whose first and last impulses
    were the same side's moves the initiative marker toward the other side's end (FA 6.2)."""
    flow = state["flow"]
    flow["impulse_sides"].append(flow["active_side"])
    events = end_impulse(state)
    ends = end_impulse_track(state, roller, events)
    state["board"].get("zoc_silenced", {}).clear()
    state["board"].pop("invaders", None)       # FA 11.11: a normal ZoC from the next impulse
    flow["turn_ends"] = ends
    if not ends:
        return events
    sides = flow["impulse_sides"]
    ini = flow["initiative"]
    if sides[0] == sides[-1]:
        step = 1 if sides[0] == "central" else -1
        ini["track"] = max(0, min(4, ini["track"] + step))
        events.append(Event("initiative_shift", "FA 6.2",
                            {"side": sides[0], "track": ini["track"]}))
    return events


def after_last_impulse(state: dict[str, Any]) -> str:
    """FA 7 — the other side's impulse begins unless the test ended the turn (the verdict is
    the effect's, read once and dropped)."""
    flow = state["flow"]
    if flow.pop("turn_ends"):
        return "partisans"   # FA 13 E1, the end of turn stage's first step
    start_impulse(state, other(flow["active_side"]))
    return "weather"
