"""DoD 8.7.1 IPO 19 (Embargo) and IPO 20 (National Effort): the two options that change a power's
production in wartime, and the income they leave (10.1).

Income itself is production.py's (10.1, version 24): IPO 20 moves the PM track a level
(production.multiple, RULING 145 in place of ruling 54's flat step) and an embargo cancels trade
counted as resources (RULING 146). RULING 55: IPO 20 raises the player's PM by one level for the
turn it is played and the next five (the option's text and example; 10.1's "this year" is the
looser wording) and lowers it by one level for every turn after; a power plays it again only
once its last effort has run out, and the later cuts add up. The PM never falls below 0 (10.1:
a PML off the left end of the track is a PM of 0).

RULING 56: trade agreements need the map's resources and factories; a pair of powers has one
while at peace and holding a treaty of level 1 or more (MP 3 lets one be put in place with any
level), and Japan and the US hold the printed starting one (8.7.1 IPO 19.1, MP 3). An embargo
needs that agreement and casus belli against the target (MP 4); the US needs no casus belli to
embargo a power at war with a Democratic major power other than China (the printed sentence
makes the US the one at war, impossible inside an ideology, so it is read as the target), nor
one at war with China whose modified US entry total (US 4) is 30 or more. RULING 57: its
effects: the target loses EMBARGO_CUT["target"] resources a turn (the book's least cut, 2
resources) and the embargoer EMBARGO_CUT["embargoer"] (the target's reciprocation, which
costs it nothing and so is always made, here at once); the War Chart's minor effects of a
declaration on the target, halved and rounded halves up (8.4.3 names IPO 19 as halving them),
are placed; no US entry (the card is absent). An embargo ends when the two go to war or sign a
new treaty level (MP 3 renegotiates trade), or one is conquered; it is lifted at production.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from . import markers, us_entry, war_chart
from .catalogue import CATALOGUE
from .combat import rounded
from .powers import DEMOCRACY, POWERS
from .relations import at_war, conquered, enemies, has_casus_belli, level, pair

State = dict[str, Any]
EFFORT_TURNS = 6                           # DoD 8.7.1 IPO 20: this turn and the following 5
STARTING_TRADE = ("JA-US",)                # DoD 8.7.1 IPO 19.1, MP 3: printed
EMBARGO_CUT = {"target": 2, "embargoer": 1}          # RULING 57, authored: resources
US_EMBARGO_TOTAL = 30                      # DoD 8.7.1 IPO 19: printed


def effort_running(board: dict[str, Any], power: str) -> bool:
    return int(board["turn"]) <= int(board["powers"][power]["effort_until"])


def pm_levels(board: dict[str, Any], power: str) -> int:
    """DoD 8.7.1 IPO 20 — the PM track's levels above (+) or below (-) the 1936 level: one up
    while a national effort runs, one down for each effort run out (RULING 55)."""
    entry = board["powers"][power]
    running = effort_running(board, power)
    return (1 if running else 0) - (int(entry["efforts"]) - (1 if running else 0))


def production_multiple(board: dict[str, Any], power: str) -> Fraction:
    """DoD 10.1 — RULING 118 (kept by ruling 145): PML 1 is a PM of 1 and a level a quarter,
    never below 0; the PM the national options' prerequisites read (without 10.1's temporary
    levels, which production.multiple adds for income)."""
    return max(Fraction(0), 1 + Fraction(pm_levels(board, power), 4))


def effort_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.1 IPO 20 — at war with a major power, no effort of ours running (RULING 55)."""
    if enemies(board, power) and not effort_running(board, power):
        return [{"option": "IPO20"}]
    return []


def play_effort(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    entry = board["powers"][power]
    entry["money"] -= CATALOGUE["IPO20"].cost
    entry["effort_until"] = int(board["turn"]) + EFFORT_TURNS - 1
    entry["efforts"] = int(entry["efforts"]) + 1
    return [Event("national_effort", CATALOGUE["IPO20"].rule, {
        "power": power, "until": entry["effort_until"], "levels": 1,
        "efforts": entry["efforts"], "cost": CATALOGUE["IPO20"].cost})]


def has_trade(board: dict[str, Any], a: str, b: str) -> bool:
    """RULING 56 — a trade agreement: at peace, with a treaty level, or the printed JA-US one."""
    if at_war(board, a, b):
        return False
    return level(board, a, b) >= 1 or pair(a, b) in STARTING_TRADE


def _us_may_embargo(board: dict[str, Any], target: str) -> bool:
    """DoD 8.7.1 IPO 19 — the US's two ways without casus belli (RULING 56)."""
    foes = enemies(board, target)
    if any(POWERS[f].ideology == DEMOCRACY and f != "CH" for f in foes):
        return True
    return "CH" in foes and us_entry.modified_total(board, target) >= US_EMBARGO_TOTAL


def embargoed(board: dict[str, Any], power: str, target: str) -> bool:
    return any(e["by"] == power and e["on"] == target for e in board["embargoes"])


def may_embargo(board: dict[str, Any], power: str, target: str) -> bool:
    if target == power or conquered(board, power) or conquered(board, target):
        return False
    if not has_trade(board, power, target) or embargoed(board, power, target):
        return False
    return has_casus_belli(board, power, target) or (power == "US" and
                                                      _us_may_embargo(board, target))


def embargo_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    return [{"option": "IPO19", "target": t} for t in board["initiative"]
            if may_embargo(board, power, t)]


def play_embargo(state: State, power: str, action: dict[str, Any], roller: Roller
                 ) -> list[Event]:
    board, target = state["board"], action["target"]
    board["powers"][power]["money"] -= CATALOGUE["IPO19"].cost
    board["embargoes"].append({"by": power, "on": target, "since": int(board["turn"])})
    board["embargoes"].sort(key=lambda e: (e["by"], e["on"]))
    halved = {m: rounded(Fraction(v, 2))
              for m, v in war_chart.minor_effects_of(board, target).items()}
    return [Event("embargo", CATALOGUE["IPO19"].rule, {
        "power": power, "target": target, "cost": CATALOGUE["IPO19"].cost,
        "cut": dict(EMBARGO_CUT)}), *markers.add_markers(board, power, halved)]


def _ended(board: dict[str, Any], embargo: dict[str, Any]) -> bool:
    by, on = embargo["by"], embargo["on"]
    treaty = board["treaties"].get(pair(by, on))
    renewed = treaty is not None and int(treaty["signed"]) > int(embargo["since"]) \
        and int(treaty["level"]) >= 1
    return conquered(board, by) or conquered(board, on) or at_war(board, by, on) or renewed


def lift_embargoes(board: dict[str, Any]) -> list[Event]:
    """RULING 57 — before income: embargoes whose pair went to war, signed a new treaty level
    or lost a member to conquest are lifted."""
    kept, events = [], []
    for embargo in board["embargoes"]:
        if _ended(board, embargo):
            events.append(Event("embargo_lifted", CATALOGUE["IPO19"].rule,
                                {"power": embargo["by"], "target": embargo["on"]}))
        else:
            kept.append(embargo)
    board["embargoes"] = kept
    return events
