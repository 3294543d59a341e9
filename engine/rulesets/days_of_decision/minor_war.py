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
guaranteeing the minor gains casus belli against the declarer. The War Chart's minor and US
entry effects are absent (the chart is not in the seed).

RULING 41, conquest without the map: the minor's forces stand on the absent map, so it cannot
fight alone. At the conquest step (5.H) a minor at war is completely conquered by every power at
war with it whose director is not at war with that power (12.2.2); while its director is at
war with the declarer it holds out. A conquered minor's marker leaves the display for every
purpose (no activation, no options on it, no markers kept, no alliances, guarantees or coup
cells), and its conqueror holds it as a minor controlled for victory (the proxy of RULING 26)
and income. A declarer conquered itself ends its wars on minors.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import markers
from .catalogue import CATALOGUE
from .control import controller
from .display import distance
from .minors import MINORS
from .powers import POWERS, SEATS
from .war import GEARED_UP_TURN, at_war, conquered

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 4"
ALLY_PE_LOSS, ALLY_MARKER = 1, -3           # DoD 8.7.1 IPO 3
GUARANTEE_PE_LOSS, GUARANTEE_MARKER = 1, -2  # DoD 8.7.1 IPO 12


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def minor_conquered(board: dict[str, Any], minor: str) -> bool:
    return minor in board["minors_conquered"]


def at_war_with_minor(board: dict[str, Any], power: str, minor: str) -> bool:
    return any(w["power"] == power and w["minor"] == minor for w in board["minor_wars"])


def minor_at_war(board: dict[str, Any], minor: str) -> bool:
    return any(w["minor"] == minor for w in board["minor_wars"])


def off_the_table(board: dict[str, Any], minor: str) -> bool:
    """IPO 3 and IPO 12 may not be played on a minor at war (or declared on this turn, which is
    the same here: a declaration puts it at war at once) or conquered."""
    return minor_at_war(board, minor) or minor_conquered(board, minor)


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
    if power == "RU":
        return at_war(board, "RU", "GE") and ahead
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
    if at_war_with_minor(board, power, minor) or int(board["powers"][power]["army"]) < 1:
        return False
    return national_limit(board, power, minor)


def minor_declaration_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """One minor a play (RULING 29, as for major powers)."""
    return [{"option": "MP4", "minor": m} for m in sorted(MINORS)
            if may_declare_on_minor(board, power, m)]


def director(board: dict[str, Any], declarer: str, minor: str,
             controller_now: str | None) -> str | None:
    """DoD 8.7.2 MP 4 — the power that directs the minor: of another ideology than the
    declarer's, not at war with the minor itself, not conquered; in order: controls it, is
    allied to it, is at war with the declarer, is nearest on the display, is first on the
    track. None if no power qualifies."""
    ideology = POWERS[declarer].ideology
    candidates = [p for p in SEATS if POWERS[p].ideology != ideology and not conquered(board, p)
                  and not at_war_with_minor(board, p, minor)]
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
    # IPO 3, IPO 12: every other ally and guarantor gains casus belli against the declarer
    wronged = sorted({p for p in allies + guarantors if p != power and not conquered(board, p)})
    for other in wronged:
        held = board["casus_belli"].setdefault(other, [])
        if power not in held:
            held.append(power)
            held.sort()
    # then the declarer's own ties with the minor are cancelled
    for table in ("alliances", "guarantees"):
        held = [p for p in board[table].get(minor, []) if p != power]
        if held:
            board[table][minor] = held
        else:
            board[table].pop(minor, None)
    chosen = director(board, power, minor, from_control)
    board["minor_wars"].append({"power": power, "minor": minor, "since": board["turn"],
                                "director": chosen})
    board["minor_wars"].sort(key=lambda w: (w["minor"], w["power"]))
    # a minor whose director now declares on it needs a new director (MP 4)
    for war in board["minor_wars"]:
        if war["minor"] == minor and war["director"] == power:
            war["director"] = director(board, war["power"], minor, from_control)
    events.append(Event("war_on_minor", RULE, {
        "power": power, "minor": minor, "director": chosen, "pe_lost": loss,
        "pe": board["powers"][power]["pe"], "casus_belli_to": wronged,
        "ties_cancelled": own_alliance or own_guarantee}))
    return events + markers.add_markers(board, power, effects)


def _held_by(board: dict[str, Any], power: str, minor: str, *, alliances: bool,
             guarantees: bool) -> list[str]:
    """The other minors the power is allied to and/or guarantees."""
    out = set()
    for table, wanted in (("alliances", alliances), ("guarantees", guarantees)):
        if wanted:
            out |= {m for m, held in board[table].items() if power in held and m != minor}
    return sorted(m for m in out if not minor_conquered(board, m))


def conquest(state: State, roller: Roller) -> list[Event]:
    """DoD 12.2 — RULING 41: at the conquest step each minor at war falls to every declarer its
    director is not fighting; a conquered declarer's wars on minors end."""
    board = state["board"]
    events: list[Event] = []
    board["minor_wars"] = [w for w in board["minor_wars"] if not conquered(board, w["power"])]
    for war in list(board["minor_wars"]):
        minor = war["minor"]
        if minor_conquered(board, minor):
            continue
        guard = war["director"]
        if guard is not None and not conquered(board, guard) and at_war(board, guard, war["power"]):
            continue
        board["minors_conquered"][minor] = war["power"]
        board["minor_wars"] = [w for w in board["minor_wars"] if w["minor"] != minor]
        for table in ("alliances", "guarantees", "coup_cells", "modifiers"):
            board[table].pop(minor, None)
        events.append(Event("minor_conquered", "DoD 12.2.2",
                            {"minor": minor, "power": war["power"]}))
    return events
