"""DoD 10.1 and 10.1.1 — a power's income from the factories and resources it controls, times its
production multiple, with the protectionist and free-trader additions (version 24).

Resources (10.1): those of the territories it controls (its 1936 territories on the political
map and those options gave it, `national_common.gained`); of the minors it controls as 8.1.3
(at peace) and 8.1.4 (at war with a major power) allow by the factions between the two markers
on the Status Display; of the minors it has conquered (their territories are its own) or
aligned (IPO 5); a resource for each minor paying it tribute (GE 10); what an option's resource
markers add (GE 13, GE 14). Factories: its own, the red ones of minors it controls or has conquered, and the
blue ones too of a minor it aligned or controls closely (8.1.3 stacked, 8.1.4 same faction).
Each factory that receives a resource makes one production point (min of the two sums: the
resources' transport, 10.1.2, always succeeds here, RULING 144), less the trade an embargo
cancels (IPO 19, IPO 16: RULING 146, a resource that fed a factory).

The production multiple is read off the power's PM track (RULING 145: PML 1 is PM 1 for every
power and each level a quarter, ruling 118's reading kept), moved by national effort (IPO 20)
and 10.1's temporary levels for the Soviet Union and the US at war. The protectionist adds its
own PM, and every power the PM of each free trader it has a treaty and a trade agreement with
(10.1.1, RULING 147); fractions are kept until then and rounded once (1.1: halves up).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import league
from .combat import rounded
from .control import controller
from .display import CENTRE, distance
from .minors import MINORS
from .national_common import gained, markers_in
from .powers import POWERS, SEATS
from .relations import at_war, conquered, enemies, level
from .war_economy import EMBARGO_CUT, has_trade, pm_levels
from .world import political_map

Board = dict[str, Any]
PML_VALUE = Fraction(1, 4)           # RULING 145: a level of the PM track, authored
# 8.1.3 / 8.1.4: what a controller may use of a minor, by whether it is at war with a major
# power and the factions between the two markers (0 the same faction): (resources and red
# factories at all, blue factories too, other powers' committed resources: 0 none, 1 those of
# powers behind it on the initiative track, 2 all).
USE: dict[tuple[bool, int], tuple[bool, bool, int]] = {
    (False, 2): (False, False, 0), (False, 1): (True, False, 0), (False, 0): (True, False, 1),
    (True, 2): (True, False, 0), (True, 1): (True, False, 1), (True, 0): (True, True, 2)}
STACKED = (True, True, 2)
NOTHING = (False, False, 0)


def ring(hex_id: str) -> int:
    """The faction of a display hex as its ring (2 moderate, 3 orthodox, 4 radical)."""
    return distance(CENTRE, hex_id)


def minor_territories(board: Board, minor: str) -> list[str]:
    """The minor's home territories now: less what options handed to major powers (GE 8, GE 9,
    GE 10) and GE 13 passed to another minor, with what GE 13 passed to it."""
    national = board["national"]
    given = {*national.get("home", {}), *national.get("colonies", {})}
    claims = national.get("claims", {})
    own = [t for t in political_map().home_country(minor) if t not in given
           and claims.get(t, minor) == minor]
    return sorted({*own, *(t for t, m in claims.items() if m == minor and t not in given)})


def _sums(territories: list[str]) -> tuple[int, int, int]:
    """(resources, red factories, blue factories) of the territories."""
    areas = [political_map().territories[t] for t in territories]
    red = sum(a.factories for a in areas if a.factory_colour == "red")
    return sum(a.resources for a in areas), red, sum(a.factories for a in areas) - red


def _producing(board: Board, minor: str) -> bool:
    """10.1's exceptions: a minor at war or in civil war gives its markers and controller
    nothing; one off the display (conquered, absorbed) is counted as territory instead."""
    return not (minor in board["minors_conquered"] or minor in board.get("civil_wars", {})
                or any(w["minor"] == minor for w in board["minor_wars"]))


def _minor_use(board: Board, minor: str) -> tuple[str | None, tuple[bool, bool, int]]:
    """Who uses the minor as its controller, and how far (8.1.3, 8.1.4, IPO 5 aligned)."""
    aligner = board.get("aligned", {}).get(minor)
    if aligner is not None:                 # IPO 5: everything the minor has (RULING 144)
        return (None if conquered(board, aligner) else aligner), STACKED
    if not _producing(board, minor):
        return None, NOTHING
    power = controller(board, minor)
    if power is None:
        return None, NOTHING
    here, there = board["display"][minor], board["display"][power]
    if here == there:
        return power, STACKED
    return power, USE[(bool(enemies(board, power)), abs(ring(here) - ring(there)))]


def _takes(board: Board, user: str, holder: str, mode: int) -> bool:
    """8.1.3 / 8.1.4 — whether the controller takes `holder`'s committed resources."""
    order = board["initiative"]
    return mode == 2 or (mode == 1 and order.index(user) < order.index(holder))


def minor_shares(board: Board) -> dict[str, dict[str, dict[str, int]]]:
    """{power: {minor: {resources, factories}}} — what each minor on the display, aligned or
    conquered gives each power this production step."""
    shares: dict[str, dict[str, dict[str, int]]] = {p: {} for p in SEATS}

    def add(power: str, minor: str, resources: int, factories: int) -> None:
        if resources or factories:
            got = shares[power].setdefault(minor, {"resources": 0, "factories": 0})
            got["resources"] += resources
            got["factories"] += factories

    for minor in sorted(MINORS):
        resources, red, blue = _sums(minor_territories(board, minor))
        taker = board["minors_conquered"].get(minor)
        if taker is not None and board.get("aligned", {}).get(minor) is None:
            # 10.1: a conquered minor's territories are the conqueror's; red factories only
            if not conquered(board, taker) and not _absorbed(board, minor):
                add(taker, minor, resources, red)
            continue
        user, (use, blue_too, mode) = _minor_use(board, minor)
        using = user is not None and use
        committed = markers_in(board, minor) if _producing(board, minor) else {}
        for holder, n in sorted(committed.items()):
            if using and holder != user and _takes(board, str(user), holder, mode):
                add(str(user), minor, n, 0)
            elif not conquered(board, holder):
                add(holder, minor, n, 0)
        if using:
            free = max(0, resources - sum(committed.values()))
            add(str(user), minor, free, red + (blue if blue_too else 0))
    return shares


def _absorbed(board: Board, minor: str) -> bool:
    national = board["national"]
    given = {*national.get("home", {}), *national.get("colonies", {})}
    return set(political_map().home_country(minor)) <= given


def lost_trade(board: Board, power: str) -> int:
    """IPO 19 (RULING 57) and the League's embargo (IPO 16, RULING 88): the trade cancelled,
    as resources lost that fed factories (10.1: "less the amount lost", RULING 146)."""
    lost = 0
    for embargo in board["embargoes"]:
        if embargo["on"] == power:
            lost += EMBARGO_CUT["target"]
        elif embargo["by"] == power:
            lost += EMBARGO_CUT["embargoer"]
    for other in league.lost_trade(board, power):
        if has_trade(board, power, other) and not any(
                {e["by"], e["on"]} == {power, other} for e in board["embargoes"]):
            lost += EMBARGO_CUT["target" if league.embargoed(board, power) else "embargoer"]
    return lost


def temporary_levels(board: Board, power: str) -> int:
    """DoD 10.1 — the PM levels gained for this turn: the Soviet Union at war with Germany or
    the US; the US at war with any major power, and once more at war with every major power of
    another ideology that has more than one (RULING 145; the home-country land combat is absent
    with the map's fronts)."""
    foes = set(enemies(board, power))
    if power == "RU":
        return 1 if foes & {"GE", "US"} else 0
    if power != "US" or not foes:
        return 1 if power == "US" and foes else 0
    ideologies = {POWERS[p].ideology for p in POWERS if p != power}
    whole = any(len(members) > 1 and members <= foes for members in (
        {p for p in POWERS if POWERS[p].ideology == i and not conquered(board, p)}
        for i in ideologies if i != POWERS[power].ideology))
    return 1 + (1 if whole else 0)


def multiple(board: Board, power: str) -> Fraction:
    """DoD 10.1 — the PM this production step: PML 1 is 1, a quarter a level (RULING 145), the
    national effort's levels (IPO 20, RULING 55) and the temporary ones; never below 0."""
    levels = pm_levels(board, power) + temporary_levels(board, power)
    return max(Fraction(0), 1 + levels * PML_VALUE)


def breakdown(board: Board, power: str) -> dict[str, Any]:
    """DoD 10.1 / 10.1.1 — where `power`'s income comes from; fractions as strings."""
    if conquered(board, power):
        return {"income": 0, "conquered": True}
    national = board["national"]
    held = sorted({*political_map().held_by(power), *gained(board, power)})
    resources, red, blue = _sums(held)
    tribute = sum(1 for p in national.get("tribute", {}).values() if p == power)
    minors = minor_shares(board)[power]
    # RULING 144: the 2.3 set-up's German markers are counted in the minors (not in Germany)
    lost = lost_trade(board, power)
    total_resources = resources + tribute + sum(m["resources"] for m in minors.values())
    factories = red + blue + sum(m["factories"] for m in minors.values())
    # RULING 146: the trade an embargo cancels fed factories (it was bought for them), so each
    # resource lost idles one
    points = max(0, min(total_resources, factories) - lost)
    pm = multiple(board, power)
    protectionist = Fraction(0) if board["powers"][power]["free_trader"] else pm
    free_trade = {o: multiple(board, o) for o in SEATS
                  if o != power and not conquered(board, o) and board["powers"][o]["free_trader"]
                  and level(board, power, o) >= 1 and has_trade(board, power, o)
                  and not at_war(board, power, o)}
    exact = points * pm + protectionist + sum(free_trade.values(), Fraction(0))
    return {
        "territories": {"resources": resources, "factories": red + blue, "held": held},
        "minors": minors, "tribute": tribute, "lost_trade": lost,
        "resources": total_resources, "factories": factories, "points": points,
        "pm": str(pm), "pm_levels": pm_levels(board, power),
        "temporary_levels": temporary_levels(board, power),
        "protectionist": str(protectionist),
        "free_trade": {o: str(v) for o, v in free_trade.items()},
        "income": max(0, rounded(exact)),
    }


def income(board: Board, power: str) -> int:
    """DoD 10.1 — the money `power` earns this production step (0 when conquered)."""
    return int(breakdown(board, power)["income"])


def table(board: Board) -> dict[str, dict[str, Any]]:
    """Every power's breakdown (the view's income table)."""
    return {p: breakdown(board, p) for p in SEATS}
