"""DoD 8.7.2 GE 14 Support Rumanian land claims (version 23, RULINGS 138-141): Germany backs
Rumania against its neighbours' claims and is paid in Rumanian resources.

What is built: the prerequisites (GE 13 never played; Germany ahead on the track of every other
major power allied to Rumania, Hungary or Bulgaria; Rumania still on the display, RULING 138)
and the resource markers (RULING 139): `board["national"]["markers"]` = {minor: {power:
resources}} holds the markers a national option put in a minor's resource boxes in place of the
2.3 set-up's (national_common.SETUP_MARKERS, inside the flat income by ruling 114), so a power's map production
counts the difference (national_common.map_income). GE 14's German '2' marker in Rumania is one
resource more than the set-up's '1'; the other markers it removes do not exist here (IPO 2's
economic agreements are absent and GE 13 is barred by it). The marker lasts until a major power
is at war with Rumania, Rumania is in civil war or conquered, or a power other than Germany
aligns it (RULING 140: checked at each production step, as GE 10's tribute, and for good).

Not built (RULING 141): its movement clauses (aligned Rumania's army free of 9.3.1, aligned
Hungary's and Bulgaria's at most 4 army points abroad: minor armies have no positions in the
abstract war) and the IPO 5 bar after a Soviet land claim on Rumania (RU 4's claim is absent).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .alignment import aligned_to
from .catalogue import CATALOGUE
from .national_common import State, map_income, once, pay, played, position, recount

CLAIMANTS = ("rumania", "hungary", "bulgaria")   # DoD 8.7.2 GE 14: whose allies Germany leads
RUMANIAN_MARKER = 2                              # DoD 8.7.2 GE 14: printed, a German '2'


def rumanian_claims_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 14 — GE 13 never played; Germany's initiative lower than (ahead of) every
    other major power allied to Rumania, Hungary or Bulgaria, if any; RULING 138: Rumania still
    on the display (not conquered or absorbed: a gone minor has no resource boxes)."""
    if power != "GE" or not once(board, "GE14") or played(board, "GE13"):
        return []
    if "rumania" in board["minors_conquered"]:
        return []
    allies = {p for minor in CLAIMANTS for p in board["alliances"].get(minor, []) if p != power}
    if any(position(board, power) >= position(board, ally) for ally in allies):
        return []
    return [{"option": "GE14"}]


def play_rumanian_claims(state: State, power: str, action: dict[str, Any], roller: Roller
                         ) -> list[Event]:
    """RULING 139 — the German '2' marker in Rumania (replacing the set-up's '1'): Germany's map
    production counts one Rumanian resource more, and its flat income moves with it."""
    board = state["board"]
    cost = pay(state, power, "GE14")
    before = map_income(board, power)
    board["national"]["markers"]["rumania"] = {power: RUMANIAN_MARKER}
    added = recount(board, power, before)
    return [Event("rumanian_claims", CATALOGUE["GE14"].rule, {
        "power": power, "minor": "rumania", "resources": RUMANIAN_MARKER,
        "income_added": added, "cost": cost})]


def end_markers(board: dict[str, Any]) -> list[Event]:
    """RULING 140 — an option's markers in a minor end (back to the set-up's) once a major power
    is at war with it, it is in civil war or conquered, or another power aligned it: checked
    at each production step before income, like GE 10's tribute (RULING 130)."""
    events = []
    markers = board["national"].get("markers", {})
    for minor in sorted(markers):
        holders = sorted(markers[minor])
        ally = aligned_to(board, minor)
        ended = any(w["minor"] == minor for w in board["minor_wars"]) \
            or minor in board["minors_conquered"] or minor in board.get("civil_wars", {}) \
            or (ally is not None and ally not in holders)
        if not ended:
            continue
        before = {p: map_income(board, p) for p in holders}
        del markers[minor]
        for power in holders:
            events.append(Event("resource_marker_ends", CATALOGUE["GE14"].rule, {
                "power": power, "minor": minor,
                "income_added": recount(board, power, before[power])}))
    return events


ACTIONS = {"GE14": rumanian_claims_actions}
HANDLERS = {"GE14": play_rumanian_claims}
