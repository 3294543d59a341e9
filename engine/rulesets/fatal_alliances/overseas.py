"""FA 2.4.2.3 — overseas supply paths: where a supply path may cross the sea.

A path may leave the land from the tracing unit's (or secondary source's) coastal hex or from a
port it reaches overland, cross any number of consecutive sea areas, and come ashore in a
friendly-controlled port; from there it goes on overland (or the port is the source itself).
The sea part costs nothing; the port it comes ashore in counts 1 whatever its terrain.

A supply path may not enter a sea area that holds an enemy SCS unless the area also holds a
surface ship of the power or a co-operating major at war with that enemy. With option 2
(limited overseas supply, a campaign table option) every area crossed also needs a convoy, TRS
or AMPH of the power or a co-operating major. Iced-in ports (8.2.1.4) are closed to overseas
paths in snow or blizzard. A path never crosses a canal closed to the power (11.3.3,
passages.py, version 17: R-N29) nor past an enemy minefield of value 5 or more (11.3.2.5,
minefields.py, version 18: R-N33); aircraft do not exist. Since version 19 option 2 also
counts the convoy points at sea (`convoy_points_at_sea`, convoys.py, R-N27).

`crossings` gives, per landing port hex, the hexes a path may leave the land from to reach it:
supply.py's search walks it backwards (from the port to the shore), once per unit.
"""

from __future__ import annotations

from typing import Any

from engine.board import Map
from engine.board.paths import components
from engine.maps.fa_seas import FaPort

from .charts import Weather
from .convoys import convoys
from .fleets import fleets, seas
from .minefields import supply_neighbours
from .position import at_war, co_operates, controller, is_friendly, memoised
from .weather import weather_at

State = dict[str, Any]
OPTION = "limited_overseas_supply"
CLOSING_WEATHER = frozenset({Weather.SNOW, Weather.BLIZZARD})
SUPPLY_CARRIERS = frozenset({"TRS", "AMPH"})   # option 2: with convoy points (below)


def limited(state: State) -> bool:
    """Option 2 (limited overseas supply) is on for this table."""
    return bool(state["board"].get("options", {}).get(OPTION))


def convoy_points_at_sea(state: State, power: str, area: str) -> int:
    """The convoy points of `power` and the majors co-operating with it at sea in `area` (FA
    13.5.1.4; version 19, convoys.py): option 2 counts them as carriers (R-N27)."""
    return sum(n for owner, n in sorted(convoys(state).get(area, {}).items())
               if co_operates(state, owner, power))


def _ships_in(state: State, area: str) -> list[dict[str, Any]]:
    return [sh for _, sh in sorted(fleets(state).items()) if sh["area"] == area]


def area_open(state: State, power: str, area: str) -> bool:
    """FA 2.4.2.3 — a supply path of `power` may enter `area`: each enemy power with an SCS
    there is matched by a surface ship (option 2: a convoy, TRS or AMPH) of `power` or a
    co-operating major at war with it; with option 2 the area must also hold one of theirs."""
    ships = _ships_in(state, area)
    guards = [sh for sh in ships if co_operates(state, sh["power"], power) and sh["type"] != "SUB"
              and (not limited(state) or sh["type"] in SUPPLY_CARRIERS)]
    carried = convoy_points_at_sea(state, power, area) > 0
    if limited(state) and not guards and not carried:
        return False
    enemies = sorted({sh["power"] for sh in ships
                      if sh["type"] == "SCS" and at_war(state, power, sh["power"])})
    return all(any(at_war(state, g["power"], e) for g in guards) for e in enemies)


def port_open(state: State, m: Map, port: FaPort) -> bool:
    """8.2.1.4 — an iced-in port takes no overseas path in snow or blizzard."""
    # m.index (a dict) answers "on this map?" at once; m.ids is a tuple, scanned end to end
    return port.hex in m.index and not (port.iced and weather_at(state, m, port.hex)
                                      in CLOSING_WEATHER)


def crossings(state: State, m: Map, power: str) -> dict[str, tuple[str, ...]]:
    """Landing port hex -> the hexes a path of `power` may leave the land from to reach it
    (memoised by position: ships at sea, weather and control are in the fingerprint)."""
    return memoised("overseas", state, power, lambda: _crossings(state, m, power))  # type: ignore[no-any-return]


def _crossings(state: State, m: Map, power: str) -> dict[str, tuple[str, ...]]:
    s = seas()
    open_areas = {a for a in s.areas if area_open(state, power, a)}
    # consecutive open areas: one component per stretch of sea a path may cross
    # 2.4.2.3: never between two areas its SCS could not sail between (11.3.3, passages.py),
    # nor past a minefield held against it at 5 or more (11.3.2.5, minefields.py)
    component = components(open_areas, supply_neighbours(state, power))
    ports = [p for _, p in sorted(s.ports.items()) if port_open(state, m, p)]
    closed = {p.hex for p in s.ports.values()} - {p.hex for p in ports}
    shore: dict[int, set[str]] = {}
    for a in sorted(open_areas):
        shore.setdefault(component[a], set()).update(
            h for h in s.areas[a].coastal_hexes if h in m.index and h not in closed)
    for p in ports:
        for a in p.areas:
            if a in open_areas:
                shore[component[a]].add(p.hex)
    out: dict[str, tuple[str, ...]] = {}
    for p in ports:
        holder = controller(state, p.hex)
        if holder is None or not is_friendly(state, power, holder):
            continue
        reach = set().union(*(shore[component[a]] for a in p.areas if a in open_areas))
        reach.discard(p.hex)
        if reach:
            out[p.hex] = tuple(sorted(reach | set(out.get(p.hex, ()))))
    return out


def port_hexes(state: State, m: Map) -> frozenset[str]:
    """The hexes of the ports open to overseas paths now (a path may go on overland from
    one; from any other coastal hex only the tracing unit or secondary source may sail)."""
    return frozenset(p.hex for p in seas().ports.values() if port_open(state, m, p))
