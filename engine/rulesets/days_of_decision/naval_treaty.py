"""DoD 8.7.1 IPO 15 (Naval Treaty) and 10.3 (recalculate naval ratios): who is in the London
Naval Treaty, each power's naval ratio, the PE markers it turns face down, and the naval build
ban on the treaty's strongest member at peace.

RULING 79: naval points are national totals here (spending.py) and every power starts with none,
while the book's ratios count the fleets on the map. A power's ratio is therefore its printed
at-start ratio (the Classic values of the scenario sheet, which are whole multiples of its naval
multiple) plus the naval points it has bought since, times its multiple. The printed starting
ratios put the US lowest and the USSR second, so 3.2's face-down US and USSR markers agree.
RULING 80: joining or leaving is one play of IPO 15 (action `treaty`: "join" or "repudiate");
cost 1 authored, paid on the play; no card, so no US entry or minor effects. The free joining
by a 0(f) at the end of the step in which another power entered is not built (absent, shown in
the coverage matrix). RULING 81: the suspension (three or more powers other than China at war
with major powers) turns every marker face up, lifts the build ban and offers no IPO 15; the
members list is emptied at once, which is the book's "as if everyone had repudiated" when the
suspension ends.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction, Roller

from .catalogue import CATALOGUE
from .powers import SEATS
from .relations import conquered, enemies

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 15"
MULTIPLE = {"CW": 1, "US": 1, "JA": 2, "FR": 3, "IT": 3, "GE": 4, "RU": 5}     # printed
AT_START_RATIO = {"US": 10, "RU": 15, "GE": 16, "FR": 18, "CW": 19, "IT": 21,   # printed,
                  "JA": 26}                                                     # Classic
SUSPENDING_WARS = 3                       # printed: three or more naval powers at war
NAVAL_POWERS = tuple(p for p in SEATS if p in MULTIPLE)                         # not China


def ratio(board: dict[str, Any], power: str) -> int:
    """RULING 79 — the printed at-start ratio plus the bought naval points times the multiple."""
    return AT_START_RATIO[power] + int(board["powers"][power]["naval"]) * MULTIPLE[power]


def suspended(board: dict[str, Any]) -> bool:
    return sum(1 for p in NAVAL_POWERS if enemies(board, p)) >= SUSPENDING_WARS


def naval_barred(board: dict[str, Any], power: str) -> bool:
    """A member at peace with every major power holding (or tied for) the highest ratio may not
    build naval points; a non-member never is limited."""
    if suspended(board) or power not in board["naval_treaty"] or enemies(board, power):
        return False
    live = [p for p in NAVAL_POWERS if not conquered(board, p)]
    return ratio(board, power) >= max(ratio(board, p) for p in live)


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    if power not in MULTIPLE or suspended(board):
        return []
    return [{"option": "IPO15",
             "treaty": "repudiate" if power in board["naval_treaty"] else "join"}]


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    if action.get("treaty") not in ("join", "repudiate"):
        raise MalformedAction('IPO 15 names "treaty": "join" or "repudiate"')
    if {"option": "IPO15", "treaty": action["treaty"]} not in actions(board, power):
        raise IllegalAction(RULE, "naval_treaty_not_open", {"treaty": action["treaty"]},
                            "The Naval Treaty cannot be joined or left like that now.")
    members = set(board["naval_treaty"])
    members ^= {power}
    board["naval_treaty"] = sorted(members)
    board["powers"][power]["money"] -= CATALOGUE["IPO15"].cost
    return [Event("naval_treaty", RULE, {"power": power, "treaty": action["treaty"],
                                         "members": board["naval_treaty"],
                                         "cost": CATALOGUE["IPO15"].cost})]


def recalculate(board: dict[str, Any]) -> list[Event]:
    """DoD 10.3 — after production: the lowest ratio (ties too) face down; the second lowest
    face down too if a non-member and the lowest is not tied, face up if a member; all others
    face up. Suspended, every marker is face up and the treaty empty (RULING 81)."""
    before = {p: bool(board["powers"][p]["face_down"]) for p in NAVAL_POWERS}
    down: set[str] = set()
    if suspended(board):
        board["naval_treaty"] = []
    else:
        ratios = {p: ratio(board, p) for p in NAVAL_POWERS if not conquered(board, p)}
        values = sorted(set(ratios.values()))
        lowest = [p for p, r in ratios.items() if r == values[0]]
        down |= set(lowest)
        if len(lowest) == 1 and len(values) > 1:
            down |= {p for p, r in ratios.items()
                     if r == values[1] and p not in board["naval_treaty"]}
    for p in NAVAL_POWERS:
        board["powers"][p]["face_down"] = p in down
    after = {p: p in down for p in NAVAL_POWERS}
    if after == before:
        return []
    return [Event("naval_ratios", "DoD 10.3", {
        "face_down": sorted(down), "members": list(board["naval_treaty"])})]
