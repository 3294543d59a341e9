"""BoP 7.7 — amphibious invasion under the standard admiralty (12.3; ruling 104).

An amphibious force is corps aboard surface ships (7.6, transport.py). A `naval_move` that
ends on a map water hex may name `"landing"`: an adjacent coastal hex the enemy controls
(never a neutral's, never a port box: the only one on our map, Petrograd, is a full nation's
home port box). The landing counter is placed there at no NMP (7.71) and the force's
passengers step onto it (7.65): it is land linked to that hex (7.72), from which the corps
assault it in the campaign (10.561, the assault of 6.45's landing: `combat.py`, −2 unless a
ship of the force has gunnery above one, which also counts as a siege corps, 10.52 in
`odds.py`; no assault in bad weather). The board holds one landing counter, the Entente's
(`board.landing`, the counter 12.1 and 12.4 use for 6.453; ours carries `"rule": "7.7"`, and
12.3 has no other since ruling 105), so only the Entente
invades here, and only while no landing is on the map.

The counter stays while an Entente corps and an Entente surface ship share its hex (7.72): at
the end of each General Quarters half and each land half, a 7.7 landing without a ship is
removed and the corps on it are eliminated; one without a corps is removed as 6.453's is
(`admiralty.remove_empty_landing`).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, Roller

from .fleets import is_surface, side_of_ship
from .forces import UNITS, controller, eliminate, landing_of, neutral_closed, side_of, unit_side
from .tables import ENTENTE
from .theatre import Theatre

State = dict[str, Any]
RULE = "7.7"


def targets(state: State, th: Theatre, at: str) -> list[str]:
    """7.71 — the coastal hexes next to water hex `at` that the Central Powers control."""
    if at not in th.water:
        return []
    return sorted(t for t in th.all_adj[at] if t not in th.water and t not in th.boxes
                  and t in th.terrain and not neutral_closed(state, th, t)
                  and side_of(state, controller(state, th, t)) not in (ENTENTE, None))


def check(state: State, th: Theatre, units: list[str], riders: list[str], to: str,
          target: str) -> None:
    """7.71 — raises IllegalAction unless the force may place the landing counter."""
    if side_of_ship(units[0]) != ENTENTE or not is_surface(units[0]):
        raise IllegalAction("BoP 7.71", "landing_side", {"units": units},
                            "Only the Entente's surface ships place a landing counter here "
                            "(ruling 104).")
    if landing_of(state) is not None:
        raise IllegalAction("BoP 7.71", "landing_in_place", {},
                            "A landing counter is already on the map.")
    if not riders:
        raise IllegalAction("BoP 7.71", "no_amphibious_force", {"units": units},
                            "A landing needs corps aboard the force.")
    if target not in targets(state, th, to):
        raise IllegalAction("BoP 7.71", "landing_target", {"at": to, "to": target},
                            "The landing must point from a water hex at an adjacent coastal "
                            "hex the enemy controls.")


def place(state: State, units: list[str], to: str, target: str) -> list[Event]:
    """7.71, 7.65 — the counter goes down; the force's passengers step onto it."""
    aboard = state["board"]["aboard"]
    riders = sorted(c for c, s in aboard.items() if s in units)
    for corps in riders:
        del aboard[corps]
    state["board"]["landing"] = {"at": to, "rule": RULE, "to": target}
    return [Event("landing_placed", "BoP 7.71", {"at": to, "to": target, "corps": riders})]


def ships_stay(state: State, roller: Roller | None) -> list[Event]:
    """7.72 — a 7.7 landing with no Entente surface ship in its hex is removed, and the
    Entente corps there are eliminated (an end effect of GQ and land halves)."""
    board = state["board"]
    landing = board.get("landing")
    if landing is None or landing.get("rule") != RULE:
        return []
    here = landing["at"]
    if any(f["at"] == here and is_surface(s) and side_of_ship(s) == ENTENTE
           for s, f in board["fleets"].items()):
        return []
    lost = sorted(u for u, v in board["units"].items() if v["at"] == here
                  and UNITS[u].corps and unit_side(state, u) == ENTENTE
                  and u not in board.get("aboard", {}))
    for uid in lost:
        eliminate(state, uid)
    board["landing"] = None
    board["control"].pop(here, None)
    return [Event("landing_removed", "BoP 7.72", {"at": here, "to": landing["to"],
                                                   "eliminated": lost})]


def end_of_half(state: State, roller: Roller) -> list[Event]:
    if "fleets" not in state["board"]:
        return []
    return ships_stay(state, roller)

