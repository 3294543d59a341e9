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

7.73: no water hex of our map touches Antwerp's hex (the Scheldt's mouth is Dutch land here),
so no landing can point at it and the Dutch violation it would need never arises (ruling 114).
7.74 (ruling 114): when a 7.7 landing holds no Entente corps at a half's end and its target is
Entente-held — the amphibious force took it — the counter turns to its anchorage side
(`board.anchorage`, {"at": water hex, "to": the target}), which is a port for supply only
(3.123, `sea_supply.ports`, `supply`'s link across it): no move, assault or retreat uses it.
It goes when its target is lost; the Entente turns it back into its one landing counter by
placing a new landing (the voluntary removal).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, Roller

from .fleets import is_surface, side_of_ship
from .forces import UNITS, controller, eliminate, landing_of, neutral_closed, side_of, unit_side
from .tables import ENTENTE
from .theatre import Theatre, theatre

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
    events = []
    anchorage = state["board"].get("anchorage")
    if anchorage is not None:                 # 7.74: the one counter, taken up to land again
        state["board"]["anchorage"] = None
        events.append(Event("anchorage_removed", "BoP 7.74", {**anchorage,
                                                               "reason": "landing"}))
    state["board"]["landing"] = {"at": to, "rule": RULE, "to": target}
    return events + [Event("landing_placed", "BoP 7.71", {"at": to, "to": target,
                                                          "corps": riders})]


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


def anchorage_of(state: State) -> dict[str, str] | None:
    """7.74 — the Entente's anchorage: {"at": water hex, "to": the coastal hex it serves}."""
    return state["board"].get("anchorage")


def turn_to_anchorage(state: State, th: Theatre) -> list[Event]:
    """7.74 — a 7.7 landing emptied of Entente corps whose target the Entente now holds: the
    counter is removed and turned to its anchorage side."""
    board = state["board"]
    landing = board.get("landing")
    if landing is None or landing.get("rule") != RULE:
        return []
    here = landing["at"]
    if any(v["at"] == here and UNITS[u].corps and unit_side(state, u) == ENTENTE
           for u, v in board["units"].items()):
        return []
    if side_of(state, controller(state, th, landing["to"])) != ENTENTE:
        return []
    board["landing"] = None
    board["control"].pop(here, None)
    board["anchorage"] = {"at": here, "to": landing["to"]}
    return [Event("landing_removed", "BoP 7.74", {**landing, "anchorage": True}),
            Event("anchorage_placed", "BoP 7.74", {"at": here, "to": landing["to"]})]


def anchorage_held(state: State, th: Theatre) -> list[Event]:
    """Ruling 114 — an anchorage whose coastal hex the Entente no longer holds is removed."""
    anchorage = anchorage_of(state)
    if anchorage is None or side_of(state, controller(state, th, anchorage["to"])) == ENTENTE:
        return []
    state["board"]["anchorage"] = None
    return [Event("anchorage_removed", "BoP 7.74", {**anchorage, "reason": "target_lost"})]


def end_of_half(state: State, roller: Roller) -> list[Event]:
    if "fleets" not in state["board"]:
        return []
    th = theatre(state["board"]["map"])
    # 7.74 before 7.72: the target's capture removed the counter before the ships' absence
    events = turn_to_anchorage(state, th)
    return events + ships_stay(state, roller) + anchorage_held(state, th)

