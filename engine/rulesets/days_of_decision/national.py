"""DoD 8.7.2 — the national options (GE 6-14 and the other powers' 6-8) that the abstract model
can play: each is offered to its own power only, once a turn like the numbered MP options, and
paid on success (8.4.1). Their catalogue rows (catalogue.py) give each one's reason when absent.

Built here (rulings 105-112):
- US 6 Revise Neutrality Act: pass (+1 PE) or veto (-1 PE), each shifting every later US entry
  effect one toward zero (pass) or one away from it (veto); the votes are kept in order and
  applied in that order by us_entry.add (RULING 105).
- RU 6 Purge: +2 PE, 17 army points lost (never below none, RULING 106); RU 4 then opens
  Soviet declarations from the next turn on (RULING 107, war.py and minor_war.py).
- GE 6 / FR 6 Rhineland: the Rhineland itself is on the absent map; what is built is who
  holds it, the holder's rival's alliances with Belgium broken, and France's +3 US entry each
  turn it holds it at peace with Germany (RULING 108).
- GE 11 Recognise the Ukraine, by its political branch (Poland stacked with or aligned to
  Germany, no treaty with the Soviet Union, three initiative places ahead): the PE shifts,
  6 army points and the Soviet Union's lasting casus belli (RULING 109).
- GE 7 Anschluss (version 19, from the political map): the PM at 3/4 or more (RULING 118),
  Germany ahead of every power allied to Austria, Austria free; Austria leaves the display and
  becomes German home country with 7 German army points, its territory's conquest level and
  production added to Germany's from the map (RULINGS 119-120).
- IT 7 Italian Anschluss (version 20): GE 7 for Italy, the same functions with the power as a
  parameter, each option barring the other (RULING 121).
- CH 6 Modernize Army (version 20): a national option answered by the US's 0(f) (RULING 122:
  a proposal of kind "national", settled with the others at the end of political affairs);
  on success China pays and 15 army points arrive at the next production (RULING 123).
- JA 6 Peking Bridge Incident (version 20): Japan at limited war with China (a war edge marked
  limited: a fifth of the offensives, 11.2's roll one less), China's PE unchanged and its PM
  raised to 1/4; Japan activates (RULINGS 124-127).
- IT 8 Occupy Albania (version 20): Albania's territory an Italian colony, its production
  (none in 1936) Italy's (RULING 128).
- JA 7 Manchuria Abandoned: -1 PE; the territory moves on the absent map (RULING 110).
- JA 8 Tojo Takes Over: +2 PE and the forced march of Japan's marker toward the Fascist centre
  (RULING 111).

`board["national"]`: {"played": {option: turn first played}, "neutrality": ["pass"|"veto", ...],
"rhineland": None | "GE" | "FR", "home": {territory: power it joined the home country of}
(version 19), "army_due": {power: army points it gains at the next production},
"colonies": {territory: power it became a colony of} (version 20), "demands": [{"option": GE 8
or GE 10, "turn": t}] waiting for the end of political affairs, "blocked": {demand: turn an
answer blocked it}, "tribute": {minor: power it pays a resource to} (version 21), "markers":
{minor: {power: resources}} an option's resource markers in its boxes (version 23, GE 13,
GE 14), "claims": {territory: minor it passed to} (version 23, GE 13)}.

The demands (GE 8, GE 10), their answers (CW 6, CW 7, FR 8) and GE 9 are in cession.py, GE 13
and GE 14 in land_claims.py (version 23); the helpers they share in national_common.py.
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from . import cession, land_claims, us_entry, war
from .alignment import aligned_to
from .catalogue import CATALOGUE
from .display import HEXES, zone
from .national_common import (
    State,
    absorb,
    map_income,
    minor_free,
    once,
    pay,
    played,
    position,
    recount,
    shift_pe,
)
from .new_world_order import centre_hexes, entry_cost
from .powers import FASCISM, POWERS, modified_pe
from .relations import at_war, conquered, enemies, level
from .war_economy import production_multiple
from .world import political_map

PURGE_PE, PURGE_ARMY = 2, 17                 # DoD 8.7.2 RU 6: printed
RHINELAND_US_ENTRY = 3                       # DoD 8.7.2 FR 6: printed, each turn
UKRAINE_PE = {"GE": -2, "RU": 1}             # DoD 8.7.2 GE 11: printed
UKRAINE_ARMY = 6                             # DoD 8.7.2 GE 11: printed
UKRAINE_LEAD = 3                             # DoD 8.7.2 GE 11 (c): at least 3 places ahead
MANCHURIA_PE = -1                            # DoD 8.7.2 JA 7: printed
TOJO_PE = 2                                  # DoD 8.7.2 JA 8: printed
TOJO_POINTS = 8                              # DoD 8.7.2 JA 8: 8 less Japan's position
TOJO_RIVALS = ("CW", "RU", "CH", "US")       # DoD 8.7.2 JA 8 (b)
ANSCHLUSS_ARMY = 7                           # DoD 8.7.2 GE 7: printed
ANSCHLUSS_PM = Fraction(3, 4)                # DoD 8.7.2 GE 7 (b): printed
ALBANIA_PM = Fraction(3, 4)                  # DoD 8.7.2 IT 8: printed
MODERNIZE_ARMY = 15                          # DoD 8.7.2 CH 6: printed
MODERNIZE_BEHIND = ("RU", "JA")              # DoD 8.7.2 CH 6: China ahead of both
CHINA_PM = Fraction(1, 4)                    # DoD 8.7.2 JA 6: China's PM at least 1/4


def initial() -> dict[str, Any]:
    return {"played": {}, "neutrality": [], "rhineland": None, "home": {}, "army_due": {},
            "colonies": {}, "demands": [], "blocked": {}, "tribute": {}, "markers": {},
            "claims": {}}


# --- US 6 Revise Neutrality Act --------------------------------------------------------------

def neutrality_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 US 6 — the US at war with no major power; no veto that would take its
    modified PE below zero."""
    if power != "US" or enemies(board, power):
        return []
    out = [{"option": "US6", "act": "pass"}]
    if modified_pe(board, power) - 1 >= 0:
        out.append({"option": "US6", "act": "veto"})
    return out


def play_neutrality(state: State, power: str, action: dict[str, Any], roller: Roller
                    ) -> list[Event]:
    board = state["board"]
    cost = pay(state, power, "US6")
    act = action["act"]
    shift_pe(board, power, 1 if act == "pass" else -1)
    board["national"]["neutrality"].append(act)
    return [Event("neutrality_act", CATALOGUE["US6"].rule, {
        "act": act, "pe": board["powers"][power]["pe"], "cost": cost,
        "votes": list(board["national"]["neutrality"])})]


# --- RU 6 Purge ------------------------------------------------------------------------------

def purge_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    if power != "RU" or at_war(board, "RU", "GE") or not once(board, "RU6"):
        return []
    return [{"option": "RU6"}]


def play_purge(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    cost = pay(state, power, "RU6")
    entry = board["powers"][power]
    shift_pe(board, power, PURGE_PE)
    lost = min(PURGE_ARMY, int(entry["army"]))         # RULING 106: no army below none
    entry["army"] = int(entry["army"]) - lost
    return [Event("purge", CATALOGUE["RU6"].rule, {"pe": entry["pe"], "army_lost": lost,
                                                    "army": entry["army"], "cost": cost})]


# --- GE 6 / FR 6 Rhineland ------------------------------------------------------------------

def rhineland_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """GE 6: France not occupying it, Germany ahead of France. FR 6: GE 6 never played,
    France ahead of Germany. Either settles the Rhineland for the game (RULING 108)."""
    rival = {"GE": "FR", "FR": "GE"}.get(power)
    if rival is None or board["national"]["rhineland"] is not None or conquered(board, rival):
        return []
    if position(board, power) >= position(board, rival):
        return []
    return [{"option": f"{power}6"}]


def play_rhineland(state: State, power: str, action: dict[str, Any], roller: Roller
                   ) -> list[Event]:
    board = state["board"]
    option = action["option"]
    cost = pay(state, power, option)
    rival = "FR" if power == "GE" else "GE"
    board["national"]["rhineland"] = power
    allies = board["alliances"].get("belgium", [])
    broken = allies.count(rival)
    kept = [a for a in allies if a != rival]
    if kept:
        board["alliances"]["belgium"] = kept
    else:
        board["alliances"].pop("belgium", None)
    return [Event("rhineland", CATALOGUE[option].rule, {
        "power": power, "belgian_alliances_broken": {rival: broken} if broken else {},
        "cost": cost})]


def rhineland_us_entry(state: State, roller: Roller) -> list[Event]:
    """DoD 8.7.2 FR 6 — +3 to France's US entry each turn it holds the Rhineland while not at
    war with Germany (the US entry step; RULING 108: the occupation lasts while France is
    not conquered, its withdrawal needs the map)."""
    board = state["board"]
    if board["national"]["rhineland"] != "FR" or conquered(board, "FR") \
            or at_war(board, "FR", "GE"):
        return []
    us_entry.add(board, "FR", RHINELAND_US_ENTRY)
    return [Event("rhineland_us_entry", CATALOGUE["FR6"].rule, {
        "power": "FR", "entry": RHINELAND_US_ENTRY, "total": board["us_entry"]["FR"]})]


# --- GE 11 Recognise the Ukraine -------------------------------------------------------------

def ukraine_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """GE 11's political branch (Kiev is on the absent map): Poland stacked with Germany on
    the display or aligned to it, no German-Soviet treaty, Germany 3+ places ahead."""
    if power != "GE" or not once(board, "GE11") or conquered(board, "RU"):
        return []
    stacked = board["display"]["poland"] == board["display"]["GE"] \
        and "poland" not in board["minors_conquered"]
    poland = stacked or aligned_to(board, "poland") == "GE"
    ahead = position(board, "GE") + UKRAINE_LEAD <= position(board, "RU")
    if poland and level(board, "GE", "RU") == 0 and ahead:
        return [{"option": "GE11"}]
    return []


def play_ukraine(state: State, power: str, action: dict[str, Any], roller: Roller
                 ) -> list[Event]:
    board = state["board"]
    cost = pay(state, power, "GE11")
    for who, change in UKRAINE_PE.items():
        shift_pe(board, who, change)
    board["powers"]["GE"]["army"] = int(board["powers"]["GE"]["army"]) + UKRAINE_ARMY
    return [Event("ukraine", CATALOGUE["GE11"].rule, {
        "pe": {p: board["powers"][p]["pe"] for p in UKRAINE_PE}, "army": UKRAINE_ARMY,
        "casus_belli": "RU>GE", "cost": cost})]


# --- GE 7 Anschluss, IT 7 Italian Anschluss -------------------------------------------------

# DoD 8.7.2 GE 7 / IT 7: the same option for Germany and Italy, each barred by the other's.
ANSCHLUSS = {"GE": "GE7", "IT": "IT7"}



def anschluss_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 7 / IT 7 (a)-(d), one rule with the power as its parameter: the other's
    option 7 never played, the power's PM 3/4 or more (RULING 118), the power ahead of every
    other power allied to Austria, Austria free (RULING 121: IT 7 is GE 7 for Italy)."""
    option = ANSCHLUSS.get(power)
    if option is None or not once(board, option):
        return []
    if any(played(board, other) for other in ANSCHLUSS.values() if other != option):
        return []
    if production_multiple(board, power) < ANSCHLUSS_PM or not minor_free(board, "austria"):
        return []
    allies = [p for p in board["alliances"].get("austria", []) if p != power]
    if any(position(board, power) >= position(board, ally) for ally in allies):
        return []
    return [{"option": option}]


def play_anschluss(state: State, power: str, action: dict[str, Any], roller: Roller
                   ) -> list[Event]:
    """RULING 119: Austria leaves the display as a completely conquered minor does (12.2.2:
    its marker, alliances, guarantees, coup cells and modifiers go; it votes no more), held by
    the annexing power, with no vengeance owed (there was no war). RULING 120: its territory
    joins that power's home country: its conquest level adds to the power's
    (military.conquest_level) and its resources and factories to its production, read off the
    political map (RULING 121: the same for Italy under IT 7)."""
    board = state["board"]
    option = ANSCHLUSS[power]
    cost = pay(state, power, option)
    world = political_map()
    before = map_income(board, power)
    for territory in world.home_country("austria"):
        board["national"]["home"][territory] = power
    added = recount(board, power, before)
    entry = board["powers"][power]
    entry["army"] = int(entry["army"]) + ANSCHLUSS_ARMY
    absorb(board, "austria", power)
    return [Event("anschluss", CATALOGUE[option].rule, {
        "power": power, "minor": "austria", "army": ANSCHLUSS_ARMY,
        "income": entry["income"], "income_added": added,
        "level_added": sum(world.territories[t].level for t in world.home_country("austria")),
        "cost": cost})]


# --- IT 8 Occupy Albania --------------------------------------------------------------------

def albania_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 IT 8 — Albania free (RULING 128: not a display minor, so nobody can be at war
    with it, align it or start its civil war: it is free until an option takes it); Italy's PM
    3/4 or more; Italy ahead of the Commonwealth."""
    if power != "IT" or not once(board, "IT8") or "albania" in board["national"]["colonies"]:
        return []
    if production_multiple(board, power) < ALBANIA_PM:
        return []
    return [{"option": "IT8"}] if position(board, "IT") < position(board, "CW") else []


def play_albania(state: State, power: str, action: dict[str, Any], roller: Roller
                 ) -> list[Event]:
    """RULING 128 — Albania's territory becomes an Italian colony (`national.colonies`): its
    resources and factories count for Italy's production from the map (none in 1936), its
    level does not join Italy's conquest level (a colony is not home country, 12.3)."""
    board = state["board"]
    cost = pay(state, power, "IT8")
    world = political_map()
    before = map_income(board, power)
    for territory in world.home_country("albania"):
        board["national"]["colonies"][territory] = power
    added = recount(board, power, before)
    return [Event("albania_occupied", CATALOGUE["IT8"].rule, {
        "power": power, "territories": world.home_country("albania"),
        "income_added": added, "cost": cost})]


# --- JA 7 Manchuria Abandoned, JA 8 Tojo Takes Over ------------------------------------------

def manchuria_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    if power != "JA" or played(board, "JA8") or not once(board, "JA7"):
        return []
    return [{"option": "JA7"}] if position(board, "JA") > position(board, "CH") else []


def play_manchuria(state: State, power: str, action: dict[str, Any], roller: Roller
                   ) -> list[Event]:
    board = state["board"]
    cost = pay(state, power, "JA7")
    shift_pe(board, power, MANCHURIA_PE)
    return [Event("manchuria_abandoned", CATALOGUE["JA7"].rule,
                  {"pe": board["powers"][power]["pe"], "cost": cost})]


def tojo_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    if power != "JA" or not once(board, "JA8"):
        return []
    behind = sum(position(board, "JA") > position(board, p) for p in TOJO_RIVALS
                 if not conquered(board, p))
    return [{"option": "JA8"}] if played(board, "JA7") or behind >= 2 else []


def tojo_path(board: dict[str, Any], power: str) -> list[str]:
    """RULING 111 — the forced march: the cheapest path (IPO 1's entry costs, Fascist hexes
    only) to the nearest Fascist centre hex no other power holds (ties: the lower cost, then
    the hex id), walked as far as 8 less Japan's position pays for; it never ends on another
    power (it stops on the last free hex). Empty if it already stands on a free centre hex."""
    start = board["display"][power]
    occupied = {board["display"][p] for p in POWERS if p != power}
    goals = {h for h in centre_hexes(FASCISM) if h not in occupied}
    if start in goals or not goals:
        return []
    spent, came = {start: 0}, {}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > spent[here]:
            continue
        for there in _fascist_neighbours(here):
            total = cost + entry_cost(here, there, FASCISM)
            if total < spent.get(there, 10 ** 6):
                spent[there], came[there] = total, here
                heapq.heappush(queue, (total, there))
    reachable = sorted((spent[g], g) for g in goals if g in spent)
    if not reachable:
        return []
    path, hex_ = [], reachable[0][1]
    while hex_ != start:
        path.append(hex_)
        hex_ = came[hex_]
    path.reverse()
    budget = max(0, TOJO_POINTS - position(board, power))
    walked = [h for h in path if spent[h] <= budget]
    while walked and walked[-1] in occupied:
        walked.pop()
    return walked


def _fascist_neighbours(hex_id: str) -> list[str]:
    q, r = (int(x) for x in hex_id.split(","))
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    return sorted(h for h in (f"{q + dq},{r + dr}" for dq, dr in steps)
                  if h in HEXES and zone(h)[0] == FASCISM)


def play_tojo(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    cost = pay(state, power, "JA8")
    shift_pe(board, power, TOJO_PE)
    path = tojo_path(board, power)
    frm = board["display"][power]
    if path:
        board["display"][power] = path[-1]
    return [Event("tojo", CATALOGUE["JA8"].rule, {
        "pe": board["powers"][power]["pe"], "from": frm, "to": board["display"][power],
        "faction": zone(board["display"][power])[1], "cost": cost})]


# --- JA 6 Peking Bridge Incident ----------------------------------------------------------

def peking_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 JA 6 — Japan ahead of China, or JA 8 played; a declaration on China that MP 4's
    common limits allow (war.declarable: pacts, treaties; RULING 124). It is JA 4 (c): the one
    way Japan declares war on China without casus belli or JA 8 (RULING 126)."""
    if power != "JA" or not once(board, "JA6") or not war.declarable(board, "JA", "CH"):
        return []
    if position(board, "JA") < position(board, "CH") or played(board, "JA8"):
        return [{"option": "JA6"}]
    return []


def play_peking(state: State, power: str, action: dict[str, Any], roller: Roller
                ) -> list[Event]:
    """JA 6 — Japan at limited war with China (war.open_war(limited=True), RULINGS 124-125):
    China's PE does not rise, Japan still activates a minor (JA 6 is not MP 4), the War
    Chart's US entry and minor effects apply as for any declaration. China's PM is raised to
    1/4 if below it, by taking back run-out national efforts (RULING 124)."""
    board = state["board"]
    cost = pay(state, power, "JA6")
    china = board["powers"]["CH"]
    raised = 0
    while production_multiple(board, "CH") < CHINA_PM and int(china["efforts"]) > 0:
        china["efforts"] = int(china["efforts"]) - 1
        raised += 1
    events = [Event("peking_bridge", CATALOGUE["JA6"].rule, {
        "power": power, "target": "CH", "cost": cost,
        "china_pm": str(production_multiple(board, "CH")), "china_pm_raised": bool(raised)})]
    return events + war.open_war(board, power, "CH", limited=True)


# --- national options answered by another power's 0(f) (8.4.1) -----------------------------

# DoD 8.7.2 — a national option that succeeds only if a named power plays its 0(f) agreeing in
# the same turn (RULING 122): the option, the power whose 0(f) it waits for. Its cost and its
# effects are paid only on success (8.4.1, "black filled").
ANSWERED_BY = {"CH6": "US", **cession.ANSWERED, **land_claims.ANSWERED}


def propose_national(state: State, power: str, action: dict[str, Any], roller: Roller
                     ) -> list[Event]:
    """RULING 122 — playing the option puts a pending proposal of kind "national" to the
    answering power (treaties.accept_actions offers its 0(f) like any other; one 0(f) answers
    all); nothing is paid or applied until the end of political affairs (settle)."""
    board = state["board"]
    option = action["option"]
    board["proposals"].append({"from": power, "to": ANSWERED_BY[option], "turn": board["turn"],
                               "kind": "national", "option": option})
    return [Event("national_option_proposed", CATALOGUE[option].rule, {
        "power": power, "option": option, "to": ANSWERED_BY[option]})]


def settle_proposals(state: State) -> list[Event]:
    """DoD 8.4.1 — when political affairs end, before the other proposals (treaties.settle):
    each national option proposed this turn succeeds if its answerer's 0(f) of the same turn
    named the proposer (and the answerer is still in the game): the proposer pays and the
    option's effect applies (SUCCEEDS); otherwise it fails at no cost and may be tried again
    in a later turn."""
    board, events = state["board"], []
    national = board["national"]
    mine = [p for p in board["proposals"] if p.get("kind") == "national"]
    board["proposals"] = [p for p in board["proposals"] if p.get("kind") != "national"]
    for proposal in mine:
        power, option, answerer = proposal["from"], proposal["option"], proposal["to"]
        if power in board["accepts"].get(answerer, []) and not conquered(board, answerer) \
                and not conquered(board, power):
            events += SUCCEEDS[option](state, power)
        else:
            events.append(Event("national_option_failed", CATALOGUE[option].rule,
                                {"power": power, "option": option, "to": answerer}))
    if national.get("demands"):        # RULING 130: the answers first, then the demands
        events += cession.settle_demands(state)
    return events


# --- CH 6 Modernize Army --------------------------------------------------------------------

def modernize_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 CH 6 — China ahead of both the Soviet Union and Japan on the track; the US in
    the game to answer it (RULING 123)."""
    if power != "CH" or not once(board, "CH6") or conquered(board, "US"):
        return []
    if any(position(board, "CH") >= position(board, p) for p in MODERNIZE_BEHIND):
        return []
    return [{"option": "CH6"}]


def modernized(state: State, power: str) -> list[Event]:
    """CH 6 agreed by the US: China pays, and 15 army points are due at the next production
    step (RULING 123: they join the army when income is paid, turn.production)."""
    board = state["board"]
    cost = pay(state, power, "CH6")
    due = board["national"]["army_due"]
    due[power] = int(due.get(power, 0)) + MODERNIZE_ARMY
    return [Event("modernize_army", CATALOGUE["CH6"].rule,
                  {"power": power, "army_due": due[power], "cost": cost})]


def deliver_army(board: dict[str, Any]) -> list[Event]:
    """DoD 8.7.2 CH 6 — the army points due arrive at the production step (a conquered power's
    are lost with it)."""
    due = board["national"].get("army_due", {})
    events = []
    for power in sorted(due):
        if not conquered(board, power):
            board["powers"][power]["army"] = int(board["powers"][power]["army"]) + int(due[power])
            events.append(Event("national_army_arrives", CATALOGUE["CH6"].rule, {
                "power": power, "army": int(due[power]),
                "total": board["powers"][power]["army"]}))
    due.clear()
    return events

# The effect of each national option answered by a 0(f), applied on success (settle_proposals).
SUCCEEDS = {"CH6": modernized, **cession.SUCCEEDS, **land_claims.SUCCEEDS}


# The implemented national options: their legal actions and their effects (options.py).
ACTIONS = {
    "GE6": lambda board, power: rhineland_actions(board, power) if power == "GE" else [],
    "FR6": lambda board, power: rhineland_actions(board, power) if power == "FR" else [],
    "GE7": lambda board, power: anschluss_actions(board, power) if power == "GE" else [],
    "IT7": lambda board, power: anschluss_actions(board, power) if power == "IT" else [],
    "IT8": albania_actions,
    "GE11": ukraine_actions,
    "RU6": purge_actions, "JA7": manchuria_actions, "JA8": tojo_actions,
    "US6": neutrality_actions, "CH6": modernize_actions, "JA6": peking_actions,
    **cession.ACTIONS, **land_claims.ACTIONS,
}
HANDLERS = {
    "GE6": play_rhineland, "FR6": play_rhineland, "GE7": play_anschluss, "IT7": play_anschluss,
    "GE11": play_ukraine, "RU6": play_purge,
    "JA7": play_manchuria, "JA8": play_tojo, "US6": play_neutrality,
    "CH6": propose_national, "JA6": play_peking, "IT8": play_albania,
    **cession.HANDLERS, **{option: propose_national for option in cession.ANSWERED},
    **land_claims.HANDLERS, **{option: propose_national for option in land_claims.ANSWERED},
}

def describe(action: dict[str, Any]) -> str:
    if action["option"] == "US6":
        return f"{action['act']} the Neutrality Act"
    return ""
