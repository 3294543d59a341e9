"""BoP 12.4 Kaiserschlacht — the 1916 front line's set-up areas, the start, the set-up check.

Our map has no 1916 front line, so the French hexes east of it are data (`scenarios.
KAISER_CP_FRANCE`, ruling 80); every Belgian hex is east of it. The Central Powers set up in
Germany and east of the line except 0520 and 0521; the Entente in Britain, west of the line and
in 0520 and 0521. Each side controls its own area at the start (Luxembourg is German-held).
Each major leaves at least four corps off the map, effectiveness at least seven in all: the
corps missing from its placement are those "previously eliminated" units, in the force pool.
Belgian, French fortresses in the Central Powers' area are ruins; the others are whole.
"""

from __future__ import annotations

from typing import Any

from .forces import UNITS, stack_limit
from .scenarios import (
    KAISER_CP_FRANCE,
    KAISER_EP_EXCEPTIONS,
    KAISERSCHLACHT,
    SAME_AS_SAXONS,
    SCENARIOS,
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

RULE = "BoP 12.4"
CP_HOMES = ("germany",)
EP_HOMES = ("britain",)
FRONT_COUNTRIES = ("belgium", "france")


def land_units(nation: str) -> list[str]:
    """The listed land units we field (ruling 77: aces, Portugal and the United States wait)."""
    return listed_land_units(KAISERSCHLACHT, nation, SAME_AS_SAXONS)


def seat_units(seat: str) -> list[str]:
    """What a seat sets up: its nation's units, and France also Belgium's corps (the Entente's
    minors are France's to command, as in 12.1)."""
    return sorted(land_units(seat) + (land_units("belgium") if seat == "france" else []))


def air_units(nation: str) -> list[str]:
    return listed_air_units(KAISERSCHLACHT, nation)


def areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    """(the Central Powers' set-up area, the Entente's)."""
    result: tuple[frozenset[str], frozenset[str]] = memo(th, "kaiser-areas", _areas)
    return result


def _land(th: Theatre, loc: str) -> bool:
    return loc not in th.boxes and th.terrain.get(loc) != "water"


def _areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    by_label = {label: loc for loc, label in th.label.items()}
    east = {by_label[label] for label in KAISER_CP_FRANCE}
    excepted = {by_label[label] for label in KAISER_EP_EXCEPTIONS}
    cp, ep = set(), set()
    for loc in th.locs:
        if not _land(th, loc):
            continue
        home = th.home.get(loc)
        if home in CP_HOMES or (home == "belgium") or (loc in east and loc not in excepted):
            cp.add(loc)
        elif home in EP_HOMES or home == "france":
            ep.add(loc)
    return frozenset(cp), frozenset(ep)


def own_area(th: Theatre, nation: str) -> frozenset[str]:
    cp, ep = areas(th)
    return cp if nation == "germany" else ep


def start(state: dict[str, Any], map_name: str) -> None:
    """BoP 12.4 — control as the front stood (ruling 80), ruined fortresses in the Central
    Powers' area, Belgium's shadow government in France (ruling 78), and the air units and
    infrastructure markers to place at March's muster (as 12.2 does, ruling 61)."""
    th = theatre(map_name)
    cp, ep = areas(th)
    board, powers = state["board"], state["powers"]
    control = {loc: "germany" for loc in sorted(cp) if th.home.get(loc) != "germany"}
    control.update({loc: "france" for loc in sorted(ep)
                    if th.home.get(loc) == "germany" or th.home.get(loc) == "belgium"})
    control.update({loc: "germany" for loc in th.locs if th.home.get(loc) == "luxembourg"})
    board["control"] = dict(sorted(control.items()))
    board["forts"] = {loc: 0 for loc in sorted(th.fortress)
                      if loc in cp and th.home.get(loc) in FRONT_COUNTRIES}
    for minor in ("belgium", "luxembourg"):
        powers[minor]["conquered"] = True
    powers["belgium"]["shadow_host"] = "france"
    first = state["flow"]["month"]
    board["air_due"] = {first: sorted(u for n in ("britain", "france", "germany")
                                      for u in air_units(n))}
    board["infra_due"] = {first: ["britain", "germany", "germany"]}


def setup_problems(th: Theatre, nation: str, placement: dict[str, str],
                   on_board: dict[str, int] | None = None,
                   entrenched: list[str] | tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """BoP 12.4 — every broken set-up constraint as {"code", "data"}; [] when legal.
    `on_board`: corps already set up per location (an ally's, which stack with these)."""
    expected = seat_units(nation)
    extra = sorted(set(placement) - set(expected))
    left_out = sorted(set(expected) - set(placement))
    wanted = SCENARIOS[KAISERSCHLACHT].set_aside.get(nation)
    if extra or (left_out and wanted is None) or any(
            not UNITS[u].corps or UNITS[u].nation != nation for u in left_out):
        return [{"code": "wrong_units", "data": {"missing": left_out, "extra": extra}}]
    problems: list[dict[str, Any]] = []
    if wanted is not None:
        count, strength = wanted
        total = sum(UNITS[u].effectiveness for u in left_out)
        if len(left_out) < count or total < strength:   # "at least" both (ruling 81)
            problems.append({"code": "set_aside", "data": {"units": left_out, "total": total,
                                                           "count": count,
                                                           "strength": strength}})
    problems += entrenchment_problems(placement, entrenched)
    area = own_area(th, nation)
    problems += placement_problems(th, placement, area, on_board)
    return problems


def describe(th: Theatre, problem: dict[str, Any]) -> str:
    code, data = problem["code"], problem["data"]
    if code == "set_aside":
        return (f"Leave at least {data['count']} corps off the map, effectiveness "
                f"{data['strength']} or more in all: {len(data['units'])} left out, "
                f"effectiveness {data['total']}.")
    if code == "outside_area":
        return (f"{data['unit']} may not set up in {th.where(data['at'])}: the Central Powers "
                f"set up in Germany and east of the 1916 front line (not 0520 or 0521), the "
                f"Entente in Britain, west of it, and in 0520 and 0521.")
    return describe_common(th, problem)


def deployment(th: Theatre, nation: str, variant: int) -> dict[str, str]:
    """A legal placement: the weakest corps set aside (four, or five when four fall short of
    seven), the rest along the front; Britain takes the northern half of the Entente's front
    hexes and France the rest, so the two never stack together."""
    cp, ep = areas(th)
    corps = sorted((u for u in land_units(nation) if UNITS[u].corps),
                   key=lambda u: (UNITS[u].effectiveness, u))
    leaders = [u for u in land_units(nation) if not UNITS[u].corps]
    minors = [u for u in seat_units(nation) if u not in land_units(nation)]
    count, strength = SCENARIOS[KAISERSCHLACHT].set_aside.get(nation, (0, 0))
    aside = corps[variant:variant + count]
    while sum(UNITS[u].effectiveness for u in aside) < strength:
        aside = corps[variant:variant + len(aside) + 1]
    corps = [u for u in corps if u not in aside] + minors
    if nation == "germany":
        slots = front_order(th, cp, ep)
    else:
        front = [loc for loc in front_order(th, ep, cp) if th.home.get(loc) != "britain"]
        north = sorted(front, key=lambda loc: (th.label[loc][2:], th.label[loc]))
        half = len(north) // 2
        slots = north[:half] if nation == "britain" else north[half:]
        slots = front_order(th, frozenset(slots), cp)
    per_hex = 3 + variant % 3
    placement: dict[str, str] = {}
    counts: dict[str, int] = {}
    i = variant
    for uid in corps:
        while counts.get(slots[i % len(slots)], 0) >= min(per_hex, stack_limit(
                {}, th, slots[i % len(slots)])):
            i += 1
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
    """The set-up answers offered: the first all in maneuver mode, the others with every corps
    that can entrench dug in on the hexes touching the enemy's area (the 1918 trench line)."""
    cp, ep = areas(th)
    theirs = ep if nation == "germany" else cp
    front = {loc for loc in own_area(th, nation) if any(o in theirs for o in th.adj.get(
        loc, ()))}
    out: list[dict[str, Any]] = []
    for variant, placement in enumerate(deployments(th, nation)):
        dug_in = sorted(u for u, loc in placement.items()
                        if loc in front and UNITS[u].entrenches) if variant else []
        out.append({"placement": placement, **({"entrenched": dug_in} if dug_in else {})})
    return out
