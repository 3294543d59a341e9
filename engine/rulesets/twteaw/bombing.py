"""Tactical bombing (TWTEAW 4.1.1; rulings 123–128), the air order's mission `tactical`.

A flight on a tactical mission leaves its base in Phase 4.1, before the ships and the armies
move: over its target the defenders' fighters intercept (4.5, as before a land battle, with the
raid's own dice) and the AA guns there fire once; each plane still over the target then scores
one Tactical Strike Point there. Three or more points on a territory in a turn, from any nations,
give every infantry attacking it this turn +1 attack (after the penalties' floor of 1, ruling
126). The raid is the planes' whole turn: they do not defend their base while away and land back
there in Phase 7 (ruling 125; lost with it gone, as a rebase is, ruling 120). Only a plane of 4
fuel or more may fly one (today the bomber), and, as an attack, it must be able to reach the
target, spend a round there and get home (ruling 124). Industrial bombing needs level-2 bombers
(research, not built yet).

Fog: the raiders' nation learns its own losses and points exactly, the defenders' fighters and
AA guns only as colour bands; the defenders learn the raid as a band per raiding nation, and
their own losses; everyone sees that a raid was flown over the territory (ruling 127).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import air
from . import combat as C
from . import units as U
from .fog import band
from .stacks import add, take
from .war import allied, at_war, controller

State = dict[str, Any]
RULE = "TWTEAW 4.1.1"
MISSION = "tactical"
POINTS_FOR_BONUS = 3         # three strike points on a territory …
INFANTRY_BONUS = 1           # … give its infantry attackers +1 this turn


def raids(state: State, orders: dict[str, dict[str, Any]], roller: Roller,
          away: list[tuple[str, dict[str, Any]]]) -> tuple[dict[str, int], list[Event]]:
    """Phase 4.1.1: every tactical raid, by target in id order. Returns the strike points per
    territory and the events; the flights (survivors only) are appended to `away`, to land in
    Phase 7 (`come_home`)."""
    by_target: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    events: list[Event] = []
    for nation in sorted(orders):
        for row in orders[nation].get("air", []):
            if row["mission"] == MISSION:
                if not at_war(state, nation, controller(state, row["to"])):
                    # peace since the orders (a surrender accepted in 1.3, a join in 1.1): they stay home
                    events.append(Event("raid_called_off", RULE, {"nation": nation, "to": row["to"]},
                                        audience=f"seat:{nation}"))
                    continue
                flight = air.sortie(state, nation, row)
                for unit, n in row["units"].items():
                    take(state, nation, row["from"], unit, n)
                by_target.setdefault(row["to"], []).append((nation, flight))
    points: dict[str, int] = {}
    for area in sorted(by_target):
        events += _raid(state, orders, area, by_target[area], roller, points, away)
    return points, events


def _raid(state: State, orders: dict[str, dict[str, Any]], area: str,
          flights: list[tuple[str, dict[str, Any]]], roller: Roller, points: dict[str, int],
          away: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    groups = [C.Group(n, f["from"]) for n, f in flights]
    raiders = [C.Fighter(n, t, i, "air", fuel=f["fuel"][t], home=f["home"])
               for i, (n, f) in enumerate(flights) for t in U.AIR_TYPES for _ in range(f["units"].get(t, 0))]
    holder = controller(state, area)
    enemy = [n for n in sorted(state["secret"]) if allied(state, n, holder)
             and any(at_war(state, n, r) for r, _ in flights)]
    defenders = [C.Fighter(n, t, -1) for n in enemy for t in ("fighter", "aa")
                 for _ in range(state["secret"][n]["units"].get(area, {}).get(t, 0))]
    met = {n: {t: sum(1 for d in defenders if d.nation == n and d.type == t) for t in ("fighter", "aa")}
           for n in enemy}
    b = C.Battle(area=area, attackers=raiders, defenders=defenders, groups=groups,
                 casualty_order={n: o["casualties"] for n, o in orders.items()})
    air.before_battle(b, roller, prefix="bombing")
    for n in enemy:                      # intercepting fighters shot down
        lost = b.losses.get(n, {}).get("fighter", 0)
        if lost:
            take(state, n, area, "fighter", lost)
    scored: dict[str, int] = {}
    for f in b.attackers:                # over the target after interception and AA fire
        scored[f.nation] = scored.get(f.nation, 0) + 1
    points[area] = points.get(area, 0) + sum(scored.values())
    home: dict[int, dict[str, int]] = {}
    for f in b.attackers + b.gone:
        home.setdefault(f.group, {})
        home[f.group][f.type] = home[f.group].get(f.type, 0) + 1
    for i, units in sorted(home.items()):
        away.append((flights[i][0], {"from": flights[i][1]["from"], "to": flights[i][1]["from"],
                                     "units": dict(sorted(units.items()))}))
    raiding = sorted({n for n, _ in flights})
    losses = {n: dict(sorted(v.items())) for n, v in sorted(b.losses.items())}
    out = [Event("air_raid", RULE, {"area": area, "raiders": raiding, "holder": holder})]
    for nation in raiding:
        sent = {t: sum(f["units"].get(t, 0) for n, f in flights if n == nation) for t in U.AIR_TYPES}
        out.append(Event("air_raid_report", RULE, {
            "area": area, "nation": nation, "sent": {t: k for t, k in sent.items() if k},
            "losses": losses, "scored": scored.get(nation, 0), "points": points[area],
            "bonus": points[area] >= POINTS_FOR_BONUS,
            "met": {n: {t: band(k) for t, k in per.items() if k} for n, per in met.items()
                    if any(per.values())}}, audience=f"seat:{nation}"))
    for nation in enemy:
        bands = {n: band(sum(sum(f["units"].values()) for m, f in flights if m == n)) for n in raiding}
        out.append(Event("air_raid_report", RULE, {"area": area, "nation": nation, "raiders": bands,
                                                   "losses": losses}, audience=f"seat:{nation}"))
    return out


def infantry_bonus(points: dict[str, int], area: str) -> int:
    return INFANTRY_BONUS if points.get(area, 0) >= POINTS_FOR_BONUS else 0


def come_home(state: State, away: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    """Phase 7: the raiders land at their base, or are lost with it (ruling 125)."""
    events = []
    for nation, row in away:
        if air.may_land(state, nation, row["from"]):
            for unit, n in row["units"].items():
                add(state, nation, row["from"], unit, n)
        else:
            events.append(Event("raiders_lost", RULE, {"nation": nation, "base": row["from"],
                                                      "units": dict(row["units"])},
                                audience=f"seat:{nation}"))
    return events


def warnings(state: State, nation: str, orders: dict[str, Any]) -> list[dict[str, Any]]:
    """Raids that cannot help: no infantry attack there, or too few planes to reach 3 points."""
    out = []
    attacked = {m["to"] for m in orders["moves"] if m["units"].get("infantry")}
    planes: dict[str, int] = {}
    for row in orders["air"]:
        if row["mission"] == MISSION:
            planes[row["to"]] = planes.get(row["to"], 0) + sum(row["units"].values())
    for to, count in sorted(planes.items()):
        if to not in attacked:
            out.append({"code": "bombing_without_attack", "to": to,
                        "message": f"Bombers strike {to}, but none of your infantry attacks "
                                   "there (an ally's attack may use the strike points)."})
        if count < POINTS_FOR_BONUS:
            out.append({"code": "too_few_bombers", "to": to,
                        "message": f"{POINTS_FOR_BONUS} planes must get through to {to} for the "
                                   "infantry's +1: send more, or an ally's raid must add to them."})
    return out
