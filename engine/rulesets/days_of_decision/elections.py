"""DoD 8.7.1 IPO 10 (Government Falls/Election Called) and MP 0(c) (Hold Election).

A Democratic power owes an election once in each of its election periods while at peace with
every major power (the schedule: `election_period`, RULING 65); the US votes in the Nov/Dec
turn of 1936, 1940 and 1944, at war or not (RULING 66).
- IPO 10 on itself: a power due an election that owes none holds it.
- IPO 10 against another: a Democrat other than the US, at peace with every major power, due
  an election and owing none, ahead of the player on the initiative track (RULING 67), now
  owes MP 0(c) (owed.py, 8.2, source "IPO10").
- MP 0(c): played by a power that owes an election, or by one due an election once IPO 10 has
  been played this turn; it holds the election. IPO 10 and 0(c) have no cost (RULING 68).
- Late: at the end of the last turn of a period, a power still due an election (at peace, not
  already owing one) owes MP 0(c) (source "late"); going to war later does not cancel it.
- An election held counts for the period of the year it is held in (RULING 69).
- The US: if it has not held its election by the end of its Nov/Dec election turn, the
  Republicans win; an election held in a later election turn returns the Democrats. Under a
  Republican government every US entry effect moves one toward zero (us_entry.add, RULING 70).
What an election does otherwise is printed nowhere (digest 7.3 #8): holding one only clears the
debt and marks the period as voted (`powers[p]["voted_period"]`, the period's first year).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from . import owed
from .powers import DEMOCRACY, POWERS
from .relations import conquered, enemies

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 10"
RULE_0C = "DoD 8.7.2 MP 0(c)"
US_ELECTION_TURN = 6              # Nov/Dec, the sixth two-month turn of the year
DEMOCRATS, REPUBLICANS = "democratic", "republican"

FIRST_YEAR = 1936
LAST_YEAR = 1947

# (power, first year of its first period, period length in years). France every year; the
# Commonwealth, Italy, Japan and Germany in three-year blocks from 1936; the Soviet Union and
# China every five years, counted from the game's first year (RULING 65: the start is ours).
_PERIODS: dict[str, int] = {"FR": 1, "CW": 3, "IT": 3, "JA": 3, "GE": 3, "RU": 5, "CH": 5}
# The US votes in the last turn (Nov/Dec) of its presidential years only.
US_ELECTION_YEARS: tuple[int, ...] = (1936, 1940, 1944)


def election_period(power: str, year: int) -> tuple[int, int]:
    """DoD 8.7.1 IPO 10 — the first and last year of the election period holding `year`.

    Raises ValueError for an unknown power or a year outside the game."""
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(f"DoD 8.7.1 IPO 10: year {year!r} is outside {FIRST_YEAR}-{LAST_YEAR}")
    if power == "US":
        for first, nxt in zip(US_ELECTION_YEARS, US_ELECTION_YEARS[1:] + (LAST_YEAR + 1,),
                              strict=True):
            if first <= year < nxt:
                return first, nxt - 1
        raise ValueError(f"DoD 8.7.1 IPO 10: the US holds no election period in {year}")
    if power not in _PERIODS:
        raise ValueError(f"DoD 8.7.1 IPO 10: unknown power {power!r}")
    length = _PERIODS[power]
    first = FIRST_YEAR + (year - FIRST_YEAR) // length * length
    return first, first + length - 1


def year_of(board: dict[str, Any]) -> int:
    return FIRST_YEAR + (int(board["turn"]) - 1) // 6


def owes_election(board: dict[str, Any], power: str) -> bool:
    return any(d["option"] == "0c" for d in owed.debts(board, power))


def _voted(board: dict[str, Any], power: str) -> bool:
    first, _ = election_period(power, year_of(board))
    return board["powers"][power].get("voted_period") == first


def us_election_turn(board: dict[str, Any]) -> bool:
    """DoD 8.7.1 IPO 10 — the Nov/Dec turn of a US presidential year."""
    return year_of(board) in US_ELECTION_YEARS and (int(board["turn"]) - 1) % 6 + 1 == \
        US_ELECTION_TURN


def due(board: dict[str, Any], power: str) -> bool:
    """Whether `power` still has to hold this period's election (owing one aside): Democratic,
    in the game, not yet voted; at peace with every major power, except the US, which votes
    in its election turn only and at war too (RULING 66)."""
    if not FIRST_YEAR <= year_of(board) <= LAST_YEAR:
        return False
    if POWERS[power].ideology != DEMOCRACY or conquered(board, power) or _voted(board, power):
        return False
    if power == "US":
        return us_election_turn(board)
    return not enemies(board, power)


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """IPO 10's targets: the power itself when due and owing none; another Democrat (never
    the US) ahead of it on the initiative track, due and owing none (RULING 67)."""
    order = board["initiative"]
    out: list[dict[str, Any]] = []
    if due(board, power) and not owes_election(board, power):
        out.append({"option": "IPO10", "target": power})
    for target in order[:order.index(power)]:
        if target != "US" and due(board, target) and not owes_election(board, target):
            out.append({"option": "IPO10", "target": target})
    return out


def hold_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """MP 0(c): owed, or due once IPO 10 has been played this turn."""
    if conquered(board, power):
        return []
    if owes_election(board, power) or ("IPO10" in board["ipos_played"] and due(board, power)):
        return [{"option": "0c"}]
    return []


def _hold(board: dict[str, Any], power: str, rule: str) -> list[Event]:
    year = min(max(year_of(board), FIRST_YEAR), LAST_YEAR)
    first, last = election_period(power, year)
    board["powers"][power]["voted_period"] = first
    events = [Event("election_held", rule, {"power": power, "period": [first, last]})]
    if power == "US" and us_election_turn(board) and board["us_government"] != DEMOCRATS:
        board["us_government"] = DEMOCRATS
        events.append(Event("us_government", rule, {"government": DEMOCRATS}))
    return events


def play(state: State, power: str, action: dict[str, Any], roller: Any) -> list[Event]:
    """IPO 10 — on itself the power holds its election; on another, that power owes 0(c)."""
    board = state["board"]
    target = action["target"]
    if target == power:
        return _hold(board, power, RULE)
    return [Event("election_called", RULE, {"power": power, "target": target}),
            owed.owe(board, target, "0c", "IPO10", power)]


def play_hold(state: State, power: str, action: dict[str, Any], roller: Any) -> list[Event]:
    """MP 0(c) — the election is held (its debt, if any, is settled by owed.settle)."""
    return _hold(state["board"], power, RULE_0C)


def end_of_turn(board: dict[str, Any]) -> list[Event]:
    """At the end of a turn: in the last turn of a year, a power whose period ends this year
    and is still due owes 0(c) (late); in the US election turn, a US that has not voted
    gets a Republican government. Call before the turn advances."""
    if (int(board["turn"]) - 1) % 6 + 1 != 6:
        return []
    year = year_of(board)
    events: list[Event] = []
    for power in board["initiative"]:
        if power == "US":
            if us_election_turn(board) and not _voted(board, "US"):
                if board["us_government"] != REPUBLICANS:
                    board["us_government"] = REPUBLICANS
                events.append(Event("us_government", RULE,
                                    {"government": REPUBLICANS, "year": year}))
            continue
        if year >= LAST_YEAR or election_period(power, year)[1] != year:
            continue
        if due(board, power) and not owes_election(board, power):
            events.append(owed.owe(board, power, "0c", "late", power))
    return events
