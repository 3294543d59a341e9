"""Neutrals and the road into the war (TWTEAW "Neutrals", 1.1, 1.2, Table A, "British Empire").

Every neutral has a hidden score (`secret.<nation>.points`; + toward the Allied Powers, −
toward the Central Powers), known only to itself. At 10 toward a side it may join that side
(the minors the moderator plays join at the end of that turn: ruling 48). Main-war nations
influence minors and Spain (1.2): 10 resources, a 9 or 10 (a 10 for the nations the standings
page stars), then 0–8 points toward the influencer's side (0–3 for Spain). Each turn the
Ottomans drift 0–7 toward the Central Powers and Italy 0–3 toward the side it leans to. Events
move every other neutral by Table A; Britain joins a side when it likes, provoked (a casus
belli for that side, 4.1's list) or not (then Table A rows 15/16, and Italy's reaction roll).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, Roller

from .nations import ALLIED, CENTRAL, INACTIVE, MAIN_WAR, NATIONS
from .war import beyond_the_neutral_rules, has_surrendered, join_side, side
from .world import world

State = dict[str, Any]
RULE = "TWTEAW neutrals"
ENTRY = 10
INFLUENCE_COST = 10
# The "National Standings" page is missing: starting scores (−5, 0, +5) and the starred minors
# (influence only on a 10) are authored from each nation's 1914 leanings (docs/rules/twteaw.md).
START_POINTS = {"bulgaria": -5, "sweden": -5, "romania": 5, "greece": 5, "portugal": 5}
STARRED = {"switzerland", "sweden"}
MAJOR_COLUMNS = ("ottoman_empire", "italy", "spain")      # Table A's columns on this sheet
# Table A: event -> column -> the most points the event moves (+ toward the Allies); the
# columns "distant" and "neighbour" are the minors; "italy_roll" marks Italy's reaction roll.
TABLE_A: dict[str, dict[str, int | str]] = {
    "cp_declares": {"ottoman_empire": 0, "italy": 5, "spain": 2, "distant": 2, "neighbour": 3},
    "ap_declares": {"ottoman_empire": -3, "italy": -5, "spain": -2, "distant": -2, "neighbour": -3},
    "ottoman_empire_joins_central": {"italy": -2, "spain": 1, "distant": -1, "neighbour": -2},
    "ottoman_empire_joins_allied": {"italy": 2, "spain": -1, "distant": 1, "neighbour": 2},
    "italy_joins_central": {"ottoman_empire": -4, "spain": -1, "distant": -1, "neighbour": -2},
    "italy_joins_allied": {"ottoman_empire": 3, "spain": 1, "distant": 1, "neighbour": 2},
    "spain_joins_central": {"ottoman_empire": -4, "italy": -4, "distant": -1, "neighbour": -2},
    "spain_joins_allied": {"ottoman_empire": 3, "italy": 4, "distant": 1, "neighbour": 2},
    "britain_joins_central": {"ottoman_empire": -2, "italy": -1, "spain": -1, "distant": 2, "neighbour": 2},
    "britain_joins_allied": {"ottoman_empire": 1, "italy": "italy_roll", "spain": 1, "distant": 0, "neighbour": 0},
    "minor_joins_central": {"ottoman_empire": -1, "italy": -1, "spain": -1, "distant": -1, "neighbour": -2},
    "minor_joins_allied": {"ottoman_empire": 1, "italy": 1, "spain": 1, "distant": 1, "neighbour": 2},
}
TOWARD = {ALLIED: 1, CENTRAL: -1}


def points(state: State, nation: str) -> int:
    return int(state["secret"][nation].get("points", 0))


def _add_points(state: State, nation: str, n: int) -> None:
    state["secret"][nation]["points"] = points(state, nation) + n


def _zero_to(roller: Roller, top: int, purpose: str, key: str) -> int:
    """A "0–N" roll: uniform from 0 to N."""
    return roller.d(top + 1, purpose, key=key) - 1 if top > 0 else 0


def neighbours_of(nation: str) -> set[str]:
    w = world()
    mine = w.originals(nation)
    owners = {w.areas[b].owner for a in mine for b in w.neighbours(a)}
    return {o for o in owners if o is not None and o != nation}


def table_a(state: State, event: str, subject: str, roller: Roller) -> list[Event]:
    """Apply one row of Table A to every neutral but `subject`; the points stay hidden."""
    row = TABLE_A[event]
    near = neighbours_of(subject)
    out = []
    for nation in sorted(NATIONS):
        if nation == subject or nation == "britain" or beyond_the_neutral_rules(state, nation):
            continue
        if nation in INACTIVE:
            continue            # out of the war until §7.2: no reaction (rulings 148, 156)
        column = nation if nation in MAJOR_COLUMNS else "neighbour" if nation in near else "distant"
        cell = row.get(column)
        if cell == "italy_roll":
            out += italy_reaction(state, roller)
            continue
        if not isinstance(cell, int) or cell == 0:
            continue
        moved = _zero_to(roller, abs(cell), f"Table A {event}: {nation}", f"table-a {event} {nation}")
        _add_points(state, nation, moved if cell > 0 else -moved)
    out.append(Event("reactions", "TWTEAW table a", {"event": event, "subject": subject}))
    return out


def _attract(state: State, roller: Roller) -> None:
    """Italy "attracted twice toward the Allied Powers": two of its 0–3 drifts, toward them."""
    for i in range(2):
        _add_points(state, "italy", _zero_to(roller, 3, "Italy attracted", f"italy-attracted {i}"))


def italy_reaction(state: State, roller: Roller) -> list[Event]:
    """Britain entering for the Allies unprovoked: Italy's reaction roll (told to nobody). At 6
    or more toward the Allies while leaning to them, Italy is simply attracted twice."""
    secret = state["secret"]["italy"]
    leaning = secret.get("lean", ALLIED)
    if leaning == ALLIED and points(state, "italy") >= 6:
        _attract(state, roller)
        return []
    roll = roller.d(10, "Italy's reaction to British entry", key="italy-reaction")
    if roll == 1:
        _add_points(state, "italy", 20)
    elif roll <= 3:
        if leaning == ALLIED:
            _attract(state, roller)
        else:
            secret["lean"] = ALLIED
    elif 5 <= roll <= 8:
        if leaning == ALLIED:
            secret["lean"] = CENTRAL
        else:
            _attract(state, roller)          # as printed (digest: "sic")
    elif roll >= 9:
        _add_points(state, "italy", -20)
    return []


# --- orders -------------------------------------------------------------------------------------

def check(state: State, nation: str, influence: list[str], join: str | None) -> int:
    """Refuse illegal influence or joining; return the cost."""
    for target in influence:
        info = NATIONS.get(target)
        if side(state, nation) not in MAIN_WAR:
            raise IllegalAction("TWTEAW 1.2", "not_in_the_war", {}, "Only nations in the main war influence others.")
        if target in INACTIVE:
            raise IllegalAction("TWTEAW neutrals", "inactive_neutral", {"nation": target},
                                f"{NATIONS[target].title} stays out of the war in this edition: "
                                "nobody influences it yet.")
        if info is None or not (info.kind == "minor" or target == "spain") \
                or beyond_the_neutral_rules(state, target):
            raise IllegalAction("TWTEAW 1.2", "not_influenced", {"nation": target},
                                f"{target!r} is not a neutral you can influence (minors, and Spain).")
        if target == "spain" and nation == "france":
            raise IllegalAction("TWTEAW 1.2", "spanish_garrison", {},
                                "France may not influence Spain while the Spanish Garrison rule stands.")
    if join is not None:
        if side(state, nation) in MAIN_WAR:
            raise IllegalAction(RULE, "already_in_the_war", {}, "You are in the war already.")
        if has_surrendered(state, nation):
            raise IllegalAction(RULE, "surrendered", {},
                                "Having surrendered, you return only by declaring war on a victor (TWTEAW 1.3).")
        if join not in MAIN_WAR:
            raise IllegalAction(RULE, "no_such_side", {"side": join}, "Join the central or the allied side.")
        if nation != "britain" and TOWARD[join] * points(state, nation) < ENTRY:
            raise IllegalAction(RULE, "not_ten_points", {"side": join},
                                f"You need {ENTRY} points toward that side to join it.")
    return INFLUENCE_COST * len(influence)


def joins(state: State, orders: dict[str, dict[str, Any]], roller: Roller) -> list[Event]:
    """Phase 1.1: neutral majors that choose to join the war now."""
    events = []
    for nation in sorted(orders):
        new = orders[nation].get("join")
        if new is None or beyond_the_neutral_rules(state, nation):
            continue
        provoked = nation != "britain" or new in state["board"]["casus_belli"]
        join_side(state, nation, new)
        events.append(Event("joined", RULE, {"nation": nation, "side": new, "provoked": provoked}))
        if nation == "britain":
            if not provoked:
                events += table_a(state, f"britain_joins_{new}", nation, roller)
        else:
            events += table_a(state, f"{nation}_joins_{new}", nation, roller)
    return events


def influence(state: State, orders: dict[str, dict[str, Any]], roller: Roller) -> list[Event]:
    """Phase 1.2: each attempt costs 10; a 9–10 (a 10 for a starred minor) moves the target 0–8
    points (Spain 0–3) toward the influencer's side."""
    events = []
    for nation in sorted(orders):
        for target in orders[nation].get("influence", []):
            if side(state, target) in MAIN_WAR:
                continue
            state["secret"][nation]["bank"] -= INFLUENCE_COST
            roll = roller.d(10, f"influence on {target}", key=f"influence {nation} {target}")
            won = roll >= (10 if target in STARRED else 9)
            if won:
                top = 3 if target == "spain" else 8
                moved = _zero_to(roller, top, f"influence on {target}: points", f"influence {nation} {target} points")
                _add_points(state, target, TOWARD[side(state, nation)] * moved)
            events.append(Event("influence", "TWTEAW 1.2", {"nation": nation, "target": target,
                                                            "success": won}, audience=f"seat:{nation}"))
    return events


# --- the end of the turn ------------------------------------------------------------------------

def drift(state: State, roller: Roller) -> None:
    """Phase 9: the Ottomans 0–7 toward the Central Powers, Italy 0–3 toward its lean."""
    if side(state, "ottoman_empire") not in MAIN_WAR:
        _add_points(state, "ottoman_empire", -_zero_to(roller, 7, "Ottoman drift", "drift ottoman"))
    if side(state, "italy") not in MAIN_WAR:
        lean = state["secret"]["italy"].get("lean", ALLIED)
        _add_points(state, "italy", TOWARD[lean] * _zero_to(roller, 3, "Italian drift", "drift italy"))


def minors_join(state: State, roller: Roller) -> list[Event]:
    """Minors the moderator plays join the side they reached 10 for (ruling 48)."""
    events = []
    for nation in sorted(NATIONS):
        info = NATIONS[nation]
        if info.seat or info.kind != "minor" or beyond_the_neutral_rules(state, nation) \
                or nation in INACTIVE:
            continue
        score = points(state, nation)
        if abs(score) >= ENTRY:
            new = ALLIED if score > 0 else CENTRAL
            join_side(state, nation, new)
            events.append(Event("joined", RULE, {"nation": nation, "side": new, "provoked": True}))
            events += table_a(state, f"minor_joins_{new}", nation, roller)
    return events


def casus_belli(state: State, declared: list[tuple[str, str]]) -> list[Event]:
    """"British Empire": the events that give Britain a reason to join a side (sticky)."""
    board = state["board"]
    if side(state, "britain") in MAIN_WAR:
        return []
    w = world()
    control = board["control"]
    reasons: dict[str, str] = {}
    for by, on in declared:
        if on in ("belgium", "denmark") and side(state, by) == CENTRAL:
            reasons.setdefault(ALLIED, f"the Central Powers attacked {on}")
        if on == "britain":
            reasons.setdefault(MAIN_WAR[1 - MAIN_WAR.index(side(state, by))], "Britain was attacked")
        if on == "spain" and by == "france":
            reasons.setdefault(CENTRAL, "France attacked Spain")
    lost_russia = sum(1 for a in w.originals("russia") if side(state, control[a]) == CENTRAL)
    lost_cp = sum(1 for n in ("germany", "austria_hungary") for a in w.originals(n)
                  if side(state, control[a]) == ALLIED)
    if lost_russia >= 3:
        reasons.setdefault(ALLIED, "Russia lost three provinces")
    if lost_cp >= 2:
        reasons.setdefault(ALLIED, "the Central Powers lost two provinces")
    if side(state, control["alsace-lorraine"]) == CENTRAL:
        reasons.setdefault(ALLIED, "the Central Powers took Alsace-Lorraine")
    if any(side(state, n) == CENTRAL and NATIONS[n].kind == "major" and NATIONS[n].side != CENTRAL
           for n in NATIONS):
        reasons.setdefault(ALLIED, "a major neutral joined the Central Powers")
    events = []
    for new, why in sorted(reasons.items()):
        if new not in board["casus_belli"]:
            board["casus_belli"].append(new)
            events.append(Event("casus_belli", "TWTEAW british empire", {"side": new, "why": why}))
    board["casus_belli"].sort()
    return events
