"""DoD 8.7.2 GE 13 Support Hungarian and Bulgarian land claims and GE 14 Support Rumanian land
claims (version 23, RULINGS 138-143): Germany backs one side of the Balkan claims and is paid in
that side's resources; each bars the other.

GE 13 (RULINGS 142-143) is a national option answered by Italy's 0(f) (ruling 122's mechanism:
national.ANSWERED_BY, SUCCEEDS), offered while Rumania is free and Rumania, Hungary and
Bulgaria are all on the display. On success, if Rumania is still free: the set-up's German
marker in Rumania is removed and a German '1' placed in Hungary and in Bulgaria (one resource
more, net), and Transylvania passes to Hungary and South Dobruja to Bulgaria
(`board["national"]["claims"]` = {territory: minor}), their map levels moving the minors'
conquest levels (minor_army.conquest_level). If Rumania is no longer free it lapses at no cost.

GE 14 (RULINGS 138-141): GE 13 never played; Germany ahead on the track of every other major
power allied to Rumania, Hungary or Bulgaria; Rumania still on the display (RULING 138). The
resource markers (RULING 139): `board["national"]["markers"]` = {minor: {power: resources}}
holds the markers a national option put in a minor's resource boxes in place of the 2.3
set-up's (national_common.SETUP_MARKERS, inside the flat income by ruling 114), so a power's
map production counts the difference (national_common.map_income). GE 14's German '2' in
Rumania is one resource more than the set-up's '1'; the other markers it removes do not exist
here (IPO 2's economic agreements are absent and GE 13 is barred by it). A marker that adds
lasts until a major power is at war with its minor, the minor is in civil war or conquered, or
a power other than the holder aligns it (RULING 140: checked at each production step, as GE
10's tribute, and for good).

Not built (RULING 141): GE 14's movement clauses (aligned Rumania's army free of 9.3.1, aligned
Hungary's and Bulgaria's at most 4 army points abroad: minor armies have no positions in the
abstract war) and, for both, the IPO 5 bar after a Soviet land claim on Rumania (RU 4's claim is
absent).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .alignment import aligned_to
from .catalogue import CATALOGUE
from .national_common import (
    State,
    map_income,
    minor_free,
    once,
    pay,
    played,
    position,
    recount,
)
from .relations import conquered

CLAIMANTS = ("rumania", "hungary", "bulgaria")   # DoD 8.7.2 GE 14: whose allies Germany leads
RUMANIAN_MARKER = 2                              # DoD 8.7.2 GE 14: printed, a German '2'


def rumanian_claims_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 14 — GE 13 never played; Germany's initiative lower than (ahead of) every
    other major power allied to Rumania, Hungary or Bulgaria, if any; RULING 138: Rumania still
    on the display (not conquered or absorbed: a gone minor has no resource boxes)."""
    if power != "GE" or not once(board, "GE14") or played(board, "GE13"):
        return []
    if "rumania" in board["minors_conquered"]:
        return []
    allies = {p for minor in CLAIMANTS for p in board["alliances"].get(minor, []) if p != power}
    if any(position(board, power) >= position(board, ally) for ally in allies):
        return []
    return [{"option": "GE14"}]


def play_rumanian_claims(state: State, power: str, action: dict[str, Any], roller: Roller
                         ) -> list[Event]:
    """RULING 139 — the German '2' marker in Rumania (replacing the set-up's '1'): Germany's map
    production counts one Rumanian resource more, and its flat income moves with it."""
    board = state["board"]
    cost = pay(state, power, "GE14")
    before = map_income(board, power)
    board["national"]["markers"]["rumania"] = {power: RUMANIAN_MARKER}
    added = recount(board, power, before)
    return [Event("rumanian_claims", CATALOGUE["GE14"].rule, {
        "power": power, "minor": "rumania", "resources": RUMANIAN_MARKER,
        "income_added": added, "cost": cost})]


def end_markers(board: dict[str, Any]) -> list[Event]:
    """RULING 140 — an option's markers in a minor end (back to the set-up's) once a major power
    is at war with it, it is in civil war or conquered, or another power aligned it: checked
    at each production step before income, like GE 10's tribute (RULING 130)."""
    events = []
    markers = board["national"].get("markers", {})
    for minor in sorted(markers):
        holders = sorted(p for p, n in markers[minor].items() if int(n) > 0)
        if not holders:                          # a set-up marker removed (GE 13): for good
            continue
        ally = aligned_to(board, minor)
        ended = any(w["minor"] == minor for w in board["minor_wars"]) \
            or minor in board["minors_conquered"] or minor in board.get("civil_wars", {}) \
            or (ally is not None and ally not in holders)
        if not ended:
            continue
        before = {p: map_income(board, p) for p in holders}
        del markers[minor]
        for power in holders:
            events.append(Event("resource_marker_ends", CATALOGUE["GE14"].rule, {
                "power": power, "minor": minor,
                "income_added": recount(board, power, before[power])}))
    return events


# --- GE 13 Support Hungarian and Bulgarian land claims --------------------------------------

ANSWERED = {"GE13": "IT"}                        # DoD 8.7.2 GE 13: Italy's 0(f) in support
# DoD 8.7.2 GE 13: the territories that change hands, and the German '1' markers placed.
CLAIMS = {"transylvania": "hungary", "south_dobruja": "bulgaria"}
CLAIM_MARKERS = {"hungary": 1, "bulgaria": 1}


def hungarian_claims_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 GE 13 — GE 14 never played; Italy in the game to answer it (RULING 122); and,
    unprinted (RULING 142), Rumania, Hungary and Bulgaria on the display and Rumania free (not
    at war, in civil war or aligned), as GE 8 reads a minor that hands over a territory."""
    if power != "GE" or not once(board, "GE13") or played(board, "GE14") \
            or conquered(board, "IT"):
        return []
    if any(m in board["minors_conquered"] for m in CLAIMANTS) or not minor_free(board, "rumania"):
        return []
    return [{"option": "GE13"}]


def claims_granted(state: State, power: str) -> list[Event]:
    """GE 13 agreed by Italy's 0(f), at the end of political affairs (RULING 143): if Rumania is
    no longer free it lapses at no cost (ruling 135's reading); else Germany pays, its set-up
    marker in Rumania goes (`markers["rumania"] = {}`: for good, RULING 140 ends only markers
    that add), a German '1' goes into Hungary and Bulgaria, and the two territories change
    hands (`claims`), moving the three minors' conquest levels."""
    board = state["board"]
    if not minor_free(board, "rumania"):
        return [Event("land_claims_lapsed", CATALOGUE["GE13"].rule,
                      {"power": power, "minor": "rumania"})]
    cost = pay(state, power, "GE13")
    national = board["national"]
    before = map_income(board, power)
    national["markers"]["rumania"] = {}
    for minor, resources in CLAIM_MARKERS.items():
        national["markers"][minor] = {power: resources}
    added = recount(board, power, before)
    national.setdefault("claims", {}).update(CLAIMS)
    return [Event("land_claims_granted", CATALOGUE["GE13"].rule, {
        "power": power, "territories": dict(CLAIMS), "markers": dict(CLAIM_MARKERS),
        "income_added": added, "cost": cost})]


SUCCEEDS = {"GE13": claims_granted}
ACTIONS = {"GE13": hungarian_claims_actions, "GE14": rumanian_claims_actions}
HANDLERS = {"GE14": play_rumanian_claims}       # GE 13's: national.propose_national
