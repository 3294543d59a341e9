"""Days of Decision — state migrations between versions (docs/rulesets.md, "Versions").

Each function takes ONE state of the older version (a copy it may change) and returns it in the
newer version's shape; the kernel carries the undo point itself (engine/kernel/versions.upgrade).
"""

from __future__ import annotations

from typing import Any

from engine.kernel.versions import Migration

from .league import initial as league_at_start
from .minor_army import conquest_level, set_up

State = dict[str, Any]


def add_minor_politics(state: State) -> State:
    """Version 2 (issue #24, second slice): minor-effect markers (8.4.3), alliances (IPO 3),
    guarantees (IPO 12), coup cells (MP 0(e)), each power's trade policy (IPO 18: the US alone
    starts a free trader) and the activation in progress (8.5). A version-1 game has none of
    them yet, so each starts empty; its minors keep their hexes."""
    board = state["board"]
    for key in ("modifiers", "alliances", "guarantees", "coup_cells"):
        board.setdefault(key, {})
    for power, entry in board["powers"].items():
        entry.setdefault("free_trader", power == "US")
    state["flow"].setdefault("activation", None)
    return state


def add_treaties_and_war(state: State) -> State:
    """Version 3 (issue #24): treaties, proposals and answers (MP 3, 0(f)), the war graph, casus
    belli, offensives and conquest (MP 4, 9, 12). A version-2 game could not have made any, so
    each starts as at set-up: France's two printed level-1 treaties (3.2), nothing else; each
    power has played no MP 3 or MP 4 this turn; no commitments are in progress."""
    board = state["board"]
    board.setdefault("treaties", {"FR-IT": {"level": 1, "signed": -5},
                                  "FR-RU": {"level": 1, "signed": -5}})
    for key in ("proposals", "wars", "conquered"):
        board.setdefault(key, [])
    for key in ("accepts", "casus_belli", "offensives"):
        board.setdefault(key, {})
    for entry in board["powers"].values():
        entry.setdefault("mp_played", [])
    state["flow"].setdefault("committed", False)
    return state


def add_surrender_and_us_entry(state: State) -> State:
    """Version 4 (issue #24): the US entry totals (DoD 11) start at 0 for every power, as at
    set-up: no version-3 rule fed them. Surrender offers, torn-up treaties and level-0 pacts
    (MP 5, IPO 11) are new kinds of entries in lists that already exist, so nothing else moves."""
    state["board"].setdefault("us_entry", {p: "0" for p in state["board"]["powers"]})
    return state


def add_wars_on_minors(state: State) -> State:
    """Version 5 (issue #24): wars on minor countries (MP 4) and their conquest (12.2). No
    version-4 rule could declare one, so a version-4 game has none: no minor at war, none
    conquered."""
    board = state["board"]
    board.setdefault("minor_wars", [])
    board.setdefault("minors_conquered", {})
    return state


def add_declining_and_vengeance(state: State) -> State:
    """Version 6 (issue #24): a director may decline and make peace (MP 4), and allies and
    guarantors of a fallen minor owe vengeance (IPO 3, IPO 12). A version-5 war on a minor had
    no decline, so nobody declined it; no director is being asked and no peace window is open
    (version 5 had neither step). A minor that fell in version 5 leaves no debt: its alliances
    and guarantees were removed when it fell, so its allies cannot be known (RULING 43)."""
    board, flow = state["board"], state["flow"]
    for war in board["minor_wars"]:
        war.setdefault("declined", [])
    board.setdefault("unavenged", [])
    flow.setdefault("directing", None)
    flow.setdefault("peace_asked", [])
    return state


def add_minor_forces(state: State) -> State:
    """Version 7 (issue #24): the minors' own army and naval points (IPO 5 set-up, 9.3, 12.2).
    A minor at war in a version-6 game had no forces: it gets them now as if set up when it was
    declared on (printed totals plus the yearly additions to the current year, plus the MP 0(b)
    points bought for it, which the declaration revealed in the book). No offensives into
    minors existed; none has been attacked this turn."""
    board = state["board"]
    board.setdefault("minor_forces", {})
    board.setdefault("minor_offensives", {})
    for minor in sorted({w["minor"] for w in board["minor_wars"]}):
        set_up(state, minor)
    return state


def add_war_chart(state: State) -> State:
    """Version 8 (issue #24): the War Chart's US entry for every declaration and its minor
    effects of declarations on major powers (2.6, 8.4.4, rulings 51-53). No state changes
    shape: the US entry totals and markers are kept as they are (a version-7 declaration
    placed no chart US entry and is not charged now); the chart applies from the next
    declaration on."""
    return state


def add_war_economy(state: State) -> State:
    """Version 9 (issue #24): embargoes (IPO 19), national effort (IPO 20) and combined
    war aims (IPO 13). No version-8 rule could play any, so a version-8 game has no embargo,
    no war aims, and no power has made a national effort."""
    board = state["board"]
    board.setdefault("embargoes", [])
    board.setdefault("war_aims", [])
    for entry in board["powers"].values():
        entry.setdefault("effort_until", 0)
        entry.setdefault("efforts", 0)
    return state


def add_owed_options(state: State) -> State:
    """Version 10 (issue #24): owed options (8.2) and IPO 9 Spies, whose implicated spy gives
    a casus belli that lapses; the Treaty Chart (2.5); the optional bitter end (4.1). No
    version-9 rule could make a power owe an option or grant a lapsing casus belli, so every
    power owes nothing and every casus belli held lasts; a version-9 table had no bitter-end
    option, so it is off (the Treaty Chart needs no state: treaties signed before are not
    recharged)."""
    board = state["board"]
    board.setdefault("casus_belli_until", {})
    board.setdefault("bitter_end", False)       # DoD 4.1 is a table option, off for old games
    for entry in board["powers"].values():
        entry.setdefault("owed", [])
    return state


def add_elections(state: dict[str, Any]) -> dict[str, Any]:
    """Version 11 (issue #24): elections (IPO 10, MP 0(c)) and the US government. No version-10
    rule held an election, so no power has voted in its current period; late debts are first
    checked at the end of a version-11 period. The US keeps a Democratic government even when
    a version-10 game has passed Nov/Dec 1936 (its missed election was not a rule then)."""
    board = state["board"]
    board.setdefault("us_government", "democratic")
    for entry in board["powers"].values():
        entry.setdefault("voted_period", None)
    return state


def add_alignment(state: dict[str, Any]) -> dict[str, Any]:
    """Version 12 (issue #24): IPO 5 Minor Joins In and the director's free alignment (MP 4).
    No version-11 rule aligned a minor, so none is aligned."""
    state["board"].setdefault("aligned", {})
    return state


def add_naval_treaty(state: dict[str, Any]) -> dict[str, Any]:
    """Version 13 (issue #24): IPO 15 Naval Treaty and 10.3's naval ratios. No version-12 rule
    let a power join, so the treaty is empty; the markers are turned at the next production."""
    state["board"].setdefault("naval_treaty", [])
    return state


def add_league(state: dict[str, Any]) -> dict[str, Any]:
    """Version 14 (issue #24): IPO 16 League of Nations. No version-13 rule moved anyone in or
    out, raised credit or imposed a sanction, so the League is as it starts; no vote is open."""
    state["board"].setdefault("league", league_at_start())
    state["flow"].setdefault("league_vote", None)
    state["flow"].setdefault("league_peace", None)
    return state


def add_coup(state: dict[str, Any]) -> dict[str, Any]:
    """Version 15 (issue #24): IPO 4 Coup, and coup cells spent against it. The coup keeps no
    state of its own (cells and markers were already on the board), so nothing changes."""
    return state


def add_coup_cell_window(state: dict[str, Any]) -> dict[str, Any]:
    """Version 16 (issue #24): the coup cell holders choose in a reaction window (RULING 91
    amended). A version-15 coup resolved within its option's step, so no stored game can be
    waiting on a coup: the window is simply closed (`flow["coup"]` None)."""
    state["flow"].setdefault("coup", None)
    return state


def add_civil_wars(state: dict[str, Any]) -> dict[str, Any]:
    """Version 17 (issue #24): the minor civil war a coup may start (IPO 4, 9.5, 10.4) and
    IPO 7/8 supporting its sides. A version-16 civil-war result changed nothing (RULING 93 as
    it was), so no minor is in civil war and none has a rebel government."""
    state["board"].setdefault("civil_wars", {})
    state["board"].setdefault("rebel_governments", [])
    return state


def add_national_options(state: State) -> State:
    """Version 18 (issue #24): the national options (8.7.2 GE 6-14 and the others' 6-8). A
    version-17 game could play none of them: nothing national has happened yet (no option
    played, no Neutrality Act vote, nobody in the Rhineland)."""
    # the version-18 shape (version 19 adds "home", add_home_territories)
    state["board"].setdefault("national", {"played": {}, "neutrality": [], "rhineland": None})
    return state


def add_home_territories(state: State) -> State:
    """Version 19 (issue #24): GE 7 Anschluss becomes playable from the political map and
    records the territories an option made part of a home country. No version-18 game could
    play it, so none has joined one yet."""
    state["board"]["national"].setdefault("home", {})
    return state


def add_national_replies(state: State) -> State:
    """Version 20 (issue #24): IT 7, CH 6 with the US's 0(f) answering it, JA 6 and its limited
    war, and IT 8. No version-19 game could play any of them: no national proposal waits, no
    army points are due from CH 6, no colony was taken, and every war is a full one (a war
    entry without "limited")."""
    state["board"]["national"].setdefault("army_due", {})
    state["board"]["national"].setdefault("colonies", {})       # IT 8: no colony taken yet
    return state


def add_demands(state: State) -> State:
    """Version 21 (issue #24): GE 8 and GE 10 and their answers CW 6, CW 7 and FR 8. No
    version-20 game could play any of them: no demand waits or was blocked, no tribute is paid."""
    national = state["board"]["national"]
    national.setdefault("demands", [])
    national.setdefault("blocked", {})
    national.setdefault("tribute", {})
    return state


def lower_minor_levels(state: State) -> State:
    """Version 22 (issue #24): a minor's conquest level falls by the level of a home territory a
    demand (GE 8, GE 10) handed to Germany (ruling 134). A version-21 game could have ceded one
    and gone to war with the minor or into its civil war afterwards, its offensives counted
    against the old level: the excess is taken from the holder with the most (ties: the
    declarer first by name; in a civil war the government first), so the new level holds. GE 9
    is new and nothing of it is in a version-21 game."""
    board = state["board"]
    held = board.get("minor_offensives", {})
    for minor in sorted({k.split(">")[1] for k in held}):
        excess = sum(int(v) for k, v in held.items() if k.endswith(f">{minor}")) \
            - conquest_level(board, minor)
        while excess > 0:
            most = min((k for k in held if k.endswith(f">{minor}")),
                       key=lambda k: (-int(held[k]), k))
            held[most] = int(held[most]) - 1
            if not held[most]:
                del held[most]
            excess -= 1
    for minor, civil in sorted(board.get("civil_wars", {}).items()):
        sides = civil["sides"]
        excess = sum(int(s["offensives"]) for s in sides.values()) - conquest_level(board, minor)
        while excess > 0:
            most = min(sides, key=lambda s: (-int(sides[s]["offensives"]), s != "government"))
            sides[most]["offensives"] = int(sides[most]["offensives"]) - 1
            excess -= 1
    return state


def add_resource_markers(state: State) -> State:
    """Version 23 (issue #24): GE 13 and GE 14 become playable and record the resource markers a
    national option put in a minor's boxes (`national.markers`) and the territories GE 13
    passed between minors (`national.claims`). No version-22 game could play either, so no
    option has placed a marker or moved a territory yet."""
    state["board"]["national"].setdefault("markers", {})
    state["board"]["national"].setdefault("claims", {})
    return state


def income_from_production(state: State) -> State:
    """Version 24 (issue #24): income is computed from the factories and resources a power
    controls, its minors' as 8.1.3 / 8.1.4 allow, times its PM, with the protectionist and
    free-trader additions (10.1, 10.1.1; rulings 144-147). Nothing in the state changes shape:
    income is derived from the board at each production step, so a version-23 game earns the
    new income from its next production step (a power's `income` entry stays what options
    recounted, the map production of its territories and markers)."""
    return state


def add_objectives(state: State) -> State:
    """Version 25 (issue #24): victory by the 67 objectives of DoD 4 (objectives.py, rulings
    148-152) replaces the minors-controlled proxy. A conquered power's objectives are its
    conquerors' (`conquered_by`, ruling 149), which version 24 did not record (its offensives
    were cleared at the conquest): a power already conquered gets no conqueror, so its
    objectives count for nobody. A finished game keeps the result it was scored with."""
    board = state["board"]
    board.setdefault("conquered_by", {power: [] for power in board["conquered"]})
    return state


MIGRATIONS = (
    Migration("1", "2", add_minor_politics,
              "minor markers, activation (8.5), alliances, guarantees, coup cells, trade "
              "policy; IPO 3, 12, 17, 18 and MP 0(e) become playable"),
    Migration("2", "3", add_treaties_and_war,
              "treaties and proposals (MP 3, 0(f)), war (MP 4), the abstract war, conquest "
              "and the early endings"),
    Migration("3", "4", add_surrender_and_us_entry,
              "surrender and peace (MP 5), treaties torn up (IPO 11), US entry (11.2, US 4)"),
    Migration("4", "5", add_wars_on_minors,
              "war on minor countries (MP 4) and their conquest (12.2)"),
    Migration("5", "6", add_declining_and_vengeance,
              "directors decline and make peace (MP 4); the unavenged minor (IPO 3, IPO 12)"),
    Migration("6", "7", add_minor_forces,
              "the minors' army and naval points fight the abstract war; a minor falls to "
              "offensives or when its army is gone (IPO 5 set-up, 9.3, 12.2)"),
    Migration("7", "8", add_war_chart,
              "the War Chart's US entry for every declaration and its minor effects of "
              "declarations on major powers (2.6, 8.4.4, MP 4)"),
    Migration("8", "9", add_war_economy,
              "embargo (IPO 19), national effort (IPO 20) and combined war aims (IPO 13) "
              "become playable"),
    Migration("9", "10", add_owed_options,
              "owed options (8.2) and IPO 9 Spies become playable; the Treaty Chart (2.5); "
              "the optional bitter end (4.1)"),
    Migration("10", "11", add_elections,
              "elections (IPO 10, MP 0(c)): late elections become owed, and a US election "
              "missed in Nov/Dec 1936, 1940 or 1944 brings a Republican government"),
    Migration("11", "12", add_alignment,
              "IPO 5 Minor Joins In and the director's free alignment (MP 4): aligned minors "
              "join their aligner's wars and come home allied at peace"),
    Migration("12", "13", add_naval_treaty,
              "IPO 15 Naval Treaty becomes playable; naval ratios turn PE markers after "
              "production (10.3) and bar the strongest member at peace from naval builds"),
    Migration("13", "14", add_league,
              "IPO 16 League of Nations becomes playable: join, leave, credit and sanctions "
              "voted in a sealed reaction window; sanctions' embargo, casus belli and lapse"),
    Migration("14", "15", add_coup,
              "IPO 4 Coup becomes playable; other powers' coup cells neutralise it; a "
              "counter-coup implicates the couper (half the minor's US entry)"),
    Migration("15", "16", add_coup_cell_window,
              "each coup cell holder chooses, in reverse initiative order, whether to use its "
              "cell against a coup (a reaction window; keeping the cell is the default)"),
    Migration("16", "17", add_civil_wars,
              "a coup's civil-war result starts a minor civil war (9.5) fought each military "
              "step, with its own production (10.4); IPO 7 and IPO 8 support its sides"),
    Migration("17", "18", add_national_options,
              "the national options (8.7.2 GE 6-14, the others' 6-8) join the catalogue; "
              "those the abstract model allows become playable"),
    Migration("18", "19", add_home_territories,
              "GE 7 Anschluss becomes playable from the political map (dod-political): "
              "Austria joins the German home country, its conquest level and production "
              "with it"),
    Migration("19", "20", add_national_replies,
              "IT 7 Italian Anschluss, CH 6 Modernize Army answered by the US's 0(f) (a 0(f) "
              "now answers national options too), JA 6 Peking Bridge Incident and the limited "
              "war it starts, IT 8 Occupy Albania"),
    Migration("20", "21", add_demands,
              "GE 8 Demand Sudetenland and GE 10 Demand Danzig Corridor, blocked by CW 6 or "
              "FR 8 and by CW 7, each answered by the other Western power's 0(f); GE 10's "
              "resource a turn from Poland"),
    Migration("21", "22", lower_minor_levels,
              "GE 9 Czech. Rump Occupied becomes playable; a minor's conquest level falls by "
              "what GE 8 / GE 10 handed to Germany; a demand whose minor is no longer free "
              "lapses"),
    Migration("22", "23", add_resource_markers,
              "GE 13 (with Italy's 0(f)) and GE 14, the Balkan land claims, become playable: "
              "option resource markers in minors and, for GE 13, Transylvania to Hungary and "
              "South Dobruja to Bulgaria"),
    Migration("23", "24", income_from_production,
              "income from factories, resources and the production multiple (10.1): the "
              "powers' territories, controlled, aligned and conquered minors, option markers, "
              "embargoes as lost resources, the protectionist and free-trader additions"),
    Migration("24", "25", add_objectives,
              "victory by the 67 objectives (DoD 4): held by who controls their country, "
              "neutral minors' to the nearest home capital at the end, the printed needed "
              "totals for the early end and the score; a conquered power's go to its "
              "conquerors"),
)
