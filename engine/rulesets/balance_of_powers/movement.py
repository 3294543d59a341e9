"""BoP 9 — land movement: march, rail, entrenching; one force at a time (6.53, 9.0).

Per half, `flow["moves"][uid] = {"mp": left, "rail": rail MP spent}` for units that acted;
a unit not listed has its whole allowance. `flow["force"][seat]` is the force that seat is now
moving: until it stops (the `stop` decision, or no MP left) the seat may only march, rail or
attack with it (9.0); acting with some of its units drops the rest (9.12), unmoved units in its
hex may join and count as having spent what it spent (9.12).

March destinations and rail destinations are each computed by one function used both to list
options and to validate an action (the same code path).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, Roller

from .admiralty import at_sea
from .forces import (
    ENTRENCHED,
    MANEUVER,
    UNITS,
    belligerent_side,
    commander,
    controller,
    enemy_present,
    friendly_corps_count,
    infrastructure,
    landing_of,
    neighbours,
    neutral_closed,
    occupancy,
    side_of,
    stack_limit,
    stacking_conflict,
)
from .sequence import first_fortnight_of_game
from .tables import CENTRAL, MINOR_COMMANDER, RAIL_CAP, RAIL_HEXES_PER_MP, RAIL_MAX_MP
from .theatre import Theatre

MOBILISED_FIRST = frozenset({"britain", "france", "germany"})  # BoP 12.1 mobilisation limits


def allowance(state: dict[str, Any], uid: str, supplied: bool) -> int:
    """BoP 9.0, 1.321, 3.2 — printed movement, 1 when entrenched, −1 when unsupplied."""
    unit = state["board"]["units"][uid]
    base = 1 if unit["mode"] == ENTRENCHED else UNITS[uid].movement
    return max(0, base - (0 if supplied else 1))


def mp_left(state: dict[str, Any], uid: str, supplied: bool) -> int:
    entry = state["flow"]["moves"].get(uid)
    if entry is None:
        return allowance(state, uid, supplied)
    return entry["mp"]


def may_move(state: dict[str, Any], uid: str) -> bool:
    """BoP 12.1 — in fortnight 1 of August 1914 only British, French and German corps move."""
    flow = state["flow"]
    if first_fortnight_of_game(flow["month"], flow["fortnight"]):
        return UNITS[uid].nation in MOBILISED_FIRST
    return True


def check_force(state: dict[str, Any], seat: str, units: Any, rule: str) -> str:
    """A force: a non-empty list of distinct units of `seat` in one location. Returns it."""
    if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
        raise IllegalAction(rule, "bad_force", {"units": units}, "Name the units that move.")
    if len(set(units)) != len(units):
        raise IllegalAction(rule, "bad_force", {"units": units}, "A unit is named twice.")
    board_units = state["board"]["units"]
    for uid in units:
        if uid not in board_units:
            raise IllegalAction(rule, "not_on_map", {"unit": uid}, f"{uid} is not on the map.")
        if commander(state, uid) != seat:
            raise IllegalAction(rule, "not_yours", {"unit": uid}, f"{uid} is not yours to move.")
    locs = {board_units[u]["at"] for u in units}
    if len(locs) != 1:
        raise IllegalAction(rule, "split_force", {"units": units},
                            "A force is units in one location.")
    if not any(UNITS[u].corps for u in units):
        raise IllegalAction("BoP 1.323", "leader_alone", {"units": units},
                            "A leader moves and attacks only with corps: add a corps of "
                            "his location to the force.")
    return locs.pop()


def force_mp(state: dict[str, Any], units: list[str], supplied: dict[str, bool]) -> int:
    corps = [u for u in units if UNITS[u].corps]
    return min(mp_left(state, u, supplied.get(u, True)) for u in corps)


def can_pass(state: dict[str, Any], th: Theatre, side: str, loc: str, n_corps: int,
             occ: dict[str, list[str]]) -> bool:
    """BoP 2.62, 6.11, 9.63 — a friendly force may enter (and leave) this location."""
    if neutral_closed(state, th, loc):
        return False
    landing = landing_of(state)
    if landing is not None and loc == landing["at"] and side != "entente":
        return False  # 6.451: the Central Powers have no sea power
    if loc in state["flow"]["trench"]:
        return False
    if enemy_present(state, th, loc, side, occ):
        return False
    return friendly_corps_count(state, loc, side, occ) + n_corps <= stack_limit(state, th, loc)


def march_destinations(state: dict[str, Any], th: Theatre, units: list[str],
                       supplied: dict[str, bool], *,
                       first_only: bool = False) -> dict[str, tuple[int, list[str]]]:
    """BoP 9.1 — every location the force may march to: {loc: (MP spent, path)}.

    1 MP per hex; forest, marsh, mountain and port boxes cost all remaining MP (9.13), so they
    end the march; enemy-occupied locations are attacks, not marches (9.14)."""
    if not all(may_move(state, u) for u in units if UNITS[u].corps):
        return {}
    budget = force_mp(state, units, supplied)
    if budget <= 0:
        return {}
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = belligerent_side(state, units[0])
    occ = occupancy(state)
    for uid in units:
        occ[start].remove(uid)
    n_corps = sum(1 for u in units if UNITS[u].corps)
    mountain_force = all(UNITS[u].kind == "mountain" for u in units if UNITS[u].corps)
    best: dict[str, tuple[int, list[str]]] = {}
    frontier = [(0, start, [start])]
    seen = {start: 0}
    while frontier:
        frontier.sort()
        spent, loc, path = frontier.pop(0)
        if spent >= budget:
            continue
        for other in neighbours(state, th, loc):
            if other == start or not can_pass(state, th, side, other, n_corps, occ):
                continue
            if th.mountain_corps_only(loc, other) and not mountain_force:
                continue
            if inherent_defense(state, th, loc, other, side, occ):
                continue  # 1.25: an assault from the landing fights the inherent defense
            ends = th.ends_march(loc, other)
            cost = budget if ends else spent + 1
            if other in seen and seen[other] <= cost:
                continue
            seen[other] = cost
            if stacking_conflict(state, units, other, occ):
                best.pop(other, None)
            else:
                best[other] = (cost, path + [other])
                if first_only:
                    return best
            if not ends:
                frontier.append((cost, other, path + [other]))
    return dict(sorted(best.items()))


def inherent_defense(state: dict[str, Any], th: Theatre, start: str, target: str, side: str,
                     occ: dict[str, list[str]] | None = None) -> bool:
    """BoP 1.25 — an empty enemy coastal hex attacked from the landing is defended by a
    virtual 1-0 one-step unit."""
    landing = landing_of(state)
    if landing is None or start != landing["at"] or target != landing["to"]:
        return False
    if enemy_present(state, th, target, side, occ):
        return False
    return side_of(state, controller(state, th, target)) not in (side, None)


def rail_payers(state: dict[str, Any], units: list[str]) -> list[str]:
    """BoP 9.21, 9.24 — majors with a corps in the force, able to pay and with rail room. A
    minor has no RP: an all-minor force is charged to the major commanding it (9.24, 2.42)."""
    corps = [u for u in units if UNITS[u].corps]
    nations = sorted({UNITS[u].nation for u in corps})
    if not any(n in RAIL_CAP for n in nations):
        nations = [MINOR_COMMANDER[state["powers"][nations[0]]["side"]]] if nations else []
    out = []
    for nation in nations:
        if nation not in RAIL_CAP or state["powers"][nation]["rp"] < 1:
            continue
        used = set(state["flow"]["rail_used"].get(nation, []))
        if len(used | set(corps)) <= RAIL_CAP[nation]:
            out.append(nation)
    return out


def use_rail_capacity(state: dict[str, Any], payer: str, corps: list[str]) -> None:
    """BoP 9.24 — the corps a major moved by rail this fortnight count against its capacity."""
    used = state["flow"]["rail_used"]
    used[payer] = sorted(set(used.get(payer, [])) | set(corps))


def reset_rail_capacity(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 9.24 — rail capacity is per fortnight: it resets when the fortnight's first half
    (the CP's) begins (a begin effect of the half)."""
    if state["flow"]["side"] == CENTRAL:
        state["flow"]["rail_used"] = {}
    return []


def rail_destinations(state: dict[str, Any], th: Theatre, units: list[str],
                      supplied: dict[str, bool], *,
                      first_only: bool = False) -> dict[str, tuple[int, list[str]]]:
    """BoP 9.2 — every location the force may reach by rail: {loc: (MP spent, path)}.

    From a rail hex, supplied, never in fortnight 1 of August 1914; along the rail art through
    friendly-controlled hexes free of enemy units; 18 hexes per MP, at most 3 MP of rail per
    corps per fortnight."""
    flow = state["flow"]
    if first_fortnight_of_game(flow["month"], flow["fortnight"]):
        return {}
    corps = [u for u in units if UNITS[u].corps]
    if not all(supplied.get(u, True) for u in corps):
        return {}
    if not rail_payers(state, units):
        return {}
    board_units = state["board"]["units"]
    start = board_units[units[0]]["at"]
    side = belligerent_side(state, units[0])
    if not th.is_rail(start) and not infrastructure(state, start, side):
        return {}
    rail_mp = min(min(mp_left(state, u, True), RAIL_MAX_MP - flow["moves"].get(u, {}).get(
        "rail", 0)) for u in corps)
    if rail_mp <= 0:
        return {}
    limit = rail_mp * RAIL_HEXES_PER_MP
    occ = occupancy(state)
    for uid in units:
        occ[start].remove(uid)
    n_corps = len(corps)
    steps = {start: 0}
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for loc in frontier:
            if steps[loc] >= limit:
                continue
            for other in rail_steps(state, th, loc, side):
                if other in steps:
                    continue
                if side_of(state, controller(state, th, other)) != side:
                    continue
                if not can_pass(state, th, side, other, n_corps, occ):
                    continue
                steps[other] = steps[loc] + 1
                paths[other] = paths[loc] + [other]
                nxt.append(other)
                if first_only and not stacking_conflict(state, units, other, occ):
                    return {other: (1, paths[other])}
        frontier = sorted(nxt)
    out = {}
    for loc, n in sorted(steps.items()):
        if loc == start or stacking_conflict(state, units, loc, occ):
            continue
        out[loc] = (-(-n // RAIL_HEXES_PER_MP), paths[loc])
    return out


def active_force(state: dict[str, Any], seat: str, supplied: dict[str, bool]) -> list[str]:
    """The force `seat` is moving now (units still on the map), or [] when it has none."""
    units = [u for u in state["flow"]["force"].get(seat, []) if u in state["board"]["units"]]
    corps = [u for u in units if UNITS[u].corps]
    if not corps or force_mp(state, corps, supplied) <= 0:
        return []
    return units


def joinable(state: dict[str, Any], seat: str, force: list[str]) -> list[str]:
    """BoP 9.12 — unmoved units of the seat in the force's location may be picked up."""
    loc = state["board"]["units"][force[0]]["at"]
    return sorted(u for u, v in state["board"]["units"].items()
                  if v["at"] == loc and u not in force and u not in state["flow"]["moves"]
                  and commander(state, u) == seat)


def end_force(state: dict[str, Any], seat: str) -> None:
    flow = state["flow"]
    for uid in flow["force"].pop(seat, []):
        if uid in state["board"]["units"]:
            flow["moves"].setdefault(uid, {"mp": 0, "rail": 0})["mp"] = 0


def rail_steps(state: dict[str, Any], th: Theatre, loc: str, side: str) -> list[str]:
    """BoP 9.22 — along the rail art; an infrastructure marker links its hex to the rail in
    every adjacent hex (and to an adjacent marker, our reading)."""
    out = set(th.rail_links.get(loc, ()))
    here = infrastructure(state, loc, side)
    for other in th.adj.get(loc, ()):
        if here and (th.is_rail(other) or infrastructure(state, other, side)):
            out.add(other)
        elif infrastructure(state, other, side) and th.is_rail(loc):
            out.add(other)
    return sorted(out)


def start_force(state: dict[str, Any], units: list[str], supplied: dict[str, bool]) -> None:
    """BoP 9.0, 9.12 — make `units` the moving force of their seat, dropping the rest."""
    flow = state["flow"]
    seat = commander(state, units[0])
    current = [u for u in flow["force"].get(seat, []) if u in state["board"]["units"]]
    if current and not set(units) & set(current):
        for uid in current:
            flow["moves"].setdefault(uid, {"mp": 0, "rail": 0})["mp"] = 0
    elif current:
        for uid in current:
            if uid not in units:
                flow["moves"].setdefault(uid, {"mp": 0, "rail": 0})["mp"] = 0
    mp = force_mp(state, units, supplied)
    for uid in units:
        entry = flow["moves"].setdefault(uid, {"mp": allowance(state, uid, supplied.get(uid, True)),
                                              "rail": 0})
        entry["mp"] = min(entry["mp"], mp)
    flow["force"][seat] = sorted(units)
    flow["force"] = dict(sorted(flow["force"].items()))


def spend(state: dict[str, Any], units: list[str], mp: int, *, rail: int = 0) -> None:
    for uid in units:
        entry = state["flow"]["moves"][uid]
        entry["mp"] = max(0, entry["mp"] - mp)
        entry["rail"] += rail


def entrench_candidates(state: dict[str, Any], th: Theatre, seat: str) -> list[dict[str, str]]:
    """BoP 9.61 — corps that have not moved this half may flip mode (all their MP, in place).

    Cavalry never entrenches (1.321); an entrenched corps may always un-entrench."""
    out = []
    for uid in sorted(state["board"]["units"]):
        unit = state["board"]["units"][uid]
        if commander(state, uid) != seat or not UNITS[uid].corps:
            continue
        if uid in state["flow"]["moves"] or not may_move(state, uid):
            continue
        if unit["at"] in th.boxes or at_sea(state, th, uid):
            continue
        if unit["mode"] == ENTRENCHED:
            out.append({"unit": uid, "mode": MANEUVER})
        elif UNITS[uid].entrenches:
            out.append({"unit": uid, "mode": ENTRENCHED})
    return out


def clear_moves(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 9.0 — the MP spent and the force in motion belong to one half (a begin and an end
    effect of the half)."""
    state["flow"]["moves"] = {}
    state["flow"]["force"] = {}
    return []
