"""FA 9.3 — war: a declaration against one member of a side is war with all its active members,
and a major that goes to war records what an enemy can cost its morale in that war (FA 14.1).

Below the campaign script and the peace step, which both declare war (FA 22.3, 13.6.3)."""

from __future__ import annotations

from typing import Any

from .morale import record_war_start
from .powers import POWER_SIDE


def declare_war(state: dict[str, Any], a: str, b: str) -> None:
    """FA 9.3 — war with one member of a side is war with all its active members."""
    board = state["board"]
    wars = set(board["wars"])
    wars.add("|".join(sorted((a, b))))
    # A neutral major at war only with a minor stays neutral (FA 22.3: Austria-Hungary).
    majors = [p for p in (a, b) if p in board["sides"]]
    for p in (majors if len(majors) == 2 else []):
        if p not in board["active"]:
            activate(state, p)
    spread(state, wars)


def activate(state: dict[str, Any], p: str) -> None:
    """A major goes to war; the minors aligned with it and the home cities and resources it
    controls now are what an enemy can cost its morale in this war (FA 14.1)."""
    board = state["board"]
    board["active"] = sorted(set(board["active"]) | {p})
    board["active_since"][p] = state["flow"]["turn"]
    record_war_start(state, p)


def spread(state: dict[str, Any], wars: set[str]) -> None:
    board = state["board"]
    active = [p for p in board["active"] if p in POWER_SIDE]
    for p in active:
        for q in active:
            if POWER_SIDE[p] != POWER_SIDE[q]:
                wars.add("|".join(sorted((p, q))))
    board["wars"] = sorted(wars)
