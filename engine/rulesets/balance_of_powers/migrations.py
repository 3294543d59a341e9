"""Balance of Powers — state migrations between versions (docs/rulesets.md, "Versions").

Each function takes a state of the older version (a copy it may change) and returns it in the
newer version's shape. The kernel applies each one to the undo point's earlier state too
(`engine/kernel/versions.upgrade`).
"""

from __future__ import annotations

from typing import Any

from engine.kernel.versions import Migration

from . import amphibious
from .admiralty import friendly_ports, port_waters
from .fleets import is_surface, ships_of, side_of_ship
from .forces import UNITS, eliminate, friendly_corps_count, stack_limit, stacking_conflict
from .scenarios import STORM_OF_STEEL
from .setup_storm import start_navies
from .tables import CRISIS_LIMIT, ENTENTE
from .theatre import Theatre, theatre

State = dict[str, Any]

FLOW_RENAMES_V3 = {"pos": "script_position", "k": "answer_count", "bthru": "breakthrough"}


def _rename(table: dict[str, Any], old: str, new: str) -> None:
    if old in table:
        table[new] = table.pop(old)


def rename_v2_keys(state: State) -> State:
    """Version 3's names for version 2's state keys (issue #14): the script cursor, the answer
    counter, the half's breakthrough markers and table flag, a combat's inherent defense,
    demoralization; the dead `flow["pending"]`, the write-only `violated` flag and the derived
    `crisis` flag (2.92: demoralization at the national limit) are no longer stored."""
    flow = state["flow"]
    for old, new in FLOW_RENAMES_V3.items():
        _rename(flow, old, new)
    flow.pop("pending", None)
    combat = flow.get("combat")
    if combat is not None:
        _rename(combat, "id", "inherent_defense")
        result = combat.get("result")
        if result is not None:
            result["flags"] = ["breakthrough" if f == "bthru" else f for f in result["flags"]]
    for power in state["powers"].values():
        _rename(power, "dem", "demoralization")
        power.pop("crisis", None)
        power.pop("violated", None)
    return state


def add_v3_rules_state(state: State) -> State:
    """What version 3's rule fixes (issue #17) keep in the state, with the defaults a running
    game of version 2 takes: sea moves counted per corps (6.452: `sea_moved`, empty — a game
    caught in the middle of an admiralty phase gets the month's moves back); no supply snapshot
    (3.1, 9.21: judged at each declaration); no shadow government until a conquest designates
    one (2.93); France's demoralization capped at its printed limit of 7 (12.4)."""
    flow = state["flow"]
    flow.pop("sea_used", None)
    flow.setdefault("sea_moved", {})
    flow.pop("supplied", None)
    for nation, power in state["powers"].items():
        if power.get("conquered"):
            power.setdefault("shadow_host", None)
        if nation in CRISIS_LIMIT:
            power["demoralization"] = min(power["demoralization"], CRISIS_LIMIT[nation])
    return state


# Version 4 put the campaign's weather sub-phase (6.51) into the month's script right after the
# admiralty phase: the script positions from there on moved up by one.
WEATHER_POSITION_V4 = 12


def add_weather_step(state: State) -> State:
    """Version 3 → 4: the weather sub-phase (BoP 6.51) joined the month's script at position
    12, after the admiralty phase; a game whose cursor stands at or past it (the halves, the
    commissariats, Plan XVII, the month's end) keeps its place by moving the cursor up one. A
    game at or before the admiralty phase meets the new step when it gets there. Weather is
    read from the month, so nothing else is stored (and Aug–Oct 1914 is good weather)."""
    flow = state["flow"]     # the kernel applies this to the undo point's state too
    if flow["script_position"] >= WEATHER_POSITION_V4:
        flow["script_position"] += 1
    return state


def leader_joins_attack(state: State) -> State:
    """Version 4 → 5: an attacking leader is one named among the attacking units (1.323,
    10.54; issue #18). Version 4 listed attacks without leaders and let the army leader of
    the attacking location check leadership (and risk his life after a DDR) anyway, so a
    combat caught in progress takes that leader into its attacking units: it ends as it
    would have under version 4, except that a leader of a force that clears the location now
    advances with it instead of being left alone (and returned to the pool, 1.323)."""
    combat = state["flow"].get("combat")   # the kernel applies this to the undo point's too
    if combat is None:
        return state
    units = state["board"]["units"]
    leaders = sorted(uid for uid, unit in units.items() if unit["at"] == combat["from"]
                     and UNITS[uid].kind == "leader"
                     and state["powers"][UNITS[uid].nation]["side"] == combat["attacker"])
    if leaders:
        combat["units"] = sorted(set(combat["units"]) | {leaders[0]})
    return state


# Version 6 put air raids (5.31, CP then EP) into the month's script after the seasonal
# reductions (version 5's position 3, so before its diplomacy at 4), the aviation phase (6.3)
# after procurement (before version 5's admiralty phase at 11) and the aerodrome phase (6.7, CP
# then EP) before the month's end (version 5's 22).
AIR_RAIDS_POSITION_V6 = 4
AVIATION_POSITION_V6 = 11
MONTH_END_POSITION_V5 = 22


def add_aviation(state: State) -> State:
    """Version 5 → 6: air units (1.322, 5.31, 6.3, 6.7, 10.51, 6.22; issue #20). No air unit
    exists in 12.1, so a running game gains empty air state (none on the map, none in the pool
    or due, no patrol or raid under way, none waiting to muster) and keeps its place in the
    month's script: a cursor past the reductions (at or after version 5's diplomacy, 4) moves
    up two for the two air-raid steps, one at or past the admiralty phase (11) one more for the
    aviation phase, and one at the month's end (22) two more for the aerodrome steps. A game
    before them meets the new steps when it gets there."""
    flow, board = state["flow"], state["board"]   # the kernel applies this to the undo point too
    position = flow["script_position"]
    shift = (2 if position >= AIR_RAIDS_POSITION_V6 else 0) + (
        1 if position >= AVIATION_POSITION_V6 else 0) + (
        2 if position >= MONTH_END_POSITION_V5 else 0)
    flow["script_position"] = position + shift
    flow.setdefault("air", {"turn": "central", "passes": 0, "moved": [], "rebased": []})
    flow.setdefault("air_muster", [])
    board.setdefault("air", {})
    board.setdefault("air_pool", [])
    board.setdefault("air_due", {})
    return state


def add_mines(state: State) -> State:
    """Version 6 → 7: mines (6.44; issue #21). Only 12.6 games have naval state
    (`board.fleets`); a running one gains an empty `board.mines` and plays on without mines,
    because its fleets have already sailed from the ports the fields were laid to guard
    (ruling 88). 12.1, 12.2 and 12.4 games are unchanged."""
    board = state["board"]      # the kernel applies this to the undo point too
    if "fleets" in board:
        board.setdefault("mines", {})
    return state


def add_storm_navies(state: State) -> State:
    """Version 7 → 8: 12.3's navies (ruling 101; issue #21). A running 12.3 game gains the
    ships, BEATTY and HIPPER, the mines and the ASW track at 7 as its set-up has them — every
    ship still in its home port, since no ship sailed before — and its General Quarters begin
    at its next admiralty phase. Every other game is unchanged (12.6 has had its fleets since
    version 6). The kernel applies this to the undo point too."""
    if state.get("scenario") == "storm-of-steel" and "fleets" not in state["board"]:
        start_navies(state, theatre(state["board"]["map"]))
    return state


def add_transport(state: State) -> State:
    """Version 8 → 9: naval transport (7.6, ruling 103; issue #21). A game with the standard
    admiralty (12.3, 12.6: `board.fleets`) gains an empty passenger table and an empty record
    of the corps each nation carried (7.63); nobody has been carried before. Every other game
    is unchanged. The kernel applies this to the undo point too."""
    if "fleets" in state["board"]:
        state["board"].setdefault("aboard", {})
        state.setdefault("naval", {}).setdefault("carried", {})
    return state


def drop_optional_admiralty(state: State) -> State:
    """Version 9 → 10: 12.3 without the optional admiralty (ruling 105; issue #21). In a running
    12.3 game 6.45's landing counter becomes 7.7's when an Entente surface ship shares its hex
    with Entente corps (the amphibious force 7.72 asks for), and otherwise goes; every corps
    left on the water by 6.45 — at sea, or on a landing that goes — comes ashore at the
    friendly port nearest by water (ties by location id) with room for it, or, with none, is
    eliminated. The month's 6.45 moves no longer count toward 7.63 (`sea_moved` empties).
    Every other game is unchanged. The kernel applies this to the undo point too."""
    if state.get("scenario") != STORM_OF_STEEL:
        return state
    board = state["board"]
    th = theatre(board["map"])
    state["flow"]["sea_moved"] = {}
    landing = board.get("landing")
    if landing is not None and landing.get("rule") != amphibious.RULE:
        here = landing["at"]
        ships = any(f["at"] == here and is_surface(s) and side_of_ship(s) == ENTENTE
                    for s, f in board["fleets"].items())
        corps = any(v["at"] == here and UNITS[u].corps for u, v in board["units"].items())
        if ships and corps:
            board["landing"] = {**landing, "rule": amphibious.RULE}
        else:
            board["landing"] = None
            board["control"].pop(here, None)
    kept = board["landing"]["at"] if board["landing"] is not None else None
    aboard = board.get("aboard", {})
    stranded = sorted(u for u, v in board["units"].items()
                      if v["at"] in th.water and v["at"] != kept and u not in aboard)
    for uid in stranded:
        port = _nearest_port(state, th, uid)
        if port is None:
            eliminate(state, uid)
        else:
            board["units"][uid]["at"] = port
    return state


def _nearest_port(state: State, th: Theatre, uid: str) -> str | None:
    """The friendly port (6.452's destinations: Entente-held, free of enemies) nearest by
    water to a corps at sea that has room for it (2.62, 12.1's British-French rule)."""
    start = state["board"]["units"][uid]["at"]
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for loc in frontier:
            for other in th.all_adj[loc]:
                if other in th.water and other not in dist:
                    dist[other] = dist[loc] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    ranked = []
    for port in friendly_ports(state, th):
        near = [dist[w] for w in port_waters(th, port) if w in dist]
        if near and port not in th.water:
            ranked.append((min(near), port))
    for _, port in sorted(ranked):
        if friendly_corps_count(state, port, ENTENTE) + 1 <= stack_limit(state, th, port) and (
                not stacking_conflict(state, [uid], port)):
            return port
    return None


def v2_to_v3(state: State) -> State:
    """Version 2 → 3: the renames of issue #14, then the state of issue #17's fixes."""
    return add_v3_rules_state(rename_v2_keys(state))


def navy_leaders_arrive(state: State) -> State:
    """Version 10 → 11: the CoB's navy leaders arrive aboard at their seasonal turn (ruling
    108). Nothing in the state changes: a 12.3 game before spring 1916 gets JELLICOE, SCHEER
    and KOLCHAK at that turn; one already past it plays on without them (they were due then)."""
    return state


def add_dockyards(state: State) -> State:
    """Version 11 → 12: naval procurement and repair (6.22-6.224, ruling 109). A game with
    navies gains the ships' force pool — holding the ships of its order of battle already sunk
    (5.11: they were dropped before) — and empty dockyards; other scenarios unchanged."""
    board = state["board"]
    if "fleets" not in board:
        return state
    board["ship_pool"] = sorted(s.id for s in ships_of(state["scenario"])
                                if s.id not in board["fleets"])
    board["dockyard"], board["refit_admirals"] = {}, {}
    state["naval"]["raided"] = {}        # 7.35: no coastal raid made before (ruling 110)
    return state


def interrupt_after_mine_work(state: State) -> State:
    """Version 12 → 13: an interrupt may follow a mine laid or cleared (7.44, ruling 113) and a
    7.7 landing whose target falls turns to its anchorage (7.74, ruling 114). A game inside a
    General Quarters half gains `tried` empty: its force in motion counts as not yet tried in
    its hex (the hexes of attempts were not kept before); no anchorage exists yet."""
    naval = state["flow"].get("naval")
    if isinstance(naval, dict) and "spent" in naval:
        naval["tried"] = None
    return state


def contested_boxes(state: State) -> State:
    """Version 13 → 14: 3.123's contested boxes (ruling 117) are judged from the ships, mines
    and corps already on the board; nothing is stored for them."""
    return state


def contact_in_passing(state: State) -> State:
    """Version 14 → 15: contact in passing (8.1, ruling 118). A pairing of 8.24 is now the
    force in motion (`flow.naval.force_id`, the first ship it set out with) and one enemy
    location; a game inside a General Quarters half keeps its old pairings, which no longer
    match, so a force moving on may search once more an enemy it has already searched."""
    return state


def number_the_force(state: State) -> State:
    """Version 15 → 16: `flow.naval.force_no`, the number of the force each ship last set out
    or worked in during a General Quarters half (issue #27: the views say from it which ships
    are done). A game inside a half gives its force in motion number 1; the ships already
    done keep no number (the views mark them `done` themselves) and the next force is 2."""
    nf = state.get("flow", {}).get("naval")
    if isinstance(nf, dict) and "spent" in nf and "force_no" not in nf:
        nf["force_no"] = {uid: 1 for uid in sorted(nf.get("force", []))}
    return state


MIGRATIONS = (
    Migration("2", "3", v2_to_v3, "flow pos/k/bthru → script_position/answer_count/"
              "breakthrough, combat id → inherent_defense, dem → demoralization, crisis "
              "derived; rules fidelity (issue #17): sea moves per corps, supply at declaration, "
              "shadow governments, France's crisis limit 7"),
    Migration("3", "4", add_weather_step, "the weather sub-phase (6.51) after the admiralty "
              "phase: script positions from 12 on move up one; bad weather by month and map, "
              "one fortnight and double attack costs in bad weather, no amphibious assault "
              "then (none of it in Aug–Oct 1914)"),
    Migration("4", "5", leader_joins_attack, "the attacker chooses the attacking units of a "
              "stack (issue #18); an attacking leader is one named among them (1.323, "
              "10.54): a combat in progress takes its location's leader in"),
    Migration("5", "6", add_aviation, "aviation (issue #20): air raids (CP, EP) after the "
              "seasonal reductions, the aviation phase after procurement and the aerodrome "
              "phase (CP, EP) before the month's end — script positions from 4 on move up two, "
              "from 11 three, the month's end five; empty air state (12.1 has no air units)"),
    Migration("6", "7", add_mines, "mines (6.44, issue #21): a new 12.6 game sets up its "
              "mines and they attack enemy forces entering their locations; a running 12.6 "
              "game gains an empty mine table and plays on without mines (ruling 88); other "
              "scenarios unchanged"),
    Migration("7", "8", add_storm_navies, "12.3's navies (ruling 101, issue #21): a running "
              "12.3 game gains its ships in their home ports, BEATTY and HIPPER, its mines and "
              "the ASW track at 7; General Quarters from its next admiralty phase; other "
              "scenarios unchanged"),
    Migration("8", "9", add_transport, "naval transport (7.6, ruling 103, issue #21): games "
              "with the standard admiralty (12.3, 12.6) gain empty passenger and carried-corps "
              "tables; other scenarios unchanged"),
    Migration("9", "10", drop_optional_admiralty, "12.3 without the optional admiralty "
              "(ruling 105, issue #21): no 6.45 sea moves or landing, transport by 7.6 and "
              "invasion by 7.7 alone, supply over water by 3.123; a running 12.3 game's corps "
              "at sea come ashore at the nearest friendly port with room, 6.45's landing "
              "becomes 7.7's where an Entente ship holds it with corps, else goes; other "
              "scenarios unchanged"),
    Migration("10", "11", navy_leaders_arrive, "the CoB's navy leaders (13.0, 8.31, ruling "
              "108): JELLICOE, SCHEER and KOLCHAK arrive aboard a ship of their type at 12.3's "
              "spring 1916 seasonal turn; no state change (a game past that turn plays on "
              "without them)"),
    Migration("11", "12", add_dockyards, "naval procurement and repair (6.22-6.224, ruling "
              "109, issue #21): games with navies (12.3, 12.6) gain the ships' force pool "
              "holding the ships already sunk, and empty dockyards; no coastal raid made yet "
              "(7.35, ruling 110); other scenarios unchanged"),
    Migration("12", "13", interrupt_after_mine_work, "7.44's interrupt after a mine is laid "
              "or cleared (ruling 113) and 7.74's anchorage (ruling 114, issue #21): a game in a "
              "General Quarters half gains an empty `tried`; other scenarios unchanged"),
    Migration("13", "14", contested_boxes, "3.123's contested boxes (ruling 117, issue #21): "
              "a box carries a supply line only where the tracing side's surface gunnery is "
              "more than the enemy's gunnery and mine factors there; no state change"),
    Migration("14", "15", contact_in_passing, "contact in passing (8.1, ruling 118, issue "
              "#21): a naval move pauses where it comes into contact on its way and sails on "
              "after the searches; 8.24's pairings are kept by force, not by location; no state "
              "change (a half in progress may see one more search of a pairing made before)"),
    Migration("15", "16", number_the_force, "each ship's force number in a General Quarters "
              "half (`flow.naval.force_no`, issue #27), read by the views only: a half in "
              "progress numbers its force in motion 1; no rule changes"),
)
