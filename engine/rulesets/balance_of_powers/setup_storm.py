"""BoP 12.3 Storm of Steel — the 1916 fronts' set-up areas, the start, the set-up check.

Our map has no 1916 front line printed, so both fronts are data (ruling 91): in the West the
French hexes east of the line are 12.4's (`scenarios.KAISER_CP_FRANCE`, 0520 and 0521
included: 12.4's exception is its own) and every Belgian hex is east of it; in the East
`scenarios.STORM_EAST_FRONT` gives, per map row, the first column on the Entente's side.
The Central Powers set up in Germany, east of the line in Belgium and France and west of it in
Austria-Hungary and Russia; the Entente in Britain, west of the line in Belgium and France and
east of it in Austria-Hungary and Russia. Each side controls its own area at the start.
Every corps but cavalry sets up entrenched (ruling 92: the set-up digs them in itself).
Each major but Russia leaves at least four corps off the map, effectiveness at least seven in
all; Russia at least twelve infantry corps, effectiveness at least 21, and all its cavalry.
Fortresses: Belgian, French and Russian ones in the Central Powers' area and Przemysl are
ruins; French ones the Entente holds and black German ones are reduced (one step).
"""

from __future__ import annotations

from typing import Any

from .forces import UNITS, stack_limit
from .navies import new_naval_flow, set_up_navies
from .scenarios import (
    KAISER_CP_FRANCE,
    SAME_AS_SAXONS,
    SCENARIOS,
    STORM_EAST_FRONT,
    STORM_OF_STEEL,
    STORM_RUINED,
)
from .setup_fire import (
    describe_common,
    distinct_deployments,
    entrenchment_problems,
    front_order,
    listed_air_units,
    listed_land_units,
    memo,
    placement_problems,
)
from .theatre import Theatre, theatre

RULE = "BoP 12.3"
ALL_ENTRENCHED = True   # the set-up digs in every corps that can: no toggle in the editor
CP_NATIONS = ("austria_hungary", "germany")
EP_NATIONS = ("britain", "france", "russia")
WEST = ("belgium", "france")
EAST = ("austria_hungary", "russia")
RUSSIAN_INFANTRY_ASIDE = ("infantry",)   # Russia's count and strength are of infantry corps


def land_units(nation: str) -> list[str]:
    """The listed land units we field (the ships, mines and navy leaders are data/fleets.csv's
    and data/mines.csv's, ruling 101)."""
    return listed_land_units(STORM_OF_STEEL, nation, SAME_AS_SAXONS)


def seat_units(seat: str) -> list[str]:
    """What a seat sets up: its nation's units, and France also Belgium's corps (as 12.4)."""
    return sorted(land_units(seat) + (land_units("belgium") if seat == "france" else []))


def air_units(nation: str) -> list[str]:
    return listed_air_units(STORM_OF_STEEL, nation)


def areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    """(the Central Powers' set-up area, the Entente's)."""
    result: tuple[frozenset[str], frozenset[str]] = memo(th, "storm-areas", _areas)
    return result


def west_of_east_front(th: Theatre, loc: str) -> bool:
    label = th.label[loc]
    return int(label[:2]) < STORM_EAST_FRONT[int(label[2:])]


def _areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    by_label = {label: loc for loc, label in th.label.items()}
    east = {by_label[label] for label in KAISER_CP_FRANCE}
    cp, ep = set(), set()
    for loc in th.locs:
        if loc in th.boxes or th.terrain.get(loc) == "water":
            continue
        home = th.home.get(loc)
        if home == "germany" or home == "belgium" or loc in east:
            cp.add(loc)
        elif home in ("britain", "france"):
            ep.add(loc)
        elif home in EAST:
            (cp if west_of_east_front(th, loc) else ep).add(loc)
    return frozenset(cp), frozenset(ep)


def own_area(th: Theatre, nation: str) -> frozenset[str]:
    cp, ep = areas(th)
    return cp if nation in CP_NATIONS else ep


def start_forts(th: Theatre) -> dict[str, int]:
    """12.3 — fortress steps at the start: 0 (ruin) or 1 (reduced); whole ones are absent."""
    cp, ep = areas(th)
    forts: dict[str, int] = {}
    ruined = {th.place_loc[p] for p in STORM_RUINED}
    for loc in sorted(th.fortress):
        home = th.home.get(loc)
        if loc in ruined or (loc in cp and home in ("belgium", "france", "russia")):
            forts[loc] = 0
        elif (home == "france" and loc in ep) or (
                home == "germany" and th.fortress[loc] == "black"):
            forts[loc] = 1
    return forts


def start(state: dict[str, Any], map_name: str) -> None:
    """BoP 12.3 — control as the fronts stood (Russian hexes the Central Powers hold north of
    the Pripet row 20 are Germany's, the others Austria-Hungary's), the fortresses' state,
    Belgium's shadow government in France (as 12.4), and the air units and infrastructure
    markers to place at February's muster (as 12.2 and 12.4)."""
    th = theatre(map_name)
    cp, ep = areas(th)
    board, powers = state["board"], state["powers"]
    control: dict[str, str] = {}
    for loc in sorted(cp):
        home = th.home.get(loc)
        if home in WEST or (home == "russia" and int(th.label[loc][2:]) < 20):
            control[loc] = "germany"
        elif home == "russia":
            control[loc] = "austria_hungary"
    for loc in sorted(ep):
        if th.home.get(loc) == "austria_hungary":
            control[loc] = "russia"
    control.update({loc: "germany" for loc in th.locs if th.home.get(loc) == "luxembourg"})
    board["control"] = dict(sorted(control.items()))
    board["forts"] = start_forts(th)
    for minor in ("belgium", "luxembourg"):
        powers[minor]["conquered"] = True
    powers["belgium"]["shadow_host"] = "france"
    first = state["flow"]["month"]
    board["air_due"] = {first: sorted(u for n in (*CP_NATIONS, *EP_NATIONS)
                                      for u in air_units(n))}
    board["infra_due"] = {first: ["britain", "germany", "germany", "russia"]}
    start_navies(state, th)


ASW_START = 7   # 12.3: "The ASW track starts at seven."


def start_navies(state: dict[str, Any], th: Any) -> None:
    """12.3 with the standard admiralty (ruling 101): the ships of the order of battle in home
    ports, BEATTY and HIPPER aboard their battlecruisers, the mines laid, the ASW track at 7,
    the General Quarters bookkeeping empty."""
    set_up_navies(state, th, STORM_OF_STEEL)
    # 7.63: corps carried by month; 7.35: each side's last season with a coastal raid
    state["naval"] = {"asw": ASW_START, "carried": {}, "raided": {}}
    state["flow"]["naval"] = new_naval_flow()


def must_entrench(placement: dict[str, str]) -> list[str]:
    """12.3 — the placed corps that set up entrenched: every one that can (not cavalry)."""
    return sorted(u for u in placement if u in UNITS and UNITS[u].corps and UNITS[u].entrenches)


def _set_aside_problem(nation: str, left_out: list[str]) -> dict[str, Any] | None:
    count, strength = SCENARIOS[STORM_OF_STEEL].set_aside[nation]
    counted = left_out
    if nation == "russia":   # infantry corps counted; every cavalry corps left out as well
        counted = [u for u in left_out if UNITS[u].kind == "infantry"]
        cavalry = [u for u in land_units("russia") if UNITS[u].kind == "cavalry"]
        if any(u not in left_out for u in cavalry):
            return {"code": "cavalry_aside", "data": {"units": sorted(
                u for u in cavalry if u not in left_out)}}
    total = sum(UNITS[u].effectiveness for u in counted)
    if len(counted) < count or total < strength:   # "at least" both (ruling 81)
        return {"code": "set_aside", "data": {"units": left_out, "total": total,
                                              "count": count, "strength": strength}}
    return None


def setup_problems(th: Theatre, nation: str, placement: dict[str, str],
                   on_board: dict[str, int] | None = None,
                   entrenched: list[str] | tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """BoP 12.3 — every broken set-up constraint as {"code", "data"}; [] when legal."""
    expected = seat_units(nation)
    extra = sorted(set(placement) - set(expected))
    left_out = sorted(set(expected) - set(placement))
    if extra or any(not UNITS[u].corps or UNITS[u].nation != nation for u in left_out):
        return [{"code": "wrong_units", "data": {"missing": left_out, "extra": extra}}]
    problems: list[dict[str, Any]] = []
    aside = _set_aside_problem(nation, left_out)
    if aside is not None:
        problems.append(aside)
    problems += entrenchment_problems(placement, entrenched)
    problems += placement_problems(th, placement, own_area(th, nation), on_board)
    return problems


def describe(th: Theatre, problem: dict[str, Any]) -> str:
    code, data = problem["code"], problem["data"]
    if code == "set_aside":
        return (f"Leave at least {data['count']} corps off the map, effectiveness "
                f"{data['strength']} or more in all (Russia counts infantry): "
                f"{len(data['units'])} left out, effectiveness {data['total']}.")
    if code == "cavalry_aside":
        return f"Russia leaves all its cavalry off the map: {', '.join(data['units'])} placed."
    if code == "outside_area":
        return (f"{data['unit']} may not set up in {th.where(data['at'])}: the Central Powers "
                f"set up in Germany, east of the 1916 front line in Belgium and France and "
                f"west of it in Austria-Hungary and Russia; the Entente in Britain and on the "
                f"other side of the line.")
    return describe_common(th, problem)


def _slots(th: Theatre, nation: str) -> list[str]:
    """The deployment's hexes for a nation, nearest the enemy first: Britain the northern half
    of the Entente's western front and France the rest of the West (so the two never stack),
    Russia the East; Austria-Hungary the Central Powers' East from row 20 south, Germany the
    rest of the Central Powers' area."""
    cp, ep = areas(th)
    if nation in CP_NATIONS:
        south_east = frozenset(loc for loc in cp if th.home.get(loc) in EAST
                               and int(th.label[loc][2:]) >= 20)
        mine = south_east if nation == "austria_hungary" else cp - south_east
        return front_order(th, mine, ep)
    if nation == "russia":
        return front_order(th, frozenset(loc for loc in ep if th.home.get(loc) in EAST), cp)
    front = [loc for loc in front_order(th, ep, cp) if th.home.get(loc) in WEST]
    north = sorted(front, key=lambda loc: (th.label[loc][2:], th.label[loc]))
    half = len(north) // 2
    share = north[:half] if nation == "britain" else north[half:]
    return front_order(th, frozenset(share), cp)


def deployment(th: Theatre, nation: str, variant: int) -> dict[str, str]:
    """A legal placement: the weakest corps set aside (Russia: its cavalry and the weakest
    infantry), the rest spread along the nation's front."""
    corps = sorted((u for u in land_units(nation) if UNITS[u].corps),
                   key=lambda u: (UNITS[u].effectiveness, u))
    leaders = [u for u in land_units(nation) if not UNITS[u].corps]
    minors = [u for u in seat_units(nation) if u not in land_units(nation)]
    count, strength = SCENARIOS[STORM_OF_STEEL].set_aside[nation]
    pickable = [u for u in corps if nation != "russia" or UNITS[u].kind == "infantry"]
    aside = pickable[variant:variant + count]
    while sum(UNITS[u].effectiveness for u in aside) < strength:
        aside = pickable[variant:variant + len(aside) + 1]
    if nation == "russia":
        aside += [u for u in corps if UNITS[u].kind == "cavalry"]
    corps = [u for u in corps if u not in aside] + minors
    slots = _slots(th, nation)
    per_hex = 2 + variant % 2
    placement: dict[str, str] = {}
    counts: dict[str, int] = {}
    i = variant
    for uid in corps:
        while True:
            free = [n for n in range(len(slots)) if counts.get(slots[(i + n) % len(slots)], 0)
                    < min(per_hex, stack_limit({}, th, slots[(i + n) % len(slots)]))]
            if free:
                break
            per_hex += 1   # every slot at the spread: spread thicker
        i += free[0]
        placement[uid] = slots[i % len(slots)]
        counts[placement[uid]] = counts.get(placement[uid], 0) + 1
        i += 1
    occupied = sorted(counts)
    for n, uid in enumerate(leaders):
        placement[uid] = occupied[(variant + n) % len(occupied)]
    return dict(sorted(placement.items()))


def deployments(th: Theatre, nation: str, count: int = 3) -> list[dict[str, str]]:
    return distinct_deployments(deployment, setup_problems, th, nation, count)


def deployment_actions(th: Theatre, nation: str) -> list[dict[str, Any]]:
    """The set-up answers offered; the set-up entrenches the corps itself (ruling 92)."""
    return [{"placement": p} for p in deployments(th, nation)]
