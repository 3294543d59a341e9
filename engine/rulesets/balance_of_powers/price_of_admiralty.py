"""BoP 12.6 The Price of Admiralty — Jutland, naval units only, May 1916: Germany against
Britain, with the standard admiralty (6.41-6.44, sections 7 and 8).

The month is the admiralty phase's two General Quarters sub-phases (6.43), each a German half
then a British half: the `gq` step, its sub-phase kept in `flow["fortnight"]` (1 or 2) so the
decision ids stay unique. There is no economy, no land phase and no income (12.6: neither side
accrues RP); each side starts with 2 RP, which pays the dreadnought fee (7.25).

Set-up is fixed (ruling 71): the order of battle of `data/fleets.csv` in its historical ports —
the High Seas Fleet at Wilhelmshaven, the Grand Fleet at Scapa Flow, Beatty's force at
Newcastle (Rosyth is off our map), the Harwich Force at Harwich; the mines of `data/mines.csv`
in the Heligoland Bight and off the English east coast (6.44, ruling 86). 12.6's choice of
ports and mine places is not built. The ASW track starts at 8.

Victory at the end (12.6): Germany wins with more than one dreadnought in the Norwegian Sea
box; otherwise the side that lost more gunnery points loses; equal losses are a draw (ruling
57: 12.6 does not say).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from . import amphibious, coastal_raids, interrupt, mines, naval, naval_combat, transport
from .decisions import decision
from .fleets import SHIPS, gunnery_lost, side_of_ship
from .navies import new_naval_flow, set_up_navies
from .sequence import MONTH_SCRIPT, Step
from .setup import initial_state
from .tables import CENTRAL, ENTENTE
from .theatre import theatre

SCENARIO = "price-of-admiralty"
MONTH = "1916-05"
SEATS = (("germany", CENTRAL, "Germany", "#5a5a5a"),
         ("britain", ENTENTE, "Britain", "#b03a2e"))
SEAT_OF_SIDE = {CENTRAL: "germany", ENTENTE: "britain"}
START_RP = {"germany": 2, "britain": 2}
ASW_START = 8
NORWEGIAN_SEA = "norwegian-sea-box"
# 6.43: GQ I then GQ II, each a CP half then an EP half (the British choice to move first in
# GQ II is not built in this slice)
GQ_SCRIPT: tuple[tuple[str, int], ...] = ((CENTRAL, 1), (ENTENTE, 1), (CENTRAL, 2), (ENTENTE, 2))

# The move and the moving player's combat orders (ruling 90): search or not (8.21), the van
# (8.31), return to port after a battle when not obliged (8.34), try to evade if found (8.25,
# ruling 106); omitted, the defaults. A
# surface force starting its move in a friendly port may take corps aboard (`passengers`,
# 7.64) and land them where it arrives (`land`, 7.65; ruling 103), or place the landing
# counter from a water hex against an adjacent enemy coastal hex (`landing`, 7.71; ruling 104).
# A surface force may declare its side's coastal raid of the season on the port hex it enters
# or a land hex beside the water hex it enters (`raid`, 7.35; ruling 110).
NAVAL_MOVE_SCHEMA = {"type": "object", "required": ["units", "to"],
                     "properties": {"units": {"type": "array", "items": {"type": "string"}},
                                    "to": {"type": "string"}, "search": {"type": "boolean"},
                                    "van": {"type": "array", "items": {"type": "string"}},
                                    "return": {"type": "boolean"},
                                    "evade": {"type": "boolean"},
                                    "passengers": {"type": "array", "items": {"type": "string"}},
                                    "land": {"type": "boolean"},
                                    "landing": {"type": "string"},
                                    "raid": {"type": "string"}}}
ORDERS = ("search", "van", "return", "evade")
NAVAL_MINE_SCHEMA = {"type": "object", "required": ["unit"],
                     "properties": {"unit": {"type": "string"}, "lay": {"type": "string"},
                                    "clear": {"type": "string"}}}


def is_naval(state: dict[str, Any]) -> bool:
    return state.get("scenario") == SCENARIO


def initial(map_name: str, options: dict[str, Any]) -> dict[str, Any]:
    """12.6 — the fixed set-up; the game opens on GQ I's German half."""
    th = theatre(map_name)
    state = initial_state(map_name, options)
    state["scenario"] = SCENARIO
    board, flow = state["board"], state["flow"]
    board["pool"], board["arrivals"] = [], {}
    set_up_navies(state, th, SCENARIO)
    for nation, power in state["powers"].items():
        power["rp"] = START_RP.get(nation, 0)
        if nation == "britain":
            power["side"] = ENTENTE
    state["plans"]["active"] = False
    state["naval"] = {"asw": ASW_START, "carried": {}, "raided": {}}   # 7.35: raids by season
    flow.update({"step": Step.GQ.value, "month": MONTH, "script_position": 0,
                 "side": CENTRAL, "fortnight": 1, "naval": new_naval_flow()})
    begin_gq(state, None)
    return state


# --- 12.3: the standard admiralty inside the month (ruling 101) ---------------------------------

def month_gq_script(state: dict[str, Any]) -> list[tuple[str, int, str]]:
    """12.3 — the month's General Quarters halves after the admiralty phase of 6.45: GQ I then
    GQ II (6.43), each a Central Powers half then an Entente half; inside a side's half each of
    its nations with ships afloat moves its forces in turn, one force at a time (6.43: Germany;
    Britain, then Russia). A side with no ships has no half."""
    afloat = {SHIPS[u].nation for u in state["board"]["fleets"]}
    out = []
    for side, fortnight in GQ_SCRIPT:
        out += [(side, fortnight, seat) for seat in GQ_NATIONS[side] if seat in afloat]
    return out


GQ_NATIONS = {CENTRAL: ("germany", "austria_hungary"), ENTENTE: ("britain", "france", "russia")}


def gq_after_admiralty(state: dict[str, Any]) -> str | None:
    """12.3 — after the admiralty step (passed by: no 6.45 in 12.3, ruling 105) the month's GQ
    halves begin: each month the
    dreadnought fee (7.25) is due again and the ships that returned to port may sail (8.5).
    None when the scenario fields no fleets or none is afloat (the script goes on)."""
    if "fleets" not in state["board"] or is_naval(state):
        return None
    nf = state["flow"]["naval"]
    nf.update({"bb_fee": [], "returned": [], "searched": []})
    script = month_gq_script(state)
    if not script:
        return None
    nf["gq"] = 0
    state["flow"]["side"], state["flow"]["fortnight"], _ = script[0]
    return Step.GQ.value


def gq_seat(state: dict[str, Any]) -> str:
    """The seat whose half it is: 12.6's side's one navy, 12.3's nation in turn."""
    nf = state["flow"]["naval"]
    if "gq" in nf:
        return month_gq_script(state)[nf["gq"]][2]
    return SEAT_OF_SIDE[state["flow"]["side"]]


def begin_gq(state: dict[str, Any], roller: Roller | None) -> list[Event]:
    """6.43, 7.22 — a half begins: every ship has its range again, except those that returned
    to port, which stay there until next month (8.5)."""
    nf = state["flow"]["naval"]
    nf.update({"spent": {}, "force": [], "done": list(nf["returned"]), "clearing": [],
               "force_no": {}, "tried": None})
    if state["flow"]["side"] == CENTRAL:      # 8.24: each pairing searches once a sub-phase
        nf["searched"] = []
    state["flow"]["active"] = [gq_seat(state)]
    return []


def end_gq(state: dict[str, Any], roller: Roller) -> list[Event]:
    """The half ends: its force stops; passengers in a friendly port land, and a nation
    limited to a corps every other month brings its transports home after GQ II (7.63)."""
    naval.end_force(state)
    if "aboard" not in state["board"]:
        return []
    events = transport.end_half(state, theatre(state["board"]["map"]), gq_seat(state))
    return events + amphibious.ships_stay(state, roller)          # 7.72


def after_gq(state: dict[str, Any]) -> str | None:
    """The next half of the script; after GQ II's British half the game is decided (12.6).
    In 12.3 the month's next GQ half; after the last one None: the month's script goes on
    from the admiralty phase (steps.after_gq), the side back at the admiralty phase's."""
    flow = state["flow"]
    nf = flow["naval"]
    if "gq" in nf:
        script = month_gq_script(state)
        nf["gq"] += 1
        if nf["gq"] < len(script):
            flow["side"], flow["fortnight"], _ = script[nf["gq"]]
            return Step.GQ.value
        del nf["gq"]
        flow["fortnight"] = 0
        flow["side"] = MONTH_SCRIPT[flow["script_position"]][1] or flow["side"]
        return None
    flow["script_position"] += 1
    if flow["script_position"] >= len(GQ_SCRIPT):
        flow["result"] = result(state)
        flow["active"] = []
        return Step.OVER.value
    flow["side"], flow["fortnight"] = GQ_SCRIPT[flow["script_position"]]
    return Step.GQ.value


def gq_decisions(state: dict[str, Any], th: Any, seat: str) -> list[Decision]:
    """6.43 — the phasing seat moves its forces, one at a time, until it is done."""
    out = [decision(state, seat, "done", options=({"done": True},),
                    prompt="End your half of this General Quarters sub-phase")]
    if naval.move_items(state, th, seat):
        out.append(decision(state, seat, "naval_move", schema=NAVAL_MOVE_SCHEMA,
                            prompt="Move a naval force (7.2)"))
    if mines.mine_items(state, th, seat):
        out.append(decision(state, seat, "naval_mine", schema=NAVAL_MINE_SCHEMA,
                            prompt="Lay or clear a mine (6.445, 6.446)"))
    return out


def do_naval_mine(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """6.445, 6.446 — a ship lays a mine from the pool or clears one; then any interrupt the
    lump sum triggers (7.44)."""
    th = theatre(state["board"]["map"])
    events = mines.do_mine_work(state, th, roller, seat, action)
    return events + interrupt.after_lump_sum(state, th, roller)


def do_naval_move(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """7.22 — move the force with its passengers (7.6) along its way, leg by leg: it pauses
    where it comes into contact with an enemy force it has not yet paired with (8.1 in
    passing, ruling 118) and ends where it is interrupted (7.4) or arrives."""
    th = theatre(state["board"]["map"])
    units = sorted(action["units"])
    transport.check_transport(state, th, seat, action)
    naval.check_move(state, th, seat, units, action["to"])             # refuses a bad force
    riders = sorted(set(transport.carried_by(state, units)) | set(
        action.get("passengers", []))) if "aboard" in state["board"] else []
    orders = {k: action[k] for k in ORDERS if k in action}
    events: list[Event] = []
    first = True
    while units:
        arrived, units, leg = _naval_leg(state, th, roller, seat, units, action, riders,
                                         orders, first)
        events += leg
        first = False
        if arrived:
            break
    return events


def _naval_leg(state: dict[str, Any], th: Any, roller: Roller, seat: str, units: list[str],
               action: Any, riders: list[str], orders: dict[str, Any],
               first: bool) -> tuple[bool, list[str], list[Event]]:
    """One leg of a naval move: to the first contact on the way (ruling 118) or to the
    destination. The enemy mines on the way attack the force (6.442), then contact, search and
    combat where the leg ends (8.1-8.4); the passengers follow their ships through losses
    and returns to port (7.64). Returns whether the move is over, the ships that go on, and
    the events."""
    fleets = state["board"]["fleets"]
    target = action["to"]
    start = fleets[units[0]]["at"]
    way = mines.path(state, th, start, target, side_of_ship(units[0]),
                     {SHIPS[u].kind for u in units})
    pause = naval_combat.contact_on_way(state, th, units, way[:-1])            # 8.1
    if pause is not None:
        way = way[:way.index(pause) + 1]
    to, events = interrupt.stop_point(state, th, roller, units, way[-1], riders, way)  # 7.4
    events += naval.naval_move(state, th, seat, units, to, ending=to != pause)
    interrupt.after_move(state, to, events)                           # 7.43, 7.44
    if "aboard" in state["board"]:
        if first:
            events += transport.embark(state, seat, units, sorted(action.get("passengers", [])))
        transport.follow(state, units)
        if action.get("land") and to == target:
            events += transport.disembark(state, th, units)
        if action.get("landing") and to == target:
            events += amphibious.place(state, units, target, action["landing"])
    events += mines.attacks_along(state, th, roller, way[:way.index(to) + 1], units)  # 6.442
    if action.get("raid") and to == target:                                 # 7.35
        events += coastal_raids.raid(state, th, roller, units, target, action["raid"])
    alive = [u for u in units if u in fleets]
    events += naval_combat.after_move(state, th, roller, alive, orders)
    if "aboard" in state["board"]:
        events += transport.settle(state, th, in_transit=to == pause)
    if to != way[-1]:                         # 7.45: interrupted, the force's move is over
        naval.end_force(state)
        return True, [], events
    going_on = [u for u in alive if u in fleets and fleets[u]["at"] == to
                and u in naval.naval_flow(state)["force"]]
    return to == target, going_on, events


def norwegian_sea_bbs(state: dict[str, Any]) -> int:
    return sum(1 for u, s in state["board"]["fleets"].items()
               if s["at"] == NORWEGIAN_SEA and SHIPS[u].nation == "germany"
               and SHIPS[u].kind == "BB")


def status(state: dict[str, Any]) -> dict[str, Any]:
    """12.6 — where the two paths to victory stand now (the view's planning numbers): the
    German dreadnoughts in the Norwegian Sea box and each side's gunnery lost."""
    return {"rule": "BoP 12.6", "checked_after": MONTH,
            "german_bbs_in_norwegian_sea": norwegian_sea_bbs(state), "bbs_to_win": 2,
            "gunnery_lost": {side: gunnery_lost(state, side) for side in (CENTRAL, ENTENTE)}}


def result(state: dict[str, Any]) -> dict[str, Any]:
    """12.6 — the two paths to victory, judged at the game's end."""
    bbs = norwegian_sea_bbs(state)
    lost = {side: gunnery_lost(state, side) for side in (CENTRAL, ENTENTE)}
    if bbs > 1:
        return {"winner": CENTRAL, "winners": ["germany"], "rule": "BoP 12.6",
                "reason": "norwegian_sea",
                "german_bbs_in_norwegian_sea": bbs, "gunnery_lost": lost}
    if lost[CENTRAL] == lost[ENTENTE]:
        return {"winner": None, "winners": [], "rule": "BoP 12.6", "reason": "equal_losses",
                "german_bbs_in_norwegian_sea": bbs, "gunnery_lost": lost}
    loser = CENTRAL if lost[CENTRAL] > lost[ENTENTE] else ENTENTE
    winner = ENTENTE if loser == CENTRAL else CENTRAL
    return {"winner": winner, "winners": [SEAT_OF_SIDE[winner]], "rule": "BoP 12.6",
            "reason": "gunnery_lost", "german_bbs_in_norwegian_sea": bbs, "gunnery_lost": lost}
