"""Fatal Alliances' version history: each bump's state migration (docs/rulesets.md, Versions).

A migration takes a state of the older version (a copy it may change) and returns it in the
shape the newer version plays; the kernel applies it to the undo point's earlier state too
(`engine/kernel/versions.upgrade`). Renames are mechanical; a rule fix adds the state it needs with
the value that makes a running game go on as the new rule would have had it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.kernel.versions import Migration

State = dict[str, Any]

# A released migration must keep making the state it made (tests/engine/test_migration_pins.py),
# so it reads nothing that later rules may change: the constants it needs are written here and
# what it set up from the rules' code (fleets, pools, convoys, off-map production) is frozen in
# data/migrations_frozen.json, made from that code at version 30.
FROZEN = Path(__file__).resolve().parent / "data" / "migrations_frozen.json"
CAMPAIGN_MAP = "fa-europe"
OVERSEAS_OPTION = "limited_overseas_supply"
POWER_SIDE = {"germany": "central", "austria_hungary": "central", "ottoman": "central",
              "france": "entente", "britain": "entente", "russia": "entente",
              "italy": "entente", "usa": "entente"}


@cache
def _frozen() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FROZEN.read_text())
    return data


def place_fleets(seats: list[str]) -> dict[str, dict[str, Any]]:
    """The 1914 ships of the seated powers in their bases (FA 22.2), as set up at version 30."""
    return {uid: dict(ship) for uid, ship in sorted(_frozen()["fleets"].items())
            if ship["power"] in seats}


def naval_pools(seats: list[str]) -> dict[str, list[str]]:
    """The seated powers' 1914 naval force pools (FA 22.1), as at version 30."""
    return {p: list(ids) for p, ids in sorted(_frozen()["naval_pools"].items()) if p in seats}


def place_convoys(seats: list[str]) -> dict[str, dict[str, int]]:
    """The seated powers' 1914 convoy points at sea (R-N35), as at version 30."""
    out: dict[str, dict[str, int]] = {}
    for area, stacks in sorted(_frozen()["convoys"].items()):
        kept = {p: n for p, n in sorted(stacks.items()) if p in seats}
        if kept:
            out[area] = kept
    return out


def offmap_production(seats: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Each seated major's off-map factories and resources (FA 13.5.2) on fa-europe."""
    rows = _frozen()["offmap_factories_resources"]
    return ({p: rows[p][0] for p in seats}, {p: rows[p][1] for p in seats})


def fresh_naval() -> dict[str, Any]:
    """An impulse's empty naval bookkeeping, as the version 8 → 9 migration gave it."""
    return {"pending": None, "entered": [], "fought": [], "watch": {}}

# v3 key → v4 key: names a reader understands without the code.
FLOW_RENAMES = {"acts": "answer_counts", "box": "impulse_box"}
BOARD_RENAMES = {"circle": "production_circle"}
COMBAT_RENAMES = {"n": "number"}


def _rename(part: dict[str, Any], renames: dict[str, str]) -> None:
    for old, new in renames.items():
        if old in part:
            part[new] = part.pop(old)


def v3_to_v4(state: State) -> State:
    """Renames (`flow.acts` → `answer_counts`, `flow.box` → `impulse_box`, `board.circle` →
    `production_circle`, the combat's `n` → `number`); `flow.pending` is dropped (who decides
    is computed, never stored); the state the rules fidelity fixes added, with the values
    that continue the game."""
    flow, board = state["flow"], state["board"]
    _rename(flow, FLOW_RENAMES)
    _rename(board, BOARD_RENAMES)
    flow.pop("pending", None)
    if flow.get("combat") is not None:
        _rename(flow["combat"], COMBAT_RENAMES)
    # FA 19.1 / 13.6.3.1 — who co-operates with a liberated major. Version 3 had every major
    # of the liberator's side give the hexes back: all of them are its partners.
    liberated = [c for c, first in board.get("conquest_history", {}).items()
                 if c in POWER_SIDE and c not in board.get("conquered", {})]
    board.setdefault("liberation_partners", {c: sorted(
        p for p in board["sides"] if POWER_SIDE[p] != board["conquest_history"][c]
        and p != c) for c in sorted(liberated)})
    board.setdefault("liberation_refusers", {})
    # FA 13.5.2 — the campaign's off-map factories and resources from the chart, not the
    # version-3 stand-in (a game in progress produces by the chart from its next production).
    if board["map"] == CAMPAIGN_MAP:
        board["offmap_factories"], board["offmap_resources"] = offmap_production(
            sorted(board["sides"]))
    return state


def v4_to_v5(state: State) -> State:
    """Nothing to carry: the state keeps its shape. A combat in progress is past its
    declaration (version 4 chose the HQ support and the sitting-out unit there), so it goes
    on from its phase with the support already in `hq` and `hq_flips`; the next attack asks
    the new questions (FA 11.12.3, 2.3.1.1). The bump marks that a version-4 record no
    longer replays the same (new decisions; the 11.12.5.4 breakdown draw)."""
    combat = state["flow"].get("combat")
    if combat is not None:
        combat.setdefault("support", {"attacker": None, "defender": None})
    return state


def v5_to_v6(state: State) -> State:
    """FA 11.12: every attack is declared before any is resolved (flow.declared, the attacks
    waiting for resolution; flow.attacks_closed, declaration over). A version-5 game
    declared and resolved one attack at a time, so nothing waits: an attack in progress
    finishes as it began (its support phases still run), and the step's further attacks are
    declared together before they resolve."""
    flow = state["flow"]
    flow.setdefault("declared", [])
    flow.setdefault("attacks_closed", False)
    # FA 13.6.3.1 — the other majors' choice after a liberation (flow.liberation_offers).
    # Version 5 gave every hex back at once, so no choice is pending.
    flow.setdefault("liberation_offers", [])
    # FA 19.2.1 — where units stood in foreign hosts' countries as the step began (noted by
    # the rail, movement and combat steps). Inside such a step nothing was noted: that
    # step's end checks nothing.
    flow.setdefault("foreign_start", None)
    return state


def v6_to_v7(state: State) -> State:
    """FA 13.1: partisans. Nothing to carry: partisans are units of the existing `units`
    table (type PARTISAN) and the partisan step (`partisans`) is entered from the
    last-impulse test, so a version-6 game has none yet and raises its first at its next
    end of turn. The bump marks that a version-6 record no longer replays the same."""
    return state


def v7_to_v8(state: State) -> State:
    """FA 22.2 / 11.3 / 13.3: the campaign's fleets enter the position. A version-7 campaign
    had no ships (the Commonwealth crossed by the ferry stand-in, which stays), so a running
    game finds every ship face-up in its 1914 base, where FA sets them up; its first naval
    move can come in the next action choice. East Prussia has no fleets: nothing changes."""
    board = state["board"]
    if board["map"] == CAMPAIGN_MAP and "fleets" not in board:
        board["fleets"] = place_fleets(sorted(board["sides"]))
    return state


def v8_to_v9(state: State) -> State:
    """FA 11.3.5 / 11.4: interception and naval combat. A version-8 campaign's ships carry
    no damage (there was no combat) and its impulse no naval bookkeeping: every ship gets
    `damaged: false`, and a game inside an impulse gets `flow.naval` fresh (nothing pending,
    no area entered or fought in: version 8 recorded neither). East Prussia has no fleets."""
    board = state["board"]
    if "fleets" not in board:
        return state
    for ship in board["fleets"].values():
        ship.setdefault("damaged", False)
    state["flow"].setdefault("naval", fresh_naval())
    return state


def v9_to_v10(state: State) -> State:
    """FA 11.3.4: naval transport port to port. Cargo debarks within the naval move that
    carries it, so no state holds cargo at sea: a version-9 game (campaign or East Prussia)
    carries over as it is, and only the orders offered from now on change."""
    return state


def v10_to_v11(state: State) -> State:
    """FA 11.3.4.1, 11.10: the campaign's troop transports (version 11) set up face-up in
    their 1914 bases, as FA 22.2 would have had them; a pending interception carries no cargo
    (none could be at sea before). East Prussia (no fleets) is left as it is."""
    return _add_transports(state, V11_TRANSPORT_ROWS)


# The order-of-battle rows each version brought (a later version's rows are its own step's).
V11_TRANSPORT_ROWS = ("britain-channel-transports", "france-transports")
V14_TRANSPORT_ROWS = ("britain-bef-transports", "britain-indian-transports")


def _add_transports(state: State, rows: tuple[str, ...]) -> State:
    """Set the troop transports of these order-of-battle rows face-up in their 1914 bases
    (FA 22.2) in a running campaign; East Prussia (no fleets) is left as it is."""
    board = state["board"]
    if "fleets" not in board:
        return state
    seats = sorted(board["sides"])
    for uid, ship in place_fleets(seats).items():
        if ship["type"] == "TRS" and ship["row"] in rows and uid not in board["fleets"]:
            board["fleets"][uid] = ship
    board["fleets"] = dict(sorted(board["fleets"].items()))
    return state


def v11_to_v12(state: State) -> State:
    """FA 11.11 invasions (version 12): an invasion is rolled as its troops come ashore, so no
    invasion is ever half done; `board.invaders` (invaders without a ZoC beyond their hex for
    the impulse) exists only after one, within its impulse. A version-11 game (a landing may
    be waiting: it is now also offered the invasions) carries over as it is."""
    return state


def v12_to_v13(state: State) -> State:
    """The campaign's `turns` option (version 13, R-N22): a version-12 campaign played the
    scenario's 30 turns, which its kernel options now say (`turns`, the cap its
    `board.victory.last_turn` already holds). East Prussia has no such option: unchanged."""
    if state["kernel"].get("scenario") == "campaign-1914":
        state["kernel"]["options"].setdefault("turns", state["board"]["victory"]["last_turn"])
    return state


def v13_to_v14(state: State) -> State:
    """The Commonwealth ferry retired (version 14, R-N24): the CW and the US cross by naval
    transport (11.3.4, 11.10). The ferry's routes (`board.ferries`) and its per-impulse count
    (`flow.ferried`) leave the state; a running campaign gets the version's transports
    (Britain's BEF pair at Harwich, the Indian convoy at Alexandria) face-up in their bases.
    Units already across stay where they are; the BEF set-up change (I Corps and GHQ at
    Portsmouth) is for new games only. East Prussia only loses the two empty keys."""
    state["board"].pop("ferries", None)
    state["flow"].pop("ferried", None)
    return _add_transports(state, V14_TRANSPORT_ROWS)


def v14_to_v15(state: State) -> State:
    """Version 15 (R-N25): transports and amphibious craft are built (13.5.5.4). A running
    campaign gets its 1914 naval force pools (22.1), an empty construction pool and no naval
    unit on the production circle; East Prussia (no fleets) is left as it is."""
    board = state["board"]
    if "fleets" in board:
        board["naval_pool"] = naval_pools(sorted(board["sides"]))
        board["construction_pool"] = {}
        board["naval_circle"] = []
    return state


def v15_to_v16(state: State) -> State:
    """Version 16 (R-N26): overseas supply paths (2.4.2.3) are derived from the position; a
    running campaign gets option 2 (limited overseas supply) off, as a new table's default
    (in the board's rules and the kernel's table options).
    East Prussia (no fleets, no naval options) is left as it is."""
    if "fleets" in state["board"]:
        state["board"]["options"][OVERSEAS_OPTION] = False
        state["kernel"]["options"].setdefault(OVERSEAS_OPTION, False)
    return state


def v16_to_v17(state: State) -> State:
    """Version 17 (R-N29, R-N30): canals close to a power while an enemy major holds a hex
    beside them (11.3.3), and ships may base in neutral ports (2.4.3); both are derived from
    control, wars and where ships are, so nothing is carried."""
    return state


def v17_to_v18(state: State) -> State:
    """Version 18 (R-N31-R-N33): minefields (11.3.2.5) roll for naval moves across their
    boundaries and cut overseas supply at 5 or more; derived from control and wars, so
    nothing is carried."""
    return state


def v18_to_v19(state: State) -> State:
    """Version 19 (R-N35-R-N37): convoy points at sea (13.5.1.4) ship stranded resources to
    the factories (13.5.1.2). A running campaign gets the authored 1914 stacks of its powers
    (R-N35), as a new one does; East Prussia (no fleets) is left as it is."""
    board = state["board"]
    if "fleets" in board:
        board["convoys"] = place_convoys(sorted(board["sides"]))
    return state


def v19_to_v20(state: State) -> State:
    """Version 20 (R-N39-R-N40): convoy points fight in naval combat (11.4.7.2). Nothing to
    carry: no combat runs between answers, and `board.convoys_in_port` appears with the first
    convoy point that aborts."""
    return state


def v20_to_v21(state: State) -> State:
    """Version 21 (R-N41-R-N42): convoy points are built (13.5.5.4). Nothing to carry:
    `board.convoy_circle` appears with the first convoy point built, and a running game's
    builds of this turn hold no convoy points, so its NAVAL gearing counts as before."""
    return state


def v21_to_v22(state: State) -> State:
    """Version 22 (R-N43): sunk convoy points cost morale (14.1). Nothing to carry: points
    sunk before the bump were never booked, and the turn's tally (`board.morale_points`) is
    already in the state; only losses from now on are charged."""
    return state


def v22_to_v23(state: State) -> State:
    """Version 23 (R-N45): 1 due convoy point a turn may come in through an aligned country's
    port (4.2.1). Nothing to carry: the state's shape is unchanged, and points already waiting
    on the circle arrive under the new rule when next due."""
    return state


def v23_to_v24(state: State) -> State:
    """Version 24 (R-N46-R-N50): convoy points move as naval units (11.3, 13.5.1.4). Nothing
    to carry: `board.convoys_used` appears with the first point that ends a move in port, the
    impulse's moves are noted in `flow.naval` (made afresh each naval step), and every point
    already in port or at sea is face-up and may sail."""
    return state


def v24_to_v25(state: State) -> State:
    """Version 25 (ruling "Out of supply at the start"): a moving stack's units are judged out of supply at the start before
    any of them moves (11.9). Nothing to carry: the state's shape is unchanged."""
    return state


def v25_to_v26(state: State) -> State:
    """Version 26 (R-N51-R-N53): a minor aligning from now on sets up its convoy points (20.5.1
    E). Nothing to carry: a minor that aligned before the bump made its set-up under the old
    rules, and it is not made again (20.5.1 sets up once, when the minor aligns)."""
    return state


def v26_to_v27(state: State) -> State:
    """Version 27 (R-N54-R-N57): convoy moves into a sea area may be intercepted, aborted
    convoy points go face-down in port, convoy points may return to base in 13.3 and are lost
    there with no base in reach (13.3.3). Nothing to carry: a pending interception without
    `convoys` is a task force's, and the rest is read from the board as it stands."""
    return state


def v27_to_v28(state: State) -> State:
    """Version 28 (R-N58-R-N64): submarine combat against convoy points (11.4.9). Nothing to
    carry: a combat is fought out inside the answer that starts it, so no saved state holds
    one half-fought, and the chart rows are read from code, not from the state."""
    return state


def v28_to_v29(state: State) -> State:
    """Version 29 (R-N64–R-N68): returns to base wait in `flow.returns` to be intercepted.
    A version-28 game inside the return step has carried out every order it was given (its
    ships are home): nothing waits, and the step reads a missing list as empty, so nothing is
    carried and nothing is re-opened."""
    return state


def v29_to_v30(state: State) -> State:
    """Version 30 (R-N69–R-N74): shore bombardment (FA 11.12.2) is committed after the attacks
    are declared, before the HQ support. A version-29 attack already declared waits at its HQ
    support or later: it keeps its place and is fought without bombardment (nothing stored
    names a ship), so nothing is carried."""
    return state


def v30_to_v31(state: State) -> State:
    """Version 31 (R-N75–R-N79): extra search units and the surprise points' holder's choice
    (FA 11.4.4–11.4.5). A combat is always fought to its end inside one answer under version
    30, so a running version-30 game has no round waiting for its holder
    (`flow.naval.surprise` is read as absent): nothing is carried."""
    return state


MIGRATIONS = (
    Migration("3", "4", v3_to_v4,
              "renamed flow.acts, flow.box, board.circle and the combat's n; flow.pending "
              "no longer stored"),
    Migration("4", "5", v4_to_v5,
              "HQ support and the option-1 sitting-out unit become their owners' choices; "
              "a combat in progress keeps the support it has"),
    Migration("5", "6", v5_to_v6,
              "all attacks of a land combat step are declared before any is resolved "
              "(flow.declared, flow.attacks_closed); an attack in progress finishes; "
              "the other majors' liberation choice (flow.liberation_offers, none pending)"),
    Migration("6", "7", v6_to_v7,
              "partisans (FA 13.1): the end-of-turn partisan step and PARTISAN units; "
              "nothing to carry"),
    Migration("7", "8", v7_to_v8,
              "the campaign's fleets (board.fleets) placed at their 1914 bases; naval "
              "movement (FA 11.3) and return to base (13.3) steps; East Prussia unchanged"),
    Migration("8", "9", v8_to_v9,
              "interception (FA 11.3.5) and naval combat (11.4-11.5, the authored chart "
              "R-N8): ships get damaged=false, the impulse's naval bookkeeping (flow.naval) "
              "starts fresh; East Prussia unchanged"),
    Migration("9", "10", v9_to_v10,
              "naval transport of land units port to port (FA 11.3.4): new naval_move "
              "orders with cargo; nothing to carry (no cargo is ever at sea); the "
              "Commonwealth ferry stays; East Prussia unchanged"),
    Migration("10", "11", v10_to_v11,
              "debarking at sea (FA 11.10) after any interception, cargo lost with sunk "
              "carriers; the campaign's troop transports (TRS) placed in their 1914 bases; "
              "East Prussia unchanged"),
    Migration("11", "12", v11_to_v12,
              "invasions of undefended enemy coasts (FA 11.11) against the notional unit "
              "(11.12.1.4); nothing to carry (rolled as the troops come ashore); East "
              "Prussia unchanged"),
    Migration("12", "13", v12_to_v13,
              "the campaign's turn cap as an option (kernel options.turns, default 30: "
              "R-N22); a running campaign records its 30; East Prussia unchanged"),
    Migration("13", "14", v13_to_v14,
              "the Commonwealth ferry stand-in retired (R-N24): board.ferries and "
              "flow.ferried dropped; the campaign's new troop transports (BEF pair at "
              "Harwich, Indian convoy at Alexandria) placed in their 1914 bases"),
    Migration("14", "15", v14_to_v15,
              "transports and amphibious craft are built (FA 13.5.5.4, R-N25): a running "
              "campaign gets its 1914 naval force pools (board.naval_pool), an empty "
              "construction pool and naval circle; East Prussia unchanged"),
    Migration("15", "16", v15_to_v16,
              "overseas supply paths (FA 2.4.2.3, R-N26): derived, no state; a running "
              "campaign gets option 2 (limited overseas supply) off; East Prussia unchanged"),
    Migration("16", "17", v16_to_v17,
              "canals close to a power while an enemy major controls a hex beside them "
              "(FA 11.3.3, R-N29); neutral basing (2.4.3, R-N30): derived, nothing to "
              "carry"),
    Migration("17", "18", v17_to_v18,
              "minefields (FA 11.3.2.5, R-N31-R-N33): naval moves across a protected "
              "boundary roll for each ship, overseas supply stops at an enemy field of 5 or "
              "more; derived, nothing to carry; East Prussia unchanged"),
    Migration("18", "19", v18_to_v19,
              "convoy points (FA 13.5.1.4, R-N35-R-N37): a running campaign gets the "
              "authored 1914 convoy points at sea (board.convoys); production ships stranded "
              "resources through them (13.5.1.2); East Prussia unchanged"),
    Migration("19", "20", v19_to_v20,
              "convoy points in naval combat (FA 11.4.7.2, R-N39-R-N40): warships may fight "
              "enemy convoys, which are sunk or sent to port (board.convoys_in_port, made "
              "when needed); nothing to carry; East Prussia unchanged"),
    Migration("20", "21", v20_to_v21,
              "convoy points are built (FA 13.5.5.4, R-N41-R-N42): 1 BP, 4 turns, geared "
              "as NAVAL 2 points a unit; they arrive in port (board.convoy_circle, made when "
              "needed); nothing to carry; East Prussia unchanged"),
    Migration("21", "22", v21_to_v22,
              "sunk convoy points cost their owner 1 morale point each (FA 14.1, R-N43), "
              "booked in board.morale_points; nothing to carry; East Prussia unchanged"),
    Migration("22", "23", v22_to_v23,
              "with no home port, 1 due convoy point a turn comes into port through an "
              "aligned country (FA 4.2.1, R-N45); nothing to carry; East Prussia unchanged"),
    Migration("23", "24", v23_to_v24,
              "convoy points move as naval units (FA 11.3, 13.5.1.4, R-N46-R-N50): out of "
              "port into a 0 section, back into port; board.convoys_used made when needed; "
              "nothing to carry; East Prussia unchanged"),
    Migration("24", "25", v24_to_v25,
              "a moving stack's units are judged out of supply at the start before any of "
              "them moves (FA 11.9); nothing to carry"),
    Migration("25", "26", v25_to_v26,
              "minors' convoy points (FA 20.5.1 E, R-N51-R-N53): a minor aligning from now "
              "on sets up its table's points in port as its major's; nothing to carry; East "
              "Prussia unchanged"),
    Migration("26", "27", v26_to_v27,
              "convoy moves intercepted (FA 11.3.5 with 11.4.7.2, R-N54-R-N55) and convoy "
              "points in the return to base (13.3, 13.3.3, R-N56-R-N57); nothing to carry; "
              "East Prussia unchanged"),
    Migration("27", "28", v27_to_v28,
              "submarine combat against convoys (FA 11.4.9, R-N58-R-N64): SUBs meeting "
              "included convoy points fight a submarine round on the authored SUB and ASW "
              "rows; nothing to carry; East Prussia unchanged"),
    Migration("28", "29", v28_to_v29,
              "returns to base may be intercepted (FA 13.3 with 11.3.5, R-N64–R-N68): "
              "nothing to carry (a version-28 game's orders are carried out); "
              "East Prussia unchanged"),
    Migration("29", "30", v29_to_v30,
              "shore bombardment (FA 11.12.2, R-N69–R-N74): the attacker then the defender "
              "may commit face-up surface ships off a declared hex's coast; nothing to carry; "
              "East Prussia unchanged"),
    Migration("30", "31", v30_to_v31,
              "extra search units and spending surprise points (FA 11.4.4–11.4.5, "
              "R-N75–R-N79): a naval-step combat's round may wait for the holder's "
              "`naval_surprise`; nothing to carry; East Prussia unchanged"),
)
