"""DoD 8.2 — owed options: an option a power is required to play as its next choice (the book
names IPO 5, IPO 9, IPO 10 and a reactionary MP 4). Owed options are played first, in the order
they were incurred; an owed option stays owed until it is played (RULING 60).

Each power's debts are a public list, `board["powers"][p]["owed"]`, oldest first, each entry
`{"option", "source", "by", "since"}` plus what the source adds (IPO 9's `direction` for a
forced IPO 1). Of the sources IPO 9 Spies (spies.py) and IPO 10's elections (elections.py: MP
0(c), called by another power or late) are built; the owed IPO 5 belongs to IPO 5.2, the
reactionary alignment, and the reactionary MP 4 is absent: both are World in Flames only
(RULING 77 for IPO 5, whose own play is built in alignment.py).

`restrict` turns the options a power may choose into the ones it must choose among:
- the first debt (oldest first) that some offered option pays is the one to pay now, except
  that an owed MP 0(c) may be left for a later option of the same turn (IPO 10: "as any of
  them, not necessarily as the first"; RULING 78);
- when no debt can be paid now (its option played this turn by someone else, or the MP 0
  slot used), the power plays an MP 0 option if it has one, else anything legal (RULING 60:
  IPO 5's printed default, extended to every owed option).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.kernel import Event

from .catalogue import CATALOGUE
from .display import CENTRE_FACTION, HEXES, distance, zone

Board = dict[str, Any]
RULE = "DoD 8.2"
DIRECTIONS = ("towards", "away")       # IPO 9's forced IPO 1: relative to the centre faction


@lru_cache(maxsize=None)
def centre_distance(hex_id: str, ideology: str) -> int:
    """Display hexes from `hex_id` to the nearest hex of its ideology's centre faction."""
    return min(distance(hex_id, h) for h in HEXES if zone(h) == (ideology, CENTRE_FACTION))


def in_direction(board: Board, power: str, to: str, direction: str) -> bool:
    """DoD 8.7.1 IPO 9 13+ — an IPO 1 move ending nearer to (`towards`) or farther from
    (`away`) the centre faction of the power's ideology than it starts."""
    start = board["display"][power]
    ideology = zone(start)[0]
    before, after = centre_distance(start, ideology), centre_distance(to, ideology)
    return after < before if direction == "towards" else after > before


def debts(board: Board, power: str) -> list[dict[str, Any]]:
    owed: list[dict[str, Any]] = board["powers"][power]["owed"]
    return owed


def owe(board: Board, power: str, option: str, source: str, by: str,
        **detail: Any) -> Event:
    """Record a debt at the end of `power`'s list (the order they were incurred, 8.2)."""
    entry = {"option": option, "source": source, "by": by, "since": board["turn"], **detail}
    debts(board, power).append(entry)
    return Event("option_owed", RULE, {"power": power, **entry})


def pays(board: Board, power: str, debt: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether playing `action` pays `debt`. IPO 9's forced IPO 1 is paid by an IPO 1 move in
    its direction, or by a 0(f) once IPO 1 has been played this turn (IPO 9: a 0(f) then
    satisfies every spying effect); its forced 0(f) by any 0(f)."""
    option = action["option"]
    if debt["option"] == "IPO1":
        if option == "IPO1":
            return in_direction(board, power, action["to"], debt["direction"])
        return option == "0f" and "IPO1" in board["ipos_played"]
    return bool(option == debt["option"])


def restrict(board: Board, power: str, offered: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """DoD 8.2 — the options a power that owes some may choose: those paying its oldest debt
    payable now; if none is payable, its MP 0 options, else all it was offered (RULING 60)."""
    owed = debts(board, power)
    if not owed:
        return offered
    for debt in owed:
        paying = [a for a in offered if pays(board, power, debt, a)]
        if paying and debt["option"] == "0c" and later_slot(board, power):
            # DoD 8.7.1 IPO 10 (RULING 78): with an option still to come this turn the owed
            # 0(c) may wait for it; meanwhile no other MP 0 takes the one slot it needs
            return paying + [a for a in offered if a not in paying
                             and CATALOGUE[a["option"]].kind != "mp0"]
        if paying:
            return paying
    mp0 = [a for a in offered if CATALOGUE[a["option"]].kind == "mp0"]
    return mp0 or offered


def later_slot(board: Board, power: str) -> bool:
    """Whether the power bid for another option after the one it is choosing now."""
    return int(board["powers"][power]["played"]) + 1 < int(board["bids"][power]["options"])


def settle(board: Board, power: str, action: dict[str, Any]) -> list[Event]:
    """After `power` plays `action`: the debts it pays are gone. One IPO 1 pays every IPO 9
    debt (IPO 9: one play of IPO 1 satisfies all spying effects on the target); a 0(f) pays
    IPO 9's forced 0(f)s, and its forced IPO 1s when IPO 1 was played earlier this turn. Called
    before the option's own effects, so `ipos_played` still means "earlier this turn"."""
    owed = debts(board, power)
    if not owed:
        return []
    if action["option"] == "IPO1":
        paid = [d for d in owed if d["source"] == "IPO9"]
    else:
        paid = [d for d in owed if pays(board, power, d, action)]
    if not paid:
        return []
    board["powers"][power]["owed"] = [d for d in owed if d not in paid]
    return [Event("owed_option_played", RULE, {"power": power, "option": action["option"],
                                               "paid": paid})]
