"""DoD 8.7.2 — Germany's demands on its neighbours and what follows them: GE 8 Demand
Sudetenland and GE 10 Demand Danzig Corridor, the Western answers that block them (CW 6 Back
the Czechs, CW 7 Back Poland, FR 8 Little Entente Backed) and GE 9 Czech. Rump Occupied. The
answers are national options answered by a 0(f) (national.py's ANSWERED_BY and
settle_proposals, RULING 122), which settles the demands after them (RULING 130); the minor's
conquest level after a cession is minor_army.conquest_level's (RULING 134).

- GE 8 Sudetenland / GE 10 Danzig (version 21): demands that succeed at the end of political
  affairs unless an answer blocks them: CW 6 or FR 8 (GE 8), CW 7 (GE 10), each a national
  option answered by the other Western power's 0(f) on ruling 122's mechanism (ANSWERED,
  SUCCEEDS); the territory joins Germany's home country from the political map; GE 10's
  resource a turn from Poland (RULINGS 129-133).
- GE 9 Czech. Rump Occupied (version 22): GE 8 granted in an earlier turn, Czechoslovakia free;
  it leaves the display as Austria does, what is left of it on the map becomes a German colony
  (`colonies`), 21 German army points, +3 PE to the Commonwealth and +1 to France (RULINGS
  136-137).

From version 22 a demand lapses if its minor is no longer free when it settles, and
the minor's conquest level falls by the ceded territory's (minor_army.conquest_level,
RULINGS 134-135).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from .catalogue import CATALOGUE
from .national_common import (
    State,
    absorb,
    absorbed,
    map_income,
    minor_free,
    once,
    pay,
    played,
    recount,
    shift_pe,
)
from .powers import DEMOCRACY, POWERS
from .relations import conquered
from .war_economy import production_multiple
from .world import political_map

DEMAND_PM = Fraction(3, 4)                   # DoD 8.7.2 GE 8 / GE 10: printed
# DoD 8.7.2 GE 8 / GE 10: the minor that must be free and the territory it hands over.
DEMANDS = {"GE8": ("czechoslovakia", "sudetenland"), "GE10": ("poland", "danzig_corridor")}
# DoD 8.7.2 CW 6, FR 8, CW 7: the demand each answer blocks, and the minors it guarantees.
BLOCKS = {"CW6": "GE8", "FR8": "GE8", "CW7": "GE10"}
BACKED = {"CW6": ("czechoslovakia",), "CW7": ("poland",),
          "FR8": ("czechoslovakia", "rumania", "yugoslavia")}
GUARANTORS = ("CW", "FR")                    # DoD 8.7.2 CW 6, CW 7, FR 8: both guarantee
# DoD 8.7.2 CW 6, CW 7, FR 8 — the power whose 0(f) each answer waits for (RULING 122; merged
# into national.ANSWERED_BY, which the proposal machinery reads).
ANSWERED = {"CW6": "FR", "CW7": "FR", "FR8": "CW"}


# --- GE 8 Demand Sudetenland, GE 10 Demand Danzig Corridor --------------------------------

def _waiting(board: dict[str, Any], demand: str) -> bool:
    return any(d["option"] == demand and d["turn"] == board["turn"]
               for d in board["national"].get("demands", []))


def demand_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 8 / GE 10 — Germany's PM 3/4 or more (RULING 118's reading), the minor free
    (not at war, in civil war, conquered or aligned), the demand neither made good nor blocked
    before (RULING 131: a blocked demand is never made again)."""
    if power != "GE" or production_multiple(board, power) < DEMAND_PM:
        return []
    national = board["national"]
    return [{"option": option} for option, (minor, _) in DEMANDS.items()
            if once(board, option) and option not in national.get("blocked", {})
            and not _waiting(board, option) and minor_free(board, minor)]


def make_demand(state: State, power: str, action: dict[str, Any], roller: Roller
                ) -> list[Event]:
    """RULING 129 — a demand waits for the end of political affairs (the answers CW 6 / FR 8 /
    CW 7 are only legal while it waits); nothing is paid before it succeeds (8.4.1)."""
    board = state["board"]
    option = action["option"]
    board["national"]["demands"].append({"option": option, "turn": board["turn"]})
    minor, territory = DEMANDS[option]
    return [Event("demand_made", CATALOGUE[option].rule,
                  {"power": power, "option": option, "minor": minor, "territory": territory})]


def backing_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 CW 6 / CW 7 / FR 8 — the demand it answers made this turn (FR 8 also after
    Germany's war on Czechoslovakia, Rumania or Yugoslavia begun in an earlier turn, RULING
    132); the answering power still in the game (its 0(f) is needed)."""
    out = []
    for option, demand in BLOCKS.items():
        if CATALOGUE[option].power != power or not once(board, option) \
                or conquered(board, ANSWERED[option]):
            continue
        if _waiting(board, demand) or (option == "FR8" and _entente_attacked(board)):
            out.append({"option": option})
    return out


def _entente_attacked(board: dict[str, Any]) -> bool:
    """RULING 132: a German war on one of FR 8's minors still open, declared before this turn,
    or one of them conquered by Germany (RULING 136: GE 9's occupation is no war)."""
    return any(w["power"] == "GE" and w["minor"] in BACKED["FR8"]
               and int(w["since"]) < int(board["turn"]) for w in board["minor_wars"]) \
        or any(board["minors_conquered"].get(m) == "GE" and not absorbed(board, m)
               for m in BACKED["FR8"])


def _back(state: State, power: str, option: str) -> list[Event]:
    """CW 6 / CW 7 / FR 8 agreed by the other's 0(f): the backer pays; the Commonwealth and
    France guarantee the option's minors that are free, where not already guaranteed (IPO 12's
    guarantee without its price or markers, RULING 133); a demand of this turn is blocked for
    good (RULING 131)."""
    board = state["board"]
    cost = pay(state, power, option)
    guaranteed = []
    for minor in BACKED[option]:
        if not minor_free(board, minor):
            continue
        held = board["guarantees"].setdefault(minor, [])
        for guarantor in GUARANTORS:
            if guarantor not in held and not conquered(board, guarantor):
                held.append(guarantor)
                guaranteed.append(f"{guarantor}>{minor}")
        held.sort()
    demand = BLOCKS[option]
    blocked = _waiting(board, demand)
    if blocked:
        board["national"]["blocked"].setdefault(demand, int(board["turn"]))
    return [Event("demand_backed", CATALOGUE[option].rule, {
        "power": power, "option": option, "guaranteed": guaranteed,
        "blocks": demand if blocked else None, "cost": cost})]


def settle_demands(state: State) -> list[Event]:
    """DoD 8.7.2 GE 8 / GE 10 at the end of political affairs, after the answers: a demand no
    answer blocked succeeds: Germany pays, the territory joins its home country from the
    political map (its production with it, and the minor's conquest level falls by its level,
    minor_army.conquest_level); GE 10's Poland pays Germany a resource a turn (RULING 130). A
    blocked demand costs nothing; so does one whose minor is no longer free (a war on it, its
    civil war or its alignment later in the step: RULING 135), which may be made again."""
    board, events = state["board"], []
    national = board["national"]
    for demand in national["demands"]:
        option = demand["option"]
        minor, territory = DEMANDS[option]
        if option in national["blocked"]:
            events.append(Event("demand_blocked", CATALOGUE[option].rule,
                                {"power": "GE", "option": option, "minor": minor}))
            continue
        if not minor_free(board, minor):       # RULING 135: a war, coup or alignment since
            events.append(Event("demand_lapsed", CATALOGUE[option].rule,
                                {"power": "GE", "option": option, "minor": minor}))
            continue
        cost = pay(state, "GE", option)
        before = map_income(board, "GE")
        national["home"][territory] = "GE"
        if option == "GE10":
            national["tribute"][minor] = "GE"
        added = recount(board, "GE", before)
        events.append(Event("demand_granted", CATALOGUE[option].rule, {
            "power": "GE", "option": option, "minor": minor, "territory": territory,
            "income_added": added, "tribute": option == "GE10", "cost": cost}))
    national["demands"] = []
    return events


def end_tributes(board: dict[str, Any]) -> list[Event]:
    """DoD 8.7.2 GE 10 — Poland's resource stops once a major power is at war with it or has
    aligned it (RULING 130: checked at each production step, before income)."""
    events = []
    tribute = board["national"].get("tribute", {})
    for minor in sorted(tribute):
        at_war_with = any(w["minor"] == minor for w in board["minor_wars"]) \
            or minor in board["minors_conquered"]
        if at_war_with or minor in board.get("aligned", {}):
            power = tribute[minor]
            before = map_income(board, power)
            del tribute[minor]
            events.append(Event("tribute_ends", CATALOGUE["GE10"].rule, {
                "power": power, "minor": minor, "income_added": recount(board, power, before)}))
    return events


# --- GE 9 Czech. Rump Occupied ----------------------------------------------------------------

RUMP = "czechoslovakia"
RUMP_ARMY = 21                               # DoD 8.7.2 GE 9: printed
RUMP_PE = {"CW": 3, "FR": 1}                 # DoD 8.7.2 GE 9: printed, each if Democratic


def rump_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 9 — GE 8 granted in an earlier turn (`played` keeps the turn it
    succeeded), Czechoslovakia free as GE 8 reads it (RULING 136)."""
    if power != "GE" or not once(board, "GE9") or not played(board, "GE8"):
        return []
    if int(board["national"]["played"]["GE8"]) >= int(board["turn"]):
        return []
    return [{"option": "GE9"}] if minor_free(board, RUMP) else []


def play_rump(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """RULING 136 — Czechoslovakia leaves the display as Austria does under GE 7 (`_absorb`);
    what is left of it on the map (all its home territories but the Sudetenland) becomes a
    German colony (`national.colonies`, IT 8's way): their production counts for Germany's,
    their levels do not join its conquest level (12.3: home country only). Germany gains the 21
    army points; the Commonwealth +3 PE and France +1 PE, each if Democratic (always, in this
    package: ideologies do not change) and still in the game (RULING 137)."""
    board = state["board"]
    cost = pay(state, power, "GE9")
    national = board["national"]
    before = map_income(board, power)
    rump = [t for t in political_map().home_country(RUMP)
            if t not in national["home"] and t not in national["colonies"]]
    for territory in rump:
        national["colonies"][territory] = power
    added = recount(board, power, before)
    absorb(board, RUMP, power)
    entry = board["powers"][power]
    entry["army"] = int(entry["army"]) + RUMP_ARMY
    pe = {}
    for who, change in RUMP_PE.items():
        if POWERS[who].ideology == DEMOCRACY and not conquered(board, who):
            shift_pe(board, who, change)
            pe[who] = board["powers"][who]["pe"]
    return [Event("czech_rump_occupied", CATALOGUE["GE9"].rule, {
        "power": power, "minor": RUMP, "territories": rump, "army": RUMP_ARMY,
        "income_added": added, "pe": pe, "cost": cost})]


# The effect of each national option answered by a 0(f), applied on success (settle_proposals).# The effect of each answer on success (national.settle_proposals).
SUCCEEDS = {"CW6": lambda state, power: _back(state, power, "CW6"),
            "CW7": lambda state, power: _back(state, power, "CW7"),
            "FR8": lambda state, power: _back(state, power, "FR8")}


# Their legal actions (in the catalogue's order, which options.ACTIONS keeps) and the handlers
# of the three German options; the answers' handler is national.propose_national.
ACTIONS = {
    "GE8": lambda board, power: [a for a in demand_actions(board, power) if a["option"] == "GE8"],
    "GE9": rump_actions,
    "GE10": lambda board, power: [a for a in demand_actions(board, power)
                                  if a["option"] == "GE10"],
    "CW6": lambda board, power: [a for a in backing_actions(board, power)
                                 if a["option"] == "CW6"],
    "CW7": lambda board, power: [a for a in backing_actions(board, power)
                                 if a["option"] == "CW7"],
    "FR8": lambda board, power: [a for a in backing_actions(board, power)
                                 if a["option"] == "FR8"],
}
HANDLERS = {"GE8": make_demand, "GE9": play_rump, "GE10": make_demand}
