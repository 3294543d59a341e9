"""Phase 4.6.1 naval invasions: troops a transport mission lands on a coast held by a nation
at war with the mover (rulings 74–79).

When the order is written (`check`): a landing on a coast of the mover's side is a plain
landing (Phase 4.2, as before); on any other coast it is an invasion, and its holder must be at
war with the mover or declared on in the same order set (as a land attack, Phase 1.1); tanks
never invade (TWTEAW units tanks). Artillery may land against a coast (the penalty table gives
it a beach-landing penalty), though it never takes the territory alone.

When the turn resolves, the transports' surviving cargo is landed or handed on at the end of
Phase 4.2/4.3 (`fate`): on a coast its side now holds it simply lands; on a coast held by a
nation at war with it, it becomes an attack from the sea zone on that territory, fought in
Phase 4.6 with the land attacks on it (`movement.py`): infantry −3 and artillery −4 to their
attack (never below 1), one coastal defender (defence 1, the first casualty) who holds the
beach even where no unit defends (the defending city keeps rolling while it stands), and no
withdrawal: the landing fights until it takes the territory or is destroyed. Invaders who do not
end in the territory are lost (they cannot go back aboard). Any other coast (its holder neither
of the mover's side nor at war with it): the troops go back where they embarked, or are lost.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.kernel import IllegalAction

from .nations import NATIONS
from .war import allied, at_war, controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 4.6.1"
BEACH_PENALTY = {"infantry": 3, "artillery": 4}   # off the attack value of a unit landing
COASTAL_DEFENCE = 1              # the coastal defence unit every invasion meets (first casualty)
LANDING_MAX_ROUNDS = 200         # a safety cap only: landings fight to the end (ruling 77)


def is_invasion(state: State, nation: str, coast: str) -> bool:
    return not allied(state, nation, controller(state, coast))


def check(state: State, nation: str, coast: str, units: dict[str, int], declared: Collection[str]) -> None:
    """Refuse an invasion the rules forbid; a landing on the mover's side's coast passes."""
    if not is_invasion(state, nation, coast):
        return
    name = world().areas[coast].name
    if "tank" in units:
        raise IllegalAction("TWTEAW units tanks", "tanks_may_not_invade", {"to": coast},
                            f"{name} is not your side's: landing there is a naval invasion, and "
                            "tanks may not take part in one (infantry and artillery may).")
    holder = controller(state, coast)
    if not at_war(state, nation, holder) and holder not in declared:
        raise IllegalAction("TWTEAW 1.1", "undeclared", {"to": coast, "nation": holder},
                            f"{name} belongs to {NATIONS[holder].title}: declare war on it first "
                            "(in this turn's orders) to land troops there.")


def fate(state: State, nation: str, coast: str) -> str:
    """What the cargo does when its transports reach the coast: "land" (its side's coast),
    "invade" (a nation at war with it holds it) or "return" (any other holder)."""
    holder = controller(state, coast)
    if allied(state, nation, holder):
        return "land"
    return "invade" if at_war(state, nation, holder) else "return"


def attack_from_sea(zone: str, coast: str, units: dict[str, int]) -> dict[str, Any]:
    """The landing as an attack of the battle graph (a move with no withdrawal conditions)."""
    return {"from": zone, "to": coast, "units": dict(units), "landing": True}
