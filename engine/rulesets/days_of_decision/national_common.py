"""DoD 8.7.2 — what the national options share (national.py and cession.py both import it,
and it imports neither): the track position, the once-a-game check (RULING 112), paying on
success (8.4.1), the PE shift, a minor's freedom (GE 7, IT 7, GE 8, GE 9, GE 10), and the
political map's production of the territories options hand over (`board["national"]`'s
`home`, `colonies` and `tribute`, RULINGS 119-120, 128, 130, 136)."""

from __future__ import annotations

from typing import Any

from .catalogue import CATALOGUE
from .world import political_map

State = dict[str, Any]

# DoD 2.3: the German '1' resource markers set up in the display minors' boxes (the Rhineland's
# is a territory's, rulings 108 and 116). Frozen; since version 24 they count in the minors'
# boxes, not inside Germany's home resources (RULING 144).
SETUP_MARKERS: dict[str, dict[str, int]] = {"rumania": {"GE": 1}, "sweden": {"GE": 1}}


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def played(board: dict[str, Any], option: str) -> bool:
    return option in board["national"]["played"]


def once(board: dict[str, Any], option: str) -> bool:
    """A one-shot option (8.2, RULING 112) not yet played successfully."""
    return not (CATALOGUE[option].one_shot and played(board, option))


def pay(state: State, power: str, option: str) -> int:
    cost = CATALOGUE[option].cost
    state["board"]["powers"][power]["money"] -= cost
    state["board"]["national"]["played"].setdefault(option, int(state["board"]["turn"]))
    return cost


def shift_pe(board: dict[str, Any], power: str, change: int) -> None:
    board["powers"][power]["pe"] += change


def minor_free(board: dict[str, Any], minor: str) -> bool:
    """Not at war (a major power's war on it or a civil war), conquered, nor aligned."""
    return not (minor in board["minors_conquered"] or minor in board.get("civil_wars", {})
                or minor in board.get("aligned", {})
                or any(w["minor"] == minor for w in board["minor_wars"]))


def gained(board: dict[str, Any], power: str) -> tuple[str, ...]:
    """The territories an option gave `power`: joined to its home country (GE 7, IT 7) or made
    its colony (IT 8); the map's production counts them with what it held in 1936."""
    national = board["national"]
    return tuple(sorted(t for table in (national["home"], national.get("colonies", {}))
                        for t, p in table.items() if p == power))


def map_income(board: dict[str, Any], power: str) -> int:
    """DoD 10.1 — `power`'s production from the political map: what it held in 1936, the
    territories options gave it, a resource for each minor paying it tribute (GE 10) and what
    an option's resource markers in minors add to the set-up's (GE 14)."""
    tribute = sum(1 for p in board["national"].get("tribute", {}).values() if p == power)
    return political_map().production(power, gained(board, power),
                                      tribute + marker_resources(board, power))


def markers_in(board: dict[str, Any], minor: str) -> dict[str, int]:
    """The resource markers in a minor's boxes: an option's (GE 13, GE 14) where one placed
    them, else the 2.3 set-up's (RULING 139)."""
    held = board["national"].get("markers", {}).get(minor, SETUP_MARKERS.get(minor, {}))
    return {p: int(n) for p, n in held.items() if int(n) > 0}


def marker_resources(board: dict[str, Any], power: str) -> int:
    """The resources `power`'s markers in minors hold (RULING 144: the set-up's are no longer
    inside Germany's home territories, so every marker counts)."""
    minors = {*SETUP_MARKERS, *board["national"].get("markers", {})}
    return sum(markers_in(board, minor).get(power, 0) for minor in sorted(minors))


def recount(board: dict[str, Any], power: str, before: int) -> int:
    """Move `power`'s flat income by what its map production gained since `before`."""
    added = map_income(board, power) - before
    entry = board["powers"][power]
    entry["income"] = int(entry["income"]) + added
    return added


def absorb(board: dict[str, Any], minor: str, power: str) -> None:
    """RULING 119 (GE 7, IT 7; RULING 136: GE 9) — the minor leaves the display as a completely
    conquered one does (12.2.2), held by `power`: its marker effects, alliances, guarantees and
    coup cells go, it votes no more, and no vengeance is owed (there was no war)."""
    board["minors_conquered"][minor] = power
    for table in ("alliances", "guarantees", "coup_cells", "modifiers"):
        board[table].pop(minor, None)


def absorbed(board: dict[str, Any], minor: str) -> bool:
    """Every home territory of the minor taken by an option (GE 7, IT 7, GE 9), not by war."""
    national = board["national"]
    given = {*national["home"], *national.get("colonies", {})}
    return set(political_map().home_country(minor)) <= given
