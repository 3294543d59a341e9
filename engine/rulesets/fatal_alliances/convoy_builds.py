"""FA 13.5.5.4, 13.5.5.8, 4.2.1 — building convoy points; version 21 (R-N41, R-N42, R-N45).

A convoy point costs 1 BP and takes 4 turns (13.5.5.4). It is not a ship with two cycles: it
goes straight onto the production circle and, when due, arrives like any on-map naval
reinforcement in a port the power controls in its home country (4.2.1). Convoy points have no
force pool limit (the counter mix is no limit for them), so a power may buy as many as its BP
and its gearing allow. For the NAVAL gearing limit every 2 convoy points, or a last 1, count as
one naval unit (13.5.5.8): `built_now[power]["convoy"]` counts the points bought this turn
beside `built_now[power]["NAVAL"]`, the ships.

Points in port are counted per power in `board.convoys_in_port` (R-N40's pool, no port named)
and sail from there as naval units (version 24, naval_convoy_moves.py, R-N48). A power holding no home port may still bring 1 due point a
turn into port through a port of an aligned minor (4.2.1, version 23, R-N45). The circle's convoy entries are `board.convoy_circle`
(``{power, points, turn}``, one per power and turn), made with the first convoy point built.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .fleets import seas
from .naval_builds import GEAR_CLASS, has_naval_builds
from .position import controller, is_home_country_hex, map_of

State = dict[str, Any]
RULE = "FA 13.5.5.4"
KIND = "convoy"          # the build option {"build": "convoy"} and its built_now counter
COST = 1                 # 13.5.5.4: 1 BP a convoy point
TURNS = 4                # 13.5.5.4: 4 turns to build


def naval_units(counts: dict[str, int]) -> int:
    """FA 13.5.5.8 — the NAVAL units in a turn's builds: the ships, and every 2 convoy points
    or a last 1 as one unit."""
    return counts.get(GEAR_CLASS, 0) + -(-counts.get(KIND, 0) // 2)


def naval_room(state: State, power: str, ships: int = 0, points: int = 0) -> bool:
    """FA 13.5.5.8 — whether `ships` more ships and `points` more convoy points stay within
    last turn's NAVAL units + 1 (waived on the first turn, as for every class)."""
    if state["flow"]["turn"] == 1:
        return True
    board = state["board"]
    last = naval_units(board["built_last"].get(power, {}))
    now = dict(board["built_now"].get(power, {}))
    now[GEAR_CLASS] = now.get(GEAR_CLASS, 0) + ships
    now[KIND] = now.get(KIND, 0) + points
    return naval_units(now) <= last + 1


def options(state: State, power: str) -> list[dict[str, Any]]:
    """FA 13.5.5.4 — one convoy point, while the power has 1 BP and the gearing room."""
    if not has_naval_builds(state) or state["board"]["bp"].get(power, 0) < COST:
        return []
    return [{"build": KIND}] if naval_room(state, power, points=1) else []


def build_convoy(state: State, power: str) -> list[Event]:
    """FA 13.5.5.4, 13.5.5.6 — pay 1 BP and put the point on the circle 4 turns ahead."""
    board = state["board"]
    due = state["flow"]["turn"] + TURNS
    board["bp"][power] -= COST
    now = board["built_now"].setdefault(power, {})
    now[KIND] = now.get(KIND, 0) + 1
    circle = board.setdefault("convoy_circle", [])
    entry = next((e for e in circle if e["power"] == power and e["turn"] == due), None)
    if entry is None:
        circle.append({"power": power, "points": 1, "turn": due})
        circle.sort(key=lambda e: (e["turn"], e["power"]))
    else:
        entry["points"] += 1
    return [Event("built", RULE, {"power": power, "class": KIND, "cost": COST, "arrives": due})]


def has_home_port(state: State, power: str) -> bool:
    """FA 4.2.1 — the power controls a port in its home country."""
    m = map_of(state)
    return any(controller(state, port.hex) == power and is_home_country_hex(m, port.hex, power)
               for port in seas().ports.values())


def aligned_port(state: State, power: str) -> tuple[str, str] | None:
    """FA 4.2.1 (R-N45) — the first port (by hex id) in the home country of a minor aligned with
    the power, held by that minor or the power: (minor, port hex), or None. Aligned minors are
    never conquered ones (conquest ends the alignment), so no further check is needed."""
    m = map_of(state)
    minors = sorted(minor for minor, major in state["board"]["aligned"].items()
                    if major == power)
    for hex_id in sorted(port.hex for port in seas().ports.values()):
        for minor in minors:
            if is_home_country_hex(m, hex_id, minor) and controller(state, hex_id) in (
                    minor, power):
                return minor, hex_id
    return None


def convoy_arrivals(state: State) -> list[Event]:
    """FA 4.2.1 — convoy points due this turn come into port (`board.convoys_in_port`); a power
    without a home port it controls may still bring 1 of them a turn in through a port of an
    aligned country (R-N45), and the rest come a turn later (R-N42)."""
    board = state["board"]
    circle = board.get("convoy_circle")
    if not circle:
        return []
    turn = state["flow"]["turn"]
    events: list[Event] = []
    placed_aligned: set[str] = set()     # 4.2.1: 1 point in total a turn per power
    for entry in [e for e in circle if e["turn"] <= turn]:
        power, points = entry["power"], entry["points"]
        circle.remove(entry)
        if not has_home_port(state, power):
            via = aligned_port(state, power) if power not in placed_aligned else None
            if via is not None:
                placed_aligned.add(power)
                port = board.setdefault("convoys_in_port", {})
                port[power] = port.get(power, 0) + 1
                points -= 1
                events.append(Event("convoys_arrived", "FA 4.2.1",
                                    {"power": power, "points": 1, "aligned": via[0],
                                     "port": via[1]}))
            if points == 0:
                continue
            later = next((e for e in circle if e["power"] == power and e["turn"] == turn + 1),
                         None)
            if later is None:
                circle.append({"power": power, "points": points, "turn": turn + 1})
            else:
                later["points"] += points
            events.append(Event("arrival_delayed", "FA 4.2.1",
                                {"power": power, "convoy_points": points}))
            continue
        port = board.setdefault("convoys_in_port", {})
        port[power] = port.get(power, 0) + points
        events.append(Event("convoys_arrived", "FA 4.2.1", {"power": power, "points": points}))
    circle.sort(key=lambda e: (e["turn"], e["power"]))
    return events


__all__ = ["COST", "KIND", "TURNS", "aligned_port", "build_convoy", "convoy_arrivals", "has_home_port",
           "naval_room", "naval_units", "options"]
