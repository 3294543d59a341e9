"""DoD 8.7.1 IPO 4 (Coup) and the use of MP 0(e) coup cells against it.

Who: a power whose initiative position is at most the minor's willpower, on a minor not at
war, in civil war, conquered or aligned (8.7.1 IPO 4). The coup is paid
when announced (the rule pays "after you announce"), so it is paid even when neutralised or
when the roll gives nothing (RULING 90).
Coup cells: every other power holding a cell in the minor may spend it to neutralise the
attempt, asked in reverse initiative order. RULING 91 (amended in version 16): a reaction
window, one decision a holder, asked one after another (`flow["coup"]` keeps who is left):
the first holder that uses its cell spends it and the coup stops; when every holder has kept
its cell, the coup is rolled. The rulebook gives no default: ours is to keep the cell (an
absent player spends nothing it cannot get back, as the League's windows abstain). The
couper's own cell is never asked.
The roll: d10, less 1 per alliance of the minor with another power, plus 1 per alliance with
the couper, plus the minor's stability and the year's modifier, read on the coup table.
The coup table, stability and the yearly modifier are on the absent Status Display and War
Chart: RULING 92 authors them (the two printed examples fixed where they could).
Results:
- no effect;
- civil war (RULING 93, amended in version 17; RULING 96): a civil war breaks out
  (civil_war.py), the couper directing the rebels and the power that would counter-coup the
  government. No major power's army point stands in a minor without the map, so the
  controller's exception never applies (MP 0(b) points are the minor's own);
- counter-coup (1 or 2 dice): a power of another ideology, chosen by control, alliance,
  display distance, then initiative, rolls the dice and places their total as its marker in
  the minor; the couper is implicated: half the War Chart's US entry of the minor (the minor's
  own effect being replaced by the dice; minor rows carry no other minor effects here);
- coup (1-3 dice): the couper places the dice total as its marker in the minor. Alliances stay.
Every carried minor has a political marker, so the unmarked-minor path (second stability
number, alliance) has nothing to act on (RULING 94).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller

from . import civil_war, markers, minor_war, war_chart
from .alliances import position
from .catalogue import CATALOGUE
from .control import controller
from .display import distance
from .minors import MINORS
from .powers import POWERS

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 4"
IPO4 = CATALOGUE["IPO4"]

# RULING 92 — authored unless said. Yugoslavia's +2 is printed (the IPO 4 example).
STABILITY: dict[str, int] = {m: 0 for m in MINORS} | {
    "yugoslavia": 2, "spain": 2, "austria": 1, "bulgaria": 1, "greece": 1, "rumania": 1,
    "sweden": -2, "netherlands": -2, "belgium": -1, "finland": -1, "czechoslovakia": -1}


def year_modifier(year: int) -> int:
    """RULING 92: 1941's +1 is printed (both examples); the rest authored: -1 before 1939, 0 in
    1939 and 1940, +1 from 1941."""
    return -1 if year < 1939 else 0 if year < 1941 else 1


# RULING 92 — the coup table, modified roll to result (authored; printed: 4 is a two-dice
# counter-coup, 8 a three-dice coup).
def table(modified: int) -> tuple[str, int]:
    if modified <= 1:
        return "no_effect", 0
    if modified == 2:
        return "civil_war", 0
    if modified in (3, 4):
        return "counter_coup", modified - 2
    if modified == 5:
        return "coup", 1
    if modified in (6, 7):
        return "coup", 2
    return "coup", 3


PROVENANCE: dict[str, str] = {
    "STABILITY": "authored (War Chart absent), except Yugoslavia +2: printed in the IPO 4 example",
    "year_modifier": "1941 +1 printed (IPO 4 examples); other years authored",
    "table": "authored (Status Display absent); 4 = counter-coup 2 dice and 8 = coup 3 dice "
             "printed in the IPO 4 examples",
    "cost": "authored (the cards are absent)",
}


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    return [{"option": "IPO4", "minor": m} for m in sorted(MINORS)
            if not minor_war.off_the_table(board, m)
            and position(board, power) <= MINORS[m].willpower]


def modifier(board: dict[str, Any], power: str, minor: str) -> int:
    allies = board["alliances"].get(minor, [])
    own = sum(1 for a in allies if a == power)
    return own - (len(allies) - own) + STABILITY[minor] + year_modifier(
        war_chart.year_of(board["turn"]))


def cell_holders(board: dict[str, Any], power: str, minor: str) -> list[str]:
    """RULING 91 — the other cell holders, in the order they are asked: reverse initiative."""
    holders = [p for p in board["coup_cells"].get(minor, []) if p != power]
    return sorted(holders, key=lambda p: position(board, p), reverse=True)


def counter_couper(board: dict[str, Any], power: str, minor: str) -> str | None:
    """DoD 8.7.1 IPO 4 — another ideology's power: the controller, else an ally, else the
    closest on the display, else the best initiative (RULING 95: ties go to the better
    initiative; a conquered power is out)."""
    others = [p for p in board["initiative"] if POWERS[p].ideology != POWERS[power].ideology
              and p not in board.get("conquered", ())]
    if not others:
        return None
    held = controller(board, minor)
    if held in others:
        return held
    allies = [p for p in others if p in board["alliances"].get(minor, [])]
    if allies:
        return min(allies, key=lambda p: position(board, p))
    where = board["display"][minor]
    return min(others, key=lambda p: (distance(where, board["display"][p]), position(board, p)))


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board, minor = state["board"], action.get("minor")
    if minor not in MINORS:
        raise MalformedAction('IPO 4 names a "minor" on the Status Display')
    if {"option": "IPO4", "minor": minor} not in actions(board, power):
        raise IllegalAction(RULE, "coup_not_open", {"minor": minor},
                            "You may not attempt a coup there now (your initiative must be at "
                            "most its willpower, and it must not be at war, conquered or "
                            "aligned).")
    board["powers"][power]["money"] -= IPO4.cost                # RULING 90
    holders = cell_holders(board, power, minor)
    if not holders:
        return roll_coup(state, power, minor, roller)
    state["flow"]["coup"] = {"power": power, "minor": minor, "holders": holders,
                             "number": board["powers"][power]["played"]}
    return [Event("coup_announced", RULE, {"power": power, "minor": minor,
                                           "holders": holders})]


# --- the coup cells' reaction window (RULING 91) -----------------------------------------------

CELL_CHOICES = ({"use": False}, {"use": True})      # keep the cell first: the timeout default


def decisions(state: State) -> list[Decision]:
    """The next holder in reverse initiative order decides whether to use its cell."""
    pending = state["flow"].get("coup")
    if not pending:
        return []
    board, holder = state["board"], pending["holders"][0]
    power, minor = pending["power"], pending["minor"]
    return [Decision(
        id=f"t{board['turn']}-coup-{power}-{pending['number']}-{holder}", seats=(holder,),
        kind="coup_cell", rule=RULE,
        prompt=(f"{POWERS[power].title} attempts a coup in {MINORS[minor].title}: use your "
                f"coup cell there to stop it (the cell is spent), or keep it"),
        waiting=f"{POWERS[holder].title} is deciding whether to use its coup cell",
        options=CELL_CHOICES, reaction=True, data={"power": power, "minor": minor})]


def answer(state: State, holder: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """Using the cell spends it and stops the coup; keeping it passes the question to the next
    holder, and after the last the coup is rolled. `flow["coup"]` is None once it is over."""
    board, pending = state["board"], state["flow"]["coup"]
    power, minor = pending["power"], pending["minor"]
    if action["use"]:
        state["flow"]["coup"] = None
        cells = board["coup_cells"][minor]
        cells.remove(holder)
        if not cells:
            board["coup_cells"].pop(minor)
        return [Event("coup_neutralised", RULE, {"power": power, "minor": minor,
                                                 "cell_of": holder})]
    pending["holders"].pop(0)
    events = [Event("coup_cell_kept", RULE, {"power": power, "minor": minor, "cell_of": holder})]
    if pending["holders"]:
        return events
    state["flow"]["coup"] = None
    return events + roll_coup(state, power, minor, roller)


def roll_coup(state: State, power: str, minor: str, roller: Roller) -> list[Event]:
    """The coup not neutralised: the d10 on the coup table and its result."""
    board = state["board"]
    roll = roller.d(10, f"IPO 4 {power} coup in {minor}")
    modified = roll + modifier(board, power, minor)
    result, dice = table(modified)
    payload: dict[str, Any] = {"power": power, "minor": minor, "roll": roll,
                               "modified": modified, "result": result, "dice": dice}
    if result == "civil_war":
        # RULING 96: no major power's army point stands in a minor without the map, so the
        # controller's exception never applies; the counter-couper takes the government
        government = counter_couper(board, power, minor)
        payload["government"] = government
        events = [Event("coup_attempt", RULE, payload)]
        if government is None:      # nobody of another ideology is left: nothing happens
            return events
        return events + civil_war.start(state, power, government, minor, roller)
    if result == "no_effect":
        return [Event("coup_attempt", RULE, payload)]
    who = power if result == "coup" else counter_couper(board, power, minor)
    payload["by"] = who
    if who is None:         # nobody of another ideology is left to counter
        return [Event("coup_attempt", RULE, payload)]
    total = sum(roller.roll(10, f"IPO 4 {who} control dice in {minor}", dice))
    payload["total"] = total
    events = [Event("coup_attempt", RULE, payload)]
    if result == "counter_coup":
        events.append(war_chart.apply_us_entry(board, power, minor, halved=True))
    return events + markers.add_markers(board, who, {minor: total}, target=minor)
