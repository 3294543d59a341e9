"""DoD 8.7.2 MP 4, "Declaring war on a minor country", and DoD 12.2 (conquest of a minor) as
far as the seed's text carries them without the map and the War Chart.

`board["minor_wars"]` holds one entry per major power at war with a minor: who declared, on
which minor, the turn, and the power directing the minor (chosen at once, by the book's order:
another ideology than the declarer's that controls the minor, is allied to it, is at war with the
declarer, is nearest on the Status Display, has the best initiative; RULING 40: no power
declines, as no reaction window is built). `board["minors_conquered"]` maps each completely
conquered minor to its conqueror.

Who may declare (each power's option 4, printed per power; RULING 39 reads "a lower political
initiative" as an earlier place on the track, the reading `position(..) < ..` of the rest of
the package, and compares only with the *other* powers allied to the minor): Germany once
geared up (PM 3/4, RULING 29); Italy and China at a position no more than the minor's willpower
and ahead of its allies; Japan when the minor has no alliance or it is ahead of its allies
(JA 8 is absent); the Soviet Union while at war with Germany (RU 6 is absent), ahead of its
allies; the Commonwealth in the first place, or when the minor is allied and it is ahead of its
allies; France when the minor is allied and it is ahead of its allies; the US when the minor is
allied to a power the US is at war with and it is ahead of the allies (US 8 is absent). The
general bars: no minor already at war with the declarer or conquered; minors aligned to a
major power do not exist (IPO 5 is absent) and no major power's units stand in a minor (no
map), so those bars never apply; every power with an army point may reach a minor (RULING 40).

What it does: the declarer pays the card (4), activates no minor this turn; if it was allied to
the minor it loses 1 PE and places -3 in every other minor it is allied to or guarantees, if it
guaranteed it another 1 PE and -2 in every other minor it guarantees (IPO 3, IPO 12), then its
alliances and guarantee with the minor are cancelled; every other power allied to or
guaranteeing the minor gains casus belli against the declarer. The War Chart's minor effects
are authored (RULING 44, below) and its US entry is added to the declarer's total
(war_chart.py, RULING 51; casus belli is held against major powers only, so never halved).

RULING 41, conquest without the map: the minor's forces stand on the absent map, so it cannot
fight alone. At the conquest step (5.H) a minor at war is completely conquered by every power at
war with it whose director is not at war with that power (12.2.2); while its director is at
war with the declarer it holds out. A conquered minor's marker leaves the display for every
purpose (no activation, no options on it, no markers kept, no alliances, guarantees or coup
cells), and its conqueror holds it as a minor controlled, with its objectives (DoD 4, since
version 25 RULING 148), and income. A declarer conquered itself ends its wars on minors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.kernel import Decision, Event, Roller

from . import alignment, civil_war, markers, minor_army, war_chart
from .catalogue import CATALOGUE
from .control import controller
from .display import distance
from .minors import MINORS
from .powers import POWERS, SEATS
from .relations import at_war, conquered, grant_casus_belli, purged_before
from .war import GEARED_UP_TURN

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 4"
ALLY_PE_LOSS, ALLY_MARKER = 1, -3           # DoD 8.7.1 IPO 3
GUARANTEE_PE_LOSS, GUARANTEE_MARKER = 1, -2  # DoD 8.7.1 IPO 12
# DoD 2.6 / 8.4.3 — the War Chart's minor effects of a declaration on a minor. The chart is not
# in the seed: AUTHORED (RULING 44): the declarer's -3 in the target, -1 in every other minor
# within WAR_CHART_REACH hexes of it on the Status Display.
WAR_CHART_TARGET, WAR_CHART_NEIGHBOUR, WAR_CHART_REACH = -3, -1, 1


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def minor_conquered(board: dict[str, Any], minor: str) -> bool:
    return minor in board["minors_conquered"]


def at_war_with_minor(board: dict[str, Any], power: str, minor: str) -> bool:
    return any(w["power"] == power and w["minor"] == minor for w in board["minor_wars"])


def minor_at_war(board: dict[str, Any], minor: str) -> bool:
    return any(w["minor"] == minor for w in board["minor_wars"])


def off_the_table(board: dict[str, Any], minor: str, at_war_too: bool = True) -> bool:
    """IPO 3 and IPO 12 may not be played on a minor at war (or declared on this turn, which is
    the same here: a declaration puts it at war at once) or conquered; no option names an
    aligned minor (IPO 5, RULING 72). MP 0(e) asks only the last two (`at_war_too` False).
    None of them (nor IPO 4) is played on a minor in civil war (IPO 4)."""
    return (at_war_too and minor_at_war(board, minor)) or minor_conquered(board, minor) \
        or alignment.aligned_to(board, minor) is not None \
        or civil_war.in_civil_war(board, minor)


def _ahead_of_allies(board: dict[str, Any], power: str, minor: str) -> bool:
    return all(position(board, power) < position(board, ally)
               for ally in board["alliances"].get(minor, []) if ally != power)


def _allied_elsewhere(board: dict[str, Any], power: str, minor: str) -> bool:
    return any(ally != power for ally in board["alliances"].get(minor, []))


def national_limit(board: dict[str, Any], power: str, minor: str) -> bool:
    """Each power's option 4 for minors (GE/IT/JA/RU/CW/FR/CH/US 4; RULING 39)."""
    ahead = _ahead_of_allies(board, power, minor)
    willing = position(board, power) <= MINORS[minor].willpower
    if power == "GE":
        return int(board["turn"]) >= GEARED_UP_TURN
    if power in ("IT", "CH"):
        return willing and ahead
    if power == "JA":
        return not _allied_elsewhere(board, power, minor) or ahead
    if power == "RU":         # RU 4: at war with Germany, or after RU 6 (RULING 107)
        return (at_war(board, "RU", "GE") or purged_before(board)) and ahead
    if power == "CW":
        return position(board, power) == 1 or (_allied_elsewhere(board, power, minor) and ahead)
    if power == "FR":
        return _allied_elsewhere(board, power, minor) and ahead
    if power == "US":
        allies = [a for a in board["alliances"].get(minor, []) if a != power]
        return bool(allies) and ahead and any(at_war(board, "US", a) for a in allies)
    return False


def may_declare_on_minor(board: dict[str, Any], power: str, minor: str) -> bool:
    if conquered(board, power) or minor_conquered(board, minor):
        return False
    # MP 4: no declaration on a minor aligned to a major power (RULING 72; its own aligner
    # neither); a war on that power brings the declarer to war with it (alignment.sync)
    if alignment.aligned_to(board, minor) is not None:
        return False
    if at_war_with_minor(board, power, minor) or int(board["powers"][power]["army"]) < 1:
        return False
    # RULING 104: the sides' cease-fire and joint defence against a declarer are not built,
    # so no declaration is offered on a minor in civil war
    if civil_war.in_civil_war(board, minor):
        return False
    return national_limit(board, power, minor)


def minor_declaration_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """One minor a play (RULING 29, as for major powers)."""
    return [{"option": "MP4", "minor": m} for m in sorted(MINORS)
            if may_declare_on_minor(board, power, m)]


def director(board: dict[str, Any], declarer: str, minor: str,
             controller_now: str | None, declined: Sequence[str] = ()) -> str | None:
    """DoD 8.7.2 MP 4 — the power that directs the minor: of another ideology than the
    declarer's, not at war with the minor itself, not conquered, not among the powers that
    declined to direct this war; in order: controls it, is allied to it, is at war with the
    declarer, is nearest on the display, is first on the track. None if no power qualifies."""
    ideology = POWERS[declarer].ideology
    candidates = [p for p in SEATS if POWERS[p].ideology != ideology and not conquered(board, p)
                  and not at_war_with_minor(board, p, minor) and p not in declined]
    if not candidates:
        return None
    where = board["display"][minor]

    def key(p: str) -> tuple[int, int, int, int, int]:
        return (0 if p == controller_now else 1,
                0 if p in board["alliances"].get(minor, []) else 1,
                0 if at_war(board, p, declarer) else 1,
                distance(where, board["display"][p]), position(board, p))
    return min(candidates, key=key)


def declare_on_minor(state: State, power: str, action: dict[str, Any],
                     roller: Roller) -> list[Event]:
    from_control = controller(state["board"], action["minor"])
    board, minor = state["board"], action["minor"]
    board["powers"][power]["money"] -= CATALOGUE["MP4"].cost
    events: list[Event] = []
    allies = board["alliances"].get(minor, [])
    guarantors = board["guarantees"].get(minor, [])
    own_alliance, own_guarantee = power in allies, power in guarantors
    loss = 0
    effects: dict[str, int] = {}
    if own_alliance:
        loss += ALLY_PE_LOSS
        for other in _held_by(board, power, minor, alliances=True, guarantees=True):
            effects[other] = effects.get(other, 0) + ALLY_MARKER
    if own_guarantee:
        loss += GUARANTEE_PE_LOSS
        for other in _held_by(board, power, minor, alliances=False, guarantees=True):
            effects[other] = effects.get(other, 0) + GUARANTEE_MARKER
    board["powers"][power]["pe"] -= loss
    for other, value in war_chart_effects(board, minor).items():
        effects[other] = effects.get(other, 0) + value
    # IPO 3, IPO 12: every other ally and guarantor gains casus belli against the declarer
    wronged = sorted({p for p in allies + guarantors if p != power and not conquered(board, p)})
    for other in wronged:
        grant_casus_belli(board, other, power)
    # then the declarer's own ties with the minor are cancelled
    for table in ("alliances", "guarantees"):
        held = [p for p in board[table].get(minor, []) if p != power]
        if held:
            board[table][minor] = held
        else:
            board[table].pop(minor, None)
    chosen = director(board, power, minor, from_control)
    board["minor_wars"].append({"power": power, "minor": minor, "since": board["turn"],
                                "director": chosen, "declined": []})
    board["minor_wars"].sort(key=lambda w: (w["minor"], w["power"]))
    # a minor whose director now declares on it needs a new director (MP 4)
    for war in board["minor_wars"]:
        if war["minor"] == minor and war["director"] == power:
            war["director"] = director(board, war["power"], minor, from_control,
                                       war["declined"])
    events.append(Event("war_on_minor", RULE, {
        "power": power, "minor": minor, "director": chosen, "pe_lost": loss,
        "pe": board["powers"][power]["pe"], "casus_belli_to": wronged,
        "ties_cancelled": own_alliance or own_guarantee}))
    events += minor_army.set_up(state, minor)
    events.append(war_chart.apply_us_entry(board, power, minor))    # RULING 51
    return events + markers.add_markers(board, power, effects, target=minor)


def war_chart_effects(board: dict[str, Any], minor: str) -> dict[str, int]:
    """DoD 2.6, 8.7.2 MP 4 — the War Chart's minor effects of declaring war on `minor`, for
    each declaration (RULING 44: authored, the chart is absent)."""
    where = board["display"][minor]
    effects = {minor: WAR_CHART_TARGET}
    for other in sorted(MINORS):
        if other != minor and not minor_conquered(board, other) and \
                distance(board["display"][other], where) <= WAR_CHART_REACH:
            effects[other] = WAR_CHART_NEIGHBOUR
    return effects


def _held_by(board: dict[str, Any], power: str, minor: str, *, alliances: bool,
             guarantees: bool) -> list[str]:
    """The other minors the power is allied to and/or guarantees."""
    out = set()
    for table, wanted in (("alliances", alliances), ("guarantees", guarantees)):
        if wanted:
            out |= {m for m, held in board[table].items() if power in held and m != minor}
    return sorted(m for m in out if not minor_conquered(board, m))


def war_on(board: dict[str, Any], minor: str, power: str) -> dict[str, Any]:
    return next(w for w in board["minor_wars"] if w["minor"] == minor and w["power"] == power)


def fall(board: dict[str, Any], minor: str, conqueror: str, rule: str) -> list[Event]:
    """DoD 12.2.2 — the minor is completely conquered by `conqueror`: every war on it ends, it
    leaves the display for every purpose. Its allies and guarantors (their ties stood when it
    was declared on: no IPO 3 or IPO 12 is played on a minor at war) owe vengeance on every
    power at war with it by the end of the next political step (IPO 3, IPO 12; RULING 43)."""
    declarers = sorted({w["power"] for w in board["minor_wars"] if w["minor"] == minor})
    navy = minor_army.fallen(board, minor)
    board["minors_conquered"][minor] = conqueror
    board.get("aligned", {}).pop(minor, None)       # IPO 5: its marker passes to the conqueror
    board["minor_wars"] = [w for w in board["minor_wars"] if w["minor"] != minor]
    allies = [p for p in board["alliances"].get(minor, []) if not conquered(board, p)]
    guarantors = [p for p in board["guarantees"].get(minor, []) if not conquered(board, p)]
    if allies or guarantors:
        board["unavenged"].append({"minor": minor, "declarers": declarers, "allies": allies,
                                   "guarantors": guarantors, "due": int(board["turn"]) + 1})
    for table in ("alliances", "guarantees", "coup_cells", "modifiers"):
        board[table].pop(minor, None)
    return [Event("minor_conquered", rule, {"minor": minor, "power": conqueror}), *navy]


def conquest(state: State, roller: Roller) -> list[Event]:
    """The conquest step (5.H): no die is rolled. Aligned minors follow their aligners' wars
    (RULINGS 73-75)."""
    events = alignment.sync(state)
    return events + conquer_minors(state) + alignment.sync(state)


def conquer_minors(state: State) -> list[Event]:
    """DoD 12.2 — RULING 49: at the conquest step each minor at war falls when the offensives
    into it reach its conquest level or its army is gone (minor_army.conqueror); a conquered
    declarer's wars on minors end, with its offensives into them."""
    board = state["board"]
    events: list[Event] = []
    gone = [w for w in board["minor_wars"] if conquered(board, w["power"])]
    if gone:
        board["minor_wars"] = [w for w in board["minor_wars"] if w not in gone]
        for war in gone:
            board["minor_offensives"].pop(minor_army.key(war["power"], war["minor"]), None)
            minor_army.stand_down(board, war["minor"])
    for minor in minor_army.mobilised(board):
        winner = minor_army.conqueror(board, minor)
        if winner is not None:
            events += fall(board, minor, winner, "DoD 12.2.2")
    return events


# --- DoD 8.7.2 MP 4: a director may decline (RULING 42) ------------------------------------------

def new_directors(before: list[tuple[str, str, str | None]],
                  board: dict[str, Any], minor: str) -> list[list[str]]:
    """The wars on `minor` whose director is new since `before` (the declaration's own war, and
    the others' when their director was the declarer): each director is asked in turn."""
    return [[w["minor"], w["power"]] for w in board["minor_wars"]
            if w["minor"] == minor and w["director"] is not None
            and (w["minor"], w["power"], w["director"]) not in before]


def directing_snapshot(board: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    return [(w["minor"], w["power"], w["director"]) for w in board["minor_wars"]]


def direct_decisions(state: State) -> list[Decision]:
    """DoD 8.7.2 MP 4 — the power chosen to direct a minor may decline; the first answer
    listed (direct it) is the timeout default."""
    pending = state["flow"].get("directing")
    if not pending or not pending["queue"]:
        return []
    board = state["board"]
    minor, declarer = pending["queue"][0]
    war = war_on(board, minor, declarer)
    chosen = war["director"]
    answers: list[dict[str, Any]] = [{"direct": True}]
    if minor in alignment.free_alignments(board, chosen):      # MP 4, 8.1.4 (RULING 76)
        answers.append({"direct": True, "align": True})
    answers.append({"direct": False})
    return [Decision(
        id=f"t{board['turn']}-direct-{minor}-{declarer}-{len(war['declined'])}",
        seats=(chosen,), kind="direct", rule=RULE,
        prompt=(f"{POWERS[declarer].title} has declared war on {MINORS[minor].title}: direct "
                "it, or decline (another power is chosen; if all decline it is conquered)"),
        waiting=f"{POWERS[chosen].title} is deciding whether to direct {MINORS[minor].title}",
        options=tuple(answers),
        data={"minor": minor, "declarer": declarer})]


def do_direct(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """Accepting keeps the director; declining passes the minor to the next power by the
    book's order (the decliners left out); if none is left, the declarer conquers it at once
    (DoD 8.7.2 MP 4, 12.2.2)."""
    flow, board = state["flow"], state["board"]
    pending = flow["directing"]
    minor, declarer = pending["queue"][0]
    war = war_on(board, minor, declarer)
    events: list[Event] = []
    if action["direct"]:
        pending["queue"].pop(0)
        events.append(Event("director_accepts", RULE, {"power": seat, "minor": minor,
                                                       "declarer": declarer}))
        if action.get("align"):     # MP 4: free, without the card's cost or effects
            events += alignment.align(state, seat, minor, alignment.FREE_RULE)
    else:
        war["declined"].append(seat)
        war["director"] = director(board, declarer, minor, controller(board, minor),
                                   war["declined"])
        events.append(Event("director_declines", RULE, {
            "power": seat, "minor": minor, "declarer": declarer, "next": war["director"]}))
        if war["director"] is None:
            events += fall(board, minor, declarer, RULE)
            pending["queue"] = [q for q in pending["queue"] if q[0] != minor]
    if not pending["queue"]:
        flow["directing"] = None    # politics.do_direct then makes the end-of-step roll
    return events


# --- DoD 8.7.2 MP 4: peace between a directed minor and a declarer (RULING 42) -------------------

def peace_pairs(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """The wars the director `power` may end (RULING 48): the declarer holds no offensive into
    the minor and did not attack it this turn (committed no army point against it in this
    turn's military step)."""
    if conquered(board, power):
        return []
    return [{"peace": True, "minor": w["minor"], "with": w["power"]}
            for w in board["minor_wars"]
            if w["director"] == power
            and alignment.aligned_to(board, w["minor"]) is None     # its wars follow its aligner
            and not board["minor_offensives"].get(minor_army.key(w["power"], w["minor"]))
            and int(w.get("attacked", 0)) != int(board["turn"])]


def begin_peace(state: State, roller: Roller) -> list[Event]:
    state["flow"]["peace_asked"] = []
    return []


def peace_decisions(state: State) -> list[Decision]:
    """Before the conquest step each director, in initiative order, may make peace for its
    minor; keeping the war (listed first) is the timeout default."""
    board, asked = state["board"], state["flow"]["peace_asked"]
    for power in board["initiative"]:
        pairs = peace_pairs(board, power)
        aligns = [{"peace": False, "align": m} for m in alignment.free_alignments(board, power)]
        if power in asked or not (pairs or aligns):
            continue
        return [Decision(
            id=f"t{board['turn']}-minor-peace-{power}-{len(board['minor_wars'])}",
            seats=(power,), kind="minor_peace", rule=RULE,
            prompt=("Declare peace between a minor you direct and a power at war with it, "
                    "align free a minor you direct against a power you are at war with, or not"),
            waiting=f"{POWERS[power].title} is deciding on peace for the minors it directs",
            options=({"peace": False}, *aligns, *pairs))]
    return []


def do_peace(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
    board = state["board"]
    if not action["peace"]:
        state["flow"]["peace_asked"].append(seat)
        if action.get("align"):     # MP 4, 8.1.4: the free alignment (RULING 76)
            return alignment.align(state, seat, action["align"], alignment.FREE_RULE)
        return []
    minor, declarer = action["minor"], action["with"]
    board["minor_wars"] = [w for w in board["minor_wars"]
                           if not (w["minor"] == minor and w["power"] == declarer)]
    minor_army.stand_down(board, minor)
    return [Event("minor_peace", RULE, {"director": seat, "minor": minor, "with": declarer,
                                        "at_war": minor_at_war(board, minor)})]


# --- IPO 3, IPO 12: the unavenged minor (RULING 43) ---------------------------------------------

def unavenged(board: dict[str, Any]) -> list[Event]:
    """At the end of the political step after a minor fell: each of its allies and guarantors
    not at war with every (unconquered) power that was at war with it loses 1 PE and places
    -3 in every other minor it is allied to or guarantees (an ally, once however many of the
    fallen minor's alliances it held), and 1 PE more and -2 in every other minor it guarantees
    (a guarantor); both add up."""
    events: list[Event] = []
    turn = int(board["turn"])
    for entry in [e for e in board["unavenged"] if int(e["due"]) <= turn]:
        board["unavenged"].remove(entry)
        enemies = [d for d in entry["declarers"] if not conquered(board, d)]
        for power in sorted(set(entry["allies"]) | set(entry["guarantors"])):
            if conquered(board, power) or all(at_war(board, power, d) for d in enemies):
                continue
            loss = 0
            effects: dict[str, int] = {}
            if power in entry["allies"]:
                loss += ALLY_PE_LOSS
                for other in _held_by(board, power, entry["minor"], alliances=True,
                                      guarantees=True):
                    effects[other] = effects.get(other, 0) + ALLY_MARKER
            if power in entry["guarantors"]:
                loss += GUARANTEE_PE_LOSS
                for other in _held_by(board, power, entry["minor"], alliances=False,
                                      guarantees=True):
                    effects[other] = effects.get(other, 0) + GUARANTEE_MARKER
            board["powers"][power]["pe"] -= loss
            events.append(Event("minor_unavenged", "DoD 8.7.1 IPO 3, IPO 12", {
                "power": power, "minor": entry["minor"], "pe_lost": loss,
                "pe": board["powers"][power]["pe"]}))
            events += markers.add_markers(board, power, effects)
    return events
