"""FA 13.7 — victory: automatic conditions every turn, objectives at the end."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .position import controller
from .powers import POWER_SIDE
from .sequence import turn_label


def _held(state: dict[str, Any], hexes: list[str], side: str) -> int:
    return sum(1 for h in hexes if POWER_SIDE.get(controller(state, h) or "", "") == side)


def check(state: dict[str, Any]) -> dict[str, Any] | None:
    """The result if the game ends now, else None."""
    board = state["board"]
    v = board["victory"]
    flow = state["flow"]
    if board["morale"].get("germany", 1) == 0:
        return _won(state, "entente", "german_morale_zero")
    if v["kind"] == "east_prussia":
        russian = _held(state, v["german_objectives"], "entente")
        german = _held(state, v["russian_objectives"], "central")
        score = {"russia": russian, "germany": german}
        if v["sudden_death"] and POWER_SIDE.get(controller(state, v["sudden_death"]) or "",
                                                "") == "entente":
            return _won(state, "entente", "konigsberg_taken", score)
        if flow["turn"] < v["last_turn"]:
            return None
        if russian > german:
            return _won(state, "entente", "objectives", score)
        if german > russian:
            return _won(state, "central", "objectives", score)
        return {"winner": None, "winners": [], "reason": "objectives_drawn", "score": score}
    capitals = v["automatic"]
    for side in ("central", "entente"):
        if capitals and _held(state, capitals, side) == len(capitals):
            return _won(state, side, "all_capitals")
    if flow["turn"] < v["last_turn"]:
        return None
    held = _held(state, v["objectives"], "central")
    side = "central" if held >= v["central_needs"] else "entente"
    return _won(state, side, "objectives", {"central_objectives": held})


def _won(state: dict[str, Any], side: str, reason: str,
         score: dict[str, Any] | None = None) -> dict[str, Any]:
    winners = sorted(p for p, s in state["board"]["sides"].items() if s == side)
    return {"winner": side, "winners": winners, "reason": reason, "score": score or {}}


def victory_step(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.7 — the victory check: a result ends the game."""
    outcome = check(state)
    if outcome is None:
        return []
    state["board"]["result"] = outcome
    return [Event("victory", "FA 13.7", outcome)]


def after_victory(state: dict[str, Any]) -> str:
    """The turn cursor: the game is over, or the next turn begins (its number, name, year)."""
    if state["board"]["result"] is not None:
        return "over"
    flow = state["flow"]
    flow["turn"] += 1
    flow["turn_name"], flow["year"] = turn_label(flow["turn"], flow["start_index"],
                                                 flow["start_year"])
    return "turn_start"


def start_turn(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 3.1 — a new turn: the lists kept for one turn start empty."""
    flow = state["flow"]
    flow["enemy_held"] = []
    flow["initiative"]["rerolled"] = False
    state["board"]["attacked_this_turn"] = []
    state["board"]["morale_points"] = {p: 0 for p in sorted(state["board"]["sides"])}
    return [Event("turn_started", "FA 3.1", {"turn": flow["turn"], "name": flow["turn_name"],
                                             "year": flow["year"]})]
