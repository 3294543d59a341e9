"""DoD 8.7.1 IPO 5 "Minor Joins In", 8.1.4 and 8.7.2 MP 4 (the director's free alignment),
12.3 (an aligned minor at peace): the aligned state (RULINGS 71-76).

`board["aligned"]` maps each aligned minor to the power it is aligned to (public). An aligned
minor is off the Status Display for every purpose but its hex, which is kept only for its
return: it is controlled by its aligner (control.controller), no marker is placed in it
(markers.add_markers), nobody names it in IPO 1, IPO 3, IPO 12, MP 0(b), MP 0(e) or MP 4
(minor_war.off_the_table, options, new_world_order.stacked_minors), and nobody activates it
(it holds no marker).

IPO 5 (RULING 71): a power at war with a major power aligns a minor stacked with it on the
display (same hex) that it may control (8.1.2: the flag; stacked means the same ideology),
that is allied to it and to no other power, that is not at war, conquered or aligned. Nobody is
hostile (the War Chart's hostility is absent, as for IPO 1 and IPO 3) and it is not in civil
war (civil_war.py). Cost 2, authored; the card's minor effects and US entry are absent with
the cards.

Aligning (RULING 72): the minor's markers are removed, every alliance but the aligner's and
every guarantee cancelled (after the casus belli of any declaration on it: those were granted
when it was declared on). A minor not at war sets up its forces (minor_army.set_up: printed or
recorded totals, yearly additions, and every power's secret MP 0(b) points, revealed now).
Then, and whenever the aligner is at war with a major power (RULING 73), the minor is at war
with every major power at war with its aligner: a front of the abstract war (minor_army) for
each, the aligner directing it, no surprise for a power that did not declare on it.

At peace (RULING 74): when its aligner is at war with no major power (checked after every
option, at the end of political affairs and at the conquest step), all the minor's wars end,
its forces are recorded, and it returns to the aligner's hex allied to the aligner only, with
no guarantee. An aligner conquered (RULING 75) leaves its aligned minors unaligned, at war
with whoever they fight, with no director (they commit their default).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import minor_army
from .catalogue import CATALOGUE
from .control import may_control
from .minors import MINORS
from .relations import at_war, conquered, enemies

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 5"
FREE_RULE = "DoD 8.7.2 MP 4"
IPO5 = CATALOGUE["IPO5"]


def aligned_to(board: dict[str, Any], minor: str) -> str | None:
    held = board.get("aligned", {}).get(minor)
    return None if held is None else str(held)


def _at_war(board: dict[str, Any], minor: str) -> bool:
    return any(w["minor"] == minor for w in board["minor_wars"])


def may_align(board: dict[str, Any], power: str, minor: str) -> bool:
    """IPO 5's prerequisites as printed, read on our display (RULING 71)."""
    if conquered(board, power) or not enemies(board, power):
        return False
    if minor in board["minors_conquered"] or aligned_to(board, minor) or _at_war(board, minor) \
            or minor in board.get("civil_wars", {}):        # IPO 4: not in civil war
        return False
    return (board["display"][minor] == board["display"][power]       # stacked
            and may_control(power, minor)                               # (a) eligible
            and list(board["alliances"].get(minor, [])) == [power])     # allied, (c) no other


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    return [{"option": "IPO5", "minor": m} for m in sorted(MINORS) if may_align(board, power, m)]


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    state["board"]["powers"][power]["money"] -= IPO5.cost
    return align(state, power, action["minor"], RULE)


def align(state: State, power: str, minor: str, rule: str) -> list[Event]:
    """RULING 72: the minor joins its aligner's side."""
    board = state["board"]
    board["aligned"][minor] = power
    board["aligned"] = dict(sorted(board["aligned"].items()))
    cleared = sorted(board["modifiers"].pop(minor, {}))
    dropped = {"alliances": [p for p in board["alliances"].get(minor, []) if p != power],
               "guarantees": list(board["guarantees"].get(minor, []))}
    if power in board["alliances"].get(minor, []):
        board["alliances"][minor] = [power]
    else:
        board["alliances"].pop(minor, None)
    board["guarantees"].pop(minor, None)
    events = [Event("minor_aligned", rule, {"power": power, "minor": minor,
                                            "markers_removed": cleared, "ties_cancelled": dropped})]
    if not _at_war(board, minor):
        events += minor_army.set_up(state, minor)
    for war in board["minor_wars"]:
        if war["minor"] == minor:
            war["director"] = power
    return events + sync(state)


def sync(state: State) -> list[Event]:
    """RULINGS 73-75: each aligned minor at war with every major power at war with its aligner,
    home again when its aligner is at peace, unaligned when its aligner is conquered."""
    board = state["board"]
    events: list[Event] = []
    for minor, power in sorted(board.get("aligned", {}).items()):
        if minor in board["minors_conquered"]:
            board["aligned"].pop(minor)
            continue
        if conquered(board, power):
            board["aligned"].pop(minor)
            for war in board["minor_wars"]:
                if war["minor"] == minor:
                    war["director"] = None
            events.append(Event("alignment_ends", "DoD 12", {"minor": minor, "power": power}))
            continue
        foes = [e for e in enemies(board, power) if not conquered(board, e)]
        if not foes:
            events += _return(board, minor, power)
            continue
        for foe in foes:
            if not any(w["minor"] == minor and w["power"] == foe for w in board["minor_wars"]):
                board["minor_wars"].append({"power": foe, "minor": minor,
                                            "since": int(board["turn"]), "director": power,
                                            "declined": [], "joined": True})
                events.append(Event("aligned_minor_at_war", RULE, {
                    "minor": minor, "power": power, "enemy": foe}))
        board["minor_wars"].sort(key=lambda w: (w["minor"], w["power"]))
    return events


def _return(board: dict[str, Any], minor: str, power: str) -> list[Event]:
    """RULING 74 (IPO 5, 12.3): its wars end, its forces are recorded, it goes back to the
    aligner's hex as its ally only."""
    board["aligned"].pop(minor)
    ended = sorted(w["power"] for w in board["minor_wars"] if w["minor"] == minor)
    board["minor_wars"] = [w for w in board["minor_wars"] if w["minor"] != minor]
    board["minor_offensives"] = {k: v for k, v in board["minor_offensives"].items()
                                 if not k.endswith(f">{minor}")}
    minor_army.stand_down(board, minor)
    board["display"][minor] = board["display"][power]
    board["alliances"][minor] = [power]
    board["guarantees"].pop(minor, None)
    return [Event("aligned_minor_returns", "DoD 12.3", {
        "minor": minor, "power": power, "hex": board["display"][minor], "wars_ended": ended})]


def free_alignments(board: dict[str, Any], power: str) -> list[str]:
    """MP 4, 8.1.4 (RULING 76): the minors `power` directs against a declarer it is at war
    with, not yet aligned: it may align them free."""
    return sorted({w["minor"] for w in board["minor_wars"]
                   if w["director"] == power and at_war(board, power, w["power"])
                   and not aligned_to(board, w["minor"])
                   and w["minor"] not in board["minors_conquered"]})
