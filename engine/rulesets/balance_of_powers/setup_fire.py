"""BoP 12.2 Fire in the East — the start line, the set-up areas and checks, legal deployments.

The start line joins the rulebook's ten waypoints hex by hex (straight hex lines between them).
The CP set up on the line or west of it, the Russians east of it: "west" is every hex of
Germany, Austria-Hungary or Russia reachable from Berlin without crossing the line, "east" the
rest of those countries' hexes; nobody in Romania, a neutral, a box or at sea (ruling 61). At the
start each side controls its own area (the line's control markers only mark it, 12.2).
The Russians leave six corps off the map (effectiveness at least 11): the units missing from
Russia's placement are those "previously eliminated" units, which go to the force pool.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .aviation import AIR_UNITS
from .forces import UNITS, stack_limit
from .scenarios import (
    FIRE_IN_THE_EAST,
    FIRE_SEPTEMBER_REMOVALS,
    FIRE_SEPTEMBER_SIEGE,
    FIRE_START_LINE,
    SCENARIOS,
    listed_units,
    scenario_of,
)
from .tables import CENTRAL
from .theatre import Theatre

RULE = "BoP 12.2"
CP_NATIONS = ("austria_hungary", "germany")
BELLIGERENTS = ("austria_hungary", "germany", "russia")


def listed_land_units(scenario: str, nation: str, leave_out: Any = ()) -> list[str]:
    """A scenario's listed land units of `nation` that we field (not `leave_out`)."""
    return [u for u in listed_units(scenario, nation) if u in UNITS and u not in leave_out]


def listed_air_units(scenario: str, nation: str) -> list[str]:
    return [u for u in listed_units(scenario, nation) if u in AIR_UNITS]


def land_units(nation: str) -> list[str]:
    return listed_land_units(FIRE_IN_THE_EAST, nation)


seat_units = land_units   # what a seat sets up (12.4's France also places Belgium's corps)


def air_units(nation: str) -> list[str]:
    return listed_air_units(FIRE_IN_THE_EAST, nation)


def _axial(loc: str) -> tuple[int, int]:
    q, r = loc.split(",")
    return int(q), int(r)


def _hex_line(a: str, b: str) -> list[str]:
    """The hexes from a to b in a straight line (cube interpolation, nudged off ties)."""
    (q1, r1), (q2, r2) = _axial(a), _axial(b)
    n = max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q, r = q1 + (q2 - q1) * t + 1e-6, r1 + (r2 - r1) * t + 1e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        if abs(rq - q) > abs(rr - r) and abs(rq - q) > abs(rs - s):
            rq = -rr - rs
        elif abs(rr - r) > abs(rs - s):
            rr = -rq - rs
        out.append(f"{rq},{rr}")
    return out


_MEMO: dict[tuple[str, str], Any] = {}   # (map, what) -> geometry: maps never change


def memo(th: Theatre, what: str, build: Any) -> Any:
    """`build(th)`, once per map and `what` (each scenario names its own `what`)."""
    key = (th.name, what)
    if key not in _MEMO:
        _MEMO[key] = build(th)
    return _MEMO[key]


def start_line(th: Theatre) -> tuple[str, ...]:
    return memo(th, "line", _start_line)


def areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    """(CP area: on or west of the line, Russian area: east of it)."""
    return memo(th, "areas", _areas)


def start_control(th: Theatre) -> dict[str, str]:
    return memo(th, "control", _start_control)


def _start_line(th: Theatre) -> tuple[str, ...]:
    by_label = {label: loc for loc, label in th.label.items()}
    points = [by_label[p] for p in FIRE_START_LINE]
    line: list[str] = []
    for a, b in zip(points, points[1:], strict=False):
        line += [h for h in _hex_line(a, b) if h not in line]
    return tuple(line)


def _settable(th: Theatre, loc: str) -> bool:
    return (th.home.get(loc) in BELLIGERENTS and loc not in th.boxes
            and th.terrain.get(loc) != "water")


def _areas(th: Theatre) -> tuple[frozenset[str], frozenset[str]]:
    line = set(start_line(th))
    berlin = th.capital["germany"]
    west, frontier = {berlin}, [berlin]
    while frontier:
        loc = frontier.pop()
        for other in th.all_adj[loc]:
            if other not in west and other not in line and _settable(th, other):
                west.add(other)
                frontier.append(other)
    cp = frozenset(west | line)
    ru = frozenset(loc for loc in th.locs if _settable(th, loc) and loc not in cp)
    return cp, ru


def _start_control(th: Theatre) -> dict[str, str]:
    """12.2 — who holds what at the start: a Russian hex in the CP area goes to the nearer CP
    nation's home (Germany on a tie); a CP hex east of the line to Russia."""
    cp, ru = areas(th)
    dist: dict[str, tuple[int, str]] = {}
    frontier = sorted(loc for loc in cp if th.home.get(loc) in CP_NATIONS)
    for loc in frontier:
        dist[loc] = (0, "a" if th.home.get(loc) == "germany" else "b")
    step = 0
    while frontier:
        step += 1
        nxt = []
        for loc in frontier:
            for other in th.all_adj[loc]:
                if other in cp and (other not in dist or dist[other] > (step, dist[loc][1])):
                    if other not in dist:
                        nxt.append(other)
                    dist[other] = (step, dist[loc][1])
        frontier = sorted(set(nxt))
    control = {}
    for loc in sorted(cp):
        if th.home.get(loc) == "russia":
            control[loc] = "germany" if dist.get(loc, (0, "a"))[1] == "a" else "austria_hungary"
    for loc in sorted(ru):
        if th.home.get(loc) in CP_NATIONS:
            control[loc] = "russia"
    return control


def own_area(th: Theatre, nation: str) -> frozenset[str]:
    cp, ru = areas(th)
    return ru if nation == "russia" else cp


def entrenchment_problems(placement: dict[str, str], entrenched: Any) -> list[dict[str, Any]]:
    """12.2, 12.4 — a corps set up entrenched must be placed and able to entrench (1.321:
    cavalry and tanks have no entrenched side; leaders are no corps)."""
    return [{"code": "cannot_entrench", "data": {"unit": uid}} for uid in sorted(entrenched)
            if uid not in placement or uid not in UNITS or not UNITS[uid].entrenches]


def placement_problems(th: Theatre, placement: dict[str, str], area: frozenset[str],
                       on_board: dict[str, int] | None) -> list[dict[str, Any]]:
    """A scenario set-up's placement checks shared by 12.2 and 12.4: every unit inside its
    side's area, no location over its stacking limit (counting the corps already on the map),
    and no leader alone outside a fortress."""
    problems: list[dict[str, Any]] = []
    counts = dict(on_board or {})
    for uid, loc in sorted(placement.items()):
        if loc not in area:
            problems.append({"code": "outside_area", "data": {"unit": uid, "at": loc}})
        elif UNITS[uid].corps:
            counts[loc] = counts.get(loc, 0) + 1
    for loc in sorted({loc for loc in placement.values() if loc in counts}):
        if counts[loc] > stack_limit({}, th, loc):
            problems.append({"code": "overstacked", "data": {"at": loc, "corps": counts[loc]}})
    for uid, loc in sorted(placement.items()):
        if UNITS[uid].kind == "leader" and not counts.get(loc) and loc not in th.fortress:
            problems.append({"code": "leader_alone", "data": {"unit": uid, "at": loc}})
    return problems


def setup_problems(th: Theatre, nation: str, placement: dict[str, str],
                   on_board: dict[str, int] | None = None,
                   entrenched: Any = ()) -> list[dict[str, Any]]:
    """BoP 12.2 — every broken set-up constraint as {"code", "data"}; [] when legal.
    `on_board`: corps already set up per location (an ally's, which stack with these);
    `entrenched`: the corps set up in entrenched mode (either mode is allowed)."""
    expected = land_units(nation)
    extra = sorted(set(placement) - set(expected))
    left_out = sorted(set(expected) - set(placement))
    wanted = SCENARIOS[FIRE_IN_THE_EAST].set_aside.get(nation)
    if extra or (left_out and wanted is None) or any(
            not UNITS[u].corps for u in left_out):
        return [{"code": "wrong_units", "data": {"missing": left_out, "extra": extra}}]
    problems: list[dict[str, Any]] = []
    if wanted is not None:
        count, strength = wanted
        total = sum(UNITS[u].effectiveness for u in left_out)
        if len(left_out) != count or total < strength:
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
        return (f"Russia leaves exactly {data['count']} corps off the map, effectiveness "
                f"{data['strength']} or more in all: {len(data['units'])} left out, "
                f"effectiveness {data['total']}.")
    if code == "outside_area":
        return (f"{data['unit']} may not set up in {th.where(data['at'])}: the Central Powers "
                f"set up on or west of the start line, the Russians east of it.")
    return describe_common(th, problem)


def describe_common(th: Theatre, problem: dict[str, Any]) -> str:
    """The words for the problems every scenario set-up shares (12.2 and 12.4)."""
    code, data = problem["code"], problem["data"]
    if code == "overstacked":
        return f"{data['corps']} corps in {th.where(data['at'])}: too many to stack there."
    if code == "leader_alone":
        return f"{data['unit']} must set up with a corps or in a fortress."
    if code == "cannot_entrench":
        return (f"{data['unit']} is not placed or cannot entrench (cavalry and tanks never "
                "do).")
    return f"Every listed unit is placed once (not placed: {data.get('missing')}; not part " \
           f"of this set-up: {data.get('extra')})."


def front_order(th: Theatre, mine: frozenset[str], theirs: frozenset[str]) -> list[str]:
    """My area's hexes, nearest the enemy's area first."""
    dist = {loc: 0 for loc in theirs}
    frontier = sorted(theirs)
    while frontier:
        nxt = []
        for loc in frontier:
            for other in th.adj.get(loc, ()):
                if other not in dist:
                    dist[other] = dist[loc] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    return sorted(mine, key=lambda loc: (dist.get(loc, 99), loc))


def deployment(th: Theatre, nation: str, variant: int) -> dict[str, str]:
    """A legal placement (variants differ in spread and, for Russia, in what is set aside).
    Germany takes the CP area's hexes Germany holds at the start, Austria-Hungary the rest, so
    the two never overstack one another."""
    cp, ru = areas(th)
    units = land_units(nation)
    corps = [u for u in units if UNITS[u].corps]
    leaders = [u for u in units if not UNITS[u].corps]
    control = start_control(th)
    if nation == "russia":
        slots = front_order(th, ru, cp)
        weak = [u for u in corps if UNITS[u].effectiveness == 2 and UNITS[u].kind == "infantry"]
        start = (variant * 6) % max(1, len(weak) - 5)
        aside = set(weak[start:start + 6])
        corps = [u for u in corps if u not in aside]
    else:
        slots = [loc for loc in front_order(th, cp, ru)
                 if control.get(loc, th.home.get(loc)) == nation]
    per_hex = 2 + variant % 3
    placement: dict[str, str] = {}
    counts: dict[str, int] = {}
    i = variant
    for uid in corps:
        while counts.get(slots[i % len(slots)], 0) >= min(per_hex, stack_limit(
                {}, th, slots[i % len(slots)])):
            i += 1
        loc = slots[i % len(slots)]
        placement[uid] = loc
        counts[loc] = counts.get(loc, 0) + 1
        i += 1
    occupied = sorted(counts)
    for n, uid in enumerate(leaders):
        placement[uid] = occupied[(variant + n) % len(occupied)]
    return dict(sorted(placement.items()))


def distinct_deployments(deploy: Any, problems: Any, th: Theatre, nation: str,
                         count: int) -> list[dict[str, str]]:
    """The legal, distinct placements among `deploy(th, nation, variant)` for the first
    `count` variants (a scenario's offered set-ups)."""
    out: list[dict[str, str]] = []
    for variant in range(count):
        placement = deploy(th, nation, variant)
        if not problems(th, nation, placement) and placement not in out:
            out.append(placement)
    return out


def deployments(th: Theatre, nation: str, count: int = 3) -> list[dict[str, str]]:
    return distinct_deployments(deployment, setup_problems, th, nation, count)


def september_removals(state: dict[str, Any]) -> list[Event]:
    """BoP 12.2 — in the CP muster of September 1915 Germany removes Mackensen, 3rd Corps and
    one siege unit from the game, wherever they are (map, pool or schedule); the siege unit is
    the higher-numbered one still in the game (ruling 62)."""
    sc = scenario_of(state)
    flow, board = state["flow"], state["board"]
    if sc.id != FIRE_IN_THE_EAST or flow["month"] != "1915-09" or flow["side"] != CENTRAL:
        return []
    scheduled = {u for units in board["arrivals"].values() for u in units}
    present = set(board["units"]) | set(board["pool"]) | scheduled
    siege = next((u for u in FIRE_SEPTEMBER_SIEGE if u in present), None)
    gone = sorted(u for u in (*FIRE_SEPTEMBER_REMOVALS, siege or "") if u in present)
    for uid in gone:
        board["units"].pop(uid, None)
    board["pool"] = [u for u in board["pool"] if u not in gone]
    board["arrivals"] = {m: [u for u in us if u not in gone] for m, us in board["arrivals"].items()}
    return [Event("removed_from_game", RULE, {"units": gone})] if gone else []


def deployment_actions(th: Theatre, nation: str) -> list[dict[str, Any]]:
    """The set-up answers offered (all in maneuver mode: the offer is unchanged by 12.2's
    entrenched set-up, so the scenario's games replay as before)."""
    return [{"placement": p} for p in deployments(th, nation)]
