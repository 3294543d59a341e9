"""FA 13.5.1.2 and 13.5.1.4 — convoy points and the resources they carry by sea.

`board.convoys` maps a sea area to the convoy points each major holds at sea there
(``{"english-channel": {"britain": 3}}``), only in the campaign (East Prussia's board has no key).
Convoy points are counted, not named: they come in any denomination and make change freely
(13.5.1.4), so a stack per power and area is all the state needs. They sit in the area's 0
section and stay at sea through the return to base (13.5.1.4), which reads only `board.fleets`.

In the production step a resource that cannot reach a usable factory by rail may be railed to a
port (or picked up from its own coastal hex, as at a minor port), shipped through a chain of
adjacent sea areas each holding convoy points, and railed on from the landing port to a factory
(13.5.1.2). Every resource shipped uses one convoy point in each area it crosses; a side moves at
most 5 resources a turn through each minor port; areas are adjacent as for its warships
(11.3.3's canals, passages.py). A chain may mix the convoy points of the shipping power and of
the active majors on its side; a neutral major ships only in its own (R-N35–R-N37).

Enemy warships sink convoy points by strategic warfare after the builds (13.5.6,
strategic_warfare.py, R-N38) and in naval combat (11.4.7.2, naval_convoys.py); each point sunk
costs its owner 1 morale point in the next morale step (14.1, `charge_sunk`, R-N43). Not yet: moving, building or placing convoy points (they stay
where the 1914 set-up put them unless sunk), convoy combat (11.4.7.2), submarine combat
(11.4.9), search and seizure (13.5.1.3), lend-lease build points (13.5.4.1) and trade
agreements (5.1).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .charts import SUNK_CONVOY_POINTS
from .fleets import seas
from .passages import sea_neighbours
from .position import is_friendly
from .powers import POWER_SIDE

State = dict[str, Any]
DATA = Path(__file__).parent / "data" / "convoys_1914.json"
MINOR_PORT_LIMIT = 5   # FA 13.5.1.2: resources a side ships into and out of a minor port a turn


@lru_cache(maxsize=1)
def _set_up() -> dict[str, dict[str, int]]:
    rows = json.loads(DATA.read_text())["convoys"]
    out: dict[str, dict[str, int]] = {}
    s = seas()
    for row in rows:
        s.area(row["area"])   # an unknown area is a data error, raised here
        if row["power"] not in POWER_SIDE or int(row["points"]) < 1:
            raise ValueError(f"convoys_1914.json: bad row {row!r}")
        out.setdefault(row["area"], {})[row["power"]] = int(row["points"])
    return out


def place_convoys(seats: Iterable[str]) -> dict[str, dict[str, int]]:
    """The 1914 convoy points at sea of the seated powers (R-N35: authored, data/convoys_1914.json)."""
    seated = set(seats)
    out: dict[str, dict[str, int]] = {}
    for area, stacks in sorted(_set_up().items()):
        kept = {p: n for p, n in sorted(stacks.items()) if p in seated}
        if kept:
            out[area] = kept
    return out


def convoys(state: State) -> dict[str, dict[str, int]]:
    return state["board"].get("convoys", {})  # type: ignore[no-any-return]


def charge_sunk(state: State, sunk: dict[str, int]) -> None:
    """FA 14.1 (R-N43) — convoy points sunk at sea, by strategic warfare (13.5.6) or in a naval
    combat (11.4.7.2), are booked against their owner's morale in this turn's tally
    (`board.morale_points`, read by the morale step after production like lost units)."""
    tally = state["board"]["morale_points"]
    for power, n in sorted(sunk.items()):
        tally[power] = tally.get(power, 0) + n * SUNK_CONVOY_POINTS


def carriers(state: State, power: str, owner: str) -> bool:
    """FA 13.5.1.2 — `owner`'s convoy points may carry `power`'s resources: its own, or both
    active majors of one side (a neutral major only its own: R-N37)."""
    return owner == power or (owner in POWER_SIDE and power in POWER_SIDE
                              and is_friendly(state, power, owner))


def points_for(state: State, power: str, area: str) -> int:
    """The convoy points at sea in `area` that may carry `power`'s resources."""
    return sum(n for owner, n in sorted(convoys(state).get(area, {}).items())
               if carriers(state, power, owner))


@dataclass(frozen=True, slots=True)
class Request:
    """One resource that reaches no factory by rail: the places it may be loaded at (port
    hexes, or its own coastal hex) and the ports it may land at and rail on from."""
    power: str
    resource: str
    loads: tuple[str, ...]
    landings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shipment:
    power: str
    resource: str
    load: str
    landing: str
    areas: tuple[str, ...]


def _areas_of(hex_id: str) -> tuple[str, ...]:
    """The sea areas a load or landing place opens on: a port's (11.3.2.2), else every area
    the hex is coastal to (a resource picked up from the coast)."""
    s = seas()
    port = [p for _, p in sorted(s.ports.items()) if p.hex == hex_id]
    if port:
        return tuple(sorted({a for p in port for a in p.areas}))
    return tuple(sorted(a for a, area in s.areas.items() if hex_id in area.coastal_hexes))


def _minor_place(hex_id: str) -> bool:
    """A place limited to 5 resources a side: a minor port, or a coast that is no port (it
    counts as a minor port, 13.5.1.2). A hex holding a major port is unlimited."""
    ports = [p for p in seas().ports.values() if p.hex == hex_id]
    return not any(p.size == "major" for p in ports)


def _chain(starts: tuple[str, ...], goals: set[str], room: Callable[[str], int],
           step: Callable[[str], Iterable[str]]) -> tuple[str, ...] | None:
    """The shortest chain of areas with room from a start area to a goal area (ties: the
    lowest ids, for determinism), or None."""
    frontier = deque(a for a in sorted(starts) if room(a) > 0)
    came: dict[str, str | None] = {a: None for a in frontier}
    while frontier:
        a = frontier.popleft()
        if a in goals:
            path = [a]
            while (prev := came[path[-1]]) is not None:
                path.append(prev)
            return tuple(reversed(path))
        for n in sorted(step(a)):
            if n not in came and room(n) > 0:
                came[n] = a
                frontier.append(n)
    return None


def plan(state: State, requests: list[Request]) -> list[Shipment]:
    """FA 13.5.1.2 — ship the requests in order (R-N36: the powers alphabetically, each
    power's resources by hex id), each by its shortest chain with room left, a convoy point
    used up in every area crossed and the side's minor-port allowance at both ends."""
    used: dict[tuple[str, str], int] = {}        # (area, owner) -> points used
    port_use: dict[tuple[str, str], int] = {}    # (side, hex) -> resources through a minor place
    out = []
    for req in requests:
        side = POWER_SIDE[req.power]

        def room(area: str, power: str = req.power) -> int:
            return sum(n - used.get((area, owner), 0)
                       for owner, n in convoys(state).get(area, {}).items()
                       if carriers(state, power, owner))

        def place_free(hex_id: str, side: str = side) -> bool:
            return not _minor_place(hex_id) or port_use.get((side, hex_id), 0) < MINOR_PORT_LIMIT

        step = sea_neighbours(state, req.power)
        best: tuple[int, str, str, tuple[str, ...]] | None = None
        for load in req.loads:
            if not place_free(load):
                continue
            for landing in req.landings:
                if landing == load or not place_free(landing):
                    continue
                chain = _chain(_areas_of(load), set(_areas_of(landing)), room, step)
                if chain is not None and (best is None
                                          or (len(chain), load, landing) < best[:3]):
                    best = (len(chain), load, landing, chain)
        if best is None:
            continue
        _, load, landing, chain = best
        for area in chain:
            _use_one(state, used, area, req.power)
        for h in (load, landing):
            if _minor_place(h):
                port_use[(side, h)] = port_use.get((side, h), 0) + 1
        out.append(Shipment(req.power, req.resource, load, landing, chain))
    return out


def _use_one(state: State, used: dict[tuple[str, str], int], area: str, power: str) -> None:
    """Use one convoy point in `area`: the shipping power's own first, then its partners'
    alphabetically (the choice changes nothing today; it will once convoys can be lost)."""
    stacks = convoys(state).get(area, {})
    owners = sorted(stacks, key=lambda o: (o != power, o))
    for owner in owners:
        if carriers(state, power, owner) and used.get((area, owner), 0) < stacks[owner]:
            used[(area, owner)] = used.get((area, owner), 0) + 1
            return
    raise AssertionError(f"no convoy point left in {area} for {power}")   # room() said yes


__all__ = ["Request", "Shipment", "carriers", "charge_sunk", "convoys", "place_convoys", "plan", "points_for"]
